#include "app/viewer/io/recent_folders.h"
#include "core/platform/utf8_path.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace bvhscope::viewer {
namespace {

// An absolute folder on this platform ("/name" on POSIX, "C:\name" on Windows), written as
// the viewer keeps it (the platform's separators).
std::string folder(const std::string& name) {
    return bvh::utf8FromPath(
        (std::filesystem::temp_directory_path().root_path() / name).lexically_normal());
}

TEST(RecentFolders, AddPutsFirstWithoutRepeatsAndKeepsEight) {
    RecentFolders recent;
    recent.add(folder("a"));
    recent.add(folder("b"));
    recent.add(folder("a") + "/"); // the same folder as "/a"
    EXPECT_EQ(recent.folders(), (std::vector<std::string>{folder("a"), folder("b")}));
    for (int i = 0; i < 10; ++i) {
        recent.add(folder("f" + std::to_string(i)));
    }
    ASSERT_EQ(recent.folders().size(), kMaxRecentFolders);
    EXPECT_EQ(recent.folders().front(), folder("f9"));
    EXPECT_EQ(recent.folders().back(), folder("f2")); // a, b, f0, f1 went, oldest first
}

TEST(RecentFolders, ParseKeepsTheFileOrderAndSkipsWhatCannotBeAFolder) {
    const RecentFolders recent =
        RecentFolders::parse(folder("takes") + "\r\n\nrelative/path\n" + folder("music/set") +
                             "\n" + folder("takes") + "\n" + folder("last"));
    EXPECT_EQ(recent.folders(),
              (std::vector<std::string>{folder("takes"), folder("music/set"), folder("last")}));
    EXPECT_EQ(RecentFolders::parse(recent.serialize()).folders(), recent.folders());
}

TEST(RecentFolders, ALineBreakInAPathIsNotKept) {
    RecentFolders recent;
    recent.add(folder("a") + "\nb");
    EXPECT_TRUE(recent.folders().empty());
}

TEST(RecentFolders, SavedAndLoadedBack) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("bvhscope_recent_" + std::to_string(::getpid()));
    const auto file = dir / "config" / "recent_folders.txt";
    EXPECT_TRUE(RecentFolders::load(file).folders().empty()) << "missing: nothing";
    RecentFolders recent;
    recent.add(folder("one"));
    recent.add(folder("two"));
    ASSERT_TRUE(recent.save(file)); // creates the folder
    EXPECT_EQ(RecentFolders::load(file).folders(),
              (std::vector<std::string>{folder("two"), folder("one")}));
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace bvhscope::viewer
