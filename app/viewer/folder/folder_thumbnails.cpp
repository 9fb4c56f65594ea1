#include "app/viewer/folder/folder_thumbnails.h"

#include <algorithm>

namespace bvhscope::viewer {

int thumbnailBudget(double lastFrameMilliseconds) {
    return lastFrameMilliseconds <= kQuickFrameMilliseconds ? kThumbnailsPerFrame : 1;
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

void FolderThumbnails::draw(FolderEntry& entry, std::size_t index, const ViewerSettings& settings,
                            int size) {
    const ThumbnailScene thumbnail = thumbnailScene(
        std::move(*entry.thumbnailPose), entry.facts ? &*entry.facts : nullptr, settings);
    entry.thumbnailPose.reset();
    if (!drawer_) {
        drawer_.emplace();
    }
    render::TextureTarget& target = textures_[index];
    target = render::TextureTarget(size, size);
    drawer_->draw(thumbnail.scene, thumbnail.pose, thumbnailCamera(thumbnail.scene, thumbnail.pose),
                  std::nullopt, thumbnailDrawOptions(settings), size, size, target.framebuffer());
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
