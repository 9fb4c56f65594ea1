#include "app/scene/start_alignment.h"

#include "core/analysis/stance.h"
#include "core/kinematics/pose.h"

#include <cmath>
#include <vector>

namespace bvhscope::scene {

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
        bvh::facingOfPose(skeleton, world, character.axes.upAxis, character.axes.stance.staticRoots,
                          nullptr, character.axes.stance.goalBranches);
    if (!front) {
        return std::nullopt;
    }
    const glm::dvec3 viewer = glm::dvec3(character.axes.fileToViewer * glm::dvec4(*front, 0.0));
    if (std::hypot(viewer.x, viewer.z) < 1e-9) {
        return std::nullopt;
    }
    return static_cast<float>(std::atan2(viewer.x, viewer.z));
}

float headingToFace(const Character& moved, const Character& fixed) {
    const std::optional<float> fixedHeading = startHeading(fixed);
    const std::optional<float> movedHeading = startHeading(moved);
    return fixedHeading && movedHeading ? fixed.arrangement.heading + *fixedHeading - *movedHeading
                                        : 0.0f;
}

void alignStartWith(Character& moved, const Character& fixed) {
    moved.arrangement.heading = headingToFace(moved, fixed);
    // The turn is about moved.startGround, so that point only needs moving onto fixed's, placed.
    const Placement fixedPlacement{fixed.arrangement.placement, fixed.arrangement.heading,
                                   fixed.axes.startGround};
    const glm::vec3 target = fixedPlacement.apply(fixed.axes.startGround);
    moved.arrangement.placement =
        glm::vec3(target.x - moved.axes.startGround.x, fixed.arrangement.placement.y,
                  target.z - moved.axes.startGround.z);
}

} // namespace bvhscope::scene
