// The multisampled offscreen target the scene is drawn into, resolved into the window's
// default framebuffer (or an offscreen one) before the UI draws on top (so screenshots read
// resolved pixels).
#pragma once

#include "render/gl/gl_objects.h"
#include "render/math/uncovered_area.h"

namespace bvhscope::render {

class MultisampleTarget {
public:
    // (Re)allocates colour and depth-stencil storage when the size or sample count changes.
    // `samples` is clamped to what the driver supports (GL_MAX_SAMPLES); 0 or 1 means none.
    void resize(int width, int height, int samples);
    void bind() const;
    // Blits (resolves) the colour into `framebuffer` (0: the default one, e.g. a window's), which
    // becomes bound. It must be at least as large as this target. Only `area` (top-left origin)
    // when given.
    void resolveInto(GLuint framebuffer, const PixelRect* area = nullptr) const;
    int samples() const { return samples_; }

private:
    Framebuffer framebuffer_;
    Renderbuffer color_;
    Renderbuffer depthStencil_;
    int width_ = 0;
    int height_ = 0;
    int samples_ = -1;
};

// Whether `framebuffer` (0: the default one) has a depth and a stencil buffer, so that a scene
// can be drawn straight into it. Leaves it bound.
bool hasDepthAndStencil(GLuint framebuffer);

// Restricts drawing (and glClear) to `area` of a `height`-pixel-high target: glScissor counts
// from the bottom-left corner, PixelRect from the top-left one.
void scissorTo(const PixelRect& area, int height);

} // namespace bvhscope::render
