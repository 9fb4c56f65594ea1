#include "app/media/video_format.h"

#include <cmath>
#include <gtest/gtest.h>

namespace bvhscope::media {
namespace {

TEST(VideoFormat, ContainerComesFromTheExtensionInAnyCase) {
    EXPECT_EQ(videoContainerFor("clip.mp4"), VideoContainer::Mp4);
    EXPECT_EQ(videoContainerFor("dir/CLIP.MP4"), VideoContainer::Mp4);
    EXPECT_EQ(videoContainerFor("clip.m4v"), VideoContainer::Mp4);
    EXPECT_EQ(videoContainerFor("clip.WebM"), VideoContainer::WebM);
    EXPECT_EQ(videoContainerFor("loop.gif"), VideoContainer::Gif);
    EXPECT_EQ(videoContainerFor("out_%05d.png"), std::nullopt);
    EXPECT_EQ(videoContainerFor(".mp4"), std::nullopt); // a hidden file named "mp4", not a video
    EXPECT_EQ(videoContainerFor("mp4"), std::nullopt);
    EXPECT_FALSE(containerHasSound(VideoContainer::Gif));
    EXPECT_TRUE(containerHasSound(VideoContainer::WebM));
}

TEST(VideoFormat, FrameTimesAsWrittenInBvhFilesGiveExactRates) {
    EXPECT_EQ(frameRateFromFrameTime(0.0333333), (FrameRate{30, 1}));
    EXPECT_EQ(frameRateFromFrameTime(0.033333), (FrameRate{30, 1}));
    EXPECT_EQ(frameRateFromFrameTime(0.00833333), (FrameRate{120, 1}));
    EXPECT_EQ(frameRateFromFrameTime(0.0416667), (FrameRate{24, 1}));
    EXPECT_EQ(frameRateFromFrameTime(0.041708), (FrameRate{24000, 1001}));
    EXPECT_EQ(frameRateFromFrameTime(0.0333667), (FrameRate{30000, 1001}));
    EXPECT_EQ(frameRateFromFrameTime(1.0 / 59.94), (FrameRate{60000, 1001}));
    // An odd rate is kept to a thousandth of a frame per second: 1 / 0.0123 = 81.3008...
    EXPECT_EQ(frameRateFromFrameTime(0.0123), (FrameRate{81301, 1000}));
    // Below 1 fps, to a millisecond of Frame Time: 3 s is 1/3 fps exactly, not 0.333.
    EXPECT_EQ(frameRateFromFrameTime(3.0), (FrameRate{1000, 3000}));
    EXPECT_EQ(frameRateFromFrameTime(2.0), (FrameRate{500, 1000}));
    EXPECT_EQ(frameRateFromFrameTime(600.0), (FrameRate{1000, 600000}));
}

TEST(VideoFormat, FrameTimesNoVideoPlaysGiveNoRate) {
    // Not silently 30 fps, nor 1/1000 fps for an hour: the caller says what to do (--fps).
    EXPECT_EQ(frameRateFromFrameTime(0.0), std::nullopt);
    EXPECT_EQ(frameRateFromFrameTime(-0.1), std::nullopt);
    EXPECT_EQ(frameRateFromFrameTime(NAN), std::nullopt);
    EXPECT_EQ(frameRateFromFrameTime(1e-9), std::nullopt);
    EXPECT_EQ(frameRateFromFrameTime(1e-6), std::nullopt);   // the reader's shortest Frame Time
    EXPECT_EQ(frameRateFromFrameTime(3600.0), std::nullopt); // and its longest
    EXPECT_EQ(frameRateFromFrameTime(601.0), std::nullopt);
    EXPECT_EQ(frameRateFromFrameTime(0.0009), std::nullopt);        // 1111 fps
    EXPECT_EQ(frameRateFromFrameTime(0.001), (FrameRate{1000, 1})); // the range's ends
    EXPECT_EQ(frameRateFromFrameTime(600.0)->perSecond(), 1.0 / 600.0);
    EXPECT_NE(videoFrameRateRange().find("1/600"), std::string::npos);
}

TEST(VideoFormat, RatesOnTheCommandLine) {
    EXPECT_EQ(parseFrameRate("30"), (FrameRate{30, 1}));
    EXPECT_EQ(parseFrameRate("29.97"), (FrameRate{30000, 1001}));
    EXPECT_EQ(parseFrameRate("30000/1001"), (FrameRate{30000, 1001}));
    EXPECT_EQ(parseFrameRate("12.5"), (FrameRate{12500, 1000}));
    EXPECT_EQ(parseFrameRate("0.5"), (FrameRate{500, 1000}));
    EXPECT_EQ(parseFrameRate("1/600"), (FrameRate{1, 600}));
    EXPECT_EQ(parseFrameRate("1000"), (FrameRate{1000, 1}));
    for (const char* bad :
         {"", "0", "-30", "abc", "30fps", "1/0", "0/1", "5000", "nan", "inf", "30/", "/2", "1/3600",
          "0.0001", "1e-9", "1001", "2147483647/1", "1/2147483647", "1e308"}) {
        EXPECT_EQ(parseFrameRate(bad), std::nullopt) << bad;
    }
}

TEST(VideoFormat, GifRatesStayAtOrBelowFifty) {
    EXPECT_EQ(gifFrameRate({30, 1}), (FrameRate{30, 1}));
    EXPECT_EQ(gifFrameRate({50, 1}), (FrameRate{50, 1}));
    EXPECT_EQ(gifFrameRate({60, 1}), (FrameRate{30, 1}));
    EXPECT_EQ(gifFrameRate({120, 1}), (FrameRate{40, 1}));
    EXPECT_EQ(gifFrameRate({100, 1}), (FrameRate{50, 1}));
    EXPECT_EQ(gifFrameRate({60000, 1001}), (FrameRate{30000, 1001}));
    EXPECT_EQ(gifFrameRate({24000, 1001}), (FrameRate{24000, 1001}));
    // Not divisible: the denominator takes the divisor.
    EXPECT_EQ(gifFrameRate({76923, 1000}), (FrameRate{76923, 2000}));
}

TEST(VideoFormat, QualityRangesPerCodec) {
    EXPECT_EQ(defaultCrf(VideoContainer::Mp4), 20);
    EXPECT_EQ(maximumCrf(VideoContainer::Mp4), 51);
    EXPECT_EQ(defaultCrf(VideoContainer::WebM), 32);
    EXPECT_EQ(maximumCrf(VideoContainer::WebM), 63);
}

} // namespace
} // namespace bvhscope::media
