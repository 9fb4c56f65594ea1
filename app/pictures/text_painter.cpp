#include "app/pictures/text_painter.h"

#include <algorithm>
#include <imgui.h>
#include <string>

namespace bvhscope::pictures {

namespace {

void blendPixel(render::Image& image, int x, int y, Rgba color, int coverage) {
    if (x < 0 || y < 0 || x >= image.width || y >= image.height || coverage <= 0) {
        return;
    }
    const int alpha = color.a * coverage / 255;
    std::uint8_t* pixel = image.rgba.data() + (static_cast<std::size_t>(y) * image.width + x) * 4;
    const std::uint8_t source[3] = {color.r, color.g, color.b};
    for (int channel = 0; channel < 3; ++channel) {
        pixel[channel] = static_cast<std::uint8_t>(
            (source[channel] * alpha + pixel[channel] * (255 - alpha) + 127) / 255);
    }
    pixel[3] = 255;
}

// Decodes one UTF-8 character; a malformed sequence is one U+FFFD per bad byte (drawn as the
// fallback glyph), so a Latin-1 file name still shows its ASCII parts.
unsigned int nextCharacter(std::string_view text, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    int length = 0;
    unsigned int character = 0;
    if (lead < 0x80) {
        ++at;
        return lead;
    }
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        character = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        character = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        character = lead & 0x07u;
    }
    if (length == 0 || at + static_cast<std::size_t>(length) > text.size()) {
        ++at;
        return 0xFFFD;
    }
    for (int i = 1; i < length; ++i) {
        const unsigned char next = byte(at + static_cast<std::size_t>(i));
        if ((next & 0xC0) != 0x80) {
            ++at;
            return 0xFFFD;
        }
        character = (character << 6) | (next & 0x3Fu);
    }
    at += static_cast<std::size_t>(length);
    return character;
}

} // namespace

struct TextPainter::Font {
    ImFontAtlas atlas;
    ImFont* font = nullptr;
    unsigned char* pixels = nullptr; // alpha, owned by the atlas
    int width = 0;
    int height = 0;

    const ImFontGlyph* glyph(unsigned int character) const {
        return font->FindGlyph(static_cast<ImWchar>(character <= 0xFFFF ? character : '?'));
    }
};

TextPainter::TextPainter() : font_(std::make_unique<Font>()) {
    ImFontConfig config;
    // ProggyClean's native size, one texel per pixel (what AddFontDefault does without a
    // config; with one, it would oversample 3x horizontally).
    config.SizePixels = 13.0f;
    config.OversampleH = 1;
    config.OversampleV = 1;
    config.PixelSnapH = true;
    font_->font = font_->atlas.AddFontDefault(&config);
    font_->atlas.GetTexDataAsAlpha8(&font_->pixels, &font_->width, &font_->height);
}

TextPainter::~TextPainter() = default;

int TextPainter::lineHeight(int scale) const {
    return static_cast<int>(font_->font->FontSize) * scale;
}

int TextPainter::textWidth(std::string_view text, int scale) const {
    float width = 0.0f;
    for (std::size_t at = 0; at < text.size();) {
        width += font_->glyph(nextCharacter(text, at))->AdvanceX;
    }
    return static_cast<int>(width + 0.5f) * scale;
}

std::string TextPainter::fitText(std::string_view text, int scale, int maxWidth) const {
    if (textWidth(text, scale) <= maxWidth) {
        return std::string(text);
    }
    std::string fitted(text);
    while (!fitted.empty() && textWidth(fitted + "...", scale) > maxWidth) {
        // Drop a whole UTF-8 character: continuation bytes are 10xxxxxx.
        do {
            fitted.pop_back();
        } while (!fitted.empty() && (static_cast<unsigned char>(fitted.back()) & 0xC0) == 0x80);
    }
    return fitted + "...";
}

void TextPainter::drawText(render::Image& image, int x, int y, std::string_view text, int scale,
                           Rgba color) const {
    float pen = 0.0f;
    for (std::size_t at = 0; at < text.size();) {
        const ImFontGlyph* glyph = font_->glyph(nextCharacter(text, at));
        if (glyph->Visible) {
            const int u0 = static_cast<int>(glyph->U0 * font_->width + 0.5f);
            const int v0 = static_cast<int>(glyph->V0 * font_->height + 0.5f);
            const int u1 = static_cast<int>(glyph->U1 * font_->width + 0.5f);
            const int v1 = static_cast<int>(glyph->V1 * font_->height + 0.5f);
            const int left = x + static_cast<int>(pen + glyph->X0 + 0.5f) * scale;
            const int top = y + static_cast<int>(glyph->Y0 + 0.5f) * scale;
            for (int v = v0; v < v1; ++v) {
                for (int u = u0; u < u1; ++u) {
                    const int coverage =
                        font_->pixels[static_cast<std::size_t>(v) * font_->width + u];
                    if (coverage == 0) {
                        continue;
                    }
                    for (int dy = 0; dy < scale; ++dy) {
                        for (int dx = 0; dx < scale; ++dx) {
                            blendPixel(image, left + (u - u0) * scale + dx,
                                       top + (v - v0) * scale + dy, color, coverage);
                        }
                    }
                }
            }
        }
        pen += glyph->AdvanceX;
    }
}

void fillRectangle(render::Image& image, int x, int y, int width, int height, Rgba color) {
    const int x0 = std::max(x, 0);
    const int y0 = std::max(y, 0);
    const int x1 = std::min(x + width, image.width);
    const int y1 = std::min(y + height, image.height);
    for (int row = y0; row < y1; ++row) {
        for (int column = x0; column < x1; ++column) {
            blendPixel(image, column, row, color, 255);
        }
    }
}

namespace {

// The frame label's box: its text scale (2 at 720 p), margin, line and box heights.
struct FrameLabelBox {
    int scale;
    int pad;
    int line;
    int height;
};

FrameLabelBox frameLabelBox(int imageHeight, const TextPainter& text) {
    const int scale = std::max(1, (imageHeight + 180) / 360);
    const int pad = 4 * scale;
    const int line = text.lineHeight(scale);
    return {scale, pad, line, 2 * line + 3 * pad};
}

} // namespace

int frameLabelCoveredRows(int imageHeight, const TextPainter& text) {
    const FrameLabelBox box = frameLabelBox(imageHeight, text);
    return box.pad + box.height + box.pad;
}

void stampFrameLabel(render::Image& image, const TextPainter& text, const FrameLabel& label) {
    const auto [scale, pad, line, height] = frameLabelBox(image.height, text);
    const int width = std::min(
        std::max(text.textWidth(label.title, scale), text.textWidth(label.detail, scale)) + 2 * pad,
        image.width - 2 * pad);
    fillRectangle(image, pad, pad, width, height, Rgba{0, 0, 0, 160});
    text.drawText(image, 2 * pad, 2 * pad, text.fitText(label.title, scale, width - 2 * pad), scale,
                  Rgba{255, 255, 255, 255});
    text.drawText(image, 2 * pad, 3 * pad + line,
                  text.fitText(label.detail, scale, width - 2 * pad), scale,
                  Rgba{210, 215, 225, 255});
}

} // namespace bvhscope::pictures
