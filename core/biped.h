// Does a skeleton fit Character Studio's Biped BVH import (seed 001)?
//
// Biped maps a BVH file onto its fixed figure by joint name: Hips { LeftHip LeftKnee LeftAnkle,
// RightHip RightKnee RightAnkle, Chest { LeftCollar LeftShoulder LeftElbow LeftWrist,
// RightCollar RightShoulder RightElbow RightWrist, Neck Head } }, with End Sites after the
// ankles, wrists and head, some joints also accepted under an alternative name (LeftUpLeg for
// LeftHip, LeftLowArm for LeftElbow, ...), siblings in any order. Channels of other joints are
// ignored. And the figure with every rotation zero must match Biped's neutral pose: upright
// along +Z, facing -Y, left hand on +X, legs straight down, arms down at the sides.
//
// Names are compared without regard to ASCII case (3ds Max does). The pose is checked on the
// rest pose (OFFSETs, no rotation), which is what a first frame with zero rotations shows.
#pragma once

#include "rest_pose_analysis.h"
#include "skeleton.h"

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
    // When the pose differs only by the up axis: the up axis it has (Y-up files facing +Z are
    // Biped's pose in Y-up axes), so changeUpAxis(up, +Z) would make it match.
    std::optional<UpAxis> matchesAfterUpAxisChangeFrom;

    bool matches() const { return hierarchyMatches && poseMatches; }
};

BipedCheck checkBiped(const Skeleton& skeleton);

} // namespace bvh
