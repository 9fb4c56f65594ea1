// Character Studio marker name files (.mnm, seed 001): how a BVH file's custom joint names
// correspond to Biped's fixed joint names.
//
// The format is two whitespace-separated columns per line: Biped's name on the left, the name
// used in the BVH file on the right ("LeftHip lfemur"). A line with one name maps it to itself
// ("Hips"), blank lines are skipped, and entries for joints a file lacks may be left out.
// Names are matched without regard to ASCII case: the seed's own listing writes "head head" and
// "neck neck" for Biped's Head and Neck, and 3ds Max compares names case-insensitively.
#pragma once

#include "core/model/diagnostic.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

struct MnmEntry {
    std::string bipedName;          // left column
    std::string customName;         // right column (equal to bipedName on one-name lines)
    std::uint32_t line = 0;         // 1-based, for messages
    std::uint32_t bipedColumn = 0;  // 1-based byte column of bipedName
    std::uint32_t customColumn = 0; // of customName (bipedColumn on one-name lines)
};

struct MnmFile {
    std::vector<MnmEntry> entries; // in file order
    // Warnings with line and column: lines with more than two names (ignored), a name listed
    // twice in one column (the first entry wins). An Error only when the file cannot be read.
    std::vector<Diagnostic> diagnostics;
};

MnmFile parseMnm(std::string_view text);
// Reads and parses; I/O failures (and a file that is not regular or too large to be a name
// map) are an Error at line 0, column 0.
MnmFile loadMnm(const std::filesystem::path& path);
// A name map is one line per Biped bone (a few kilobytes); a larger file is refused before it is
// read, with the other unreadable ones ("cannot read the name map 'F': it is ... bytes, ...").
inline constexpr std::uint64_t kLargestMnmBytes = std::uint64_t{16} << 20;

enum class MnmDirection : std::uint8_t {
    CustomToBiped, // rename the file's custom names to Biped's (right column -> left)
    BipedToCustom, // the reverse: Biped's names to the custom ones (left column -> right)
};

struct JointNameMapping {
    // Current joint name -> new name, for every joint whose name changes (ready for
    // renameJoints). Joints whose entry maps them to the same spelling are not listed.
    std::map<std::string, std::string, std::less<>> renames;
    std::vector<std::string> mapped;   // joints with an entry, in skeleton order
    std::vector<std::string> unmapped; // joints with no entry, in skeleton order
    std::vector<std::string> unused;   // source-column names no joint has, in file order
    // An Error at the entry's line and column for each new name a BVH file cannot hold
    // (jointNameProblem in writer.h: a brace, a control character), naming the joint it was
    // meant for; such joints are left out of `renames`. Reported here, where the map's line is
    // known, rather than by the writer after every other step.
    std::vector<Diagnostic> diagnostics;
};

// Matches every joint (End Sites excluded) of `skeleton` against the source column of `mnm`.
JointNameMapping mapJointNames(const MnmFile& mnm, const Skeleton& skeleton,
                               MnmDirection direction);

} // namespace bvh
