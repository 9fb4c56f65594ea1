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

// Issue 42: typing a name filters the list as it is typed (any case, anywhere in the name) and
// selects the first match, one starting with it first; Enter opens that match.
TEST_F(InWindowChooserTest, TypingANameFiltersAndSelectsTheFirstMatch) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::OpenFiles, root_ / "takes", "", ChooserFilter::Captures);
    chooser.typed = "WALK";
    chooser.typedChanged();
    EXPECT_EQ(names(chooser), (std::vector<std::string>{"Walk1.BVH", "walk2.bvh", "walk10.bvh"}));
    EXPECT_EQ(chooser.selected(), 0u);
    chooser.typed = "2";
    chooser.typedChanged(); // contained, not at the start: still a match
    EXPECT_EQ(names(chooser), (std::vector<std::string>{"walk2.bvh"}));
    EXPECT_EQ(chooser.selected(), 0u);
    chooser.typed = "u";
    chooser.typedChanged(); // "sub/" starts with it: selected before "B folder/" would be
    EXPECT_EQ(names(chooser), (std::vector<std::string>{"sub/"}));
    chooser.typed = "walk1";
    chooser.typedChanged();
    EXPECT_EQ(names(chooser), (std::vector<std::string>{"Walk1.BVH", "walk10.bvh"}));
    chooser.accept(); // no file "walk1": its first match opens
    ASSERT_FALSE(chooser.active());
    EXPECT_EQ(chooser.takeChosen()->front(), (root_ / "takes" / "Walk1.BVH").string());
}

TEST_F(InWindowChooserTest, EnterOnANameThatMatchesNothingSaysSo) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::OpenFiles, root_ / "takes", "", ChooserFilter::Captures);
    chooser.typed = "truebones_crab";
    chooser.typedChanged();
    EXPECT_TRUE(chooser.entries().empty());
    EXPECT_FALSE(chooser.selected().has_value());
    chooser.accept();
    EXPECT_TRUE(chooser.active());
    EXPECT_EQ(chooser.error(), "Nothing in this folder matches \"truebones_crab\"");
    chooser.typed.clear();
    chooser.typedChanged(); // the whole folder again, the message gone
    EXPECT_EQ(chooser.entries().size(), 5u);
    EXPECT_TRUE(chooser.error().empty());
}

TEST_F(InWindowChooserTest, TabCompletesTheSharedStartAndAUniqueName) {
    InWindowChooser chooser;
    chooser.start(InWindowChooser::Mode::OpenFiles, root_ / "takes", "", ChooserFilter::All);
    EXPECT_EQ(chooser.completion("wa"), std::optional<std::string>("walk"))
        << "Walk1.BVH, walk2, walk10: shared in any case";
    EXPECT_EQ(chooser.completion("walk1"), std::nullopt)
        << "Walk1.BVH and walk10.bvh share only walk1: nothing to add";
    EXPECT_EQ(chooser.completion("walk10"), std::optional<std::string>("walk10.bvh"));
    EXPECT_EQ(chooser.completion("so"), std::optional<std::string>("song.WAV"));
    EXPECT_EQ(chooser.completion("s"), std::nullopt) << "song.WAV and sub/ share only s";
    EXPECT_EQ(chooser.completion("su"), std::optional<std::string>("sub/")) << "a folder: /";
    EXPECT_EQ(chooser.completion("x"), std::nullopt);
    InWindowChooser saving;
    saving.start(InWindowChooser::Mode::SaveFile, root_ / "takes", "out.bvh",
                 ChooserFilter::Captures);
    EXPECT_EQ(saving.completion("wa"), std::nullopt) << "saving types a new name";
    saving.typedChanged();
    EXPECT_EQ(saving.entries().size(), 5u) << "and filters nothing";
}

} // namespace
} // namespace bvhscope::viewer
