// Browsing a folder through one character: opening a folder shows its first file that loads,
// next/previous replace that character in place (colour, slot, camera, selection by joint
// name, playback time when it fits), files opened by hand stay, files that fail are skipped or
// reported, and closing the folder keeps what is shown.
#include "app/viewer/io/file_loading.h"
#include "app/viewer/session/folder_navigation.h"
#include "app/viewer/session/session.h"
#include "tests/app/folder/folder_test_support.h"

#include <gtest/gtest.h>
#include <regex>
#include <sstream>

using namespace bvhscope::viewer;
using namespace bvhscope::folder;
using namespace bvhscope::scene;
using bvhscope::folder_test::pumpUntil;
using bvhscope::folder_test::ScratchFolder;

namespace {

class FolderNavigation : public testing::Test {
protected:
    void SetUp() override { folder_.fillStandard(); }

    // Runs the browser until nothing is pending (no load, no summary, requests handled).
    bool settle() {
        return pumpUntil([&] { updateFolderBrowsing(state_); },
                         [&] {
                             const FolderBrowser& folder = state_.folder;
                             return !folder.browseLoad && !folder.summarizing();
                         });
    }
    std::string browsedName() const {
        const auto index = browsedCharacter(state_.scene);
        return index ? state_.scene.characters()[*index].clip->displayName : "(none)";
    }
    std::size_t row(const std::string& name) const {
        const auto& entries = state_.folder.entries();
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (entries[i].name == name) {
                return i;
            }
        }
        ADD_FAILURE() << "no row " << name;
        return 0;
    }

    // A command as the session applies it (the Browser's buttons and keys push these).
    void push(const Command& command) {
        std::ostringstream err;
        applyCommand(state_, command, 1.0f, err);
    }

    ScratchFolder folder_;
    SessionState state_;
};

TEST_F(FolderNavigation, OpeningAFolderShowsItsFirstFileThatLoads) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(state_.folder.isOpen());
    ASSERT_EQ(state_.folder.entries().size(), 4u);
    ASSERT_TRUE(settle());
    // broken.bvh comes first and does not load: Walk1.BVH is shown.
    ASSERT_EQ(state_.scene.characters().size(), 1u);
    EXPECT_EQ(browsedName(), "Walk1.BVH");
    EXPECT_EQ(state_.folder.current, row("Walk1.BVH"));
    EXPECT_EQ(state_.folder.entries()[row("broken.bvh")].status, FileStatus::Error);
    EXPECT_TRUE(state_.framing.figures); // nothing was shown before: frame it (frameOnLoad)
    EXPECT_FALSE(state_.openErrorPopup); // a step skips bad files quietly; the row tells
}

TEST_F(FolderNavigation, SummariesFillEveryRow) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    const auto& entries = state_.folder.entries();
    const std::pair<const char*, std::size_t> expected[] = {
        {"Walk1.BVH", 18}, {"walk2.bvh", 21}, {"walk10.bvh", 31}};
    for (const auto& [name, joints] : expected) {
        const FolderEntry& entry = entries[row(name)];
        ASSERT_TRUE(entry.facts.has_value()) << name;
        EXPECT_EQ(entry.facts->summary.joints, joints) << name;
        const bvh::Document document = bvh::loadDocument(entry.path);
        EXPECT_EQ(entry.facts->summary.framesPresent, document.motion.frameCount) << name;
        EXPECT_EQ(entry.thumbnail, ThumbnailState::Pending) << name;
        ASSERT_TRUE(entry.thumbnailPose.has_value());
        EXPECT_LE(entry.thumbnailPose->motion.frameCount, 1u);
    }
    EXPECT_EQ(entries[row("walk2.bvh")].status, FileStatus::Ok);
    EXPECT_EQ(entries[row("walk10.bvh")].status, FileStatus::Warnings);
    const FolderEntry& broken = entries[row("broken.bvh")];
    EXPECT_EQ(broken.thumbnail, ThumbnailState::None);
    ASSERT_TRUE(broken.facts.has_value());
    EXPECT_TRUE(std::regex_search(broken.facts->diagnosticLines.at(0),
                                  std::regex("broken\\.bvh:5:3: error: ")));
    EXPECT_TRUE(state_.folder.busy()); // thumbnails are still to draw (folder_thumbnails.h)
}

