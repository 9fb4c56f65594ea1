// How a take moves, as a short vector of numbers that two takes can be compared by ("takes that
// move like this one": `bvhscope similar`, the Browser's Similar).
//
// [SECTION] Body roles
// Takes of different skeletons are compared by the joints they share by role: the hips (the
// body root: a static `joint_Root` above a travelling `Hips` is skipped), the head, both hands,
// both feet, and where each leg leaves the trunk (the heading). Roles come from joint names as
// capture tools spell them ("Hips", "mixamorig:Hips", "hip", "pelvis"; "LeftHand", "lHand",
// "Hand_L", "RightWrist"; "LeftFoot", "Foot_R", "l_ankle"), the first joint in file order
// (parents come first, so "LeftHand" before "LeftHandIndex1"); without a hips name, the first
// joint that branches three ways (pelvis: two legs and a spine).
//
// [SECTION] Features
// Frames are sampled about 15 times a second (at most kMaxFeatureSamples samples), and each
// sample gives per-frame signals measured in the body's own frame, so that nothing depends on
// where the performer stands (positions are relative to the hips), which way they face (the
// heading is the horizontal line between the legs' tops), how tall they are or the file's unit
// (lengths over the body's size: hips to head plus hips to foot along the rest pose's bones),
// the up axis (from the feet to the head over the clip, snapped to the nearest axis; the rest
// pose's guess without those joints) or the frame rate (speeds per second):
// - per end (head, hands, feet): height above the hips, forward and sideways offsets from
//   them, and speed relative to them;
// - the hips: height above the lower foot, forward, sideways and vertical velocity, and the
//   turning rate;
// - the distance between the hands and between the feet.
// Each signal gives two features: its mean and its standard deviation over the samples, so a
// take's length does not matter either. A feature whose roles the skeleton lacks is absent
// (its bit in `present` is clear) and is skipped when comparing.
//
// Pure; never throws or prints. Cost: one forward-kinematics pass per sample.
#pragma once

#include "core/analysis/frame_poses.h"
#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

enum class BodyRole : std::uint8_t {
    Hips,
    Head,
    LeftHand,
    RightHand,
    LeftFoot,
    RightFoot,
    LeftLegTop,  // the child of the hips on the way to the left foot
    RightLegTop, // the same for the right foot
};
inline constexpr std::size_t kBodyRoleCount = 8;

struct BodyRoles {
    std::array<NodeIndex, kBodyRoleCount> nodes{kNoParent, kNoParent, kNoParent, kNoParent,
                                                kNoParent, kNoParent, kNoParent, kNoParent};
    NodeIndex operator[](BodyRole role) const { return nodes[static_cast<std::size_t>(role)]; }
    bool has(BodyRole role) const { return (*this)[role] != kNoParent; }
};
BodyRoles findBodyRoles(const Skeleton& skeleton);

// 27 per-frame signals (see [SECTION] Features), each as mean and standard deviation.
inline constexpr std::size_t kMotionSignalCount = 27;
inline constexpr std::size_t kMotionFeatureCount = 2 * kMotionSignalCount;
inline constexpr std::size_t kMaxFeatureSamples = 256;
inline constexpr double kFeatureSampleRate = 15.0; // samples per second of motion

struct MotionFeatures {
    std::array<float, kMotionFeatureCount> values{};
    std::uint64_t present = 0; // bit i: values[i] was measured
    bool hasFeature(std::size_t index) const { return ((present >> index) & 1U) != 0; }
    bool empty() const { return present == 0; }
    bool operator==(const MotionFeatures&) const = default;
};

// The features of a clip. `translation` must be Absolute or Additive (resolve Auto first).
// Empty (nothing present) without frames, without a usable body size or when the motion does
// not match the skeleton.
MotionFeatures computeMotionFeatures(const Skeleton& skeleton, const Motion& motion,
                                     TranslationMode translation);

// The world positions of the role nodes per sampled frame (0 for a role the skeleton lacks).
struct MotionRoleSamples {
    std::vector<std::array<glm::dvec3, kBodyRoleCount>> samples;
    double secondsPerSample = 0.0;
};

// computeMotionFeatures in two steps, so that the frames it samples can be posed in one pass
// with another analysis's (frame_poses.h; summarize() in summary.h poses the stance's with
// them): request() names the frames (none when the clip gives no features), and features()
// gives computeMotionFeatures' result once each of them was posed. Keep the object in place
// while its request is posed: the request writes into it.
class MotionFeatureSampling {
public:
    MotionFeatureSampling(const Skeleton& skeleton, const Motion& motion,
                          TranslationMode translation);
    MotionFeatureSampling(const MotionFeatureSampling&) = delete;
    MotionFeatureSampling& operator=(const MotionFeatureSampling&) = delete;

    FramePoseRequest& request() { return request_; }
    // `skeleton`: the constructor's.
    MotionFeatures features(const Skeleton& skeleton) const;

private:
    BodyRoles roles_;
    double bodySize_ = 0.0;
    MotionRoleSamples track_;
    FramePoseRequest request_;
};

// [SECTION] Comparing
// Each feature is scaled by how much it varies over the takes compared (its standard deviation
// over them), so a feature that tells takes apart counts as much as any other whatever its
// unit. The distance is the root mean square of the scaled differences over the features both
// takes have; infinity when they share none.
struct FeatureSpread {
    std::array<float, kMotionFeatureCount> deviation{};
};
FeatureSpread measureFeatureSpread(std::span<const MotionFeatures> takes);
double motionDistance(const MotionFeatures& a, const MotionFeatures& b,
                      const FeatureSpread& spread);

// `takes` ranked by their distance from `query`, nearest first (ties in the order given), the
// spread measured over the query and the takes. Takes with no feature in common with the
// query (no features at all: a file with no motion) are left out.
struct RankedTake {
    std::size_t take = 0; // index into `takes`
    double distance = 0.0;
};
std::vector<RankedTake> rankBySimilarity(const MotionFeatures& query,
                                         std::span<const MotionFeatures> takes);

} // namespace bvh
