// How a clip stands: which way is up, which way the figure faces, where its ground is, and
// which roots are static links. The one decision the viewer, `bvhscope render`, folder
// thumbnails, contact sheets and `bvhscope info` all use.
//
// [SECTION] Up axis
// Up is what gravity does over the clip, for any creature: the lowest points of the figure rest
// on a level plane that the body rises from. For each of the six signed axes the sampled frames
// give two measures, both relative to the body:
// - stillness: how fast the figure's lowest node along that axis moves, against the mean speed
//   of all nodes (median over frames), each over about a tenth of a second (frame to frame at
//   100 Hz, a solver's jitter would outweigh the motion). Along up, the lowest node is a planted
//   foot (a hoof, a crab's leg tip) and barely moves; along down, it is the head or back, which
//   moves with the body; along a horizontal axis it is whatever leads or trails (a swinging foot, a
//   hand).
// - floor spread: how much the lowest level along the axis varies over the clip (80th - 20th
//   percentile), against the body's size. Along up it stays at the ground; along a horizontal
//   axis it wanders as the figure travels and turns.
// - ends: how many leaves (End Sites, childless joints) come down to that floor over the clip.
//   A floor is reached by several (two feet, four hooves, a crab's legs); the top of a figure
//   often by one (the head): a single end adds kSingleEndPenalty.
// The cost of an axis is stillness + 2 x spread (+ the penalty); the motion's cheapest axis
// is decisive when every other axis costs at least kDecisiveMargin more. Joints that ride on the
// joint above them (riding_joints.h: a face rig's hundred still helpers under the head, fingers
// held still) carry no mass and do not vote: they count neither in the mean speed nor in the
// node count below (kMinimumFigureNodes), and all that rides on one joint is one end, that
// joint's (they stay in the figure's extremes: a tail held still still trails it).
// Motion alone misleads on captures a person plainly calls upright: a body hanging from a
// headset (SlimeVR: ROOT HMD) whose feet are the far end of every chain and slide and jitter
// with the head, an idle whose steadiest extreme is a hand or the head, a solver's noise on a
// clip that barely moves. So the anatomy comes first where the skeleton names it: over the
// sampled frames, the mean of the unit directions from the feet to the head and from each foot
// up its leg to where the leg leaves the trunk (found by topology, so any joint may be the
// root). Legs hang to the ground in a stand, a walk, a crouch and on four legs; the head says
// more when sitting. When that mean lies at least kStrongAnatomy along one axis, that axis is
// up (UpAxisSource::Anatomy, or Motion when the motion decisively agrees), whatever the motion
// says: a performer hanging from a bar or a figure walking past the camera alike. A weaker
// anatomy (a cartwheel, a roll) is weighed with the motion: cost - kAnatomyWeight x the
// anatomy's share along the axis. Without anatomy (unnamed rigs, animals with plain bone
// names) the motion decides; a clip too still to say leaves several axes close, and among them
// the floor that most ends reach, at least kManyEndsOnTheFloor (a crab's or a quadruped's, also
// where the trunk is held in place and its sides are as still as its floor), or else the rest
// pose's up carried by the root's rotation or the rest pose's own guess decides, else the
// file's own convention, +Y (all UpAxisSource::RestPose; the cheapest axis only where the figure
// lies flat along Y). A clip that does not move at all (one frame, a frozen take) and
// names no head and feet stands on the feet of its pose (feet_floor.h: a centipede's 24 feet on
// one plane, also where the root turns the rest pose), else on the rest pose's guess (both
// UpAxisSource::RestPose: the pose held). Without frames, or for a chain of fewer than
// kMinimumFigureNodes nodes, the rest pose decides (feet, else the longest extent:
// rest_pose_analysis.h). A whole clip lying on the floor (all of it) therefore stands
// up on its feet: captures are upright far more often than they lie down. Along an axis where a
// pose lies flat (every node within kFlatExtent) no node is its lowest: the stillness reads the
// mean there. A figure flat along the voted up in most samples but not all (drawn in a plane
// that its motion leaves) stands on the file's +Y where it has height along Y, else on the rest
// pose's up; one flat along it in every sample (a snake on the floor) keeps the vote.
//
// [SECTION] Facing
// The figure's front, perpendicular to up, at one pose: from left and right joint names
// ("LeftArm", "lShldr", "LHipJoint", "upperleg01.L": front = left x up), else from the head's
// place ahead of the root (quadrupeds), else (clip level only) the root's travel direction.
//
// [SECTION] Ground
// The contact level is the 10th percentile over the clip of the figure's lowest point along
// up, so a jump's airborne frames and a foot's odd dip do not move it. A file whose contact
// level is more than kGroundTolerance of the figure's height away from 0 stands sunk or floats;
// the viewer and `render` show it on the ground (needsLift), `positions` and `convert` keep the
// file's values unless asked (`convert --ground`). A figure with a size at rest can be 0 tall in
// the motion when that size is below the spacing of doubles where it stands: root positions that
// dwarf the OFFSETs (a fuzzed walk with its OFFSETs times 1e-30 and its positions as they were:
// 92.5 + 1e-29 is 92.5) land every joint on the root. Not an underflow: the same walk with its
// positions scaled too is 1.6e-28 tall. Such a stance is belowPlacePrecision, so that info,
// render and the viewer say why nothing is drawn.
//
// [SECTION] Static root links
// A root that never moves (some datasets put a `joint_Root` at 0,0,0 above the moving hips),
// with a child far away (a quarter of the body's size) that its own position channels move: its
// link would draw as a long stick from the origin to the figure. (A child without position
// channels moves only as the root turns it: a bone, as a hip joint turning at the origin.) So does
// a root that never moves on the ground under a far child that never moves either (ground_root.h:
// Unity's `Reference`, Unreal's `root`, the same `joint_Root` over hips written without
// translation): a stick from the floor up between the legs. Such roots are listed; they count
// neither for the ground nor framing, and the first kind not for up either (the second is told
// along up, and the floor it marks is a cue to it).
//
// Pure; never throws or prints.
#pragma once