// The frame loop redraws a few times a second while the Browser's summaries and thumbnails are
// all that moves (viewer_app.cpp): that work moves the session, but not "besides" it; a browsed
// file loading does.
TEST_F(FolderNavigation, TheBrowsersBackgroundWorkIsToldApartFromWhatElseMoves) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    state_.framing = {};
    state_.notices = {};
    ASSERT_TRUE(state_.folder.busy()); // thumbnails still to draw
    EXPECT_TRUE(sessionIsMoving(state_));
    EXPECT_FALSE(sessionMovesBesidesBrowserWork(state_));
    push(command::StepTakes{1});
    ASSERT_TRUE(state_.folder.browseLoad.has_value());
    EXPECT_TRUE(sessionMovesBesidesBrowserWork(state_));
    ASSERT_TRUE(settle());
    state_.framing = {};
    state_.notices = {};
    for (FolderEntry& entry : state_.folder.entries()) {
        if (entry.thumbnail == ThumbnailState::Pending) {
            entry.thumbnailPose.reset();
            entry.thumbnail = ThumbnailState::Drawn; // as FolderThumbnails leaves them
        }
    }
    EXPECT_FALSE(state_.folder.busy());
    EXPECT_FALSE(sessionIsMoving(state_));
    EXPECT_FALSE(sessionMovesBesidesBrowserWork(state_));
}

TEST_F(FolderNavigation, NextReplacesTheBrowsedCharacterInPlace) {
    LoadOutcome byHand = loadCharacterFile(
        bvhscope::folder_test::sourceFile("tests/data/seed_cmu_example.bvh").string());
    ASSERT_TRUE(byHand.character.has_value());
    state_.scene.add(std::move(*byHand.character));
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    ASSERT_EQ(state_.scene.characters().size(), 2u);
    const std::size_t slot = *browsedCharacter(state_.scene);
    EXPECT_EQ(slot, 1u);
    const glm::vec4 colour = state_.scene.characters()[slot].appearance.color;
    const bvh::Skeleton& before = state_.scene.characters()[slot].clip->document.skeleton;
    state_.selection = Selection{slot, before.find("Hips")};
    state_.camera.distance = 7.5f;
    state_.camera.yawRadians = 1.25f;
    state_.framing.figures = false;
    state_.framing.turnToFront = false;
    state_.playback.setClip(state_.scene.duration(), state_.scene.frameTime());

    push(command::StepTakes{1});
    ASSERT_TRUE(settle());
    ASSERT_EQ(state_.scene.characters().size(), 2u);
    EXPECT_EQ(browsedCharacter(state_.scene), slot);
    EXPECT_EQ(browsedName(), "walk2.bvh");
    EXPECT_EQ(state_.folder.current, row("walk2.bvh"));
    EXPECT_EQ(state_.scene.characters()[0].clip->displayName, "seed_cmu_example.bvh"); // stays
    EXPECT_FALSE(state_.scene.characters()[0].browsed);
    const Character& now = state_.scene.characters()[slot];
    EXPECT_EQ(now.appearance.color, colour);
    ASSERT_TRUE(state_.selection.has_value());
    EXPECT_EQ(state_.selection->character, slot);
    EXPECT_EQ(now.clip->document.skeleton.names[static_cast<std::size_t>(state_.selection->node)],
              "Hips");
    EXPECT_EQ(state_.camera.yawRadians, 1.25f);
    // The new figure is framed from the same direction (issue 16: never an empty view).
    EXPECT_TRUE(state_.framing.figures);
    EXPECT_FALSE(state_.framing.turnToFront);
}

TEST_F(FolderNavigation, SelectionIsClearedWhenTheNewFileLacksTheJoint) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    const std::size_t slot = *browsedCharacter(state_.scene);
    const bvh::Skeleton& skeleton = state_.scene.characters()[slot].clip->document.skeleton;
    ASSERT_NE(skeleton.find("LeftHip"), bvh::kNoParent); // Character Studio's name
    state_.selection = Selection{slot, skeleton.find("LeftHip")};
    push(command::BrowseTake{row("walk10.bvh")}); // CMU: LHipJoint, no LeftHip
    ASSERT_TRUE(settle());
    EXPECT_EQ(browsedName(), "walk10.bvh");
    EXPECT_FALSE(state_.selection.has_value());
}

