// A built body's torso and thighs measured on its mesh (the finest level, bind pose, up +Y), for
// the torso tests: placed by the bones' roles (classifyBoneRoles), never by joint names, so one
// probe serves every biped, with or without pelvis bones. Widths are of the figure's height (the
// span of its joints' heights), from rays cast out of the body's inside to the first triangle
// they cross.
#pragma once

#include "core/body/body_mesh.h"
#include "core/body/body_roles.h"
#include "core/model/skeleton.h"
#include "tests/core/body/body_mesh_rays.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <utility>
#include <vector>

namespace bvh::test {

// The distance along the unit `direction` from `origin` to the nearest triangle of the mesh's
// finest level it crosses (Moeller-Trumbore), or `reach` when none is nearer.
inline float meshExit(const BodyMesh& mesh, const glm::vec3& origin, const glm::vec3& direction,
                      float reach) {
    float nearest = reach;
    forEachRayHit(mesh, origin, direction, [&](float t) {
        if (t > 0.0f && t < nearest) {
            nearest = t;
        }
    });
    return nearest;
}

// Where a biped's limbs leave its trunk in the mesh's bind pose, found by the bones' roles: the hip
// joints (down each thigh's run of bones, the first joint whose bone goes down: CMU's LHipJoint
// and MakeHuman's pelvis.R lead to it across the pelvis), the left knee (+across) and the upper
// arms' roots; `up` the axis nearest the hips-to-shoulders line.
struct TorsoFrame {
    glm::vec3 leftThigh{0.0f}, rightThigh{0.0f}, leftKnee{0.0f};
    glm::vec3 shoulders{0.0f};
    glm::vec3 up{0, 1, 0}, across{1, 0, 0}, front{0, 0, 1};
    float height = 1.0f; // the span of the joints' heights
};

inline std::optional<TorsoFrame> torsoFrame(const Skeleton& skeleton, const BodyMesh& mesh) {
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    const std::size_t n = skeleton.nodeCount();
    const auto at = [&](std::size_t node) { return glm::vec3(mesh.bindWorld[node].translation); };
    std::vector<std::size_t> thighs;
    std::vector<std::size_t> arms;
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent || roles[static_cast<std::size_t>(parent)] == roles[i]) {
            continue;
        }
        if (roles[i] == BoneRole::Thigh) {
            thighs.push_back(i);
        } else if (roles[i] == BoneRole::UpperArm) {
            arms.push_back(i);
        }
    }
    if (thighs.size() != 2 || arms.size() != 2) {
        return std::nullopt;
    }
    TorsoFrame frame;
    frame.shoulders = 0.5f * (at(arms[0]) + at(arms[1]));
    const glm::vec3 rise = frame.shoulders - 0.5f * (at(thighs[0]) + at(thighs[1]));
    const glm::vec3 size = glm::abs(rise);
    const int axis = size.x > size.y && size.x > size.z ? 0 : (size.y > size.z ? 1 : 2);
    frame.up = glm::vec3(0.0f);
    frame.up[axis] = rise[axis] > 0.0f ? 1.0f : -1.0f;
    const auto childOnRun = [&](std::size_t node) -> std::optional<std::size_t> {
        for (std::size_t next = 0; next < n; ++next) {
            if (skeleton.parents[next] == static_cast<NodeIndex>(node) &&
                (roles[next] == BoneRole::Thigh || roles[next] == BoneRole::Shin)) {
                return next;
            }
        }
        return std::nullopt;
    };
    // Down the thigh's run: the hip joint and the knee (where the shin starts).
    const auto hipAndKnee = [&](std::size_t node) {
        std::optional<std::size_t> hip;
        std::size_t knee = node;
        while (roles[knee] == BoneRole::Thigh) {
            const std::optional<std::size_t> next = childOnRun(knee);
            if (!next) {
                break;
            }
            const glm::vec3 bone = at(*next) - at(knee);
            // Not a joint that sits on its parent (CMU's LHipJoint, on the hips in the
            // cgspeed conversions): both sides' would be one point.
            const NodeIndex above = skeleton.parents[knee];
            const bool onParent =
                above != kNoParent && glm::length(at(knee) - at(static_cast<std::size_t>(above))) <
                                          0.01f * glm::length(bone);
            if (!hip && !onParent && glm::length(bone) > 0.0f &&
                glm::dot(bone, -frame.up) > 0.7f * glm::length(bone)) {
                hip = knee;
            }
            knee = *next;
        }
        return std::pair(hip.value_or(node), knee);
    };
    auto [left, leftKnee] = hipAndKnee(thighs[0]);
    auto [right, rightKnee] = hipAndKnee(thighs[1]);
    float low = 1e30f;
    float high = -1e30f;
    for (std::size_t i = 0; i < n; ++i) {
        low = std::min(low, glm::dot(at(i), frame.up));
        high = std::max(high, glm::dot(at(i), frame.up));
    }
    frame.height = high - low;
    glm::vec3 side = at(left) - at(right);
    side -= frame.up * glm::dot(side, frame.up);
    if (!(glm::length(side) > 0.0f)) {
        return std::nullopt;
    }
    // Left is the side the across axis points to: +X on the generated rigs.
    if (glm::dot(side, glm::vec3(1.0f)) < 0.0f) {
        std::swap(left, right);
        std::swap(leftKnee, rightKnee);
        side = -side;
    }
    frame.across = glm::normalize(side);
    frame.front = glm::cross(frame.across, frame.up);
    frame.leftThigh = at(left);
    frame.rightThigh = at(right);
    frame.leftKnee = at(leftKnee);
    return frame;
}

