#include "core/body/body_skinning.h"

#include "core/body/body_skin_frames.h"
#include "core/body/dual_quaternion.h"

#include <algorithm>
#include <glm/geometric.hpp>

namespace bvh {

void bodySkinTransforms(std::span<const NodeIndex> parents, std::span<const RigidTransform> world,
                        std::span<const RigidTransform> bindWorld,
                        std::vector<DualQuaternion>& out) {
    const BodySkinPlan plan = makeBodySkinPlan(parents, bindWorld);
    BodySkinScratch scratch;
    bodySkinTransforms(plan, world, scratch, out);
}

void bodySkinTransforms(const BodySkinPlan& plan, std::span<const RigidTransform> world,
                        BodySkinScratch& scratch, std::vector<DualQuaternion>& out) {
    std::vector<RigidTransform>& frames = scratch.transforms;
    frames.resize(std::min(world.size(), plan.nodeCount()));
    bodySkinFrames(plan, world, scratch, frames);
    out.resize(frames.size());
    for (std::size_t j = 0; j < frames.size(); ++j) {
        out[j] = toDualQuaternion(frames[j]);
    }
}

DualQuaternion blendedSkin(const BodyVertex& vertex, std::span<const DualQuaternion> skin) {
    DualQuaternion blend{{0.0, 0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.0}};
    glm::dquat pivot(1.0, 0.0, 0.0, 0.0);
    bool first = true;
    for (std::size_t k = 0; k < 4; ++k) {
        const std::size_t joint = vertex.joints[k];
        const double weight = vertex.weights[k];
        if (weight <= 0.0 || joint >= skin.size()) {
            continue;
        }
        if (first) {
            pivot = skin[joint].real;
            first = false;
        }
        accumulateDualQuaternion(blend, skin[joint], weight, pivot);
    }
    return first ? DualQuaternion{} : normalizedDualQuaternion(blend);
}

namespace {

// The vertex before skinning, its distance from its bone's axis scaled by `thickness`.
glm::dvec3 thickenedPoint(const BodyVertex& vertex, float thickness) {
    const glm::dvec3 axis(vertex.axisPoint);
    return axis + static_cast<double>(thickness) * (glm::dvec3(vertex.position) - axis);
}

} // namespace

glm::dvec3 skinVertex(const BodyVertex& vertex, std::span<const DualQuaternion> skin,
                      float thickness) {
    return transformPoint(blendedSkin(vertex, skin), thickenedPoint(vertex, thickness));
}

void skinBody(const BodyMesh& mesh, std::span<const NodeIndex> parents,
              std::span<const RigidTransform> world, std::span<const RigidTransform> restWorld,
              float thickness, std::vector<glm::vec3>& out, std::vector<glm::vec3>* normals) {
    BodySkinScratch scratch;
    skinBody(mesh, makeBodySkinPlan(parents, restWorld), world, thickness, scratch, out, normals);
}

void skinBody(const BodyMesh& mesh, const BodySkinPlan& plan, std::span<const RigidTransform> world,
              float thickness, BodySkinScratch& scratch, std::vector<glm::vec3>& out,
              std::vector<glm::vec3>* normals) {
    std::vector<DualQuaternion>& skin = scratch.skin;
    bodySkinTransforms(plan, world, scratch, skin);
    out.resize(mesh.vertices.size());
    if (normals != nullptr) {
        normals->resize(mesh.vertices.size());
    }
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
        const BodyVertex& vertex = mesh.vertices[v];
        const DualQuaternion unit = blendedSkin(vertex, skin);
        out[v] = glm::vec3(transformPoint(unit, thickenedPoint(vertex, thickness)));
        if (normals != nullptr) {
            (*normals)[v] =
                glm::vec3(glm::normalize(rotateVector(unit, glm::dvec3(vertex.normal))));
        }
    }
}

} // namespace bvh
