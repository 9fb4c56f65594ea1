// The `bvh` format: a whole BVH header (HIERARCHY ... `Frame Time:`), read with the file reader
// (core/reader/document.h), then one motion row per line. A line starting with HIERARCHY where
// a row is expected starts a new header (a sender that restarts, a looping `serve`): the
// skeleton changes once it parses (skeletonGeneration() increments).
//
// Among the rows, a `Frame Time:` line changes the rate (skeletonGeneration() increments, so the
// change is published like a new skeleton: a new take), and MOTION and `Frames:` lines are
// skipped: a sender restating its motion header. A Frame Time the reader would not accept
// (core/model/motion.h: 1 us to 1 h) is unparsable, and the rate stays.
//
// Lines before the first HIERARCHY are unparsable. A header that does not parse, or that passes
// kMostHeaderBytes, is HeaderFailed (problem() quotes the reader's first error), and so is every
// row after it until the next HIERARCHY.
#pragma once

#include "core/live/frame_decoder.h"

namespace bvh::live {

// The longest header accepted: 16 MiB (the largest real skeletons are a few hundred KB).
inline constexpr std::size_t kMostHeaderBytes = std::size_t{16} << 20;

class BvhStreamDecoder final : public FrameDecoder {
public:
    explicit BvhStreamDecoder(const DecoderOptions& options);

    StreamFormat format() const override { return StreamFormat::Bvh; }
    LineOutcome decodeLine(std::string_view line, LiveFrame& frame) override;
    const Skeleton* skeleton() const override { return skeleton_ ? &*skeleton_ : nullptr; }
    double frameTime() const override { return frameTime_; }
    bool frameTimeFromSender() const override { return frameTimeFromSender_; }
    std::size_t expectedValueCount() const override;
    std::optional<CountMismatch> mismatch() const override { return mismatch_; }
    const std::string& problem() const override { return problem_; }
    std::uint32_t skeletonGeneration() const override { return generation_; }
    void reset() override;

private:
    enum class State : std::uint8_t { AwaitingHeader, InHeader, Rows, HeaderFailed };

    LineOutcome headerLine(std::string_view line);
    LineOutcome rateLine(std::string_view line);
    LineOutcome finishHeader();

    State state_ = State::AwaitingHeader;
    std::string header_;
    bool sawMotion_ = false;
    std::optional<Skeleton> skeleton_;
    double frameTime_ = kDefaultLiveFrameTime;
    bool frameTimeFromSender_ = false; // the header's Frame Time was usable
    std::optional<CountMismatch> mismatch_;
    std::string problem_;
    std::uint32_t generation_ = 0;
};

} // namespace bvh::live
