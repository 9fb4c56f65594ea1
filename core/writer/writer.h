// Writing a skeleton and a motion as BVH text.
//
// The output is what the most particular readers expect (seed 000): HIERARCHY and MOTION, one
// keyword per line, tab indentation, "End Site" for end sites (their node names are synthetic),
// every ROOT in order, each node's CHANNELS exactly as the skeleton lists them (names as spelled
// in the source file, unknown channels included), `Frames:` equal to the rows written.
//
// Indentation is one tab per level up to kMaxIndentDepth levels; deeper nodes are indented like
// level kMaxIndentDepth. Every reader splits BVH into tokens, so indentation is cosmetic, but a
// tab per level makes the text quadratic in the depth: a 100 000-deep chain would be 25 GB of
// tabs. 32 levels is nearly twice the deepest real skeleton seen (18, MakeHuman's 173-joint rig),
// so ordinary files are indented exactly as before; a pathological chain costs at most 32 tabs a
// line, and the text stays linear in the number of nodes.
//
// Numbers are written with the fewest digits that read back to the same value (std::to_chars
// shortest round trip): motion values as float, offsets and Frame Time as double. Reading a
// written file therefore gives back the same skeleton and motion, bit for bit.
//
// Never throws (except std::bad_alloc when memory runs out), never prints; problems are Error
// diagnostics at line 0, column 0.
#pragma once

#include "core/model/diagnostic.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

// Levels of indentation written at most (see above).
inline constexpr std::size_t kMaxIndentDepth = 32;

// Why `name` cannot be a joint name in a written file, or "" when it can. A name is written after
// ROOT or JOINT on its own line, and the reader (hierarchy_reader.cpp) takes the rest of that line
// up to a '{', trimmed of spaces, tabs, form feeds and vertical tabs. A name reads back as itself,
// in bvhscope and in the token-based readers of other tools, only when it is
//   - not empty (the reader would take the next line's first token);
//   - free of '{' (it ends the name) and '}' (bvhscope reads it back, but readers that split
//     braces off as tokens, as bvhscope does everywhere else, take it as the end of a block);
//   - free of control characters (bytes 0x00-0x1F and 0x7F): line ends split the line, tabs,
//     form feeds and vertical tabs are trimmed at the ends and are word separators to readers
//     that split lines into words (Blender joins the words with one space);
//   - free of spaces at either end (trimmed).
// Spaces inside, ':', '.', '-' and any other byte (UTF-8 or not) are fine. So are names spelled
// like keywords: the name is the rest of the ROOT/JOINT line, never taken as a keyword, and real
// files use them (MakeHuman's "ROOT Root", the bvh_anim crate's "JOINT End").
std::string jointNameProblem(std::string_view name);

// A name as messages quote it: in single quotes, control characters as \xNN, so a diagnostic
// about a name with a line break stays on one line.
std::string quotedName(std::string_view name);

// What makes a skeleton and motion unwritable: arrays of different lengths, nodes not in
// depth-first parent-before-child order, channel columns not consecutive, an End Site with
// channels or children, a joint name jointNameProblem refuses (the message names the joint, its
// node and why), a channel spelling that would not read back as one channel name (not one token,
// or a keyword the reader stops a CHANNELS list at: JOINT, End, OFFSET, ...), a motion whose
// channel count or value count does not match, a frame time that is not a positive number.
// Empty when the pair can be written.
std::vector<Diagnostic> validateForWriting(const Skeleton& skeleton, const Motion& motion);

// The whole file as text, for callers that want it in memory (tests, fuzzers); files are
// written by writeBvhFile without ever holding the whole text. Both use one emitter, so the
// text is the same. Precondition: validateForWriting returned no errors (asserted).
std::string formatBvh(const Skeleton& skeleton, const Motion& motion);

struct WriteOptions {
    // The file the skeleton and motion were read from. When it and the target are the same file
    // (bvh::sameFile, core/writer/input_files.h: also through links), writing is refused unless
    // allowOverwritingInput is set.
    std::optional<std::filesystem::path> inputPath;
    bool allowOverwritingInput = false;
};

// Writes the file atomically (see atomic_file.h): the target is replaced only once the whole
// text is on disk; on any failure the target is untouched and no temporary file remains (also
// when std::bad_alloc unwinds through here, and on SIGINT/SIGTERM/SIGHUP once
// removeTemporaryFilesOnTerminationSignals() was called). The text goes to the file in chunks of
// about 1 MB: memory use is the skeleton's and one motion row's, never the text's.
// Returns the diagnostics; success is !hasErrors(result).
std::vector<Diagnostic> writeBvhFile(const std::filesystem::path& target, const Skeleton& skeleton,
                                     const Motion& motion, const WriteOptions& options = {});

} // namespace bvh
