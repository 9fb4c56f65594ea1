// Retargeting map files: which source joint drives each target joint, as `retarget --map` and
// the viewer read them and `retarget --print-map` and the viewer's "Save map..." write them, so
// that a printed or saved map read back gives the same retargeting.
//
// One pair per line, target joint first: `LeftUpLeg  lThigh`. A name with a space, a tab, '#',
// '"' or '\', or an empty name, or one named "-", is quoted: "Bip01 L Thigh"; inside quotes \" is
// a quote and \\ a backslash (a backslash before any other character is itself). An unquoted `-`
// in the source column means no source joint: the target joint keeps its rest rotation. A line
// with one name maps a target joint to the source joint of the same name (as MNM files do). '#'
// outside quotes starts a comment to the end of the line; blank lines are skipped. A UTF-8 BOM
// and LF, CRLF or CR line ends are accepted. Names match joints exactly (BVH names are
// case-sensitive, and the written map repeats them as they are).
//
// Pure; never throws or prints: problems are diagnostics with the line and column (1-based).
#pragma once

#include "core/model/diagnostic.h"
#include "core/model/skeleton.h"
#include "core/retarget/joint_matching.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

struct JointMapEntry {
    std::string targetName;
    std::optional<std::string> sourceName; // nullopt: `-`, no source joint
    std::uint32_t line = 0;
    std::uint32_t targetColumn = 0;
    std::uint32_t sourceColumn = 0; // targetColumn on one-name lines
};

struct JointMapFile {
    std::vector<JointMapEntry> entries; // in file order, one per target joint
    // Errors: an unclosed quote, text after a closing quote, more than two names (with a hint
    // to quote names with spaces); a file that cannot be read (line 0). Warnings: a target joint
    // listed twice (the first line is used).
    std::vector<Diagnostic> diagnostics;
};

JointMapFile parseJointMapFile(std::string_view text);
// Reads and parses; a missing, unreadable or oversized file is an Error at line 0.
JointMapFile loadJointMapFile(const std::filesystem::path& path);
// A map is one line per joint; a larger file is refused before it is read.
inline constexpr std::uint64_t kLargestJointMapBytes = std::uint64_t{16} << 20;

// `name` as a map file writes it: as it is when it reads back as itself, else quoted.
std::string jointMapName(std::string_view name);

// The map file for `map` (target skeleton's joints in order, End Sites left out): a header
// comment, then `TARGET<TAB>SOURCE<TAB># why` per joint, `-` for unmatched ones. Read back with
// applyJointMapFile over any map, it gives `map`'s sources exactly.
std::string formatJointMapFile(const Skeleton& source, const Skeleton& target, const JointMap& map);

// Applies the file's lines over `map`: each names a target joint and its source joint (or none).
// A name that is no joint (or an End Site) of its skeleton is an Error at its line and column;
// the file's own diagnostics are passed on. `map` is changed only for valid lines; `why`
// becomes "map line N".
std::vector<Diagnostic> applyJointMapFile(const JointMapFile& file, const Skeleton& source,
                                          const Skeleton& target, JointMap& map);

} // namespace bvh
