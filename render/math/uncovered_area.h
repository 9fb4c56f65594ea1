// Which part of a view is not hidden behind opaque rectangles (the viewer's panels), so the 3D
// view can be drawn there only. On a software rasteriser (Mesa llvmpipe) every shaded pixel is
// CPU time, and the default panels cover about half of the window. Pure math, no GL.
#pragma once

#include <span>

namespace bvhscope::render {

// Whole pixels; x to the right and y down from the view's top-left corner.
struct PixelRect {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;

    bool empty() const { return width <= 0 || height <= 0; }
    friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

// The smallest rectangle holding every pixel of a `width` x `height` view that none of `covers`
// covers (covers may reach outside the view, overlap, or be empty). Empty when they cover the
// whole view; the whole view when there are none.
PixelRect uncoveredBounds(int width, int height, std::span<const PixelRect> covers);

} // namespace bvhscope::render
