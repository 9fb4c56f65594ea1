// What every body the builder gives must satisfy, whatever the skeleton: checked by the body
// fuzzer (tests/fuzz/build_body_fuzzer.cpp) and by the tests built from its findings. A null
// mesh (the caller draws capsules) is always allowed, with a message saying why.
#pragma once

#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/stance.h"
#include "core/body/body_bind_pose.h"
#include "core/body/body_builder.h"
#include "core/body/body_mesh_checks.h"
#include "core/reader/document.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace bvh::test {

inline bool finiteVector(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

inline std::string bodyVertexViolation(const BodyVertex& vertex, std::size_t nodeCount) {
    if (!finiteVector(vertex.position) || !finiteVector(vertex.normal) ||
        !finiteVector(vertex.axisPoint)) {
        return "a vertex with a coordinate that is not finite";
    }
    float sum = 0.0f;
    for (std::size_t slot = 0; slot < 4; ++slot) {
        const float weight = vertex.weights[slot];
        if (!std::isfinite(weight) || weight < 0.0f || weight > 1.0f + 1e-5f) {
            return "a weight outside [0, 1]";
        }
        if (slot > 0 && weight > vertex.weights[slot - 1] + 1e-6f) {
            return "weights not in descending order";
        }
        if (weight > 0.0f && vertex.joints[slot] >= nodeCount) {
            return "a weight on a joint the skeleton does not have";
        }
        sum += weight;
    }
    if (std::fabs(sum - 1.0f) > 1e-3f) {
        return "weights that do not sum to 1";
    }
    return "";
}

// Returns "" when `body` is a body of `skeleton` as body_mesh.h describes one (or no body, with
// a reason), otherwise what is wrong.
inline std::string bodyInvariantViolation(const BodyResult& body, const Skeleton& skeleton) {
    if (body.mesh == nullptr) {
        return body.message.empty() ? "no body and no message saying why" : "";
    }
    const BodyMesh& mesh = *body.mesh;
    if (mesh.vertices.empty() || mesh.levels.empty()) {
        return "a body without vertices or levels";
    }
    for (const BodyVertex& vertex : mesh.vertices) {
        if (std::string problem = bodyVertexViolation(vertex, skeleton.nodeCount());
            !problem.empty()) {
            return problem;
        }
    }
    for (const std::uint32_t index : mesh.indices) {
        if (index >= mesh.vertices.size()) {
            return "a triangle over a vertex the body does not have";
        }
    }
    for (const BodyDetailLevel& level : mesh.levels) {
        if (level.indexCount == 0 || level.indexCount % 3 != 0 ||
            std::size_t{level.firstIndex} + level.indexCount > mesh.indices.size()) {
            return "a level that is not whole triangles inside the index buffer";
        }
        const std::span<const std::uint32_t> triangles(mesh.indices.data() + level.firstIndex,
                                                       level.indexCount);
        if (!isClosedSurface(triangles)) {
            return "a level that is not one closed surface";
        }
    }
    if (mesh.bindWorld.size() != skeleton.nodeCount() ||
        mesh.nodeRadii.size() != skeleton.nodeCount()) {
        return "a bind pose or radii that are not one per node";
    }
    for (const std::uint32_t index : mesh.outlineVertices) {
        if (index >= mesh.vertices.size()) {
            return "an outline vertex the body does not have";
        }
    }
    return "";
}

// The body options of a loaded document as `convert --body` and the viewer build its body: the
// stance's up axis and static roots, bound in the pose the motion agrees with
// (chooseBodyBindPose). `maxSamples`: BodyOptions', smaller to keep a test of a large surface
// quick. buildBodyAsConverted builds that body.
inline BodyOptions bodyOptionsAsConverted(const Document& document, TranslationMode translation,
                                          std::size_t maxSamples = kDefaultBodyMaxSamples) {
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    const RestPoseAnalysis rest = analyzeRestPose(skeleton);
    const Stance stance = analyzeStance(skeleton, motion, translation, rest);
    BodyOptions options;
    options.up = stance.upAxis;
    options.excludedBones = linksBelowStaticRoots(skeleton, stance.staticRoots);
    const RestAnimationAgreement agreement =
        compareRestWithAnimation(skeleton, motion, translation, rest);
    options.bindWorld = chooseBodyBindPose(skeleton, motion, translation, agreement).world;
    options.maxSamples = maxSamples;
    return options;
}

inline BodyResult buildBodyAsConverted(const Document& document, TranslationMode translation,
                                       std::size_t maxSamples = kDefaultBodyMaxSamples) {
    return buildBody(document.skeleton, bodyOptionsAsConverted(document, translation, maxSamples));
}

// True when `a` and `b` ask for one and the same body, to the bit: buildBody is a function of
// the skeleton and its options alone, so two translation modes that give a file the same up
// axis, left-out links and bind pose (a root that never moves reads the same in every mode)
// give it the same body.
inline bool sameBodyOptions(const BodyOptions& a, const BodyOptions& b) {
    const auto sameTransform = [](const RigidTransform& x, const RigidTransform& y) {
        return x.translation == y.translation && x.rotation == y.rotation;
    };
    return sameBodyOptionsBesideBindPose(a, b) &&
           std::equal(a.bindWorld.begin(), a.bindWorld.end(), b.bindWorld.begin(),
                      b.bindWorld.end(), sameTransform);
}

} // namespace bvh::test
