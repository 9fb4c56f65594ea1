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

namespace bvh::live {

inline constexpr std::size_t kAxisJointCount = 59;
inline constexpr std::size_t kAxisValuesWithDisplacement = 354;
inline constexpr std::size_t kAxisValuesWithoutDisplacement = 180;

// The built-in skeleton, with or without per-joint displacement channels.
Skeleton axisSkeleton(bool withDisplacement);
// The built-in skeleton whose channel count is `valueCount` (354 or 180), else nullopt.
std::optional<Skeleton> axisSkeletonForValueCount(std::size_t valueCount);

} // namespace bvh::live
