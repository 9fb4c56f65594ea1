// The full Second Life Bento skeleton walking (tests/core/body/body_second_life_rig.h): its
// spine's folded helpers bending and unbending, its wings, tail and hind limbs still. Its body
// holds under linear blending at every grid phase, as it did before this rig was written (phase
// 0: 100 % of edges within 4x, the worst 2.2x; convert --body at the first, middle and last
// frame), and its helpers' folds leave the torso whole.
#include "core/body/body_builder.h"
#include "core/reader/document.h"
#include "tests/core/body/body_second_life_rig.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_stretch_ensemble.h"

#include <algorithm>
#include <gtest/gtest.h>

namespace bvh {
namespace {

TEST(BodySecondLife, ABentoWalkHoldsUnderLinearBlendingAtEveryGridPhase) {
    for (const bool helpersTurn : {true, false}) {
        const Document document =
            parseDocument(test::secondLifeBentoWalkText(13, 100.0, helpersTurn));
        ASSERT_TRUE(document.loaded());
        const std::vector<double> worst =
            test::overGridPhases(document.skeleton, [&](const BodyResult& body) {
                return body.mesh == nullptr
                           ? 1e9
                           : test::linearStretchOverFrames(document, *body.mesh).worst;
            });
        EXPECT_LE(*std::max_element(worst.begin(), worst.end()), 4.0) << helpersTurn;
    }
}

} // namespace
} // namespace bvh
