#include "core/platform/bvh_file_listing.h"

#include "core/platform/utf8_path.h"

#include <algorithm>
#include <system_error>

namespace bvh {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

char lowered(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// -1, 0 or 1: `a` against `b` in natural order, ignoring case.
int naturalCompare(std::string_view a, std::string_view b) {
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() && j < b.size()) {
        if (isDigit(a[i]) && isDigit(b[j])) {
            // Compare digit runs by value without converting (runs may be longer than any
            // integer): skip leading zeros, then the longer run is larger, then digit by digit.
            const std::size_t runA = i;
            const std::size_t runB = j;
            while (i < a.size() && a[i] == '0') {
                ++i;
            }
            while (j < b.size() && b[j] == '0') {
                ++j;
            }
            const std::size_t startA = i;
            const std::size_t startB = j;
            while (i < a.size() && isDigit(a[i])) {
                ++i;
            }
            while (j < b.size() && isDigit(b[j])) {
                ++j;
            }
            const std::size_t lengthA = i - startA;
            const std::size_t lengthB = j - startB;
            if (lengthA != lengthB) {
                return lengthA < lengthB ? -1 : 1;
            }
            const int digits = a.substr(startA, lengthA).compare(b.substr(startB, lengthB));
            if (digits != 0) {
                return digits < 0 ? -1 : 1;
            }
            // Same value: fewer leading zeros first ("7" before "07").
            const std::size_t zerosA = startA - runA;
            const std::size_t zerosB = startB - runB;
            if (zerosA != zerosB) {
                return zerosA < zerosB ? -1 : 1;
            }
            continue;
        }
        const char ca = lowered(a[i]);
        const char cb = lowered(b[j]);
        if (ca != cb) {
            return static_cast<unsigned char>(ca) < static_cast<unsigned char>(cb) ? -1 : 1;
        }
        ++i;
        ++j;
    }
    if (i < a.size() || j < b.size()) {
        return i < a.size() ? 1 : -1; // a prefix comes first
    }
    return 0;
}

} // namespace

bool naturalLess(std::string_view a, std::string_view b) {
    const int order = naturalCompare(a, b);
    return order != 0 ? order < 0 : a < b; // "Walk" and "walk" still have an order
}

bool hasBvhExtension(std::string_view fileName) {
    constexpr std::string_view kExtension = ".bvh";
    if (fileName.size() <= kExtension.size()) {
        return false;
    }
    const std::string_view tail = fileName.substr(fileName.size() - kExtension.size());
    return std::equal(tail.begin(), tail.end(), kExtension.begin(),
                      [](char a, char b) { return lowered(a) == b; });
}

FolderListing listBvhFiles(const std::filesystem::path& folder, bool includeSubfolders) {
    namespace fs = std::filesystem;
    FolderListing listing;
    listing.folder = folder;
    std::error_code error;
    if (!fs::is_directory(folder, error)) {
        listing.error = error ? error.message() : "not a folder";
        return listing;
    }
    auto consider = [&](const fs::directory_entry& entry) {
        std::error_code ignored;
        // is_regular_file follows links: a link to a capture is listed, a broken link is not.
        if (hasBvhExtension(bvh::utf8FromPath(entry.path().filename())) &&
            entry.is_regular_file(ignored)) {
            listing.files.push_back(entry.path());
        }
        if (listing.files.size() >= kMaxListedFiles) {
            listing.truncated = true;
        }
    };
    if (includeSubfolders) {
        fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied,
                                            error);
        for (; !error && it != fs::recursive_directory_iterator() && !listing.truncated;
             it.increment(error)) {
            consider(*it);
        }
    } else {
        fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
        for (; !error && it != fs::directory_iterator() && !listing.truncated;
             it.increment(error)) {
            consider(*it);
        }
    }
    if (error && listing.files.empty()) {
        listing.error = error.message();
    }
    std::vector<std::pair<std::string, fs::path>> keyed;
    keyed.reserve(listing.files.size());
    for (fs::path& file : listing.files) {
        const std::u8string key = file.lexically_relative(folder).generic_u8string();
        keyed.emplace_back(std::string(key.begin(), key.end()), std::move(file));
    }
    std::sort(keyed.begin(), keyed.end(),
              [](const auto& a, const auto& b) { return naturalLess(a.first, b.first); });
    listing.files.clear();
    for (auto& [key, file] : keyed) {
        listing.files.push_back(std::move(file));
    }
    return listing;
}

} // namespace bvh
