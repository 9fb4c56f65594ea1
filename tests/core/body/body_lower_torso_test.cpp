// A person's lower torso (issue 38): from the side, a belly and a waist no deeper than the chest
// (a pot belly reads as a sack), probed on the body's distance field in the pose each rig is bound
// in (body_lower_torso_rigs.h: the upright generated bipeds and the LAFAN1-like and Bandai-like
// walks bound in the frame their motion agrees with), up +Y.
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_lower_torso_rigs.h"
#include "tests/core/body/body_surface_sections.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>
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

private:
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

} // namespace
} // namespace bvh
