// Reading a PNG the program wrote back as RGB pixels, for tests that check what was drawn
// (screenshots, `bvhscope render`). Header-only; stb_image comes from Debian's libstb.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stb_image.h>
#include <vector>

namespace bvhscope::test {

struct Pixels {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb; // rows top to bottom
    const std::uint8_t* at(int x, int y) const {
        return rgb.data() + (static_cast<std::size_t>(y) * width + x) * 3;
    }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
};

// Nothing when the file is missing or not an image.
inline std::optional<Pixels> loadPng(const std::filesystem::path& path) {
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* data = stbi_load(path.string().c_str(), &width, &height, &channels, 3);
    if (data == nullptr) {
        return std::nullopt;
    }
    Pixels pixels;
    pixels.width = width;
    pixels.height = height;
    pixels.rgb.assign(data, data + static_cast<std::size_t>(width) * height * 3);
    stbi_image_free(data);
    return pixels;
}

} // namespace bvhscope::test
