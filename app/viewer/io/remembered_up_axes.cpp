#include "app/viewer/io/remembered_up_axes.h"

#include "core/platform/atomic_file.h"
#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"

namespace bvhscope::viewer {

std::string RememberedUpAxes::keyOf(const std::string& path) {
    if (path.empty()) {
        return {};
    }
    std::error_code error;
    const std::filesystem::path native = bvh::pathFromUtf8(path);
    std::filesystem::path absolute = std::filesystem::absolute(native, error);
    if (error) {
        absolute = native;
    }
    return bvh::utf8FromPath(absolute.lexically_normal());
}

RememberedUpAxes RememberedUpAxes::parse(std::string_view text) {
    RememberedUpAxes remembered;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos || tab + 1 >= line.size()) {
            continue;
        }
        const std::string_view name = line.substr(0, tab);
        for (const UpAxisChoice choice : kUpAxisChoices) {
            if (name == upAxisChoiceName(choice)) {
                remembered.byPath_[std::string(line.substr(tab + 1))] = choice;
            }
        }
    }
    return remembered;
}

std::string RememberedUpAxes::serialize() const {
    std::string text;
    for (const auto& [path, choice] : byPath_) {
        text += std::string(upAxisChoiceName(choice)) + '\t' + path + '\n';
    }
    return text;
}

RememberedUpAxes RememberedUpAxes::load(const std::filesystem::path& file, std::string* problem) {
    const bvh::SmallFile read = bvh::readSmallFile(file, kLargestRememberedUpAxesBytes);
    if (!read.ok) {
        if (problem != nullptr && !read.missing) {
            *problem = bvh::utf8FromPath(file) + " " + read.error;
        }
        return {};
    }
    return parse(read.text);
}

bool RememberedUpAxes::save(const std::filesystem::path& file) const {
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    bvh::AtomicFile out(file);
    out.write(serialize());
    return out.commit();
}

std::optional<UpAxisChoice> RememberedUpAxes::find(const std::string& path) const {
    if (byPath_.empty()) {
        return std::nullopt;
    }
    const auto found = byPath_.find(keyOf(path));
    return found == byPath_.end() ? std::nullopt : std::optional<UpAxisChoice>(found->second);
}

void RememberedUpAxes::remember(const std::string& path, UpAxisChoice choice) {
    // A line break in a path would split its line: such a file is not remembered.
    const std::string key = keyOf(path);
    if (!key.empty() && key.find_first_of("\n\r\t") == std::string::npos) {
        byPath_[key] = choice;
    }
}

void RememberedUpAxes::forget(const std::string& path) {
    byPath_.erase(keyOf(path));
}

} // namespace bvhscope::viewer
