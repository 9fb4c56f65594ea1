// Reading BVH text into a skeleton and a motion, with diagnostics.
//
// The reader is token based and forgiving of every layout seen in real files: case-insensitive
// keywords, any whitespace and line ending (LF, CRLF, CR), braces on the same line as a keyword,
// a UTF-8 BOM, several ROOTs, joint names with spaces and punctuation, any channel count and
// order, every strtod number form. Recoverable oddities (declared frame count differs from the
// rows present, short or long rows, unknown channels, missing MOTION or Frame Time) are warnings
// and the file loads; structural problems are errors and the document holds no skeleton.
//
// Never throws, never prints, never recurses per nesting level (deep files cannot overflow the
// stack), and never allocates by a count the file declares: memory follows the file's content.
#pragma once

#include "diagnostic.h"
#include "motion.h"
#include "skeleton.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace bvh {

struct SourceLocation {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

struct Document {
    Skeleton skeleton;
    Motion motion;
    std::vector<SourceLocation> nodeLocations;      // where each node's ROOT/JOINT/End Site is
    std::optional<std::int64_t> declaredFrameCount; // the `Frames:` value, if present
    bool hasMotionSection = false;
    std::vector<Diagnostic> diagnostics;

    bool loaded() const { return !hasErrors(diagnostics); }
};

// Parses BVH text. On error, `skeleton` and `motion` are empty and diagnostics say why.
Document parseDocument(std::string_view text);

// Reads and parses a file. I/O failures (missing, unreadable, a directory) are an error
// diagnostic at line 0, column 0.
Document loadDocument(const std::filesystem::path& path);

} // namespace bvh
