// One frame of a live stream, and what a stream's decoding counted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bvh::live {

struct LiveFrame {
    // 0 for the first frame a decoder produced, then +1 a frame, across reconnections
    // (StreamDecoder::reset keeps counting), so a gap never renumbers frames.
    std::uint64_t number = 0;
    // The row's values, one per channel of the stream's skeleton, all finite.
    std::vector<float> values;
    // The same values as the sender wrote them: its tokens, unchanged, joined by single spaces
    // (no avatar index or name, no "||", no line end). A recorder writes these, so a take keeps
    // the digits sent ("0.100000" stays "0.100000", not "0.1").
    std::string valueText;
};

// Counts since the decoder was made (reset() keeps them).
struct DecodeCounters {
    std::uint64_t frames = 0;            // frames produced
    std::uint64_t malformedLines = 0;    // every line skipped for its content (the three below too)
    std::uint64_t nonFiniteLines = 0;    // of which: a NaN or infinite value
    std::uint64_t countChangedLines = 0; // of which: a value count other than the stream's
    std::uint64_t unparsableLines = 0;   // of which: a token that is not a number, or no value
    std::uint64_t overlongLines = 0;     // lines over the cap, discarded (not in malformedLines)
    std::uint64_t partialLinesDropped = 0; // a stream that ended mid-line
    std::uint64_t preambleLines = 0;       // `auto`: lines before the first header or data line
                                           // (a banner), skipped (stream_format.h)
    std::uint64_t bytes = 0;               // bytes fed
};

// A stream whose value count is not the one expected (the skeleton's, or the stream's first).
struct CountMismatch {
    std::uint32_t expected = 0;
    std::uint32_t received = 0;
};

} // namespace bvh::live
