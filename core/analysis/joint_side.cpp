#include "core/analysis/joint_side.h"

#include "core/model/ascii_case.h"

#include <cctype>
#include <string>
#include <string_view>

namespace bvh {

namespace {

// jointBaseName, as a view into `name`: sideOf reads it without a copy.
std::string_view baseNameView(std::string_view name) {
    const std::size_t colon = name.find_last_of(":|");
    return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

} // namespace

std::string jointBaseName(const std::string& name) {
    return std::string(baseNameView(name));
}

Side sideOf(const std::string& fullName) {
    const std::string_view name = baseNameView(fullName);
    const std::string lower = asciiLowercase(name);
    if (lower.find("left") != std::string::npos) {
        return Side::Left;
    }
    if (lower.find("right") != std::string::npos) {
        return Side::Right;
    }
    auto marker = [&](char letter) {
        if (name.size() < 2) {
            return false;
        }
        const char first = name[0];
        const char second = name[1];
        const bool leading = std::tolower(static_cast<unsigned char>(first)) == letter &&
                             (std::isupper(static_cast<unsigned char>(second)) || second == '_' ||
                              second == '.' || second == '-' || second == ' ') &&
                             !(std::isupper(static_cast<unsigned char>(first)) && name.size() > 2 &&
                               std::isupper(static_cast<unsigned char>(name[2])) && second != '_');
        const char last = static_cast<char>(std::tolower(static_cast<unsigned char>(name.back())));
        const char beforeLast = name[name.size() - 2];
        const bool trailing =
            last == letter && (beforeLast == '_' || beforeLast == '.' || beforeLast == '-');
        return leading || trailing;
    };
    if (marker('l')) {
        return Side::Left;
    }
    if (marker('r')) {
        return Side::Right;
    }
    // A lone "L" or "R" between separators: Character Studio's "Bip01 L Thigh", "Bip01_R_Calf".
    std::size_t begin = 0;
    while (begin < lower.size()) {
        std::size_t end = lower.find_first_of(" _.-", begin);
        if (end == std::string::npos) {
            end = lower.size();
        }
        if (end - begin == 1 && (lower[begin] == 'l' || lower[begin] == 'r')) {
            return lower[begin] == 'l' ? Side::Left : Side::Right;
        }
        begin = end + 1;
    }
    return Side::None;
}

} // namespace bvh
