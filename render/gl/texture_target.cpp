#include "render/gl/texture_target.h"

#include <algorithm>

namespace bvhscope::render {

namespace detail {
void deleteTexture(GLuint id) {
    glDeleteTextures(1, &id);
}
} // namespace detail

TextureTarget::TextureTarget(int width, int height)
    : width_(std::max(width, 1)), height_(std::max(height, 1)) {
    GLuint id = 0;
    glGenTextures(1, &id);
    texture_ = Texture(id);
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width_, height_, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    framebuffer_ = createFramebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.id(), 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

Image TextureTarget::read() const {
    return texture_ ? readFramebufferObject(framebuffer_.id(), width_, height_) : Image{};
}

} // namespace bvhscope::render
