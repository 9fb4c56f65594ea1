// The BVH files of a folder (the Browser, `render`'s contact sheets and `bvhscope similar` list
// folders alike), in the order a person expects: `.bvh` matched case-insensitively
// (capture tools write `.BVH` as often as `.bvh`), sorted naturally (walk2 before walk10) and
// case-insensitively, optionally with the files of subfolders. No GL, no UI; never throws.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

// Natural order: runs of digits compare by value ("2" < "10"; with equal values the shorter run,
// "7" before "007", so the order is total), everything else by character ignoring ASCII case
// (ties broken by the exact bytes, so two names never compare equal unless they are equal).
bool naturalLess(std::string_view a, std::string_view b);

// True for a name ending in ".bvh" in any case ("walk.BVH", "Walk.Bvh"); not for ".bvh" alone.
bool hasBvhExtension(std::string_view fileName);

struct FolderListing {
    std::filesystem::path folder;
    // Regular files (or links to them) with a .bvh extension, by naturalLess of their path
    // relative to `folder` (so a subfolder's files come together, in the subfolder's place).
    std::vector<std::filesystem::path> files;
    // Why the folder could not be listed ("not a folder", "permission denied"); empty when it
    // was. Unreadable subfolders are skipped without an error.
    std::string error;
    bool truncated = false; // stopped at kMaxListedFiles
};

// Lists the .bvh files directly in `folder`, or with `includeSubfolders` in the whole tree
// (directory links are not followed, so a link cycle cannot loop). At most kMaxListedFiles files.
inline constexpr std::size_t kMaxListedFiles = 100000;
FolderListing listBvhFiles(const std::filesystem::path& folder, bool includeSubfolders);

} // namespace bvh