TEST_F(FolderNavigation, PlaybackTimeStaysWhenItFitsAndStartsOverWhenNot) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    push(command::BrowseTake{row("walk2.bvh")}); // 2.17 s
    ASSERT_TRUE(settle());
    ASSERT_EQ(browsedName(), "walk2.bvh");
    state_.playback.setClip(state_.scene.duration(), state_.scene.frameTime());
    state_.playback.seek(1.5);
    state_.playback.play();
    push(command::StepTakes{-1}); // Walk1.BVH: 0.1 s
    ASSERT_TRUE(settle());
    ASSERT_EQ(browsedName(), "Walk1.BVH");
    EXPECT_EQ(state_.playback.time(), 0.0);
    EXPECT_TRUE(state_.playback.playing());
    state_.playback.setClip(state_.scene.duration(), state_.scene.frameTime());
    state_.playback.seek(0.05);
    push(command::StepTakes{1}); // walk2.bvh again: 0.05 s fits
    ASSERT_TRUE(settle());
    ASSERT_EQ(browsedName(), "walk2.bvh");
    EXPECT_DOUBLE_EQ(state_.playback.time(), 0.05);
}

TEST_F(FolderNavigation, StepsSkipBadFilesAndStopAtTheEnds) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    ASSERT_EQ(browsedName(), "Walk1.BVH");
    push(command::StepTakes{-1}); // only broken.bvh before it: stays
    ASSERT_TRUE(settle());
    EXPECT_EQ(browsedName(), "Walk1.BVH");
    push(command::StepTakes{5}); // five presses in one frame: as far as the list goes
    ASSERT_TRUE(settle());
    EXPECT_EQ(browsedName(), "walk10.bvh");
    push(command::StepTakes{1});
    ASSERT_TRUE(settle());
    EXPECT_EQ(browsedName(), "walk10.bvh");
    EXPECT_FALSE(state_.openErrorPopup);
}

TEST_F(FolderNavigation, AStepOntoAFileThatNoLongerLoadsGoesOnPastIt) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    ASSERT_EQ(browsedName(), "Walk1.BVH");
    // Summarised as fine, broken since: the step finds out when it loads the file.
    folder_.write("walk2.bvh", bvhscope::folder_test::kBrokenBvh);
    push(command::StepTakes{1});
    ASSERT_TRUE(settle());
    EXPECT_EQ(browsedName(), "walk10.bvh");
    const FolderEntry& changed = state_.folder.entries()[row("walk2.bvh")];
    EXPECT_EQ(changed.status, FileStatus::Error);
    EXPECT_EQ(changed.thumbnail, ThumbnailState::None);
    ASSERT_TRUE(changed.facts.has_value());
    EXPECT_FALSE(changed.facts->loaded);
    EXPECT_TRUE(std::regex_search(changed.facts->diagnosticLines.at(0),
                                  std::regex("walk2\\.bvh:5:3: error: ")));
    EXPECT_FALSE(state_.openErrorPopup);
}

TEST_F(FolderNavigation, AClickedFileThatFailsShowsItsErrorsAndKeepsTheCharacter) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    push(command::BrowseTake{row("broken.bvh")});
    ASSERT_TRUE(settle());
    EXPECT_EQ(browsedName(), "Walk1.BVH");
    EXPECT_EQ(state_.folder.current, row("Walk1.BVH"));
    EXPECT_TRUE(state_.openErrorPopup);
    ASSERT_FALSE(state_.errorLines.empty());
    EXPECT_TRUE(std::regex_search(state_.errorLines[0], std::regex("broken\\.bvh:5:3: error: ")));
}

TEST_F(FolderNavigation, ClosingTheFolderKeepsTheCharacterAsAnOrdinaryOne) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    const std::uint64_t generation = state_.folder.generation();
    push(command::CloseFolder{});
    updateFolderBrowsing(state_);
    EXPECT_FALSE(state_.folder.isOpen());
    EXPECT_TRUE(state_.folder.entries().empty());
    EXPECT_FALSE(state_.folder.busy());
    EXPECT_NE(state_.folder.generation(), generation); // thumbnails are dropped
    ASSERT_EQ(state_.scene.characters().size(), 1u);
    EXPECT_EQ(state_.scene.characters()[0].clip->displayName, "Walk1.BVH");
    EXPECT_FALSE(browsedCharacter(state_.scene).has_value());
}

