// The folder browser's thumbnails: each file's pose (FolderEntry::thumbnailPose, its middle
// frame) drawn offscreen by a SceneDrawer of its own into a small texture, a few per UI frame
// (rows on screen first) so opening or scrolling a big folder never stalls a frame. The pose is
// freed once drawn. Textures belong to the browser's generation(): when the folder is closed or
// re-listed they are all deleted. Needs a current OpenGL 3.3 core context.
#pragma once

#include "app/folder/folder_browser.h"
#include "app/pictures/scene_drawing.h"
#include "app/pictures/thumbnail_picture.h"
#include "app/scene/settings.h"
#include "render/gl/texture_target.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// Thumbnail edge in pixels before the content scale.
inline constexpr int kThumbnailSize = 96;
// Thumbnails drawn per UI frame: a few while frames are quick (a GPU draws one in well under a
// millisecond), one while they are slow (a software renderer such as llvmpipe spends tens of
// milliseconds on each, and the interface must stay responsive while a big folder fills in).
inline constexpr int kThumbnailsPerFrame = 4;
inline constexpr double kQuickFrameMilliseconds = 20.0;
int thumbnailBudget(double lastFrameMilliseconds);

class FolderThumbnails {
public:
    // Cheap: the drawer (its shaders) is built on the first thumbnail, so a viewer that never
    // opens a folder pays nothing. update() needs a current context.
    FolderThumbnails() = default;

    // Drops every texture when the browser's generation changed, then draws up to `budget`
    // pending thumbnails of `size` x `size` pixels with the look of `settings` (rows on screen
    // first, then in list order), marks them Drawn and frees their poses.
    void update(FolderBrowser& browser, const ViewerSettings& settings, int size,
                int budget = kThumbnailsPerFrame);

    // The texture of an entry's thumbnail for ImGui::Image (rows top first), 0 when none.
    GLuint texture(std::size_t entry) const;
    // The thumbnail's pixels (tests), empty when none.
    render::Image read(std::size_t entry) const;
    // Textures alive.
    std::size_t textureCount() const;
    // Shader problems of the drawer (then thumbnails are plain background).
    std::string error() const { return drawer_ ? drawer_->error() : std::string(); }

private:
    void draw(FolderEntry& entry, std::size_t index, const ViewerSettings& settings, int size);

    std::optional<SceneDrawer> drawer_;
    std::uint64_t generation_ = 0;
    std::vector<render::TextureTarget> textures_; // by entry index; empty where none
};

} // namespace bvhscope::viewer
