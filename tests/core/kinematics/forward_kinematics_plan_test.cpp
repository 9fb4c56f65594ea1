// ForwardKinematicsPlan against the free functions (equal, every path, every corpus frame) and
// both against an independent construction (glm::angleAxis products with std::sin / std::cos)
// on skeletons built to reach every channel layout. The hand-derived positions in
// pose_test.cpp check both paths as well.
#include "core/kinematics/column_changes.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/test_support.h"

#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace bvh {
namespace {

// Equal as doubles (so +0 == -0: the paths may differ in the sign of a zero component), or
// both NaN.
bool same(double a, double b) {
    return a == b || (std::isnan(a) && std::isnan(b));
}

::testing::AssertionResult sameTransforms(std::span<const RigidTransform> expected,
                                          std::span<const RigidTransform> actual) {
    for (std::size_t node = 0; node < expected.size(); ++node) {
        const RigidTransform& e = expected[node];
        const RigidTransform& a = actual[node];
        for (int i = 0; i < 3; ++i) {
            if (!same(e.translation[i], a.translation[i])) {
                return ::testing::AssertionFailure()
                       << "node " << node << " translation[" << i << "]: " << e.translation[i]
                       << " vs " << a.translation[i];
            }
        }
        for (int i = 0; i < 4; ++i) {
            if (!same(e.rotation[i], a.rotation[i])) {
                return ::testing::AssertionFailure()
                       << "node " << node << " rotation[" << i << "]: " << e.rotation[i] << " vs "
                       << a.rotation[i];
            }
        }
    }
    return ::testing::AssertionSuccess();
}

// Every way to a pose, for one row: the free functions, then the plan (local, world, and world
// straight from the row) must give the same numbers.
::testing::AssertionResult planMatchesFreeFunctions(const Skeleton& skeleton,
                                                    std::span<const float> row,
                                                    TranslationMode mode) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<RigidTransform> local(n);
    std::vector<RigidTransform> world(n);
    computeLocalTransforms(skeleton, row, mode, local);
    computeWorldTransforms(skeleton, local, world);

    const ForwardKinematicsPlan plan(skeleton, mode);
    std::vector<RigidTransform> planLocal(n);
    std::vector<RigidTransform> planWorld(n);
    std::vector<RigidTransform> planWorldOfRow(n);
    plan.computeLocalTransforms(row, planLocal);
    plan.computeWorldTransforms(planLocal, planWorld);
    plan.computeWorldTransformsOfRow(row, planWorldOfRow);
    if (auto result = sameTransforms(local, planLocal); !result) {
        return result << " (local)";
    }
    if (auto result = sameTransforms(world, planWorld); !result) {
        return result << " (world)";
    }
    if (auto result = sameTransforms(world, planWorldOfRow); !result) {
        return result << " (world of row)";
    }
    return ::testing::AssertionSuccess();
}

// [SECTION] An independent construction

// R = product of angleAxis(channel) in declared order; translation per channel as the file
// says. Straight from the BVH rules with glm's general quaternion product.
std::vector<RigidTransform> referenceWorld(const Skeleton& skeleton, std::span<const float> row,
                                           TranslationMode mode) {
    static const glm::dvec3 kAxes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    std::vector<RigidTransform> world(skeleton.nodeCount());
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        RigidTransform local;
        local.translation = skeleton.offsets[node];
        for (std::uint32_t c = 0; c < skeleton.channelCount[node]; ++c) {
            const std::uint32_t column = skeleton.channelBegin[node] + c;
            const ChannelType type = skeleton.channels[column];
            const double value = row[column];
            if (isPosition(type)) {
                const int axis = channelAxis(type);
                local.translation[axis] = mode == TranslationMode::Absolute
                                              ? value
                                              : skeleton.offsets[node][axis] + value;
            } else if (isRotation(type)) {
                local.rotation =
                    local.rotation * glm::angleAxis(glm::radians(value), kAxes[channelAxis(type)]);
            }
        }
        const NodeIndex parent = skeleton.parents[node];
        if (parent == kNoParent) {
            world[node] = local;
        } else {
            const RigidTransform& up = world[static_cast<std::size_t>(parent)];
            world[node].translation = up.translation + up.rotation * local.translation;
            world[node].rotation = up.rotation * local.rotation;
        }
    }
    return world;
}

