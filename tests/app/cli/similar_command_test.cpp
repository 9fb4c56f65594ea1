#include "tests/app/cli/cli_test_support.h"
#include "tests/support/generated_library.h"

#include <cstdlib>
#include <nlohmann/json.hpp>

namespace bvhscope::cli::test {
namespace {

// Points XDG_CACHE_HOME at the test's folder for the test's length: the index never lands in
// the user's cache.
class SimilarCommandTest : public testing::Test {
protected:
    void SetUp() override {
        const char* before = std::getenv("XDG_CACHE_HOME");
        if (before != nullptr) {
            saved_ = before;
        }
        ::setenv("XDG_CACHE_HOME", directory_.pathText("cache").c_str(), 1);
    }
    void TearDown() override {
        if (saved_) {
            ::setenv("XDG_CACHE_HOME", saved_->c_str(), 1);
        } else {
            ::unsetenv("XDG_CACHE_HOME");
        }
    }
    TemporaryDirectory directory_;
    std::optional<std::string> saved_;
};

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

std::string actionOf(const std::string& path) {
    const std::string name = std::filesystem::path(path).filename().string();
    const std::size_t first = name.find('_');
    return name.substr(first + 1, name.find('_', first + 1) - first - 1);
}

TEST_F(SimilarCommandTest, RanksTheLibraryBySimilarityWithoutTheQuery) {
    const auto library = directory_.path() / "library";
    const auto takes = bvh::test::writeGeneratedLibrary(library, 2); // 30 takes in 2 subfolders
    const std::string query = bvh::utf8FromPath(takes[0]);           // a walk
    const auto result = run(runSimilar, {query, bvh::utf8FromPath(library)});
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
        EXPECT_EQ(actionOf(lines[i].substr(lines[i].find('\t') + 1)), "walk") << lines[i];
    }
    EXPECT_TRUE(
        std::filesystem::exists(directory_.path() / "cache" / "bvhscope" / "motion-index.bin"));
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

    // The second query reads the index: same answer.
    const auto again = run(runSimilar, {bvh::utf8FromPath(takes[3]), bvh::utf8FromPath(library),
                                        "--top", "3", "--json"});
    EXPECT_EQ(again.out, result.out);
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
        run(runSimilar, {directory_.pathText("none.bvh"), directory_.pathText("")});
    EXPECT_EQ(missing.status, kExitFileError);
    EXPECT_NE(missing.err.find("none.bvh"), std::string::npos);
    const auto help = run(runSimilar, {"--help"});
    EXPECT_EQ(help.status, kExitOk);
    EXPECT_NE(help.out.find("DISTANCE<TAB>PATH"), std::string::npos);
}

} // namespace
} // namespace bvhscope::cli::test
