// File > Save picture (PNG) (issue 31, the page): the 3D view as drawn this frame, read back
// from the framebuffer after the scene and before the panels, written as an 8-bit RGB PNG. In
// the page the file goes to /downloads and is then offered as a browser download
// (session/picture_request.h, platform/download.h).
#pragma once

#include "render/gl/frame_capture.h"
#include "render/math/uncovered_area.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

// "<stem>-frame-<N>.png": the capture's file name without its extension, and the frame the
// timeline shows. "bvhscope-frame-<N>.png" when no capture is named (an empty view).
std::string pictureFileName(std::string_view captureName, std::int64_t frame);

// The part of `image` inside `region` (top-left origin, as the layout's view rectangle), clipped
// to the image; empty when nothing of it is inside.
render::Image cropImage(const render::Image& image, const render::PixelRect& region);

// Reads back `framebuffer` (0: the window's back buffer, as the frame loop draws it, alpha
// forced opaque; otherwise colour attachment 0 of that framebuffer object) of
// `framebufferWidth` x `framebufferHeight` pixels, keeps `region` of it, and writes it as PNG to
// `target`, atomically (core/platform/atomic_file.h). Needs the current GL context. Returns ""
// on success, else what went wrong as the error popup shows it ("TARGET: error: reason", and a
// warning line where the temporary file could not be removed).
std::string savePicture(unsigned framebuffer, int framebufferWidth, int framebufferHeight,
                        const render::PixelRect& region, const std::filesystem::path& target);

// A picture of a chosen size (issue 42, the desktop's File > Save picture...): `draw` renders the
// scene into the framebuffer object it is given, `width` x `height` pixels (kMinPictureSide to
// kMaxPictureSide), made here; then it is written as savePicture writes. Needs the current GL
// context. Returns "" on success, else what went wrong ("TARGET: error: reason").
std::string saveDrawnPicture(const std::function<void(unsigned framebuffer)>& draw, int width,
                             int height, const std::filesystem::path& target);

} // namespace bvhscope::viewer
