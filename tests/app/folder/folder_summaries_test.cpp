// Summaries of a folder's files in the background: the facts match core's summary of the
// file, bad files report their first FILE:LINE:COL diagnostic, only one pose is kept, the pool
// never runs more threads than it was given, takes the rows on screen first, and closing it
// cancels the file being read and starts no other.
#include "app/folder/folder_summaries.h"
#include "core/analysis/summary.h"
#include "core/reader/document.h"
#include "tests/app/folder/folder_test_support.h"

#include <atomic>
#include <dirent.h>
#include <gtest/gtest.h>
#include <memory>
#include <regex>
#include <set>

using namespace bvhscope::viewer;
using bvhscope::folder_test::pumpUntil;
using bvhscope::folder_test::ScratchFolder;

namespace {

FileFacts summarize(const std::filesystem::path& path) {
    bvh::LoadProgress progress;
    return summarizeFile(path, progress);
}

TEST(FolderSummaries, FactsOfAGoodFileMatchCoresSummary) {
    const auto path = bvhscope::folder_test::sourceFile("assets/sample_walk.bvh");
    const FileFacts facts = summarize(path);
    const bvh::Document document = bvh::loadDocument(path);
    const bvh::DocumentSummary expected = bvh::summarize(document, bvh::TranslationMode::Auto);
    ASSERT_TRUE(facts.loaded);
    EXPECT_FALSE(facts.cancelled);
    EXPECT_EQ(facts.summary.joints, expected.joints);
    EXPECT_EQ(facts.summary.joints, 21u);
    EXPECT_EQ(facts.summary.framesPresent, document.motion.frameCount);
    EXPECT_DOUBLE_EQ(facts.summary.framesPerSecond, expected.framesPerSecond);
    EXPECT_DOUBLE_EQ(facts.summary.durationSeconds, expected.durationSeconds);
    EXPECT_EQ(facts.summary.warnings, 0u);
    EXPECT_TRUE(facts.diagnosticLines.empty());
}

TEST(FolderSummaries, KeepsOnlyTheMiddleFrameForTheThumbnail) {
    const auto path = bvhscope::folder_test::sourceFile("assets/sample_walk.bvh");
    const FileFacts facts = summarize(path);
    const bvh::Document document = bvh::loadDocument(path);
    ASSERT_TRUE(facts.thumbnailPose.has_value());
    const bvh::Document& pose = *facts.thumbnailPose;
    EXPECT_EQ(facts.thumbnailFrame, document.motion.frameCount / 2);
    EXPECT_EQ(pose.motion.frameCount, 1u);
    EXPECT_EQ(pose.motion.values.size(), document.motion.channelCount);
    const std::span<const float> middle = document.motion.frame(facts.thumbnailFrame);
    EXPECT_TRUE(std::equal(middle.begin(), middle.end(), pose.motion.values.begin()));
    EXPECT_EQ(pose.skeleton.names, document.skeleton.names);
    EXPECT_DOUBLE_EQ(pose.motion.frameTime, document.motion.frameTime);
}

// A thumbnail is one frame, too little to tell which way the figure stands: the summary
// carries the whole clip's verdict, which the viewer's Auto up axis follows.
TEST(FolderSummaries, CarriesTheWholeClipsUpAxisForTheThumbnail) {
    const std::filesystem::path rokoko =
        std::filesystem::path(BVHSCOPE_SHARED_DIR) / "corpus" / "rokoko_video_jesse_dance.bvh";
    if (!std::filesystem::exists(rokoko)) {
        GTEST_SKIP() << "needs ../shared/corpus (its rest pose lies along -X, it dances in +Y)";
    }
    const FileFacts facts = summarize(rokoko);
    ASSERT_TRUE(facts.loaded);
    EXPECT_TRUE(facts.restAnimation.upDisagrees);
    EXPECT_EQ(facts.restAnimation.animationUp, bvh::UpAxis::PositiveY);

    const FileFacts walk = summarize(bvhscope::folder_test::sourceFile("assets/sample_walk.bvh"));
    EXPECT_TRUE(walk.restAnimation.measured);
    EXPECT_FALSE(walk.restAnimation.upDisagrees);
}

TEST(FolderSummaries, WarningsAreCountedAndKeptWithTheirLines) {
    const ScratchFolder folder;
    const auto path = folder.copy("tests/data/seed_cmu_example.bvh", "walk10.bvh");
    const FileFacts facts = summarize(path);
    ASSERT_TRUE(facts.loaded);
    EXPECT_EQ(facts.summary.joints, 31u);
    EXPECT_EQ(facts.summary.warnings, 1u);
    ASSERT_EQ(facts.diagnosticLines.size(), 1u);
    EXPECT_TRUE(std::regex_search(facts.diagnosticLines[0],
                                  std::regex("walk10\\.bvh:[0-9]+:[0-9]+: warning: ")))
        << facts.diagnosticLines[0];
}

TEST(FolderSummaries, ABadFileReportsItsFirstErrorAndKeepsNoPose) {
    const ScratchFolder folder;
    const auto path = folder.write("broken.bvh", bvhscope::folder_test::kBrokenBvh);
    const FileFacts facts = summarize(path);
    EXPECT_FALSE(facts.loaded);
    EXPECT_FALSE(facts.thumbnailPose.has_value());
    ASSERT_FALSE(facts.diagnosticLines.empty());
    EXPECT_EQ(facts.diagnosticLines[0].rfind(path.string() + ":5:3: error: ", 0), 0u)
        << facts.diagnosticLines[0];
}

TEST(FolderSummaries, MissingEmptyAndHeaderlessFilesAreErrors) {
    const ScratchFolder folder;
    const FileFacts missing = summarize(folder.path() / "missing.bvh");
    EXPECT_FALSE(missing.loaded);
    ASSERT_FALSE(missing.diagnosticLines.empty());
    EXPECT_NE(missing.diagnosticLines[0].find("missing.bvh: error: "), std::string::npos);

    const FileFacts empty = summarize(folder.write("empty.bvh", ""));
    EXPECT_FALSE(empty.loaded);
    EXPECT_FALSE(empty.diagnosticLines.empty());

    const FileFacts binary = summarize(folder.write("binary.bvh", std::string("\0\x01\xff", 3)));
    EXPECT_FALSE(binary.loaded);
    EXPECT_FALSE(binary.diagnosticLines.empty());
}

TEST(FolderSummaries, ARequestedCancelEndsAsCancelled) {
    bvh::LoadProgress progress;
    progress.cancelRequested = true;
    const FileFacts facts =
        summarizeFile(bvhscope::folder_test::sourceFile("assets/sample_walk.bvh"), progress);
    EXPECT_TRUE(facts.cancelled);
    EXPECT_FALSE(facts.thumbnailPose.has_value());
}

TEST(FolderSummaries, DefaultWorkersLeaveACoreForTheInterface) {
    EXPECT_EQ(defaultSummaryWorkers(0), 1u); // unknown
    EXPECT_EQ(defaultSummaryWorkers(1), 1u);
    EXPECT_EQ(defaultSummaryWorkers(2), 1u);
    EXPECT_EQ(defaultSummaryWorkers(3), 2u);
    EXPECT_EQ(defaultSummaryWorkers(5), 4u);
    EXPECT_EQ(defaultSummaryWorkers(64), 4u);
}

// [SECTION] The pool, with a summariser that waits for the test

// Records how many summaries run at once; each waits until released (or cancelled).
struct Gate {
    std::atomic<int> active{0};
    std::atomic<int> peak{0};
    std::atomic<int> calls{0};
    std::atomic<bool> released{false};
    std::atomic<int> sawCancel{0};

