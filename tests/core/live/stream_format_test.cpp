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
    EXPECT_EQ(detectStreamFormat("\x89PNG\r\n", false), StreamFormat::Lines);
    EXPECT_EQ(detectStreamFormat(std::string(kDetectionBytes, '7'), false), StreamFormat::Lines);
    EXPECT_EQ(detectStreamFormat("", false), std::nullopt);
}

} // namespace
} // namespace bvh::live
