#include "render/math/renderer_info.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace bvhscope::render {

bool isSoftwareRenderer(std::string_view glRenderer) {
    std::string lower(glRenderer);
    std::ranges::transform(lower, lower.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    static constexpr std::array<std::string_view, 5> kSoftware = {"llvmpipe", "softpipe", "swrast",
                                                                  "swiftshader", "gdi generic"};
    return std::ranges::any_of(
        kSoftware, [&](std::string_view name) { return lower.find(name) != std::string::npos; });
}

int automaticSampleCount(std::string_view glRenderer) {
    return isSoftwareRenderer(glRenderer) ? 0 : 4;
}

} // namespace bvhscope::render
