// Up axes the user asked to remember per file (Info > Up > Remember for this file): a capture
// whose motion cannot tell, or that the user wants another way, opens the same way next time.
// Per file by path, never a global setting that changes the next file.
//
// Kept in `up_axes.tsv` beside settings.ini: one `CHOICE<TAB>PATH` a line (CHOICE as
// upAxisChoiceName: auto, +X, -X, +Y, -Y, +Z, -Z; PATH absolute and normalised). Unknown
// choices, blank and malformed lines are skipped; the file is written through AtomicFile
// (remembered_paths.h, which the folders' subfolder choices share).
#pragma once

#include "app/scene/character.h"
#include "app/viewer/io/remembered_paths.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

// Tens of thousands of files' paths; a larger file is not one the viewer wrote.
inline constexpr std::uint64_t kLargestRememberedUpAxesBytes = std::uint64_t{4} << 20;

class RememberedUpAxes {
public:
    // The key a path is remembered by: absolute and lexically normal ("" for "").
    static std::string keyOf(const std::string& path);

    static RememberedUpAxes parse(std::string_view text);
    std::string serialize() const;
    // A missing file remembers nothing. One that cannot be used (not a regular file, larger
    // than kLargestRememberedUpAxesBytes, unreadable) remembers nothing either, and `problem`
    // says why, so the caller can leave that file alone rather than write over it.
    static RememberedUpAxes load(const std::filesystem::path& file, std::string* problem = nullptr);
    // Creates the directory if needed; false when the file cannot be written.
    bool save(const std::filesystem::path& file) const;

    std::optional<scene::UpAxisChoice> find(const std::string& path) const;
    void remember(const std::string& path, scene::UpAxisChoice choice);
    void forget(const std::string& path);
    bool empty() const { return byPath_.empty(); }

private:
    RememberedPaths kept() const; // the table as written (remembered_paths.h)
    std::map<std::string, scene::UpAxisChoice> byPath_;
};

} // namespace bvhscope::viewer
