#include "core/live/stream_format.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh::live {
namespace {

using namespace std::string_literals;

TEST(StreamFormat, ParsesAndNamesEveryFormat) {
    for (StreamFormat format :
         {StreamFormat::Auto, StreamFormat::Axis, StreamFormat::Lines, StreamFormat::Bvh}) {
        EXPECT_EQ(parseStreamFormat(streamFormatName(format)), format);
    }
    EXPECT_EQ(parseStreamFormat("AXIS"), StreamFormat::Axis);
    EXPECT_EQ(parseStreamFormat("osc"), std::nullopt);
    EXPECT_EQ(parseStreamFormat(""), std::nullopt);
}

TEST(StreamFormat, DetectsBvhFromItsFirstWord) {
    EXPECT_EQ(detectStreamFormat("HIERARCHY\nROOT", false), StreamFormat::Bvh);
    EXPECT_EQ(detectStreamFormat("\xEF\xBB\xBF  hierarchy ", false), StreamFormat::Bvh);
    EXPECT_EQ(detectStreamFormat("\0\r\nHIERARCHY\r"s, false), StreamFormat::Bvh);
    EXPECT_EQ(detectStreamFormat("HIERAR", false), std::nullopt); // the word may go on
    EXPECT_EQ(detectStreamFormat("HIERARCHY", false), std::nullopt);
    EXPECT_EQ(detectStreamFormat("HIERARCHY", true), StreamFormat::Bvh);
}

TEST(StreamFormat, DetectsAxisFromItsAvatarOrItsBars) {
    EXPECT_EQ(detectStreamFormat("\0"s + "0 Avatar00 1.0 2.0 ||", false), StreamFormat::Axis);
    EXPECT_EQ(detectStreamFormat("3 Chr01 1.0 2.0\r\n", false), StreamFormat::Axis);
    EXPECT_EQ(detectStreamFormat("0 Avatar00 1.0 2.0", false), std::nullopt); // line not ended
    EXPECT_EQ(detectStreamFormat("0 Avatar00 1.0 2.0", true), StreamFormat::Axis);
}

TEST(StreamFormat, TakesOtherTextAsLines) {
    EXPECT_EQ(detectStreamFormat("0 1.5 2.5\n", false), StreamFormat::Lines);
    EXPECT_EQ(detectStreamFormat("-1.5 .5 2\r", false), StreamFormat::Lines);
    EXPECT_EQ(detectStreamFormat("\x89PNG\r\n", true), StreamFormat::Lines);
    EXPECT_EQ(detectStreamFormat(std::string(kDetectionBytes, '7'), false), StreamFormat::Lines);
    EXPECT_EQ(detectStreamFormat("", false), std::nullopt);
}

// A banner before HIERARCHY (a sender's greeting) does not make a BVH stream `lines`: the format
// is decided by the first line that is a header keyword or data, after a bounded preamble.
TEST(StreamFormat, SkipsABannerBeforeTheFirstHeaderOrDataLine) {
    EXPECT_EQ(detectStreamFormat("MocapServer 2.1 ready\r\nHIERARCHY\nROOT", false),
              StreamFormat::Bvh);
    EXPECT_EQ(detectStreamFormat("Welcome!\n\n# version 3\n0 1.5 2.5\n", false),
              StreamFormat::Lines);
    EXPECT_EQ(detectStreamFormat("hello\n0 Avatar00 1.0 2.0 ||", false), StreamFormat::Axis);
    EXPECT_EQ(detectStreamFormat("MocapServer 2.1 ready\r\n", false), std::nullopt); // wait
    EXPECT_EQ(detectStreamFormat("MocapServer 2.1 re", false), std::nullopt);

    const std::string banner = "MocapServer 2.1 ready\r\n";
    const std::optional<StreamStart> start =
        detectStreamStart(banner + "\r\n  HIERARCHY\nROOT", false);
    ASSERT_TRUE(start);
    EXPECT_EQ(start->format, StreamFormat::Bvh);
    EXPECT_EQ(start->preambleLines, 1u);
    EXPECT_EQ(start->preambleBytes, banner.size() + 4); // the blank line and blanks too
}

TEST(StreamFormat, APreambleLongerThanItsBoundIsTakenAsLines) {
    std::string preamble;
    for (std::size_t i = 0; i < kMostPreambleLines; ++i) {
        preamble += "banner line " + std::to_string(i) + "\n";
    }
    const std::optional<StreamStart> within = detectStreamStart(preamble + "HIERARCHY\n", false);
    ASSERT_TRUE(within);
    EXPECT_EQ(within->format, StreamFormat::Bvh);
    EXPECT_EQ(within->preambleLines, kMostPreambleLines);

    const std::optional<StreamStart> beyond =
        detectStreamStart(preamble + "one more\nHIERARCHY\n", false);
    ASSERT_TRUE(beyond);
    EXPECT_EQ(beyond->format, StreamFormat::Lines); // all of it to `lines`, counted malformed
    EXPECT_EQ(beyond->preambleBytes, 0u);
    // A preamble that fills the detection bytes, or a stream that ends in it, is `lines` too.
    EXPECT_EQ(detectStreamFormat("banner\n" + std::string(kDetectionBytes, 'x'), false),
              StreamFormat::Lines);
    EXPECT_EQ(detectStreamFormat("banner\n", true), StreamFormat::Lines);
}

} // namespace
} // namespace bvh::live
