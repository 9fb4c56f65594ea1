#include "app/options/option_help.h"
#include "app/viewer/panels/key_bindings.h"
#include "app/viewer/viewer_options.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;

namespace {

ParsedViewerOptions parse(std::vector<std::string_view> arguments) {
    return parseViewerOptions(arguments);
}

} // namespace

TEST(ViewerOptions, FilesAndEveryOption) {
    const ParsedViewerOptions parsed =
        parse({"a.bvh", "--screenshot", "out.png", "--frame", "12", "--size", "800x600", "b.bvh",
               "--state-out", "state.txt"});
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    EXPECT_EQ(parsed.options.files, (std::vector<std::string>{"a.bvh", "b.bvh"}));
    EXPECT_EQ(parsed.options.screenshot, "out.png");
    EXPECT_EQ(parsed.options.frame, 12);
    EXPECT_EQ(parsed.options.width, 800);
    EXPECT_EQ(parsed.options.height, 600);
    EXPECT_EQ(parsed.options.stateOut, "state.txt");
}

TEST(ViewerOptions, ASoundAndItsOffset) {
    ParsedViewerOptions parsed = parse({"take.bvh", "music.wav", "--audio-offset", "-1.25"});
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    EXPECT_EQ(parsed.options.files, (std::vector<std::string>{"take.bvh", "music.wav"}));
    EXPECT_EQ(parsed.options.audioOffsetSeconds, -1.25);
    for (const char* bad : {"x", "", "1s", "nan", "99999"}) {
        parsed = parse({"take.bvh", "--audio-offset", bad});
        EXPECT_NE(parsed.error.find("--audio-offset needs seconds"), std::string::npos) << bad;
    }
}

TEST(ViewerOptions, NoArgumentsMeansTheSample) {
    const ParsedViewerOptions parsed = parse({});
    EXPECT_TRUE(parsed.error.empty());
    EXPECT_TRUE(parsed.options.files.empty());
}

TEST(ViewerOptions, DoubleDashEndsOptions) {
    const ParsedViewerOptions parsed = parse({"--", "--frame"});
    ASSERT_TRUE(parsed.error.empty());
    EXPECT_EQ(parsed.options.files, std::vector<std::string>{"--frame"});
}

TEST(ViewerOptions, Errors) {
    EXPECT_FALSE(parse({"--frame"}).error.empty());
    EXPECT_FALSE(parse({"--frame", "-3"}).error.empty());
    EXPECT_FALSE(parse({"--frame", "x"}).error.empty());
    EXPECT_FALSE(parse({"--size", "800"}).error.empty());
    EXPECT_FALSE(parse({"--size", "10x10"}).error.empty());
    EXPECT_FALSE(parse({"--bogus"}).error.empty());
}

TEST(ViewerOptions, RenderBenchmarkAndLoadTiming) {
    const ParsedViewerOptions parsed = parse({"--bench-render", "walk.bvh", "--characters", "50",
                                              "--frames", "200", "--print-load-timing"});
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    ASSERT_TRUE(parsed.options.benchRender.has_value());
    EXPECT_EQ(parsed.options.benchRender->file, "walk.bvh");
    EXPECT_EQ(parsed.options.benchRender->characters, 50);
    EXPECT_EQ(parsed.options.benchRender->frames, 200);
    EXPECT_TRUE(parsed.options.files.empty());
    EXPECT_TRUE(parsed.options.printLoadTiming);
    EXPECT_FALSE(parse({"a.bvh"}).options.benchRender.has_value());
    EXPECT_FALSE(parse({"--characters", "5"}).error.empty()); // without --bench-render
    EXPECT_FALSE(parse({"--bench-render", "a.bvh", "--frames", "0"}).error.empty());
    EXPECT_FALSE(parse({"--bench-render", "a.bvh", "b.bvh"}).error.empty());
}

TEST(ViewerOptions, DrawingUnderThePanelsIsATestHook) {
    EXPECT_FALSE(parse({"a.bvh"}).options.drawUnderPanels);
    const ParsedViewerOptions parsed =
        parse({"--bench-render", "a.bvh", "--test-draw-under-panels"});
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    EXPECT_TRUE(parsed.options.drawUnderPanels);
    EXPECT_TRUE(parsed.options.files.empty());
}

