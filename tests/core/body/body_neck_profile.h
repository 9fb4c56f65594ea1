// An upright biped's neck, shoulders' top and upper back measured on its mesh (the finest level,
// the bind pose), for the neck tests and tools/measure_neck_shape.cpp: placed by the bones' roles
// (body_torso_sections.h's TorsoFrame, the Head and Neck roles), never by joint names, so one probe
// serves every biped. Heights and places are of the figure's height, heights from the upper arms'
// roots' midpoint (the shoulder line). A person's neck shows from the chin's underside down to the
// shoulders' top beside it, about 0.04-0.05 of the height at the front; the shoulders' top falls
// from the neck to the arm at about 20 degrees; the upper back is flat to gently rounded.
#pragma once

#include "core/body/body_mesh.h"
#include "core/body/body_roles.h"
#include "core/model/skeleton.h"
#include "tests/core/body/body_mesh_rays.h"
#include "tests/core/body/body_torso_sections.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <vector>

namespace bvh::test {

struct NeckFrame {
    TorsoFrame torso;
    glm::vec3 head{0.0f};     // the head joint
    glm::vec3 neckRoot{0.0f}; // where the neck chain leaves the trunk (the head's parent if none)
};

inline std::optional<NeckFrame> neckFrame(const Skeleton& skeleton, const BodyMesh& mesh) {
    const std::optional<TorsoFrame> torso = torsoFrame(skeleton, mesh);
    if (!torso) {
        return std::nullopt;
    }
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    const auto at = [&](std::size_t node) { return glm::vec3(mesh.bindWorld[node].translation); };
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (roles[i] != BoneRole::Head || parent == kNoParent ||
            roles[static_cast<std::size_t>(parent)] == BoneRole::Head) {
            continue;
        }
        auto root = static_cast<std::size_t>(parent);
        while (roles[root] == BoneRole::Neck && skeleton.parents[root] != kNoParent &&
               roles[static_cast<std::size_t>(skeleton.parents[root])] == BoneRole::Neck) {
            root = static_cast<std::size_t>(skeleton.parents[root]);
        }
        return NeckFrame{*torso, at(i), at(root)};
    }
    return std::nullopt;
}

// Every crossing of the mesh by the ray from `origin` along the unit `direction`, nearest first.
inline std::vector<float> crossingsAlong(const BodyMesh& mesh, const glm::vec3& origin,
                                         const glm::vec3& direction) {
    std::vector<float> hits;
    forEachRayHit(mesh, origin, direction, [&](float t) {
        if (t > 0.0f) {
            hits.push_back(t);
        }
    });
    std::sort(hits.begin(), hits.end());
    // A ray through an edge or a vertex crosses each triangle there: one crossing.
    hits.erase(
        std::unique(hits.begin(), hits.end(), [](float a, float b) { return b - a < 1e-5f; }),
        hits.end());
    return hits;
}

// A point `lateral` to the left of the head joint's plane, `ahead` in front of the head joint,
// at `height` over the shoulder line (all of the figure's height).
inline glm::vec3 neckPoint(const NeckFrame& f, float lateral, float ahead, float height) {
    const TorsoFrame& t = f.torso;
    const glm::vec3 head = f.head - t.up * glm::dot(f.head - t.shoulders, t.up);
    return head + t.height * (lateral * t.across + ahead * t.front + height * t.up);
}

inline float heightOf(const NeckFrame& f, const glm::vec3& point) {
    return glm::dot(point - f.torso.shoulders, f.torso.up) / f.torso.height;
}

// The body's top seen from in front at `lateral` from the head's plane: the highest first
// crossing of rays cast down from over the head, from 0.12 of the height behind the head joint to
// 0.12 in front of it.
inline float silhouetteTop(const BodyMesh& mesh, const NeckFrame& f, float lateral) {
    float top = -1.0f;
    for (float ahead = -0.12f; ahead <= 0.1201f; ahead += 0.004f) {
        const std::vector<float> hits =
            crossingsAlong(mesh, neckPoint(f, lateral, ahead, 1.0f), -f.torso.up);
        if (!hits.empty()) {
            top = std::max(top, 1.0f - hits.front() / f.torso.height);
        }
    }
    return top;
}

// The chin's underside: over rays cast down the head's plane from 0 to 0.12 of the height ahead
// of the head joint, the lowest place where the surface they entered no lower than 0.05 under the
// head joint (the head, not the chest's front) ends over a gap (a further crossing below);
// nothing where the head meets the chest without one.
inline std::optional<float> chinUnderside(const BodyMesh& mesh, const NeckFrame& f) {
    std::optional<float> chin;
    const float head = heightOf(f, f.head);
    for (float ahead = 0.0f; ahead <= 0.1201f; ahead += 0.002f) {
        const std::vector<float> hits =
            crossingsAlong(mesh, neckPoint(f, 0.0f, ahead, 1.0f), -f.torso.up);
        if (hits.size() < 3 || 1.0f - hits[0] / f.torso.height < head - 0.05f) {
            continue;
        }
        const float under = 1.0f - hits[1] / f.torso.height;
        chin = chin ? std::min(*chin, under) : under;
    }
    return chin;
}

// The head's middle front to back, ahead of the head joint, at the height midway between its
// crown and the head joint.
inline float headMiddleAhead(const BodyMesh& mesh, const NeckFrame& f) {
    const float crown = silhouetteTop(mesh, f, 0.0f);
    const float at = 0.5f * (crown + heightOf(f, f.head));
    const float front =
        0.3f -
        crossingsAlong(mesh, neckPoint(f, 0.0f, 0.3f, at), -f.torso.front).front() / f.torso.height;
    const float back =
        -0.3f +
        crossingsAlong(mesh, neckPoint(f, 0.0f, -0.3f, at), f.torso.front).front() / f.torso.height;
    return 0.5f * (front + back);
}

// The upper back's hump: the back's profile in the head's plane (first crossings of rays cast
// forward from behind) from the neck's root down to 0.12 of the height under the shoulder line
// (the shoulder blades), and the farthest it reaches behind the straight line between its ends.
inline float upperBackHump(const BodyMesh& mesh, const NeckFrame& f) {
    const float top = heightOf(f, f.neckRoot);
    const float bottom = -0.12f;
    const auto backAt = [&](float height) {
        const std::vector<float> hits =
            crossingsAlong(mesh, neckPoint(f, 0.0f, -0.3f, height), f.torso.front);
        return hits.empty() ? 0.0f : -0.3f + hits.front() / f.torso.height;
    };
    const float backTop = backAt(top);
    const float backBottom = backAt(bottom);
    float hump = 0.0f;
    for (float height = bottom; height <= top; height += 0.004f) {
        const float line = backBottom + (backTop - backBottom) * (height - bottom) / (top - bottom);
        hump = std::max(hump, line - backAt(height));
    }
    return hump;
}

} // namespace bvh::test
