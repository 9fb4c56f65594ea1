// How far apart two clips of the same skeleton are: nodes matched by name, both sampled at the
// same time, the distance between each pair of matched world positions, and a summary.
//
// Units: positions are compared after each clip's `toCommon` transform. Two files need not
// share an up axis or a unit (a Z-up file in metres against a Y-up one in centimetres), so the
// caller says how each reaches a common space; the viewer passes its file-to-viewer transform
// (Y up, metres; a file of unknown unit as shown, at human height), so its numbers are metres of
// what is on screen. metresTransform() builds that space from an up axis and a unit. Identity
// (the default) compares file units, right only when both files share unit and axes.
//
// Pure; never throws or prints.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <glm/ext/matrix_double4x4.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace bvh {

// Nodes of A and B with the same name (case-sensitive, End Sites by their "EndSite_<parent>"
// name). With duplicate names the k-th node of a name in A pairs with the k-th in B.
struct NodeMatching {
    std::vector<std::pair<NodeIndex, NodeIndex>> pairs; // (A node, B node), in A's order
    std::vector<NodeIndex> unmatchedA;
    std::vector<NodeIndex> unmatchedB;
    std::vector<NodeIndex> partnerInB; // per A node: its B node, or kNoParent
    std::vector<NodeIndex> partnerInA; // per B node: its A node, or kNoParent

    // Matched pairs over the larger node count: 1 for identical hierarchies.
    double matchedFraction() const;
};
NodeMatching matchNodesByName(const Skeleton& a, const Skeleton& b);

struct PoseDifference {
    std::vector<double> distances; // per matched pair, as NodeMatching::pairs, common units
    double mean = 0.0;
    double rootMeanSquare = 0.0;
    double max = 0.0;
    std::size_t maxPair = 0; // index into pairs (meaningless when there are none)
};

struct PoseComparisonOptions {
    // Compare poses, not placement: subtract each clip's body root position first, so two takes
    // that travel differently compare by how the body moves.
    bool relativeToRoot = false;
    // The body root of each side (bodyRootOf): node 0, or the hips below a static root. The
    // nodes before it in file order (the static root above it) are then not measured (their
    // distance reads 0).
    NodeIndex rootA = 0;
    NodeIndex rootB = 0;
    // Not measuring the nodes before the body roots without moving the origins either: takes
    // put on one start (compare's Align start) move their bodies, and a static root left at
    // the file's origin would measure only where each take began.
    bool bodyOnly = false;
};

// The node a pose is measured from: the first ROOT, unless it is one of `staticRoots` (a
// `joint_Root` left at the origin above the travelling `Hips`: Stance::staticRoots), then the
// figure's hips found by role (motion_features.h); node 0 when there are none.
NodeIndex bodyRootOf(const Skeleton& skeleton, std::span<const NodeIndex> staticRoots);

// Distances of the matched pairs between two posed skeletons whose positions (one per node,
// already in the common space) are given.
PoseDifference measurePoseDifference(const NodeMatching& matching,
                                     std::span<const glm::dvec3> positionsA,
                                     std::span<const glm::dvec3> positionsB,
                                     const PoseComparisonOptions& options = {});

// One side of a comparison.
struct ComparedClip {
    const Skeleton* skeleton = nullptr;
    const Motion* motion = nullptr;
    TranslationMode translation = TranslationMode::Additive; // resolved, never Auto
    glm::dmat4 toCommon{1.0};
    double frameTime = 0.0; // seconds per frame to sample at; 0: the motion's Frame Time
};

// The common space of metres, Y up: the rotation taking `upAxis` to +Y (as the viewer's) and
// the unit's scale (1 for Unknown).
glm::dmat4 metresTransform(UpAxis upAxis, LengthUnit unit);

// World positions of every node at `timeSeconds` (clamped to the clip), in the common space.
std::vector<glm::dvec3> sampleCommonPositions(const ComparedClip& clip, double timeSeconds,
                                              Interpolation interpolation);

// Both clips sampled at the same time, then measured.
PoseDifference comparePosesAtTime(const ComparedClip& a, const ComparedClip& b,
                                  const NodeMatching& matching, double timeSeconds,
                                  Interpolation interpolation,
                                  const PoseComparisonOptions& options = {});

// Over the whole clip: A's frames (up to `maxSamples`, evenly spaced) each compared with B at
// the same time.
struct ClipDifference {
    double meanOfMeans = 0.0; // the average, over the samples, of each pose's mean distance
    double max = 0.0;         // the largest distance of any pair at any sample
    std::size_t maxPair = 0;
    double maxTimeSeconds = 0.0;
    std::size_t samples = 0;
};
ClipDifference compareClips(const ComparedClip& a, const ComparedClip& b,
                            const NodeMatching& matching, Interpolation interpolation,
                            std::size_t maxSamples = 1000,
                            const PoseComparisonOptions& options = {});

} // namespace bvh
