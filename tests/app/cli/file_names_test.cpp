// The subcommands on files as users name them: folders and names with spaces and non-ASCII
// characters (C:\Users\Zoë\モーション\take 1.bvh), given as UTF-8 arguments, as
// app/platform's utf8CommandLineArguments hands them over on every platform.
#include "app/cli/command_line.h"
#include "core/reader/document.h"
#include "tests/app/cli/cli_test_support.h"

#include <algorithm>

namespace bvhscope::cli {
namespace {

using test::run;
using test::TemporaryDirectory;

constexpr const char* kName = "Zoë/モーション/take 1.bvh";

TEST(FileNames, InfoCheckAndPositionsReadANonAsciiNameAndPrintItAsGiven) {
    TemporaryDirectory directory;
    const std::string input = directory.write(kName, test::kChainBvh);

    const auto info = run(runInfo, {"--json", input});
    ASSERT_EQ(info.status, kExitOk) << info.err;
    std::string jsonName; // JSON escapes Windows' backslashes
    for (const char c : input) {
        jsonName += c == '\\' ? std::string("\\\\") : std::string(1, c);
    }
    EXPECT_EQ(info.out.rfind("{\"file\":\"" + jsonName + "\",\"loaded\":true,\"joints\":2,", 0), 0u)
        << info.out;

    const auto check = run(runCheck, {input});
    EXPECT_EQ(check.status, kExitOk) << check.err;
    EXPECT_EQ(check.out, "1 file checked: 1 loaded, 0 failed, 0 warnings\n");

    const auto positions = run(runPositions, {input});
    ASSERT_EQ(positions.status, kExitOk) << positions.err;
    // A header and a row per node per frame (Spine turned 90 degrees about z in frame 0).
    EXPECT_EQ(std::count(positions.out.begin(), positions.out.end(), '\n'), 7) << positions.out;
    EXPECT_NE(positions.out.find("1,Spine,11,22,33\n"), std::string::npos) << positions.out;
}

TEST(FileNames, ConvertWritesANonAsciiNameInAFolderWithSpaces) {
    TemporaryDirectory directory;
    const std::string input = directory.write(kName, test::kChainBvh);
    const std::string output = directory.pathText("Zoë/モーション/take 1 (half speed).bvh");
    const auto result = run(runConvert, {input, output, "--scale", "2"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("wrote " + output + ": 2 joints"), std::string::npos) << result.out;
    const bvh::Document written = bvh::loadDocument(bvh::pathFromUtf8(output));
    ASSERT_TRUE(written.loaded());
    ASSERT_EQ(written.skeleton.offsets.size(), 3u);
    EXPECT_EQ(written.skeleton.offsets[1], glm::dvec3(2, 4, 6)) << "scaled by 2";
    // Only the two files: no temporary file left in the folder.
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry :
         std::filesystem::directory_iterator(bvh::pathFromUtf8(output).parent_path())) {
        ++files;
    }
    EXPECT_EQ(files, 2u);
}

TEST(FileNames, AMissingNonAsciiFileIsNamedInTheDiagnostic) {
    TemporaryDirectory directory;
    const std::string missing = directory.pathText("モーション なし.bvh");
    const auto result = run(runCheck, {missing});
    EXPECT_EQ(result.status, kExitFileError);
    // check reports on standard output.
    EXPECT_EQ(result.out.rfind(missing + ": error: cannot open: no such file or directory\n", 0),
              0u)
        << result.out;
}

} // namespace
} // namespace bvhscope::cli
