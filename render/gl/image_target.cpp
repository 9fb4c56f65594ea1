#include "render/gl/image_target.h"

#include <algorithm>

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
    Image image = readFramebufferObject(framebuffer_.id(), width_, height_);
    makeOpaque(image);
    return image;
}

Image ImageTarget::readWithAlpha() const {
    Image image = readFramebufferObject(framebuffer_.id(), width_, height_);
    unpremultiplyAlpha(image);
    return image;
}

} // namespace bvhscope::render
