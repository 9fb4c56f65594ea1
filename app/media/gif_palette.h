// One 256-colour palette for a whole GIF, so every frame shares it and the file stays small:
// median cut over the colours of a few sample frames (bvhscope's pictures are flat shades of a
// few colours: floor, sky, each character's colour), then every pixel mapped to its nearest
// palette entry without dithering (dither noise would defeat the GIF's compression of flat
// areas and of unchanged regions between frames).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace bvhscope::media {

class GifPalette {
public:
    // Adds an RGBA picture (alpha ignored) to the colours the palette is made from.
    void addSample(std::span<const std::uint8_t> rgba);
    // Makes the palette (at most 256 entries) from every sample added. Without samples, a
    // palette of greys.
    void build();

    // 0x00RRGGBB per entry; at most 256.
    const std::vector<std::uint32_t>& colors() const { return colors_; }
    // The index of the nearest entry for a colour (after build()).
    std::uint8_t indexOf(std::uint8_t r, std::uint8_t g, std::uint8_t b) const {
        return lookup_[key(r, g, b)];
    }
    // Maps a picture's pixels to indices, row by row into `indices` with `indexStride` bytes a
    // row.
    void map(const std::uint8_t* rgba, int width, int height, std::uint8_t* indices,
             int indexStride) const;

private:
    // Colours are counted and looked up at 5 bits a channel.
    static constexpr int kBits = 5;
    static constexpr int kSide = 1 << kBits;
    static std::size_t key(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
        return (static_cast<std::size_t>(r >> (8 - kBits)) << (2 * kBits)) |
               (static_cast<std::size_t>(g >> (8 - kBits)) << kBits) |
               static_cast<std::size_t>(b >> (8 - kBits));
    }

    std::vector<std::uint64_t> histogram_ = std::vector<std::uint64_t>(kSide * kSide * kSide, 0);
    // The exact 8-bit sums of the colours in each bin, so flat areas keep their exact shade.
    std::vector<std::array<std::uint64_t, 3>> sums_ =
        std::vector<std::array<std::uint64_t, 3>>(kSide * kSide * kSide, {0, 0, 0});
    std::vector<std::uint32_t> colors_;
    std::vector<std::uint8_t> lookup_ = std::vector<std::uint8_t>(kSide * kSide * kSide, 0);
};

} // namespace bvhscope::media
