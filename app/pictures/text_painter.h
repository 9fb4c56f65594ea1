// Text drawn into an Image on the CPU, for the labels `bvhscope render` stamps on its pictures
// (frame, timecode, file names on a contact sheet). The glyphs are Dear ImGui's built-in
// ProggyClean font (rasterised at its native 13 px by ImFontAtlas, no GL, no ImGui context) and
// are scaled up by whole pixels, so text stays crisp at any size and is the same on every
// driver: it is added after the pixels are read back, so no GL text path is involved.
#pragma once

#include "app/pictures/frame_label.h"
#include "render/gl/frame_capture.h"

#include <cstdint>
#include <memory>
#include <string_view>

namespace bvhscope::pictures {

struct Rgba {
    std::uint8_t r = 255, g = 255, b = 255, a = 255;
};

class TextPainter {
public:
    TextPainter();
    ~TextPainter();
    TextPainter(const TextPainter&) = delete;
    TextPainter& operator=(const TextPainter&) = delete;

    // Height of a line and width of `text` (UTF-8) in pixels at a whole-number `scale`.
    int lineHeight(int scale) const;
    int textWidth(std::string_view text, int scale) const;

    // Draws `text` with its top-left corner at (x, y); pixels outside the image are skipped.
    // Characters the font lacks are drawn as '?'.
    void drawText(render::Image& image, int x, int y, std::string_view text, int scale,
                  Rgba color) const;
    // `text` cut at the end with "..." to fit `maxWidth` pixels.
    std::string fitText(std::string_view text, int scale, int maxWidth) const;

private:
    struct Font;
    std::unique_ptr<Font> font_;
};

// Blends a rectangle of `color` (its alpha is the coverage) over the image, clipped to it.
void fillRectangle(render::Image& image, int x, int y, int width, int height, Rgba color);

// The label of `bvhscope render` (and the viewer's Export video) in the image's top-left
// corner: the title and detail lines on a translucent dark box, scaled with the image's height
// (2x at 720 p).
void stampFrameLabel(render::Image& image, const TextPainter& text, const FrameLabel& label);
// The rows from the top of an image `imageHeight` pixels tall that stampFrameLabel's box covers,
// with a gap of its margin under it: `render` frames the figure below them.
int frameLabelCoveredRows(int imageHeight, const TextPainter& text);

} // namespace bvhscope::pictures