// A chain of joints whose CHANNELS lines reach every layout the plan distinguishes: the six
// Tait-Bryan orders, position channels before, between and after rotations, an unknown
// channel, one and two rotation channels, a repeated axis, four rotations, and a joint with
// 50 channels (more than the free functions' 48-column window). Long enough that its rotation
// channels fill more than one batch of sines and cosines.
std::string layoutZoo() {
    const char* channelLines[] = {
        "6 Xposition Yposition Zposition Zrotation Xrotation Yrotation",
        "3 Xrotation Yrotation Zrotation",
        "3 Xrotation Zrotation Yrotation",
        "3 Yrotation Xrotation Zrotation",
        "3 Yrotation Zrotation Xrotation",
        "3 Zrotation Xrotation Yrotation",
        "3 Zrotation Yrotation Xrotation",
        "6 Zrotation Xposition Yrotation Yposition Xrotation Zposition",
        "4 Yrotation Xscale Xrotation Zrotation",
        "1 Xrotation",
        "2 Zrotation Yrotation",
        "3 Xrotation Yrotation Xrotation",
        "4 Zrotation Xrotation Yrotation Zrotation",
        "2 Yposition Xposition",
        "0",
        "4 Xposition Xposition Zrotation Zrotation",
    };
    std::string text = "HIERARCHY\n";
    int depth = 0;
    std::size_t total = 0;
    auto open = [&](const std::string& header, const std::string& channels) {
        text += (depth == 0 ? "ROOT " : "JOINT ") + header + "\n{\nOFFSET " +
                std::to_string(depth % 3 + 1) + " " + std::to_string(2 - depth % 2) + " " +
                std::to_string(depth % 4 - 1) + "\nCHANNELS " + channels + "\n";
        total += static_cast<std::size_t>(std::stoi(channels));
        ++depth;
    };
    for (int round = 0; round < 3; ++round) {
        for (std::size_t i = 0; i < std::size(channelLines); ++i) {
            if (round > 0 && i == 0) {
                continue; // one root
            }
            open("J" + std::to_string(round) + "_" + std::to_string(i), channelLines[i]);
        }
    }
    std::string wide = "50 Zrotation Yrotation Xrotation";
    for (int i = 0; i < 47; ++i) {
        wide += " Yscale";
    }
    open("Wide", wide);
    open("AfterWide", "3 Yrotation Zrotation Xrotation");
    text += "End Site\n{\nOFFSET 0 3 0\n}\n";
    for (; depth > 0; --depth) {
        text += "}\n";
    }
    text += "MOTION\nFrames: 1\nFrame Time: 0.1\n";
    for (std::size_t i = 0; i < total; ++i) {
        text += "0 ";
    }
    return text + "\n";
}

class LayoutZoo : public ::testing::Test {
protected:
    void SetUp() override {
        document_ = parseDocument(layoutZoo());
        ASSERT_TRUE(document_.loaded()) << test::describeDiagnostics(document_);
        ASSERT_GT(document_.skeleton.totalChannels(), 100u);
    }
    // Rows of random angles in +-400 degrees and positions in +-50.
    std::vector<std::vector<float>> randomRows(int count) const {
        std::mt19937 random(7);
        std::uniform_real_distribution<float> angle(-400.0F, 400.0F);
        std::uniform_real_distribution<float> position(-50.0F, 50.0F);
        std::vector<std::vector<float>> rows;
        for (int r = 0; r < count; ++r) {
            std::vector<float> row;
            for (ChannelType type : document_.skeleton.channels) {
                row.push_back(isPosition(type) ? position(random) : angle(random));
            }
            rows.push_back(std::move(row));
        }
        return rows;
    }
    Document document_;
};

TEST_F(LayoutZoo, PlanMatchesFreeFunctionsOnEveryLayout) {
    for (const std::vector<float>& row : randomRows(50)) {
        for (TranslationMode mode : {TranslationMode::Absolute, TranslationMode::Additive}) {
            ASSERT_TRUE(planMatchesFreeFunctions(document_.skeleton, row, mode));
        }
    }
    // The rest pose, from an empty row.
    ASSERT_TRUE(planMatchesFreeFunctions(document_.skeleton, {}, TranslationMode::Additive));
}

