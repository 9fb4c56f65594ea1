// A person's lower torso (issue 38): from the side, a belly and a waist no deeper than the chest
// (a pot belly reads as a sack), probed on the body's distance field in the pose each rig is bound
// in (body_lower_torso_rigs.h: the upright generated bipeds and the LAFAN1-like and Bandai-like
// walks bound in the frame their motion agrees with), up +Y.
#include "core/body/body_builder.h"
#include "core/reader/document.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_lower_torso_rigs.h"
#include "tests/core/body/body_surface_sections.h"
#include "tests/core/body/body_torso_sections.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <optional>
#include <string>

namespace bvh {
namespace {

using TorsoSection = test::SurfaceSection;
using test::describeSection;

class LowerTorsoProbe {
public:
    explicit LowerTorsoProbe(const test::LowerTorsoRig& rig)
        : planned_(test::planFigure(rig.text, test::lowerTorsoBindOptions(rig.text))),
          height_(test::jointHeightSpan(planned_)) {
        EXPECT_TRUE(planned_.figure.problem.empty()) << rig.name << ": " << planned_.figure.problem;
        hips_ = 0.5f * (at(rig.leftThigh) + at(rig.rightThigh));
        shoulders_ = 0.5f * (at(rig.leftArm) + at(rig.rightArm));
        const glm::vec3 side = at(rig.leftThigh) - at(rig.rightThigh);
        across_ = glm::normalize(glm::vec3(side.x, 0.0f, side.z));
        front_ = glm::cross(across_, glm::vec3(0, 1, 0));
    }

    glm::vec3 at(const std::string& name) const {
        return test::normalised(planned_.figure, test::nodeNamed(planned_.skeleton, name));
    }

    // The torso's section at `share` of the way from the thighs' roots up to the upper arms'.
    TorsoSection torso(float share) const {
        return test::surfaceSection(planned_, height_, hips_ + share * (shoulders_ - hips_),
                                    across_, front_);
    }

    // The torso's width from in front at `share` (of its height): the widest of its sections
    // across, through points from 0.08 of the height behind its axis to 0.08 in front (a hip's
    // mass sits behind the hip joints), each from the first surface out (not an arm beyond it).
    float widthFromInFront(float share) const {
        const glm::vec3 centre = hips_ + share * (shoulders_ - hips_);
        float widest = 0.0f;
        for (int step = -8; step <= 8; ++step) {
            const glm::vec3 point = centre + (0.01f * static_cast<float>(step) * height_) * front_;
            if (field(point) <= 0.0f) {
                widest = std::max(
                    widest, test::surfaceSection(planned_, height_, point, across_, front_).across);
            }
        }
        return widest;
    }

    // How far behind the hip joints' midpoint the body's surface lies at `share`, of the height.
    float behind(float share) const {
        const glm::vec3 centre = hips_ + share * (shoulders_ - hips_);
        const float gap = kBodyGapInCells * planned_.grid.cell;
        return test::firstExit(planned_.figure, planned_.all, gap, centre, -front_, 0.3f) / height_;
    }

private:
    float field(const glm::vec3& point) const {
        return bodyDistance(planned_.figure.volumes, planned_.all, point, kBodyFarOutside,
                            kBodyGapInCells * planned_.grid.cell);
    }

