// A capture posed as a device's skeleton, for `bvhscope serve --format vmc|mocopi`: Unity's
// humanoid (what a VMC sender sends) or Sony mocopi's 27 joints.
//
// Which capture joint drives which device bone comes from the retargeting roles
// (core/retarget/rig_roles.h), so any naming scheme maps: hips, the spine chain (its last joint,
// the chest, is Unity's UpperChest / mocopi's torso_7), the neck chain, head, clavicles, arms,
// legs, toes and (Unity only) fingers. A device bone no joint drives ("virtual") sits where its
// parent is, with no rotation of its own: mocopi has 7 torso bones where a capture has 2 to 4,
// and it sends all 27. A joint no device bone takes (CMU's LHipJoint, a third neck joint) is not
// sent: its rotation is lost, and the bones below it are placed by their rest offsets from the
// nearest mapped joint (unmappedJoints() names them).
//
// Space: the device's is right-handed, Y up, metres (VMC's writer mirrors it into Unity's
// left-handed space). The capture's up axis turns to +Y and its unit becomes metres
// (core/analysis/rest_pose_analysis.h's guesses; a figure of unknown unit is scaled to 1.7 m).
// The capture's rest pose (every rotation zero) is the device's rest pose: every local rotation
// is then the identity. The facing is kept: a capture facing +Z faces +Z, its left stays left.
//
// Pure: no I/O, never throws (except std::bad_alloc).
#pragma once

#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <glm/ext/quaternion_double.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::cli {

enum class DeviceSkeleton { UnityHumanoid, Mocopi };

// A device bone's transform: local to its device parent, or in the world for the root.
struct DeviceBonePose {
    glm::dvec3 position{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};
};

class DevicePoser {
public:
    // nullopt with `error` ("no joint for the left hand, the right foot") when the capture has
    // no joint for a bone every device figure needs: hips, spine, head, each arm's upper arm,
    // forearm and hand, each leg's thigh, shin and foot.
    static std::optional<DevicePoser> create(const bvh::Skeleton& skeleton,
                                             const bvh::Motion& motion, DeviceSkeleton device,
                                             std::string& error);

    // Device bones: kUnityHumanoidBones or kMocopiBones, in the device's order (parents first).
    std::size_t boneCount() const { return parents_.size(); }
    int parentOf(std::size_t bone) const { return parents_[bone]; } // -1 for the root
    // Whether a capture joint drives `bone` (a VMC sender sends only those).
    bool driven(std::size_t bone) const { return sources_[bone] != bvh::kNoParent; }
    // Each bone's rest offset from its device parent (the root's: its rest world position).
    const std::vector<glm::dvec3>& restOffsets() const { return restOffsets_; }
    // Capture joints (not End Sites) no device bone takes, by name.
    const std::vector<std::string>& unmappedJoints() const { return unmappedJoints_; }

    // Every bone's pose at capture frame `frame`: the root's world transform, every other
    // bone's rotation local to its parent with its rest offset as position. `poses` is resized.
    void pose(std::uint32_t frame, std::vector<DeviceBonePose>& poses);

private:
    void computeRest();
    void worldPose(std::uint32_t frame);

    const bvh::Skeleton* skeleton_ = nullptr;
    const bvh::Motion* motion_ = nullptr;
    bvh::TranslationMode mode_ = bvh::TranslationMode::Additive;
    glm::dquat toDeviceRotation_{1.0, 0.0, 0.0, 0.0}; // the capture's up axis to +Y
    double metresPerUnit_ = 1.0;
    std::vector<int> parents_;
    std::vector<bvh::NodeIndex> sources_; // per device bone, kNoParent when virtual
    std::vector<glm::dvec3> restOffsets_;
    std::vector<std::string> unmappedJoints_;
    // Scratch, per capture node and per device bone.
    std::vector<bvh::RigidTransform> local_;
    std::vector<bvh::RigidTransform> world_;
    std::vector<bvh::RigidTransform> deviceWorld_;
};

} // namespace bvhscope::cli
