// Where the camera looks when a file opens, after Page Down, on F, and in `bvhscope render`:
// the figure at the current frame, seen from its front three-quarters, filling a good part of
// the view; a travelling clip is followed. The whole clip's framing (a walk across a room makes
// the figure a speck) stays one key away (A) and `render --camera clip`.
//
// GL-free: tested in tests/app/scene/framing_test.cpp.
#pragma once

#include "app/scene/scene.h"
#include "render/math/camera.h"

#include <glm/vec3.hpp>
#include <optional>

namespace bvhscope::viewer {

// The yaw (render/math/camera.h) that puts the eye this far to the figure's right of straight
// in front: the viewer's default view of a figure facing +Z.
inline constexpr float kThreeQuarterYawRadians = 0.5f;

// The yaw looking at a figure facing `facing` (viewer axes; its Y is ignored) from its front
// three-quarters; nullopt for a vertical or zero direction.
std::optional<float> frontThreeQuarterYaw(const glm::vec3& facing);

// The front of the first visible character in `pose`, in viewer axes: from its
// joints' names or head (bvh::facingOfPose), else the clip's (bvh::Stance::facing).
std::optional<glm::vec3> sceneFacing(const Scene& scene, const ScenePose& pose);

// Frames the visible characters' poses in `pose` (Scene::poseBounds). With
// `faceFront`, the yaw turns to the first one's front three-quarters (pitch kept).
void frameFigures(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                  float aspect, bool faceFront);

// Keeps a travelling figure in view: the camera's target keeps the offset it had from the
// figures' centre when follow() started, moving towards it smoothly (half the way in about
// 0.1 s) so a jittery root does not shake the picture. Only the ground-plane position follows;
// height and distance stay as framed.
class FigureFollow {
public:
    void start(const render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose);
    void stop() { active_ = false; }
    bool active() const { return active_; }
    void update(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                double elapsedSeconds);

private:
    bool active_ = false;
    glm::vec3 offset_{0.0f};
};

} // namespace bvhscope::viewer
