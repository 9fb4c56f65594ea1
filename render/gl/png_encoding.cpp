#include "render/gl/png_encoding.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>
#include <zlib.h>

namespace bvhscope::render {

namespace {

// [SECTION] Filtering: Sub or Up per row

// The byte loops below run in blocks of kVectorBytes with a count fixed at compile time, which
// GCC and Clang turn into vector instructions at -O2 (a loop whose count is known only at run
// time stays byte by byte there): the filtering took a quarter of a PNG's encoding.
constexpr std::size_t kVectorBytes = 16;

// |int8(difference)|: the byte's distance from 0 read as signed, what the filter choice sums.
// The smaller of d and -d as unsigned bytes (-128 gives 128).
inline unsigned signedMagnitude(std::uint8_t difference) {
    return std::min(difference, static_cast<std::uint8_t>(-difference));
}

// The sum over [0, count) of |int8(a[i] - b[i])|.
unsigned magnitudeSum(const std::uint8_t* a, const std::uint8_t* b, std::size_t count) {
    unsigned sum = 0;
    std::size_t i = 0;
    for (; i + kVectorBytes <= count; i += kVectorBytes) {
        for (std::size_t k = 0; k < kVectorBytes; ++k) {
            sum += signedMagnitude(static_cast<std::uint8_t>(a[i + k] - b[i + k]));
        }
    }
    for (; i < count; ++i) {
        sum += signedMagnitude(static_cast<std::uint8_t>(a[i] - b[i]));
    }
    return sum;
}

// out[i] = a[i] - b[i] over [0, count), wrapping.
void byteDifferences(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out,
                     std::size_t count) {
    std::size_t i = 0;
    for (; i + kVectorBytes <= count; i += kVectorBytes) {
        for (std::size_t k = 0; k < kVectorBytes; ++k) {
            out[i + k] = static_cast<std::uint8_t>(a[i + k] - b[i + k]);
        }
    }
    for (; i < count; ++i) {
        out[i] = static_cast<std::uint8_t>(a[i] - b[i]);
    }
}

// Row `y` of the RGBA picture in `channels` bytes per pixel into `into`. For RGB each pixel's
// four bytes are copied at once, the fourth overwritten by the next pixel's first: one store
// instead of three.
void pixelsOfRow(std::span<const std::uint8_t> rgba, int width, int channels, int y,
                 std::uint8_t* into) {
    const std::uint8_t* source = rgba.data() + static_cast<std::size_t>(y) * width * 4;
    if (channels == 4) {
        std::memcpy(into, source, static_cast<std::size_t>(width) * 4);
        return;
    }
    for (int x = 0; x + 1 < width; ++x) {
        std::memcpy(into + static_cast<std::size_t>(x) * 3,
                    source + static_cast<std::size_t>(x) * 4, 4);
    }
    std::memcpy(into + static_cast<std::size_t>(width - 1) * 3,
                source + static_cast<std::size_t>(width - 1) * 4, 3);
}

// The filtered scanlines of rows [firstRow, endRow) into `out` (one filter type byte and the
// row's bytes each). Sub (1) subtracts the pixel to the left, Up (2) the pixel above; the
// smaller sum of the bytes read as signed magnitudes wins, which favours the long runs of
// zeros the deflate below codes cheaply.
void filterRows(std::span<const std::uint8_t> rgba, int width, int channels, int firstRow,
                int endRow, std::uint8_t* out) {
    const std::size_t rowBytes = static_cast<std::size_t>(width) * channels;
    const auto pixelBytes = static_cast<std::size_t>(channels);
    std::vector<std::uint8_t> row(rowBytes);
    std::vector<std::uint8_t> above(rowBytes, 0);
    if (firstRow > 0) {
        pixelsOfRow(rgba, width, channels, firstRow - 1, above.data());
    }
    const std::uint8_t nothing[4] = {0, 0, 0, 0}; // left of the first pixel
    for (int y = firstRow; y < endRow; ++y) {
        pixelsOfRow(rgba, width, channels, y, row.data());
        const unsigned subCost =
            magnitudeSum(row.data(), nothing, pixelBytes) +
            magnitudeSum(row.data() + pixelBytes, row.data(), rowBytes - pixelBytes);
        const unsigned upCost = magnitudeSum(row.data(), above.data(), rowBytes);
        // The first row has no row above: Up would be no filter at all.
        const bool useUp = y > 0 && upCost < subCost;
        std::uint8_t* const target = out + static_cast<std::size_t>(y - firstRow) * (rowBytes + 1);
        target[0] = useUp ? 2 : 1;
        std::uint8_t* const filtered = target + 1;
        if (useUp) {
            byteDifferences(row.data(), above.data(), filtered, rowBytes);
        } else {
            std::memcpy(filtered, row.data(), pixelBytes);
            byteDifferences(row.data() + pixelBytes, row.data(), filtered + pixelBytes,
                            rowBytes - pixelBytes);
        }
        std::swap(row, above);
    }
}

// [SECTION] Strips: the picture in horizontal bands, each filtered and compressed on a thread

// One band of rows: its filtered bytes, their Adler-32, and their deflate blocks.
struct Strip {
    int firstRow = 0;
    int endRow = 0;
    std::vector<std::uint8_t> filtered;
    std::uint32_t adler = 1;
    std::string deflated;
    bool compressed = false;
};

// Raw deflate (no zlib header) with zlib's fastest level and its Z_RLE strategy: runs coded
// as matches at distance 1 with no hash chains, which suits the filtered rows' runs of zeros.
// The last band ends with the final block (Z_FINISH); the others with a sync flush, an empty
// stored block on a byte boundary, so the bands' outputs one after the other are one stream.
// False when zlib fails (out of memory).
bool compressStrip(std::span<const std::uint8_t> rgba, int width, int channels, bool last,
                   Strip& strip) {
    const std::size_t rowBytes = static_cast<std::size_t>(width) * channels + 1;
    strip.filtered.resize(rowBytes * static_cast<std::size_t>(strip.endRow - strip.firstRow));
    filterRows(rgba, width, channels, strip.firstRow, strip.endRow, strip.filtered.data());
    strip.adler = static_cast<std::uint32_t>(
        adler32_z(adler32_z(0, nullptr, 0), strip.filtered.data(), strip.filtered.size()));
    z_stream stream{};
    if (deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, Z_RLE) != Z_OK) {
        return false;
    }
    // Room for all of it at once (deflateBound, plus the sync flush's five bytes), so one call
    // compresses the band; avail_in is 32 bits, so a huge band goes in pieces.
    strip.deflated.resize(deflateBound(&stream, static_cast<uLong>(strip.filtered.size())) + 16);
    stream.next_out = reinterpret_cast<Bytef*>(strip.deflated.data());
    stream.avail_out = static_cast<uInt>(strip.deflated.size());
    std::size_t position = 0;
    int status = Z_OK;
    do {
        const std::size_t piece =
            std::min<std::size_t>(strip.filtered.size() - position, std::size_t{1} << 30);
        stream.next_in = strip.filtered.data() + position;
        stream.avail_in = static_cast<uInt>(piece);
        position += piece;
        const bool lastPiece = position == strip.filtered.size();
        status = deflate(&stream, !lastPiece ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH));
    } while (position < strip.filtered.size() && status == Z_OK);
    const bool done = last ? status == Z_STREAM_END : status == Z_OK;
    strip.deflated.resize(stream.total_out);
    deflateEnd(&stream);
    return done;
}

