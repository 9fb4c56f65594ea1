// A named figure's unnamed limbs and tails are no thinner than the capsule figure draws them
// (core/body/body_figure_builder.h's kCapsuleJointShare): Bento's wings and tail.
#include "core/body/body_figure.h"
#include "core/reader/document.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_second_life_rig.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <limits>
#include <string>

namespace bvh {
namespace {

// The thinnest end of the bones from the joints named `from` (a wing's, the tail's) to their
// joint children, of what the capsule figure draws at their joints: 0.022 of its height (here
// 0.0216 of the figure's size, its height over its largest extent), at most a quarter of the
// bone's length.
float thinnestBone(const Skeleton& skeleton, const BodyFigure& figure,
                   std::initializer_list<const char*> from) {
    float thinnest = std::numeric_limits<float>::max();
    for (const char* name : from) {
        const NodeIndex parent = test::nodeNamed(skeleton, name);
        for (std::size_t child = 0; child < skeleton.nodeCount(); ++child) {
            // (A wing's fan, at its sibling's point, is one blade with it.)
            if (skeleton.parents[child] != parent || skeleton.isEndSite[child] != 0 ||
                skeleton.names[child].find("Fan") != std::string::npos) {
                continue;
            }
            const BodyVolume* volume =
                test::boneVolume(figure, parent, static_cast<NodeIndex>(child));
            EXPECT_NE(volume, nullptr) << name;
            if (volume != nullptr) {
                const float capsule = std::min(0.0216f, 0.25f * glm::length(volume->b - volume->a));
                // A wing's blade is as thick as its rim (body_volumes.h), however broad.
                const glm::vec2 radii = volume->rim > 0.0f
                                            ? glm::vec2(volume->rim)
                                            : glm::vec2(volume->radiusA, volume->radiusB);
                thinnest = std::min({thinnest, radii.x / capsule, radii.y / capsule});
            }
        }
    }
    return thinnest;
}

// Main's were 0.0013 (a wing's tip) and 0.0016 (the tail's) of the figure's size: 0.06 and 0.12
// of the capsules'.
TEST(BodyFigureBones, BentosWingsAndTailAreNoThinnerThanItsCapsules) {
    const Document document = parseDocument(test::secondLifeBentoWalkText(13));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, {});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const std::string side : {"Left", "Right"}) {
        const std::string w = "mWing";
        EXPECT_GE(thinnestBone(skeleton, figure,
                               {(w + "1" + side).c_str(), (w + "2" + side).c_str(),
                                (w + "3" + side).c_str()}),
                  0.99f)
            << side;
    }
    EXPECT_GE(thinnestBone(skeleton, figure, {"mTail1", "mTail2", "mTail3", "mTail4", "mTail5"}),
              0.99f);
}

} // namespace
} // namespace bvh
