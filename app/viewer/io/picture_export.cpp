#include "app/viewer/io/picture_export.h"

#include "app/pictures/picture_size.h"
#include "core/model/diagnostic.h"
#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "render/gl/image_target.h"

#include <algorithm>
#include <cstring>

namespace bvhscope::viewer {

std::string pictureFileName(std::string_view captureName, std::int64_t frame) {
    std::string stem = bvh::utf8FromPath(bvh::pathFromUtf8(std::string(captureName)).stem());
    if (stem.empty()) {
        stem = "bvhscope";
    }
    return stem + "-frame-" + std::to_string(frame) + ".png";
}

render::Image cropImage(const render::Image& image, const render::PixelRect& region) {
    const int left = std::clamp(region.x, 0, image.width);
    const int top = std::clamp(region.y, 0, image.height);
    const int right = std::clamp(region.x + std::max(region.width, 0), left, image.width);
    const int bottom = std::clamp(region.y + std::max(region.height, 0), top, image.height);
    render::Image cropped;
    if (right <= left || bottom <= top) {
        return cropped;
    }
    cropped.width = right - left;
    cropped.height = bottom - top;
    const std::size_t rowBytes = static_cast<std::size_t>(cropped.width) * 4;
    cropped.rgba.resize(rowBytes * static_cast<std::size_t>(cropped.height));
    for (int row = 0; row < cropped.height; ++row) {
        const std::size_t from =
            (static_cast<std::size_t>(top + row) * static_cast<std::size_t>(image.width) +
             static_cast<std::size_t>(left)) *
            4;
        std::memcpy(cropped.rgba.data() + static_cast<std::size_t>(row) * rowBytes,
                    image.rgba.data() + from, rowBytes);
    }
    return cropped;
}

std::string savePicture(unsigned framebuffer, int framebufferWidth, int framebufferHeight,
                        const render::PixelRect& region, const std::filesystem::path& target) {
    const std::string name = bvh::utf8FromPath(target);
    if (framebufferWidth <= 0 || framebufferHeight <= 0) {
        return name + ": error: the window has no pixels to save";
    }
    render::Image whole =
        framebuffer == 0
            ? render::readDefaultFramebuffer(framebufferWidth, framebufferHeight)
            : render::readFramebufferObject(framebuffer, framebufferWidth, framebufferHeight);
    if (framebuffer != 0) {
        render::makeOpaque(whole); // the view is opaque on screen: so is its picture
    }
    const render::Image picture = cropImage(whole, region);
    if (picture.rgba.empty()) {
        return name + ": error: the view is hidden (no part of it is on screen)";
    }
    const std::string bytes = render::encodePng(picture);
    if (bytes.empty()) {
        return name + ": error: not enough memory to encode the picture";
    }
    bvh::AtomicFile file(target);
    file.write(bytes);
    if (!file.commit()) {
        // The error, and a temporary file left beside the target if there is one.
        std::string lines;
        for (const bvh::Diagnostic& problem : file.diagnostics()) {
            lines += (lines.empty() ? "" : "\n") + bvh::formatDiagnostic(name, problem);
        }
        return lines.empty() ? name + ": error: cannot write the file" : lines;
    }
    return {};
}

std::string saveDrawnPicture(const std::function<void(unsigned framebuffer)>& draw, int width,
                             int height, const std::filesystem::path& target) {
    if (width < pictures::kMinPictureSide || height < pictures::kMinPictureSide ||
        width > pictures::kMaxPictureSide || height > pictures::kMaxPictureSide) {
        return bvh::utf8FromPath(target) + ": error: a picture is " +
               std::to_string(pictures::kMinPictureSide) + " to " +
               std::to_string(pictures::kMaxPictureSide) + " pixels a side, not " +
               std::to_string(width) + " x " + std::to_string(height);
    }
    render::ImageTarget offscreen;
    offscreen.resize(width, height);
    draw(offscreen.framebuffer());
    return savePicture(offscreen.framebuffer(), width, height, {0, 0, width, height}, target);
}

} // namespace bvhscope::viewer
