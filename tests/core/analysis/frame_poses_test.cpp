#include "core/analysis/frame_poses.h"
#include "core/analysis/motion_features.h"
#include "core/analysis/summary.h"
#include "core/reader/document.h"
#include "tests/support/generated_library.h"

#include <cstring>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

using test::generatedTake;
using test::generatedVariation;

Document generatedDocument(std::uint32_t index) {
    const char* action = test::kGeneratedActions[index % test::kGeneratedActions.size()];
    Document document = parseDocument(generatedTake(action, "normal", generatedVariation(index)));
    EXPECT_TRUE(document.loaded());
    return document;
}

// Per request, the (index, frame, root translation x) each call got.
struct Received {
    std::vector<std::size_t> indices;
    std::vector<double> rootX;
};

FramePoseRequest recordingRequest(std::vector<std::uint32_t> frames, Received& received) {
    FramePoseRequest request;
    request.frames = std::move(frames);
    request.take = [&received](std::size_t index, std::span<const RigidTransform> world) {
        received.indices.push_back(index);
        received.rootX.push_back(world[1].translation.x); // the travelling Hips
    };
    return request;
}

TEST(FramePoses, EachFrameOfTheUnionIsPosedOnceAndGivenToEveryRequestNamingIt) {
    const Document document = generatedDocument(0); // 30 fps, more than 20 frames
    ASSERT_GT(document.motion.frameCount, 20u);
    const ForwardKinematicsPlan plan(document.skeleton, TranslationMode::Absolute);
    Received first;
    Received second;
    FramePoseRequest a = recordingRequest({0, 3, 10, 20}, first);
    FramePoseRequest b = recordingRequest({3, 4, 20}, second);
    std::size_t posed = 0;
    FramePoseRequest counter; // names every frame of both: counts the poses
    counter.frames = {0, 3, 4, 10, 20};
    counter.take = [&posed](std::size_t, std::span<const RigidTransform>) { ++posed; };
    FramePoseRequest* const requests[] = {&a, &b, &counter};
    poseRequestedFrames(plan, document.motion, requests);

    EXPECT_EQ(posed, 5u);
    EXPECT_EQ(first.indices, (std::vector<std::size_t>{0, 1, 2, 3}));
    EXPECT_EQ(second.indices, (std::vector<std::size_t>{0, 1, 2}));
    // The transforms handed over are the frame's own, to the bit.
    std::vector<RigidTransform> world(plan.nodeCount());
    const auto rootXAt = [&](std::uint32_t frame) {
        plan.computeWorldTransformsOfRow(document.motion.frame(frame), world);
        return world[1].translation.x;
    };
    EXPECT_EQ(first.rootX, (std::vector<double>{rootXAt(0), rootXAt(3), rootXAt(10), rootXAt(20)}));
    EXPECT_EQ(second.rootX, (std::vector<double>{rootXAt(3), rootXAt(4), rootXAt(20)}));
    EXPECT_NE(rootXAt(0), rootXAt(20)); // the take travels: the frames are told apart
}

// Frames are posed kLanes at a time and the rest one by one: for unions of every size from one
// frame to past two groups (and two requests whose frames interleave), every pose handed over is
// the frame's own to the bit, in order.
TEST(FramePoses, UnionsOfAnySizeHandOverEachFramesOwnPoseToTheBit) {
    const Document document = generatedDocument(2);
    ASSERT_GT(document.motion.frameCount, 30u);
    const ForwardKinematicsPlan plan(document.skeleton, TranslationMode::Absolute);
    const std::size_t n = plan.nodeCount();
    std::vector<RigidTransform> expected(n);
    for (std::uint32_t size = 1; size <= 2 * ForwardKinematicsPlan::kLanes + 3; ++size) {
        std::vector<std::uint32_t> odd;
        std::vector<std::uint32_t> even;
        for (std::uint32_t i = 0; i < size; ++i) {
            (i % 2 == 0 ? even : odd).push_back(3 * i + 1);
        }
        std::vector<std::uint32_t> seen;
        std::size_t mismatches = 0;
        auto checking = [&](std::vector<std::uint32_t> frames) {
            FramePoseRequest request;
            request.frames = std::move(frames);
            request.take = [&, names = request.frames](std::size_t index,
                                                       std::span<const RigidTransform> world) {
                seen.push_back(names[index]);
                plan.computeWorldTransformsOfRow(document.motion.frame(names[index]), expected);
                mismatches +=
                    std::memcmp(expected.data(), world.data(), n * sizeof(RigidTransform)) != 0;
            };
            return request;
        };
        FramePoseRequest a = checking(even);
        FramePoseRequest b = checking(odd);
        FramePoseRequest* const requests[] = {&a, &b};
        poseRequestedFrames(plan, document.motion, requests);
        EXPECT_EQ(mismatches, 0u) << size << " frames";
        ASSERT_EQ(seen.size(), size);
        for (std::uint32_t i = 0; i < size; ++i) {
            EXPECT_EQ(seen[i], 3 * i + 1) << size << " frames";
        }
    }
}

