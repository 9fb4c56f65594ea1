#include "app/viewer/io/remembered_paths.h"

#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"

namespace bvhscope::viewer {

std::string RememberedPaths::keyOf(const std::string& path) {
    if (path.empty()) {
        return {};
    }
    std::error_code error;
    const std::filesystem::path native = bvh::pathFromUtf8(path);
    std::filesystem::path absolute = std::filesystem::absolute(native, error);
    if (error) {
        absolute = native;
    }
    std::filesystem::path normal = absolute.lexically_normal();
    // "takes/" and "takes" name one folder.
    if (normal.filename().empty() && normal.has_relative_path()) {
        normal = normal.parent_path();
    }
    return bvh::utf8FromPath(normal);
}

RememberedPaths RememberedPaths::parse(std::string_view text) {
    RememberedPaths remembered;
    for (const std::string_view line : bvh::textLines(text)) {
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos || tab == 0 || tab + 1 >= line.size()) {
            continue;
        }
        remembered.byPath_[std::string(line.substr(tab + 1))] = std::string(line.substr(0, tab));
    }
    return remembered;
}

std::string RememberedPaths::serialize() const {
    std::string text;
    for (const auto& [path, value] : byPath_) {
        text += value + '\t' + path + '\n';
    }
    return text;
}

RememberedPaths RememberedPaths::load(const std::filesystem::path& file, std::uint64_t maxBytes,
                                      std::string* problem) {
    const bvh::SmallFile read = bvh::readSmallFile(file, maxBytes);
    if (!read.ok) {
        if (problem != nullptr && !read.missing) {
            *problem = bvh::utf8FromPath(file) + " " + read.error;
        }
        return {};
    }
    return parse(read.text);
}

bool RememberedPaths::save(const std::filesystem::path& file) const {
    return !bvh::hasErrors(bvh::writeSmallFile(file, serialize()));
}

const std::string* RememberedPaths::find(const std::string& path) const {
    if (byPath_.empty()) {
        return nullptr;
    }
    const auto found = byPath_.find(keyOf(path));
    return found == byPath_.end() ? nullptr : &found->second;
}

void RememberedPaths::remember(const std::string& path, std::string value) {
    const std::string key = keyOf(path);
    if (!key.empty() && !value.empty() && key.find_first_of("\n\r\t") == std::string::npos &&
        value.find_first_of("\n\r\t") == std::string::npos) {
        byPath_[key] = std::move(value);
    }
}

void RememberedPaths::forget(const std::string& path) {
    byPath_.erase(keyOf(path));
}

} // namespace bvhscope::viewer
