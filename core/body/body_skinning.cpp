#include "core/body/body_skinning.h"

#include "core/body/dual_quaternion.h"

#include <glm/geometric.hpp>

namespace bvh {

void skinBody(const BodyMesh& mesh, std::span<const RigidTransform> world,
              std::span<const RigidTransform> restWorld, float thickness,
              std::vector<glm::vec3>& out, std::vector<glm::vec3>* normals) {
    const std::size_t nodes = std::min(world.size(), restWorld.size());
    std::vector<DualQuaternion> skin(nodes);
    for (std::size_t j = 0; j < nodes; ++j) {
        skin[j] = toDualQuaternion(skinTransform(world[j], restWorld[j]));
    }
    out.resize(mesh.vertices.size());
    if (normals != nullptr) {
        normals->resize(mesh.vertices.size());
    }
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
        const BodyVertex& vertex = mesh.vertices[v];
        DualQuaternion blend{{0.0, 0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.0}};
        glm::dquat pivot(1.0, 0.0, 0.0, 0.0);
        bool first = true;
        for (int k = 0; k < 4; ++k) {
            const std::size_t joint = vertex.joints[static_cast<std::size_t>(k)];
            const double weight = vertex.weights[static_cast<std::size_t>(k)];
            if (weight <= 0.0 || joint >= nodes) {
                continue;
            }
            if (first) {
                pivot = skin[joint].real;
                first = false;
            }
            accumulateDualQuaternion(blend, skin[joint], weight, pivot);
        }
        const DualQuaternion unit = first ? DualQuaternion{} : normalizedDualQuaternion(blend);
        const glm::dvec3 axis(vertex.axisPoint);
        const glm::dvec3 rest =
            axis + static_cast<double>(thickness) * (glm::dvec3(vertex.position) - axis);
        out[v] = glm::vec3(transformPoint(unit, rest));
        if (normals != nullptr) {
            (*normals)[v] =
                glm::vec3(glm::normalize(rotateVector(unit, glm::dvec3(vertex.normal))));
        }
    }
}

} // namespace bvh
