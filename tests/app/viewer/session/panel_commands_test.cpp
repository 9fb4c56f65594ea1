// The commands panels push (commands.h, issue 43): each changes the session as the panel did by
// hand before: the timeline's transport, speed, loop and range; the rest pose; Compare's
// choices; the joint picked; the Info panel's file; the sound's offset and mute; the Browser's
// filter, sort and steps; the video export's form. Values out of range (a file removed, no folder
// open) change nothing.
#include "app/viewer/session/panel_commands.h"
#include "app/viewer/session/session.h"
#include "core/reader/document.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope::viewer;
using namespace bvhscope::folder;
using namespace bvhscope::scene;

namespace {

// Two joints (Hips, Chest) and an End Site, 3 frames at 10 fps.
constexpr const char* kTwoJoints = "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition "
                                   "Yposition Zposition\n JOINT Chest\n {\n  OFFSET 0 1 0\n  "
                                   "CHANNELS 1 Zrotation\n  End Site\n  {\n   OFFSET 0 1 0\n  }\n "
                                   "}\n}\nMOTION\nFrames: 3\nFrame Time: 0.1\n0 0 0 0\n0 0 0 10\n"
                                   "0 0 0 20\n";

class PanelCommands : public testing::Test {
protected:
    void SetUp() override {
        state_.playback.setClip(2.0, 0.1); // 21 frames: 0 .. 20
    }
    void push(const Command& command) { applyCommand(state_, command, 1.0f, err_); }
    void addCharacter(const std::string& name) {
        state_.scene.add(makeCharacter(name, "", bvh::parseDocument(kTwoJoints)));
    }

