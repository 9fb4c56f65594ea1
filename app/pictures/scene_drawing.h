// Drawing a scene's 3D view (ground grid, shadows, bones, joints, and the analysis overlays) into
// a framebuffer: the viewer's window, and every other picture of a scene (offscreen images,
// thumbnails), so they all look the same. Needs a current OpenGL 3.3 core context; knows nothing
// of windows or UI.
//
// Order: grid; skeleton shadows and opaque skeletons; foot contact discs (over the shadows, under
// the feet); trails (depth-tested, so a body hides the part of its path behind it); ghosts last
// (translucent, depth-tested against everything before them, see
// SkeletonRenderer::drawTranslucent).
#pragma once

#include "app/pictures/body_meshes.h"
#include "app/scene/overlays.h"
#include "app/scene/scene.h"
#include "app/scene/settings.h"
#include "render/draw/grid_renderer.h"
#include "render/draw/overlay_renderer.h"
#include "render/draw/skeleton_renderer.h"
#include "render/gl/gl_objects.h"
#include "render/gl/render_target.h"
#include "render/math/camera.h"
#include "render/math/uncovered_area.h"

#include <optional>
#include <string>
#include <vector>

namespace bvhscope::pictures {

// What a picture of the scene shows; the viewer takes it from its settings.
struct SceneDrawOptions {
    glm::vec3 backgroundColor{0.11f, 0.12f, 0.14f};
    // 0 for a transparent picture (with a black backgroundColor the framebuffer then holds
    // premultiplied colour; render::ImageTarget::readWithAlpha turns it straight).
    float backgroundAlpha = 1.0f;
    int msaaSamples = 4; // kAutomaticMsaaSamples: SceneDrawer::automaticSamples()
    bool showGrid = true;
    // Body: characters whose body is built (CharacterAppearance::body, character_body.h) are drawn
    // as bodies, the others as capsules.
    render::BoneStyle boneStyle = render::BoneStyle::Capsule;
    bool showJoints = true;
    bool showShadow = true;
    scene::SceneLook look;
};
SceneDrawOptions sceneDrawOptions(const scene::ViewerSettings& settings);

// Above this many bones in a picture, bones are drawn as lines, without joints or shadows,
// whatever the options say: a capsule and a joint sphere are some 600 triangles, and a hierarchy of
// tens of thousands of nodes (which the reader accepts) would otherwise take seconds per frame
// on a software renderer. Fifty 60-joint characters stay well under it.
inline constexpr std::size_t kMeshBoneBudget = 5000;

class SceneDrawer {
public:
    // Builds the shaders and meshes (the context must be current). On failure error() names
    // the shader and the driver's log, and draw() still clears to the background.
    SceneDrawer();
    std::string error() const { return skeletons_.error() + grid_.error() + overlays_.error(); }

    // Draws the scene in `pose` (Scene::sample) seen through `camera` into
    // `framebuffer` (0: the default one) of width x height pixels, which is left bound with the
    // viewport covering it. With multisampling, or when `framebuffer` lacks a depth or stencil
    // buffer, the scene is drawn into an offscreen target first and resolved into it. `overlays`
    // (trails, ghosts, contact markers; OverlayBuilder) are drawn when given. With `visibleArea`
    // (top-left origin) the scene is drawn there only; outside it `framebuffer` keeps what it had
    // or shows the background: for a caller that paints over the rest (the viewer's opaque
    // panels, opaque_panels.h). With `viewRect` (top-left origin) the camera projects into that
    // rectangle, with its aspect ratio (the viewer's view between its docked panels, so framing
    // puts a figure where it can be seen); without it, into the whole width x height.
    void draw(const scene::Scene& scene, const scene::ScenePose& pose,
              const render::OrbitCamera& camera, const std::optional<scene::Selection>& selected,
              const SceneDrawOptions& options, int width, int height, GLuint framebuffer = 0,
              const scene::SceneOverlays* overlays = nullptr,
              const std::optional<render::PixelRect>& visibleArea = std::nullopt,
              const std::optional<render::PixelRect>& viewRect = std::nullopt);
    // GPU memory held by the body meshes uploaded for drawing.
    std::size_t bodyBytes() const { return bodyMeshes_.byteSize(); }
    // The last draw() had more bones than kMeshBoneBudget (drawn as lines, without joints or
    // shadows; a body counts its nodes).
    bool budgetForcedLines() const { return budgetForcedLines_; }
    // The sample count for kAutomaticMsaaSamples on this context's renderer.
    int automaticSamples() const { return automaticSamples_; }

private:
    // draw()'s steps. The grid under the figures' bounds and the figures in `pose` (as lines
    // when they are over kMeshBoneBudget); returns the style they were drawn with.
    render::SkeletonStyle drawGridAndFigures(const scene::Scene& scene,
                                             const scene::ScenePose& pose,
                                             const std::optional<scene::Selection>& selected,
                                             const SceneDrawOptions& options,
                                             const render::ViewParameters& view);
    // Contact markers, trails and onion skins, in the figures' style less shadows.
    void drawOverlays(const render::ViewParameters& view, const render::PixelRect& viewport,
                      const render::SkeletonStyle& style, const scene::SceneOverlays& overlays);

    render::SkeletonRenderer skeletons_;
    render::GridRenderer grid_;
    render::OverlayRenderer overlays_;
    render::MultisampleTarget target_;
    std::vector<render::BoneInstance> bones_;
    std::vector<render::BoneInstance> joints_;
    std::vector<scene::BodyInstance> bodies_; // this frame's, kept for their storage
    BodyMeshes bodyMeshes_;                   // uploaded once per mesh
    std::vector<render::BodyDraw> bodyDraws_;
    std::vector<render::BodyDraw> ghostBodyDraws_;
    bool budgetForcedLines_ = false;
    int automaticSamples_ = 4;
};

} // namespace bvhscope::pictures
