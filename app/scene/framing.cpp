#include "app/scene/framing.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace bvhscope::viewer {

namespace {

// The point a follow keeps in view: the centre of the figures' current poses on the ground.
std::optional<glm::vec3> followAnchor(const Scene& scene, const ScenePose& pose) {
    const render::Bounds bounds = scene.poseBounds(pose);
    if (bounds.empty()) {
        return std::nullopt;
    }
    const glm::vec3 center = bounds.center();
    return glm::vec3(center.x, 0.0f, center.z);
}

} // namespace

std::optional<float> frontThreeQuarterYaw(const glm::vec3& facing) {
    const glm::vec2 ground(facing.x, facing.z);
    if (!(glm::length(ground) > 1e-6f)) {
        return std::nullopt;
    }
    // The eye sits at (sin yaw, ., cos yaw) from the target: yaw 0 looks at a figure facing +Z
    // straight on.
    return std::atan2(ground.x, ground.y) + kThreeQuarterYawRadians;
}

std::optional<glm::vec3> sceneFacing(const Scene& scene, const ScenePose& pose) {
    static const CharacterPose kNotSampled;
    for (std::size_t i = 0; i < scene.characters().size(); ++i) {
        if (scene.characters()[i].visible) {
            const CharacterPose& sampled =
                i < pose.characters.size() ? pose.characters[i] : kNotSampled;
            return viewerFacing(scene.characters()[i], sampled);
        }
    }
    return std::nullopt;
}

void frameFigures(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                  float aspect, bool faceFront) {
    if (faceFront) {
        if (const std::optional<glm::vec3> facing = sceneFacing(scene, pose)) {
            if (const std::optional<float> yaw = frontThreeQuarterYaw(*facing)) {
                camera.yawRadians = *yaw;
            }
        }
    }
    render::frameBounds(camera, scene.poseBounds(pose), aspect);
}

void FigureFollow::start(const render::OrbitCamera& camera, const Scene& scene,
                         const ScenePose& pose) {
    const std::optional<glm::vec3> anchor = followAnchor(scene, pose);
    active_ = anchor.has_value();
    if (anchor) {
        offset_ = camera.target - *anchor;
    }
}

void FigureFollow::update(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                          double elapsedSeconds) {
    if (!active_) {
        return;
    }
    const std::optional<glm::vec3> anchor = followAnchor(scene, pose);
    if (!anchor) {
        return;
    }
    const glm::vec3 wanted = *anchor + offset_;
    // Half the way in 0.1 s; a jump (a loop back to the start, a seek) is taken at once.
    const float blend = 1.0f - static_cast<float>(std::exp2(-std::max(elapsedSeconds, 0.0) / 0.1));
    glm::vec3 target = camera.target;
    const float jump = glm::distance(glm::vec2(target.x, target.z), glm::vec2(wanted.x, wanted.z));
    const bool farAway = jump > 2.0f * camera.distance;
    target.x = farAway ? wanted.x : target.x + (wanted.x - target.x) * blend;
    target.z = farAway ? wanted.z : target.z + (wanted.z - target.z) * blend;
    camera.target = target;
}

} // namespace bvhscope::viewer
