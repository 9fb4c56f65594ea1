#include "render/render_target.h"

#include <algorithm>

namespace bvhscope::render {

void MultisampleTarget::resize(int width, int height, int samples) {
    GLint maxSamples = 0;
    glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
    samples = std::clamp(samples, 0, static_cast<int>(maxSamples));
    width = std::max(width, 1);
    height = std::max(height, 1);
    if (framebuffer_ && width == width_ && height == height_ && samples == samples_) {
        return;
    }
    width_ = width;
    height_ = height;
    samples_ = samples;
    framebuffer_ = createFramebuffer();
    color_ = createRenderbuffer();
    depthStencil_ = createRenderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, color_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, depthStencil_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                              depthStencil_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void MultisampleTarget::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glViewport(0, 0, width_, height_);
}

void MultisampleTarget::resolveInto(GLuint framebuffer) const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.id());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
    glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT,
                      GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
}

} // namespace bvhscope::render
