// Forward kinematics and sampling: from a motion row to local and world transforms.
//
// Conventions (seed 000, and what Blender and assimp do): a node's local transform is a
// translation followed by its rotation channels composed in the order the file declares them,
// in degrees. "CHANNELS 3 Zrotation Xrotation Yrotation" means R = Rz * Rx * Ry acting on column
// vectors, which is the seed's row-vector rule vR = v*Ry*Rx*Rz ("YXZ"). World = parentWorld *
// local. Unknown channels are ignored.
//
// All functions take caller-sized spans (one element per skeleton node) and allocate nothing.
// To evaluate many frames of one skeleton, ForwardKinematicsPlan (forward_kinematics_plan.h)
// decodes the channel layout once and gives the same results faster.
#pragma once

#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <glm/ext/matrix_double4x4.hpp>
#include <glm/ext/quaternion_double.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <string_view>

namespace bvh {

// What position channels mean. Real files disagree: Perception Neuron, Rokoko, LAFAN1 and most
// exporters write the joint's absolute local translation (the value replaces OFFSET on that
// axis; assimp and Blender read it so), while MakeHuman writes a delta added to OFFSET (seed
// 000's rule for the root).
enum class TranslationMode : std::uint8_t { Auto, Absolute, Additive };

std::string_view translationModeName(TranslationMode mode); // "auto", "absolute", "additive"
// Accepts exactly the names above; returns false otherwise.
bool parseTranslationMode(std::string_view text, TranslationMode& mode);

// Decides per file from frame 0, over every position channel: if sum|value - OFFSET| <
// sum|value| the values are absolute, otherwise additive. A file with no frames or no position
// channels gets Additive (both modes give the same pose when the values are zero).
TranslationMode detectTranslationMode(const Skeleton& skeleton, const Motion& motion);
// Auto becomes the detected mode; Absolute and Additive pass through.
TranslationMode resolveTranslationMode(TranslationMode requested, const Skeleton& skeleton,
                                       const Motion& motion);

// A rotation then a translation: p' = rotation * p + translation. Used for local transforms
// (relative to the parent) and world transforms alike.
struct RigidTransform {
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0}; // w, x, y, z
};

glm::dmat4 toMatrix(const RigidTransform& transform);

// Local transforms of every node for one motion row (row.size() == skeleton.totalChannels()).
// `mode` must be Absolute or Additive (resolve Auto first). An empty row gives the rest pose.
void computeLocalTransforms(const Skeleton& skeleton, std::span<const float> row,
                            TranslationMode mode, std::span<RigidTransform> out);

// The rest pose: every node at its OFFSET with no rotation.
void computeRestTransforms(const Skeleton& skeleton, std::span<RigidTransform> out);

// World transforms from local ones, in one forward loop over the parent-before-child order:
// world[i] = world[parent] * local[i]. `world` may not alias `local`.
void computeWorldTransforms(const Skeleton& skeleton, std::span<const RigidTransform> local,
                            std::span<RigidTransform> world);

// Per node: lerp of translations, shortest-path slerp of rotations. t in [0, 1].
void blendLocalTransforms(std::span<const RigidTransform> a, std::span<const RigidTransform> b,
                          double t, std::span<RigidTransform> out);

enum class Interpolation : std::uint8_t { Nearest, Linear };

// Which frames a time falls between. Times are clamped to [0, duration].
struct FramePair {
    std::uint32_t first = 0;
    std::uint32_t second = 0;
    double weight = 0.0; // 0 means `first` exactly
};
FramePair locateFrames(const Motion& motion, double timeSeconds, Interpolation interpolation);

// Local transforms at any time. `scratch` is a second node-sized buffer used when blending.
// With no frames this is the rest pose.
void sampleLocalTransforms(const Skeleton& skeleton, const Motion& motion, double timeSeconds,
                           Interpolation interpolation, TranslationMode mode,
                           std::span<RigidTransform> scratch, std::span<RigidTransform> out);

} // namespace bvh
