// Bytes of a live stream in, frames out: the one entry point a source (a TCP client, a growing
// file) feeds. Splits lines (line_splitter.h), chooses the format for `auto` (stream_format.h:
// past a short preamble such as a banner, for each connection), hands complete lines to the
// format's FrameDecoder, numbers the frames and counts what it skipped.
//
// Bytes may arrive cut anywhere: a frame split across reads decodes the same as one read. Memory
// is bounded whatever arrives: the line buffer's cap (lineCapForValueCount of the expected value
// count once known, kMostLineBytes before), the detection buffer (kDetectionBytes) and, for
// `bvh`, the header (kMostHeaderBytes). No sockets, no threads, no clock: the caller owns them.
// Never throws (except std::bad_alloc), never prints.
#pragma once

#include "core/live/frame_decoder.h"
#include "core/live/line_splitter.h"
#include "core/live/live_frame.h"
#include "core/live/stream_format.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace bvh::live {

class StreamDecoder {
public:
    StreamDecoder(StreamFormat format, DecoderOptions options);

    // Decodes `bytes`; every complete frame is appended to `frames` (not cleared here).
    void feed(std::string_view bytes, std::vector<LiveFrame>& frames);
    // The stream ended (the sender closed): a partial line is dropped and counted. Then
    // reset() for a new connection.
    void finish();
    // A new connection: forgets a partial line (uncounted) and the format's per-connection
    // state (a `bvh` stream's header comes again; `auto` detects again). Frame numbers and
    // counters go on.
    void reset();

    // The format in use: the one asked for, or what `auto` chose (Auto until it chose).
    StreamFormat format() const;
    // See FrameDecoder; null while unknown (also after reset(), until the new connection's
    // bytes say: its header, its first Axis frame).
    const Skeleton* skeleton() const;
    // Increments whenever skeleton() may be another skeleton: a new header, and every reset()
    // (a new connection is a new skeleton, even when `auto` makes a new format decoder that
    // counts its own generations from 0 again). Never repeats for the life of the decoder.
    std::uint32_t skeletonGeneration() const;
    double frameTime() const;
    // See FrameDecoder::frameTimeFromSender; false while no format is chosen.
    bool frameTimeFromSender() const;
    std::size_t expectedValueCount() const;
    std::optional<CountMismatch> mismatch() const;
    // The last problem in words ("" when none): a header error, a count mismatch, ...
    const std::string& problem() const;
    const DecodeCounters& counters() const { return counters_; }
    // The line splitter, for tests and status: its buffer never exceeds its cap.
    const LineSplitter& splitter() const { return splitter_; }

private:
    void handleLine(std::string_view line, std::vector<LiveFrame>& frames);
    bool chooseFormat(bool streamEnded, std::vector<LiveFrame>& frames);
    void syncOverlongCount();

    StreamFormat requested_;
    DecoderOptions options_;
    std::unique_ptr<FrameDecoder> decoder_;
    LineSplitter splitter_;
    std::string detectionBytes_; // `auto` before it chose: at most kDetectionBytes
    std::string ownProblem_;
    std::uint32_t generationBase_ = 0; // generations of the decoders before reset()
    std::uint64_t nextFrameNumber_ = 0;
    DecodeCounters counters_;
    LiveFrame scratch_;
};

} // namespace bvh::live
