// The neck between the head and the shoulders (core/body/body_figure_neck.cpp, issue 38): on
// every upright biped, whatever its neck chain (MakeHuman's three bones on a short chest,
// Mixamo's one, CMU's two from inside the chest), the surface narrows between the shoulders and
// the head to a neck, clearly narrower than both: the chest's rounded top, cut at the shoulder
// line, stays low about the neck's root (kChestTopHeight) and the head sits above it.
#include "core/body/body_figure.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_head_rigs.h"
#include "tests/core/body/body_surface_sections.h"
#include "tests/core/body/body_test_skeletons.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

using test::nodeNamed;
using test::normalised;

struct NeckRig {
    const char* name;
    std::string text;
    const char* head;
    const char* leftArm; // the upper arms' roots: the shoulder line
    const char* rightArm;
};

void PrintTo(const NeckRig& rig, std::ostream* out) {
    *out << rig.name;
}

// The MakeHuman-like biped with a face rig's helpers on its head (13.8 cm from the neck's root).
std::string makeHumanWithFace() {
    test::BvhTextBuilder b = test::makeHumanLikeBiped();
    test::addFaceHelpers(b, 6, 12.7);
    return b.text();
}

// LAFAN1's names are Mixamo's without the prefix.
std::string lafanLike() {
    test::BipedStyle style;
    style.prefix = "";
    return test::mixamoBiped(1.0, style).text();
}

class BodyNeck : public testing::TestWithParam<NeckRig> {};

// Between the shoulder line (the arms' roots) and the head's lowest point there is a neck: its
// narrowest section under 0.8 of the head's widest across and front to back, and under half the
// shoulders' section across. The MakeHuman-like chest (spine01, 18 cm to the neck's root, 16 cm
// deep) rose its rounded top over the neck's root to the head's bottom: no neck showed between
// them (its narrowest section was the head's).
TEST_P(BodyNeck, ASectionAcrossTheNeckIsNarrowerThanTheHeadsAndTheShoulders) {
    const NeckRig& rig = GetParam();
    const test::PlannedFigure planned = test::planFigure(rig.text);
    const Skeleton& skeleton = planned.skeleton;
    ASSERT_NE(nodeNamed(skeleton, rig.head), kNoParent);
    const float shoulderLine =
        0.5f * (normalised(planned.figure, nodeNamed(skeleton, rig.leftArm)).y +
                normalised(planned.figure, nodeNamed(skeleton, rig.rightArm)).y);
    const test::HeadAndNeck measured =
        test::measureHeadAndNeck(planned, nodeNamed(skeleton, rig.head), shoulderLine);
    SCOPED_TRACE(testing::Message()
                 << "head " << measured.headAcross << " x " << measured.headDepth << ", neck "
                 << measured.neckAcross << " x " << measured.neckDepth << ", shoulders "
                 << measured.shoulderAcross);
    ASSERT_GT(measured.headBottom, shoulderLine) << "the head sits on the shoulders";
    EXPECT_LT(measured.neckAcross, 0.8f * measured.headAcross) << "a neck as wide as the head";
    EXPECT_LT(measured.neckDepth, 0.8f * measured.headDepth) << "a neck as deep as the head";
    EXPECT_LT(measured.neckAcross, 0.5f * measured.shoulderAcross) << "no shoulders";
}

INSTANTIATE_TEST_SUITE_P(
    BodyNeckRigs, BodyNeck,
    testing::Values(NeckRig{"MakeHuman", test::makeHumanLikeBiped().text(), "head", "upperarm01.L",
                            "upperarm01.R"},
                    NeckRig{"MakeHumanFace", makeHumanWithFace(), "head", "upperarm01.L",
                            "upperarm01.R"},
                    NeckRig{"Mixamo", test::mixamoBipedText(), "mixamorig:Head",
                            "mixamorig:LeftArm", "mixamorig:RightArm"},
                    NeckRig{"LafanLike", lafanLike(), "Head", "LeftArm", "RightArm"},
                    NeckRig{"CmuLike", test::cmuLikeBipedText(), "Head", "LeftArm", "RightArm"}),
    [](const testing::TestParamInfo<NeckRig>& info) { return std::string(info.param.name); });

} // namespace
} // namespace bvh