// A section through `centre`: its width along the frame's `across` and its depth along `front`,
// of the height.
struct MeshSection {
    float across = 0.0f;
    float depth = 0.0f;
};

inline MeshSection meshSection(const BodyMesh& mesh, const TorsoFrame& frame,
                               const glm::vec3& centre) {
    const float reach = frame.height;
    const auto exit = [&](const glm::vec3& d) { return meshExit(mesh, centre, d, reach); };
    return {(exit(frame.across) + exit(-frame.across)) / frame.height,
            (exit(frame.front) + exit(-frame.front)) / frame.height};
}

// The torso's section at `share` of the way from the hip joints' midpoint up to the shoulders'.
inline MeshSection torsoAt(const BodyMesh& mesh, const TorsoFrame& frame, float share) {
    const glm::vec3 hips = 0.5f * (frame.leftThigh + frame.rightThigh);
    return meshSection(mesh, frame, hips + share * (frame.shoulders - hips));
}

// The point `share` of the way down the left thigh, from the hip joint to the knee.
inline glm::vec3 alongLeftThigh(const TorsoFrame& frame, float share) {
    return frame.leftThigh + share * (frame.leftKnee - frame.leftThigh);
}

// The left thigh's section at `share` of the way from the hip joint to the knee, across the
// figure and front to back.
inline MeshSection thighAt(const BodyMesh& mesh, const TorsoFrame& frame, float share) {
    return meshSection(mesh, frame, alongLeftThigh(frame, share));
}

// How the hip flows into the thigh seen from in front (`across`: the outer side) or from the side
// (`-front`: the buttock): the body's outline from 0.08 of the height above the left hip joint
// down to half way to the knee, as the first exit along the direction from the line through the
// hip joint parallel to up, every 0.004 of the height; the steepest the outline comes in going
// down, in degrees from up (0: straight down; a ball's underside over a thinner thigh nears 90).
inline float steepestInwardOutline(const BodyMesh& mesh, const TorsoFrame& frame,
                                   const glm::vec3& direction) {
    const float step = 0.004f * frame.height;
    const float top = 0.08f * frame.height;
    const float bottom = 0.5f * glm::dot(frame.leftThigh - frame.leftKnee, frame.up);
    float steepest = 0.0f;
    float previous = -1.0f;
    for (float drop = -top; drop <= bottom; drop += step) {
        const glm::vec3 at = frame.leftThigh - drop * frame.up;
        const float reach = meshExit(mesh, at, direction, frame.height);
        if (previous >= 0.0f && reach < previous) {
            steepest = std::max(steepest, glm::degrees(std::atan2(previous - reach, step)));
        }
        previous = reach;
    }
    return steepest;
}

