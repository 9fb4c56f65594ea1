// A single-sampled colour framebuffer object to resolve a scene into and read back as an Image:
// the offscreen pictures (`bvhscope render`), where there is no window to read.
#pragma once

#include "render/gl/frame_capture.h"
#include "render/gl/gl_objects.h"

namespace bvhscope::render {

class ImageTarget {
public:
    // (Re)allocates an RGBA8 colour buffer when the size changes; the context must be current.
    void resize(int width, int height);
    GLuint framebuffer() const { return framebuffer_.id(); }
    int width() const { return width_; }
    int height() const { return height_; }
    // The pixels, top row first, alpha forced opaque (the scene clears to an opaque colour;
    // blending may leave alpha below one, which a PNG viewer would show as holes).
    Image read() const;
    // The pixels with their alpha, for a scene drawn over a transparent clear (colours
    // premultiplied, as blending and the multisample resolve leave them) turned straight.
    Image readWithAlpha() const;

private:
    Framebuffer framebuffer_;
    Renderbuffer color_;
    int width_ = 0;
    int height_ = 0;
};

} // namespace bvhscope::render
