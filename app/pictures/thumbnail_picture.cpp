#include "app/pictures/thumbnail_picture.h"

#include "app/scene/framing.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <numbers>
#include <vector>

namespace bvhscope::pictures {

render::OrbitCamera thumbnailCamera(const scene::Scene& scene, const scene::ScenePose& pose) {
    render::OrbitCamera camera;
    camera.verticalFovRadians = 0.6f; // a little narrower than the view's: less distortion
    scene::frameFigures(camera, scene, pose, 1.0f, true);
    return camera;
}

ThumbnailScene thumbnailScene(bvh::Document pose, const folder::FileFacts* facts,
                              const scene::ViewerSettings& settings, std::string displayName) {
    scene::Clip clip = scene::analyzeClip(std::move(displayName), "", std::move(pose));
    // The pose is one frame from the middle of the clip: read its position channels as the
    // whole file is read (decided from the file's frame 0).
    if (facts != nullptr) {
        clip.translation = facts->summary.translationUsed;
        // Stand it, face it and put it on the ground as the viewer does: one frame cannot
        // tell, so the stance is the whole clip's (core/analysis/stance.h).
        clip.summary.stance = facts->summary.stance;
        if (!facts->thumbnailNodes.empty()) {
            // A simplified figure: its nodes are a few of the file's.
            const auto simplified = [&](const std::vector<bvh::NodeIndex>& fileNodes) {
                std::vector<bvh::NodeIndex> nodes;
                for (const bvh::NodeIndex node : fileNodes) {
                    const auto found = std::ranges::lower_bound(facts->thumbnailNodes, node);
                    if (found != facts->thumbnailNodes.end() && *found == node) {
                        nodes.push_back(
                            static_cast<bvh::NodeIndex>(found - facts->thumbnailNodes.begin()));
                    }
                }
                return nodes;
            };
            clip.summary.stance.staticRoots = simplified(facts->summary.stance.staticRoots);
            clip.summary.stance.goalBranches = simplified(facts->summary.stance.goalBranches);
        }
    }
    scene::Character character =
        scene::makeCharacter(std::make_shared<const scene::Clip>(std::move(clip)));
    scene::applyAxes(character, settings.upAxis, settings.unit);
    ThumbnailScene thumbnail;
    thumbnail.scene.add(std::move(character));
    thumbnail.scene.sample(0.0, bvh::Interpolation::Nearest, false, thumbnail.pose);
    return thumbnail;
}

SceneDrawOptions thumbnailDrawOptions(const scene::ViewerSettings& settings) {
    SceneDrawOptions options = sceneDrawOptions(settings);
    options.showGrid = false; // at this size the grid's lines are noise; the shadow grounds it
    // The renderer's own choice, whatever the view's: none on a software renderer, where
    // multisampling costs more than the rest of a small picture, 4 on a GPU.
    options.msaaSamples = scene::kAutomaticMsaaSamples;
    return options;
}

float thumbnailCoverage(const ThumbnailScene& thumbnail, const scene::SceneLook& look, int size) {
    const render::Bounds bounds = thumbnail.scene.poseBounds(thumbnail.pose);
    if (bounds.empty()) {
        return 0.0f;
    }
    const glm::vec3 extents = bounds.size();
    const double extent = std::max({double(extents.x), double(extents.y), double(extents.z)});
    if (!(extent > 0.0)) {
        return 0.0f;
    }
    // The drawer's least radius, 0.75 px (scene_drawing.cpp), in scene units.
    const double leastRadius = 0.75 * extent / std::max(size, 1);
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
    thumbnail.scene.buildInstances(thumbnail.pose, std::nullopt, look, bones, joints);
    double area = 0.0;
    for (const render::BoneInstance& bone : bones) {
        const double radius = std::max(double(bone.radius), leastRadius);
        area += (glm::distance(glm::dvec3(bone.start), glm::dvec3(bone.end)) + 2.0 * radius) * 2.0 *
                radius;
    }
    for (const render::BoneInstance& joint : joints) {
        const double radius = std::max(double(joint.radius), leastRadius);
        area += std::numbers::pi * radius * radius;
    }
    // Twice: each is drawn again as its shadow.
    return static_cast<float>(std::min(2.0 * area / (extent * extent), 1e9));
}

SceneDrawOptions thumbnailDrawOptions(const scene::ViewerSettings& settings,
                                      const ThumbnailScene& thumbnail, int size) {
    SceneDrawOptions options = thumbnailDrawOptions(settings);
    if (thumbnailCoverage(thumbnail, options.look, size) > kMaxThumbnailCoverage) {
        options.boneStyle = render::BoneStyle::Line;
        options.showJoints = false;
        options.showShadow = false;
    }
    return options;
}

} // namespace bvhscope::pictures
