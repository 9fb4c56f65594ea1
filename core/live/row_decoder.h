// What the `lines` and `axis` decoders share: a row of values checked against the value count
// the stream must have (the skeleton's, or the first row's), and the FrameDecoder state around
// it. Internal to core/live.
#pragma once

#include "core/live/frame_decoder.h"

namespace bvh::live {

class RowDecoder : public FrameDecoder {
public:
    explicit RowDecoder(const DecoderOptions& options);

    const Skeleton* skeleton() const override { return skeleton_ ? &*skeleton_ : nullptr; }
    double frameTime() const override { return frameTime_; }
    std::size_t expectedValueCount() const override { return expected_; }
    std::optional<CountMismatch> mismatch() const override { return mismatch_; }
    const std::string& problem() const override { return problem_; }
    std::uint32_t skeletonGeneration() const override { return generation_; }

protected:
    // Reads `values` (the value tokens only) into `frame`; on a count other than expected_ (when
    // known) reports CountChanged with both numbers. When expected_ is 0 the count is taken from
    // this row (the caller decides whether it fits first: see acceptFirstCount).
    LineOutcome decodeValues(std::string_view values, LiveFrame& frame);
    // Called with the first good row's count while expected_ is 0: returns whether the count is
    // accepted (then it becomes expected_), else sets problem_ and mismatch_.
    virtual bool acceptFirstCount(std::size_t count);
    void setSkeleton(Skeleton skeleton);

    std::optional<Skeleton> skeleton_;
    bool skeletonGiven_ = false;
    double frameTime_;
    std::size_t expected_ = 0;
    std::optional<CountMismatch> mismatch_;
    std::string problem_;
    std::uint32_t generation_ = 0;
};

} // namespace bvh::live
