#include "core/live/axis_decoder.h"

#include "core/live/axis_skeleton.h"
#include "core/live/stream_text.h"

namespace bvh::live {

namespace {

// The next word of `text`, removed from it with the separators before it.
std::string_view takeWord(std::string_view& text) {
    std::size_t begin = 0;
    while (begin < text.size() && isValueSeparator(text[begin])) {
        ++begin;
    }
    std::size_t end = begin;
    while (end < text.size() && !isValueSeparator(text[end])) {
        ++end;
    }
    const std::string_view word = text.substr(begin, end - begin);
    text.remove_prefix(end);
    return word;
}

} // namespace

AxisDecoder::AxisDecoder(const DecoderOptions& options) : RowDecoder(options) {}

LineOutcome AxisDecoder::decodeLine(std::string_view line, LiveFrame& frame) {
    // The frame's end mark: "||", and tolerate a lone '|' (a frame cut between the bars by a
    // line end) and blanks around it.
    while (!line.empty() && (isValueSeparator(line.back()) || line.back() == '|')) {
        line.remove_suffix(1);
    }
    const std::string_view index = takeWord(line);
    const std::string_view name = takeWord(line);
    if (!isUnsignedInteger(index) || name.empty()) {
        return LineOutcome::Unparsable;
    }
    if (avatarIndex_ && *avatarIndex_ != index) {
        return LineOutcome::Skipped;
    }
    const LineOutcome outcome = decodeValues(line, frame);
    if (outcome == LineOutcome::Frame && !avatarIndex_) {
        avatarIndex_ = std::string(index);
        avatarName_ = std::string(name);
    }
    return outcome;
}

bool AxisDecoder::acceptFirstCount(std::size_t count) {
    if (skeletonGiven_) {
        return true; // never reached: expected_ is the skeleton's count
    }
    if (skeleton_ && skeleton_->totalChannels() == count) {
        return true; // the same variant after a reconnection: the same skeleton
    }
    std::optional<Skeleton> builtIn = axisSkeletonForValueCount(count);
    if (!builtIn) {
        mismatch_ = CountMismatch{static_cast<std::uint32_t>(kAxisValuesWithDisplacement),
                                  static_cast<std::uint32_t>(count)};
        problem_ = std::to_string(count) +
                   " values in an Axis frame fit neither built-in Axis skeleton (354 values "
                   "with displacement, 180 without); give the skeleton (--skeleton FILE)";
        return false;
    }
    setSkeleton(std::move(*builtIn));
    return true;
}

void AxisDecoder::reset() {
    avatarIndex_.reset();
    avatarName_.clear();
    if (!skeletonGiven_) {
        // A restarted Axis Neuron may broadcast the other variant: the skeleton is unknown until
        // the new connection's first frame chooses it.
        expected_ = 0;
        skeleton_.reset();
    }
}

} // namespace bvh::live