// A request with takeLanes gets each group of kLanes frames posed together once, with the index
// of each of its frames in its lane (kNotRequested in a lane that holds another request's
// frame), and the frames posed one by one (past the last whole group) through `take`; a
// request without takeLanes beside it still gets whole poses. Every position is its frame's own
// to the bit.
TEST(FramePoses, LaneTakersGetWholeGroupsAndOneByOneFramesThroughTake) {
    const Document document = generatedDocument(3);
    ASSERT_GT(document.motion.frameCount, 20u);
    const ForwardKinematicsPlan plan(document.skeleton, TranslationMode::Absolute);
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    const std::size_t n = plan.nodeCount();
    std::vector<RigidTransform> expected(n);
    auto tipOf = [&](std::uint32_t frame) { // the last node's place at `frame`, posed alone
        plan.computeWorldTransformsOfRow(document.motion.frame(frame), expected);
        return expected[n - 1].translation;
    };
    std::vector<std::vector<std::size_t>> groups; // per takeLanes call, its lanes' indices
    std::vector<std::size_t> single;              // the indices `take` got
    std::size_t mismatches = 0;
    FramePoseRequest lanes;
    lanes.frames = {1, 2, 4, 5, 6, 9, 10}; // with `whole`'s: 1 2 3 4 | 5 6 7 9 | 10
    lanes.takeLanes = [&](std::span<const ForwardKinematicsPlan::LaneWorld> world,
                          const FramePoseRequest::LaneIndices& indices) {
        groups.emplace_back(indices.begin(), indices.end());
        for (std::size_t k = 0; k < kLanes; ++k) {
            if (indices[k] != FramePoseRequest::kNotRequested) {
                const glm::dvec3 tip(world[n - 1].translation[0][k], world[n - 1].translation[1][k],
                                     world[n - 1].translation[2][k]);
                mismatches += tip != tipOf(lanes.frames[indices[k]]) ? 1 : 0;
            }
        }
    };
    lanes.take = [&](std::size_t index, std::span<const RigidTransform> world) {
        single.push_back(index);
        mismatches += world[n - 1].translation != tipOf(lanes.frames[index]) ? 1 : 0;
    };
    Received whole;
    FramePoseRequest plain = recordingRequest({3, 7}, whole);
    FramePoseRequest* const requests[] = {&lanes, &plain};
    poseRequestedFrames(plan, document.motion, requests);

    constexpr std::size_t kNot = FramePoseRequest::kNotRequested;
    EXPECT_EQ(groups, (std::vector<std::vector<std::size_t>>{{0, 1, kNot, 2}, {3, 4, kNot, 5}}));
    EXPECT_EQ(single, std::vector<std::size_t>{6});
    EXPECT_EQ(mismatches, 0u);
    EXPECT_EQ(whole.indices, (std::vector<std::size_t>{0, 1}));
    std::vector<RigidTransform> world(n);
    plan.computeWorldTransformsOfRow(document.motion.frame(7), world);
    ASSERT_EQ(whole.rootX.size(), 2u);
    EXPECT_EQ(whole.rootX[1], world[1].translation.x);
}