// Whether `point` lies inside the mesh's finest level: an odd number of triangles crossed along a
// ray out of it (skewed off the axes, so that it grazes no edge of a grid-aligned surface).
inline bool insideMesh(const BodyMesh& mesh, const glm::vec3& point) {
    int crossings = 0;
    forEachRayHit(mesh, point, glm::normalize(glm::vec3(0.31f, 0.87f, 0.41f)),
                  [&](float t) { crossings += t > 0.0f ? 1 : 0; });
    return crossings % 2 == 1;
}

// The point on the left (`side` +1) or right (-1) thigh's line, from its hip joint towards its
// knee (the left knee mirrored across the hips' midpoint for the right), `drop` of the height
// below the hip joints.
inline glm::vec3 onThighLine(const TorsoFrame& frame, float drop, float side) {
    const glm::vec3 hip = side > 0.0f ? frame.leftThigh : frame.rightThigh;
    glm::vec3 knee = frame.leftKnee - frame.leftThigh;
    if (side < 0.0f) {
        knee -= 2.0f * frame.across * glm::dot(knee, frame.across);
    }
    const float fall = glm::dot(-knee, frame.up);
    return hip + knee * (fall > 0.0f ? drop * frame.height / fall : 0.0f);
}

// How far below the hip joints the left knee lies, of the height.
inline float kneeDrop(const TorsoFrame& frame) {
    return glm::dot(frame.leftThigh - frame.leftKnee, frame.up) / frame.height;
}

// How far below the hip joints (of the height) the thighs part: the first level, going down in
// steps of 0.004 of the height, where the point midway between the thighs' lines lies outside
// the body.
inline float crotchDrop(const BodyMesh& mesh, const TorsoFrame& frame) {
    const float knee = kneeDrop(frame);
    for (float drop = 0.0f; drop < knee; drop += 0.004f) {
        if (!insideMesh(
                mesh, 0.5f * (onThighLine(frame, drop, 1.0f) + onThighLine(frame, drop, -1.0f)))) {
            return drop;
        }
    }
    return knee;
}

// How far out the body's outline reaches on the left (`side` +1) or right (-1) at `drop` of the
// height below the hip joints, seen from in front, from the plane midway between the hip joints
// (of the height): the farthest first exit outwards from points on the thigh's line and from
// 0.06 of the height behind it to 0.03 in front (a hip's mass sits behind the joint), each inside
// the body.
inline float outlineReach(const BodyMesh& mesh, const TorsoFrame& frame, float drop, float side) {
    const glm::vec3 middle = 0.5f * (frame.leftThigh + frame.rightThigh);
    const glm::vec3 out = side * frame.across;
    float reach = 0.0f;
    for (int step = -6; step <= 3; ++step) {
        const glm::vec3 origin = onThighLine(frame, drop, side) +
                                 (0.01f * static_cast<float>(step) * frame.height) * frame.front;
        if (insideMesh(mesh, origin)) {
            reach = std::max(reach, glm::dot(origin - middle, out) +
                                        meshExit(mesh, origin, out, frame.height));
        }
    }
    return reach / frame.height;
}

// The left thigh's width across the figure at `drop` of the height below the hip joints (below
// the crotch), of the height: from its line to its outer and its inner surface.
inline float thighAcross(const BodyMesh& mesh, const TorsoFrame& frame, float drop) {
    const glm::vec3 at = onThighLine(frame, drop, 1.0f);
    return (meshExit(mesh, at, frame.across, frame.height) +
            meshExit(mesh, at, -frame.across, frame.height)) /
           frame.height;
}

} // namespace bvh::test
