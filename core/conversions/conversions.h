// Conversions of a skeleton and its motion: pure functions from a (Skeleton, Motion) pair to a
// new pair, shared by `bvhscope convert` and the viewer.
//
// Every conversion validates its input once (the motion's channel count and value count match
// the skeleton) and returns a Conversion: on success the new skeleton and motion, on failure
// empty ones and Error diagnostics (line and column 0) naming the joint or argument at fault.
// Warnings report what a conversion left alone. Nothing throws or prints.
//
// Conversions that re-derive Euler angles (resampleMotion between frames, rotateWorld,
// changeUpAxis, changeRotationOrder) keep each joint's channel layout unless asked to change it
// and choose, per frame, the solution closest to the previous frame's angles, so the curves stay
// continuous (see euler.h). They need joints whose rotation channels are three distinct axes,
// the layout of every BVH writer seen; other layouts are an error where they would have to
// change, and pass through untouched where they need not.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/analysis/up_axis_rotation.h"
#include "core/kinematics/euler.h"
#include "core/kinematics/pose.h"
#include "core/model/diagnostic.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <glm/ext/quaternion_double.hpp>
#include <map>
#include <string>
#include <vector>

namespace bvh {

struct Conversion {
    Skeleton skeleton;
    Motion motion;
    std::vector<Diagnostic> diagnostics;

    bool ok() const { return !hasErrors(diagnostics); }
};

// Frames [first, last], inclusive and 0-based; `last` past the end is clamped to the last
// frame. An error when first > last or first is not a frame of the motion.
Conversion trimFrames(const Skeleton& skeleton, const Motion& motion, std::uint32_t first,
                      std::uint32_t last);

// The motion sampled at `framesPerSecond` over the same duration: frame k is the pose at time
// k / framesPerSecond, up to the last input frame's time (rounded to the nearest frame when
// within a millionth of one). Positions and other non-rotation channels are interpolated
// linearly; the rotation of each three-axis joint by slerp, then converted back to Euler angles
// in the joint's own order near the linear interpolation of its angles (so a curve keeps its
// unwrapping). Output frames at input frame times copy the input row exactly. Rotation
// channels of other layouts are interpolated linearly per channel. An input rate within 0.01% of
// a whole number of frames per second is taken as that number (Frame Time is rounded in files:
// 0.0083333 means 120 fps).
//
// The rate must be one whose Frame Time the reader accepts (bvh::isWritableFrameRate,
// core/model/output_limits.h), and the result at most bvh::kMaxConvertedValues values (frames x
// channels, a frame of no channels counting as one); both are checked before anything is
// allocated, and fail with resampleSizeProblem's message.
Conversion resampleMotion(const Skeleton& skeleton, const Motion& motion, double framesPerSecond);

// How many frames resampleMotion makes of `frameCount` frames `frameTime` apart, as a double: a
// hostile rate makes more than any integer type holds, so callers compare this with the bounds
// before converting it.
double resampledFrameCount(std::uint32_t frameCount, double frameTime, double framesPerSecond);
// Why resampling a motion of that size to `framesPerSecond` is refused (a rate whose Frame Time
// would not read back, or a result past kMaxConvertedValues), or empty. Arithmetic only.
std::string resampleSizeProblem(std::uint32_t frameCount, std::uint32_t channelCount,
                                double frameTime, double framesPerSecond);

// Every offset and position channel multiplied by `factor` (finite, > 0): every world position
// scales by `factor` about the world origin. Refused, naming the first value at fault, when a
// finite value would leave the float range (a factor of 2e38) or a value other than zero would
// become zero as a float (1e-300): the file written would not read back as the motion scaled.
// The values are checked before the result is allocated.
Conversion scaleSkeleton(const Skeleton& skeleton, const Motion& motion, double factor);

// Re-expresses the whole clip in axes rotated by `rotation` (C): for every node and frame the
// new world position is C * p. Offsets and position channels (local translations) become C * t
// and each joint's local rotation R becomes C * R * C^-1; the rotation channels are re-derived
// in each joint's own order. `mode` (Absolute or Additive, resolve Auto first) says how position
// channels combine with OFFSET, and the output is written in the same mode. A joint with
// position channels on only some axes is an error if the rotation moves its translation onto
// an axis it has no channel for.
Conversion rotateWorld(const Skeleton& skeleton, const Motion& motion, TranslationMode mode,
                       const glm::dquat& rotation);

// rotateWorld by upAxisRotation(from, to). A copy of the input when from == to.
Conversion changeUpAxis(const Skeleton& skeleton, const Motion& motion, TranslationMode mode,
                        UpAxis from, UpAxis to);

// Every root moved by -groundLevel along `up` (a coordinate along the up vector, file units;
// core/analysis/stance.h measures it): a figure whose feet rest groundLevel above (or below)
// the file's ground then stands on it. A root's position channel along the up axis gets the
// shift in every frame (exact in both translation modes: a constant added to the value is a
// constant added to the position); a root without one gets it in its OFFSET.
Conversion placeOnGround(const Skeleton& skeleton, const Motion& motion, UpAxis up,
                         double groundLevel);

// "In place": every ROOT's position channels on the two horizontal axes (those other than
// `up`'s) hold their frame-0 value in every frame, so the figure no longer travels; the up
// component (height, jumps) is kept. Exact in either translation mode, since it works on the
// channel values. A warning when no root has a horizontal position channel.
Conversion removeRootHorizontalMotion(const Skeleton& skeleton, const Motion& motion, UpAxis up);

// Every joint with three distinct rotation axes gets `order`: its rotation channels are
// rewritten in place (the same columns, the axes of `order`) and their values re-derived so the
// pose is unchanged. Frame 0 takes the solution nearest zero, later frames the one nearest the
// previous frame. Joints with another rotation layout are left as they are, with a warning.
Conversion changeRotationOrder(const Skeleton& skeleton, const Motion& motion,
                               const EulerOrder& order);

// Renames joints: `newNames` maps a current joint name to its new one; joints not in the map
// keep their name. End Sites are renamed after their parent ("EndSite_<parent>"). Two joints
// ending up with one name is a warning (BVH allows it, but name lookups then find the first); a
// new name that a BVH file cannot hold (jointNameProblem in core/writer/writer.h) is an error
// naming the joint.
Conversion renameJoints(const Skeleton& skeleton, const Motion& motion,
                        const std::map<std::string, std::string, std::less<>>& newNames);

} // namespace bvh
