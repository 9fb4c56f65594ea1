#include "core/live/frame_decoder.h"

#include "core/live/axis_decoder.h"
#include "core/live/bvh_stream_decoder.h"
#include "core/live/lines_decoder.h"

namespace bvh::live {

std::unique_ptr<FrameDecoder> makeFrameDecoder(StreamFormat format, const DecoderOptions& options) {
    switch (format) {
    case StreamFormat::Axis:
        return std::make_unique<AxisDecoder>(options);
    case StreamFormat::Lines:
        return std::make_unique<LinesDecoder>(options);
    case StreamFormat::Bvh:
        return std::make_unique<BvhStreamDecoder>(options);
    case StreamFormat::Auto:
        break;
    }
    return nullptr;
}

} // namespace bvh::live
