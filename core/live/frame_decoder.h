// One format's decoding of complete lines into frames: the interface every format implements
// (axis_decoder.h, lines_decoder.h, bvh_stream_decoder.h). A future text receiver is one more
// implementation; StreamDecoder (stream_decoder.h) does the byte splitting, the choice of format
// and the counting once for all of them.
#pragma once

#include "core/live/live_frame.h"
#include "core/live/stream_format.h"
#include "core/model/skeleton.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace bvh::live {

enum class LineOutcome : std::uint8_t {
    Frame,        // `frame.values` and `frame.valueText` hold a new frame (number not set)
    Skipped,      // not a frame and not a problem (a BVH header line, "MOTION", "Frames:")
    Unparsable,   // a token that is not a number, or a line with no value
    NonFinite,    // a NaN or an infinite value
    CountChanged, // a value count other than expected(); see mismatch()
    HeaderFailed, // a BVH header that does not parse; see problem()
};

class FrameDecoder {
public:
    virtual ~FrameDecoder() = default;

    virtual StreamFormat format() const = 0;
    // Decodes one complete line (no line end, no NUL bytes, not empty). On Frame, `frame`'s
    // values and valueText are replaced (their storage reused); on anything else `frame` is left
    // in an unspecified state.
    virtual LineOutcome decodeLine(std::string_view line, LiveFrame& frame) = 0;
    // The skeleton frames belong to; null while unknown (a BVH stream before its header, a
    // `lines` stream with no skeleton given, an Axis stream before its first frame).
    virtual const Skeleton* skeleton() const = 0;
    // Seconds per frame: the header's for `bvh`, else the one given (or 1/120 s when none).
    virtual double frameTime() const = 0;
    // Whether frameTime() is the sender's (a `bvh` header's usable Frame Time), not a rate
    // given or assumed here: a consumer measures the others from arrivals (arrival_rate.h).
    virtual bool frameTimeFromSender() const { return false; }
    // The values a frame must have, 0 while not known yet.
    virtual std::size_t expectedValueCount() const = 0;
    // Set by the last CountChanged: both numbers.
    virtual std::optional<CountMismatch> mismatch() const = 0;
    // The last problem in words (for a status line), "" when none.
    virtual const std::string& problem() const = 0;
    // Increments whenever skeleton() changes to another skeleton (a new BVH header).
    virtual std::uint32_t skeletonGeneration() const = 0;
    // A new connection: a `bvh` stream sends its header again, an Axis stream may change its
    // value count. Frames numbers and counters are the caller's.
    virtual void reset() = 0;
    // Whether the format's records may end at "||" as well as at line ends.
    virtual bool recordsEndAtDoubleBar() const { return false; }
};

struct DecoderOptions {
    // The skeleton frames are for: required for `lines` (its frames have no skeleton otherwise),
    // optional for `axis` (else the built-in 59-joint skeleton chosen by the value count), ignored
    // for `bvh` (the header says).
    std::optional<Skeleton> skeleton;
    // Seconds per frame where the stream does not say (axis, lines); 0 for 1/120 s.
    double frameTime = 0.0;
};

inline constexpr double kDefaultLiveFrameTime = 1.0 / 120.0;

// The decoder of one format; Auto is not a format (nullptr).
std::unique_ptr<FrameDecoder> makeFrameDecoder(StreamFormat format, const DecoderOptions& options);

} // namespace bvh::live
