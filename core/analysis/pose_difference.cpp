#include "core/analysis/pose_difference.h"

#include "core/analysis/motion_features.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <unordered_map>

namespace bvh {

double NodeMatching::matchedFraction() const {
    const std::size_t larger = std::max(partnerInB.size(), partnerInA.size());
    return larger == 0 ? 0.0 : double(pairs.size()) / double(larger);
}

NodeMatching matchNodesByName(const Skeleton& a, const Skeleton& b) {
    NodeMatching matching;
    matching.partnerInB.assign(a.nodeCount(), kNoParent);
    matching.partnerInA.assign(b.nodeCount(), kNoParent);
    // Per name, B's nodes of that name in file order; each A node takes the next one.
    std::unordered_map<std::string, std::vector<NodeIndex>> byName;
    for (std::size_t i = b.nodeCount(); i-- > 0;) {
        byName[b.names[i]].push_back(static_cast<NodeIndex>(i)); // reversed: pop_back is first
    }
    for (std::size_t i = 0; i < a.nodeCount(); ++i) {
        const auto found = byName.find(a.names[i]);
        if (found == byName.end() || found->second.empty()) {
            matching.unmatchedA.push_back(static_cast<NodeIndex>(i));
            continue;
        }
        const NodeIndex partner = found->second.back();
        found->second.pop_back();
        matching.pairs.emplace_back(static_cast<NodeIndex>(i), partner);
        matching.partnerInB[i] = partner;
        matching.partnerInA[static_cast<std::size_t>(partner)] = static_cast<NodeIndex>(i);
    }
    for (std::size_t i = 0; i < b.nodeCount(); ++i) {
        if (matching.partnerInA[i] == kNoParent) {
            matching.unmatchedB.push_back(static_cast<NodeIndex>(i));
        }
    }
    return matching;
}

PoseDifference measurePoseDifference(const NodeMatching& matching,
                                     std::span<const glm::dvec3> positionsA,
                                     std::span<const glm::dvec3> positionsB,
                                     const PoseComparisonOptions& options) {
    PoseDifference difference;
    if (positionsA.size() < matching.partnerInB.size() ||
        positionsB.size() < matching.partnerInA.size() || matching.pairs.empty()) {
        return difference;
    }
    const auto rootA = static_cast<std::size_t>(options.rootA);
    const auto rootB = static_cast<std::size_t>(options.rootB);
    const bool relative =
        options.relativeToRoot && rootA < positionsA.size() && rootB < positionsB.size();
    const glm::dvec3 originA = relative ? positionsA[rootA] : glm::dvec3(0.0);
    const glm::dvec3 originB = relative ? positionsB[rootB] : glm::dvec3(0.0);
    difference.distances.reserve(matching.pairs.size());
    double sum = 0.0;
    double sumOfSquares = 0.0;
    std::size_t counted = 0;
    for (std::size_t k = 0; k < matching.pairs.size(); ++k) {
        const auto [a, b] = matching.pairs[k];
        // Measured from the hips, the links above them (a static root) are not the body: each
        // is where the hips are not, which is placement.
        if ((relative || options.bodyOnly) &&
            (static_cast<std::size_t>(a) < rootA || static_cast<std::size_t>(b) < rootB)) {
            difference.distances.push_back(0.0);
            continue;
        }
        const double distance = glm::distance(positionsA[static_cast<std::size_t>(a)] - originA,
                                              positionsB[static_cast<std::size_t>(b)] - originB);
        difference.distances.push_back(distance);
        sum += distance;
        sumOfSquares += distance * distance;
        ++counted;
        if (distance > difference.max) {
            difference.max = distance;
            difference.maxPair = k;
        }
    }
    const double count = double(std::max<std::size_t>(counted, 1));
    difference.mean = sum / count;
    difference.rootMeanSquare = std::sqrt(sumOfSquares / count);
    return difference;
}

NodeIndex bodyRootOf(const Skeleton& skeleton, std::span<const NodeIndex> staticRoots) {
    if (skeleton.nodeCount() == 0 ||
        std::ranges::find(staticRoots, NodeIndex{0}) == staticRoots.end()) {
        return 0;
    }
    const NodeIndex hips = findBodyRoles(skeleton)[BodyRole::Hips];
    return hips == kNoParent ? 0 : hips;
}

glm::dmat4 metresTransform(UpAxis upAxis, LengthUnit unit) {
    // Columns: where file X, Y, Z go. Proper rotations (handedness kept), as the viewer's.
    glm::dmat3 rotation(1.0);
    switch (upAxis) {
    case UpAxis::PositiveY:
        break;
    case UpAxis::PositiveZ:
        rotation = glm::dmat3({1, 0, 0}, {0, 0, -1}, {0, 1, 0});
        break;
    case UpAxis::NegativeY:
        rotation = glm::dmat3({1, 0, 0}, {0, -1, 0}, {0, 0, -1});
        break;
    case UpAxis::NegativeZ:
        rotation = glm::dmat3({1, 0, 0}, {0, 0, 1}, {0, -1, 0});
        break;
    case UpAxis::PositiveX:
        rotation = glm::dmat3({0, 1, 0}, {-1, 0, 0}, {0, 0, 1});
        break;
    case UpAxis::NegativeX:
        rotation = glm::dmat3({0, -1, 0}, {1, 0, 0}, {0, 0, 1});
        break;
    }
    return glm::dmat4(rotation * metresPerUnit(unit));
}

namespace {

double frameTimeOf(const ComparedClip& clip) {
    return clip.frameTime > 0.0 ? clip.frameTime : clip.motion->frameTime;
}

} // namespace

std::vector<glm::dvec3> sampleCommonPositions(const ComparedClip& clip, double timeSeconds,
                                              Interpolation interpolation) {
    const Skeleton& skeleton = *clip.skeleton;
    const Motion& motion = *clip.motion;
    const std::size_t n = skeleton.nodeCount();
    std::vector<RigidTransform> local(n);
    std::vector<RigidTransform> scratch(n);
    std::vector<RigidTransform> world(n);
    if (motion.frameCount == 0) {
        computeRestTransforms(skeleton, local);
    } else {
        // As sampleLocalTransforms, at the clip's frame time.
        Motion timing;
        timing.frameCount = motion.frameCount;
        timing.frameTime = frameTimeOf(clip);
        const FramePair pair = locateFrames(timing, timeSeconds, interpolation);
        computeLocalTransforms(skeleton, motion.frame(pair.first), clip.translation, local);
        if (pair.weight > 0.0 && pair.second != pair.first) {
            computeLocalTransforms(skeleton, motion.frame(pair.second), clip.translation, scratch);
            blendLocalTransforms(local, scratch, pair.weight, local);
        }
    }
    computeWorldTransforms(skeleton, local, world);
    std::vector<glm::dvec3> positions(n);
    for (std::size_t i = 0; i < n; ++i) {
        positions[i] = glm::dvec3(clip.toCommon * glm::dvec4(world[i].translation, 1.0));
    }
    return positions;
}

PoseDifference comparePosesAtTime(const ComparedClip& a, const ComparedClip& b,
                                  const NodeMatching& matching, double timeSeconds,
                                  Interpolation interpolation,
                                  const PoseComparisonOptions& options) {
    return measurePoseDifference(matching, sampleCommonPositions(a, timeSeconds, interpolation),
                                 sampleCommonPositions(b, timeSeconds, interpolation), options);
}

ClipDifference compareClips(const ComparedClip& a, const ComparedClip& b,
                            const NodeMatching& matching, Interpolation interpolation,
                            std::size_t maxSamples, const PoseComparisonOptions& options) {
    ClipDifference summary;
    if (matching.pairs.empty() || maxSamples == 0) {
        return summary;
    }
    const std::uint32_t frames = std::max<std::uint32_t>(a.motion->frameCount, 1);
    const std::size_t samples = std::min<std::size_t>(frames, maxSamples);
    double sumOfMeans = 0.0;
    for (std::size_t s = 0; s < samples; ++s) {
        // Evenly spaced over A's frames, first and last included.
        const std::uint32_t frame =
            samples > 1 ? static_cast<std::uint32_t>(
                              std::llround(double(s) * (frames - 1) / double(samples - 1)))
                        : 0;
        const double time = frame * frameTimeOf(a);
        const PoseDifference difference =
            comparePosesAtTime(a, b, matching, time, interpolation, options);
        sumOfMeans += difference.mean;
        if (s == 0 || difference.max > summary.max) {
            summary.max = difference.max;
            summary.maxPair = difference.maxPair;
            summary.maxTimeSeconds = time;
        }
    }
    summary.samples = samples;
    summary.meanOfMeans = sumOfMeans / double(samples);
    return summary;
}

} // namespace bvh
