// The command line of `bvhscope render`, in-process (no GL is touched before it is valid).
#include "app/headless/render_command.h"
#include "app/headless/render_request.h"
#include "app/options/option_help.h"
#include "app/options/option_table.h"

#include <charconv>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

namespace bvhscope::headless {
namespace {

struct Parsed {
    ParsedRender result;
    std::string out;
    std::string err;
};

Parsed parseRender(std::vector<std::string> arguments) {
    std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::ostringstream out;
    std::ostringstream err;
    Parsed parsed{parseRenderArguments(views, out, err), "", ""};
    parsed.out = out.str();
    parsed.err = err.str();
    return parsed;
}

TEST(RenderRequest, OneImageWithDefaults) {
    const Parsed parsed = parseRender({"walk.bvh", "-o", "walk.png"});
    ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
    const RenderRequest& request = *parsed.result.request;
    EXPECT_EQ(request.mode, RenderMode::Image);
    EXPECT_EQ(request.input, "walk.bvh");
    EXPECT_EQ(request.pattern.format(0), "walk.png");
    EXPECT_EQ(request.frame, 0);
    EXPECT_EQ(request.width, 1280);
    EXPECT_EQ(request.height, 720);
    EXPECT_TRUE(request.frameOverlay);
    EXPECT_FALSE(request.camera.has_value());
    EXPECT_EQ(request.cameraMode(), CameraMode::Figure) << "one image: the figure fills it";
    EXPECT_FALSE(request.yawGiven) << "the figure's front three-quarters";
    EXPECT_FLOAT_EQ(request.yawRadians, render::OrbitCamera{}.yawRadians);
    EXPECT_FALSE(request.overlays.trails || request.overlays.ghosts ||
                 request.overlays.footContacts);
}

TEST(RenderRequest, CameraModesAndSignedUpAxes) {
    const Parsed sequence = parseRender({"walk.bvh", "--frames", "0:3", "-o", "f_%d.png"});
    ASSERT_TRUE(sequence.result.request.has_value()) << sequence.err;
    EXPECT_EQ(sequence.result.request->cameraMode(), CameraMode::Follow)
        << "a sequence keeps the figure large";
    for (const auto& [word, mode] :
         {std::pair{"clip", CameraMode::Clip}, std::pair{"fixed", CameraMode::Clip},
          std::pair{"figure", CameraMode::Figure}}) {
        const Parsed parsed = parseRender({"walk.bvh", "--camera", word, "-o", "x.png"});
        ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
        EXPECT_EQ(parsed.result.request->cameraMode(), mode) << word;
    }
    for (const auto& [word, axis] : {std::pair{"-x", scene::UpAxisChoice::NegativeX},
                                     std::pair{"X", scene::UpAxisChoice::PositiveX},
                                     std::pair{"-Y", scene::UpAxisChoice::NegativeY},
                                     std::pair{"-z", scene::UpAxisChoice::NegativeZ},
                                     std::pair{"auto", scene::UpAxisChoice::Auto}}) {
        const Parsed parsed = parseRender({"walk.bvh", "--up", word, "-o", "x.png"});
        ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
        EXPECT_EQ(parsed.result.request->upAxis, axis) << word;
    }
}

TEST(RenderRequest, SequencesAndOptions) {
    const Parsed parsed =
        parseRender({"walk.bvh", "--frames",       "10:20",        "--output=out_%04d.png",
                     "--size",   "640x360",        "--no-overlay", "--camera",
                     "follow",   "--yaw",          "90",           "--up",
                     "z",        "--unit",         "cm",           "--trail-joint",
                     "LeftFoot", "--trail-frames", "30",           "--ghosts",
                     "2",        "--ghost-step",   "10",           "--contacts"});
    ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
    const RenderRequest& request = *parsed.result.request;
    EXPECT_EQ(request.mode, RenderMode::Sequence);
    EXPECT_EQ(request.firstFrame, 10);
    EXPECT_EQ(request.lastFrame, 20);
    EXPECT_EQ(request.pattern.format(12), "out_0012.png");
    EXPECT_EQ(request.width, 640);
    EXPECT_FALSE(request.frameOverlay);
    EXPECT_EQ(request.camera, CameraMode::Follow);
    EXPECT_TRUE(request.yawGiven);
    EXPECT_NEAR(request.yawRadians, 1.5707963f, 1e-6f);
    EXPECT_EQ(request.upAxis, scene::UpAxisChoice::PositiveZ);
    EXPECT_EQ(request.unit, scene::UnitChoice::Centimetre);
    EXPECT_TRUE(request.overlays.trails);
    EXPECT_EQ(request.overlays.trailJoint, "LeftFoot");
    EXPECT_EQ(request.overlays.trailFrames, 30);
    EXPECT_TRUE(request.overlays.ghosts);
    EXPECT_EQ(request.overlays.ghostCount, 2);
    EXPECT_EQ(request.overlays.ghostStep, 10);
    EXPECT_TRUE(request.overlays.footContacts);
}

TEST(RenderRequest, ContactSheet) {
    const Parsed parsed = parseRender({"--contact-sheet", "corpus", "-o", "sheet_100%.png",
                                       "--columns", "5", "--tile", "200x150", "--frame", "12"});
    ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
    const RenderRequest& request = *parsed.result.request;
    EXPECT_EQ(request.mode, RenderMode::ContactSheet);
    EXPECT_EQ(request.input, "corpus");
    EXPECT_EQ(request.pattern.format(0), "sheet_100%.png"); // taken as written
    EXPECT_EQ(request.columns, 5);
    EXPECT_EQ(request.tileWidth, 200);
    EXPECT_EQ(request.tileHeight, 150);
    EXPECT_EQ(request.frame, 12);
}

// One number is a square: --size 512 is 512x512, --tile 96 is 96x96; the range holds for it too.
TEST(RenderRequest, ASizeOfOneNumberIsASquare) {
    const Parsed image = parseRender({"a.bvh", "-o", "x.png", "--size", "512"});
    ASSERT_TRUE(image.result.request.has_value()) << image.err;
    EXPECT_EQ(image.result.request->width, 512);
    EXPECT_EQ(image.result.request->height, 512);
    const Parsed sheet =
        parseRender({"--contact-sheet", "corpus", "-o", "sheet.png", "--tile", "96"});
    ASSERT_TRUE(sheet.result.request.has_value()) << sheet.err;
    EXPECT_EQ(sheet.result.request->tileWidth, 96);
    EXPECT_EQ(sheet.result.request->tileHeight, 96);
    const Parsed past = parseRender({"a.bvh", "-o", "x.png", "--size", "8193"});
    EXPECT_FALSE(past.result.request.has_value());
    EXPECT_EQ(past.result.exitCode, cli::kExitUsage);
    EXPECT_NE(past.err.find("--size must be WxH (or N for a square) with sides from 16 to 8192"),
              std::string::npos)
        << past.err;
}

TEST(RenderRequest, ASingleFrameRangeMayUseAPlainName) {
    const Parsed parsed = parseRender({"walk.bvh", "--frames", "7", "-o", "seven.png"});
    ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
    EXPECT_EQ(parsed.result.request->pattern.format(7), "seven.png");
}

// Each of these is a usage error (exit 2) with a message naming the problem.
struct UsageCase {
    std::vector<std::string> arguments;
    const char* message;
};

class RenderUsage : public testing::TestWithParam<UsageCase> {};

TEST_P(RenderUsage, IsRejectedWithExitCodeTwo) {
    const Parsed parsed = parseRender(GetParam().arguments);
    EXPECT_FALSE(parsed.result.request.has_value());
    EXPECT_EQ(parsed.result.exitCode, 2);
    EXPECT_NE(parsed.err.find(GetParam().message), std::string::npos) << parsed.err;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, RenderUsage,
    testing::Values(
        UsageCase{{"-o", "x.png"}, "a FILE to render is needed"},
        UsageCase{{"a.bvh"}, "-o OUT.png"},
        UsageCase{{"a.bvh", "--frames", "0:5", "-o", "same.png"}, "written once per frame"},
        UsageCase{{"a.bvh", "--frames", "0:", "-o", "same.png"}, "written once per frame"},
        UsageCase{{"a.bvh", "--frames", "0:5", "-o", "x_%d_%d.png"}, "more than one"},
        UsageCase{{"a.bvh", "-o", "x_%s.png"}, "not a frame number conversion"},
        UsageCase{{"a.bvh", "--frames", "5:2", "-o", "x_%d.png"}, "--frames must look like"},
        UsageCase{{"a.bvh", "--frame", "-1", "-o", "x.png"}, "--frame must be"},
        UsageCase{{"a.bvh", "--frame", "2", "--frames", "1:3", "-o", "x_%d.png"},
                  "cannot both be given"},
        UsageCase{{"a.bvh", "--size", "10x10", "-o", "x.png"}, "--size must be WxH"},
        UsageCase{{"a.bvh", "--size", "99999x100", "-o", "x.png"}, "--size must be WxH"},
        UsageCase{{"a.bvh", "--camera", "orbit", "-o", "x.png"},
                  "figure, clip (or fixed) or follow"},
        UsageCase{{"a.bvh", "--pitch", "95", "-o", "x.png"}, "--pitch must be"},
        UsageCase{{"a.bvh", "--up", "w", "-o", "x.png"}, "--up must be"},
        UsageCase{{"a.bvh", "--unit", "furlong", "-o", "x.png"}, "--unit must be"},
        UsageCase{{"a.bvh", "--ghosts", "0", "-o", "x.png"}, "--ghosts must be"},
        UsageCase{{"a.bvh", "--columns", "3", "-o", "x.png"}, "are for --contact-sheet"},
        UsageCase{{"--contact-sheet", "d", "a.bvh", "-o", "x.png"}, "takes a folder"},
        UsageCase{{"--contact-sheet", "d", "--frames", "1:2", "-o", "x.png"}, "takes --frame"},
        UsageCase{{"--contact-sheet", "d", "--size", "100x100", "-o", "x.png"}, "--tile"},
        UsageCase{{"--contact-sheet", "d", "--tile", "8x8", "-o", "x.png"}, "--tile must be"},
        UsageCase{{"a.bvh", "--bogus", "-o", "x.png"}, "unknown option --bogus"},
        UsageCase{{"a.bvh", "--frame", "3", "-o", "x.mp4"}, "takes --frames A:B, not --frame"},
        UsageCase{{"a.bvh", "--size", "641x360", "-o", "x.mp4"}, "MP4 needs even sides"},
        UsageCase{{"a.bvh", "--size", "640x361", "-o", "x.webm"}, "WebM needs even sides"},
        UsageCase{{"a.bvh", "--audio", "a.wav", "-o", "x.gif"}, "a GIF has no sound"},
        UsageCase{{"a.bvh", "--crf", "20", "-o", "x.gif"}, "--crf is for MP4 and WebM"},
        UsageCase{{"a.bvh", "--crf", "52", "-o", "x.mp4"}, "--crf must be from 0 to 51"},
        UsageCase{{"a.bvh", "--crf", "64", "-o", "x.webm"}, "--crf must be from 0 to 63"},
        UsageCase{{"a.bvh", "--fps", "0", "-o", "x.mp4"}, "--fps must be a rate"},
        UsageCase{{"a.bvh", "--fps", "30", "-o", "x.png"}, "--fps is for video outputs"},
        UsageCase{{"a.bvh", "--audio", "a.wav", "-o", "x.png"}, "--audio is for video"},
        UsageCase{{"a.bvh", "--audio-offset", "1", "-o", "x.mp4"}, "needs --audio"},
        UsageCase{{"a.bvh", "--audio", "a.wav", "--audio-offset", "x", "-o", "x.mp4"},
                  "--audio-offset must be seconds"},
        UsageCase{{"a.bvh", "b.bvh", "--layout", "grid", "-o", "x.mp4"},
                  "--layout must be side or overlaid"}));

TEST(RenderRequest, VideoTakesTheWholeClipByDefaultAndItsOptions) {
    Parsed parsed = parseRender({"walk.bvh", "-o", "Clip.MP4"});
    ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
    EXPECT_EQ(parsed.result.request->mode, RenderMode::Video);
    EXPECT_EQ(parsed.result.request->container, media::VideoContainer::Mp4);
    EXPECT_EQ(parsed.result.request->firstFrame, 0);
    EXPECT_EQ(parsed.result.request->lastFrame, std::nullopt);
    EXPECT_EQ(parsed.result.request->fps, std::nullopt);
    EXPECT_EQ(parsed.result.request->crf, -1);
    EXPECT_TRUE(parsed.result.request->audio.empty());

    parsed = parseRender({"a.bvh", "b.bvh", "--frames", "5:50", "-o", "ab.webm", "--fps", "29.97",
                          "--crf", "40", "--audio", "auto", "--audio-offset=-1.5", "--layout",
                          "overlaid"});
    ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
    const RenderRequest& request = *parsed.result.request;
    EXPECT_EQ(request.container, media::VideoContainer::WebM);
    EXPECT_EQ(request.input, "a.bvh");
    EXPECT_EQ(request.comparedInputs, std::vector<std::string>{"b.bvh"});
    EXPECT_TRUE(request.overlaid);
    EXPECT_EQ(request.firstFrame, 5);
    EXPECT_EQ(request.lastFrame, 50);
    EXPECT_EQ(request.fps, (media::FrameRate{30000, 1001}));
    EXPECT_EQ(request.crf, 40);
    EXPECT_EQ(request.audio, "auto");
    EXPECT_DOUBLE_EQ(request.audioOffsetSeconds, -1.5);
    // A video's name is taken as written, '%' and all.
    parsed = parseRender({"walk.bvh", "-o", "100%.gif"});
    ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
    EXPECT_EQ(parsed.result.request->output, "100%.gif");
}

TEST(RenderRequest, SeveralFilesMakeOneImageToo) {
    const Parsed parsed = parseRender({"a.bvh", "b.bvh", "c.bvh", "-o", "abc.png"});
    ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
    EXPECT_EQ(parsed.result.request->mode, RenderMode::Image);
    EXPECT_EQ(parsed.result.request->comparedInputs, (std::vector<std::string>{"b.bvh", "c.bvh"}));
}

TEST(RenderRequest, HelpAndVersionAnswerWithoutRendering) {
    const Parsed help = parseRender({"--help"});
    EXPECT_EQ(help.result.exitCode, 0);
    EXPECT_NE(help.out.find("usage: bvhscope render"), std::string::npos);
    EXPECT_NE(help.out.find("--contact-sheet"), std::string::npos);
    const Parsed version = parseRender({"--version"});
    EXPECT_EQ(version.result.exitCode, 0);
    EXPECT_EQ(version.out.rfind("bvhscope ", 0), 0u);
}

TEST(RenderRequest, UsageErrorsNeverReachTheRenderer) {
    // In-process and without a GL context: a bad command line returns before any EGL call.
    std::vector<std::string_view> arguments = {"missing.bvh", "--size", "1x1", "-o", "x.png"};
    std::ostringstream out;
    std::ostringstream err;
    EXPECT_EQ(runRender(arguments, out, err), 2);
}

TEST(RenderRequest, BonesChooseTheLookCapsulesByDefault) {
    const Parsed plain = parseRender({"walk.bvh", "-o", "walk.png"});
    ASSERT_TRUE(plain.result.request.has_value()) << plain.err;
    EXPECT_EQ(plain.result.request->boneStyle, render::BoneStyle::Capsule);
    const struct {
        const char* word;
        render::BoneStyle style;
    } kWords[] = {{"body", render::BoneStyle::Body},
                  {"lines", render::BoneStyle::Line},
                  {"capsules", render::BoneStyle::Capsule},
                  {"octahedral", render::BoneStyle::Octahedral}};
    for (const auto& word : kWords) {
        const Parsed parsed = parseRender({"walk.bvh", "-o", "walk.png", "--bones", word.word});
        ASSERT_TRUE(parsed.result.request.has_value()) << parsed.err;
        EXPECT_EQ(parsed.result.request->boneStyle, word.style) << word.word;
    }
    const Parsed sheet =
        parseRender({"--contact-sheet", "dir", "-o", "sheet.png", "--bones", "body"});
    ASSERT_TRUE(sheet.result.request.has_value()) << sheet.err;
    EXPECT_EQ(sheet.result.request->boneStyle, render::BoneStyle::Body);
    const Parsed bad = parseRender({"walk.bvh", "-o", "walk.png", "--bones", "mesh"});
    EXPECT_EQ(bad.result.exitCode, 2);
    EXPECT_NE(bad.err.find("--bones must be lines, capsules, octahedral or body, not 'mesh'"),
              std::string::npos)
        << bad.err;
}

// [SECTION] Every numeric option of the table (issue 43)

// The arguments that put render in the mode an option needs (the table's RenderNeed).
std::vector<std::string> argumentsFor(const options::Option& option) {
    switch (option.renderNeeds) {
    case options::RenderNeed::VideoOutput: // --audio for --audio-offset; WebM for --crf's top
        return {"a.bvh", "-o", "x.webm", "--audio", "a.wav"};
    case options::RenderNeed::ContactSheet:
        return {"--contact-sheet", "dir", "-o", "sheet.png"};
    case options::RenderNeed::Nothing:
        break;
    }
    return {"a.bvh", "-o", "x.png"};
}

// A value as written on the command line, every digit kept (-86400.01, not numberText's
// rounded -86400): "8192x8192" for a size.
std::string valueText(const options::Option& option, double value) {
    char buffer[32];
    const auto written =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    const std::string number(buffer, written.ptr);
    return option.type == options::ValueType::Size ? number + "x" + number : number;
}

std::vector<const options::Option*> numericRenderOptions() {
    std::vector<const options::Option*> numeric;
    for (const options::Option* option : options::kAllOptions) {
        if ((option->commands & options::kRender) != 0 && option->maximum) {
            numeric.push_back(option);
        }
    }
    return numeric;
}

// Both ends of each range are taken, one step past either is refused with exit 2 and a message
// that names the range, and without its mode the option is refused naming the mode and the
// range. Built from the table, so no option can be left out.
TEST(RenderRequest, EveryNumericOptionTakesItsRangeAndRefusesOneStepPast) {
    const std::vector<const options::Option*> numeric = numericRenderOptions();
    ASSERT_GE(numeric.size(), 12u);
    for (const options::Option* option : numeric) {
        SCOPED_TRACE(std::string(option->flag));
        const std::string flag(option->flag);
        for (const double end : {*option->minimum, *option->maximum}) {
            std::vector<std::string> arguments = argumentsFor(*option);
            arguments.insert(arguments.end(), {flag, valueText(*option, end)});
            const Parsed taken = parseRender(arguments);
            EXPECT_TRUE(taken.result.request.has_value()) << valueText(*option, end) << taken.err;
        }
        for (const double past :
             {*option->minimum - option->step, *option->maximum + option->step}) {
            std::vector<std::string> arguments = argumentsFor(*option);
            arguments.insert(arguments.end(), {flag, valueText(*option, past)});
            const Parsed refused = parseRender(arguments);
            EXPECT_EQ(refused.result.exitCode, 2) << valueText(*option, past);
            EXPECT_NE(refused.err.find(options::rangeNumbers(*option)), std::string::npos)
                << refused.err;
        }
        if (option->renderNeeds != options::RenderNeed::Nothing) {
            const Parsed plain =
                parseRender({"a.bvh", "-o", "x.png", flag, valueText(*option, *option->maximum)});
            EXPECT_EQ(plain.result.exitCode, 2);
            EXPECT_NE(plain.err.find(options::renderNeedText(option->renderNeeds)),
                      std::string::npos)
                << plain.err;
            EXPECT_NE(plain.err.find(options::rangeNumbers(*option)), std::string::npos)
                << plain.err;
        }
    }
}

// The table's numbers are the ones the video code holds (media/video_format.h).
TEST(RenderRequest, TheTablesVideoRangesAreTheEncoders) {
    EXPECT_EQ(*options::kCrf.maximum, media::maximumCrf(media::VideoContainer::WebM));
    EXPECT_EQ(options::kLargestMp4Crf, media::maximumCrf(media::VideoContainer::Mp4));
    EXPECT_EQ(options::rangeNumbers(options::kFps) + " fps",
              "from " + media::videoFrameRateRange());
    for (const options::OutputMaximum& each : options::kCrf.maximumByOutput) {
        const std::string top = options::numberText(each.maximum);
        const std::string past = options::numberText(each.maximum + 1);
        const std::string output = "x." + std::string(each.output);
        EXPECT_TRUE(parseRender({"a.bvh", "-o", output, "--crf", top}).result.request.has_value());
        EXPECT_EQ(parseRender({"a.bvh", "-o", output, "--crf", past}).result.exitCode, 2);
    }
    const Parsed mp4 = parseRender({"a.bvh", "-o", "x.mp4", "--crf", "52"});
    EXPECT_NE(mp4.err.find("--crf must be from 0 to 51 for MP4"), std::string::npos) << mp4.err;
}

// Every render option of the table has its entry in --help, with its range.
TEST(RenderRequest, HelpHasEveryOptionOfTheTableWithItsRange) {
    const std::string_view help = renderHelp();
    for (const options::Option* option : options::kAllOptions) {
        if ((option->commands & options::kRender) == 0) {
            continue;
        }
        EXPECT_NE(help.find("\n  " + std::string(option->flag)), std::string::npos) << option->flag;
        if (option->maximum) {
            EXPECT_NE(help.find(options::helpEntry(*option)), std::string::npos) << option->flag;
        }
    }
    EXPECT_NE(help.find("  --fov DEG              vertical field of view; from 5 to 150 degrees "
                        "(default 45)\n"),
              std::string::npos)
        << help;
}

} // namespace
} // namespace bvhscope::headless