    test::PlannedFigure planned_;
    float height_ = 1.0f;
    glm::vec3 hips_{0.0f};
    glm::vec3 shoulders_{0.0f};
    glm::vec3 across_{1, 0, 0};
    glm::vec3 front_{0, 0, 1};
};

// With one radius for every trunk bone (trunkShare's hips and waist at the chest's), MakeHuman's
// belly is 0.218 of its height deep against a chest 0.199 deep: a pot.
TEST(BodyLowerTorso, TheBellyAndTheWaistAreNoDeeperThanTheChest) {
    for (const test::LowerTorsoRig& rig : test::lowerTorsoRigs()) {
        const LowerTorsoProbe probe(rig);
        const TorsoSection chest = probe.torso(0.75f);
        const TorsoSection waist = probe.torso(0.4f);
        const TorsoSection belly = probe.torso(0.2f);
        SCOPED_TRACE(rig.name + ": " + describeSection("chest", chest) + ", " +
                     describeSection("waist", waist) + ", " + describeSection("belly", belly));
        EXPECT_LE(belly.depth, chest.depth);
        EXPECT_LE(waist.depth, chest.depth);
        // The probe stands inside the torso: a section of no width would pass the above.
        EXPECT_GT(belly.depth, 0.5f * chest.depth);
        EXPECT_GT(waist.across, 0.5f * chest.across);
    }
}

// A person seen from in front is narrower at the waist than at the hips (the thighs' outer edges)
// and at the chest. Measured on the generated bipeds in their bind pose, the waist (the narrowest
// from a fifth to a half of the way up from the thighs' roots) is 0.77-0.90 of the hips (the
// widest at the roots' level or a tenth of the way below) and 0.86-0.97 of the chest (at 0.7);
// with one radius for every trunk bone (trunkShare's hips and waist at the chest's) it was
// 0.96-0.99 of the hips on the Mixamo-like, MakeHuman-like, LAFAN-like and Bandai-like rigs, and
// MakeHuman's 1.12 of its chest: a sack (hips then with the hip's masses past the thighs). Behind,
// the buttock reaches 0.089-0.099 of the height behind the hip joints (a person's about 0.08; a
// sack's 0.098-0.104).
TEST(BodyLowerTorso, FromInFrontTheWaistIsNarrowerThanTheHipsAndTheChest) {
    for (const test::LowerTorsoRig& rig : test::lowerTorsoRigs()) {
        const LowerTorsoProbe probe(rig);
        const float hips = std::max(probe.widthFromInFront(-0.1f), probe.widthFromInFront(0.0f));
        float waist = 1e30f;
        for (const float share : {0.2f, 0.3f, 0.4f, 0.5f}) {
            waist = std::min(waist, probe.widthFromInFront(share));
        }
        const float chest = probe.widthFromInFront(0.7f);
        const float buttock = std::max(probe.behind(-0.1f), probe.behind(0.0f));
        SCOPED_TRACE(rig.name + ": hips " + std::to_string(hips) + ", waist " +
                     std::to_string(waist) + ", chest " + std::to_string(chest) + ", buttock " +
                     std::to_string(buttock));
        // (The bound was 0.92 of the hips, met while the hip's masses stood past the thighs: the
        // hips are now the thighs' tops, and the waist 0.94-0.96 of them: body_proportions_test.)
        EXPECT_LT(waist, hips);
        EXPECT_LT(waist, chest);
        // A torso of a person's build, not a stick: the waist at least 0.12 of the height across.
        EXPECT_GT(waist, 0.12f);
        EXPECT_LT(buttock, 0.11f);
    }
}

// The lower body's outline seen from in front on each rig's built mesh (grid phase 0, bound as
// the viewer binds it; body_torso_sections.h), of the height: the hip's farthest reach from the
// middle (0.04 of the height above the hip joints down to them), the outer thigh's just under the
// crotch (0.02 below where the thighs part), and the left thigh's width there, half way to the
// knee and at 0.85 of the way.
struct ThighOutline {
    float hipReach = 0.0f;
    float thighReach = 0.0f;
    float crotch = 0.0f;
    float underCrotch = 0.0f;
    float middle = 0.0f;
    float aboveKnee = 0.0f;
};

ThighOutline measureThighOutline(const test::LowerTorsoRig& rig) {
    const Document document = parseDocument(rig.text);
    const BodyResult body = buildBody(document.skeleton, test::lowerTorsoBindOptions(rig.text));
    ThighOutline outline;
    EXPECT_NE(body.mesh, nullptr) << rig.name << ": " << body.message;
    if (body.mesh == nullptr) {
        return outline;
    }
    const std::optional<test::TorsoFrame> frame = test::torsoFrame(document.skeleton, *body.mesh);
    EXPECT_TRUE(frame.has_value()) << rig.name;
    if (!frame) {
        return outline;
    }
    for (float drop = -0.04f; drop <= 0.001f; drop += 0.01f) {
        outline.hipReach =
            std::max(outline.hipReach, test::outlineReach(*body.mesh, *frame, drop, 1.0f));
    }
    outline.crotch = test::crotchDrop(*body.mesh, *frame);
    outline.thighReach = test::outlineReach(*body.mesh, *frame, outline.crotch + 0.02f, 1.0f);
    outline.underCrotch = test::thighAcross(*body.mesh, *frame, outline.crotch + 0.02f);
    outline.middle = test::thighAcross(*body.mesh, *frame, 0.5f * test::kneeDrop(*frame));
    outline.aboveKnee = test::thighAcross(*body.mesh, *frame, 0.85f * test::kneeDrop(*frame));
    return outline;
}

std::string describe(const std::string& name, const ThighOutline& o) {
    return name + ": hip reach " + std::to_string(o.hipReach) + ", thigh reach " +
           std::to_string(o.thighReach) + ", crotch " + std::to_string(o.crotch) +
           " below the hip joints, thigh " + std::to_string(o.underCrotch) + " under it, " +
           std::to_string(o.middle) + " half way, " + std::to_string(o.aboveKnee) +
           " above the knee";
}

// Each lower-torso rig's outline, measured once: one test reads it for the three properties
// below. They were three tests that each built the five rigs' bodies again in a process of its
// own (ctest runs every test alone): 0.76 s each natively, 3.1-3.3 s under the sanitizers.
std::vector<std::pair<std::string, ThighOutline>> thighOutlines() {
    std::vector<std::pair<std::string, ThighOutline>> measured;
    for (const test::LowerTorsoRig& rig : test::lowerTorsoRigs()) {
        measured.emplace_back(rig.name, measureThighOutline(rig));
    }
    return measured;
}

// A person's outline runs from the waist over the hip (the greater trochanter, the widest point)
// straight down into the outer thigh: the hip's reach from the middle is the thigh's under the
// crotch, a few hundredths more at most. On main a hip's mass 0.08 of the height round each hip
// joint stood out past the thighs, a step down to a narrower thigh (shorts, a diaper): the hip
// reached 1.42 (Mixamo), 1.27 (MakeHuman), 1.39 (LAFAN-like, Bandai-like) times as far as the
// thigh; now 1.07-1.10. (The CMU-like rig's thighs splay out past its hips: 0.95, now 0.89.)
void expectTheHipRunsIntoTheThighWithoutAStep(const ThighOutline& outline) {
    EXPECT_LT(outline.hipReach, 1.15f * outline.thighReach);
}

// A person's thighs part about 0.05 of the height below the hip joints. On main the two hips'
// masses, blending over the pelvis, filled the crotch down to 0.104-0.116 of the height below them,
// half way to the knees; now 0.056-0.092.
void expectTheThighsPartJustBelowTheHips(const ThighOutline& outline) {
    EXPECT_LT(outline.crotch, 0.1f);
}

// A person's thigh, of the height across: 0.10-0.11 just under the crotch, 0.085-0.09 half way
// down, about 0.06 above the knee (a little fuller here: the knee itself is 0.9 of the calf's,
// body_figure_builder.h's kKneeShare). On main the thigh under the crotch was 0.083 (Mixamo),
// 0.090 (MakeHuman) and 0.084 (LAFAN-like, Bandai-like): tapering from the hip joint, narrower than
// the hip above it; now 0.102-0.122.
void expectTheThighsAreAPersonsWidthFromTheCrotchToTheKnee(const ThighOutline& outline) {
    EXPECT_GT(outline.underCrotch, 0.095f);
    EXPECT_LT(outline.underCrotch, 0.13f);
    EXPECT_GT(outline.middle, 0.08f);
    EXPECT_LT(outline.middle, 0.12f);
    EXPECT_LT(outline.middle, outline.underCrotch + 0.005f);
    EXPECT_GT(outline.aboveKnee, 0.05f);
    EXPECT_LT(outline.aboveKnee, 0.095f);
    EXPECT_LT(outline.aboveKnee, outline.middle);
}

// From in front, each rig's hip runs into its thigh without a step, its thighs part just below
// the hips, and each thigh is a person's width from the crotch to the knee.
TEST(BodyLowerTorso, FromInFrontTheHipsAndThighsHaveAPersonsOutline) {
    for (const auto& [name, outline] : thighOutlines()) {
        SCOPED_TRACE(describe(name, outline));
        {
            SCOPED_TRACE("the hip runs into the thigh without a step");
            expectTheHipRunsIntoTheThighWithoutAStep(outline);
        }
        {
            SCOPED_TRACE("the thighs part just below the hips");
            expectTheThighsPartJustBelowTheHips(outline);
        }
        {
            SCOPED_TRACE("the thighs are a person's width from the crotch to the knee");
            expectTheThighsAreAPersonsWidthFromTheCrotchToTheKnee(outline);
        }
    }
}

} // namespace
} // namespace bvh
