#include "app/cli/device_pose.h"

#include "core/analysis/pose_difference.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/live/mocopi_fields.h"
#include "core/live/unity_humanoid.h"
#include "core/retarget/rig_roles.h"

#include <algorithm>
#include <array>
#include <glm/gtc/quaternion.hpp>
#include <map>

namespace bvhscope::cli {
namespace {

using bvh::kNoParent;
using bvh::NodeIndex;

// [SECTION] The capture's joints by role

struct CaptureSide {
    NodeIndex clavicle = kNoParent, upperArm = kNoParent, forearm = kNoParent, hand = kNoParent;
    NodeIndex thigh = kNoParent, shin = kNoParent, foot = kNoParent, toes = kNoParent;
    std::map<std::pair<std::string, int>, NodeIndex> fingers; // (finger, joint from 1)
};

struct CaptureRoles {
    NodeIndex hips = kNoParent;
    NodeIndex head = kNoParent;
    std::vector<NodeIndex> spine;     // from the hips (excluded) to the chest (included)
    std::vector<NodeIndex> neck;      // from the chest (excluded) to the head (excluded)
    std::array<CaptureSide, 2> sides; // left, right
};

// The first joint of a role keeps it (a second foot-like joint is not the foot).
void keepFirst(NodeIndex& slot, NodeIndex node) {
    if (slot == kNoParent) {
        slot = node;
    }
}

void addSideRole(CaptureSide& side, const bvh::RigJointRole& role, NodeIndex node) {
    switch (role.role) {
    case bvh::RigRole::Clavicle:
        keepFirst(side.clavicle, node);
        break;
    case bvh::RigRole::UpperArm:
        keepFirst(side.upperArm, node);
        break;
    case bvh::RigRole::Forearm:
        keepFirst(side.forearm, node);
        break;
    case bvh::RigRole::Hand:
        keepFirst(side.hand, node);
        break;
    case bvh::RigRole::Thigh:
        keepFirst(side.thigh, node);
        break;
    case bvh::RigRole::Shin:
        keepFirst(side.shin, node);
        break;
    case bvh::RigRole::Foot:
        keepFirst(side.foot, node);
        break;
    case bvh::RigRole::Toes:
        keepFirst(side.toes, node);
        break;
    case bvh::RigRole::Finger:
        side.fingers.try_emplace({role.finger, role.fingerJoint}, node);
        break;
    default:
        break;
    }
}

// The nodes from `node` up to the root, `node` first.
std::vector<NodeIndex> ancestry(const bvh::Skeleton& skeleton, NodeIndex node) {
    std::vector<NodeIndex> chain;
    for (; node != kNoParent; node = skeleton.parents[static_cast<std::size_t>(node)]) {
        chain.push_back(node);
    }
    return chain;
}

// A figure whose legs hang from a "Hips" joint beside the spine, both under the root
// (MakeHuman: Root > Spine1..3 and Root > Hips > legs), has no spine from its hips (the feet's
// common ancestor) to its chest (the hands'). Then the device's hips are the joint both hang
// from, and its spine the path from there to the chest.
void spineBesideTheHips(const bvh::Skeleton& skeleton, CaptureRoles& capture) {
    const NodeIndex leftHand = capture.sides[0].hand;
    const NodeIndex rightHand = capture.sides[1].hand;
    if (!capture.spine.empty() || capture.hips == kNoParent || leftHand == kNoParent ||
        rightHand == kNoParent) {
        return;
    }
    const std::vector<NodeIndex> left = ancestry(skeleton, leftHand);
    const std::vector<NodeIndex> right = ancestry(skeleton, rightHand);
    const auto chest = std::find_first_of(left.begin(), left.end(), right.begin(), right.end());
    const std::vector<NodeIndex> hips = ancestry(skeleton, capture.hips);
    if (chest == left.end()) {
        return;
    }
    const std::vector<NodeIndex> chestUp(chest, left.end());
    const auto top = std::find_first_of(chestUp.begin(), chestUp.end(), hips.begin(), hips.end());
    if (top == chestUp.end() || top == chestUp.begin()) {
        return;
    }
    capture.hips = *top;
    capture.spine.assign(std::make_reverse_iterator(top), chestUp.rend());
}

CaptureRoles captureRoles(const bvh::Skeleton& skeleton) {
    const bvh::RigRoles roles = bvh::findRigRoles(skeleton);
    CaptureRoles capture;
    capture.hips = roles.hips;
    std::vector<std::pair<double, NodeIndex>> spine;
    std::vector<std::pair<double, NodeIndex>> neck;
    for (std::size_t node = 0; node < roles.joints.size(); ++node) {
        const bvh::RigJointRole& role = roles.joints[node];
        const auto index = static_cast<NodeIndex>(node);
        if (role.role == bvh::RigRole::Spine) {
            spine.emplace_back(role.chainShare, index);
        } else if (role.role == bvh::RigRole::Neck) {
            neck.emplace_back(role.chainShare, index);
        } else if (role.role == bvh::RigRole::Head) {
            keepFirst(capture.head, index);
        } else if (role.side != bvh::RigSide::Centre) {
            addSideRole(capture.sides[role.side == bvh::RigSide::Left ? 0 : 1], role, index);
        }
    }
    std::sort(spine.begin(), spine.end());
    std::sort(neck.begin(), neck.end());
    for (const auto& [share, node] : spine) {
        capture.spine.push_back(node);
    }
    for (const auto& [share, node] : neck) {
        capture.neck.push_back(node);
    }
    spineBesideTheHips(skeleton, capture);
    return capture;
}

// "" or what a device figure needs and the capture lacks, in words.
std::string missingRoles(const CaptureRoles& capture) {
    std::vector<std::string> missing;
    const auto need = [&](NodeIndex node, std::string what) {
        if (node == kNoParent) {
            missing.push_back(std::move(what));
        }
    };
    need(capture.hips, "the hips");
    need(capture.spine.empty() ? kNoParent : capture.spine.front(), "the spine");
    need(capture.head, "the head");
    for (std::size_t side = 0; side < 2; ++side) {
        const CaptureSide& joints = capture.sides[side];
        const std::string name = side == 0 ? "the left " : "the right ";
        need(joints.upperArm, name + "upper arm");
        need(joints.forearm, name + "forearm");
        need(joints.hand, name + "hand");
        need(joints.thigh, name + "thigh");
        need(joints.shin, name + "shin");
        need(joints.foot, name + "foot");
    }
    std::string text;
    for (const std::string& what : missing) {
        text += (text.empty() ? "" : ", ") + what;
    }
    return text;
}

// [SECTION] Device skeletons

std::vector<NodeIndex> unitySources(const CaptureRoles& capture, std::vector<int>& parents) {
    std::vector<NodeIndex> sources(bvh::live::kUnityHumanoidBones, kNoParent);
    for (const bvh::live::UnityHumanoidBone& bone : bvh::live::kUnityHumanoid) {
        parents.push_back(bone.parent);
    }
    const auto set = [&](std::string_view name, NodeIndex node) {
        sources[*bvh::live::unityHumanoidBone(name)] = node;
    };
    set("Hips", capture.hips);
    const std::vector<NodeIndex>& spine = capture.spine;
    set("Spine", spine.front());
    if (spine.size() == 2) {
        set("Chest", spine[1]);
    } else if (spine.size() >= 3) {
        set("Chest", spine[spine.size() - 2]);
        set("UpperChest", spine.back());
    }
    set("Neck", capture.neck.empty() ? kNoParent : capture.neck.front());
    set("Head", capture.head);
    constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kFingers{
        {{"thumb", "Thumb"},
         {"index", "Index"},
         {"middle", "Middle"},
         {"ring", "Ring"},
         {"pinky", "Little"}}};
    constexpr std::array<std::string_view, 3> kPhalanges{"Proximal", "Intermediate", "Distal"};
    for (std::size_t side = 0; side < 2; ++side) {
        const CaptureSide& joints = capture.sides[side];
        const std::string prefix = side == 0 ? "Left" : "Right";
        set(prefix + "Shoulder", joints.clavicle);
        set(prefix + "UpperArm", joints.upperArm);
        set(prefix + "LowerArm", joints.forearm);
        set(prefix + "Hand", joints.hand);
        set(prefix + "UpperLeg", joints.thigh);
        set(prefix + "LowerLeg", joints.shin);
        set(prefix + "Foot", joints.foot);
        set(prefix + "Toes", joints.toes);
        for (const auto& [finger, unityFinger] : kFingers) {
            for (int joint = 1; joint <= 3; ++joint) {
                const auto found = joints.fingers.find({std::string(finger), joint});
                if (found != joints.fingers.end()) {
                    set(prefix + std::string(unityFinger) +
                            std::string(kPhalanges[static_cast<std::size_t>(joint - 1)]),
                        found->second);
                }
            }
        }
    }
    return sources;
}

// Sony's tree by bone id (kMocopiBoneNames): root; torso_1..7 a chain; neck_1, neck_2, head on
// torso_7; each arm's shoulder on torso_7; each leg's up_leg on the root.
std::vector<int> mocopiParents() {
    std::vector<int> parents{-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (const int shoulder : {11, 15}) {
        parents.insert(parents.end(), {7, shoulder, shoulder + 1, shoulder + 2});
    }
    for (const int upLeg : {19, 23}) {
        parents.insert(parents.end(), {0, upLeg, upLeg + 1, upLeg + 2});
    }
    return parents;
}

std::vector<NodeIndex> mocopiSources(const CaptureRoles& capture, std::vector<int>& parents) {
    parents = mocopiParents();
    std::vector<NodeIndex> sources(bvh::live::kMocopiBones, kNoParent);
    sources[0] = capture.hips;
    // torso_1.. take the spine from the hips up; torso_7 is always the chest, which carries the
    // neck and the shoulders. Torso bones between them that no joint fills are virtual.
    const std::size_t lower = std::min<std::size_t>(capture.spine.size() - 1, 6);
    for (std::size_t torso = 0; torso < lower; ++torso) {
        sources[1 + torso] = capture.spine[torso];
    }
    sources[7] = capture.spine.back();
    for (std::size_t neck = 0; neck < std::min<std::size_t>(capture.neck.size(), 2); ++neck) {
        sources[8 + neck] = capture.neck[neck];
    }
    sources[10] = capture.head;
    for (std::size_t side = 0; side < 2; ++side) {
        const CaptureSide& joints = capture.sides[side];
        const std::size_t arm = side == 0 ? 11 : 15;
        const std::size_t leg = side == 0 ? 19 : 23;
        sources[arm] = joints.clavicle;
        sources[arm + 1] = joints.upperArm;
        sources[arm + 2] = joints.forearm;
        sources[arm + 3] = joints.hand;
        sources[leg] = joints.thigh;
        sources[leg + 1] = joints.shin;
        sources[leg + 2] = joints.foot;
        sources[leg + 3] = joints.toes;
    }
    return sources;
}

} // namespace

// [SECTION] Posing

std::optional<DevicePoser> DevicePoser::create(const bvh::Skeleton& skeleton,
                                               const bvh::Motion& motion, DeviceSkeleton device,
                                               std::string& error) {
    const CaptureRoles capture = captureRoles(skeleton);
    if (const std::string missing = missingRoles(capture); !missing.empty()) {
        error = "no joint for " + missing;
        return std::nullopt;
    }
    DevicePoser poser;
    poser.skeleton_ = &skeleton;
    poser.motion_ = &motion;
    poser.mode_ = bvh::resolveTranslationMode(bvh::TranslationMode::Auto, skeleton, motion);
    poser.sources_ = device == DeviceSkeleton::UnityHumanoid
                         ? unitySources(capture, poser.parents_)
                         : mocopiSources(capture, poser.parents_);
    const bvh::RestPoseAnalysis rest = bvh::analyzeRestPose(skeleton);
    poser.toDeviceRotation_ =
        glm::quat_cast(glm::dmat3(bvh::metresTransform(rest.upAxis, bvh::LengthUnit::Metre)));
    poser.metresPerUnit_ = rest.unit != bvh::LengthUnit::Unknown ? bvh::metresPerUnit(rest.unit)
                           : rest.height > 0.0                   ? 1.7 / rest.height
                                                                 : 1.0;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (skeleton.isEndSite[node] == 0 &&
            std::find(poser.sources_.begin(), poser.sources_.end(), static_cast<NodeIndex>(node)) ==
                poser.sources_.end()) {
            poser.unmappedJoints_.push_back(skeleton.names[node]);
        }
    }
    poser.computeRest();
    return poser;
}

void DevicePoser::computeRest() {
    local_.resize(skeleton_->nodeCount());
    world_.resize(skeleton_->nodeCount());
    bvh::computeRestTransforms(*skeleton_, local_);
    bvh::computeWorldTransforms(*skeleton_, local_, world_);
    std::vector<glm::dvec3> restWorld(parents_.size());
    restOffsets_.assign(parents_.size(), glm::dvec3(0.0));
    for (std::size_t bone = 0; bone < parents_.size(); ++bone) {
        const int parent = parents_[bone];
        restWorld[bone] =
            sources_[bone] != kNoParent
                ? metresPerUnit_ * (toDeviceRotation_ *
                                    world_[static_cast<std::size_t>(sources_[bone])].translation)
                : restWorld[static_cast<std::size_t>(std::max(parent, 0))];
        restOffsets_[bone] = parent < 0
                                 ? restWorld[bone]
                                 : restWorld[bone] - restWorld[static_cast<std::size_t>(parent)];
    }
}

void DevicePoser::worldPose(std::uint32_t frame) {
    bvh::computeLocalTransforms(*skeleton_, motion_->frame(frame), mode_, local_);
    bvh::computeWorldTransforms(*skeleton_, local_, world_);
    deviceWorld_.resize(parents_.size());
    const glm::dquat toDevice = toDeviceRotation_;
    for (std::size_t bone = 0; bone < parents_.size(); ++bone) {
        if (sources_[bone] == kNoParent) {
            // Virtual: where its parent is, turned as it is (the root is always driven).
            deviceWorld_[bone] = deviceWorld_[static_cast<std::size_t>(parents_[bone])];
            continue;
        }
        const bvh::RigidTransform& joint = world_[static_cast<std::size_t>(sources_[bone])];
        // A rotation in the capture's axes, expressed in the device's (conjugated), so that the
        // rest pose, every rotation the identity, stays the identity.
        deviceWorld_[bone].rotation = toDevice * joint.rotation * glm::conjugate(toDevice);
        deviceWorld_[bone].translation = metresPerUnit_ * (toDevice * joint.translation);
    }
}

void DevicePoser::pose(std::uint32_t frame, std::vector<DeviceBonePose>& poses) {
    worldPose(frame);
    poses.resize(parents_.size());
    for (std::size_t bone = 0; bone < parents_.size(); ++bone) {
        const int parent = parents_[bone];
        if (parent < 0) {
            poses[bone] = {deviceWorld_[bone].translation, deviceWorld_[bone].rotation};
            continue;
        }
        const glm::dquat parentRotation = deviceWorld_[static_cast<std::size_t>(parent)].rotation;
        poses[bone].position = restOffsets_[bone];
        poses[bone].rotation =
            glm::normalize(glm::inverse(parentRotation) * deviceWorld_[bone].rotation);
    }
}

} // namespace bvhscope::cli
