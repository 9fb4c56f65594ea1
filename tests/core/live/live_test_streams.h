// Streams the live tests feed: a small BVH header, rows, Axis frames; and feeding a decoder in
// pieces. Header-only.
#pragma once

#include "core/live/stream_decoder.h"
#include "core/reader/document.h"

#include <cstdio>
#include <gtest/gtest.h>
#include <string>
#include <string_view>
#include <vector>

namespace bvh::live::test {

// Two joints, 6 + 3 channels, a frame time of 1/100 s.
inline constexpr std::string_view kSmallHeader = "HIERARCHY\n"
                                                 "ROOT Hips\n"
                                                 "{\n"
                                                 "\tOFFSET 0 90 0\n"
                                                 "\tCHANNELS 6 Xposition Yposition Zposition "
                                                 "Zrotation Xrotation Yrotation\n"
                                                 "\tJOINT Chest\n"
                                                 "\t{\n"
                                                 "\t\tOFFSET 0 10 0\n"
                                                 "\t\tCHANNELS 3 Zrotation Xrotation Yrotation\n"
                                                 "\t\tEnd Site\n"
                                                 "\t\t{\n"
                                                 "\t\t\tOFFSET 0 20 0\n"
                                                 "\t\t}\n"
                                                 "\t}\n"
                                                 "}\n"
                                                 "MOTION\n"
                                                 "Frames: 0\n"
                                                 "Frame Time: 0.01\n";

inline Skeleton smallSkeleton() {
    Document document = parseDocument(kSmallHeader);
    EXPECT_TRUE(document.loaded());
    return document.skeleton;
}

// Row i of the small skeleton: 9 tokens, written with trailing zeros so that a recorder that
// reformatted them would be caught.
inline std::string smallRow(int i) {
    std::string row;
    for (int c = 0; c < 9; ++c) {
        if (c > 0) {
            row += ' ';
        }
        row += std::to_string(i * 10 + c) + ".500000";
    }
    return row;
}

// The value the c-th token of smallRow(i) reads as.
inline float smallValue(int i, int c) {
    return static_cast<float>(i * 10 + c) + 0.5f;
}

// An Axis frame of `count` values: value k is (k % 100) * 0.25 - 12, written "%.6f"-like.
inline std::string axisValues(std::size_t count, int frame) {
    std::string text;
    for (std::size_t k = 0; k < count; ++k) {
        if (k > 0) {
            text += ' ';
        }
        const double value =
            static_cast<double>((k + static_cast<std::size_t>(frame)) % 100) * 0.25 - 12.0;
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.6f", value);
        text += buffer;
    }
    return text;
}

// Axis Neuron's framing: NULs around the pieces, "||", CR LF.
inline std::string axisFrame(std::size_t count, int frame) {
    return std::string("\0", 1) + "0 Avatar00 " + axisValues(count, frame) + " ||" +
           std::string("\0", 1) + "\r\n";
}

// The same framing with one-digit values ((k + frame) % 10), for tests that decode a stream once
// per cut position and so want it short.
inline std::string compactAxisFrame(std::size_t count, int frame) {
    std::string text = std::string("\0", 1) + "0 Avatar00";
    for (std::size_t k = 0; k < count; ++k) {
        text += ' ';
        text += static_cast<char>('0' + (k + static_cast<std::size_t>(frame)) % 10);
    }
    return text + " ||" + std::string("\0", 1) + "\r\n";
}

struct Decoded {
    std::vector<LiveFrame> frames;
    DecodeCounters counters;
};

// Feeds `text` in the pieces that `cuts` (increasing positions) make, then finishes.
inline Decoded decodeInPieces(StreamFormat format, const DecoderOptions& options,
                              std::string_view text, const std::vector<std::size_t>& cuts) {
    StreamDecoder decoder(format, options);
    Decoded decoded;
    std::size_t from = 0;
    for (std::size_t cut : cuts) {
        decoder.feed(text.substr(from, cut - from), decoded.frames);
        from = cut;
    }
    decoder.feed(text.substr(from), decoded.frames);
    decoder.finish();
    decoded.counters = decoder.counters();
    return decoded;
}

inline Decoded decodeWhole(StreamFormat format, const DecoderOptions& options,
                           std::string_view text) {
    return decodeInPieces(format, options, text, {});
}

// Every frame the same: numbers, values and tokens.
inline void expectSameFrames(const std::vector<LiveFrame>& actual,
                             const std::vector<LiveFrame>& expected, std::string_view context) {
    ASSERT_EQ(actual.size(), expected.size()) << context;
    for (std::size_t i = 0; i < actual.size(); ++i) {
        EXPECT_EQ(actual[i].number, expected[i].number) << context;
        EXPECT_EQ(actual[i].values, expected[i].values) << context;
        EXPECT_EQ(actual[i].valueText, expected[i].valueText) << context;
    }
}

} // namespace bvh::live::test