TEST_F(LayoutZoo, MatchesAnIndependentConstruction) {
    const Skeleton& skeleton = document_.skeleton;
    const std::size_t n = skeleton.nodeCount();
    double worstTranslation = 0.0;
    double worstRotation = 0.0;
    for (const std::vector<float>& row : randomRows(50)) {
        for (TranslationMode mode : {TranslationMode::Absolute, TranslationMode::Additive}) {
            const std::vector<RigidTransform> expected = referenceWorld(skeleton, row, mode);
            std::vector<RigidTransform> world(n);
            ForwardKinematicsPlan(skeleton, mode).computeWorldTransformsOfRow(row, world);
            for (std::size_t node = 0; node < n; ++node) {
                worstTranslation =
                    std::max(worstTranslation,
                             glm::length(world[node].translation - expected[node].translation));
                // q and -q are the same rotation.
                const glm::dquat& q = world[node].rotation;
                const glm::dquat& r = expected[node].rotation;
                const double sign = glm::dot(q, r) < 0.0 ? -1.0 : 1.0;
                worstRotation = std::max(worstRotation, glm::length(q * sign - r));
            }
        }
    }
    // Chains of ~50 joints with offsets of a few units and translations up to 50: positions
    // of a few hundred units, so 1e-11 is ~1e-14 relative.
    EXPECT_LT(worstTranslation, 1e-11);
    EXPECT_LT(worstRotation, 1e-13);
}

TEST_F(LayoutZoo, AnglesBeyondTheFastPathAndNaNAgree) {
    std::vector<std::vector<float>> rows = randomRows(2);
    // Column 3 is the root's first rotation; column 10 a ThreeAxes joint's.
    rows[0][3] = 3.0e12F;
    rows[0][10] = -1.0e10F;
    rows[1][10] = std::numeric_limits<float>::quiet_NaN();
    for (const std::vector<float>& row : rows) {
        ASSERT_TRUE(planMatchesFreeFunctions(document_.skeleton, row, TranslationMode::Additive));
    }
    std::vector<RigidTransform> world(document_.skeleton.nodeCount());
    ForwardKinematicsPlan(document_.skeleton, TranslationMode::Additive)
        .computeWorldTransformsOfRow(rows[0], world);
    for (const RigidTransform& transform : world) {
        EXPECT_TRUE(std::isfinite(transform.translation.x));
        EXPECT_NEAR(glm::length(transform.rotation), 1.0, 1e-12);
    }
}

// Equal to the bit, zeros' signs and NaN payloads included.
::testing::AssertionResult identicalTransforms(std::span<const RigidTransform> expected,
                                               std::span<const RigidTransform> actual) {
    for (std::size_t node = 0; node < expected.size(); ++node) {
        if (std::memcmp(&expected[node], &actual[node], sizeof(RigidTransform)) != 0) {
            return ::testing::AssertionFailure()
                   << "node " << node << " differs: translation x " << expected[node].translation.x
                   << " vs " << actual[node].translation.x;
        }
    }
    return ::testing::AssertionSuccess();
}

// computeWorldTransformsOfRows (kLanes frames at once) against computeWorldTransformsOfRow on
// each of the same rows: every layout of the zoo (every rotation order, nodes without rotation
// channels, Other layouts, more than one batch of sines), both translation modes, different
// rows in every lane, angles past the fast path and NaN.
TEST_F(LayoutZoo, FramesPosedTogetherEqualFramesPosedAloneToTheBit) {
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    std::vector<std::vector<float>> rows = randomRows(12 * static_cast<int>(kLanes));
    rows[1][3] = 3.0e12F;
    rows[2][10] = -1.0e10F;
    rows[5][10] = std::numeric_limits<float>::quiet_NaN();
    std::fill(rows[6].begin(), rows[6].end(), -0.0F);
    const std::size_t n = document_.skeleton.nodeCount();
    for (TranslationMode mode : {TranslationMode::Absolute, TranslationMode::Additive}) {
        const ForwardKinematicsPlan plan(document_.skeleton, mode);
        std::vector<ForwardKinematicsPlan::LaneWorld> scratch(n);
        std::vector<RigidTransform> together(kLanes * n);
        std::vector<RigidTransform> alone(n);
        for (std::size_t first = 0; first < rows.size(); first += kLanes) {
            std::array<const float*, kLanes> lanes{};
            std::array<RigidTransform*, kLanes> worlds{};
            for (std::size_t k = 0; k < kLanes; ++k) {
                lanes[k] = rows[first + k].data();
                worlds[k] = together.data() + k * n;
            }
            plan.computeWorldTransformsOfRows(lanes, worlds, scratch);
            for (std::size_t k = 0; k < kLanes; ++k) {
                plan.computeWorldTransformsOfRow(rows[first + k], alone);
                ASSERT_TRUE(identicalTransforms(alone, std::span(worlds[k], n)))
                    << "row " << first + k;
            }
        }
    }
}