    SummaryPool::Summarizer summarizer() {
        return [this](const std::filesystem::path&, bvh::LoadProgress& progress) {
            ++calls;
            const int now = ++active;
            int before = peak.load();
            while (now > before && !peak.compare_exchange_weak(before, now)) {
            }
            while (!released && !progress.cancelRequested) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            FileFacts facts;
            facts.loaded = true;
            if (progress.cancelRequested) {
                ++sawCancel;
                facts.cancelled = true;
            }
            --active;
            return facts;
        };
    }
};

std::vector<std::filesystem::path> fakeFiles(std::size_t count) {
    std::vector<std::filesystem::path> files;
    for (std::size_t i = 0; i < count; ++i) {
        files.push_back("take" + std::to_string(i) + ".bvh");
    }
    return files;
}

TEST(SummaryPool, NeverRunsMoreSummariesThanItsWorkers) {
    Gate gate;
    SummaryPool pool(fakeFiles(12), 3, gate.summarizer());
    EXPECT_EQ(pool.workerCount(), 3u);
    ASSERT_TRUE(pumpUntil([] {}, [&] { return gate.active == 3; }));
    EXPECT_EQ(pool.reading().size(), 3u);
    EXPECT_FALSE(pool.done());
    gate.released = true;
    std::multiset<std::size_t> finished;
    ASSERT_TRUE(pumpUntil(
        [&] {
            for (const auto& result : pool.takeFinished()) {
                finished.insert(result.index);
            }
        },
        [&] { return pool.done(); }));
    EXPECT_EQ(gate.peak, 3);
    EXPECT_EQ(gate.calls, 12);
    ASSERT_EQ(finished.size(), 12u);
    for (std::size_t i = 0; i < 12; ++i) {
        EXPECT_EQ(finished.count(i), 1u) << "file " << i;
    }
}

TEST(SummaryPool, StartsNoMoreThreadsThanFiles) {
    Gate gate;
    gate.released = true;
    SummaryPool pool(fakeFiles(2), 4, gate.summarizer());
    EXPECT_EQ(pool.workerCount(), 2u);
    SummaryPool empty({}, 4, gate.summarizer());
    EXPECT_EQ(empty.workerCount(), 0u);
    EXPECT_TRUE(empty.done());
}

TEST(SummaryPool, ClosingCancelsTheFileBeingReadAndStartsNoOther) {
    Gate gate;
    auto pool = std::make_unique<SummaryPool>(fakeFiles(10), 1, gate.summarizer());
    ASSERT_TRUE(pumpUntil([] {}, [&] { return gate.active == 1; }));
    pool.reset(); // returns only once the reading thread has stopped
    EXPECT_EQ(gate.calls, 1);
    EXPECT_EQ(gate.sawCancel, 1);
    EXPECT_EQ(gate.active, 0);
}

TEST(SummaryPool, RowsOnScreenAreSummarisedFirst) {
    Gate gate;
    SummaryPool pool(fakeFiles(10), 1, gate.summarizer());
    ASSERT_TRUE(pumpUntil([] {}, [&] { return gate.active == 1; })); // file 0 is being read
    pool.prioritize(6, 9);
    gate.released = true;
    std::vector<std::size_t> order;
    ASSERT_TRUE(pumpUntil(
        [&] {
            for (const auto& result : pool.takeFinished()) {
                order.push_back(result.index);
            }
        },
        [&] { return pool.done(); }));
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 6, 7, 8, 1, 2, 3, 4, 5, 9}));
}

