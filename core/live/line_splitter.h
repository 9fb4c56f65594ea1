// Cutting a byte stream into lines with bounded memory, whatever arrives.
//
// Lines end at LF, CR LF or a bare CR (old Mac senders, and some capture tools that end
// frames with CR only); with `endsAtDoubleBar`, also right after "||", because Axis Neuron ends a
// frame with "||" and may send no line end at all. NUL bytes are dropped wherever they are
// (Axis Neuron's senders put them around the pieces of a frame). Empty lines are not reported.
//
// A line longer than the cap is discarded up to its end and counted (overlongLines): the buffer
// holds at most `maxLineBytes` bytes, whatever the sender does (a 100 MB line without a newline
// costs the cap, not 100 MB). A stream that ends in the middle of a line (finish()) drops that
// partial line and counts it: a partial line is never a frame.
//
// Pull style, so no callback and no allocation per line: hand bytes to consume() until it says a
// line is ready, read line(), go on with the bytes it did not consume. feed() wraps that loop.
// Never throws (except std::bad_alloc), never prints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bvh::live {

// The cap no line may pass, whatever the expected value count: 1 MiB (a 354-value row is about
// 4 KB; a BVH header line is a few hundred bytes).
inline constexpr std::size_t kMostLineBytes = std::size_t{1} << 20;

// A cap for rows of `valueCount` values: 64 bytes a value (a float written with every digit,
// padding and separators is under 40) plus 4 KiB for an Axis prefix and spacing, never above
// kMostLineBytes, never below 4 KiB.
std::size_t lineCapForValueCount(std::size_t valueCount);

class LineSplitter {
public:
    explicit LineSplitter(std::size_t maxLineBytes = kMostLineBytes, bool endsAtDoubleBar = false);

    // Reads bytes from the front of `bytes` up to and including the end of the first complete
    // line; returns how many it read. When a line is complete, lineReady() is true and line()
    // holds it (without its line end and NUL bytes) until the next consume(). Otherwise all of
    // `bytes` was read and the partial line waits in the buffer.
    std::size_t consume(std::string_view bytes);
    bool lineReady() const { return lineReady_; }
    std::string_view line() const { return {buffer_.data(), buffer_.size()}; }

    // Calls onLine(std::string_view) for every complete line in `bytes`.
    template <class OnLine>
    void feed(std::string_view bytes, OnLine&& onLine) {
        while (!bytes.empty()) {
            bytes.remove_prefix(consume(bytes));
            if (lineReady_) {
                onLine(line());
            }
        }
    }

    // The stream ended: a partial line is dropped (counted in partialLinesDropped) and the
    // splitter is ready for a new stream. Returns whether one was dropped.
    bool finish();
    // Forgets any partial line without counting it (a new connection).
    void reset();

    // The cap may change mid-stream (once the value count is known); it applies from the next
    // byte, and a partial line already over it is discarded.
    void setMaxLineBytes(std::size_t maxLineBytes);
    std::size_t maxLineBytes() const { return maxLineBytes_; }
    void setEndsAtDoubleBar(bool endsAtDoubleBar) { endsAtDoubleBar_ = endsAtDoubleBar; }

    // Bytes held for the partial line: never above maxLineBytes().
    std::size_t bufferedBytes() const { return lineReady_ ? 0 : buffer_.size(); }
    // The buffer's allocation: never above maxLineBytes() (it grows by doubling up to the cap).
    std::size_t bufferCapacity() const { return buffer_.capacity(); }
    std::uint64_t overlongLines() const { return overlongLines_; }
    std::uint64_t partialLinesDropped() const { return partialLinesDropped_; }

private:
    // Appends to the partial line, or starts discarding it when it would pass the cap.
    void keep(std::string_view bytes);

    // A vector, not a string: its reserve() allocates exactly what it is asked for, so the
    // allocation stays within the cap.
    std::vector<char> buffer_;
    std::size_t maxLineBytes_;
    bool endsAtDoubleBar_;
    bool lineReady_ = false;
    bool discarding_ = false; // in an overlong line, until its end
    bool afterBar_ = false;   // the last byte kept was '|'
    std::uint64_t overlongLines_ = 0;
    std::uint64_t partialLinesDropped_ = 0;
};

} // namespace bvh::live
