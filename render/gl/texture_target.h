// A colour texture with a framebuffer around it: something to draw (or resolve a multisampled
// drawing) into and then sample, e.g. as an ImGui::Image. Move-only like every GL owner
// (gl_objects.h); the context must be current when it is created, read and destroyed.
#pragma once

#include "render/gl/frame_capture.h"
#include "render/gl/gl_objects.h"

namespace bvhscope::render {

namespace detail {
void deleteTexture(GLuint id);
} // namespace detail
using Texture = GlObject<detail::deleteTexture>;

class TextureTarget {
public:
    TextureTarget() = default; // empty: no GL objects
    // An RGBA8 texture of width x height (at least 1 x 1), linear filtering, clamped edges,
    // attached as the colour of a framebuffer.
    TextureTarget(int width, int height);

    explicit operator bool() const { return static_cast<bool>(texture_); }
    int width() const { return width_; }
    int height() const { return height_; }
    GLuint texture() const { return texture_.id(); }
    GLuint framebuffer() const { return framebuffer_.id(); }

    // The texture's pixels, top row first (GL stores the bottom row first). Binds framebuffer 0
    // for reading afterwards.
    Image read() const;

private:
    Texture texture_;
    Framebuffer framebuffer_;
    int width_ = 0;
    int height_ = 0;
};

} // namespace bvhscope::render
