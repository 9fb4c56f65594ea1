#include "app/viewer/io/recent_folders.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace bvhscope::viewer {
namespace {

TEST(RecentFolders, AddPutsFirstWithoutRepeatsAndKeepsEight) {
    RecentFolders recent;
    recent.add("/a");
    recent.add("/b");
    recent.add("/a/"); // the same folder as "/a"
    EXPECT_EQ(recent.folders(), (std::vector<std::string>{"/a", "/b"}));
    for (int i = 0; i < 10; ++i) {
        recent.add("/f" + std::to_string(i));
    }
    ASSERT_EQ(recent.folders().size(), kMaxRecentFolders);
    EXPECT_EQ(recent.folders().front(), "/f9");
    EXPECT_EQ(recent.folders().back(), "/f2"); // /a, /b, /f0, /f1 went, oldest first
}

TEST(RecentFolders, ParseKeepsTheFileOrderAndSkipsWhatCannotBeAFolder) {
    const RecentFolders recent =
        RecentFolders::parse("/takes\r\n\nrelative/path\n/music/set\n/takes\n/last");
    EXPECT_EQ(recent.folders(), (std::vector<std::string>{"/takes", "/music/set", "/last"}));
    EXPECT_EQ(RecentFolders::parse(recent.serialize()).folders(), recent.folders());
}

TEST(RecentFolders, ALineBreakInAPathIsNotKept) {
    RecentFolders recent;
    recent.add("/a\nb");
    EXPECT_TRUE(recent.folders().empty());
}

TEST(RecentFolders, SavedAndLoadedBack) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("bvhscope_recent_" + std::to_string(::getpid()));
    const auto file = dir / "config" / "recent_folders.txt";
    EXPECT_TRUE(RecentFolders::load(file).folders().empty()) << "missing: nothing";
    RecentFolders recent;
    recent.add("/one");
    recent.add("/two");
    ASSERT_TRUE(recent.save(file)); // creates the folder
    EXPECT_EQ(RecentFolders::load(file).folders(), (std::vector<std::string>{"/two", "/one"}));
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace bvhscope::viewer
