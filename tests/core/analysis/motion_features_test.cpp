#include "core/analysis/motion_features.h"
#include "core/reader/document.h"
#include "tests/support/generated_library.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <string>

namespace bvh {
namespace {

using test::generatedTake;
using test::TakeVariation;

Document parsedTake(const std::string& text) {
    Document document = parseDocument(text);
    EXPECT_TRUE(document.loaded())
        << (document.diagnostics.empty() ? std::string() : document.diagnostics.front().message);
    return document;
}

MotionFeatures takeFeatures(const std::string& text) {
    const Document document = parsedTake(text);
    return computeMotionFeatures(
        document.skeleton, document.motion,
        resolveTranslationMode(TranslationMode::Auto, document.skeleton, document.motion));
}

const Skeleton& takeSkeleton(const Document& document) {
    return document.skeleton;
}

std::string nodeName(const Skeleton& skeleton, const BodyRoles& roles, BodyRole role) {
    return roles.has(role) ? skeleton.names[static_cast<std::size_t>(roles[role])] : "-";
}

TEST(BodyRoles, BandaiNamesSkipTheStaticRootAndFindEveryRole) {
    const Document document = parsedTake(generatedTake("walk", "normal", TakeVariation{}));
    const Skeleton& skeleton = takeSkeleton(document);
    const BodyRoles roles = findBodyRoles(skeleton);
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::Hips), "Hips");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::Head), "Head");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::LeftHand), "Hand_L");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::RightHand), "Hand_R");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::LeftFoot), "Foot_L");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::RightFoot), "Foot_R");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::LeftLegTop), "UpperLeg_L");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::RightLegTop), "UpperLeg_R");
}

TEST(BodyRoles, OtherSpellingsAndAnUnnamedPelvis) {
    // Daz-style short names, a namespace, fingers after the hand, and a pelvis named "root".
    const Document document = parsedTake(R"(HIERARCHY
ROOT root
{ OFFSET 0 0 0 CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT abdomen { OFFSET 0 10 0 CHANNELS 3 Zrotation Xrotation Yrotation
    JOINT rig:head { OFFSET 0 50 0 CHANNELS 3 Zrotation Xrotation Yrotation
      End Site { OFFSET 0 10 0 } }
    JOINT lHand { OFFSET 20 40 0 CHANNELS 3 Zrotation Xrotation Yrotation
      JOINT lHandIndex1 { OFFSET 5 0 0 CHANNELS 3 Zrotation Xrotation Yrotation
        End Site { OFFSET 2 0 0 } } }
    JOINT RightWrist { OFFSET -20 40 0 CHANNELS 3 Zrotation Xrotation Yrotation
      End Site { OFFSET -5 0 0 } } }
  JOINT lThigh { OFFSET 10 0 0 CHANNELS 3 Zrotation Xrotation Yrotation
    JOINT l_ankle { OFFSET 0 -80 0 CHANNELS 3 Zrotation Xrotation Yrotation
      End Site { OFFSET 0 -5 10 } } }
  JOINT rThigh { OFFSET -10 0 0 CHANNELS 3 Zrotation Xrotation Yrotation
    JOINT rFoot { OFFSET 0 -80 0 CHANNELS 3 Zrotation Xrotation Yrotation
      End Site { OFFSET 0 -5 10 } } }
}
MOTION
Frames: 1
Frame Time: 0.033333
0 90 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
)");
    const Skeleton& skeleton = takeSkeleton(document);
    const BodyRoles roles = findBodyRoles(skeleton);
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::Hips), "root"); // three ways: abdomen, legs
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::Head), "rig:head");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::LeftHand), "lHand");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::RightHand), "RightWrist");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::LeftFoot), "l_ankle");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::RightFoot), "rFoot");
    EXPECT_EQ(nodeName(skeleton, roles, BodyRole::LeftLegTop), "lThigh");
}

TEST(MotionFeatures, HeightsAreOverTheBodySize) {
    // The body size runs along the rest pose's bones: hips to head 12 + 50 = 62 cm, hips to
    // foot |(9, -4, 0)| + 44 + 42 cm. The head stands 62 cm above the hips on every frame (the
    // spine never bends); the left foot hangs 4 + 44 + 42 = 90 cm below them standing, less
    // while the squat bends the knees.
    const double size = 62.0 + std::sqrt(97.0) + 86.0;
    TakeVariation squat;
    squat.seconds = 1.0; // one squat
    const MotionFeatures features = takeFeatures(generatedTake("squat", "normal", squat));
    ASSERT_FALSE(features.empty());
    EXPECT_EQ(features.present, (std::uint64_t{1} << kMotionFeatureCount) - 1);
    // Signal 12 is the left foot's height (ends: head 0-3, left hand 4-7, right hand 8-11).
    const double leftFootHeight = features.values[2 * 12];
    EXPECT_LT(leftFootHeight, -0.3);
    EXPECT_GT(leftFootHeight, -90.0 / size);
    // Signal 0 is the head's height: its mean, and no deviation.
    EXPECT_NEAR(features.values[0], 62.0 / size, 1e-5);
    EXPECT_NEAR(features.values[1], 0.0, 1e-4);
}

