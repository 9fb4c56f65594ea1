// The wrist (core/body/body_figure_extremities.cpp): a hand, its palm and its fingers' bones
// through the palm start no thicker than the forearm ends, so no bump shows at the wrist.
#include "core/body/body_figure.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_test_skeletons.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

// The surface's largest reach from `centre` across `axis` (normalised), over 24 directions.
float reachAcross(const test::PlannedFigure& planned, const glm::vec3& centre,
                  const glm::vec3& axis) {
    const glm::vec3 first = glm::normalize(
        glm::cross(axis, std::abs(axis.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0)));
    const glm::vec3 second = glm::cross(axis, first);
    float most = 0.0f;
    for (int k = 0; k < 24; ++k) {
        const float angle = 6.2831853f * static_cast<float>(k) / 24.0f;
        const glm::vec3 direction = std::cos(angle) * first + std::sin(angle) * second;
        most = std::max(most, test::surfaceReach(planned, centre, direction));
    }
    return most;
}

// Across the wrist the surface reaches no farther than `allowance` (cm) beyond the forearm a
// centimetre before it, on either side of the figure (`prefix`: Left, Right), so the hand does not
// start with a bump.
void expectNoBumpAtTheWrists(const std::string& text, const BodyOptions& options, float allowance) {
    const test::PlannedFigure planned = test::planFigure(text, options);
    const Skeleton& skeleton = planned.skeleton;
    const auto cm = static_cast<float>(1.0 / planned.figure.size);
    for (const char* side : {"Left", "Right"}) {
        const std::string prefix = std::string("mixamorig:") + side;
        const glm::vec3 elbow =
            test::normalised(planned.figure, test::nodeNamed(skeleton, prefix + "ForeArm"));
        const glm::vec3 wrist =
            test::normalised(planned.figure, test::nodeNamed(skeleton, prefix + "Hand"));
        const glm::vec3 along = glm::normalize(wrist - elbow);
        const float forearm = reachAcross(planned, wrist - along * cm, along);
        for (const float past : {0.0f, 0.5f, 1.0f}) {
            const float hand = reachAcross(planned, wrist + along * (past * cm), along);
            EXPECT_LE(hand, forearm + allowance * cm)
                << side << " hand, " << past << " cm past the wrist: " << hand / cm
                << " cm against the forearm's " << forearm / cm;
        }
    }
}

// The generated Mixamo biped (forearm 28 cm, hand 25 cm to its fingers, along +X and -X): its
// palm's wrist end, 3.2 cm half-wide, blended with the forearm's 3.3 cm into a 3.5 cm bump. As one
// surface (BodyOptions::handPieces off, and the builder's fallback when a hand's piece does not
// close) the hand starts no thicker than the forearm ends.
TEST(BodyWrist, AMixamoPalmStartsNoThickerThanItsForearmEnds) {
    BodyOptions oneSurface;
    oneSurface.handPieces = false;
    expectNoBumpAtTheWrists(test::mixamoBipedText(), oneSurface, 0.0f);
}

// With the hands as pieces of their own (BodyOptions::handPieces) the palm is shaped as the hand's
// finer cells resolve it (body_figure_extremities.cpp's palmShape: kPalmWidthPerSpread), and the
// field reaches 3.4015 cm a centimetre past the wrist against the forearm's 3.3927: 0.09 mm, a
// quarter of a percent, where the bump this guards against was 2 mm. (The mesh's wrist is then the
// cuff's, body_hand_pieces.cpp: the forearm's own cone a tenth of a cell thinner.)
TEST(BodyWrist, AMixamoPalmOfAHandPieceStartsWithinAFifthOfAMillimetreOfItsForearm) {
    BodyOptions pieces;
    pieces.handPieces = true;
    expectNoBumpAtTheWrists(test::mixamoBipedText(), pieces, 0.02f);
}

} // namespace
} // namespace bvh
