// Noticing that an open file is still being written, off the UI thread.
#include "app/viewer/live/file_growth_watch.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <thread>

using namespace bvhscope::viewer;

namespace {

std::vector<std::string> waitForChanged(FileGrowthWatch& watch) {
    for (int i = 0; i < 200; ++i) {
        if (std::vector<std::string> changed = watch.takeChanged(); !changed.empty()) {
            return changed;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return {};
}

TEST(FileGrowthWatch, ReportsAFileThatGrewOnceAndOnlyThatOne) {
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() /
        ("bvhscope-growth-" +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(folder);
    const std::string growing = (folder / "growing.bvh").string();
    const std::string still = (folder / "still.bvh").string();
    std::ofstream(growing) << "HIERARCHY\n";
    std::ofstream(still) << "HIERARCHY\n";
    FileGrowthWatch watch(std::chrono::milliseconds(20));
    watch.watch({growing, still});
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    EXPECT_FALSE(watch.anyChanged()); // nothing changed yet
    std::ofstream(growing, std::ios::app) << "ROOT Hips\n";
    const std::vector<std::string> changed = waitForChanged(watch);
    EXPECT_EQ(changed, std::vector<std::string>{growing});
    // Reported once: growing again says nothing more (the viewer follows it by then).
    std::ofstream(growing, std::ios::app) << "{\n";
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_TRUE(watch.takeChanged().empty());
    std::filesystem::remove_all(folder);
}

TEST(FileGrowthWatch, ReportsAFileReplacedByOneOfTheSameSizeAndTime) {
    // Issue 45: a file is told apart by its identity (device and inode), not its size and time.
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() /
        ("bvhscope-replaced-" +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(folder);
    const std::filesystem::path file = folder / "take.bvh";
    const std::filesystem::path next = folder / "next.bvh";
    std::ofstream(file) << "HIERARCHY\n";
    std::ofstream(next) << "HIERARCHX\n";
    std::filesystem::last_write_time(next, std::filesystem::last_write_time(file));
    FileGrowthWatch watch(std::chrono::milliseconds(20));
    watch.watch({file.string()});
    std::filesystem::rename(next, file);
    EXPECT_EQ(waitForChanged(watch), std::vector<std::string>{file.string()});
    std::filesystem::remove_all(folder);
}

TEST(FileGrowthWatch, AFileNoLongerWatchedIsNotReported) {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() /
        ("bvhscope-unwatched-" +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + ".bvh");
    std::ofstream(file) << "HIERARCHY\n";
    FileGrowthWatch watch(std::chrono::milliseconds(20));
    watch.watch({file.string()});
    watch.watch({}); // closed in the viewer
    std::ofstream(file, std::ios::app) << "ROOT Hips\n";
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_TRUE(watch.takeChanged().empty());
    std::filesystem::remove(file);
}

} // namespace