// heldOver composes once the rotations still over its frames. On its frames it poses as the
// plan does, to the bit, local and world transforms, one by one and kLanes at once: the root's
// angles held at 0 and node 2's at random angles, node 1's (XYZ) not: 0, then Y +0 in some
// frames and -0 in others (equal values, but its local rotation's y is -0 where the angle is:
// c1 s2 c3 - s1 c2 s3 = -0 - 0), the other joints' random.
TEST_F(LayoutZoo, HeldOverItsFramesPosesAsThePlanToTheBit) {
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    std::vector<std::vector<float>> rows = randomRows(3 * static_cast<int>(kLanes) + 1);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        std::fill(rows[r].begin() + 3, rows[r].begin() + 9, 0.0F);
        rows[r][7] = r % 3 == 1 ? -0.0F : 0.0F;
        std::copy(rows[0].begin() + 9, rows[0].begin() + 12, rows[r].begin() + 9);
    }
    Motion motion;
    motion.channelCount = static_cast<std::uint32_t>(document_.skeleton.totalChannels());
    motion.frameCount = static_cast<std::uint32_t>(rows.size());
    for (const std::vector<float>& row : rows) {
        motion.values.insert(motion.values.end(), row.begin(), row.end());
    }
    std::vector<std::uint32_t> frames(rows.size());
    std::iota(frames.begin(), frames.end(), 0U);
    const std::size_t n = document_.skeleton.nodeCount();
    for (TranslationMode mode : {TranslationMode::Absolute, TranslationMode::Additive}) {
        const ForwardKinematicsPlan plan(document_.skeleton, mode);
        const ForwardKinematicsPlan held = plan.heldOver(motion, frames);
        std::vector<RigidTransform> expected(n);
        std::vector<RigidTransform> alone(n);
        for (const std::vector<float>& row : rows) {
            plan.computeLocalTransforms(row, expected);
            held.computeLocalTransforms(row, alone);
            ASSERT_TRUE(identicalTransforms(expected, alone)) << "local";
            plan.computeWorldTransformsOfRow(row, expected);
            held.computeWorldTransformsOfRow(row, alone);
            ASSERT_TRUE(identicalTransforms(expected, alone)) << "world";
        }
        std::vector<ForwardKinematicsPlan::LaneWorld> scratch(n);
        std::vector<RigidTransform> together(kLanes * n);
        for (std::size_t first = 0; first + kLanes <= rows.size(); first += kLanes) {
            std::array<const float*, kLanes> lanes{};
            std::array<RigidTransform*, kLanes> worlds{};
            for (std::size_t k = 0; k < kLanes; ++k) {
                lanes[k] = rows[first + k].data();
                worlds[k] = together.data() + k * n;
            }
            held.computeWorldTransformsOfRows(lanes, worlds, scratch);
            for (std::size_t k = 0; k < kLanes; ++k) {
                plan.computeWorldTransformsOfRow(rows[first + k], expected);
                ASSERT_TRUE(identicalTransforms(expected, std::span(worlds[k], n)))
                    << "row " << first + k;
            }
        }
    }
}

