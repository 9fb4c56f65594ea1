// A small kept table of one word per path: what the viewer remembers per file or per folder
// (remembered_up_axes.h: a file's up axis; remembered_subfolders.h: whether a folder opens with
// its subfolders). One `VALUE<TAB>PATH` a line, PATH absolute and normalised; blank and
// malformed lines are skipped; written whole through AtomicFile.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

class RememberedPaths {
public:
    // The key a path is remembered by: absolute and lexically normal, without a trailing
    // separator ("" for "").
    static std::string keyOf(const std::string& path);

    static RememberedPaths parse(std::string_view text);
    std::string serialize() const;
    // A missing file remembers nothing. One that cannot be used (not a regular file, larger
    // than `maxBytes`, unreadable) remembers nothing either, and `problem` says why, so the
    // caller can leave that file alone rather than write over it.
    static RememberedPaths load(const std::filesystem::path& file, std::uint64_t maxBytes,
                                std::string* problem = nullptr);
    // Creates the directory if needed; false when the file cannot be written.
    bool save(const std::filesystem::path& file) const;

    // The value remembered for `path` (any spelling of it), or nullptr.
    const std::string* find(const std::string& path) const;
    // A path or value with a line break or tab would split its line: it is not remembered.
    void remember(const std::string& path, std::string value);
    void forget(const std::string& path);
    bool empty() const { return byPath_.empty(); }
    const std::map<std::string, std::string>& byPath() const { return byPath_; }

private:
    std::map<std::string, std::string> byPath_;
};

} // namespace bvhscope::viewer
