#include "app/cli/command_line.h"
#include "tests/app/cli/cli_test_support.h"
#include "tests/support/generated_library.h"

#include <nlohmann/json.hpp>

namespace bvhscope::cli::test {
namespace {

// Without the cache: these run on every platform, and never touch the user's cache folder
// (posix/similar_cache_posix_test.cpp points XDG_CACHE_HOME at its own folder).
class SimilarCommandTest : public testing::Test {
protected:
    TemporaryDirectory directory_;
};

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

using bvh::test::generatedActionOf;

TEST_F(SimilarCommandTest, RanksTheLibraryBySimilarityWithoutTheQuery) {
    const auto library = directory_.path() / "library";
    const auto takes = bvh::test::writeGeneratedLibrary(library, 2); // 30 takes in 2 subfolders
    const std::string query = bvh::utf8FromPath(takes[0]);           // a walk
    const auto result = run(runSimilar, {query, bvh::utf8FromPath(library), "--no-cache"});
    EXPECT_EQ(result.status, kExitOk) << result.err;
    EXPECT_EQ(result.err, "");
    const auto lines = linesOf(result.out);
    ASSERT_EQ(lines.size(), 29U);
    double before = 0.0;
    for (const std::string& line : lines) {
        const std::size_t tab = line.find('\t');
        ASSERT_NE(tab, std::string::npos) << line;
        const double distance = std::stod(line.substr(0, tab));
        EXPECT_GE(distance, before);
        before = distance;
        EXPECT_NE(line.substr(tab + 1), query);
        EXPECT_TRUE(std::filesystem::exists(line.substr(tab + 1))) << line;
    }
    // The 5 other walks (2 per style, 3 styles, less the query) come first.
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_EQ(generatedActionOf(lines[i].substr(lines[i].find('\t') + 1)), "walk") << lines[i];
    }
}

TEST_F(SimilarCommandTest, TopJsonAndTakesThatDoNotLoad) {
    const auto library = directory_.path() / "library";
    const auto takes = bvh::test::writeGeneratedLibrary(library, 1); // 15 takes
    directory_.write("library/broken.bvh", "HIERARCHY\nROOT\n");
    const auto result = run(runSimilar, {bvh::utf8FromPath(takes[3]), bvh::utf8FromPath(library),
                                         "--top", "3", "--json"});
    EXPECT_EQ(result.status, kExitOk) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    ASSERT_EQ(json["takes"].size(), 3U);
    EXPECT_LE(json["takes"][0]["distance"].get<double>(),
              json["takes"][1]["distance"].get<double>());
    ASSERT_EQ(json["skipped"].size(), 1U);
    EXPECT_NE(json["skipped"][0]["error"].get<std::string>().find("broken.bvh:2:"),
              std::string::npos);
    EXPECT_NE(result.err.find("not ranked"), std::string::npos);
}

TEST_F(SimilarCommandTest, BadCommandLinesAndAQueryThatDoesNotLoad) {
    EXPECT_EQ(run(runSimilar, {}).status, kExitUsage);
    const std::string take = directory_.write("one.bvh", kChainBvh);
    EXPECT_EQ(run(runSimilar, {take}).status, kExitUsage);
    for (const char* top : {"0", "-1", "x", "3x"}) {
        const auto result = run(runSimilar, {take, directory_.pathText(""), "--top", top});
        EXPECT_EQ(result.status, kExitUsage) << top;
        EXPECT_NE(result.err.find("--top"), std::string::npos);
    }
    const auto missing =
        run(runSimilar, {directory_.pathText("none.bvh"), directory_.pathText(""), "--no-cache"});
    EXPECT_EQ(missing.status, kExitFileError);
    EXPECT_NE(missing.err.find("none.bvh"), std::string::npos);
    // A take with no hips (a plain chain of unnamed joints) has no motion to compare.
    const std::string chainless = directory_.write(
        "chain/a.bvh", "HIERARCHY\nROOT a\n{ OFFSET 0 0 0 CHANNELS 3 Xposition Yposition "
                       "Zposition\n End Site { OFFSET 0 1 0 } }\nMOTION\nFrames: 2\n"
                       "Frame Time: 0.1\n0 0 0\n1 0 0\n");
    const auto chain = run(runSimilar, {chainless, directory_.pathText(""), "--no-cache"});
    EXPECT_EQ(chain.status, kExitFileError);
    EXPECT_NE(chain.err.find("no motion to compare"), std::string::npos) << chain.err;
    const auto help = run(runSimilar, {"--help"});
    EXPECT_EQ(help.status, kExitOk);
    EXPECT_NE(help.out.find("DISTANCE<TAB>PATH"), std::string::npos);
}

} // namespace
} // namespace bvhscope::cli::test
