// A BVH file prepared for broadcasting (`bvhscope serve`): a header that says the rate the
// frames go out at, and each frame formatted the way a capture system's stream carries it.
//
// What is served is what the reader read, frame by frame. A row whose line holds exactly the
// values the reader read for that frame keeps the file's own digits ("0.100000" is sent as
// "0.100000"), so a recording of the stream can be compared with the file token by token.
// Every other frame (a line the reader mended: short or long, with a word or a NaN in it, or
// lines cut oddly) is sent as the values read, with the fewest digits that read back the same.
// A receiver therefore decodes exactly the reader's frames, however the file's lines were cut.
//
// The header is the file's hierarchy text followed by "MOTION", "Frames: N" and "Frame Time: T",
// T being the file's Frame Time, or the reader's assumption (bvh::kAssumedFrameTime, with the
// reader's warning) when the file has none usable: `serve` sends at that rate too (unless told
// another), so a receiver's take says the rate it was sent at, never a second assumption of its
// own (a live decoder assumes 120 fps for a header without a usable Frame Time).
#pragma once

#include "core/live/stream_format.h"
#include "core/model/diagnostic.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::live {

enum class LineEnd { Lf, CrLf, Cr };

struct ServedTake {
    // The BVH text from HIERARCHY through the `Frame Time:` line, LF-ended lines.
    std::string header;
    // Every row's tokens joined by single spaces, rows one after another; row i is
    // rowText.substr(rowStarts[i], rowStarts[i + 1] - rowStarts[i]).
    std::string rowText;
    std::vector<std::size_t> rowStarts; // frameCount() + 1 entries
    double frameTime = 0.0;             // seconds, as the header says: the reader's frame time
    bool frameTimeAssumed = false; // the file had no usable Frame Time: the reader's assumption
    std::size_t valueCount = 0;
    std::size_t rowsFromValues = 0; // frames sent as the values read, not as the file's line
    std::string avatarName;         // the Axis stream's avatar name: the file's stem, spaces as '_'
    // Where the file's skeleton differs from the one an Axis receiver assumes when it is given
    // none (bvh::live::axisLayoutDifference); empty when they agree.
    std::string axisLayoutDifference;

    std::size_t frameCount() const { return rowStarts.empty() ? 0 : rowStarts.size() - 1; }
    std::string_view row(std::size_t frame) const;
};

// Loads `path`. nullopt when it does not load (its diagnostics, warnings too, go to
// `diagnostics`), has no frames, or has a header that cannot be sent so that it reads back as
// the same skeleton.
std::optional<ServedTake> loadServedTake(const std::filesystem::path& path,
                                         std::vector<bvh::Diagnostic>& diagnostics);

// Frame `frame` as `format` sends it (Axis, Lines or Bvh), appended to `out`:
//   axis   NUL "0 NAME " NUL "v1 ... vN ||" CR LF: the avatar index and name, the values, "||";
//          real Axis Neuron senders put NUL bytes around the pieces of a frame, and a receiver
//          must survive them, so this sends them too. The line end is `lineEnd`.
//   lines  the row and `lineEnd`.
//   bvh    the row and `lineEnd` (the header goes first, separately: ServedTake::header).
void appendServedFrame(bvh::live::StreamFormat format, const ServedTake& take, std::size_t frame,
                       LineEnd lineEnd, std::string& out);

std::string_view lineEndBytes(LineEnd lineEnd);

} // namespace bvhscope::live
