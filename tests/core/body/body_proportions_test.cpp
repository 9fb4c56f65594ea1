// A biped of a person's proportions (issue 38): limbs that taper from a full thigh to the knee,
// bulge at the calf and narrow to the ankle, arms from the shoulder to the wrist; a torso widest
// at the chest, narrower at the waist, with hips about as wide as the chest. Widths are of the
// body's surface, across and front to back, as fractions of the figure's height, on every
// generated biped (body_proportions_rigs.h).
#include "core/body/body_figure.h"
#include "core/body/body_grid.h"
#include "core/reader/document.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_proportions_rigs.h"
#include "tests/core/body/body_surface_sections.h"
#include "tests/core/body/body_upper_back_rigs.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

// The surface's width across a limb or the torso and its depth front to back (+Z, every rig's
// facing), of the figure's height.
using Section = test::SurfaceSection;

class ProportionProbe {
public:
    explicit ProportionProbe(const test::ProportionRig& rig)
        : rig_(rig), planned_(test::planFigure(rig.text)),
          height_(test::jointHeightSpan(planned_)) {}

    glm::vec3 at(const std::string& name) const {
        return test::normalised(planned_.figure, test::nodeNamed(planned_.skeleton, name));
    }

    // The section across the bone from joint `from` to joint `to`, `share` of the way along it:
    // across it perpendicular to the facing, and along the facing.
    Section limb(const std::string& from, const std::string& to, float share) const {
        const glm::vec3 a = at(from);
        const glm::vec3 b = at(to);
        const glm::vec3 axis = glm::normalize(b - a);
        const glm::vec3 front = glm::normalize(glm::vec3(0, 0, 1) - axis * axis.z);
        return section(a + share * (b - a), glm::cross(axis, front), front);
    }

    // The torso's section at `share` of the way from the thighs' roots up to the upper arms'.
    Section torso(float share) const {
        const float shoulders = 0.5f * (at(rig_.shoulder).y + at(rig_.rightShoulder).y);
        const float hips = 0.5f * (at(rig_.hip).y + at(rig_.rightHip).y);
        return section(spineAt(hips + share * (shoulders - hips)), glm::vec3(1, 0, 0),
                       glm::vec3(0, 0, 1));
    }

private:
    // The spine's point at height `y`, between the spine joints below and above it; below its
    // first joint (thighs' roots below the hips' joint), straight below that joint.
    glm::vec3 spineAt(float y) const {
        const glm::vec3 first = at(rig_.spine.front());
        if (y <= first.y) {
            return {first.x, y, first.z};
        }
        for (std::size_t k = 0; k + 1 < rig_.spine.size(); ++k) {
            const glm::vec3 a = at(rig_.spine[k]);
            const glm::vec3 b = at(rig_.spine[k + 1]);
            if (y >= std::min(a.y, b.y) && y <= std::max(a.y, b.y) && a.y != b.y) {
                return a + (b - a) * ((y - a.y) / (b.y - a.y));
            }
        }
        ADD_FAILURE() << rig_.name << ": no spine bone at " << y;
        return first;
    }

public:
    // The arm's section at the height of the point `share` of the way from joint `from` to
    // `to`, wherever its surface stands beside its bones: from the body's outermost surface on
    // the arm's side (+X for the left) in to the first gap, and front to back through the middle
    // of that; `outer` is the outermost surface's distance from the spine, all of the height.
    Section armAt(const std::string& from, const std::string& to, float share, float& outer) const {
        const glm::vec3 bone = at(from) + share * (at(to) - at(from));
        const glm::vec3 spine = spineAt(bone.y);
        const glm::vec3 side(bone.x > spine.x ? 1.0f : -1.0f, 0.0f, 0.0f);
        const float gap = kBodyGapInCells * planned_.grid.cell;
        const glm::vec3 level(spine.x, bone.y, bone.z);
        const float reach =
            test::outermostRadius(planned_.figure, planned_.all, gap, level, side, 0.5f * height_);
        const glm::vec3 edge = level + (reach - 1e-3f) * side;
        const float across =
            test::firstExit(planned_.figure, planned_.all, gap, edge, -side, 0.3f) + 1e-3f;
        outer = reach / height_;
        return section(edge - 0.5f * across * side, side, glm::vec3(0, 0, 1));
    }

private:
    Section section(const glm::vec3& centre, const glm::vec3& across,
                    const glm::vec3& front) const {
        return test::surfaceSection(planned_, height_, centre, across, front);
    }

    test::ProportionRig rig_;
    test::PlannedFigure planned_;
    float height_ = 1.0f;
};

