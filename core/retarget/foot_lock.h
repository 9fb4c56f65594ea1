// Feet that are planted in the source stay planted on the target (`retarget --feet lock`, the
// default). Where core/analysis/foot_contacts finds a source foot's ankle in contact, the target
// leg gets a two-bone IK (thigh and shin turned, the foot keeping its world rotation) that holds
// its ankle where it was at the contact's first frame. The hold is blended in and out over
// kFootLockBlendSeconds at the contact's ends (a contact that runs from the clip's start or to
// its end is held fully there), so a foot eases into its plant instead of snapping. Internal to
// core/retarget; pure, never throws or prints.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"
#include "core/retarget/joint_matching.h"

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

inline constexpr double kFootLockBlendSeconds = 0.1;

struct FootLockLeg {
    NodeIndex thigh = kNoParent; // target nodes: thigh, its child shin, its child foot
    NodeIndex shin = kNoParent;
    NodeIndex foot = kNoParent;
    std::vector<float> weight; // per frame: 0 free, 1 held (blended at the contact's ends)
    std::vector<std::uint32_t> contactStart; // per frame: the first frame of its contact
};

struct FootLockPlan {
    std::vector<FootLockLeg> legs;
};

// The hold weights of each target leg whose foot's source joint is in contact. `sourceUp` and
// `sourceHeight` are the source's stance (up axis, figure height in file units).
FootLockPlan planFootLock(const Skeleton& source, const Motion& motion,
                          TranslationMode sourceTranslation, UpAxis sourceUp, double sourceHeight,
                          const Skeleton& target, const RigRoles& targetRoles, const JointMap& map);

// Per frame a hold weight from contact flags: 1 inside a contact, rising over `blendFrames` from
// its start and falling over them to its end (not at the clip's ends); 0 outside.
std::vector<float> footLockWeights(std::span<const std::uint8_t> contact,
                                   std::uint32_t blendFrames);

// Turns thigh and shin (world rotations in `world`, local ones in `local`) so the foot's joint
// reaches `goal` as nearly as the leg's length allows; the foot keeps its world rotation.
// `world` must be the forward kinematics of `local`; both are updated for the three joints.
void solveTwoBoneLeg(const Skeleton& skeleton, const FootLockLeg& leg, const glm::dvec3& goal,
                     std::span<RigidTransform> local, std::span<RigidTransform> world);

// Applies the plan to one frame: `planted` holds, per leg, the ankle's place at its contact's
// first frame (written there, read afterwards).
void lockFeet(const Skeleton& skeleton, const FootLockPlan& plan, std::uint32_t frame,
              std::vector<glm::dvec3>& planted, std::span<RigidTransform> local,
              std::span<RigidTransform> world);

} // namespace bvh