TEST_F(FolderNavigation, ClosingWhileSummarisingCancelsAndReturns) {
    for (int i = 0; i < 40; ++i) {
        folder_.copy("assets/sample_walk.bvh", "many/take" + std::to_string(i) + ".bvh");
    }
    openPaths(state_, {(folder_.path() / "many").string()});
    ASSERT_EQ(state_.folder.entries().size(), 40u);
    updateFolderBrowsing(state_);
    push(command::CloseFolder{});
    updateFolderBrowsing(state_); // joins the pool's threads after cancelling them
    EXPECT_FALSE(state_.folder.isOpen());
    EXPECT_FALSE(state_.folder.summarizing());
    EXPECT_EQ(state_.folder.workerCount(), 0u);
}

TEST_F(FolderNavigation, IncludingSubfoldersRelistsAndKeepsTheCurrentFile) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    push(command::IncludeSubfolders{true});
    updateFolderBrowsing(state_);
    ASSERT_TRUE(state_.folder.includesSubfolders());
    ASSERT_EQ(state_.folder.entries().size(), 5u);
    EXPECT_EQ(state_.folder.entries()[1].name, "sub/inner.bvh");
    EXPECT_EQ(state_.folder.current, row("Walk1.BVH"));
    ASSERT_TRUE(settle());
    EXPECT_EQ(browsedName(), "Walk1.BVH"); // nothing was reloaded
    EXPECT_EQ(state_.scene.characters().size(), 1u);
}

TEST_F(FolderNavigation, AnotherFolderReplacesTheFirstAndItsBrowsedCharacter) {
    openPaths(state_, {folder_.path().string()});
    ASSERT_TRUE(settle());
    openPaths(state_, {(folder_.path() / "sub").string()});
    ASSERT_TRUE(settle());
    EXPECT_EQ(state_.folder.folder(), folder_.path() / "sub");
    ASSERT_EQ(state_.scene.characters().size(), 1u);
    EXPECT_EQ(browsedName(), "inner.bvh");
}

TEST_F(FolderNavigation, FilesOpenAsCharacters) {
    openPaths(state_, {(folder_.path() / "walk2.bvh").string()});
    EXPECT_FALSE(state_.folder.isOpen());
    ASSERT_EQ(state_.loads.waiting().size(), 1u);
    EXPECT_EQ(state_.loads.waiting()[0].displayName, "walk2.bvh");
}

TEST_F(FolderNavigation, AnEmptyFolderOpensWithNoFiles) {
    std::filesystem::create_directories(folder_.path() / "empty");
    openPaths(state_, {(folder_.path() / "empty").string()});
    EXPECT_TRUE(state_.folder.isOpen());
    ASSERT_TRUE(settle());
    EXPECT_TRUE(state_.folder.entries().empty());
    EXPECT_TRUE(state_.scene.characters().empty());
    EXPECT_FALSE(state_.folder.busy());
}

} // namespace

