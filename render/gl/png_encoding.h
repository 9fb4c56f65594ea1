// PNG encoding of 8-bit pictures, fast enough for image sequences (`bvhscope render -o
// f_%04d.png`): a 1280x720 frame in about 10 ms where stb_image_write took 60 ms or more.
//
// The pictures bvhscope writes are mostly flat: a background gradient, a ground grid, figures.
// Each row is filtered with Sub or Up, whichever leaves the smaller bytes (libpng's heuristic,
// over two filters instead of five), which turns flat runs into runs of zeros; zlib then
// deflates them at its fastest level with its Z_RLE strategy (runs as matches at distance 1, no
// hash chains). The picture is split into horizontal bands compressed side by side on the
// machine's cores and joined into one stream, as pigz does (sync flushes, adler32_combine).
// Lossless, and readable by every PNG decoder; files come out about the size stb's level 1
// made. Empty when the size is wrong or zlib runs out of memory.
//
// Needs no GL: the encoder is pure, tested on its own (tests/render/gl/png_encoding_test.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace bvhscope::render {

// The PNG file's bytes for `width` x `height` pixels given as RGBA, rows top to bottom with
// no padding (rgba.size() == width * height * 4). `keepAlpha` false writes 8-bit RGB (alpha
// dropped), true 8-bit RGBA. Empty when the size is not positive or does not match.
std::string encodePngFromRgba(std::span<const std::uint8_t> rgba, int width, int height,
                              bool keepAlpha);

} // namespace bvhscope::render
