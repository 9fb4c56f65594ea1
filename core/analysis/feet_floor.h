// Up from where a figure's feet end, in one pose, without names or motion: the floor that a
// creature standing on its legs puts its feet on (a centipede's 24 feet, a crab's 8 leg tips, a
// quadruped's hooves). The rest pose's guess (rest_pose_analysis.h) and a clip too still to vote
// (stance.h) read it where no head and foot names say up; without it a figure longer than tall
// stood on its tail (the longest extent).
//
// Along each of the six signed axes, a *foot* is a leaf (End Site or joint without children)
// that ends on the figure's lowest level (within kFootFloorTolerance of the body's size) on a leg
// that rises from there: going up from the leaf, not past the first joint that also carries a
// leaf off that floor (the trunk the leg leaves; the toes of one paw and a centipede's segments,
// whose every leaf is a foot, are passed through), a node stands kLegRise of the figure's extent
// along the axis above the floor, at most kLegSlope times that height away across the axis. The
// feet count where they are at least half the figure's leaves, where the root stands over them
// (within the tolerance of their box across the axis) and where the figure stands at least
// kLeastStandingHeight of its size tall along the axis. The axis with the most feet, at least
// kMinimumFeet and more than any other axis's, is up.
//
// What it leaves to the other guesses (nullopt), measured on the corpus's rest poses and
// hand-made ones: a biped (two feet: the extent says up); a figure lying on its back (its hands
// and head end on the floor, but its arms and neck lie along it and rise nowhere); a T-pose's
// finger tips at the end of each arm (no node of the arm rises 0.6 of the span before the
// spine); a person's front, where the toes, thumbs and eyes end on one plane (16 % of UE4's
// leaves, 29 % of three.js's) or the head leans forward to the toes' plane (its neck runs 2.6
// times across for what it rises: bvhtoolbox); a face rig's 40 eye helpers ending forward (25 %
// of its leaves, the root 23 tolerances away); a tail or a snake along the floor; a figure flat
// along the axis (video2bvh's 2-D rest pose: 0.1 mm deep, every leaf on both sides).
//
// Pure; never throws or prints.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <optional>
#include <span>

namespace bvh {

// A floor holds at least this many feet (as stance.h's kManyEndsOnTheFloor: two are a biped's).
inline constexpr std::size_t kMinimumFeet = 3;
// Of the body's size (its bounding box's diagonal), how far above the floor a foot may end and
// the root from over the feet (as the stance's endsOnTheFloor counts ends).
inline constexpr double kFootFloorTolerance = 0.03;
// Of the figure's extent along the axis, how high a leg rises: a quadruped's hocks and knees 0.72,
// a crab's knees 0.91, a centipede's 1.0. Above a half, so that a side where the trunk stands
// midway (a crab's, a centipede's outermost feet: 0.50) is no floor.
inline constexpr double kLegRise = 0.6;
// How far across the axis the node that rises kLegRise may stand from its foot, per unit of its
// height: a quadruped's 0.07, a centipede's 0.12, a spider's 0.78-0.82, a crab's 1.0 (legs at
// 45 degrees); a tail lying along the floor 2.3, a head leaning forward to the toes' plane 2.6.
inline constexpr double kLegSlope = 1.5;
// Of the body's size, the least extent along the axis a figure stands on: a centipede 40 tall
// and 229 long stands 0.17 of it, a crab 0.21, a quadruped 0.25-0.51; a figure flat along it
// (video2bvh's rest pose, 7e-5) has every leaf on both of its sides.
inline constexpr double kLeastStandingHeight = 0.05;

// The up axis away from the floor the feet end on, in one pose (`positions`: every node's world
// position, in node order); nullopt where no floor holds kMinimumFeet feet, more than any other
// axis, or where `positions` is not one per node.
std::optional<UpAxis> upFromFeet(const Skeleton& skeleton, std::span<const glm::dvec3> positions);

} // namespace bvh
