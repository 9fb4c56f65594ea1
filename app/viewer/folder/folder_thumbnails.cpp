#include "app/viewer/folder/folder_thumbnails.h"

#include <algorithm>

namespace bvhscope::viewer {

int thumbnailBudget(double lastFrameMilliseconds) {
    return lastFrameMilliseconds <= kQuickFrameMilliseconds ? kThumbnailsPerFrame
                                                            : kThumbnailsPerSlowFrame;
}

namespace {

std::size_t thumbnailTextureBytes(int size) {
    return static_cast<std::size_t>(size) * static_cast<std::size_t>(size) * 4; // RGBA8
}

bool isRowOnScreen(const folder::FolderBrowser& browser, std::size_t index) {
    return browser.isEntryOnScreen(index);
}

} // namespace

int FolderThumbnails::update(folder::FolderBrowser& browser, const scene::ViewerSettings& settings,
                             int size, int budget) {
    const int given = budget;
    if (generation_ != browser.generation()) {
        clear();
        generation_ = browser.generation();
    }
    touchVisible(browser);
    std::vector<folder::FolderEntry>& entries = browser.entries();
    for (const std::size_t i : browser.visibleEntries()) {
        if (budget > 0 && entries[i].thumbnail == folder::ThumbnailState::Pending) {
            makeRoom(browser, thumbnailTextureBytes(size)); // rows on screen are drawn in any case
            draw(entries[i], i, settings, size, true);
            --budget;
        }
    }
    // Rows off screen, in list order: drawn ahead into the room the cache has left, and as many
    // poses kept as that room holds. The other poses are freed: summaries arrive far faster
    // than a few thumbnails a frame are drawn, and a folder of 20 000 files held 20 000 poses
    // (150 MB) while its first thumbnails were drawn. They are drawn once every summary is in:
    // the list's columns (what sorting and filtering read) are what the user waits for, and on
    // a software renderer the drawing took a third of the machine the summaries needed. Until
    // the panel has said which rows are on screen (the first frame), no row is known to be off
    // it: the first rows are drawn, as they will be on screen.
    const bool drawAhead = !browser.summarizing() || browser.visibleEntries().empty();
    const std::size_t textureBytes = thumbnailTextureBytes(size);
    std::size_t room = bytes_ < cacheBytes_ ? (cacheBytes_ - bytes_) / textureBytes : 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        folder::FolderEntry& entry = entries[i];
        if (entry.thumbnail != folder::ThumbnailState::Pending || isRowOnScreen(browser, i)) {
            continue;
        }
        if (room == 0) {
            entry.thumbnailPose.reset();
            entry.thumbnail = folder::ThumbnailState::Evicted;
            continue;
        }
        --room;
        if (budget > 0 && drawAhead) {
            draw(entry, i, settings, size, false);
            --budget;
        }
    }
    return given - std::max(budget, 0);
}

void FolderThumbnails::clear() {
    cache_.clear();
    recency_.clear();
    bytes_ = 0;
}

void FolderThumbnails::touchVisible(const folder::FolderBrowser& browser) {
    const std::vector<std::size_t>& visible = browser.visibleEntries();
    for (auto i = visible.rbegin(); i != visible.rend(); ++i) {
        if (const auto cached = cache_.find(*i); cached != cache_.end()) {
            recency_.splice(recency_.begin(), recency_, cached->second.place);
        }
    }
}

void FolderThumbnails::makeRoom(folder::FolderBrowser& browser, std::size_t incoming) {
    while (bytes_ + incoming > cacheBytes_ && !recency_.empty()) {
        const std::size_t oldest = recency_.back();
        if (isRowOnScreen(browser, oldest)) {
            return; // touchVisible put every row on screen before the rest: all are on screen
        }
        evict(browser.entries()[oldest], oldest);
    }
}

void FolderThumbnails::evict(folder::FolderEntry& entry, std::size_t index) {
    const auto cached = cache_.find(index);
    if (cached == cache_.end()) {
        return;
    }
    bytes_ -= cached->second.bytes;
    recency_.erase(cached->second.place);
    cache_.erase(cached);
    if (entry.thumbnail == folder::ThumbnailState::Drawn) {
        entry.thumbnail = folder::ThumbnailState::Evicted;
    }
}

void FolderThumbnails::draw(folder::FolderEntry& entry, std::size_t index,
                            const scene::ViewerSettings& settings, int size, bool onScreen) {
    const pictures::ThumbnailScene thumbnail = pictures::thumbnailScene(
        std::move(*entry.thumbnailPose), entry.facts ? &*entry.facts : nullptr, settings);
    entry.thumbnailPose.reset();
    auto [cached, added] = cache_.try_emplace(index);
    if (added) {
        // A row drawn ahead has never been shown: the first to go.
        cached->second.place = recency_.insert(onScreen ? recency_.begin() : recency_.end(), index);
    } else {
        bytes_ -= cached->second.bytes; // redrawn (the file was read again)
    }
    render::TextureTarget& target = cached->second.target;
    target = render::TextureTarget(size, size);
    cached->second.bytes = thumbnailTextureBytes(size);
    bytes_ += cached->second.bytes;
    // As `bvhscope thumbnail` draws it: a figure that would cover the picture many times over
    // (a thousand bones fanned out) is drawn with lines.
    drawer().draw(thumbnail.scene, thumbnail.pose,
                  pictures::thumbnailCamera(thumbnail.scene, thumbnail.pose), std::nullopt,
                  pictures::thumbnailDrawOptions(settings, thumbnail, size), size, size,
                  target.framebuffer());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    entry.thumbnail = folder::ThumbnailState::Drawn;
}

pictures::SceneDrawer& FolderThumbnails::drawer() {
    if (!drawer_) {
        drawer_.emplace();
    }
    return *drawer_;
}

GLuint FolderThumbnails::texture(std::size_t entry) const {
    const auto cached = cache_.find(entry);
    return cached != cache_.end() ? cached->second.target.texture() : 0;
}

render::Image FolderThumbnails::read(std::size_t entry) const {
    const auto cached = cache_.find(entry);
    return cached != cache_.end() ? cached->second.target.read() : render::Image{};
}

} // namespace bvhscope::viewer
