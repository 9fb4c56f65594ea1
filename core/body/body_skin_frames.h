// The skin rotations a body is posed with: per joint, the turn from its bind pose to the pose that
// the joints' positions show, not one that also carries a roll the positions do not show.
//
// Why: some captures (video pose estimators, some retargeters) roll bones far about their own
// axes and undo the roll in the next joint, so the positions never show it. Skinned by each
// joint's own world rotation, the rotations a vertex blends then stand up to 176 degrees apart
// (dme_video_style_raw: LowerBack, Spine, Spine1 rolled 99-121 degrees from the rest pose), dual
// quaternions take opposite hemispheres between neighbouring vertices, and the chest tears (372
// edges past 4x at frame 0, worst 58.8x); linear blending at those angles collapses the torso.
//
// The frames (world rotations of the bind pose onto the pose, as skinTransform's):
// - a joint whose bones (through children at its own position: CMU's Hips, Spine1 and hands
//   are hubs of OFFSET-0 joints) reach two directions that span a plane: the turn that carries
//   the bind pose's directions onto the posed ones, where it stands kRealTwistStep or more from
//   the joint's own rotation (mixed in up to kInvisibleRollStep); else its own rotation (equal
//   to the fitted turn when the capture is rigid; a clavicle's shrug moves a hub's fit 31
//   degrees in cmu_01_01);
// - the joints between such a joint (or a root) and the next one down, each with one bone
//   (or collinear ones): the least swing of the chain's frame onto each bone, plus a twist
//   about the bone. The twist is the joint's own (relative to its parent's frame) while the
//   capture's twists step by less than kRealTwistStep between neighbours along the chain;
//   where a step reaches kInvisibleRollStep the chain's twist is spread evenly from its top to
//   the turn its bottom shows (the next joint's frame; on a chain ending in an End Site, its
//   last joint's own twist while that stays within 90 degrees of the chain, none past 135: a
//   forearm rolled half a turn over a hand that does not show it), mixed in between;
// - a joint with no bone (all its children at its own position) and an End Site: its parent's
//   frame times its own local turn.
// So a rigid capture whose twists step less than kRealTwistStep keeps every joint's own
// rotation, to the bit (the sample walk, cmu_01_01, xia, mixamo, lafan-like).
//
// Pure; never throws or prints.
#pragma once

#include "core/body/body_skin_plan.h"
#include "core/kinematics/pose.h"
#include "core/model/skeleton.h"

#include <span>
#include <vector>

namespace bvh {

// Twist steps between neighbouring bones of a chain (degrees, about the bones): below the
// first, the capture's own; from the second, spread along the chain. Measured on the viewer's
// skinning (bvhscope_measure_viewer_tears, edges past 4x in the worst frame): dme 0 at 75/95,
// 74 at 85/105, 84 at 90/110 (646 with the joints' own rotations).
inline constexpr double kRealTwistStep = 75.0;
inline constexpr double kInvisibleRollStep = 95.0;

// The skin transforms (world · inverse(bind), with the rotations above) of every node of `plan`
// (body_skin_plan.h) posed at `world` into `out`, allocating nothing once `scratch` has been
// sized by an evaluation of the plan. `world` and `out` have one entry per plan node (else the
// first entries all three have take world · inverse(bind), and nothing else is written).
void bodySkinFrames(const BodySkinPlan& plan, std::span<const RigidTransform> world,
                    BodySkinScratch& scratch, std::span<RigidTransform> out);

// The same from the skeleton and bind pose alone (a plan made and dropped: tests, tools), into
// `out` resized to the node count. `parents` as Skeleton::parents; `world` and `bindWorld` have
// one transform per node (else `out` takes world · inverse(bind) of each node both have).
void bodySkinFrames(std::span<const NodeIndex> parents, std::span<const RigidTransform> world,
                    std::span<const RigidTransform> bindWorld, std::vector<RigidTransform>& out);

} // namespace bvh