// What heldOver holds is the rotation of its frames: a root turned 90 degrees about Z in frames
// 0 and 2 and not in frame 1, with a child one unit up it. Held over frames 0 and 2, the root
// keeps Rz(90) even in frame 1 (outside the contract: the child stands at Rz(90) (0, 1, 0) =
// (-1, 0, 0)); held over all three, nothing is held and frame 1's child stands at (0, 1, 0).
TEST(ForwardKinematicsPlan, HeldOverHoldsTheRotationOfItsFramesOnly) {
    const Document document = parseDocument("HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 3 "
                                            "Zrotation Xrotation Yrotation\nJOINT B\n{\nOFFSET 0 "
                                            "1 0\nCHANNELS 0\n}\n}\nMOTION\nFrames: 3\n"
                                            "Frame Time: 0.1\n90 0 0\n0 0 0\n90 0 0\n");
    ASSERT_TRUE(document.loaded());
    const ForwardKinematicsPlan plan(document.skeleton, TranslationMode::Additive);
    const std::vector<std::uint32_t> ends = {0, 2};
    const std::vector<std::uint32_t> every = {0, 1, 2};
    std::vector<RigidTransform> world(plan.nodeCount());
    plan.heldOver(document.motion, ends)
        .computeWorldTransformsOfRow(document.motion.frame(1), world);
    EXPECT_NEAR(world[1].translation.x, -1.0, 1e-12);
    EXPECT_NEAR(world[1].translation.y, 0.0, 1e-12);
    plan.heldOver(document.motion, every)
        .computeWorldTransformsOfRow(document.motion.frame(1), world);
    EXPECT_NEAR(world[1].translation.x, 0.0, 1e-12);
    EXPECT_NEAR(world[1].translation.y, 1.0, 1e-12);
    // Told the clip's changes (the Z angle changes in frame 1), it holds nothing over frames 0
    // and 2 either: frame 1's child stands at (0, 1, 0) again.
    const std::vector<std::uint32_t> clipChanges = clipColumnChanges(document.motion);
    ASSERT_EQ(clipChanges.size(), 3u);
    EXPECT_NE(clipChanges[0], 0u);
    plan.heldOver(document.motion, ends, clipChanges)
        .computeWorldTransformsOfRow(document.motion.frame(1), world);
    EXPECT_NEAR(world[1].translation.x, 0.0, 1e-12);
    EXPECT_NEAR(world[1].translation.y, 1.0, 1e-12);
}

// computeWorldLanesOfRows leaves kLanes poses in the lanes only. A root that moves along X and
// turns about Z, with a child one unit up it: at root x = k and a turn of 90k degrees (lane
// k), the child stands at (k, 0, 0) + Rz(90k) (0, 1, 0) = (0, 1, 0), (0, 0, 0), (2, -1, 0),
// (4, 0, 0), and, without channels, turns with its parent. laneTransforms reads each lane out
// as computeWorldTransformsOfRow poses its row, to the bit.
TEST(ForwardKinematicsPlan, LanesHoldEachFramesPoseAndReadOutAsOneFramesPose) {
    const Document document = parseDocument("HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 4 "
                                            "Xposition Yposition Zposition Zrotation\nJOINT B\n"
                                            "{\nOFFSET 0 1 0\nCHANNELS 0\n}\n}\nMOTION\n"
                                            "Frames: 0\nFrame Time: 0.1\n");
    ASSERT_TRUE(document.loaded());
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    const ForwardKinematicsPlan plan(document.skeleton, TranslationMode::Absolute);
    std::array<std::array<float, 4>, kLanes> rows{};
    std::array<const float*, kLanes> lanes{};
    for (std::size_t k = 0; k < kLanes; ++k) {
        rows[k] = {static_cast<float>(k), 0.0F, 0.0F, 90.0F * static_cast<float>(k)};
        lanes[k] = rows[k].data();
    }
    std::vector<ForwardKinematicsPlan::LaneWorld> world(plan.nodeCount());
    plan.computeWorldLanesOfRows(lanes, world);
    const glm::dvec3 expected[kLanes] = {{0, 1, 0}, {0, 0, 0}, {2, -1, 0}, {4, 0, 0}};
    std::vector<RigidTransform> out(plan.nodeCount());
    std::vector<RigidTransform> alone(plan.nodeCount());
    for (std::size_t k = 0; k < kLanes; ++k) {
        for (int axis = 0; axis < 3; ++axis) {
            EXPECT_NEAR(world[1].translation[axis][k], expected[k][axis], 1e-12) << "lane " << k;
        }
        for (int component = 0; component < 4; ++component) {
            EXPECT_EQ(world[1].rotation[component][k], world[0].rotation[component][k]);
        }
        ForwardKinematicsPlan::laneTransforms(world, k, out);
        plan.computeWorldTransformsOfRow(rows[k], alone);
        EXPECT_TRUE(identicalTransforms(alone, out)) << "lane " << k;
    }
}

