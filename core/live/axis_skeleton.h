// The skeleton Axis Neuron and Axis Studio broadcast for: 59 joints (Hips, both legs,
// Spine..Spine3, Neck, Head, both arms with every finger including the four "InHand" joints
// (metacarpals) of each hand), in the bone order of their BVH output, offsets in centimetres,
// Y up, facing +Z, rotations in YXZ order (`Yrotation Xrotation Zrotation`, as Axis Neuron writes
// them). The broadcast does not carry the skeleton, only the values, so a receiver must know it.
//
// Axis Neuron broadcasts in two variants, told apart by the value count:
//   - with displacement: 6 channels on every joint (Xposition Yposition Zposition Yrotation
//     Xrotation Zrotation): 59 x 6 = 354 values;
//   - without: the root 6, every other joint 3 rotations: 6 + 58 x 3 = 180 values.
#pragma once

#include "core/model/skeleton.h"

#include <cstddef>
#include <optional>
#include <string>

namespace bvh::live {

inline constexpr std::size_t kAxisJointCount = 59;
inline constexpr std::size_t kAxisValuesWithDisplacement = 354;
inline constexpr std::size_t kAxisValuesWithoutDisplacement = 180;

// The built-in skeleton, with or without per-joint displacement channels.
Skeleton axisSkeleton(bool withDisplacement);
// The built-in skeleton whose channel count is `valueCount` (354 or 180), else nullopt.
std::optional<Skeleton> axisSkeletonForValueCount(std::size_t valueCount);

// Where `skeleton` differs from the built-in skeleton that a receiver given no skeleton reads an
// Axis stream of the same value count on, in words ("joint 3, RightFoot: Xrotation Yrotation
// Zrotation where Axis Neuron sends Yrotation Xrotation Zrotation"); empty when they agree. The
// values are matched to joints by their order alone, so joints must come in the same order, with
// the same names (case aside) and the same channels; offsets and End Sites are not compared (a
// receiver draws its own skeleton's offsets, and End Sites carry no values).
std::string axisLayoutDifference(const Skeleton& skeleton);

} // namespace bvh::live
