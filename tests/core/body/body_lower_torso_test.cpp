// A person's lower torso (issue 38): from the side, a belly and a waist no deeper than the chest
// (a pot belly reads as a sack), probed on the body's distance field in the pose each rig is bound
// in (body_lower_torso_rigs.h: the upright generated bipeds and the LAFAN1-like and Bandai-like
// walks bound in the frame their motion agrees with), up +Y.
#include "core/body/body_grid.h"
#include "core/body/body_volumes.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_lower_torso_rigs.h"

#include <algorithm>
#include <cstdio>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

// A surface's width across the figure and its depth front to back, of the figure's height.
struct TorsoSection {
    float across = 0.0f;
    float depth = 0.0f;
};

class LowerTorsoProbe {
public:
    explicit LowerTorsoProbe(const test::LowerTorsoRig& rig) {
        const Document document = parseDocument(rig.text);
        skeleton_ = document.skeleton;
        figure_ = test::boundLowerTorsoFigure(skeleton_, document.motion);
        EXPECT_TRUE(figure_.problem.empty()) << rig.name << ": " << figure_.problem;
        std::string problem;
        EXPECT_TRUE(planBodyGrid(figure_.volumes, std::size_t{1} << 20, std::size_t{64} << 20,
                                 grid_, problem))
            << problem;
        all_.resize(figure_.volumes.size());
        for (std::size_t k = 0; k < all_.size(); ++k) {
            all_[k] = static_cast<std::uint32_t>(k);
        }
        float low = 1e30f;
        float high = -1e30f;
        for (std::size_t i = 0; i < skeleton_.nodeCount(); ++i) {
            const float y = test::normalised(figure_, static_cast<NodeIndex>(i)).y;
            low = std::min(low, y);
            high = std::max(high, y);
        }
        height_ = high - low;
        hips_ = 0.5f * (at(rig.leftThigh) + at(rig.rightThigh));
        shoulders_ = 0.5f * (at(rig.leftArm) + at(rig.rightArm));
        const glm::vec3 side = at(rig.leftThigh) - at(rig.rightThigh);
        across_ = glm::normalize(glm::vec3(side.x, 0.0f, side.z));
        front_ = glm::cross(across_, glm::vec3(0, 1, 0));
    }

    glm::vec3 at(const std::string& name) const {
        return test::normalised(figure_, test::nodeNamed(skeleton_, name));
    }

    // The torso's section at `share` of the way from the thighs' roots up to the upper arms'.
    TorsoSection torso(float share) const {
        return section(hips_ + share * (shoulders_ - hips_), across_, front_);
    }

private:
    float exit(const glm::vec3& centre, const glm::vec3& direction) const {
        const float gap = kBodyGapInCells * grid_.cell;
        return test::firstExit(figure_, all_, gap, centre, direction, 0.3f);
    }

    TorsoSection section(const glm::vec3& centre, const glm::vec3& across,
                         const glm::vec3& front) const {
        return {(exit(centre, across) + exit(centre, -across)) / height_,
                (exit(centre, front) + exit(centre, -front)) / height_};
    }

    Skeleton skeleton_;
    BodyFigure figure_;
    BodyGrid grid_;
    std::vector<std::uint32_t> all_;
    float height_ = 1.0f;
    glm::vec3 hips_{0.0f};
    glm::vec3 shoulders_{0.0f};
    glm::vec3 across_{1, 0, 0};
    glm::vec3 front_{0, 0, 1};
};

std::string describeSection(const char* name, const TorsoSection& section) {
    char text[64];
    std::snprintf(text, sizeof text, "%s %.3f x %.3f", name, section.across, section.depth);
    return text;
}

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
