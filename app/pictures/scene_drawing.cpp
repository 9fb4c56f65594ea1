#include "app/pictures/scene_drawing.h"

#include "render/math/renderer_info.h"

#include <algorithm>

namespace bvhscope::pictures {

SceneDrawOptions sceneDrawOptions(const scene::ViewerSettings& settings) {
    SceneDrawOptions options;
    options.backgroundColor = settings.backgroundColor;
    options.msaaSamples = settings.msaaSamples;
    options.showGrid = settings.showGrid;
    options.boneStyle = settings.boneStyle;
    options.showJoints = settings.showJoints;
    options.showShadow = settings.showShadow;
    options.look = scene::SceneLook{settings.boneThickness, settings.selectionColor,
                                    settings.hideStaticRootLinks ? scene::StaticLinkStyle::Hidden
                                                                 : scene::StaticLinkStyle::Dashed,
                                    settings.boneStyle == render::BoneStyle::Body};
    return options;
}

namespace {

render::PixelRect intersection(const render::PixelRect& a, const render::PixelRect& b) {
    const int left = std::max(a.x, b.x);
    const int top = std::max(a.y, b.y);
    const int right = std::min(a.x + a.width, b.x + b.width);
    const int bottom = std::min(a.y + a.height, b.y + b.height);
    return render::PixelRect{left, top, std::max(right - left, 0), std::max(bottom - top, 0)};
}

// Bones and joints are at least this many pixels in radius on screen (1.5 px wide): a figure far
// away, or a hierarchy of tiny bones, stays visible.
constexpr float kMinimumBoneRadiusPixels = 0.75f;

// The camera's view of a viewport: its projection, and the radii that keep a bone visible.
render::ViewParameters viewParametersFor(const render::OrbitCamera& camera,
                                         const render::PixelRect& viewport) {
    const float aspect =
        static_cast<float>(viewport.width) / static_cast<float>(std::max(viewport.height, 1));
    render::ViewParameters view;
    view.viewProjection = render::projectionMatrix(camera, aspect) * render::viewMatrix(camera);
    view.eyePosition = render::eyePosition(camera);
    view.minRadiusPerDistance = render::pixelRadiusPerDistance(
        kMinimumBoneRadiusPixels, camera.verticalFovRadians, viewport.height);
    view.radiusPerPixelPerDistance =
        render::pixelRadiusPerDistance(1.0f, camera.verticalFovRadians, viewport.height);
    return view;
}
} // namespace

SceneDrawer::SceneDrawer() {
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    automaticSamples_ = render::automaticSampleCount(renderer != nullptr ? renderer : "");
}

void SceneDrawer::draw(const scene::Scene& scene, const scene::ScenePose& pose,
                       const render::OrbitCamera& camera,
                       const std::optional<scene::Selection>& selected,
                       const SceneDrawOptions& options, int width, int height, GLuint framebuffer,
                       const scene::SceneOverlays* overlays,
                       const std::optional<render::PixelRect>& visibleArea,
                       const std::optional<render::PixelRect>& viewRect) {
    const render::PixelRect whole{0, 0, width, height};
    const render::PixelRect viewport = viewRect ? intersection(*viewRect, whole) : whole;
    // What is drawn: the view, less what the caller paints over.
    std::optional<render::PixelRect> drawn;
    if (visibleArea || viewRect) {
        drawn = visibleArea ? intersection(*visibleArea, viewport) : viewport;
    }
    if (drawn && drawn->empty()) { // all of it is under the caller's panels
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glViewport(0, 0, width, height);
        return;
    }
    const int samples = options.msaaSamples == scene::kAutomaticMsaaSamples ? automaticSamples_
                                                                            : options.msaaSamples;
    // Straight into the destination when nothing needs resolving: on a software renderer the
    // blit of a whole window costs about as much as drawing the scene.
    const bool offscreen = samples > 1 || !render::hasDepthAndStencil(framebuffer);
    if (offscreen) {
        target_.resize(width, height, samples);
        target_.bind();
    } else {
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glViewport(0, 0, width, height);
    }
    glClearColor(options.backgroundColor.r, options.backgroundColor.g, options.backgroundColor.b,
                 options.backgroundAlpha);
    glClearDepth(1.0);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    // The clear covers everything: llvmpipe clears a whole buffer far faster than part of one
    // (1 character at 1280x720: 7.4 ms a frame with the clear cut to the visible area, 6.6 ms).
    glViewport(viewport.x, height - (viewport.y + viewport.height), viewport.width,
               viewport.height);
    if (drawn) {
        glEnable(GL_SCISSOR_TEST);
        render::scissorTo(*drawn, height);
    }
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);

