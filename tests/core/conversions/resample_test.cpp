#include "core/conversions/conversion_request.h"
#include "core/conversions/conversions.h"
#include "core/model/output_limits.h"
#include "core/writer/writer.h"
#include "tests/core/conversions/clip_fixture.h"

#include <cmath>

namespace bvh {
namespace {

TEST(ResampleMotion, DoublingTheRateKeepsEveryInputFrameExactly) {
    const Document clip = test::makeClip(31, 30.0);
    const Conversion doubled = resampleMotion(clip.skeleton, clip.motion, 60.0);
    ASSERT_TRUE(doubled.ok());
    EXPECT_EQ(doubled.motion.frameCount, 61u);
    EXPECT_DOUBLE_EQ(doubled.motion.frameTime, 1.0 / 60.0);
    for (std::uint32_t frame = 0; frame < clip.motion.frameCount; ++frame) {
        const auto in = clip.motion.frame(frame);
        const auto out = doubled.motion.frame(frame * 2);
        EXPECT_TRUE(std::equal(in.begin(), in.end(), out.begin())) << "frame " << frame;
    }
}

TEST(ResampleMotion, InBetweensAreTheSlerpOfTheNeighbours) {
    const Document clip = test::makeClip(31, 30.0);
    const TranslationMode mode = TranslationMode::Absolute;
    const Conversion doubled = resampleMotion(clip.skeleton, clip.motion, 60.0);
    ASSERT_TRUE(doubled.ok());
    const std::size_t nodes = clip.skeleton.nodeCount();
    std::vector<RigidTransform> a(nodes), b(nodes), blended(nodes), world(nodes);
    for (std::uint32_t frame = 0; frame + 1 < clip.motion.frameCount; ++frame) {
        SCOPED_TRACE("between " + std::to_string(frame) + " and " + std::to_string(frame + 1));
        computeLocalTransforms(clip.skeleton, clip.motion.frame(frame), mode, a);
        computeLocalTransforms(clip.skeleton, clip.motion.frame(frame + 1), mode, b);
        blendLocalTransforms(a, b, 0.5, blended);
        computeWorldTransforms(clip.skeleton, blended, world);
        std::vector<glm::dvec3> expected;
        for (const RigidTransform& transform : world) {
            expected.push_back(transform.translation);
        }
        test::expectPositionsNear(
            expected, test::worldPositions(doubled.skeleton, doubled.motion, frame * 2 + 1, mode),
            2e-3);
    }
}

TEST(ResampleMotion, DownsamplingKeepsSharedTimesAndTheDuration) {
    const Document clip = test::makeClip(121, 120.0);
    const Conversion slower = resampleMotion(clip.skeleton, clip.motion, 30.0);
    ASSERT_TRUE(slower.ok());
    EXPECT_EQ(slower.motion.frameCount, 31u); // 1 s at 30 fps
    for (std::uint32_t frame = 0; frame < slower.motion.frameCount; ++frame) {
        const auto in = clip.motion.frame(frame * 4);
        const auto out = slower.motion.frame(frame);
        EXPECT_TRUE(std::equal(in.begin(), in.end(), out.begin())) << "frame " << frame;
    }
}

TEST(ResampleMotion, CurvesStayContinuous) {
    // Hips' first angle crosses +-180 in the input with its own unwrapping; the in-betweens
    // must follow it rather than jump by 360.
    const Document clip = test::makeClip(91, 30.0);
    const Conversion resampled = resampleMotion(clip.skeleton, clip.motion, 47.0);
    ASSERT_TRUE(resampled.ok());
    for (std::uint32_t frame = 1; frame < resampled.motion.frameCount; ++frame) {
        for (std::uint32_t c = 3; c < resampled.motion.channelCount; ++c) {
            EXPECT_LT(
                std::abs(resampled.motion.frame(frame)[c] - resampled.motion.frame(frame - 1)[c]),
                30.0f)
                << "channel " << c << " jumps at frame " << frame;
        }
    }
}

TEST(ResampleMotion, BadRatesAreErrors) {
    const Document clip = test::makeClip(3);
    EXPECT_FALSE(resampleMotion(clip.skeleton, clip.motion, 0.0).ok());
    EXPECT_FALSE(resampleMotion(clip.skeleton, clip.motion, -5.0).ok());
    EXPECT_FALSE(resampleMotion(clip.skeleton, clip.motion, std::nan("")).ok());
}

// [SECTION] Bounds (issue 26): checked by arithmetic before the result is allocated

TEST(ResampleMotion, AResultPastTheValueBoundIsRefusedBeforeAllocating) {
    // Two frames an hour apart at 20 000 fps: 72 million frames, 1.5 billion values.
    Document clip = test::makeClip(2, 30.0);
    clip.motion.frameTime = 3600.0;
    const std::size_t channels = clip.motion.channelCount;
    EXPECT_EQ(resampledFrameCount(2, 3600.0, 20000.0), 72'000'001.0);
    const Conversion refused = resampleMotion(clip.skeleton, clip.motion, 20000.0);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.diagnostics.front().message.find("would make 72000001 frames of " +
                                                       std::to_string(channels) + " channels"),
              std::string::npos)
        << refused.diagnostics.front().message;
    EXPECT_NE(refused.diagnostics.front().message.find("more than the 134217728 (512 MiB)"),
              std::string::npos);
    EXPECT_TRUE(refused.motion.values.empty());
    // The bound counts frames times channels: the same hour at 10 fps is 36 001 frames, fine.
    EXPECT_EQ(resampleSizeProblem(2, clip.motion.channelCount, 3600.0, 10.0), "");
    // Up to the bound exactly: an hour at (frames - 1) / 3600 fps makes `frames` frames.
    const double frames = static_cast<double>(kMaxConvertedValues / channels);
    EXPECT_EQ(resampledFrameCount(2, 3600.0, (frames - 1.0) / 3600.0), frames);
    EXPECT_EQ(resampleSizeProblem(2, clip.motion.channelCount, 3600.0, (frames - 1.0) / 3600.0),
              "");
    EXPECT_NE(resampleSizeProblem(2, clip.motion.channelCount, 3600.0, frames / 3600.0), "");
    // A motion of no channels still writes a line a frame: it counts as one value a frame.
    EXPECT_NE(resampleSizeProblem(2, 0, 3600.0, 1e6), "");
}

TEST(ResampleMotion, OnlyRatesWhoseFrameTimeReadsBackAreWritten) {
    const Document clip = test::makeClip(3, 30.0);
    for (const double rate :
         {1e-9, 1.0 / 3601.0, 1.0000001e6, 0.0, -1.0, double{INFINITY}, double{NAN}}) {
        const Conversion refused = resampleMotion(clip.skeleton, clip.motion, rate);
        ASSERT_FALSE(refused.ok()) << rate;
        EXPECT_NE(refused.diagnostics.front().message.find("from 1/3600 to 1000000"),
                  std::string::npos)
            << refused.diagnostics.front().message;
    }
    // The reader's own bounds are rates a file can hold, and read back as written.
    for (const double rate : {1.0 / 3600.0, 1e6}) {
        const Conversion resampled = resampleMotion(clip.skeleton, clip.motion, rate);
        ASSERT_TRUE(resampled.ok()) << rate;
        const Document reread = parseDocument(formatBvh(resampled.skeleton, resampled.motion));
        EXPECT_FALSE(reread.motion.frameTimeAssumed) << rate;
        EXPECT_EQ(reread.motion.frameTime, resampled.motion.frameTime);
    }
}

TEST(ConversionRequestPlan, SizesAreKnownBeforeConverting) {
    const Document clip = test::makeClip(31, 30.0);
    ConversionRequest request;
    request.frames = FrameSpan{10, 19};
    request.framesPerSecond = 60.0;
    const ConversionPlan plan = planConversionRequest(clip.motion, request);
    ASSERT_TRUE(plan.ok());
    EXPECT_EQ(plan.frameCount, 19u); // 10 frames, 0.3 s, at 60 fps
    EXPECT_EQ(plan.valueCount, 19u * clip.motion.channelCount);
    const ConversionOutcome converted =
        applyConversionRequest(clip.skeleton, clip.motion, request, "in.bvh");
    ASSERT_TRUE(converted.ok);
    EXPECT_EQ(converted.motion.frameCount, plan.frameCount);

    request.framesPerSecond = 1e6;
    request.frames = std::nullopt;
    Motion hour = clip.motion;
    hour.frameTime = 3600.0;
    const ConversionPlan refused = planConversionRequest(hour, request);
    ASSERT_FALSE(refused.ok());
    const ConversionOutcome stopped =
        applyConversionRequest(clip.skeleton, hour, request, "in.bvh");
    EXPECT_FALSE(stopped.ok);
    ASSERT_FALSE(stopped.log.empty());
    EXPECT_EQ(formatLogEntry(stopped.log.back()).rfind("in.bvh: error: resampling to 1e+06 fps", 0),
              0u)
        << formatLogEntry(stopped.log.back());

    ConversionRequest late;
    late.frames = FrameSpan{31, std::nullopt};
    EXPECT_FALSE(planConversionRequest(clip.motion, late).ok());
}

} // namespace
} // namespace bvh
