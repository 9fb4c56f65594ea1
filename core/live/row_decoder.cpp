#include "core/live/row_decoder.h"

#include "core/live/value_row.h"

#include <string>

namespace bvh::live {

RowDecoder::RowDecoder(const DecoderOptions& options)
    : frameTime_(options.frameTime > 0.0 ? options.frameTime : kDefaultLiveFrameTime) {
    if (options.skeleton) {
        setSkeleton(*options.skeleton);
        skeletonGiven_ = true;
        expected_ = skeleton_->totalChannels();
    }
}

void RowDecoder::setSkeleton(Skeleton skeleton) {
    skeleton_ = std::move(skeleton);
    ++generation_;
}

bool RowDecoder::acceptFirstCount(std::size_t) {
    return true;
}

LineOutcome RowDecoder::decodeValues(std::string_view values, LiveFrame& frame) {
    switch (readValueRow(values, frame.values, frame.valueText)) {
    case RowResult::Unparsable:
        return LineOutcome::Unparsable;
    case RowResult::NonFinite:
        return LineOutcome::NonFinite;
    case RowResult::Ok:
        break;
    }
    const std::size_t count = frame.values.size();
    if (expected_ == 0) {
        if (!acceptFirstCount(count)) {
            return LineOutcome::CountChanged;
        }
        expected_ = count;
    }
    if (count != expected_) {
        mismatch_ =
            CountMismatch{static_cast<std::uint32_t>(expected_), static_cast<std::uint32_t>(count)};
        problem_ = std::to_string(count) + " values in a frame, but " +
                   (skeleton_ ? "the skeleton has " + std::to_string(expected_) + " channels"
                              : "the stream began with " + std::to_string(expected_)) +
                   "; such frames are skipped";
        return LineOutcome::CountChanged;
    }
    return LineOutcome::Frame;
}

} // namespace bvh::live