#include "core/analysis/frame_poses.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <array>
#include <cmath>
#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

enum class UpAxisSource : std::uint8_t { Motion, Anatomy, RestPose, Override };
std::string_view upAxisSourceName(UpAxisSource source); // "motion", "anatomy", "rest pose", ...

enum class FacingSource : std::uint8_t { None, LeftRight, HeadAhead, Travel, HandBack };
std::string_view facingSourceName(FacingSource source); // "none", "left and right joints", ...

// The six signed axes in UpAxis order, for iterating.
inline constexpr std::array<UpAxis, 6> kAllUpAxes = {UpAxis::PositiveY, UpAxis::PositiveZ,
                                                     UpAxis::NegativeY, UpAxis::NegativeZ,
                                                     UpAxis::PositiveX, UpAxis::NegativeX};
UpAxis oppositeUpAxis(UpAxis axis);

inline constexpr double kDecisiveMargin = 0.3;
inline constexpr double kSingleEndPenalty = 0.5;
// Where the motion is not decisive, the floor that at least this many ends reach, more than any
// other's, is up (a many-legged creature's floor; stance.cpp's floorOfMostEnds says which
// axes compete).
inline constexpr std::size_t kManyEndsOnTheFloor = 3;
// The anatomy's direction over the clip (feet to head, feet up the legs; unit vectors averaged
// over the sampled frames): decisive when its share along its nearest axis is at least
// kStrongAnatomy; weighed against the motion (cost - kAnatomyWeight x its share along the axis)
// when at least kWeakAnatomy long; Stance::anatomyUp when at least kConsistentAnatomy long.
inline constexpr double kStrongAnatomy = 0.7;
inline constexpr double kWeakAnatomy = 0.3;
inline constexpr double kConsistentAnatomy = 0.6;
inline constexpr double kAnatomyWeight = 3.0;
// Fewer nodes (End Sites included) than this are a test chain, not a figure: the rest pose
// decides.
inline constexpr std::size_t kMinimumFigureNodes = 6;
inline constexpr double kGroundTolerance = 0.05;
inline constexpr double kStaticLinkDistance = 0.25; // of the body's size
// A pose whose every node lies within this share of the body's size along an axis is flat along
// it: no node is its lowest there (the motion vote's stillness reads the mean).
inline constexpr double kFlatExtent = 1e-6;
// A root that strays no farther than this share of the body's size from where it starts never
// moves (findStaticRoots, and the ground roots told after up).
inline constexpr double kStillRootDrift = 1e-4;
// The height a figure whose unit no guess fits (LengthUnit::Unknown) is shown at, and exported
// at to glTF: a person's, so it stands comparably beside others.
inline constexpr double kUnknownUnitHeightMetres = 1.7;

