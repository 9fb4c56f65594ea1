// The files the viewer keeps for itself (settings.ini, up_axes.tsv, imgui.ini) are read only
// when they are regular files of a sane size: a named pipe there would block the start, a link
// to /dev/zero would be read until memory runs out, a huge sparse file would cost seconds and
// gigabytes. The viewer starts, says which file it leaves alone, and never writes over it.
#include "tests/gui/gui_test_support.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>

using namespace bvhscope::gui_test;

namespace {

bool isFifo(const std::filesystem::path& path) {
    struct stat status {};
    return ::lstat(path.c_str(), &status) == 0 && S_ISFIFO(status.st_mode);
}

TEST(KeptFiles, NamedPipesInTheSettingsFolderDoNotHoldTheStart) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto config = dir.path() / "config" / "bvhscope";
    std::filesystem::create_directories(config);
    for (const char* name : {"settings.ini", "up_axes.tsv", "imgui.ini"}) {
        ASSERT_EQ(::mkfifo((config / name).c_str(), 0600), 0) << name;
    }
    // Opening a pipe for reading waits for a writer that never comes: the window showing at
    // all, with the pipes' errors, is the proof that none was opened like a file.
    ViewerProcess viewer(dir, {"--size", "900x600"});
    const auto state =
        viewer.waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; });
    ASSERT_TRUE(state) << "the viewer never showed a window";
    EXPECT_TRUE(anyErrorMentions(*state, "up_axes.tsv is a named pipe (FIFO), not a regular file"));
    EXPECT_TRUE(anyErrorMentions(*state, "imgui.ini is a named pipe (FIFO), not a regular file"));
    EXPECT_EQ(viewer.terminate(), 0);
    // Left as they were: the layout and the remembered axes were not written over them.
    EXPECT_TRUE(isFifo(config / "up_axes.tsv"));
    EXPECT_TRUE(isFifo(config / "imgui.ini"));
}

TEST(KeptFiles, AnEndlessOrHugeListIsLeftAloneAndUnread) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto config = dir.path() / "config" / "bvhscope";
    std::filesystem::create_directories(config);
    std::filesystem::create_symlink("/dev/zero", config / "imgui.ini");
    { std::ofstream(config / "up_axes.tsv") << ""; }
    std::filesystem::resize_file(config / "up_axes.tsv", std::uintmax_t{1} << 30); // sparse
    ViewerProcess viewer(dir, {"--size", "900x600"});
    const auto state =
        viewer.waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; });
    ASSERT_TRUE(state);
    EXPECT_TRUE(anyErrorMentions(*state, "up_axes.tsv is 1073741824 bytes"));
    EXPECT_TRUE(anyErrorMentions(*state, "imgui.ini is a device, not a regular file"));
    EXPECT_EQ(viewer.terminate(), 0);
    EXPECT_EQ(std::filesystem::file_size(config / "up_axes.tsv"), std::uintmax_t{1} << 30);
    EXPECT_TRUE(std::filesystem::is_symlink(config / "imgui.ini"));
}

} // namespace
