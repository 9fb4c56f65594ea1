#include "core/live/lines_decoder.h"

namespace bvh::live {

LinesDecoder::LinesDecoder(const DecoderOptions& options) : RowDecoder(options) {
    if (!skeleton_) {
        problem_ = "a 'lines' stream carries no skeleton: give one (--skeleton FILE)";
    }
}

LineOutcome LinesDecoder::decodeLine(std::string_view line, LiveFrame& frame) {
    return decodeValues(line, frame);
}

void LinesDecoder::reset() {
    if (!skeletonGiven_) {
        expected_ = 0; // a new sender may send another count
    }
}

} // namespace bvh::live