namespace {

std::string deepHierarchy(int depth) {
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xrotation Yrotation "
                       "Zrotation\n";
    for (int i = 0; i < depth; ++i) {
        text += "JOINT j" + std::to_string(i) + "\n{\nOFFSET 0 1 0\nCHANNELS 1 Zrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 1 0\n}\n";
    for (int i = 0; i < depth; ++i) {
        text += "}\n";
    }
    text += "}\nMOTION\nFrames: 1\nFrame Time: 0.04\n";
    for (int i = 0; i < depth + 3; ++i) {
        text += "0 ";
    }
    return text + "\n";
}

TEST(FolderNavigationHostile, AFolderOfBadFilesListsTheirErrorsAndCrashesNothing) {
    const ScratchFolder folder;
    for (const char* name : {"channel_count_1e300.bvh", "cr_only_zero_frame_time.bvh",
                             "zero_channels_with_rows.bvh"}) {
        folder.copy(std::string("tests/data/fuzz_regressions/") + name, name);
    }
    folder.write("binary.bvh", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
    folder.write("empty.bvh", "");
    folder.write("huge_frames.bvh", "HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 1 Xposition\n"
                                    "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: "
                                    "99999999999\nFrame Time: 0.1\n1\n");
    folder.write("deep.bvh", deepHierarchy(3000));
    folder.write("unbalanced.bvh", "HIERARCHY\nROOT a\n{\n{\n{\n");
    SessionState state;
    openPaths(state, {folder.path().string()});
    ASSERT_EQ(state.folder.entries().size(), 8u);
    ASSERT_TRUE(pumpUntil([&] { updateFolderBrowsing(state); },
                          [&] { return !state.folder.summarizing() && !state.folder.browseLoad; }));
    std::size_t errors = 0;
    for (const FolderEntry& entry : state.folder.entries()) {
        ASSERT_TRUE(entry.facts.has_value()) << entry.name;
        if (entry.status == FileStatus::Error) {
            ++errors;
            ASSERT_FALSE(entry.facts->diagnosticLines.empty()) << entry.name;
            EXPECT_TRUE(std::regex_search(entry.facts->diagnosticLines[0],
                                          std::regex(":[0-9]+:[0-9]+: error: ")))
                << entry.facts->diagnosticLines[0];
            EXPECT_EQ(entry.thumbnail, ThumbnailState::None) << entry.name;
        } else {
            EXPECT_EQ(entry.thumbnail, ThumbnailState::Pending) << entry.name;
        }
    }
    EXPECT_GE(errors, 4u); // binary, empty, unbalanced and at least one fuzz regression
    // What was shown is a file that loads (the first one in the list that does).
    const auto browsed = browsedCharacter(state.scene);
    ASSERT_TRUE(browsed.has_value());
    ASSERT_TRUE(state.folder.current.has_value());
    EXPECT_NE(state.folder.entries()[*state.folder.current].status, FileStatus::Error);
    const FolderEntry& deep = state.folder.entries()[3]; // binary, channel.., cr_only.., deep
    ASSERT_EQ(deep.name, "deep.bvh");
    EXPECT_EQ(deep.status, FileStatus::Ok);
    EXPECT_EQ(deep.facts->summary.joints, 3001u);
}

} // namespace

namespace {

TEST(FolderTimingReport, OneLineOnceTheFolderIsDoneWithTheLongestFrame) {
    const ScratchFolder folder;
    folder.fillStandard();
    SessionState state;
    openPaths(state, {folder.path().string()});
    FolderTimingReport report;
    std::ostringstream out;
    const auto now = std::chrono::steady_clock::now();
    report.frameShown(state.folder, 5.0, now, out); // summaries and the first file to come
    report.frameShown(state.folder, 12.5, now, out);
    EXPECT_TRUE(out.str().empty());
    ASSERT_TRUE(pumpUntil([&] { updateFolderBrowsing(state); },
                          [&] { return !state.folder.summarizing() && !state.folder.browseLoad; }));
    report.frameShown(state.folder, 7.0, now, out); // thumbnails still to draw
    EXPECT_TRUE(out.str().empty());
    for (FolderEntry& entry : state.folder.entries()) { // as FolderThumbnails would
        if (entry.thumbnail == ThumbnailState::Pending) {
            entry.thumbnail = ThumbnailState::Drawn;
            entry.thumbnailPose.reset();
        }
    }
    report.frameShown(state.folder, 3.0, now, out);
    EXPECT_NE(out.str().find("folder " + folder.path().string() + ": 4 files, summarised "),
              std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find("; 3 UI frames meanwhile, the longest 12.5 ms\n"), std::string::npos)
        << out.str();
    const std::string once = out.str();
    report.frameShown(state.folder, 50.0, now, out);
    EXPECT_EQ(out.str(), once);
}

} // namespace

namespace {

TEST(FolderBrowserModel, AFolderThatCannotBeListedLeavesTheOpenOneOpen) {
    const ScratchFolder folder;
    folder.fillStandard();
    FolderBrowser browser;
    ASSERT_EQ(browser.open(folder.path(), false, 1), "");
    const std::uint64_t generation = browser.generation();
    EXPECT_EQ(browser.open(folder.path() / "walk2.bvh", false, 1), "not a folder");
    EXPECT_TRUE(browser.isOpen());
    EXPECT_EQ(browser.folder(), folder.path());
    EXPECT_EQ(browser.entries().size(), 4u);
    EXPECT_EQ(browser.generation(), generation);
    EXPECT_EQ(browser.workerCount(), 1u);
}

} // namespace
