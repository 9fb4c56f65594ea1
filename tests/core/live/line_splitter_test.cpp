#include "core/live/line_splitter.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh::live {
namespace {

using namespace std::string_literals;

std::vector<std::string> splitAll(LineSplitter& splitter, std::string_view bytes) {
    std::vector<std::string> lines;
    splitter.feed(bytes, [&](std::string_view line) { lines.emplace_back(line); });
    return lines;
}

TEST(LineSplitter, EndsLinesAtLfCrLfAndBareCr) {
    LineSplitter splitter;
    const auto lines = splitAll(splitter, "a 1\nb 2\r\nc 3\rd 4\n\n\r\r\ne 5");
    EXPECT_EQ(lines, (std::vector<std::string>{"a 1", "b 2", "c 3", "d 4"}));
    EXPECT_EQ(splitter.bufferedBytes(), 3u); // "e 5" waits for its end
}

TEST(LineSplitter, DropsNulBytesWherever) {
    LineSplitter splitter;
    const std::string bytes = "\0\0001 2\0 3\0\n\0"s;
    EXPECT_EQ(splitAll(splitter, bytes), (std::vector<std::string>{"1 2 3"}));
    EXPECT_EQ(splitter.bufferedBytes(), 0u);
}

TEST(LineSplitter, EndsAtDoubleBarOnlyWhenAsked) {
    const std::string_view bytes = "0 A 1 2 ||0 A 3 | 4 ||\r\n";
    LineSplitter plain;
    EXPECT_EQ(splitAll(plain, bytes), (std::vector<std::string>{"0 A 1 2 ||0 A 3 | 4 ||"}));
    LineSplitter axis(kMostLineBytes, true);
    EXPECT_EQ(splitAll(axis, bytes), (std::vector<std::string>{"0 A 1 2 ||", "0 A 3 | 4 ||"}));
}

// A line split across reads, at any one or two places, gives the same lines.
TEST(LineSplitter, GivesTheSameLinesWhereverTheBytesAreCut) {
    const std::string bytes = "1 2\r\n\0003 4 ||5\r6 ||\n7 8 ||"s;
    for (bool bars : {false, true}) {
        LineSplitter whole(kMostLineBytes, bars);
        const auto expected = splitAll(whole, bytes);
        for (std::size_t first = 0; first <= bytes.size(); ++first) {
            for (std::size_t second = first; second <= bytes.size(); ++second) {
                LineSplitter splitter(kMostLineBytes, bars);
                auto lines = splitAll(splitter, bytes.substr(0, first));
                for (auto& line : splitAll(splitter, bytes.substr(first, second - first))) {
                    lines.push_back(line);
                }
                for (auto& line : splitAll(splitter, bytes.substr(second))) {
                    lines.push_back(line);
                }
                ASSERT_EQ(lines, expected) << "cut at " << first << " and " << second;
            }
        }
    }
}

TEST(LineSplitter, DiscardsAndCountsALineOverTheCap) {
    LineSplitter splitter(100);
    std::vector<std::string> lines;
    const std::string longLine(250, '7');
    for (std::size_t i = 0; i < longLine.size(); i += 30) {
        splitter.feed(std::string_view(longLine).substr(i, 30),
                      [&](std::string_view line) { lines.emplace_back(line); });
        EXPECT_LE(splitter.bufferedBytes(), 100u);
        EXPECT_LE(splitter.bufferCapacity(), 100u);
    }
    splitter.feed("7\n1 2\n", [&](std::string_view line) { lines.emplace_back(line); });
    EXPECT_EQ(lines, (std::vector<std::string>{"1 2"}));
    EXPECT_EQ(splitter.overlongLines(), 1u);
}

TEST(LineSplitter, AcceptsALineOfExactlyTheCap) {
    LineSplitter splitter(8);
    EXPECT_EQ(splitAll(splitter, "12345678\n123456789\nok\n"),
              (std::vector<std::string>{"12345678", "ok"}));
    EXPECT_EQ(splitter.overlongLines(), 1u);
}

// The 100 MB line with no newline, in 64 KiB reads: the buffer never holds more than
// the cap, and the stream goes on after the line ends.
TEST(LineSplitter, HoldsAtMostTheCapOfAHundredMegabyteLine) {
    LineSplitter splitter;
    const std::string chunk(std::size_t{64} << 10, '5');
    std::size_t lines = 0;
    std::size_t mostBuffered = 0;
    std::size_t mostCapacity = 0;
    for (std::size_t sent = 0; sent < std::size_t{100} << 20; sent += chunk.size()) {
        splitter.feed(chunk, [&](std::string_view) { ++lines; });
        mostBuffered = std::max(mostBuffered, splitter.bufferedBytes());
        mostCapacity = std::max(mostCapacity, splitter.bufferCapacity());
    }
    EXPECT_EQ(lines, 0u);
    EXPECT_LE(mostBuffered, kMostLineBytes);
    EXPECT_LE(mostCapacity, kMostLineBytes);
    EXPECT_EQ(splitter.overlongLines(), 1u);
    std::vector<std::string> after;
    splitter.feed("\n1 2 3\n", [&](std::string_view line) { after.emplace_back(line); });
    EXPECT_EQ(after, (std::vector<std::string>{"1 2 3"}));
}

TEST(LineSplitter, DropsAndCountsThePartialLineOfAStreamThatEnds) {
    LineSplitter splitter;
    EXPECT_EQ(splitAll(splitter, "1 2\n3 4"), (std::vector<std::string>{"1 2"}));
    EXPECT_TRUE(splitter.finish());
    EXPECT_EQ(splitter.partialLinesDropped(), 1u);
    EXPECT_FALSE(splitter.finish()); // nothing left
    EXPECT_EQ(splitAll(splitter, "5 6\n"), (std::vector<std::string>{"5 6"}));
}

TEST(LineSplitter, LoweringTheCapDiscardsALongerPartialLine) {
    LineSplitter splitter;
    EXPECT_TRUE(splitAll(splitter, std::string(5000, '1')).empty());
    splitter.setMaxLineBytes(4096);
    EXPECT_EQ(splitter.bufferedBytes(), 0u);
    EXPECT_EQ(splitAll(splitter, "11\n2\n"), (std::vector<std::string>{"2"}));
    EXPECT_EQ(splitter.overlongLines(), 1u);
}

TEST(LineSplitter, CapsFollowTheValueCount) {
    EXPECT_EQ(lineCapForValueCount(0), 4096u);
    EXPECT_EQ(lineCapForValueCount(354), 354u * 64 + 4096);
    EXPECT_EQ(lineCapForValueCount(std::size_t{1} << 40), kMostLineBytes);
}

} // namespace
} // namespace bvh::live