// Bands of at least this many pixels: below it a thread costs more than it saves.
constexpr std::size_t kLeastStripPixels = std::size_t{1} << 17;

// The zlib stream (RFC 1950) of the filtered picture, its bands compressed side by side.
std::string zlibStream(std::span<const std::uint8_t> rgba, int width, int height, int channels) {
    const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    const std::size_t cores = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    const std::size_t bands = std::clamp<std::size_t>(pixels / kLeastStripPixels, 1,
                                                      std::min<std::size_t>(cores, height));
    std::vector<Strip> strips(bands);
    for (std::size_t i = 0; i < bands; ++i) {
        strips[i].firstRow = static_cast<int>(height * i / bands);
        strips[i].endRow = static_cast<int>(height * (i + 1) / bands);
    }
    std::vector<std::thread> helpers;
    for (std::size_t i = 1; i < bands; ++i) {
        try {
            helpers.emplace_back([&, i] {
                strips[i].compressed =
                    compressStrip(rgba, width, channels, i + 1 == bands, strips[i]);
            });
        } catch (const std::system_error&) {
            strips[i].compressed = compressStrip(rgba, width, channels, i + 1 == bands, strips[i]);
        }
    }
    strips[0].compressed = compressStrip(rgba, width, channels, bands == 1, strips[0]);
    for (std::thread& helper : helpers) {
        helper.join();
    }
    if (!std::ranges::all_of(strips, &Strip::compressed)) {
        return {};
    }

    std::string out;
    std::size_t size = 6;
    for (const Strip& strip : strips) {
        size += strip.deflated.size();
    }
    out.reserve(size);
    out.push_back(static_cast<char>(0x78)); // deflate, 32 KiB window
    out.push_back(static_cast<char>(0x01)); // fastest; (0x78 << 8 | 0x01) is a multiple of 31
    std::uint32_t adler = 1;
    for (const Strip& strip : strips) {
        out += strip.deflated;
        adler = static_cast<std::uint32_t>(
            adler32_combine(adler, strip.adler, static_cast<z_off_t>(strip.filtered.size())));
    }
    for (int shift = 24; shift >= 0; shift -= 8) {
        out.push_back(static_cast<char>((adler >> shift) & 0xFF));
    }
    return out;
}

