#include "core/live/line_splitter.h"

#include <algorithm>
#include <array>

namespace bvh::live {

namespace {

// The bytes that end a line, are dropped, or may end an Axis frame: a table, so that the scan
// over ordinary bytes is one load and test a byte.
constexpr auto kNeedsDecision = [] {
    std::array<bool, 256> table{};
    table['\n'] = true;
    table['\r'] = true;
    table['\0'] = true;
    table['|'] = true;
    return table;
}();

} // namespace

std::size_t lineCapForValueCount(std::size_t valueCount) {
    constexpr std::size_t kBytesPerValue = 64;
    constexpr std::size_t kPrefixBytes = 4096;
    if (valueCount > (kMostLineBytes - kPrefixBytes) / kBytesPerValue) {
        return kMostLineBytes;
    }
    return valueCount * kBytesPerValue + kPrefixBytes;
}

LineSplitter::LineSplitter(std::size_t maxLineBytes, bool endsAtDoubleBar)
    : maxLineBytes_(std::clamp<std::size_t>(maxLineBytes, 1, kMostLineBytes)),
      endsAtDoubleBar_(endsAtDoubleBar) {}

void LineSplitter::keep(std::string_view bytes) {
    const std::size_t needed = buffer_.size() + bytes.size();
    if (needed > maxLineBytes_) {
        discarding_ = true;
        ++overlongLines_;
        buffer_.clear();
        buffer_.shrink_to_fit();
        return;
    }
    if (needed > buffer_.capacity()) {
        // Grow by doubling, but never past the cap: the allocation stays within it too.
        buffer_.reserve(std::min(maxLineBytes_, std::max(needed, 2 * buffer_.capacity())));
    }
    buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
}

std::size_t LineSplitter::consume(std::string_view bytes) {
    if (lineReady_) {
        buffer_.clear();
        lineReady_ = false;
        if (buffer_.capacity() > maxLineBytes_) {
            buffer_.shrink_to_fit(); // the cap was lowered while this line was handed out
        }
    }
    const char* const begin = bytes.data();
    const char* const end = begin + bytes.size();
    const char* p = begin;
    while (p != end) {
        // The run of ordinary bytes up to the next byte that needs a decision.
        const char* run = p;
        while (run != end && !kNeedsDecision[static_cast<unsigned char>(*run)]) {
            ++run;
        }
        if (run != p) {
            afterBar_ = false;
            if (!discarding_) {
                keep(std::string_view(p, static_cast<std::size_t>(run - p)));
            }
            p = run;
            continue;
        }
        const char c = *p++;
        if (c == '\0') {
            continue; // senders pad with NULs; they are never part of a value
        }
        bool lineEnds = c == '\n' || c == '\r';
        if (c == '|') {
            lineEnds = endsAtDoubleBar_ && afterBar_;
            afterBar_ = !lineEnds;
            if (!discarding_) {
                keep("|");
            }
        } else {
            afterBar_ = false;
        }
        if (!lineEnds) {
            continue;
        }
        if (discarding_) {
            discarding_ = false; // the overlong line ends here; it was counted
            continue;
        }
        if (!buffer_.empty()) {
            lineReady_ = true;
            return static_cast<std::size_t>(p - begin);
        }
    }
    return bytes.size();
}

bool LineSplitter::finish() {
    const bool dropped = !lineReady_ && !buffer_.empty();
    if (dropped) {
        ++partialLinesDropped_;
    }
    reset();
    return dropped;
}

void LineSplitter::reset() {
    buffer_.clear();
    lineReady_ = false;
    discarding_ = false;
    afterBar_ = false;
}

void LineSplitter::setMaxLineBytes(std::size_t maxLineBytes) {
    maxLineBytes_ = std::clamp<std::size_t>(maxLineBytes, 1, kMostLineBytes);
    if (!lineReady_ && buffer_.size() > maxLineBytes_) {
        discarding_ = true;
        ++overlongLines_;
        buffer_.clear();
    }
    if (!lineReady_ && buffer_.capacity() > maxLineBytes_) {
        buffer_.shrink_to_fit(); // a ready line is still handed out: consume() shrinks it
    }
}

} // namespace bvh::live