struct LimbSections {
    Section thigh, knee, calf, ankle, upperArm, elbow, forearm, wrist;
};

// Each limb's sections where a person's are measured: a thigh a third of the way down (below
// the crotch), the knee and the elbow at their joints, the calf and the forearm's fullest near
// the top of their bones, the ankle and the wrist near their ends, an upper arm below the deltoid.
LimbSections limbSections(const test::ProportionRig& rig, const ProportionProbe& probe) {
    return {probe.limb(rig.hip, rig.knee, 0.35f),      probe.limb(rig.hip, rig.knee, 1.0f),
            probe.limb(rig.knee, rig.ankle, 0.3f),     probe.limb(rig.knee, rig.ankle, 0.9f),
            probe.limb(rig.shoulder, rig.elbow, 0.4f), probe.limb(rig.shoulder, rig.elbow, 1.0f),
            probe.limb(rig.elbow, rig.wrist, 0.2f),    probe.limb(rig.elbow, rig.wrist, 0.9f)};
}

// Before limbProfile a limb was one cone per role: the calf thinner than the knee (0.055 of the
// Mixamo-like figure's height against 0.076), the forearm thinner than the elbow (0.056 against
// 0.070) and the elbow nearly as thick as the upper arm. Then the calf and the forearm each bulged
// below a knee and an elbow pinched to the thigh's and the upper arm's thin ends: a knot at every
// joint (the calf 1.26 to 1.42 times the knee across, the forearm 1.18 to 1.23 times the elbow).
// A person's arm tapers from the deltoid to the wrist, the forearm thickest just below the elbow,
// and a leg from the thigh's top to the ankle, the calf fuller than the ankle.
TEST(BodyProportions, LimbsTaperFromTheirTopThroughTheKneeAndTheElbow) {
    for (const test::ProportionRig& rig : test::proportionRigs()) {
        const ProportionProbe probe(rig);
        const LimbSections l = limbSections(rig, probe);
        SCOPED_TRACE(rig.name + ": " + test::describeSection("thigh", l.thigh) + ", " +
                     test::describeSection("knee", l.knee) + ", " +
                     test::describeSection("calf", l.calf) + ", " +
                     test::describeSection("ankle", l.ankle) + ", " +
                     test::describeSection("upper arm", l.upperArm) + ", " +
                     test::describeSection("elbow", l.elbow) + ", " +
                     test::describeSection("forearm", l.forearm) + ", " +
                     test::describeSection("wrist", l.wrist));
        // A thigh as full as a person's (0.09-0.10 of the height across at its top), front to
        // back a third of the way down, where no hip's mass and no other thigh reach.
        EXPECT_GE(l.thigh.depth, 0.08f);
        EXPECT_LT(l.thigh.depth, 0.16f);
        // The leg narrows from the thigh to the knee and on to the ankle: the calf (a third of
        // the way down) nearly as full as the knee but no fuller (a person's calf muscle, 0.068
        // of the height across against the knee's 0.06, lies behind the shin: a cone of its own
        // round the bone stood out as a bead), the ankle a good deal thinner (0.045).
        EXPECT_LT(l.knee.across, 0.85f * l.thigh.depth);
        EXPECT_LE(l.calf.across, l.knee.across);
        EXPECT_GT(l.calf.across, 0.8f * l.knee.across);
        EXPECT_LT(l.ankle.across, 0.8f * l.calf.across);
        // So does the arm, front to back (across, an arm hanging beside the chest is cut by the
        // gap kept from it): from the upper arm to the elbow, and the forearm thickest just below
        // the elbow (0.045 of a person's height, the upper arm 0.055), no bead past it.
        EXPECT_LT(l.elbow.depth, 0.76f * l.upperArm.depth);
        EXPECT_LE(l.forearm.depth, l.elbow.depth);
        EXPECT_GT(l.forearm.depth, 0.85f * l.elbow.depth);
        EXPECT_LT(l.upperArm.depth, 0.1f);
    }
}