// [SECTION] The PNG file

void appendBigEndian(std::string& out, std::uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) {
        out.push_back(static_cast<char>((value >> shift) & 0xFF));
    }
}

void appendChunk(std::string& out, const char (&type)[5], std::string_view data) {
    appendBigEndian(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t typeAt = out.size();
    out.append(type, 4);
    out.append(data);
    const auto* checked = reinterpret_cast<const std::uint8_t*>(out.data() + typeAt);
    appendBigEndian(
        out, static_cast<std::uint32_t>(crc32_z(crc32_z(0, nullptr, 0), checked, data.size() + 4)));
}

} // namespace

std::string encodePngFromRgba(std::span<const std::uint8_t> rgba, int width, int height,
                              bool keepAlpha) {
    if (width <= 0 || height <= 0 ||
        rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4) {
        return {};
    }
    const int channels = keepAlpha ? 4 : 3;
    const std::string compressed = zlibStream(rgba, width, height, channels);
    if (compressed.empty()) {
        return {};
    }

    std::string header;
    appendBigEndian(header, static_cast<std::uint32_t>(width));
    appendBigEndian(header, static_cast<std::uint32_t>(height));
    header.push_back(8);                 // bits per channel
    header.push_back(keepAlpha ? 6 : 2); // colour type: RGBA or RGB
    header.append(3, '\0');              // deflate, adaptive filtering, no interlace
    std::string png("\x89PNG\r\n\x1a\n", 8);
    png.reserve(compressed.size() + 64);
    appendChunk(png, "IHDR", header);
    // Chunks of at most 8 MiB: a chunk's length must stay below 2^31.
    constexpr std::size_t kMostChunkBytes = std::size_t{8} << 20;
    for (std::size_t at = 0; at < compressed.size(); at += kMostChunkBytes) {
        appendChunk(png, "IDAT", std::string_view(compressed).substr(at, kMostChunkBytes));
    }
    appendChunk(png, "IEND", {});
    return png;
}

} // namespace bvhscope::render
