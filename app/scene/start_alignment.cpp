#include "app/scene/start_alignment.h"

#include "core/analysis/stance.h"
#include "core/kinematics/pose.h"

#include <cmath>
#include <vector>

namespace bvhscope::viewer {

std::optional<float> startHeading(const Character& character) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const bvh::Motion& motion = character.clip->document.motion;
    if (motion.frameCount == 0 || character.loading()) {
        return std::nullopt;
    }
    std::vector<bvh::RigidTransform> local(skeleton.nodeCount());
    std::vector<bvh::RigidTransform> world(skeleton.nodeCount());
    bvh::computeLocalTransforms(skeleton, motion.frame(0), character.clip->translation, local);
    bvh::computeWorldTransforms(skeleton, local, world);
    const std::optional<glm::dvec3> front =
        bvh::facingOfPose(skeleton, world, character.upAxis, character.stance.staticRoots);
    if (!front) {
        return std::nullopt;
    }
    const glm::dvec3 viewer = glm::dvec3(character.fileToViewer * glm::dvec4(*front, 0.0));
    if (std::hypot(viewer.x, viewer.z) < 1e-9) {
        return std::nullopt;
    }
    return static_cast<float>(std::atan2(viewer.x, viewer.z));
}

float headingToFace(const Character& moved, const Character& fixed) {
    const std::optional<float> fixedHeading = startHeading(fixed);
    const std::optional<float> movedHeading = startHeading(moved);
    return fixedHeading && movedHeading ? fixed.heading + *fixedHeading - *movedHeading : 0.0f;
}

void alignStartWith(Character& moved, const Character& fixed) {
    moved.heading = headingToFace(moved, fixed);
    // The turn is about moved.startGround, so that point only needs moving onto fixed's, placed.
    const Placement fixedPlacement{fixed.placement, fixed.heading, fixed.startGround};
    const glm::vec3 target = fixedPlacement.apply(fixed.startGround);
    moved.placement = glm::vec3(target.x - moved.startGround.x, fixed.placement.y,
                                target.z - moved.startGround.z);
}

} // namespace bvhscope::viewer
