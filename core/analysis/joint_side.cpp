#include "core/analysis/joint_side.h"

#include "core/model/ascii_case.h"

#include <string>
#include <string_view>

namespace bvh {

namespace {

// jointBaseName, as a view into `name`: sideOf reads it without a copy. Walked back letter by
// letter: find_last_of(":|") looked up both marks in a set at every letter (a quarter of the
// stance's sides over a library of takes).
std::string_view baseNameView(std::string_view name) {
    for (std::size_t i = name.size(); i-- > 0;) {
        if (name[i] == ':' || name[i] == '|') {
            return name.substr(i + 1);
        }
    }
    return name;
}

} // namespace

std::string jointBaseName(const std::string& name) {
    return std::string(baseNameView(name));
}

Side sideOf(const std::string& fullName) {
    return sideOfFolded(fullName, asciiLowercase(fullName));
}

Side sideOfFolded(std::string_view fullName, std::string_view folded) {
    // ASCII folding keeps every byte in its place: the base name's folding is the same part of
    // the whole name's.
    const std::string_view name = baseNameView(fullName);
    const std::string_view lower = folded.substr(fullName.size() - name.size());
    if (lower.find("left") != std::string_view::npos) {
        return Side::Left;
    }
    if (lower.find("right") != std::string_view::npos) {
        return Side::Right;
    }
    auto marker = [&](char letter) {
        if (name.size() < 2) {
            return false;
        }
        const char first = name[0];
        const char second = name[1];
        // ASCII letters only, as the folding: the C library's tolower and isupper were calls.
        const bool leading = asciiLowercase(first) == letter &&
                             (isAsciiUppercase(second) || second == '_' || second == '.' ||
                              second == '-' || second == ' ') &&
                             !(isAsciiUppercase(first) && name.size() > 2 &&
                               isAsciiUppercase(name[2]) && second != '_');
        const char last = asciiLowercase(name.back());
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
    // One walk over the letters (a search for the next separator per word looked up the four
    // separators at every letter).
    const auto separator = [](char c) { return c == ' ' || c == '_' || c == '.' || c == '-'; };
    std::size_t begin = 0;
    for (std::size_t end = 0; end <= lower.size(); ++end) {
        if (end < lower.size() && !separator(lower[end])) {
            continue;
        }
        if (end - begin == 1 && (lower[begin] == 'l' || lower[begin] == 'r')) {
            return lower[begin] == 'l' ? Side::Left : Side::Right;
        }
        begin = end + 1;
    }
    return Side::None;
}

} // namespace bvh
