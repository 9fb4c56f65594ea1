#include "render/frame_capture.h"

#include <cstring>
#include <glad/gl.h>
#include <stb_image_write.h>

namespace bvhscope::render {

Image readDefaultFramebuffer(int width, int height) {
    Image image;
    image.width = width;
    image.height = height;
    const std::size_t rowBytes = static_cast<std::size_t>(width) * 4;
    std::vector<std::uint8_t> bottomUp(rowBytes * static_cast<std::size_t>(height));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
    // GL's rows start at the bottom; images start at the top.
    image.rgba.resize(bottomUp.size());
    for (int row = 0; row < height; ++row) {
        std::memcpy(image.rgba.data() + static_cast<std::size_t>(row) * rowBytes,
                    bottomUp.data() + static_cast<std::size_t>(height - 1 - row) * rowBytes,
                    rowBytes);
    }
    // The window is opaque whatever alpha the UI left behind.
    for (std::size_t i = 3; i < image.rgba.size(); i += 4) {
        image.rgba[i] = 255;
    }
    return image;
}

bool writePng(const std::filesystem::path& path, const Image& image) {
    if (image.width <= 0 || image.height <= 0) {
        return false;
    }
    return stbi_write_png(path.string().c_str(), image.width, image.height, 4, image.rgba.data(),
                          image.width * 4) != 0;
}

std::string encodePng(const Image& image) {
    std::string bytes;
    if (image.width <= 0 || image.height <= 0) {
        return bytes;
    }
    const auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                                   static_cast<std::size_t>(size));
    };
    if (stbi_write_png_to_func(append, &bytes, image.width, image.height, 4, image.rgba.data(),
                               image.width * 4) == 0) {
        bytes.clear();
    }
    return bytes;
}

} // namespace bvhscope::render
