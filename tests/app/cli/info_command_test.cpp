#include "tests/app/cli/cli_test_support.h"

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

} // namespace
} // namespace bvhscope::cli
