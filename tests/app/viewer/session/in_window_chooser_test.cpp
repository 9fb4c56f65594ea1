#include "app/viewer/session/in_window_chooser.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace bvhscope::viewer {
namespace {

namespace fs = std::filesystem;

class InWindowChooserTest : public testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() /
                ("bvhscope_chooser_" + std::to_string(::getpid()) + "_" +
                 testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(root_ / "takes" / "sub");
        fs::create_directories(root_ / "takes" / "B folder");
        for (const char* name :
             {"walk10.bvh", "walk2.bvh", "Walk1.BVH", "song.WAV", "notes.txt", ".hidden.bvh"}) {
            std::ofstream(root_ / "takes" / name) << "x";
        }
    }
    void TearDown() override { fs::remove_all(root_); }

    std::vector<std::string> names(const InWindowChooser& chooser) const {
        std::vector<std::string> result;
        for (const ChooserEntry& entry : chooser.entries()) {
            result.push_back(entry.folder ? entry.name + "/" : entry.name);
        }
        return result;
    }

    fs::path root_;
};

TEST_F(InWindowChooserTest, FoldersFirstThenFilesInNaturalOrderFiltered) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::OpenFiles, root_ / "takes", "", ChooserFilter::Captures);
    EXPECT_TRUE(chooser.active());
    EXPECT_EQ(names(chooser), (std::vector<std::string>{"B folder/", "sub/", "Walk1.BVH",
                                                        "walk2.bvh", "walk10.bvh"}));
    chooser.setFilter(ChooserFilter::Sounds);
    EXPECT_EQ(names(chooser), (std::vector<std::string>{"B folder/", "sub/", "song.WAV"}));
    chooser.setFilter(ChooserFilter::All); // everything but the hidden file
    EXPECT_EQ(names(chooser),
              (std::vector<std::string>{"B folder/", "sub/", "notes.txt", "song.WAV", "Walk1.BVH",
                                        "walk2.bvh", "walk10.bvh"}));
}

TEST_F(InWindowChooserTest, ArrowsEnterAndBackspace) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::OpenFiles, root_ / "takes", "", ChooserFilter::Captures);
    EXPECT_FALSE(chooser.selected().has_value());
    chooser.moveSelection(1); // from none: the first
    EXPECT_EQ(chooser.selected(), 0u);
    chooser.moveSelection(-5); // clamped
    EXPECT_EQ(chooser.selected(), 0u);
    chooser.moveSelection(1);
    chooser.accept(); // Enter on "sub/": it is shown
    EXPECT_EQ(chooser.folder(), root_ / "takes" / "sub");
    EXPECT_TRUE(chooser.entries().empty());
    chooser.toParent(); // Backspace: back, with "sub" selected
    EXPECT_EQ(chooser.folder(), root_ / "takes");
    EXPECT_EQ(chooser.selected(), 1u);
    chooser.moveSelection(100); // the last: walk10.bvh
    chooser.accept();
    EXPECT_FALSE(chooser.active());
    const auto chosen = chooser.takeChosen();
    ASSERT_TRUE(chosen.has_value());
    EXPECT_EQ(*chosen, (std::vector<std::string>{(root_ / "takes" / "walk10.bvh").string()}));
    EXPECT_FALSE(chooser.takeChosen().has_value()) << "taken once";
    EXPECT_EQ(chooser.recent.folders().front(), (root_ / "takes").string());
}

TEST_F(InWindowChooserTest, TypedPathsRelativeAbsoluteAndMissing) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::OpenFiles, root_, "", ChooserFilter::Captures);
    chooser.typed = "takes/sub";
    chooser.accept(); // a folder typed is shown, and the field emptied
    EXPECT_EQ(chooser.folder(), root_ / "takes" / "sub");
    EXPECT_TRUE(chooser.typed.empty());
    EXPECT_TRUE(chooser.active());
    chooser.typed = "../nothing.bvh";
    chooser.accept(); // stays, saying why
    EXPECT_TRUE(chooser.active());
    EXPECT_NE(chooser.error().find("No such file or folder"), std::string::npos) << chooser.error();
    chooser.typed = (root_ / "takes" / "walk2.bvh").string();
    chooser.accept();
    ASSERT_FALSE(chooser.active());
    EXPECT_EQ(chooser.takeChosen()->front(), (root_ / "takes" / "walk2.bvh").string());
}

TEST_F(InWindowChooserTest, SaveTakesANameInTheFolderShownOrAPath) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::SaveFile, root_ / "takes", "walk2_export.bvh",
                  ChooserFilter::Captures);
    EXPECT_EQ(chooser.typed, "walk2_export.bvh");
    chooser.select(2); // Walk1.BVH: its name is proposed
    EXPECT_EQ(chooser.typed, "Walk1.BVH");
    chooser.typed = "new.bvh";
    chooser.accept();
    EXPECT_EQ(chooser.takeChosen()->front(), (root_ / "takes" / "new.bvh").string());
    chooser.start(InWindowChooser::Mode::SaveFile, root_ / "takes", "x.bvh",
                  ChooserFilter::Captures);
    chooser.typed = "missing/x.bvh";
    chooser.accept();
    EXPECT_TRUE(chooser.active()) << "no folder to save in";
    chooser.typed = "";
    chooser.accept();
    EXPECT_TRUE(chooser.active());
    EXPECT_EQ(chooser.error(), "Type a file name");
}

TEST_F(InWindowChooserTest, OpenFolderChoosesTheFolderShownAndCancelChoosesNothing) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::OpenFolder, root_ / "takes" / "sub", "",
                  ChooserFilter::Captures);
    chooser.accept();
    EXPECT_EQ(chooser.takeChosen()->front(), (root_ / "takes" / "sub").string());
    chooser.start(InWindowChooser::Mode::OpenFiles, root_, "", ChooserFilter::Captures);
    chooser.cancel();
    EXPECT_FALSE(chooser.active());
    EXPECT_FALSE(chooser.takeChosen().has_value());
}

TEST_F(InWindowChooserTest, AFolderThatWentAwayShowsItsNearestParent) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::OpenFiles, root_ / "takes" / "gone" / "deeper", "",
                  ChooserFilter::Captures);
    EXPECT_EQ(chooser.folder(), root_ / "takes");
    EXPECT_TRUE(chooser.error().empty());
}

TEST_F(InWindowChooserTest, AnUnreadableFolderSaysWhy) {
    std::string error;
    const auto entries =
        listChooserFolder(root_ / "takes" / "walk2.bvh", ChooserFilter::All, error);
    EXPECT_TRUE(entries.empty());
    EXPECT_NE(error.find("cannot list"), std::string::npos) << error;
}

} // namespace
} // namespace bvhscope::viewer