// Before trunkShare every trunk bone had one radius: the waist as wide as the chest and the hips
// (0.282 of the Mixamo-like figure's height against 0.283 and 0.275), a sack.
TEST(BodyProportions, TheTorsoNarrowsAtTheWaistBetweenTheChestAndTheHips) {
    for (const test::ProportionRig& rig : test::proportionRigs()) {
        const ProportionProbe probe(rig);
        const Section chest = probe.torso(0.7f);
        const Section waist = probe.torso(0.35f);
        const Section hips = probe.torso(0.0f);
        SCOPED_TRACE(rig.name + ": " + test::describeSection("chest", chest) + ", " +
                     test::describeSection("waist", waist) + ", " +
                     test::describeSection("hips", hips));
        EXPECT_LT(waist.across, chest.across);
        // No wider at the waist than at the hips. (The bound was 0.92 of the hips, which the hip's
        // masses standing past the thighs met: the hips are now the thighs' tops, a person's
        // outline, and the waist 0.93-0.99 of them, the chest's width at kWaistShare, which no
        // narrower without creasing the belly: body_figure_builder.h. A sack's waist, one radius
        // for every trunk bone, is 1.12 of MakeHuman's chest, which the bound above fails.)
        EXPECT_LT(waist.across, hips.across);
        // Hips about as wide as the chest: neither a ball below the waist nor a wedge. (The hips
        // are the thighs' tops: the Mixamo-like figure's 0.249 of its height across against a
        // chest 0.278 across, itself half again a person's 0.18-0.19; with the hip's masses
        // standing past the thighs they were 0.27. A wedge's hips are 0.7 of its chest.)
        EXPECT_GT(hips.across, 0.85f * chest.across);
        EXPECT_LT(hips.across, 1.4f * chest.across);
    }
}

// A lying biped (no upright torso: a Bandai Namco rest pose) keeps one trunk radius along its
// spine, as quadrupeds and crabs do.
TEST(BodyProportions, AFigureWithoutAnUprightTorsoKeepsOneTrunkRadius) {
    const test::BipedStyle lying{"mixamorig:", false, 1};
    const Skeleton skeleton = parseDocument(test::mixamoBiped(1.0, lying).text()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    const BodyVolume* spine = test::boneVolume(figure, test::nodeNamed(skeleton, "mixamorig:Spine"),
                                               test::nodeNamed(skeleton, "mixamorig:Spine1"));
    ASSERT_NE(spine, nullptr);
    EXPECT_FLOAT_EQ(spine->radiusA, spine->radiusB);
}

} // namespace
} // namespace bvh

namespace bvh {
namespace {

// Bandai Namco's skeleton hangs its arms from shoulder joints 12.4 cm either side of the spine,
// where a person's stand about 18 cm out (body_upper_back_rigs.h). On its joints the arms lay
// against the trunk and the gap kept between them (body_gap.h) carved both: a waist 0.094 of the
// height across between forearms 0.040 across and 0.051 deep, the arms' outer surface 0.115 of
// the height from the spine at the upper arm and 0.106 at the forearm (a person's about 0.13 to
// 0.14: 0.26 to 0.28 across the deltoids), and a walk seen from behind drew under twice the
// capsules' area.
TEST(BodyProportions, ArmsHangingFromNarrowShouldersStandBesideATorsoOfAPersonsWidth) {
    const test::ProportionRig rig{"Bandai",
                                  test::bandaiHangingArmsBiped().text(),
                                  "UpperArm_L",
                                  "LowerArm_L",
                                  "Hand_L",
                                  "UpperLeg_L",
                                  "LowerLeg_L",
                                  "Foot_L",
                                  "UpperArm_R",
                                  "UpperLeg_R",
                                  {"Hips", "Spine", "Chest", "Neck"}};
    const ProportionProbe probe(rig);
    const Section waist = probe.torso(0.35f);
    for (const char* side : {"_L", "_R"}) {
        float upperOuter = 0.0f;
        float forearmOuter = 0.0f;
        probe.armAt(std::string("UpperArm") + side, std::string("LowerArm") + side, 0.4f,
                    upperOuter);
        const Section forearm = probe.armAt(std::string("LowerArm") + side,
                                            std::string("Hand") + side, 0.2f, forearmOuter);
        SCOPED_TRACE(std::string(side) + ": " + test::describeSection("waist", waist) + ", " +
                     test::describeSection("forearm", forearm) + ", outer " +
                     std::to_string(upperOuter) + " / " + std::to_string(forearmOuter));
        // A waist about 0.15 of a person's height across, forearms round, not slabs (about 0.05
        // across), the arms standing out beside the trunk as far as a person's.
        EXPECT_GT(waist.across, 0.11f);
        EXPECT_GT(forearm.across, 0.045f);
        EXPECT_GT(forearm.depth, 0.055f);
        EXPECT_GT(upperOuter, 0.125f);
        EXPECT_GT(forearmOuter, 0.125f);
        EXPECT_LT(upperOuter, 0.17f);
        EXPECT_LT(forearmOuter, 0.17f);
    }
}

} // namespace
} // namespace bvh
