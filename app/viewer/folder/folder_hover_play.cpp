#include "app/viewer/folder/folder_hover_play.h"

#include "app/scene/framing.h"
#include "app/viewer/folder/hover_clock.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <system_error>

namespace bvhscope::viewer {

namespace {

// Poses sampled over the clip to frame it: enough for a walk's strides and a jump's top.
constexpr std::size_t kHoverFramingSamples = 32;

bool hoverPlayFileFits(const std::filesystem::path& path) {
    std::error_code error;
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    return !error && bytes <= kHoverPlayMaxFileBytes;
}

// The still thumbnail's camera (its yaw, pitch and field of view, from the first pose), moved
// back so that every pose of the clip fits: the figure does not jump as it plays.
render::OrbitCamera hoverPlayCamera(const pictures::ThumbnailScene& thumbnail,
                                    std::size_t frameCount, double frameTime) {
    scene::ScenePose pose = thumbnail.pose;
    render::OrbitCamera camera = pictures::thumbnailCamera(thumbnail.scene, pose);
    scene::ViewFit fit(camera, 1.0f);
    const std::size_t samples = std::min(frameCount, kHoverFramingSamples);
    for (std::size_t s = 0; s < samples; ++s) {
        const std::size_t frame = samples > 1 ? s * (frameCount - 1) / (samples - 1) : 0;
        thumbnail.scene.sample(static_cast<double>(frame) * frameTime, bvh::Interpolation::Nearest,
                               false, pose);
        for (const scene::CharacterPose& character : pose.characters) {
            for (const glm::vec3& point : character.viewerPositions) {
                fit.include(point);
            }
        }
    }
    fit.apply(camera);
    return camera;
}

} // namespace

void FolderHoverPlay::update(const folder::FolderBrowser& browser, FolderThumbnails& thumbnails,
                             const scene::ViewerSettings& settings, int size, double now) {
    const std::optional<Hovered> hovered = hovered_;
    hovered_.reset();
    if (generation_ != browser.generation()) {
        take_.reset();
        generation_ = browser.generation();
    }
    if (!hovered || hovered->index >= browser.entries().size()) {
        take_.reset(); // left the cells: the take is freed
        return;
    }
    if (!take_ || take_->cell.index != hovered->index) {
        start(browser, *hovered, now);
        if (!take_) {
            return;
        }
    }
    take_->cell.position = hovered->position; // the order may change under the pointer
    if (take_->load) {
        take_->load->advance(std::chrono::milliseconds(4)); // the page's reads; natively nothing
        if (!take_->load->finished()) {
            return;
        }
        finishRead(browser, settings);
        if (!take_ || !take_->thumbnail) {
            return;
        }
        take_->started = now;
    }
    redraw(thumbnails.drawer(), settings, size, now);
}

void FolderHoverPlay::start(const folder::FolderBrowser& browser, Hovered cell, double now) {
    take_.reset(); // one take at a time: the previous read is cancelled first
    const std::filesystem::path& path = browser.entries()[cell.index].path;
    Take take;
    take.cell = cell;
    take.started = now;
    if (hoverPlayFileFits(path)) {
        take.load = std::make_unique<bvh::BackgroundLoad>(path);
    }
    // A file too large (or gone) keeps its still thumbnail: the take is held without a load so
    // that it is not tried again every frame while the pointer rests there.
    take_.emplace(std::move(take));
}

void FolderHoverPlay::finishRead(const folder::FolderBrowser& browser,
                                 const scene::ViewerSettings& settings) {
    bvh::Document document = take_->load->take();
    take_->load.reset();
    if (!document.loaded() || document.motion.frameCount == 0) {
        return; // the still thumbnail stays; the Browser's row already says what is wrong
    }
    const folder::FolderEntry& entry = browser.entries()[take_->cell.index];
    take_->frameCount = document.motion.frameCount;
    take_->thumbnail.emplace(pictures::thumbnailScene(
        std::move(document), entry.facts ? &*entry.facts : nullptr, settings));
    take_->frameTime = take_->thumbnail->scene.frameTime();
    take_->camera = hoverPlayCamera(*take_->thumbnail, take_->frameCount, take_->frameTime);
}

void FolderHoverPlay::redraw(pictures::SceneDrawer& drawer, const scene::ViewerSettings& settings,
                             int size, double now) {
    Take& take = *take_;
    if (!take.thumbnail || (take.drawn && now - take.lastDrawn < 1.0 / kHoverPlayRedrawHz)) {
        return;
    }
    take.frame = hoverPlayFrame(now - take.started, take.frameTime, take.frameCount);
    pictures::ThumbnailScene& thumbnail = *take.thumbnail;
    thumbnail.scene.sample(static_cast<double>(take.frame) * take.frameTime,
                           bvh::Interpolation::Nearest, false, thumbnail.pose);
    if (!take.drawn) {
        take.target = render::TextureTarget(size, size);
    }
    drawer.draw(thumbnail.scene, thumbnail.pose, take.camera, std::nullopt,
                pictures::thumbnailDrawOptions(settings, thumbnail, size), size, size,
                take.target.framebuffer());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    take.drawn = true;
    take.lastDrawn = now;
}

GLuint FolderHoverPlay::texture(std::size_t index) const {
    return take_ && take_->drawn && take_->cell.index == index ? take_->target.texture() : 0;
}

std::optional<double> FolderHoverPlay::nextRedraw() const {
    if (!take_ || !take_->drawn) {
        return std::nullopt;
    }
    return take_->lastDrawn + 1.0 / kHoverPlayRedrawHz;
}

std::optional<FolderHoverPlay::Playing> FolderHoverPlay::playing() const {
    if (!take_ || !take_->drawn) {
        return std::nullopt;
    }
    return Playing{take_->cell.position, take_->frame};
}

} // namespace bvhscope::viewer
