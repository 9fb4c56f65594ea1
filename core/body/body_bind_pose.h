// The pose a body is bound in: the pose its surface is made in and its skin transforms are taken
// against (S = W · B⁻¹, dual_quaternion.h's skinTransform). Every user of a body (the viewer,
// `render`, thumbnails, the web page, `convert --body`'s inverse bind matrices) reads it from
// the mesh (BodyMesh::bindWorld), so they all agree.
//
// The OFFSET rest pose is the usual bind pose, but some files' rest pose is not a pose their
// animation ever takes: Bandai Namco's and LAFAN1's lie along +X while the motion stands in +Y,
// others' OFFSETs are in another unit than the motion (core/analysis/rest_animation_agreement).
// A body made in such a rest pose and skinned into the motion is dragged across the figure.
// There the body is bound in the frame of the motion whose shape is closest to the rest pose's
// (its limbs as spread as the animation allows, which keeps arms apart from the torso), measured
// on the bones: the sum of the joints' local rotation angles, leaving out the joints above the
// skeleton's first branch (a root and a hips that only turn the whole figure, as the motion
// that stands a lying rest pose up does).
//
// Pure; never throws or prints.
#pragma once

#include "core/analysis/rest_animation_agreement.h"
#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace bvh {

struct BodyBindPose {
    std::vector<RigidTransform> world; // per skeleton node, file units
    std::optional<std::size_t> frame;  // the motion frame bound in; nullopt: the rest pose
};

// The frames looked at when choosing a bind frame: evenly spaced, the first and last included.
inline constexpr std::size_t kBindFrameCandidates = 240;

// The frame (of up to kBindFrameCandidates evenly spaced ones) closest to the rest pose's shape,
// as above. nullopt without frames or when a frame's row does not fit the skeleton.
// `translation` must be Absolute or Additive.
std::optional<std::size_t> frameClosestToRestShape(const Skeleton& skeleton, const Motion& motion,
                                                   TranslationMode translation);

// How near the arms' elbows and wrists (BoneRole::Forearm and Hand joints) come to the trunk's,
// the thighs' and the shins' bones in `world`, of the figure's size (its joints' largest
// extent); infinity when there is nothing to measure (no arms, no trunk, a NaN).
double armClearance(const Skeleton& skeleton, std::span<const RigidTransform> world);

// How near a leg's knee, ankle and toes (its joints below its BoneRole::Thigh ones) come to
// another leg's bones (from its Thigh, Shin, Foot and Toe joints), of the figure's size as
// armClearance; infinity with fewer than two legs or a NaN.
double legClearance(const Skeleton& skeleton, std::span<const RigidTransform> world);

// Legs nearer each other than this (about 5 cm of a standing human: less than a thigh's
// radius) are one leg in a body made there, torn when they part. Legs standing together in a
// rest pose keep the knees and ankles farther apart than this; a rest pose written with every
// bone along one axis (Rokoko's, turned upright) lays one leg inside the other.
inline constexpr double kLegsTogether = 0.03;

// Whether `world` lays the arms against the trunk or the legs (kArmsAgainstTrunk) or the legs
// against each other (kLegsTogether).
bool limbsAgainstEachOther(const Skeleton& skeleton, std::span<const RigidTransform> world);

// A rest pose whose arms come nearer the trunk than this (the body's torso radius and a forearm's
// together: about 19 cm of a standing human) hangs them against it: a body made there fuses the
// arms with the torso and the hands with the hips, and tears when they rise.
inline constexpr double kArmsAgainstTrunk = 0.11;

// The nearest knee (a thigh bone's far joint) to the trunk's bones, of the figure's size;
// infinite when nothing is measured (no thighs or trunk, a NaN channel).
double kneeClearance(const Skeleton& skeleton, std::span<const RigidTransform> world);

// A knee nearer the trunk's bones than this (about 8 cm of a standing human: inside the belly's
// or the chest's radius) is a thigh raised along the trunk: a body made there fuses the thigh
// with the belly, whose vertices take the thigh's weights and stretch several times over when
// the thigh hangs again under linear blending (a jumping jack's kick bound at 99.5 % of edges
// within 4x). A hanging knee stands a thigh's length (about a quarter of the figure) from the
// hips, and still counts, at five times this, beside arms that clear the trunk twice over.
inline constexpr double kKneesAgainstTrunk = 0.045;

// How freely `world` holds the limbs off the trunk, in multiples of the distances that fuse them
// with it: the arms' clearance (armClearance) over kArmsAgainstTrunk, or, where less, the knees'
// (kneeClearance) over kKneesAgainstTrunk. Infinite when the arms measure nothing.
double limbFreedom(const Skeleton& skeleton, std::span<const RigidTransform> world);

// The frame (of up to kBindFrameCandidates evenly spaced ones) whose arms stand farthest from the
// trunk (armClearance) among those whose legs stand apart (kLegsTogether; among all when none
// does): binding where they merely clear it (kArmsAgainstTrunk) still leaves sheets under
// linear blending on the corpus' arms-down rigs. Unless, of the same legs, another frame frees
// the limbs (limbFreedom: the knees as well) a tenth more: that one then, since a knee against
// the trunk tears the belly as arms against it tear the flanks. nullopt as
// frameClosestToRestShape.
std::optional<std::size_t> frameFreeingTheArms(const Skeleton& skeleton, const Motion& motion,
                                               TranslationMode translation);

// Whether the motion's first frame gives some bone a length other than its OFFSET's, by more
// than kResizedBone of the figure's size (`rest`: the rest pose's world transforms): position
// channels on joints below the root that do not repeat the OFFSETs (MakeHuman's Blender export,
// whose T-pose frame stretches shins by a fifth of the figure). A body made in such a rest pose
// stretches and folds wherever it is skinned into the motion.
bool motionResizesBones(const Skeleton& skeleton, const Motion& motion, TranslationMode translation,
                        std::span<const RigidTransform> rest);
inline constexpr double kResizedBone = 0.02;

// The frame closest to the rest pose's shape when `agreement` says the rest pose and the
// animation disagree or the motion resizes bones (motionResizesBones), or, where that frame
// lays limbs against each other (limbsAgainstEachOther) that the rest pose holds clear, the
// closest frame whose arms stand twice kArmsAgainstTrunk from the trunk and whose legs stand
// apart (when one does); else frame 0 when the motion holds one pose other than the rest pose
// (every frame the same finite row: a pose file, never seen in another pose); else, when the
// rest pose lays limbs against each other, the frame closest to the rest pose's shape where that
// frame lays none and no frame frees the limbs far more (a walk's swing, not a raise), else
// frameFreeingTheArms, if its arms stand farther from the trunk than at rest or its legs apart
// where the rest pose's are together; else the rest pose (and always with TranslationMode::Auto
// or no frames).
BodyBindPose chooseBodyBindPose(const Skeleton& skeleton, const Motion& motion,
                                TranslationMode translation,
                                const RestAnimationAgreement& agreement);

} // namespace bvh