std::size_t threadsOfThisProcess() {
    std::size_t count = 0;
    if (DIR* tasks = opendir("/proc/self/task")) {
        while (const dirent* entry = readdir(tasks)) {
            count += entry->d_name[0] != '.' ? 1 : 0;
        }
        closedir(tasks);
    }
    return count;
}

TEST(SummaryPool, AFolderOfManyFilesUsesOnlyItsWorkers) {
    const ScratchFolder folder;
    std::vector<std::filesystem::path> files;
    for (int i = 0; i < 60; ++i) {
        files.push_back(
            folder.copy(i % 7 == 3 ? "tests/data/seed_cmu_example.bvh" : "assets/sample_walk.bvh",
                        "take" + std::to_string(i) + ".bvh"));
    }
    files.push_back(folder.write("broken.bvh", bvhscope::folder_test::kBrokenBvh));
    const std::size_t before = threadsOfThisProcess();
    ASSERT_GT(before, 0u) << "no /proc/self/task";
    SummaryPool pool(files, 2);
    std::size_t mostThreads = 0;
    std::vector<FileFacts> facts(files.size());
    std::size_t received = 0;
    ASSERT_TRUE(pumpUntil(
        [&] {
            mostThreads = std::max(mostThreads, threadsOfThisProcess());
            for (auto& result : pool.takeFinished()) {
                facts[result.index] = std::move(result.facts);
                ++received;
            }
        },
        [&] { return pool.done(); }));
    EXPECT_LE(mostThreads, before + 2);
    EXPECT_EQ(received, files.size());
    for (std::size_t i = 0; i + 1 < files.size(); ++i) {
        EXPECT_TRUE(facts[i].loaded) << files[i];
        EXPECT_EQ(facts[i].summary.joints, i % 7 == 3 ? 31u : 21u) << files[i];
        ASSERT_TRUE(facts[i].thumbnailPose.has_value());
        EXPECT_LE(facts[i].thumbnailPose->motion.frameCount, 1u);
    }
    EXPECT_FALSE(facts.back().loaded);
}

} // namespace