TEST(ViewerOptions, TestHooksTakeWholeMilliseconds) {
    ParsedViewerOptions parsed =
        parse({"--test-frame-delay", "150", "--test-pause-after-header", "3000"});
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    EXPECT_EQ(parsed.options.frameDelayMs, 150);
    EXPECT_EQ(parsed.options.pauseAfterHeaderMs, 3000);
    for (const char* bad : {"-1", "2001", "0.5", "", "fast"}) {
        parsed = parse({"--test-frame-delay", bad});
        EXPECT_EQ(parsed.error, std::string("--test-frame-delay needs 0 to 2000 ms, not ") + bad);
    }
    parsed = parse({"--test-pause-after-header", "60001"});
    EXPECT_EQ(parsed.error, "--test-pause-after-header needs 0 to 60000 ms, not 60001");
}

TEST(ViewerOptions, FoldersAreNamedLikeFiles) {
    // A folder goes to the browser: which path is one is decided when it opens
    // (folder_navigation.h), so the command line keeps every path in order.
    const ParsedViewerOptions parsed = parse({"takes/", "--frame", "3", "a.bvh"});
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    EXPECT_EQ(parsed.options.files, (std::vector<std::string>{"takes/", "a.bvh"}));
}

TEST(ViewerOptions, BonesOverrideTheLookForThisRun) {
    EXPECT_FALSE(parse({"a.bvh"}).options.boneStyle.has_value());
    const ParsedViewerOptions body = parse({"a.bvh", "--bones", "body"});
    ASSERT_TRUE(body.error.empty()) << body.error;
    EXPECT_EQ(body.options.boneStyle, bvhscope::render::BoneStyle::Body);
    EXPECT_EQ(parse({"--bones", "lines"}).options.boneStyle, bvhscope::render::BoneStyle::Line);
    const ParsedViewerOptions bench =
        parse({"--bench-render", "a.bvh", "--characters", "50", "--bones", "body"});
    ASSERT_TRUE(bench.error.empty()) << bench.error;
    EXPECT_EQ(bench.options.boneStyle, bvhscope::render::BoneStyle::Body);
    EXPECT_EQ(bench.options.benchRender->characters, 50);
    EXPECT_NE(parse({"--bones", "skin"}).error.find("--bones needs"), std::string::npos);
    EXPECT_FALSE(parse({"--bones"}).error.empty());
}

// Issue 43: --size's sides are those settings.ini keeps (window_width, window_height).
TEST(ViewerOptions, TheWindowSizeTakesTheSettingsRanges) {
    const ParsedViewerOptions smallest = parse({"--size", "320x240"});
    ASSERT_TRUE(smallest.error.empty()) << smallest.error;
    EXPECT_EQ(smallest.options.width, 320);
    EXPECT_EQ(smallest.options.height, 240);
    EXPECT_TRUE(parse({"--size", "16384x16384"}).error.empty());
    EXPECT_EQ(parse({"--size", "319x600"}).error,
              "--size needs WIDTHxHEIGHT (width from 320 to 16384 pixels, height from 240 to "
              "16384 pixels), not 319x600");
    EXPECT_FALSE(parse({"--size", "800x16385"}).error.empty());
    EXPECT_EQ(parse({"a.bvh", "--audio-offset", "86401"}).error,
              "--audio-offset needs seconds from -86400 to 86400, not 86401");
}

// The viewer's options that are in the table have their entries in --help from it.
TEST(ViewerOptions, HelpTakesTheTablesEntries) {
    const std::string_view help = viewerOptionsHelp();
    for (const bvhscope::options::Option* option : bvhscope::options::kAllOptions) {
        if ((option->commands & bvhscope::options::kViewer) != 0) {
            EXPECT_NE(help.find(bvhscope::options::helpEntry(*option)), std::string::npos)
                << option->flag;
        }
    }
    EXPECT_NE(help.find("\nViewer options:\n"), std::string::npos);
    // The closing paragraph is the bindings table's (key_bindings.h).
    EXPECT_NE(help.find(mouseAndKeysHelp(96)), std::string::npos);
}
