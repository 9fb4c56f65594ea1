// The Browser's hovered cell plays its take (issue 39, item 3): while the pointer rests on a
// grid cell, that take is read whole off the UI thread (a bvh::BackgroundLoad, as the viewer
// opens files), then its pose at the current time, looping over the clip at its own rate
// (hover_clock.h), is drawn kHoverPlayRedrawHz times a second into a texture of its own with the
// still thumbnail's look (thumbnail_picture.h), framed over the whole clip so the figure stays
// in place while it moves. One take at a time: hovering another cell drops the previous read or
// take, and leaving the cells frees it. A take whose file is larger than kHoverPlayMaxFileBytes
// (what the Browser's summaries read whole) is not played: its still thumbnail stays.
// Needs a current OpenGL 3.3 core context for update().
#pragma once

#include "app/folder/folder_browser.h"
#include "app/pictures/thumbnail_picture.h"
#include "app/scene/settings.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "core/reader/background_load.h"
#include "render/gl/texture_target.h"
#include "render/math/camera.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace bvhscope::viewer {

// Redraws a second of the playing cell: enough to see the motion, and the viewer's frames wait
// between them.
inline constexpr double kHoverPlayRedrawHz = 10.0;
// The largest file played: the rows a summary reads whole (kBrowserSummaryBudget holds the
// reader's worst case, 8 bytes of values per byte of rows).
inline constexpr std::uint64_t kHoverPlayMaxFileBytes = folder::kBrowserSummaryBudget / 8;

class FolderHoverPlay {
public:
    // This frame's hovered cell: the entry `index` of the browser, shown at display `position`.
    // Called by the grid while it draws; a frame without a call leaves the cells.
    void hover(std::size_t index, std::size_t position) { hovered_ = Hovered{index, position}; }

    // Once per UI frame, after the panels: starts, continues or drops the read of the hovered
    // take, and redraws its texture with the thumbnails' drawer when the clock reached a new
    // redraw. `now`: seconds of a steady clock. Drops everything when the browser's generation
    // changed.
    void update(const folder::FolderBrowser& browser, FolderThumbnails& thumbnails,
                const scene::ViewerSettings& settings, int size, double now);

    // The playing texture of `index` (rows top first, as FolderThumbnails'), 0 when none.
    GLuint texture(std::size_t index) const;
    // The display position and frame shown while a cell plays (--state-out), nullopt otherwise.
    struct Playing {
        std::size_t position = 0;
        std::size_t frame = 0;
    };
    std::optional<Playing> playing() const;
    // The hovered take is being read: the viewer keeps drawing frames to take it when done.
    bool reading() const { return take_ && take_->load; }
    // A take plays: the viewer draws a frame at this time (update()'s `now` clock) for its next
    // picture, and may sleep until then. nullopt when none plays.
    std::optional<double> nextRedraw() const;

private:
    struct Hovered {
        std::size_t index = 0;
        std::size_t position = 0;
    };
    struct Take {
        Hovered cell;
        std::unique_ptr<bvh::BackgroundLoad> load;         // until the file is read
        std::optional<pictures::ThumbnailScene> thumbnail; // the whole clip, once read
        render::OrbitCamera camera;
        std::size_t frameCount = 0;
        double frameTime = 0.0;
        double started = 0.0;
        double lastDrawn = -1.0;
        std::size_t frame = 0;
        bool drawn = false;
        render::TextureTarget target;
    };

    void start(const folder::FolderBrowser& browser, Hovered cell, double now);
    void finishRead(const folder::FolderBrowser& browser, const scene::ViewerSettings& settings);
    void redraw(pictures::SceneDrawer& drawer, const scene::ViewerSettings& settings, int size,
                double now);

    std::optional<Hovered> hovered_; // reported since the last update()
    std::optional<Take> take_;
    std::uint64_t generation_ = 0;
};

} // namespace bvhscope::viewer
