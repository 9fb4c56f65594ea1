// Noticing that an open file is still being written, off the UI thread. The tests wait on the
// watcher's state (its completed rounds, its reports), never on time: a loaded machine, or Wine,
// only makes them slower. Each watcher ends before its files are removed: on Windows a file the
// watcher's thread holds open for a moment keeps its folder from being removed.
#include "app/viewer/live/file_growth_watch.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <thread>
#include <vector>

using namespace bvhscope::viewer;

namespace {

// Only a hang guard: every wait ends as soon as the watcher's state says so.
constexpr std::chrono::seconds kHangGuard{60};
constexpr std::chrono::milliseconds kInterval{20};

// A folder of its own under the temporary directory, removed when the test ends. Declared before
// the watcher, it outlives it.
class TemporaryFolder {
public:
    explicit TemporaryFolder(const std::string& prefix)
        : path_(std::filesystem::temp_directory_path() /
                (prefix +
                 std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()))) {
        std::filesystem::create_directories(path_);
    }
    ~TemporaryFolder() {
        std::error_code error;
        std::filesystem::remove_all(path_, error);
        EXPECT_FALSE(error) << "removing " << path_.string() << ": " << error.message();
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

// Waits until the watcher has begun and ended at least one whole round after this call: a change
// made before the call has then been looked at.
void waitForAWholeRound(const FileGrowthWatch& watch) {
    const std::uint64_t target = watch.roundsCompleted() + 2;
    const auto giveUp = std::chrono::steady_clock::now() + kHangGuard;
    while (watch.roundsCompleted() < target && std::chrono::steady_clock::now() < giveUp) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_GE(watch.roundsCompleted(), target) << "the watcher's thread stopped looking";
}

std::vector<std::string> waitForChanged(FileGrowthWatch& watch) {
    const auto giveUp = std::chrono::steady_clock::now() + kHangGuard;
    while (std::chrono::steady_clock::now() < giveUp) {
        if (std::vector<std::string> changed = watch.takeChanged(); !changed.empty()) {
            return changed;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return {};
}

TEST(FileGrowthWatch, ReportsAFileThatGrewOnceAndOnlyThatOne) {
    const TemporaryFolder folder("bvhscope-growth-");
    const std::string growing = folder.file("growing.bvh");
    const std::string still = folder.file("still.bvh");
    std::ofstream(growing) << "HIERARCHY\n";
    std::ofstream(still) << "HIERARCHY\n";
    FileGrowthWatch watch(kInterval);
    watch.watch({growing, still});
    waitForAWholeRound(watch);
    EXPECT_FALSE(watch.anyChanged()); // nothing changed yet
    std::ofstream(growing, std::ios::app) << "ROOT Hips\n";
    const std::vector<std::string> changed = waitForChanged(watch);
    EXPECT_EQ(changed, std::vector<std::string>{growing});
    // Reported once: growing again says nothing more (the viewer follows it by then).
    std::ofstream(growing, std::ios::app) << "{\n";
    waitForAWholeRound(watch);
    EXPECT_EQ(watch.takeChanged(), std::vector<std::string>{});
}

TEST(FileGrowthWatch, ReportsAFileReplacedByOneOfTheSameSizeAndTime) {
    // Issue 45: a file is told apart by its identity (device and inode), not its size and time.
    const TemporaryFolder folder("bvhscope-replaced-");
    const std::filesystem::path file = folder.file("take.bvh");
    const std::filesystem::path next = folder.file("next.bvh");
    std::ofstream(file) << "HIERARCHY\n";
    std::ofstream(next) << "HIERARCHX\n";
    std::filesystem::last_write_time(next, std::filesystem::last_write_time(file));
    FileGrowthWatch watch(kInterval);
    watch.watch({file.string()});
    std::filesystem::rename(next, file);
    EXPECT_EQ(waitForChanged(watch), std::vector<std::string>{file.string()});
}

TEST(FileGrowthWatch, AFileNoLongerWatchedIsNotReported) {
    const TemporaryFolder folder("bvhscope-unwatched-");
    const std::string file = folder.file("take.bvh");
    std::ofstream(file) << "HIERARCHY\n";
    FileGrowthWatch watch(kInterval);
    watch.watch({file});
    watch.watch({}); // closed in the viewer
    std::ofstream(file, std::ios::app) << "ROOT Hips\n";
    waitForAWholeRound(watch);
    EXPECT_TRUE(watch.takeChanged().empty());
}

} // namespace
