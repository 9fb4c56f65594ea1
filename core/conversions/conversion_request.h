// The conversions `bvhscope convert` offers, as one request applied in one fixed order, so the
// command line and the viewer's File > Export turn the same options into the same file.
//
// Order: trim, in-place, up axis, ground, scale, rotation order, resample, rename (the order of
// `bvhscope convert --help`). Trimming first means the later steps only see the kept frames;
// the up-axis change comes before scaling, which commutes with it anyway.
//
// Nothing throws or prints: what was done and what went wrong come back as an ordered log, so a
// caller can print it (the command line) or show it (the viewer) in the order it happened.
#pragma once

#include "core/conversions/conversions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bvh {

struct FrameSpan {
    std::int64_t first = 0;           // 0-based
    std::optional<std::int64_t> last; // inclusive; nullopt or past the end: the last frame
};

struct ConversionRequest {
    std::optional<FrameSpan> frames;
    bool inPlace = false;
    std::optional<UpAxis> up;
    std::optional<UpAxis> fromUp; // the input's up axis; nullopt: analyzeStance's (the motion's)
    std::string fromUpOrigin = "--from-up"; // how the log names where a given fromUp came from
    // After the up axis: every root moved along up so the contact level over the clip
    // (core/analysis/stance.h) is the file's ground.
    bool ground = false;
    std::optional<double> scale; // finite, > 0
    std::optional<EulerOrder> rotationOrder;
    std::optional<double> framesPerSecond; // finite, > 0
    std::optional<std::string> mnmPath;    // a Character Studio name map to rename by
    bool reverseMnm = false;               // Biped's names become the file's
    TranslationMode translation = TranslationMode::Auto;
};

// One line of the log: a step done, or a problem in a file.
struct ConversionLogEntry {
    enum class Kind : std::uint8_t { Applied, Diagnostic };
    Kind kind = Kind::Applied;
    std::string text; // Applied: what was done ("frames 2 to 9 kept", "scaled by 0.01")
    // Diagnostic: the file it is about (the input's name as given, or the name map's path),
    // and whether it has a line and column ("FILE:L:C: error: ...") or not ("FILE: warning: ...").
    std::string file;
    Diagnostic diagnostic;
    bool located = true;
};

// "FILE:LINE:COL: error: message" for a located diagnostic, "FILE: warning: message" otherwise;
// the Applied text as it is.
std::string formatLogEntry(const ConversionLogEntry& entry);

struct ConversionOutcome {
    Skeleton skeleton; // the converted pair; empty when !ok
    Motion motion;
    std::vector<ConversionLogEntry> log;
    bool ok = false;
};

// What applyConversionRequest will make of `motion`, decided before anything is
// converted or allocated: the frame span must start on a frame of the motion, and a resample
// must be to a rate whose Frame Time reads back and make at most kMaxConvertedValues values
// (resampleSizeProblem, conversions.h). Arithmetic only, so a hostile request costs nothing.
struct ConversionPlan {
    std::uint64_t frameCount = 0;   // of the output
    std::uint64_t valueCount = 0;   // frameCount x channels
    std::vector<Diagnostic> errors; // line 0: about the request, not a place in a file
    bool ok() const { return errors.empty(); }
};
ConversionPlan planConversionRequest(const Motion& motion, const ConversionRequest& request);

// Applies `request` to (skeleton, motion), once planConversionRequest accepts it (its errors are
// then the log's). `inputName` names the input in the log. Stops at the
// first step that fails (its errors are the last log entries). A frame span starting past the
// last frame, an unreadable name map and any conversion's error fail; joints the name map does
// not cover are a warning.
ConversionOutcome applyConversionRequest(const Skeleton& skeleton, const Motion& motion,
                                         const ConversionRequest& request,
                                         const std::string& inputName);

} // namespace bvh
