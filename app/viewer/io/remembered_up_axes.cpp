#include "app/viewer/io/remembered_up_axes.h"

namespace bvhscope::viewer {

std::string RememberedUpAxes::keyOf(const std::string& path) {
    return RememberedPaths::keyOf(path);
}

RememberedUpAxes RememberedUpAxes::parse(std::string_view text) {
    RememberedUpAxes remembered;
    const RememberedPaths kept = RememberedPaths::parse(text);
    for (const auto& [path, name] : kept.byPath()) {
        for (const scene::UpAxisChoice choice : scene::kUpAxisChoices) {
            if (name == scene::upAxisChoiceName(choice)) {
                remembered.byPath_[path] = choice;
            }
        }
    }
    return remembered;
}

std::string RememberedUpAxes::serialize() const {
    return kept().serialize();
}

RememberedUpAxes RememberedUpAxes::load(const std::filesystem::path& file, std::string* problem) {
    const RememberedPaths kept =
        RememberedPaths::load(file, kLargestRememberedUpAxesBytes, problem);
    return parse(kept.serialize());
}

bool RememberedUpAxes::save(const std::filesystem::path& file) const {
    return kept().save(file);
}

RememberedPaths RememberedUpAxes::kept() const {
    RememberedPaths kept;
    for (const auto& [path, choice] : byPath_) {
        kept.remember(path, std::string(scene::upAxisChoiceName(choice)));
    }
    return kept;
}

std::optional<scene::UpAxisChoice> RememberedUpAxes::find(const std::string& path) const {
    if (byPath_.empty()) {
        return std::nullopt;
    }
    const auto found = byPath_.find(keyOf(path));
    return found == byPath_.end() ? std::nullopt
                                  : std::optional<scene::UpAxisChoice>(found->second);
}

void RememberedUpAxes::remember(const std::string& path, scene::UpAxisChoice choice) {
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
