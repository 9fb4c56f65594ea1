#include "app/viewer/folder/folder_thumbnails.h"

#include "app/viewer/scene/framing.h"

#include <algorithm>

namespace bvhscope::viewer {

int thumbnailBudget(double lastFrameMilliseconds) {
    return lastFrameMilliseconds <= kQuickFrameMilliseconds ? kThumbnailsPerFrame : 1;
}

render::OrbitCamera thumbnailCamera(const Scene& scene) {
    render::OrbitCamera camera;
    camera.verticalFovRadians = 0.6f; // a little narrower than the view's: less distortion
    frameFigures(camera, scene, 1.0f, true);
    return camera;
}

void FolderThumbnails::update(FolderBrowser& browser, const ViewerSettings& settings, int size,
                              int budget) {
    if (generation_ != browser.generation()) {
        textures_.clear();
        textures_.shrink_to_fit();
        generation_ = browser.generation();
    }
    std::vector<FolderEntry>& entries = browser.entries();
    textures_.resize(entries.size());
    auto drawPending = [&](std::size_t first, std::size_t last) {
        for (std::size_t i = first; i < last && budget > 0; ++i) {
            if (entries[i].thumbnail == ThumbnailState::Pending) {
                draw(entries[i], i, settings, size);
                --budget;
            }
        }
    };
    drawPending(browser.visibleFirst(), browser.visibleLast());
    drawPending(0, entries.size());
}

Scene thumbnailScene(bvh::Document pose, const FileFacts* facts, const ViewerSettings& settings) {
    Character character = makeCharacter("", "", std::move(pose));
    // The pose is one frame from the middle of the clip: read its position channels as the
    // whole file is read (decided from the file's frame 0).
    if (facts != nullptr) {
        character.translation = facts->summary.translationUsed;
        character.restAnimation = facts->restAnimation;
        // Stand it, face it and put it on the ground as the viewer does: one frame cannot
        // tell, so the stance is the whole clip's (core/analysis/stance.h).
        character.summary.stance = facts->summary.stance;
    }
    applyAxes(character, settings.upAxis, settings.unit);
    Scene scene;
    scene.add(std::move(character));
    scene.evaluate(0.0, bvh::Interpolation::Nearest);
    return scene;
}

SceneDrawOptions thumbnailDrawOptions(const ViewerSettings& settings) {
    SceneDrawOptions options = sceneDrawOptions(settings);
    options.showGrid = false; // at this size the grid's lines are noise; the shadow grounds it
    return options;
}

void FolderThumbnails::draw(FolderEntry& entry, std::size_t index, const ViewerSettings& settings,
                            int size) {
    const Scene scene = thumbnailScene(std::move(*entry.thumbnailPose),
                                       entry.facts ? &*entry.facts : nullptr, settings);
    entry.thumbnailPose.reset();
    if (!drawer_) {
        drawer_.emplace();
    }
    render::TextureTarget& target = textures_[index];
    target = render::TextureTarget(size, size);
    drawer_->draw(scene, thumbnailCamera(scene), std::nullopt, thumbnailDrawOptions(settings), size,
                  size, target.framebuffer());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    entry.thumbnail = ThumbnailState::Drawn;
}

GLuint FolderThumbnails::texture(std::size_t entry) const {
    return entry < textures_.size() ? textures_[entry].texture() : 0;
}

render::Image FolderThumbnails::read(std::size_t entry) const {
    return entry < textures_.size() ? textures_[entry].read() : render::Image{};
}

std::size_t FolderThumbnails::textureCount() const {
    return static_cast<std::size_t>(
        std::count_if(textures_.begin(), textures_.end(), [](const render::TextureTarget& target) {
            return static_cast<bool>(target);
        }));
}

} // namespace bvhscope::viewer
