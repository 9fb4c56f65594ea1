// How a source's rest pose lines up with a target's, computed once before the frames: the
// reference pose of each skeleton, the turn from the source's up axis to the target's, and per
// target joint the rotation that turns its reference direction onto its source joint's.
// Internal to core/retarget (retarget.cpp); pure, never throws or prints.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/kinematics/pose.h"
#include "core/kinematics/shortest_turn.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"
#include "core/retarget/joint_matching.h"

#include <glm/ext/quaternion_double.hpp>
#include <vector>

namespace bvh::retarget_detail {

// The pose a skeleton's bones are compared in: its OFFSET rest pose, or frame 0 when the rest
// pose disagrees with its own motion about which way is up (rest_animation_agreement.h), as the
// body look does.
struct ReferencePose {
    TranslationMode translation = TranslationMode::Absolute;
    std::vector<RigidTransform> local;
    std::vector<RigidTransform> world;
    glm::dvec3 up{0.0, 1.0, 0.0}; // the file's up axis as a unit vector (stance.h)
    UpAxis upAxis = UpAxis::PositiveY;
    double height = 0.0; // the stance's figure height, file units
    bool fromFirstFrame = false;
};
ReferencePose referencePoseOf(const Skeleton& skeleton, const Motion& motion);

struct Alignment {
    glm::dquat sourceToTarget{1.0, 0.0, 0.0, 0.0}; // the turn from source up to target up
    // Per target node: the rotation (target world axes) that turns the target's reference bone
    // directions onto the source joint's (identity for unmatched nodes).
    std::vector<glm::dquat> boneTurn;
};
Alignment alignReferencePoses(const Skeleton& source, const ReferencePose& sourcePose,
                              const Skeleton& target, const ReferencePose& targetPose,
                              const JointMap& map);

// The shortest rotation taking unit vector `from` onto unit vector `to` (core/kinematics).
using bvh::shortestTurn;

} // namespace bvh::retarget_detail
