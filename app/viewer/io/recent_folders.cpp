#include "app/viewer/io/recent_folders.h"

#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"

#include <algorithm>

namespace bvhscope::viewer {

namespace {

// A trailing separator ("/takes/") names the same folder as "/takes": one entry, not two.
std::string normalFolder(const std::string& folder) {
    std::filesystem::path path = bvh::pathFromUtf8(folder).lexically_normal();
    if (path.has_relative_path() && !path.has_filename()) {
        path = path.parent_path();
    }
    return bvh::utf8FromPath(path);
}

} // namespace

RecentFolders RecentFolders::parse(std::string_view text) {
    const std::vector<std::string_view> lines = bvh::textLines(text);
    RecentFolders recent;
    // Added oldest first, so the first line ends up first.
    for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
        if (!line->empty() && bvh::pathFromUtf8(*line).is_absolute()) {
            recent.add(std::string(*line));
        }
    }
    return recent;
}

std::string RecentFolders::serialize() const {
    std::string text;
    for (const std::string& folder : folders_) {
        text += folder;
        text += '\n';
    }
    return text;
}

RecentFolders RecentFolders::load(const std::filesystem::path& file) {
    const bvh::SmallFile read = bvh::readSmallFile(file, kLargestRecentFoldersBytes);
    return read.ok ? parse(read.text) : RecentFolders{};
}

bool RecentFolders::save(const std::filesystem::path& file) const {
    return !bvh::hasErrors(bvh::writeSmallFile(file, serialize()));
}

void RecentFolders::add(const std::string& folder) {
    if (folder.empty() || folder.find_first_of("\n\r") != std::string::npos) {
        return;
    }
    const std::string normal = normalFolder(folder);
    folders_.erase(std::remove(folders_.begin(), folders_.end(), normal), folders_.end());
    folders_.insert(folders_.begin(), normal);
    if (folders_.size() > kMaxRecentFolders) {
        folders_.resize(kMaxRecentFolders);
    }
}

} // namespace bvhscope::viewer