// A skeleton without channels has empty rows (the reader gives it no frames; a Motion built in
// memory may have some): every frame is the rest pose.
TEST(FramePoses, ASkeletonWithoutChannelsIsPosedAtRest) {
    const Document document = parseDocument("HIERARCHY\nROOT A\n{\nOFFSET 1 2 3\nCHANNELS 0\n"
                                            "JOINT B\n{\nOFFSET 0 4 0\nCHANNELS 0\n}\n}\n");
    ASSERT_TRUE(document.loaded());
    Motion motion;
    motion.frameCount = 6;
    const ForwardKinematicsPlan plan(document.skeleton, TranslationMode::Absolute);
    std::vector<glm::dvec3> tips;
    FramePoseRequest request;
    request.frames = {0, 1, 2, 3, 4, 5};
    request.take = [&](std::size_t, std::span<const RigidTransform> world) {
        tips.push_back(world[1].translation);
    };
    FramePoseRequest* const requests[] = {&request};
    poseRequestedFrames(plan, motion, requests);
    EXPECT_EQ(tips, std::vector<glm::dvec3>(6, glm::dvec3(1.0, 6.0, 3.0)));
}

TEST(FramePoses, NoRequestsOrNoFramesPoseNothing) {
    const Document document = generatedDocument(1);
    const ForwardKinematicsPlan plan(document.skeleton, TranslationMode::Absolute);
    Received received;
    FramePoseRequest empty = recordingRequest({}, received);
    FramePoseRequest* const requests[] = {&empty};
    poseRequestedFrames(plan, document.motion, requests);
    poseRequestedFrames(plan, document.motion, {});
    EXPECT_TRUE(received.indices.empty());
}

void expectSameStance(const Stance& a, const Stance& b) {
    EXPECT_EQ(a.upAxis, b.upAxis);
    EXPECT_EQ(a.source, b.source);
    EXPECT_EQ(a.framesSampled, b.framesSampled);
    EXPECT_EQ(a.motionCost, b.motionCost);
    EXPECT_EQ(a.motionMargin, b.motionMargin);
    EXPECT_EQ(a.anatomyUp, b.anatomyUp);
    EXPECT_EQ(a.facing, b.facing);
    EXPECT_EQ(a.groundLevel, b.groundLevel);
    EXPECT_EQ(a.height, b.height);
    EXPECT_EQ(a.unit, b.unit);
    EXPECT_EQ(a.staticRoots, b.staticRoots);
}

// The Browser's one pass gives what the stance and the features give apart, to the bit, at
// 30, 60 and 120 fps, Y-up and Z-up, for the preview's 16 frames and Info's 240.
TEST(FramePoses, OneSummaryPassGivesTheSeparateStanceAndFeaturesToTheBit) {
    for (std::uint32_t index = 0; index < 12; ++index) {
        const Document document = generatedDocument(index);
        for (const std::size_t stanceFrames : {std::size_t{16}, std::size_t{240}}) {
            SCOPED_TRACE("take " + std::to_string(index) + ", " + std::to_string(stanceFrames) +
                         " frames");
            MotionFeatures together;
            const DocumentSummary both =
                summarize(document, TranslationMode::Auto, stanceFrames, together);
            const DocumentSummary alone = summarize(document, TranslationMode::Auto, stanceFrames);
            const MotionFeatures apart =
                computeMotionFeatures(document.skeleton, document.motion, alone.translationUsed);
            EXPECT_FALSE(apart.empty());
            EXPECT_EQ(together, apart);
            expectSameStance(both.stance, alone.stance);
        }
    }
}

TEST(FramePoses, OneSummaryPassOfAFileWithoutFramesHasNoFeatures) {
    const Document document = parseDocument("HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 3 "
                                            "Xposition Yposition Zposition\n End Site\n {\n  "
                                            "OFFSET 0 1 0\n }\n}\nMOTION\nFrames: 0\nFrame Time: "
                                            "0.033333\n");
    ASSERT_TRUE(document.loaded());
    MotionFeatures features;
    features.present = 1; // overwritten
    const DocumentSummary summary = summarize(document, TranslationMode::Auto, 16, features);
    EXPECT_TRUE(features.empty());
    EXPECT_EQ(summary.stance.framesSampled, 0u);
}

} // namespace
} // namespace bvh