TEST(MotionFeatures, DoNotDependOnPlaceFacingSizeUnitUpAxisFrameRateOrLength) {
    TakeVariation plain;
    plain.seconds = 4.0;
    const MotionFeatures reference = takeFeatures(generatedTake("walk", "normal", plain));
    std::vector<TakeVariation> variations(6, plain);
    variations[0].startX = 350.0;
    variations[0].startZ = -120.0;
    variations[1].facingDegrees = 133.0;
    variations[2].size = 1.2;
    variations[3].unit = 0.01;
    variations[4].zUp = true;
    variations[5].fps = 120.0;
    TakeVariation longer = plain;
    longer.seconds = 8.0; // whole cycles: the walk's cycle is one second
    variations.push_back(longer);
    for (std::size_t i = 0; i < variations.size(); ++i) {
        const MotionFeatures varied = takeFeatures(generatedTake("walk", "normal", variations[i]));
        ASSERT_EQ(varied.present, reference.present) << "variation " << i;
        for (std::size_t f = 0; f < kMotionFeatureCount; ++f) {
            EXPECT_NEAR(varied.values[f], reference.values[f], 0.02)
                << "variation " << i << ", feature " << f;
        }
    }
}

TEST(MotionFeatures, NothingWithoutFramesOrHips) {
    const Document document = parsedTake("HIERARCHY\nROOT a\n{ OFFSET 0 0 0 CHANNELS 3 Xposition "
                                         "Yposition Zposition\n End Site { OFFSET 0 1 0 } }\n"
                                         "MOTION\nFrames: 2\nFrame Time: 0.1\n0 0 0\n1 0 0\n");
    EXPECT_TRUE(computeMotionFeatures(document.skeleton, document.motion, TranslationMode::Absolute)
                    .empty());
    const Document still = parsedTake(
        "HIERARCHY\nROOT Hips\n{ OFFSET 0 0 0 CHANNELS 3 Xposition Yposition Zposition\n End "
        "Site { OFFSET 0 1 0 } }\nMOTION\nFrames: 0\nFrame Time: 0.1\n");
    EXPECT_TRUE(
        computeMotionFeatures(still.skeleton, still.motion, TranslationMode::Absolute).empty());
}

TEST(MotionDistance, SkipsFeaturesOneTakeLacksAndIsInfiniteWithNoneShared) {
    MotionFeatures a;
    MotionFeatures b;
    a.present = 0b111;
    b.present = 0b110;
    a.values[0] = 100.0F; // not in b: ignored
    a.values[1] = 1.0F;
    b.values[1] = 3.0F;
    a.values[2] = 5.0F;
    b.values[2] = 5.0F;
    FeatureSpread spread;
    spread.deviation.fill(1.0F);
    spread.deviation[1] = 2.0F;
    // Shared: features 1 and 2, scaled differences 1 and 0: sqrt((1 + 0) / 2).
    EXPECT_NEAR(motionDistance(a, b, spread), std::sqrt(0.5), 1e-12);
    MotionFeatures c;
    c.present = 0b1000;
    EXPECT_TRUE(std::isinf(motionDistance(a, c, spread)));
}

// The generated library: every take's ten nearest (by rankBySimilarity) should be of its action.
TEST(RankBySimilarity, TakesOfTheSameActionRankFirstAcrossStyles) {
    struct Take {
        std::string action;
        MotionFeatures features;
    };
    std::vector<Take> takes;
    std::uint32_t index = 0;
    for (const char* action : test::kGeneratedActions) {
        for (const char* style : test::kGeneratedStyles) {
            for (int number = 0; number < 4; ++number) {
                takes.push_back({action, takeFeatures(generatedTake(
                                             action, style, test::generatedVariation(index++)))});
            }
        }
    }
    std::size_t relevant = 0;
    std::size_t retrieved = 0;
    std::map<std::string, std::size_t> misses;
    for (std::size_t q = 0; q < takes.size(); ++q) {
        std::vector<MotionFeatures> others;
        std::vector<std::size_t> which;
        for (std::size_t i = 0; i < takes.size(); ++i) {
            if (i != q) {
                others.push_back(takes[i].features);
                which.push_back(i);
            }
        }
        const auto ranked = rankBySimilarity(takes[q].features, others);
        ASSERT_EQ(ranked.size(), others.size());
        for (std::size_t r = 1; r < ranked.size(); ++r) {
            ASSERT_LE(ranked[r - 1].distance, ranked[r].distance);
        }
        for (std::size_t r = 0; r < 10; ++r) {
            ++retrieved;
            if (takes[which[ranked[r].take]].action == takes[q].action) {
                ++relevant;
            } else {
                ++misses[takes[q].action];
            }
        }
    }
    // 11 other takes share each action (3 styles x 4 takes), so 10 can all be right; chance
    // is 11 / 59.
    const double precision = static_cast<double>(relevant) / static_cast<double>(retrieved);
    EXPECT_GE(precision, 0.95) << "misses by action: walk " << misses["walk"] << ", jump "
                               << misses["jump"] << ", wave " << misses["wave"] << ", kick "
                               << misses["kick"] << ", squat " << misses["squat"];
}

} // namespace
} // namespace bvh
