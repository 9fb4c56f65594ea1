// Reading back what the window shows and saving it, for --screenshot; PNG bytes (8-bit RGB, or
// RGBA for pictures with a transparent background such as thumbnails; png_encoding.h) for
// callers that write files their own way (atomically, `bvhscope render`).
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace bvhscope::render {

struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba; // rows top to bottom
};

// The back buffer of the default framebuffer (call before swapping), top row first, alpha
// forced opaque (the window is opaque whatever alpha the UI left behind).
Image readDefaultFramebuffer(int width, int height);
// The colour attachment 0 of a framebuffer object, top row first, alpha as stored.
Image readFramebufferObject(unsigned framebuffer, int width, int height);
// Sets every pixel's alpha to 255: blending may leave alpha below one over an opaque clear,
// which a PNG viewer would show as holes.
void makeOpaque(Image& image);
// Turns colours premultiplied by alpha (what blending over a transparent clear leaves, and what
// a multisample resolve averages) into the straight alpha PNG stores.
void unpremultiplyAlpha(Image& image);
// False when the file cannot be written (a missing directory is data, not a bug).
bool writePng(const std::filesystem::path& path, const Image& image);
enum class PngAlpha : std::uint8_t {
    Drop, // 8-bit RGB: the picture is opaque, a quarter of the bytes go
    Keep, // 8-bit RGBA, straight (not premultiplied) alpha
};
// The PNG file's bytes; empty for an empty image.
std::string encodePng(const Image& image, PngAlpha alpha = PngAlpha::Drop);

} // namespace bvhscope::render
