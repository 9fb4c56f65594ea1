// Reading back what the window shows and saving it, for --screenshot; PNG bytes (stb, 8-bit
// RGB: alpha is dropped, every picture here is opaque) for callers that write files their own
// way (atomically, `bvhscope render`).
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
// False when the file cannot be written (a missing directory is data, not a bug).
bool writePng(const std::filesystem::path& path, const Image& image);
// The PNG file's bytes; empty for an empty image.
std::string encodePng(const Image& image);

} // namespace bvhscope::render
