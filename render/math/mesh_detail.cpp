#include "render/math/mesh_detail.h"

#include <algorithm>
#include <glm/geometric.hpp>

namespace bvhscope::render {

MeshDetail meshDetailFor(const BoneInstance& instance, const DetailView& view) {
    if (view.radiusPerPixelPerDistance <= 0.0f) {
        return MeshDetail::Fine;
    }
    const glm::vec3 axis = instance.end - instance.start;
    const float lengthSquared = glm::dot(axis, axis);
    const float t =
        lengthSquared > 0.0f
            ? std::clamp(glm::dot(view.eyePosition - instance.start, axis) / lengthSquared, 0.0f,
                         1.0f)
            : 0.0f;
    const float distance = glm::distance(view.eyePosition, instance.start + t * axis);
    if (distance <= 0.0f) {
        return MeshDetail::Fine;
    }
    const float radius = std::max(instance.radius, view.minRadiusPerDistance * distance);
    const float pixels = radius / (distance * view.radiusPerPixelPerDistance);
    return pixels >= kFineDetailPixels     ? MeshDetail::Fine
           : pixels >= kMediumDetailPixels ? MeshDetail::Medium
                                           : MeshDetail::Coarse;
}

void splitByDetail(std::span<const BoneInstance> instances, const DetailView& view,
                   InstancesByDetail& out) {
    for (std::vector<BoneInstance>& level : out) {
        level.clear();
    }
    for (const BoneInstance& instance : instances) {
        out[static_cast<std::size_t>(meshDetailFor(instance, view))].push_back(instance);
    }
}

} // namespace bvhscope::render
