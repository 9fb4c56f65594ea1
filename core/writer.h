// Writing a skeleton and a motion as BVH text.
//
// The output is what the most particular readers expect (seed 000): HIERARCHY and MOTION, one
// keyword per line, tab indentation, "End Site" for end sites (their node names are synthetic),
// every ROOT in order, each node's CHANNELS exactly as the skeleton lists them (names as spelled
// in the source file, unknown channels included), `Frames:` equal to the rows written.
//
// Numbers are written with the fewest digits that read back to the same value (std::to_chars
// shortest round trip): motion values as float, offsets and Frame Time as double. Reading a
// written file therefore gives back the same skeleton and motion, bit for bit.
//
// Never throws, never prints; problems are Error diagnostics at line 0, column 0.
#pragma once

#include "diagnostic.h"
#include "motion.h"
#include "skeleton.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bvh {

// What makes a skeleton and motion unwritable: arrays of different lengths, nodes not in
// depth-first parent-before-child order, channel columns not consecutive, an End Site with
// channels or children, an empty name or one with a line break, a motion whose channel count or
// value count does not match. Empty when the pair can be written.
std::vector<Diagnostic> validateForWriting(const Skeleton& skeleton, const Motion& motion);

// The whole file as text. Precondition: validateForWriting returned no errors (asserted).
std::string formatBvh(const Skeleton& skeleton, const Motion& motion);

struct WriteOptions {
    // The file the skeleton and motion were read from. When it and the target both exist and
    // are the same file (std::filesystem::equivalent: also through links), writing is refused
    // unless allowOverwritingInput is set.
    std::optional<std::filesystem::path> inputPath;
    bool allowOverwritingInput = false;
};

// Writes the file atomically (see atomic_file.h): the target is replaced only once the whole
// text is on disk; on any failure the target is untouched and no temporary file remains.
// Returns the diagnostics; success is !hasErrors(result).
std::vector<Diagnostic> writeBvhFile(const std::filesystem::path& target, const Skeleton& skeleton,
                                     const Motion& motion, const WriteOptions& options = {});

} // namespace bvh
