#include "render/gl/render_target.h"

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

void MultisampleTarget::resolveInto(GLuint framebuffer, const PixelRect* area) const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.id());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
    const PixelRect whole{0, 0, width_, height_};
    const PixelRect& blit = area != nullptr ? *area : whole;
    const int bottom = height_ - (blit.y + blit.height);
    glBlitFramebuffer(blit.x, bottom, blit.x + blit.width, bottom + blit.height, blit.x, bottom,
                      blit.x + blit.width, bottom + blit.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
}

bool hasDepthAndStencil(GLuint framebuffer) {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    // The default framebuffer names its buffers GL_DEPTH and GL_STENCIL.
    const auto bits = [framebuffer](GLenum defaultName, GLenum attachment, GLenum size) {
        const GLenum name = framebuffer == 0 ? defaultName : attachment;
        GLint type = GL_NONE;
        glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, name,
                                              GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
        GLint value = 0;
        if (type != GL_NONE) {
            glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, name, size, &value);
        }
        return value;
    };
    return bits(GL_DEPTH, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE) >= 16 &&
           bits(GL_STENCIL, GL_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE) >= 8;
}

void scissorTo(const PixelRect& area, int height) {
    glScissor(area.x, height - (area.y + area.height), area.width, area.height);
}

} // namespace bvhscope::render
