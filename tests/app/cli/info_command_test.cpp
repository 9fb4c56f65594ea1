#include "tests/app/cli/cli_test_support.h"
#include "tests/support/generated_library.h"

namespace bvhscope::cli {
namespace {

using test::run;

TEST(InfoCommand, DescribesAFile) {
    test::TemporaryDirectory directory;
    std::string file = directory.write("chain.bvh", test::kChainBvh);
    auto result = run(runInfo, {file});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("joints:          2 (+1 end sites)"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("roots:           1 (Hips)"), std::string::npos);
    EXPECT_NE(result.out.find("channels:        9"), std::string::npos);
    EXPECT_NE(result.out.find("frames:          2 present, 2 declared"), std::string::npos);
    EXPECT_NE(result.out.find("fps:             2\n"), std::string::npos);
    EXPECT_NE(result.out.find("duration:        0.5 s"), std::string::npos);
    EXPECT_NE(result.out.find("rotation orders: ZXY (2 joints)"), std::string::npos);
    EXPECT_NE(result.out.find("translation:     additive (detected)"), std::string::npos);
    EXPECT_NE(result.out.find("warnings:        0"), std::string::npos);
}

// A chain 2e-29 tall at rest whose root stands at `rootHeight` and moves 10 along Z.
std::string tinyChainAt(const char* rootHeight) {
    return std::string("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
                       "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
                       "  JOINT Spine\n  {\n    OFFSET 0 1e-29 0\n"
                       "    CHANNELS 3 Zrotation Xrotation Yrotation\n"
                       "    End Site\n    {\n      OFFSET 0 1e-29 0\n    }\n  }\n}\n"
                       "MOTION\nFrames: 2\nFrame Time: 0.0333333\n0 ") +
           rootHeight + " 0 0 0 0 0 0 0\n0 " + rootHeight + " 1e-29 0 0 0 0 0 0\n";
}

TEST(InfoCommand, AFigureBelowThePrecisionOfItsPlaceIsSaidToBe) {
    // At 92.5 the chain's joints round onto its root (doubles there are 1.4e-14 apart): 0 tall,
    // and info says why. At 1e-28 it keeps its 2e-29 and nothing is said.
    test::TemporaryDirectory directory;
    const auto dwarfed = run(runInfo, {directory.write("dwarfed.bvh", tinyChainAt("92.5"))});
    EXPECT_EQ(dwarfed.status, 0) << dwarfed.err;
    EXPECT_NE(dwarfed.out.find("figure 0 tall (2e-29 at rest: below the precision of its place, "
                               "every joint lands on one point)"),
              std::string::npos)
        << dwarfed.out;
    const auto scaled = run(runInfo, {directory.write("scaled.bvh", tinyChainAt("1e-28"))});
    EXPECT_EQ(scaled.status, 0) << scaled.err;
    EXPECT_NE(scaled.out.find("figure 2e-29 tall"), std::string::npos) << scaled.out;
    EXPECT_EQ(scaled.out.find("precision"), std::string::npos) << scaled.out;
}

// The JSON says it too (main's had no field for it): figure_height 0 with
// figure_below_place_precision true at 92.5, and at 1e-28 the chain's height with false (the
// frames' heights, each top minus bottom in doubles, give 1.999999999999998e-29 printed).
TEST(InfoCommand, AFigureBelowThePrecisionOfItsPlaceIsFlaggedInJson) {
    test::TemporaryDirectory directory;
    const auto dwarfed =
        run(runInfo, {"--json", directory.write("dwarfed.bvh", tinyChainAt("92.5"))});
    EXPECT_EQ(dwarfed.status, 0) << dwarfed.err;
    EXPECT_NE(dwarfed.out.find("\"figure_height\":0,\"figure_below_place_precision\":true,"),
              std::string::npos)
        << dwarfed.out;
    const auto scaled =
        run(runInfo, {"--json", directory.write("scaled.bvh", tinyChainAt("1e-28"))});
    EXPECT_EQ(scaled.status, 0) << scaled.err;
    EXPECT_NE(scaled.out.find("\"figure_height\":1.999999999999998e-29,"
                              "\"figure_below_place_precision\":false,"),
              std::string::npos)
        << scaled.out;
}

TEST(InfoCommand, JsonForScripts) {
    test::TemporaryDirectory directory;
    std::string file = directory.write("chain.bvh", test::kChainBvh);
    auto result = run(runInfo, {"--json", "--translation", "absolute", file});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("\"joints\":2,\"end_sites\":1,\"roots\":[\"Hips\"],\"channels\":9,"
                              "\"frames_present\":2,\"frames_declared\":2,\"frame_time\":0.5,"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("\"translation\":\"absolute\",\"translation_detected\":false"),
              std::string::npos);
    EXPECT_EQ(result.out.front(), '{');
}

TEST(InfoCommand, SeveralFilesInJsonAreAnArrayAndABadFileFailsTheRun) {
    test::TemporaryDirectory directory;
    std::string good = directory.write("good.bvh", test::kChainBvh);
    std::string bad = directory.write("bad.bvh", "HIERARCHY\nROOT Hips\n{\n");
    auto result = run(runInfo, {"--json", good, bad});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.out.front(), '[');
    EXPECT_NE(result.out.find("\"loaded\":false"), std::string::npos);
    EXPECT_NE(result.err.find(bad + ":4:1: error:"), std::string::npos) << result.err;
}

TEST(InfoCommand, AnAbsurdFrameTimeNeverMakesFpsNull) {
    for (const char* frameTime : {"5e-324", "1e-30", "1e30"}) {
        std::string text(test::kChainBvh);
        text.replace(text.find("Frame Time: 0.5"), 15, std::string("Frame Time: ") + frameTime);
        test::TemporaryDirectory directory;
        const auto result = run(runInfo, {"--json", directory.write("clip.bvh", text)});
        EXPECT_EQ(result.status, 0);
        for (const char* field : {"frame_time", "fps", "duration", "rest_height"}) {
            EXPECT_EQ(result.out.find("\"" + std::string(field) + "\":null"), std::string::npos)
                << field << " in " << result.out;
        }
        EXPECT_NE(result.out.find("\"fps\":30,"), std::string::npos) << result.out;
        EXPECT_NE(result.out.find("\"frame_time_assumed\":true"), std::string::npos);
        EXPECT_NE(result.out.find("is outside 1 microsecond to 1 hour"), std::string::npos);
    }
}

TEST(InfoCommand, AssumedFrameTimeIsShownAsAssumed) {
    test::TemporaryDirectory directory;
    std::string file =
        directory.write("notime.bvh", "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\n"
                                      "CHANNELS 1 Zrotation\n}\nMOTION\nFrames: 1\n5\n");
    auto result = run(runInfo, {file});
    EXPECT_EQ(result.status, 0);
    EXPECT_NE(result.out.find("(assumed: the file gives no usable frame time)"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("warnings:        1"), std::string::npos);
}

TEST(InfoCommand, UsageErrors) {
    EXPECT_EQ(run(runInfo, {}).status, 2);
    EXPECT_EQ(run(runInfo, {"--translation", "sideways", "x.bvh"}).status, 2);
    auto help = run(runInfo, {"--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_NE(help.out.find("usage: bvhscope info"), std::string::npos);
    auto version = run(runInfo, {"--version"});
    EXPECT_EQ(version.status, 0);
    EXPECT_EQ(version.out.rfind("bvhscope ", 0), 0u);
}

// Many files are shared with a second thread, each file read and analysed on one of them
// (info_command_pages.h): the output is still each file's own, in argument order, with a file that
// fails to parse and a missing one in the middle: the text and the messages are the single-file
// runs' joined, the JSON array holds the single-file objects in order, and the run fails.
TEST(InfoCommand, ManyFilesPrintEachFileAsAloneInArgumentOrder) {
    test::TemporaryDirectory directory;
    std::vector<std::string> files;
    for (int i = 0; i < 12; ++i) {
        std::string text(test::kChainBvh);
        text.replace(text.find("Hips"), 4, "Root" + std::to_string(i));
        const std::string name = "take" + std::to_string(i) + ".bvh";
        if (i == 4) {
            text = "HIERARCHY\nROOT Hips\n{\n";
        }
        files.push_back(i == 8 ? directory.pathText(name) : directory.write(name, text));
    }
    std::string text;
    std::string messages;
    std::vector<std::string> objects;
    for (const std::string& file : files) {
        const auto alone = run(runInfo, {file});
        if (!alone.out.empty()) {
            text += (text.empty() ? "" : "\n") + alone.out;
        }
        messages += alone.err;
        const auto json = run(runInfo, {"--json", file});
        ASSERT_EQ(json.out.back(), '\n');
        objects.push_back(json.out.substr(0, json.out.size() - 1));
    }
    std::vector<std::string> arguments = files;
    const auto together = run(runInfo, arguments);
    EXPECT_EQ(together.status, 1);
    EXPECT_EQ(together.out, text);
    EXPECT_EQ(together.err, messages);
    EXPECT_NE(messages.find(files[4] + ":4:1: error:"), std::string::npos) << messages;
    EXPECT_NE(messages.find(files[8] + ": error:"), std::string::npos) << messages;

    arguments.insert(arguments.begin(), "--json");
    const auto json = run(runInfo, arguments);
    EXPECT_EQ(json.status, 1);
    EXPECT_EQ(json.err, messages);
    std::size_t from = 0;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const std::size_t at = json.out.find(objects[i], from);
        ASSERT_NE(at, std::string::npos) << "file " << i << " missing or out of order";
        from = at + objects[i].size();
    }
}

// In a list, every file but the last is parsed by its page thread alone, in blocks of 256 KiB
// (info_command.cpp, pageParsing); a file alone is parsed on every core, in blocks of 4 MiB a
// thread. A take of 2.8 MB, eleven such blocks and a row cut at each block's end, reads the
// same either way: its JSON object and its text in the list are those of the take alone, wherever
// it stands in the list (first, in the middle, last).
TEST(InfoCommand, ALongTakeInAListReadsAsItDoesAlone) {
    test::TemporaryDirectory directory;
    bvh::test::TakeVariation variation;
    variation.fps = 120.0;
    variation.seconds = 110.0;
    const std::string longTake =
        directory.write("long.bvh", bvh::test::generatedTake("walk", "happy", variation));
    ASSERT_GT(std::filesystem::file_size(longTake), std::size_t{10} * (256 << 10));
    const std::string shortTake = directory.write("short.bvh", test::kChainBvh);
    const auto aloneJson = run(runInfo, {"--json", longTake});
    const auto aloneText = run(runInfo, {longTake});
    ASSERT_EQ(aloneJson.status, 0);
    ASSERT_NE(aloneJson.out.find("\"frames_present\":13200"), std::string::npos) << aloneJson.out;
    const std::string object = aloneJson.out.substr(0, aloneJson.out.size() - 1);
    const std::vector<std::string> files = {longTake, shortTake, longTake, shortTake, longTake};
    std::vector<std::string> arguments = files;
    arguments.insert(arguments.begin(), "--json");
    const auto json = run(runInfo, arguments);
    EXPECT_EQ(json.status, 0);
    std::size_t objects = 0;
    for (std::size_t at = json.out.find(object); at != std::string::npos;
         at = json.out.find(object, at + object.size())) {
        ++objects;
    }
    EXPECT_EQ(objects, 3u) << json.out;
    const auto text = run(runInfo, files);
    const std::string shortText = run(runInfo, {shortTake}).out;
    EXPECT_EQ(text.out, aloneText.out + "\n" + shortText + "\n" + aloneText.out + "\n" + shortText +
                            "\n" + aloneText.out);
}

} // namespace
} // namespace bvhscope::cli
