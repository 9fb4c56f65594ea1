// Does a skeleton fit Character Studio's Biped BVH import (seed 001)?
//
// Biped maps a BVH file onto its fixed figure by joint name: Hips { LeftHip LeftKnee LeftAnkle,
// RightHip RightKnee RightAnkle, Chest { LeftCollar LeftShoulder LeftElbow LeftWrist,
// RightCollar RightShoulder RightElbow RightWrist, Neck Head } }, with End Sites after the
// ankles, wrists and head, some joints also accepted under an alternative name (LeftUpLeg for
// LeftHip, LeftLowArm for LeftElbow, ...), siblings in any order. Channels of other joints are
// ignored. And the figure with every rotation zero must match Biped's neutral pose.
//
// Which axes that pose is in: seed 001 describes the new Biped in 3ds Max's world, which is
// Z-up: "upright along the +Z axis, facing forward along the -Y axis, left hand on the +X axis",
// legs straight down, arms down at the sides. A BVH file does not use those axes. The seed's own
// "Example Biped-supported BVH File" is Y-up: its legs hang along -Y (LeftKnee OFFSET 0 -18.47
// 0), the spine and head rise along +Y, the left hip is on +X, the collars sit forward on +Z,
// and the first frame puts the hips 39.88 up on Y. That file is Biped's neutral pose only if the
// import turns BVH's Y-up into Max's Z-up with a quarter turn about X (+Y -> +Z, +Z -> -Y, X
// kept), so the neutral pose in the file's own axes is: upright along +Y, left side on +X,
// facing +Z (BioVision's convention) - which is what this check expects. A file written in Max's
// axes (+Z up, facing -Y) is reported as differing, with the cure: re-express it Y-up
// (matchesAfterUpAxisChangeFrom, `bvhscope convert --up y`).
//
// Names are compared without regard to ASCII case (3ds Max does). The pose is checked on the
// rest pose (OFFSETs, no rotation), which is what a first frame with zero rotations shows.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/model/skeleton.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

struct BipedJoint {
    std::string_view name;
    std::string_view alternative; // "" when Biped accepts only `name`
    std::string_view parent;      // "" for Hips, the ROOT
    bool hasEndSite = false;
};

// The 18 joints of seed 001's hierarchy, parents before children.
std::span<const BipedJoint> bipedHierarchy();

struct BipedCheck {
    // Hierarchy: every Biped joint present (under its name or alternative) with the right
    // parent and its End Site. Extra joints do not break the match (Biped ignores them) unless
    // they sit between two Biped joints, which then shows as a wrong parent.
    bool hierarchyMatches = false;
    std::vector<std::string> missing;   // "LeftKnee (LeftLowLeg)", "End Site under Head"
    std::vector<std::string> misplaced; // "LeftHand: child of LeftForeArm, Biped expects ..."
    std::vector<std::string> extra;     // joints Biped does not know, in skeleton order
    // Channel layouts other than the spec's (6 channels on Hips, Zrotation Xrotation Yrotation
    // everywhere): reported for information, they do not decide the match.
    std::vector<std::string> channelNotes;

    // Neutral pose, from the joints found. poseChecked is false when too few were found.
    bool poseChecked = false;
    bool poseMatches = false;
    std::string poseSummary;                  // "upright along +Y, left on +X, facing +Z"
    std::vector<std::string> poseDifferences; // what differs, one sentence each
    // When the pose differs only by the up axis: the up axis it has (a Z-up file facing -Y is
    // Biped's pose written in 3ds Max's axes), so changeUpAxis(up, +Y) would make it match.
    std::optional<UpAxis> matchesAfterUpAxisChangeFrom;

    bool matches() const { return hierarchyMatches && poseMatches; }
};

// Biped's neutral pose in a BVH file's axes, as checkBiped expects it and reports print it.
inline constexpr UpAxis kBipedUpAxis = UpAxis::PositiveY;
inline constexpr std::string_view kBipedNeutralPose =
    "upright along +Y, left side on +X, facing +Z";

BipedCheck checkBiped(const Skeleton& skeleton);

} // namespace bvh
