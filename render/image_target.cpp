#include "render/image_target.h"

#include <algorithm>
#include <cstring>

namespace bvhscope::render {

void ImageTarget::resize(int width, int height) {
    width = std::max(width, 1);
    height = std::max(height, 1);
    if (framebuffer_ && width == width_ && height == height_) {
        return;
    }
    width_ = width;
    height_ = height;
    framebuffer_ = createFramebuffer();
    color_ = createRenderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, color_.id());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

Image ImageTarget::read() const {
    Image image;
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
    for (std::size_t i = 3; i < image.rgba.size(); i += 4) {
        image.rgba[i] = 255;
    }
    return image;
}

} // namespace bvhscope::render
