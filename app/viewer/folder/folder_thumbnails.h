// The folder browser's thumbnails: each file's pose (FolderEntry::thumbnailPose, its middle
// frame) drawn offscreen by a SceneDrawer of its own into a small texture, a few per UI frame
// (rows on screen first) so opening or scrolling a big folder never stalls a frame. The pose is
// freed once drawn. Textures belong to the browser's generation(): when the folder is closed or
// re-listed they are all deleted. Needs a current OpenGL 3.3 core context.
//
// The textures are a cache bounded in bytes (kThumbnailCacheBytes), least recently shown out
// first: a folder of 20 000 files held 36 KB of texture per file (0.7 GB) when every thumbnail
// was kept. Rows on screen are never evicted; rows off screen are drawn ahead into the room the
// cache has left, and only as many of their poses are kept as that room holds: the others are
// freed. An evicted row is marked ThumbnailState::Evicted, and the browser reads it again when
// it comes back on screen.
#pragma once

#include "app/folder/folder_browser.h"
#include "app/pictures/scene_drawing.h"
#include "app/pictures/thumbnail_picture.h"
#include "app/scene/settings.h"
#include "render/gl/texture_target.h"

#include <cstddef>
#include <cstdint>
#include <list>
#include <optional>
#include <string>
#include <unordered_map>

namespace bvhscope::viewer {

// Thumbnail edge in pixels before the content scale.
inline constexpr int kThumbnailSize = 96;
// Thumbnails drawn per UI frame: 16 while frames are quick, 8 while they are slow. A thumbnail
// is cheap at this size even on a software renderer: llvmpipe draws 16 of 96 pixels, each into
// its own texture, in 5.4 ms, glFinish included (BM_BrowserThumbnails, 0.34 ms each; drawing
// them into one atlas and copying the cells out took the same), so 8 add about 3 ms to a 45 ms
// frame and the interface stays responsive. The count, not the drawing, bounded a big folder:
// at 4 a frame (1 on a slow one), 1 200 takes waited 5.2 s for their thumbnails after their
// summaries were done in 1.2 s.
inline constexpr int kThumbnailsPerFrame = 16;
inline constexpr int kThumbnailsPerSlowFrame = 8;
inline constexpr double kQuickFrameMilliseconds = 20.0;
int thumbnailBudget(double lastFrameMilliseconds);

// The cache's bound: 32 MB holds 910 thumbnails of 96 pixels (36 KB each), 227 at a content
// scale of 2 and 101 at 3, each several times the rows a 2160-pixel-tall Browser shows at that
// scale (rows are at least 24 pixels times the scale), so scrolling back a few screens redraws
// nothing; and it is a small part of what the viewer takes with one capture loaded.
inline constexpr std::size_t kThumbnailCacheBytes = std::size_t{32} << 20;

class FolderThumbnails {
public:
    // Cheap: the drawer (its shaders) is built on the first thumbnail, so a viewer that never
    // opens a folder pays nothing. update() needs a current context. `cacheBytes`: the bound
    // of the textures kept (tests use a few thumbnails' worth).
    explicit FolderThumbnails(std::size_t cacheBytes = kThumbnailCacheBytes)
        : cacheBytes_(cacheBytes) {}

    // Drops every texture when the browser's generation changed, then draws up to `budget`
    // pending thumbnails of `size` x `size` pixels with the look of `settings` (rows on screen
    // first, evicting the least recently shown rows off screen to make room; then, once no
    // summary is still to come or while no row is on screen, rows off screen in list order
    // while the cache has room), marks them Drawn and frees their poses.
    // Pending rows off screen beyond the room left have their poses freed (Evicted). Returns
    // how many it drew.
    int update(folder::FolderBrowser& browser, const scene::ViewerSettings& settings, int size,
               int budget = kThumbnailsPerFrame);

    // The texture of an entry's thumbnail for ImGui::Image (rows top first), 0 when none.
    GLuint texture(std::size_t entry) const;
    // The thumbnail's pixels (tests), empty when none.
    render::Image read(std::size_t entry) const;
    // Textures alive, and their bytes (RGBA, 4 bytes a pixel).
    std::size_t textureCount() const { return cache_.size(); }
    std::size_t textureBytes() const { return bytes_; }
    // The drawer of every Browser picture, built on first use: the hovered cell's playing take
    // (folder_hover_play.h) is drawn with it too, so the Browser compiles its shaders once.
    // Needs a current context.
    pictures::SceneDrawer& drawer();
    // Shader problems of the drawer (then thumbnails are plain background).
    std::string error() const { return drawer_ ? drawer_->error() : std::string(); }

private:
    struct Cached {
        render::TextureTarget target;
        std::size_t bytes = 0;
        std::list<std::size_t>::iterator place; // in recency_
    };

    void clear();
    // Moves the rows on screen to the front of recency_.
    void touchVisible(const folder::FolderBrowser& browser);
    // Evicts least recently shown textures off screen until `incoming` more bytes fit, or
    // what is left is on screen (drawn even so: more rows on screen than the cache holds).
    void makeRoom(folder::FolderBrowser& browser, std::size_t incoming);
    void evict(folder::FolderEntry& entry, std::size_t index);
    // `onScreen`: the row is shown (most recent) rather than drawn ahead (least recent).
    void draw(folder::FolderEntry& entry, std::size_t index, const scene::ViewerSettings& settings,
              int size, bool onScreen);

    std::size_t cacheBytes_;
    std::optional<pictures::SceneDrawer> drawer_;
    std::uint64_t generation_ = 0;
    std::unordered_map<std::size_t, Cached> cache_; // by entry index
    std::list<std::size_t> recency_;                // entry indices, most recently shown first
    std::size_t bytes_ = 0;
};

} // namespace bvhscope::viewer
