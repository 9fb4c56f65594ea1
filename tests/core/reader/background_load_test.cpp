#include "core/reader/background_load.h"
#include "tests/core/test_support.h"
#include "tests/support/hang_guard.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <memory>
#include <thread>
#include <unistd.h>

namespace bvh {
namespace {

std::filesystem::path writeCapture(const std::string& name, int frames) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_background_" + std::to_string(::getpid()) + "_" + name);
    std::ofstream out(path, std::ios::binary);
    out << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
           "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: "
        << frames << "\nFrame Time: 0.01\n";
    for (int frame = 0; frame < frames; ++frame) {
        out << frame << " 0.5 -0.5\n";
    }
    return path;
}

void waitUntilFinished(const BackgroundLoad& load) {
    const auto deadline = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (!load.finished() && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_TRUE(load.finished());
}

TEST(BackgroundLoad, LoadsWhileTheCallerReadsFinishedFrames) {
    const auto path = writeCapture("ok.bvh", 200000);
    BackgroundLoad load(path);
    // Sample whatever is loaded while the load runs: every published frame is final.
    std::uint32_t seen = 0;
    while (!load.finished()) {
        if (!load.headerReady()) {
            continue;
        }
        EXPECT_EQ(load.document().skeleton.nodeCount(), 2u);
        auto lock = load.lockMotion();
        const std::uint32_t frames = load.framesLoaded();
        if (frames > 0) {
            const float first = load.document().motion.values[(frames - 1) * 3];
            EXPECT_EQ(first, static_cast<float>(frames - 1));
            seen = frames;
        }
    }
    EXPECT_DOUBLE_EQ(load.fraction(), 1.0);
    Document document = load.take();
    std::filesystem::remove(path);
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    EXPECT_EQ(document.motion.frameCount, 200000u);
    EXPECT_LE(seen, 200000u);
}

// Waits, on the loading thread's onHeaderReady (between the header and the first row), until
// `load` is given and cancelled; false when that did not happen within the hang guard.
bool heldUntilCancelled(const std::atomic<const BackgroundLoad*>& load) {
    const auto deadline = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    const BackgroundLoad* watched = nullptr;
    while (std::chrono::steady_clock::now() < deadline) {
        watched = watched != nullptr ? watched : load.load();
        if (watched != nullptr && watched->cancelRequested()) {
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

// Every row of writeCapture's is at least this long ("0 0.5 -0.5\n").
constexpr std::size_t kShortestRowBytes = 11;

TEST(BackgroundLoad, ACancelledLoadStopsAtTheEndOfTheBlockItIsIn) {
    constexpr std::uint32_t kFrames = 300000; // about 4 MB: many blocks after the first
    const auto path = writeCapture("cancel.bvh", kFrames);
    std::atomic<const BackgroundLoad*> watched{nullptr};
    std::atomic<bool> held{false};
    BackgroundLoad load(path, 1, [&] { held = heldUntilCancelled(watched); });
    load.cancel(); // before the first row: the loading thread is held until now, or not there yet
    watched = &load;
    waitUntilFinished(load);
    EXPECT_TRUE(held);
    // The first block of rows (ParseOptions::firstBlockBytes) and no more: 18 216 rows of the
    // 300 000 (a load that ignored the cancel reads them all).
    EXPECT_LE(load.framesLoaded(), ParseOptions{}.firstBlockBytes / kShortestRowBytes);
    const Document document = load.take();
    EXPECT_NE(test::findDiagnostic(document, Severity::Error, "loading was cancelled"), nullptr)
        << test::describeDiagnostics(document);
    EXPECT_EQ(document.motion.frameCount, 0u);
    std::filesystem::remove(path);
}

TEST(BackgroundLoad, DestroyingARunningLoadCancelsIt) {
    const auto path = writeCapture("destroyed.bvh", 300000);
    // The loading thread is held between the header and the first row until the load is
    // cancelled: a destructor that did not cancel would leave it there (failing after the hang
    // guard), and ACancelledLoadStopsAtTheEndOfTheBlockItIsIn checks where a cancelled load
    // stops.
    std::atomic<const BackgroundLoad*> watched{nullptr};
    std::atomic<bool> held{false};
    auto load =
        std::make_unique<BackgroundLoad>(path, 1, [&] { held = heldUntilCancelled(watched); });
    watched = load.get();
    load.reset();
    EXPECT_TRUE(held) << "the destructor did not cancel the load";
    std::filesystem::remove(path);
}

// The file is changed on the loading thread between the header and the first row, so the
// change always lands in the middle of the load (300 000 rows are several blocks).
Document loadChangingAfterHeader(const std::filesystem::path& path,
                                 const std::function<void()>& change) {
    BackgroundLoad load(path, 2, change);
    waitUntilFinished(load);
    EXPECT_TRUE(load.headerReady());
    return load.take();
}

TEST(BackgroundLoad, AFileTruncatedWhileLoadingEndsWithAnErrorAndNothingHalfLoaded) {
    const auto path = writeCapture("truncated.bvh", 300000);
    const Document document = loadChangingAfterHeader(
        path, [&] { std::filesystem::resize_file(path, std::filesystem::file_size(path) / 3); });
    EXPECT_FALSE(document.loaded());
    const Diagnostic* error =
        test::findDiagnostic(document, Severity::Error, "changed while it was being read");
    ASSERT_NE(error, nullptr) << test::describeDiagnostics(document);
    EXPECT_EQ(error->line, 0u);
    EXPECT_EQ(document.skeleton.nodeCount(), 0u);
    EXPECT_EQ(document.motion.frameCount, 0u);
    EXPECT_TRUE(document.motion.values.empty());
    std::filesystem::remove(path);
}

TEST(BackgroundLoad, AFileThatGrowsWhileLoadingEndsWithAnError) {
    const auto path = writeCapture("grown.bvh", 300000);
    const Document document = loadChangingAfterHeader(
        path, [&] { std::ofstream(path, std::ios::binary | std::ios::app) << "1 2 3\n"; });
    EXPECT_FALSE(document.loaded());
    EXPECT_NE(test::findDiagnostic(document, Severity::Error, "changed while it was being read"),
              nullptr)
        << test::describeDiagnostics(document);
    std::filesystem::remove(path);
}

TEST(BackgroundLoad, AFileDeletedWhileLoadingStillLoadsWhatWasOpened) {
    // An open file keeps its contents after unlink: every row is read, nothing is mixed.
    const auto path = writeCapture("deleted.bvh", 300000);
    const Document document = loadChangingAfterHeader(path, [&] { std::filesystem::remove(path); });
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    ASSERT_EQ(document.motion.frameCount, 300000u);
    EXPECT_EQ(document.motion.frame(299999)[0], 299999.0f);
    EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(BackgroundLoad, MissingFileFinishesWithAnError) {
    BackgroundLoad load("/nonexistent/capture.bvh");
    waitUntilFinished(load);
    EXPECT_FALSE(load.headerReady());
    Document document = load.take();
    EXPECT_FALSE(document.loaded());
    EXPECT_NE(test::findDiagnostic(document, Severity::Error, "cannot open"), nullptr);
}

} // namespace
} // namespace bvh