    SessionState state_;
    std::ostringstream err_;
};

TEST_F(PanelCommands, TransportPlaysStepsAndJumpsToTheRangeEnds) {
    push(command::TogglePlay{});
    EXPECT_TRUE(state_.playback.playing());
    push(command::TogglePlay{});
    EXPECT_FALSE(state_.playback.playing());
    push(command::StepFrames{3});
    EXPECT_EQ(state_.playback.frame(), 3);
    push(command::StepFrames{-5}); // not before the first frame
    EXPECT_EQ(state_.playback.frame(), 0);
    push(command::ToRangeEnd{});
    EXPECT_DOUBLE_EQ(state_.playback.time(), 2.0);
    push(command::ToRangeStart{});
    EXPECT_DOUBLE_EQ(state_.playback.time(), 0.0);
}

TEST_F(PanelCommands, SeekClampsToTheClipAndPauseAtStopsThere) {
    push(command::Seek{0.75});
    EXPECT_DOUBLE_EQ(state_.playback.time(), 0.75);
    push(command::Seek{5.0});
    EXPECT_DOUBLE_EQ(state_.playback.time(), 2.0);
    push(command::TogglePlay{});
    push(command::PauseAt{1.2}); // a Curves event, Compare's "Go"
    EXPECT_FALSE(state_.playback.playing());
    EXPECT_DOUBLE_EQ(state_.playback.time(), 1.2);
}

TEST_F(PanelCommands, SpeedAndLoopAreKeptInTheSettings) {
    push(command::SetPlaybackSpeed{0.5});
    EXPECT_DOUBLE_EQ(state_.playback.speed(), 0.5);
    EXPECT_FLOAT_EQ(state_.settings.playbackSpeed, 0.5f);
    push(command::SetPlaybackSpeed{9.0}); // clamped by playback: the speed kept is the one in use
    EXPECT_DOUBLE_EQ(state_.playback.speed(), kMaxSpeed);
    EXPECT_FLOAT_EQ(state_.settings.playbackSpeed, static_cast<float>(kMaxSpeed));
    push(command::SetLoop{false});
    EXPECT_FALSE(state_.playback.loop());
    EXPECT_FALSE(state_.settings.loop);
    push(command::SetLoop{true});
    EXPECT_TRUE(state_.playback.loop());
    EXPECT_TRUE(state_.settings.loop);
}

TEST_F(PanelCommands, RangeIsSetMarkedAtThePlayheadAndCleared) {
    push(command::SetPlaybackRange{0.5, 1.5});
    EXPECT_DOUBLE_EQ(state_.playback.rangeStart(), 0.5);
    EXPECT_DOUBLE_EQ(state_.playback.rangeEnd(), 1.5);
    push(command::Seek{1.0});
    push(command::MarkIn{});
    EXPECT_DOUBLE_EQ(state_.playback.rangeStart(), 1.0);
    EXPECT_DOUBLE_EQ(state_.playback.rangeEnd(), 1.5);
    push(command::Seek{1.25});
    push(command::MarkOut{});
    EXPECT_DOUBLE_EQ(state_.playback.rangeEnd(), 1.25);
    push(command::FullRange{});
    EXPECT_DOUBLE_EQ(state_.playback.rangeStart(), 0.0);
    EXPECT_DOUBLE_EQ(state_.playback.rangeEnd(), 2.0);
}

// While the live figure is followed, a scrub pushed by the timeline stops following (as a key
// does); a frame without one keeps it.
TEST_F(PanelCommands, AScrubStopsFollowingTheLiveFigure) {
    state_.live.followNow();
    state_.live.timePut(state_.playback.time());
    updateSession(state_, {}, SessionFrame{}, err_);
    EXPECT_TRUE(state_.live.followingNow());
    state_.playback.setClip(2.0, 0.1);
    state_.live.timePut(state_.playback.time());
    updateSession(state_, {command::Seek{1.0}}, SessionFrame{}, err_);
    EXPECT_FALSE(state_.live.followingNow());
}

TEST_F(PanelCommands, RestPoseAndCompareChoices) {
    push(command::ShowRestPose{true});
    EXPECT_TRUE(state_.analysis.showRestPose);
    push(command::ShowRestPose{false});
    EXPECT_FALSE(state_.analysis.showRestPose);
    push(command::SetCompare{true, 2, 0, CompareLayout::SideBySide, true, true});
    const CompareView& compare = state_.analysis.compare;
    EXPECT_TRUE(compare.enabled);
    EXPECT_EQ(compare.a, 2u);
    EXPECT_EQ(compare.b, 0u);
    EXPECT_EQ(compare.layout, CompareLayout::SideBySide);
    EXPECT_TRUE(compare.relativeToRoot);
    EXPECT_TRUE(compare.alignStart);
    push(command::SetCompare{}); // the panel closed: the comparison ends
    EXPECT_FALSE(compare.enabled);
}

TEST_F(PanelCommands, APickedJointIsSelectedAndItsFileShownInInfo) {
    addCharacter("a.bvh");
    addCharacter("b.bvh");
    push(command::SelectJoint{Selection{1, 1}});
    ASSERT_TRUE(state_.selection.has_value());
    EXPECT_EQ(*state_.selection, (Selection{1, 1}));
    EXPECT_EQ(state_.infoCharacter, 1u);
    push(command::SelectJoint{Selection{2, 0}}); // no third file
    push(command::SelectJoint{Selection{0, 3}}); // Hips, Chest, End Site: no fourth node
    push(command::SelectJoint{Selection{0, -1}});
    EXPECT_EQ(*state_.selection, (Selection{1, 1}));
    EXPECT_EQ(state_.infoCharacter, 1u);
    push(command::ShowSimilarTakes{0}); // no folder: the other file open, ranked
    EXPECT_TRUE(state_.analysis.similar.isFor(state_.scene, 0));
    push(command::ShowInfo{0});
    EXPECT_EQ(state_.infoCharacter, 0u);
    push(command::ShowInfo{2});
    EXPECT_EQ(state_.infoCharacter, 0u);
}

TEST_F(PanelCommands, SoundOffsetAndMute) {
    push(command::SetSoundOffset{-1.25});
    EXPECT_DOUBLE_EQ(state_.audio.offsetSeconds, -1.25);
    push(command::MuteSound{true});
    EXPECT_TRUE(state_.audio.muted);
    push(command::MuteSound{false});
    EXPECT_FALSE(state_.audio.muted);
}

// With no folder open the Browser's commands change nothing (a key pressed after the folder
// closed); filter and sort reach the browser (their effect on the rows: browser_order_test).
TEST_F(PanelCommands, TheBrowsersCommandsWithoutAFolder) {
    push(command::StepTakes{1});
    push(command::BrowseTake{0});
    push(command::IncludeSubfolders{true});
    push(command::RankTakesLike{0});
    push(command::CloseFolder{});
    EXPECT_FALSE(state_.folder.isOpen());
    EXPECT_FALSE(state_.folder.browseLoad.has_value());
    EXPECT_FALSE(state_.folder.includesSubfolders());
    EXPECT_FALSE(state_.folder.likenessQuery().has_value());
    push(command::FilterTakes{"frames>300"});
    EXPECT_EQ(state_.folder.filterText(), "frames>300");
    push(command::SortTakes{BrowserSort{BrowserColumn::Frames, true}});
    EXPECT_EQ(state_.folder.sort(), (BrowserSort{BrowserColumn::Frames, true}));
}

// File > Export video sends the dialog's form with the command; the session answers in its
// progress (an odd width for MP4 is refused before anything is written).
TEST_F(PanelCommands, AVideoExportStartsFromTheFormItCarries) {
    VideoExportForm form;
    form.path = "clips/take.mp4";
    form.width = 1281;
    push(command::StartVideoExport{form});
    EXPECT_EQ(state_.videoJob, nullptr);
    EXPECT_FALSE(state_.videoExport.running);
    EXPECT_TRUE(state_.videoExport.failed);
    EXPECT_EQ(state_.videoExport.message.rfind("Cannot export clips/take.mp4: the size must be", 0),
              0u)
        << state_.videoExport.message;
    EXPECT_TRUE(state_.settings.exportFolderVideo.empty()); // only a started export moves it
}

// The Export dialog's OK (or opening it anew) forgets the last export's outcome.
TEST_F(PanelCommands, TheExportOutcomeIsDismissed) {
    state_.exportDialog.result = ExportOutcome{};
    push(command::DismissExportResult{});
    EXPECT_FALSE(state_.exportDialog.result.has_value());
}

// New errors open the popup again after it said it opened; OK clears what it lists.
TEST_F(PanelCommands, TheErrorPopupOpensOnceAndIsDismissed) {
    state_.errorLines = {"a.bvh:3:1: error: no HIERARCHY"};
    state_.openErrorPopup = true;
    push(command::ErrorPopupOpened{});
    EXPECT_FALSE(state_.openErrorPopup);
    EXPECT_EQ(state_.errorLines.size(), 1u); // still listed while the popup shows them
    push(command::DismissErrors{});
    EXPECT_TRUE(state_.errorLines.empty());
}

} // namespace
