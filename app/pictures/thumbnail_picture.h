// A file's thumbnail as a picture: the scene, camera and look that the folder Browser
// (app/viewer/folder/folder_thumbnails.h) and `bvhscope thumbnail` (app/headless) both draw, so
// the file manager shows what the Browser shows.
#pragma once

#include "app/folder/folder_summaries.h"
#include "app/pictures/scene_drawing.h"
#include "app/scene/scene.h"
#include "app/scene/settings.h"
#include "core/reader/document.h"
#include "render/math/camera.h"

#include <string>

namespace bvhscope::pictures {

// The camera a thumbnail is seen through: the figure's front three-quarters, slightly from above
// (as the viewer opens a file: scene/framing.h), framing the pose in `pose` in a
// square image.
render::OrbitCamera thumbnailCamera(const scene::Scene& scene, const scene::ScenePose& pose);

// The scene a thumbnail shows, sampled: a file's pose (FileFacts::thumbnailPose, one frame, or
// a huge skeleton's simplified figure) stood up and scaled as the viewer would show the whole
// file (its translation mode and the rest pose against the clip from `facts` when given, the
// axes and unit of `settings`). Shared by the browser and `bvhscope thumbnail`, so the file
// manager shows what the Browser shows.
struct ThumbnailScene {
    scene::Scene scene;
    scene::ScenePose pose; // its one frame, sampled
};
// `displayName` names the clip in what the scene reports (a body's fallback notice).
ThumbnailScene thumbnailScene(bvh::Document pose, const folder::FileFacts* facts,
                              const scene::ViewerSettings& settings, std::string displayName = {});
// How a thumbnail is drawn: the look of `settings` without the ground grid.
SceneDrawOptions thumbnailDrawOptions(const scene::ViewerSettings& settings);

// How many times over the thumbnail's capsules, joint spheres and their shadows would cover a
// square picture of `size` pixels framing its pose, on average (bones and joints at least the
// drawer's minimum width). A figure is well under 1 (0.07 to 1.0 over the corpus); a thousand
// bones fanned out from one place (a root with a thousand End Sites) are tens to hundreds: a
// software renderer then spends seconds and hundreds of MB shading one pixel again and again.
float thumbnailCoverage(const ThumbnailScene& thumbnail, const scene::SceneLook& look, int size);
// Above this coverage a thumbnail is drawn with lines, without joints or shadows, as the drawer
// draws a picture beyond its mesh budget (kMeshBoneBudget): a line covers its length once.
inline constexpr float kMaxThumbnailCoverage = 6.0f;
// thumbnailDrawOptions for this thumbnail at `size` pixels: lines above kMaxThumbnailCoverage.
SceneDrawOptions thumbnailDrawOptions(const scene::ViewerSettings& settings,
                                      const ThumbnailScene& thumbnail, int size);

} // namespace bvhscope::pictures
