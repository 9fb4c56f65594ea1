// The folders the viewer's own file chooser (session/in_window_chooser.h) last chose from, most
// recent first, kept between runs in `recent_folders.txt` beside settings.ini: one absolute UTF-8
// path a line. Blank lines, relative paths and repeats are skipped on reading; the file is written
// through AtomicFile, so a crash never leaves half a list.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

inline constexpr std::size_t kMaxRecentFolders = 8;
// A list the viewer wrote is under a few kilobytes; a larger file is not one it wrote.
inline constexpr std::uint64_t kLargestRecentFoldersBytes = 64 * 1024;

class RecentFolders {
public:
    static RecentFolders parse(std::string_view text);
    std::string serialize() const;
    // A missing or unusable file remembers nothing (the chooser works without the list).
    static RecentFolders load(const std::filesystem::path& file);
    // Creates the directory if needed; false when the file cannot be written.
    bool save(const std::filesystem::path& file) const;

    // Puts `folder` (absolute, UTF-8) first, dropping an earlier mention of it and the oldest
    // beyond kMaxRecentFolders. A path with a line break cannot be kept and is ignored.
    void add(const std::string& folder);
    const std::vector<std::string>& folders() const { return folders_; }

private:
    std::vector<std::string> folders_;
};

} // namespace bvhscope::viewer
