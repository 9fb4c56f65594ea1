#include "render/gl/frame_capture.h"

#include "render/gl/png_encoding.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <glad/gl.h>

namespace bvhscope::render {

namespace {

// Reads the bound read buffer of `framebuffer`; GL's rows start at the bottom, images' at the top.
Image readPixels(GLuint framebuffer, GLenum buffer, int width, int height) {
    Image image;
    image.width = width;
    image.height = height;
    const std::size_t rowBytes = static_cast<std::size_t>(width) * 4;
    std::vector<std::uint8_t> bottomUp(rowBytes * static_cast<std::size_t>(height));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glReadBuffer(buffer);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    image.rgba.resize(bottomUp.size());
    for (int row = 0; row < height; ++row) {
        std::memcpy(image.rgba.data() + static_cast<std::size_t>(row) * rowBytes,
                    bottomUp.data() + static_cast<std::size_t>(height - 1 - row) * rowBytes,
                    rowBytes);
    }
    return image;
}

} // namespace

Image readDefaultFramebuffer(int width, int height) {
    Image image = readPixels(0, GL_BACK, width, height);
    makeOpaque(image);
    return image;
}

Image readFramebufferObject(unsigned framebuffer, int width, int height) {
    return readPixels(framebuffer, GL_COLOR_ATTACHMENT0, width, height);
}

void makeOpaque(Image& image) {
    for (std::size_t i = 3; i < image.rgba.size(); i += 4) {
        image.rgba[i] = 255;
    }
}

void unpremultiplyAlpha(Image& image) {
    for (std::size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
        const unsigned alpha = image.rgba[i + 3];
        if (alpha == 0) {
            image.rgba[i] = image.rgba[i + 1] = image.rgba[i + 2] = 0;
            continue;
        }
        for (std::size_t channel = 0; channel < 3; ++channel) {
            const unsigned straight = (image.rgba[i + channel] * 255u + alpha / 2) / alpha;
            image.rgba[i + channel] = static_cast<std::uint8_t>(std::min(straight, 255u));
        }
    }
}

bool writePng(const std::filesystem::path& path, const Image& image) {
    const std::string bytes = encodePng(image);
    if (bytes.empty()) {
        return false;
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

std::string encodePng(const Image& image, PngAlpha alpha) {
    return encodePngFromRgba(image.rgba, image.width, image.height, alpha == PngAlpha::Keep);
}

} // namespace bvhscope::render
