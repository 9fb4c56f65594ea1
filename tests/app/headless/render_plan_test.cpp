// What `bvhscope render` will write (app/headless/render_plan.h), decided before any GL: the frames
// by the one range rule, the pictures bounded, a video's rate and shots, every name checked.
#include "app/headless/render_plan.h"
#include "app/headless/render_request.h"
#include "core/model/output_limits.h"
#include "core/platform/utf8_path.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

namespace bvhscope::headless {
namespace {

namespace fs = std::filesystem;

RenderRequest parsed(std::vector<std::string> arguments) {
    std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::ostringstream out;
    std::ostringstream err;
    ParsedRender result = parseRenderArguments(views, out, err);
    EXPECT_TRUE(result.request.has_value()) << err.str();
    return result.request.value_or(RenderRequest{});
}

std::optional<RenderPlan> plan(const RenderRequest& request, std::vector<ClipTiming> clips,
                               std::string& error) {
    return planRender(request, clips, error);
}

const ClipTiming kWalk{"walk.bvh", 66, 1.0 / 30.0};
// The two captures: two frames a microsecond apart, and two frames an hour apart.
const ClipTiming kMicroseconds{"us.bvh", 2, 1e-6};
const ClipTiming kHour{"hour.bvh", 2, 3600.0};

// [SECTION] Videos: rate and shots

TEST(RenderPlan, AtTheCapturesRateEveryFrameIsAShot) {
    std::string error;
    const auto video = plan(parsed({"w.bvh", "--frames", "10:29", "-o", "w.mp4"}),
                            {{"w.bvh", 66, 0.0333333}}, error);
    ASSERT_TRUE(video && video->video) << error;
    EXPECT_EQ(video->video->rate, (media::FrameRate{30, 1}));
    EXPECT_FALSE(video->interpolated());
    ASSERT_EQ(video->pictureCount(), 20);
    EXPECT_EQ(video->shot(0).frame, 10);
    EXPECT_DOUBLE_EQ(video->shot(0).timeSeconds, 10 * 0.0333333);
    EXPECT_EQ(video->shot(19).frame, 29);
    EXPECT_EQ(outputName(parsed({"w.bvh", "-o", "w.mp4"}), *video, 7), "w.mp4");
}

TEST(RenderPlan, AnotherRateResamplesBetweenFrames) {
    std::string error;
    const ClipTiming clip{"w.bvh", 66, 0.0333333};
    const auto fast =
        plan(parsed({"w.bvh", "--frames", "0:15", "-o", "w.webm", "--fps", "60"}), {clip}, error);
    ASSERT_TRUE(fast) << error;
    EXPECT_TRUE(fast->interpolated());
    ASSERT_EQ(fast->pictureCount(), 31); // 0.5 s at 60 fps, both ends included
    EXPECT_NEAR(fast->shot(1).timeSeconds, 1.0 / 60.0, 1e-9);
    EXPECT_NEAR(fast->shot(30).timeSeconds, 15 * 0.0333333, 1e-9); // never past the end
    EXPECT_EQ(fast->shot(2).frame, 1);
    EXPECT_EQ(fast->shot(3).frame, 2); // 0.05 s is frame 1.5, labelled with the nearest (2)

    const auto slow =
        plan(parsed({"w.bvh", "--frames", "3:33", "-o", "w.webm", "--fps", "10"}), {clip}, error);
    ASSERT_TRUE(slow) << error;
    ASSERT_EQ(slow->pictureCount(), 11); // 1 s at 10 fps from frame 3
    EXPECT_EQ(slow->shot(1).frame, 6);
    EXPECT_EQ(slow->shot(10).frame, 33);
}

TEST(RenderPlan, AGifOfAFastCaptureKeepsEveryNthFrame) {
    std::string error;
    const auto gif = plan(parsed({"w.bvh", "-o", "w.gif"}), {{"w.bvh", 120, 1.0 / 120.0}}, error);
    ASSERT_TRUE(gif) << error;
    EXPECT_EQ(gif->video->rate, (media::FrameRate{40, 1}));
    ASSERT_EQ(gif->pictureCount(), 40);
    for (std::int64_t i = 0; i < gif->pictureCount(); ++i) {
        EXPECT_EQ(gif->shot(i).frame, 3 * i);
    }
}

// [SECTION] Hostile timings (issue 26): refused by arithmetic before anything is drawn

TEST(RenderPlan, AnHourLongFrameTimeAtAThousandFpsIsRefused) {
    std::string error;
    EXPECT_FALSE(plan(parsed({"hour.bvh", "-o", "e.mp4", "--fps", "1000"}), {kHour}, error));
    EXPECT_NE(error.find("3600001 pictures, more than the 1000000"), std::string::npos) << error;
    EXPECT_NE(error.find("--fps"), std::string::npos) << error;
    // At 1 fps it is an hour of video: 3601 pictures, planned without listing them.
    const auto hour = plan(parsed({"hour.bvh", "-o", "e.mp4", "--fps", "1"}), {kHour}, error);
    ASSERT_TRUE(hour) << error;
    EXPECT_EQ(hour->pictureCount(), 3601);
}

TEST(RenderPlan, ACaptureRateNoVideoPlaysAsksForFps) {
    std::string error;
    EXPECT_FALSE(plan(parsed({"hour.bvh", "-o", "e.mp4"}), {kHour}, error));
    EXPECT_NE(error.find("hour.bvh has a Frame Time of 3600 s"), std::string::npos) << error;
    EXPECT_NE(error.find("choose the video's rate with --fps"), std::string::npos) << error;
    EXPECT_FALSE(plan(parsed({"us.bvh", "-o", "e.gif"}), {kMicroseconds}, error));
    EXPECT_NE(error.find("1e+06 fps"), std::string::npos) << error;
}

TEST(RenderPlan, TwoCapturesAtWildlyDifferentRatesAreRefused) {
    // us.bvh timed by its own frames up to hour.bvh's end: 3.6 billion frames.
    std::string error;
    const auto video = plan(parsed({"us.bvh", "hour.bvh", "-o", "a.mp4", "--fps", "1000"}),
                            {kMicroseconds, kHour}, error);
    EXPECT_FALSE(video);
    EXPECT_NE(error.find("more than the 1000000"), std::string::npos) << error;
    const auto sequence = plan(parsed({"us.bvh", "hour.bvh", "--frames", "0:", "-o", "f_%d.png"}),
                               {kMicroseconds, kHour}, error);
    EXPECT_FALSE(sequence);
    EXPECT_NE(error.find("--frames 0: would write 3600000001 images, more than the 1000000"),
              std::string::npos)
        << error;
    // The timeline's last frame is hour.bvh's end in us.bvh's frames; an image there is fine.
    const auto image = plan(parsed({"us.bvh", "hour.bvh", "--frame", "3600000000", "-o", "x.png"}),
                            {kMicroseconds, kHour}, error);
    ASSERT_TRUE(image) << error;
    EXPECT_EQ(image->lastFrame, 3'600'000'000);
    EXPECT_EQ(image->pictureCount(), 1);
    EXPECT_EQ(image->title, "us.bvh + hour.bvh");
}

TEST(RenderPlan, TheBoundItselfIsASequence) {
    std::string error;
    const ClipTiming long120{"long.bvh", 2'000'000, 1.0 / 120.0};
    const std::string last = std::to_string(bvh::kMaxOutputPictures - 1);
    const auto most =
        plan(parsed({"long.bvh", "--frames", "0:" + last, "-o", "f_%d.png"}), {long120}, error);
    ASSERT_TRUE(most) << error;
    EXPECT_EQ(most->pictureCount(), bvh::kMaxOutputPictures);
    EXPECT_FALSE(plan(parsed({"long.bvh", "--frames",
                              "0:" + std::to_string(bvh::kMaxOutputPictures), "-o", "f_%d.png"}),
                      {long120}, error));
}

// [SECTION] The range rule: the same as positions' and convert's

TEST(RenderPlan, ARangePastTheClipIsRefusedNotClamped) {
    std::string error;
    EXPECT_FALSE(
        plan(parsed({"walk.bvh", "--frames", "2:9999", "-o", "f_%d.png"}), {kWalk}, error));
    EXPECT_EQ(error, "--frames 2:9999 asks for frame 9999, but walk.bvh has frames 0 to 65");
    EXPECT_FALSE(plan(parsed({"walk.bvh", "--frame", "66", "-o", "x.png"}), {kWalk}, error));
    EXPECT_EQ(error, "--frame 66 asks for frame 66, but walk.bvh has frames 0 to 65");
    EXPECT_FALSE(plan(parsed({"walk.bvh", "--frames", "70:", "-o", "x.mp4"}), {kWalk}, error));
    EXPECT_EQ(error, "--frames 70: asks for frame 70, but walk.bvh has frames 0 to 65");
    const auto all =
        plan(parsed({"walk.bvh", "--frames", "60:", "-o", "f_%d.png"}), {kWalk}, error);
    ASSERT_TRUE(all) << error;
    EXPECT_EQ(all->pictureCount(), 6);
}

// [SECTION] Output names

TEST(RenderPlan, NamesAreFormattedPerPictureAndRepeatsAreFound) {
    std::string error;
    const RenderRequest request = parsed({"walk.bvh", "--frames", "8:12", "-o", "f_%03d.png"});
    const auto sequence = plan(request, {kWalk}, error);
    ASSERT_TRUE(sequence) << error;
    EXPECT_EQ(outputName(request, *sequence, 0), "f_008.png");
    EXPECT_EQ(outputName(request, *sequence, 4), "f_012.png");
    EXPECT_EQ(repeatedOutputName(request, *sequence), "");
    // A ".." after the number removes it: every frame would be one file.
    const RenderRequest folded = parsed({"walk.bvh", "--frames", "8:12", "-o", "f%d/../x.png"});
    const auto foldedPlan = plan(folded, {kWalk}, error);
    ASSERT_TRUE(foldedPlan) << error;
    EXPECT_NE(repeatedOutputName(folded, *foldedPlan).find("are one file"), std::string::npos);
    EXPECT_NE(checkOutputNames(folded, *foldedPlan, bvh::InputFiles{}).find("are one file"),
              std::string::npos);
}

TEST(RenderPlan, NoNameOfTheSequenceIsAnInput) {
    const fs::path dir =
        fs::temp_directory_path() / ("bvhscope_render_plan_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path input = dir / "f_3.bvh";
    std::ofstream(input) << "not read";
    bvh::InputFiles inputs;
    inputs.add(input, "the input file");
    std::string error;
    const std::string pattern = bvh::utf8FromPath(dir / "f_%d.bvh");
    const RenderRequest request = parsed({"walk.bvh", "--frames", "0:5", "-o", pattern});
    const auto sequence = plan(request, {kWalk}, error);
    ASSERT_TRUE(sequence) << error;
    const std::string refusal = checkOutputNames(request, *sequence, inputs);
    EXPECT_NE(refusal.find("f_3.bvh is the input file; refusing to write over it"),
              std::string::npos)
        << refusal;
    // Through another spelling of the same file, too.
    bvh::InputFiles spelled;
    spelled.add(dir / "." / "f_3.bvh", "the input file");
    EXPECT_NE(checkOutputNames(request, *sequence, spelled).find("refusing"), std::string::npos);
    bvh::InputFiles other;
    other.add(dir / "other.bvh", "the input file");
    EXPECT_EQ(checkOutputNames(request, *sequence, other), "");
    fs::remove_all(dir);
}

} // namespace
} // namespace bvhscope::headless
