#include "render/texture_target.h"

#include <algorithm>
#include <cstring>

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
    Image image;
    if (!texture_) {
        return image;
    }
    image.width = width_;
    image.height = height_;
    const std::size_t rowBytes = static_cast<std::size_t>(width_) * 4;
    std::vector<std::uint8_t> bottomUp(rowBytes * static_cast<std::size_t>(height_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.id());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    image.rgba.resize(bottomUp.size());
    for (int row = 0; row < height_; ++row) {
        std::memcpy(image.rgba.data() + static_cast<std::size_t>(row) * rowBytes,
                    bottomUp.data() + static_cast<std::size_t>(height_ - 1 - row) * rowBytes,
                    rowBytes);
    }
    return image;
}

} // namespace bvhscope::render