struct Stance {
    UpAxis upAxis = UpAxis::PositiveY; // what the viewer, render and thumbnails use
    UpAxisSource source = UpAxisSource::RestPose;
    UpAxis restPoseUp = UpAxis::PositiveY; // analyzeRestPose's guess, for comparison
    std::size_t framesSampled = 0;
    // Per axis (index: static_cast<int>(UpAxis)), the motion cost above; empty without frames
    // or without any movement. The margin is the second cheapest minus the cheapest.
    std::array<double, 6> motionCost{};
    bool motionMeasured = false;
    double motionMargin = 0.0;
    // The anatomy's axis over the clip (feet to head, feet up the legs: [SECTION] Up axis), when
    // its mean direction is at least kConsistentAnatomy long.
    std::optional<UpAxis> anatomyUp;

    // The front at the first frame (file axes, unit length, perpendicular to up).
    std::optional<glm::dvec3> facing;
    FacingSource facingSource = FacingSource::None;

    // Along up, file units: the contact level (a coordinate along the up vector: 0 for a file
    // whose feet touch its origin's plane) and the figure's height (median per-frame extent).
    double groundLevel = 0.0;
    double height = 0.0;
    // The unit: the rest pose's guess when it measured along this up axis (a T-pose is the
    // steadiest height), else guessLengthUnit of the tallest the figure stands over the clip
    // (90th percentile): the rest pose's own axis is wrong for a bind pose lying down or an
    // animal longer than tall.
    LengthUnit unit = LengthUnit::Unknown;
    // True when `height` is 0 only because the rest pose's height (RestPoseAnalysis::height,
    // above 0) is below the precision of the contact level: every joint lands on one point
    // ([SECTION] Ground).
    bool belowPlacePrecision = false;
    // True when the contact level is off the file's ground by more than kGroundTolerance of
    // the height: shown on the ground, it moves by -groundLevel along up.
    bool needsLift() const {
        return height > 0.0 && std::abs(groundLevel) > kGroundTolerance * height;
    }

    std::vector<NodeIndex> staticRoots; // see [SECTION] Static root links
    // Every node of the IK goal branches (goal_branches.h: Unreal's ik_foot_root and ik_hand_root
    // chains), in node order: found in the rest pose, kept here with the static roots because
    // the same tools leave them out (no bone drawn into them, no framing, no volume).
    std::vector<NodeIndex> goalBranches;
};

// `forcedUp`: the user's choice (source Override); facing and ground are then measured along
// it. Up to `maxFrames` evenly spaced frames are sampled (each with its next frame, for speeds).
// `alsoPose`: other analyses' frames (frame_poses.h), posed in the same pass as the stance's,
// each frame once; they are posed only when the motion can be (frames whose rows hold the
// skeleton's channels, `translation` resolved), else their `take` is never called.
Stance analyzeStance(const Skeleton& skeleton, const Motion& motion, TranslationMode translation,
                     const RestPoseAnalysis& rest, std::optional<UpAxis> forcedUp = std::nullopt,
                     std::size_t maxFrames = 240, std::span<FramePoseRequest* const> alsoPose = {});

// Why a belowPlacePrecision figure is 0 tall, `restHeight` its rest pose's height: "1.65e-28 at
// rest: below the precision of its place, every joint lands on one point" (what info prints after
// "figure 0 tall", render warns and the viewer's Info panel shows).
std::string placePrecisionNote(double restHeight);

// The front of one pose (world transforms of every node, file axes) seen with `up`, from joint
// names (left x up) or the head ahead of the root; nullopt when neither says. `excluded` nodes
// (static roots) are ignored. `goals` (Stance::goalBranches, in node order) count for neither
// side nor the pose's extent: Unreal's ik_foot_l and ik_hand_l, left unkeyed where the rest pose
// put them while the feet and hands walk, turned the walk's front 5.5 degrees.
std::optional<glm::dvec3> facingOfPose(const Skeleton& skeleton,
                                       std::span<const RigidTransform> world, UpAxis up,
                                       std::span<const NodeIndex> excluded = {},
                                       FacingSource* source = nullptr,
                                       std::span<const NodeIndex> goals = {});

// The links below `staticRoots` (each node whose parent is one of them, in node order): drawn,
// they are the long stick from the origin to the figure ([SECTION] Static root links), so the
// viewer's body and the glTF export's body give them no bone.
std::vector<NodeIndex> linksBelowStaticRoots(const Skeleton& skeleton,
                                             std::span<const NodeIndex> staticRoots);

} // namespace bvh
