#include "render/frame_capture.h"

#include <csetjmp>
#include <cstring>
#include <fstream>
#include <glad/gl.h>
#include <png.h>

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
    const std::string bytes = encodePng(image);
    if (bytes.empty()) {
        return false;
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

namespace {

void appendBytes(png_structp png, png_bytep data, png_size_t size) {
    static_cast<std::string*>(png_get_io_ptr(png))
        ->append(reinterpret_cast<const char*>(data), size);
}

void flushNothing(png_structp) {}

// libpng reports errors by longjmp: this frame holds nothing with a destructor to skip.
bool writeRows(png_structp png, png_infop info, const Image& image, std::string* bytes) {
    if (setjmp(png_jmpbuf(png)) != 0) {
        return false;
    }
    png_set_write_fn(png, bytes, appendBytes, flushNothing);
    png_set_IHDR(png, info, static_cast<png_uint_32>(image.width),
                 static_cast<png_uint_32>(image.height), 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    // Fast settings: deflate level 1 with the Sub filter encodes a 1280x720 frame about six
    // times faster than stb_image_write (whose level is fixed at build time), and smaller.
    png_set_compression_level(png, 1);
    png_set_filter(png, 0, PNG_FILTER_SUB);
    png_write_info(png, info);
    png_set_filler(png, 0, PNG_FILLER_AFTER); // RGBA in, RGB out: the alpha is always opaque
    const std::size_t rowBytes = static_cast<std::size_t>(image.width) * 4;
    for (int row = 0; row < image.height; ++row) {
        png_write_row(png, image.rgba.data() + static_cast<std::size_t>(row) * rowBytes);
    }
    png_write_end(png, nullptr);
    return true;
}

} // namespace

std::string encodePng(const Image& image) {
    std::string bytes;
    if (image.width <= 0 || image.height <= 0 ||
        image.rgba.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
        return bytes;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png != nullptr ? png_create_info_struct(png) : nullptr;
    const bool written = info != nullptr && writeRows(png, info, image, &bytes);
    png_destroy_write_struct(&png, &info);
    if (!written) {
        bytes.clear();
    }
    return bytes;
}

} // namespace bvhscope::render