// lanePositions writes lane k's translations to positions[k]: node n of lane k holds
// (100n + k, 100n + 10 + k, 100n + 20 + k) below, so node 2 of lane 3 is (203, 213, 223). Every
// lane wanted (the pairs interleaved) and lanes 1 and 3 skipped (their buffers untouched).
TEST(ForwardKinematicsPlan, LanePositionsWritesEachWantedLanesTranslations) {
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    constexpr std::size_t kNodes = 3;
    std::vector<ForwardKinematicsPlan::LaneWorld> lanes(kNodes);
    for (std::size_t n = 0; n < kNodes; ++n) {
        for (std::size_t c = 0; c < 3; ++c) {
            for (std::size_t k = 0; k < kLanes; ++k) {
                lanes[n].translation[c][k] = static_cast<double>(100 * n + 10 * c + k);
            }
        }
    }
    const glm::dvec3 untouched(-1.0, -2.0, -3.0);
    for (const bool everyLane : {true, false}) {
        std::array<std::vector<glm::dvec3>, kLanes> out;
        std::array<glm::dvec3*, kLanes> positions{};
        for (std::size_t k = 0; k < kLanes; ++k) {
            out[k].assign(kNodes, untouched);
            positions[k] = everyLane || k % 2 == 0 ? out[k].data() : nullptr;
        }
        ForwardKinematicsPlan::lanePositions(lanes, positions);
        for (std::size_t k = 0; k < kLanes; ++k) {
            for (std::size_t n = 0; n < kNodes; ++n) {
                const double base = static_cast<double>(100 * n + k);
                const glm::dvec3 expected = positions[k] == nullptr
                                                ? untouched
                                                : glm::dvec3(base, base + 10.0, base + 20.0);
                EXPECT_EQ(out[k][n], expected) << "lane " << k << ", node " << n;
            }
        }
        EXPECT_EQ(out[2][2], glm::dvec3(202.0, 212.0, 222.0));
    }
}

TEST(ForwardKinematicsPlan, OutlivesItsSkeletonAndCopies) {
    const ForwardKinematicsPlan empty;
    EXPECT_EQ(empty.nodeCount(), 0u);
    empty.computeWorldTransformsOfRow({}, {});

    std::vector<float> row;
    std::vector<RigidTransform> expected;
    ForwardKinematicsPlan copy;
    {
        Document document = parseDocument(layoutZoo());
        ASSERT_TRUE(document.loaded());
        row.assign(document.skeleton.totalChannels(), 33.0F);
        expected.resize(document.skeleton.nodeCount());
        std::vector<RigidTransform> local(expected.size());
        computeLocalTransforms(document.skeleton, row, TranslationMode::Absolute, local);
        computeWorldTransforms(document.skeleton, local, expected);
        const ForwardKinematicsPlan plan(document.skeleton, TranslationMode::Absolute);
        copy = plan;
    } // the document, its skeleton and the original plan are gone
    EXPECT_EQ(copy.nodeCount(), expected.size());
    EXPECT_EQ(copy.channelCount(), row.size());
    EXPECT_EQ(copy.mode(), TranslationMode::Absolute);
    std::vector<RigidTransform> world(expected.size());
    copy.computeWorldTransformsOfRow(row, world);
    EXPECT_TRUE(sameTransforms(expected, world));
}

TEST(ForwardKinematicsPlan, MatchesFreeFunctionsOnEveryCorpusFrame) {
    auto corpus = test::corpusDirectory();
    if (!corpus) {
        GTEST_SKIP() << "../shared/corpus is absent in this clone; corpus comparison skipped";
    }
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(*corpus)) {
        if (entry.path().extension() != ".bvh") {
            continue;
        }
        Document document = loadDocument(entry.path().string());
        if (!document.loaded()) {
            continue; // the corpus's deliberately malformed files
        }
        ++files;
        const Skeleton& skeleton = document.skeleton;
        for (TranslationMode mode : {TranslationMode::Absolute, TranslationMode::Additive}) {
            for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
                ASSERT_TRUE(planMatchesFreeFunctions(skeleton, document.motion.frame(frame), mode))
                    << entry.path().filename() << " frame " << frame;
            }
        }
    }
    EXPECT_GT(files, 20);
}

} // namespace
} // namespace bvh
