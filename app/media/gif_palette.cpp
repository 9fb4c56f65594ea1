#include "app/media/gif_palette.h"

#include <algorithm>
#include <limits>

namespace bvhscope::media {

namespace {

// A box of the 5-bit colour cube and the histogram bins inside it.
struct Box {
    std::array<int, 3> low{};
    std::array<int, 3> high{}; // inclusive
    std::uint64_t count = 0;
};

constexpr int kSide = 32;

std::size_t binOf(int r, int g, int b) {
    return (static_cast<std::size_t>(r) << 10) | (static_cast<std::size_t>(g) << 5) |
           static_cast<std::size_t>(b);
}

// Shrinks a box to the bins it actually holds and counts them.
void fit(Box& box, const std::vector<std::uint64_t>& histogram) {
    std::array<int, 3> low{kSide, kSide, kSide};
    std::array<int, 3> high{-1, -1, -1};
    box.count = 0;
    for (int r = box.low[0]; r <= box.high[0]; ++r) {
        for (int g = box.low[1]; g <= box.high[1]; ++g) {
            for (int b = box.low[2]; b <= box.high[2]; ++b) {
                const std::uint64_t n = histogram[binOf(r, g, b)];
                if (n == 0) {
                    continue;
                }
                box.count += n;
                const std::array<int, 3> at{r, g, b};
                for (int axis = 0; axis < 3; ++axis) {
                    low[axis] = std::min(low[axis], at[axis]);
                    high[axis] = std::max(high[axis], at[axis]);
                }
            }
        }
    }
    if (box.count > 0) {
        box.low = low;
        box.high = high;
    }
}

// Splits at the weighted median of the longest axis; false when the box is one bin.
bool split(Box& box, Box& other, const std::vector<std::uint64_t>& histogram) {
    int axis = 0;
    for (int a = 1; a < 3; ++a) {
        if (box.high[a] - box.low[a] > box.high[axis] - box.low[axis]) {
            axis = a;
        }
    }
    if (box.high[axis] == box.low[axis]) {
        return false;
    }
    std::vector<std::uint64_t> perSlice(static_cast<std::size_t>(kSide), 0);
    for (int r = box.low[0]; r <= box.high[0]; ++r) {
        for (int g = box.low[1]; g <= box.high[1]; ++g) {
            for (int b = box.low[2]; b <= box.high[2]; ++b) {
                const std::array<int, 3> at{r, g, b};
                perSlice[static_cast<std::size_t>(at[axis])] += histogram[binOf(r, g, b)];
            }
        }
    }
    std::uint64_t below = 0;
    int cut = box.low[axis];
    for (int slice = box.low[axis]; slice < box.high[axis]; ++slice) {
        below += perSlice[static_cast<std::size_t>(slice)];
        cut = slice;
        if (below * 2 >= box.count) {
            break;
        }
    }
    other = box;
    box.high[axis] = cut;
    other.low[axis] = cut + 1;
    fit(box, histogram);
    fit(other, histogram);
    return true;
}

std::uint32_t meanColor(const Box& box, const std::vector<std::uint64_t>& histogram,
                        const std::vector<std::array<std::uint64_t, 3>>& sums) {
    std::array<double, 3> sum{};
    double total = 0.0;
    for (int r = box.low[0]; r <= box.high[0]; ++r) {
        for (int g = box.low[1]; g <= box.high[1]; ++g) {
            for (int b = box.low[2]; b <= box.high[2]; ++b) {
                const std::size_t bin = binOf(r, g, b);
                for (int channel = 0; channel < 3; ++channel) {
                    sum[channel] += static_cast<double>(sums[bin][channel]);
                }
                total += static_cast<double>(histogram[bin]);
            }
        }
    }
    std::uint32_t color = 0;
    for (int channel = 0; channel < 3; ++channel) {
        const int value = total > 0.0 ? static_cast<int>(sum[channel] / total + 0.5) : 0;
        color = (color << 8) | static_cast<std::uint32_t>(std::clamp(value, 0, 255));
    }
    return color;
}

} // namespace

void GifPalette::addSample(std::span<const std::uint8_t> rgba) {
    for (std::size_t i = 0; i + 3 < rgba.size(); i += 4) {
        const std::size_t bin = key(rgba[i], rgba[i + 1], rgba[i + 2]);
        ++histogram_[bin];
        sums_[bin][0] += rgba[i];
        sums_[bin][1] += rgba[i + 1];
        sums_[bin][2] += rgba[i + 2];
    }
}

void GifPalette::build() {
    colors_.clear();
    std::vector<Box> boxes(1);
    boxes[0].high = {kSide - 1, kSide - 1, kSide - 1};
    fit(boxes[0], histogram_);
    if (boxes[0].count == 0) {
        for (std::uint32_t grey = 0; grey < 256; ++grey) {
            colors_.push_back((grey << 16) | (grey << 8) | grey);
        }
    } else {
        // Split the box that holds the most pixels times its extent, so large flat areas keep
        // exact shades and gradients (shaded bones) get the remaining entries.
        std::vector<bool> done(1, false);
        while (boxes.size() < 256) {
            std::size_t best = boxes.size();
            std::uint64_t bestScore = 0;
            for (std::size_t i = 0; i < boxes.size(); ++i) {
                const Box& box = boxes[i];
                const int extent = std::max(
                    {box.high[0] - box.low[0], box.high[1] - box.low[1], box.high[2] - box.low[2]});
                const std::uint64_t score = box.count * static_cast<std::uint64_t>(extent);
                if (!done[i] && extent > 0 && score >= bestScore) {
                    best = i;
                    bestScore = score;
                }
            }
            if (best == boxes.size()) {
                break;
            }
            Box other;
            if (!split(boxes[best], other, histogram_)) {
                done[best] = true;
                continue;
            }
            boxes.push_back(other);
            done.push_back(false);
        }
        for (const Box& box : boxes) {
            if (box.count > 0) {
                colors_.push_back(meanColor(box, histogram_, sums_));
            }
        }
    }
    // Every 5-bit colour to its nearest entry (squared distance from the bin's centre).
    for (int r = 0; r < kSide; ++r) {
        for (int g = 0; g < kSide; ++g) {
            for (int b = 0; b < kSide; ++b) {
                // A bin's pixels are matched by their mean (exact for a flat colour), an empty
                // bin by its centre.
                const std::size_t bin = binOf(r, g, b);
                const std::uint64_t n = histogram_[bin];
                const int cr = n > 0 ? static_cast<int>(sums_[bin][0] / n) : r * 8 + 4;
                const int cg = n > 0 ? static_cast<int>(sums_[bin][1] / n) : g * 8 + 4;
                const int cb = n > 0 ? static_cast<int>(sums_[bin][2] / n) : b * 8 + 4;
                int bestDistance = std::numeric_limits<int>::max();
                std::uint8_t bestIndex = 0;
                for (std::size_t i = 0; i < colors_.size(); ++i) {
                    const int dr = static_cast<int>((colors_[i] >> 16) & 255) - cr;
                    const int dg = static_cast<int>((colors_[i] >> 8) & 255) - cg;
                    const int db = static_cast<int>(colors_[i] & 255) - cb;
                    const int distance = dr * dr + dg * dg + db * db;
                    if (distance < bestDistance) {
                        bestDistance = distance;
                        bestIndex = static_cast<std::uint8_t>(i);
                    }
                }
                lookup_[bin] = bestIndex;
            }
        }
    }
}

void GifPalette::map(const std::uint8_t* rgba, int width, int height, std::uint8_t* indices,
                     int indexStride) const {
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* pixel = rgba + static_cast<std::size_t>(y) * width * 4;
        std::uint8_t* row = indices + static_cast<std::ptrdiff_t>(y) * indexStride;
        for (int x = 0; x < width; ++x, pixel += 4) {
            row[x] = indexOf(pixel[0], pixel[1], pixel[2]);
        }
    }
}

} // namespace bvhscope::media