    const render::ViewParameters view = viewParametersFor(camera, viewport);

    const render::SkeletonStyle style = drawGridAndFigures(scene, pose, selected, options, view);
    if (overlays != nullptr) {
        drawOverlays(view, viewport, style, *overlays);
    }
    glDisable(GL_SCISSOR_TEST);
    if (offscreen) {
        target_.resolveInto(framebuffer, drawn ? &*drawn : nullptr);
    }
    glViewport(0, 0, width, height);
}

render::SkeletonStyle
SceneDrawer::drawGridAndFigures(const scene::Scene& scene, const scene::ScenePose& pose,
                                const std::optional<scene::Selection>& selected,
                                const SceneDrawOptions& options,
                                const render::ViewParameters& view) {
    const render::Bounds bounds = scene.motionBounds();
    const render::GridLayout grid = render::gridForBounds(bounds);
    if (options.showGrid) {
        grid_.drawGrid(view, grid, render::GridColors{}, options.backgroundColor);
    }
    scene::SceneLook look = options.look;
    look.bodies = options.boneStyle == render::BoneStyle::Body;
    scene.buildInstances(pose, selected, look, bones_, joints_);
    scene.buildBodies(pose, selected, look, bodies_);
    render::SkeletonStyle style;
    style.bones = options.boneStyle;
    style.drawJoints = options.showJoints;
    style.drawShadow = options.showShadow;
    std::size_t bodyNodes = 0;
    for (const scene::BodyInstance& body : bodies_) {
        bodyNodes += body.skin.size();
    }
    budgetForcedLines_ = bones_.size() + bodyNodes > kMeshBoneBudget;
    if (budgetForcedLines_) {
        bodies_.clear();
        // Segments about two pixels long or more: the line is the minimum width.
        const float visibleLengthPerDistance =
            2.0f * view.minRadiusPerDistance / kMinimumBoneRadiusPixels;
        scene.buildInstances(pose, selected, look, bones_, joints_,
                             scene::Scene::Detail{view.eyePosition, visibleLengthPerDistance});
        style.bones = render::BoneStyle::Line;
        style.drawJoints = false;
        style.drawShadow = false; // a line's shadow is drawn with a capsule
    }
    style.groundHeight = grid.groundHeight;
    style.shadowFadeHeight = bounds.empty() ? 1.0f : std::max(bounds.size().y * 0.6f, 1e-3f);
    bodyMeshes_.forgetUnused();
    bodyMeshes_.draws(bodies_, bodyDraws_);
    skeletons_.drawSkeletons(view, bones_, joints_, style, bodyDraws_);
    return style;
}

void SceneDrawer::drawOverlays(const render::ViewParameters& view,
                               const render::PixelRect& viewport,
                               const render::SkeletonStyle& style,
                               const scene::SceneOverlays& overlays) {
    overlays_.drawDiscs(view, overlays.contactMarkers);
    overlays_.drawLines(view, glm::vec2(viewport.width, viewport.height), overlays.trails);
    render::SkeletonStyle ghostStyle = style;
    ghostStyle.drawShadow = false;
    bodyMeshes_.draws(budgetForcedLines_
                          ? std::span<const scene::BodyInstance>{}
                          : std::span<const scene::BodyInstance>(overlays.ghostBodies),
                      ghostBodyDraws_);
    skeletons_.drawTranslucent(view, overlays.ghostBones, overlays.ghostJoints, ghostStyle,
                               ghostBodyDraws_);
}

} // namespace bvhscope::pictures
