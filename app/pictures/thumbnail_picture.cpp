#include "app/pictures/thumbnail_picture.h"

#include "app/scene/framing.h"

namespace bvhscope::viewer {

render::OrbitCamera thumbnailCamera(const Scene& scene, const ScenePose& pose) {
    render::OrbitCamera camera;
    camera.verticalFovRadians = 0.6f; // a little narrower than the view's: less distortion
    frameFigures(camera, scene, pose, 1.0f, true);
    return camera;
}

ThumbnailScene thumbnailScene(bvh::Document pose, const FileFacts* facts,
                              const ViewerSettings& settings) {
    Clip clip = analyzeClip("", "", std::move(pose));
    // The pose is one frame from the middle of the clip: read its position channels as the
    // whole file is read (decided from the file's frame 0).
    if (facts != nullptr) {
        clip.translation = facts->summary.translationUsed;
        clip.restAnimation = facts->restAnimation;
        // Stand it, face it and put it on the ground as the viewer does: one frame cannot
        // tell, so the stance is the whole clip's (core/analysis/stance.h).
        clip.summary.stance = facts->summary.stance;
    }
    Character character = makeCharacter(std::make_shared<const Clip>(std::move(clip)));
    applyAxes(character, settings.upAxis, settings.unit);
    ThumbnailScene thumbnail;
    thumbnail.scene.add(std::move(character));
    thumbnail.scene.sample(0.0, bvh::Interpolation::Nearest, false, thumbnail.pose);
    return thumbnail;
}

SceneDrawOptions thumbnailDrawOptions(const ViewerSettings& settings) {
    SceneDrawOptions options = sceneDrawOptions(settings);
    options.showGrid = false; // at this size the grid's lines are noise; the shadow grounds it
    return options;
}

} // namespace bvhscope::viewer
