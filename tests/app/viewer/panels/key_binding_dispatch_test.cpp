// Key handling through the bindings table (app/viewer/panels/key_binding_dispatch.cpp): each
// chord runs its command or action, with the table's rules for repeats, refused modifiers and
// the page, driven with GLFW key codes and no window; and the chords as ImGui sees them.
#include "app/media/media_features.h"
#include "app/viewer/panels/key_bindings.h"
#include "app/viewer/session/session.h"
#include "core/reader/document.h"
#include "tests/app/viewer/panels/key_binding_test_support.h"
#include "tests/app/viewer/session/slide_capture.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>
#include <sstream>
#include <variant>
#include <vector>

namespace bvhscope::viewer {
namespace {

using binding_test::bindingNamed;
using binding_test::everyBinding;
using binding_test::pressFor;

void pressBinding(ViewerState& state, std::string_view name, bool inBrowser = false) {
    runKeyBindings(state, {pressFor(bindingNamed(name).chord)}, inBrowser);
}

// What the frame loop does next: the session applies the commands the keys pushed.
void applyPushed(ViewerState& state) {
    std::ostringstream err;
    for (const Command& command : state.commands.take()) {
        applyCommand(state, command, 1.0f, err);
    }
}

// A 3 s clip at 1 fps, or the same with one character in the scene.
void setUpClip(ViewerState& state) {
    state.playback.setClip(3.0, 1.0);
}
void addCharacter(ViewerState& state) {
    state.scene.add(scene::makeCharacter("slide.bvh", "", bvh::parseDocument(test::kSlide)));
    setUpClip(state);
}

TEST(KeyBindings, EveryCommandBindingPushesItsCommand) {
    int commandBindings = 0;
    for (const auto& [shortcut, binding] : everyBinding()) {
        const auto* command = std::get_if<Command>(&binding->run);
        if (!command) {
            continue;
        }
        ++commandBindings;
        ViewerState state;
        runKeyBindings(state, {pressFor(binding->chord)}, false);
        const std::vector<Command> pushed = state.commands.take();
        ASSERT_EQ(pushed.size(), 1u) << binding->name;
        EXPECT_EQ(pushed.front().index(), command->index()) << binding->name;
    }
    EXPECT_EQ(commandBindings, 17) << "F, A, R, Ctrl+Z, Page Down, Page Up, P and the 10 playback "
                                      "keys push their commands as they are";
}

// The playback keys push the commands the timeline's transport pushes (timeline_panel.cpp),
// and nothing changes until the session applies them.
TEST(KeyBindings, PlaybackKeysPushTheTimelinesCommands) {
    ViewerState state;
    setUpClip(state);
    for (const char* name :
         {"play", "previous-frame", "next-frame", "first-frame", "last-frame", "shuttle-backward",
          "shuttle-stop", "shuttle-forward", "mark-in", "mark-out", "rest-pose"}) {
        pressBinding(state, name);
    }
    EXPECT_FALSE(state.playback.playing()) << "Space is a command: nothing played yet";
    const std::vector<Command> pushed = state.commands.take();
    ASSERT_EQ(pushed.size(), 11u);
    EXPECT_TRUE(std::holds_alternative<command::TogglePlay>(pushed[0]));
    ASSERT_TRUE(std::holds_alternative<command::StepFrames>(pushed[1]));
    EXPECT_EQ(std::get<command::StepFrames>(pushed[1]).frames, -1);
    EXPECT_TRUE(std::get<command::StepFrames>(pushed[1]).pause);
    ASSERT_TRUE(std::holds_alternative<command::StepFrames>(pushed[2]));
    EXPECT_EQ(std::get<command::StepFrames>(pushed[2]).frames, 1);
    EXPECT_TRUE(std::get<command::StepFrames>(pushed[2]).pause);
    EXPECT_TRUE(std::holds_alternative<command::ToRangeStart>(pushed[3]));
    EXPECT_TRUE(std::holds_alternative<command::ToRangeEnd>(pushed[4]));
    EXPECT_TRUE(std::holds_alternative<command::ShuttleBackward>(pushed[5]));
    EXPECT_TRUE(std::holds_alternative<command::ShuttleStop>(pushed[6]));
    EXPECT_TRUE(std::holds_alternative<command::ShuttleForward>(pushed[7]));
    EXPECT_TRUE(std::holds_alternative<command::MarkIn>(pushed[8]));
    EXPECT_TRUE(std::holds_alternative<command::MarkOut>(pushed[9]));
    EXPECT_TRUE(std::holds_alternative<command::ToggleRestPose>(pushed[10]));
}

// Applied, they do what the keys did when they changed playback themselves: Right pauses and
// steps, L twice plays at twice the speed, K stops and returns to the settings' speed.
TEST(KeyBindings, PlaybackKeysDoWhatTheySayOnceApplied) {
    ViewerState state;
    setUpClip(state);
    state.settings.playbackSpeed = 0.5f;
    pressBinding(state, "play");
    applyPushed(state);
    EXPECT_TRUE(state.playback.playing());
    pressBinding(state, "next-frame");
    applyPushed(state);
    EXPECT_FALSE(state.playback.playing()) << "Right pauses";
    EXPECT_EQ(state.playback.frame(), 1);
    pressBinding(state, "last-frame");
    applyPushed(state);
    EXPECT_EQ(state.playback.frame(), 3);
    pressBinding(state, "mark-out");
    pressBinding(state, "first-frame");
    applyPushed(state);
    EXPECT_EQ(state.playback.frame(), 0);
    pressBinding(state, "shuttle-forward");
    pressBinding(state, "shuttle-forward");
    applyPushed(state);
    EXPECT_TRUE(state.playback.playing());
    EXPECT_DOUBLE_EQ(state.playback.speed(), 2.0);
    pressBinding(state, "shuttle-stop");
    applyPushed(state);
    EXPECT_FALSE(state.playback.playing());
    EXPECT_DOUBLE_EQ(state.playback.speed(), 0.5);
}

TEST(KeyBindings, ViewKeysChangeWhatTheySay) {
    ViewerState state;
    addCharacter(state);
    pressBinding(state, "hide-panels");
    EXPECT_TRUE(state.panelsHidden);
    pressBinding(state, "hide-panels");
    EXPECT_FALSE(state.panelsHidden);
    const bool restPose = state.analysis.showRestPose;
    runKeyBindings(state, {KeyPress{GLFW_KEY_P, GLFW_MOD_CONTROL, false}}, false);
    applyPushed(state);
    EXPECT_NE(state.analysis.showRestPose, restPose) << "P acts with Ctrl held, as before";
    pressBinding(state, "next-file");
    pressBinding(state, "previous-file");
    pressBinding(state, "frame-figures");
    const std::vector<Command> pushed = state.commands.take();
    ASSERT_EQ(pushed.size(), 3u);
    ASSERT_TRUE(std::holds_alternative<command::StepTakes>(pushed[0]));
    EXPECT_EQ(std::get<command::StepTakes>(pushed[0]).steps, 1);
    ASSERT_TRUE(std::holds_alternative<command::StepTakes>(pushed[1]));
    EXPECT_EQ(std::get<command::StepTakes>(pushed[1]).steps, -1);
    ASSERT_TRUE(std::holds_alternative<command::FrameFigures>(pushed[2]));
    EXPECT_FALSE(std::get<command::FrameFigures>(pushed[2]).turnToFront);
}

// F says it framed, from the session (a panel or key posts nothing itself): once there are
// figures, never over an empty view.
TEST(KeyBindings, FrameFiguresSaysSoOnlyWithFigures) {
    ViewerState empty;
    pressBinding(empty, "frame-figures");
    applyPushed(empty);
    EXPECT_TRUE(empty.notices.empty());
    ViewerState state;
    addCharacter(state);
    pressBinding(state, "frame-figures");
    ASSERT_TRUE(state.notices.empty()) << "the key only pushes its command";
    applyPushed(state);
    ASSERT_EQ(state.notices.items.size(), 1u);
    EXPECT_EQ(state.notices.items[0].text,
              "Framed: the camera follows the figures (A: the whole clip)");
}

TEST(KeyBindings, TheSheetOpensWithF1OrQuestionMarkNotSlash) {
    ViewerState state;
    runKeyBindings(state, {KeyPress{GLFW_KEY_SLASH, 0, false}}, false);
    EXPECT_FALSE(state.shortcutsRequested) << "/ without Shift is not ?";
    runKeyBindings(state, {KeyPress{GLFW_KEY_SLASH, GLFW_MOD_SHIFT, false}}, false);
    EXPECT_TRUE(state.shortcutsRequested);
    state.shortcutsRequested = false;
    runKeyBindings(state, {KeyPress{GLFW_KEY_F1, 0, false}}, false);
    EXPECT_TRUE(state.shortcutsRequested);
}

TEST(KeyBindings, FileShortcutsOpenTheirDialogsOncePerPress) {
    ViewerState state;
    addCharacter(state);
    pressBinding(state, "export");
    EXPECT_TRUE(state.exportForm.openRequested);
    EXPECT_EQ(state.exportForm.requestedFormat, ExportFormat::Bvh);
    pressBinding(state, "save-picture");
    EXPECT_TRUE(state.pictureDialog.open);
    pressBinding(state, "export-video");
    EXPECT_EQ(state.videoExportForm.open, media::videoAvailable());
    // Ctrl+W closes the file Info describes, once however long it is held.
    runKeyBindings(state,
                   {pressFor(bindingNamed("close-file").chord),
                    pressFor(bindingNamed("close-file").chord, true)},
                   false);
    const std::vector<Command> pushed = state.commands.take();
    ASSERT_EQ(pushed.size(), 1u);
    ASSERT_TRUE(std::holds_alternative<command::Remove>(pushed.front()));
    EXPECT_EQ(std::get<command::Remove>(pushed.front()).character, 0u);
}

TEST(KeyBindings, RepeatsRunTheKeysThatRepeat) {
    ViewerState state;
    setUpClip(state);
    const KeyChord right = bindingNamed("next-frame").chord;
    runKeyBindings(state, {pressFor(right), pressFor(right, true), pressFor(right, true)}, false);
    applyPushed(state);
    EXPECT_EQ(state.playback.frame(), 3) << "a held Right steps on";
}

TEST(KeyBindings, DesktopOnlyBindingsDoNothingInThePage) {
    ViewerState state;
    addCharacter(state);
    pressBinding(state, "next-file", true);
    EXPECT_TRUE(state.commands.take().empty()) << "no Page Down in the page";
    pressBinding(state, "quit", true); // would close the current GLFW window: there is none here
    pressBinding(state, "export-video", true);
    EXPECT_FALSE(state.videoExportForm.open);
    pressBinding(state, "export", true);
    EXPECT_TRUE(state.exportForm.openRequested) << "Export is the page's too";
}

TEST(KeyBindings, ChordsWithAModifierTheyRefuseDoNothing) {
    ViewerState state;
    addCharacter(state);
    runKeyBindings(state, {KeyPress{GLFW_KEY_E, GLFW_MOD_CONTROL | GLFW_MOD_ALT, false}}, false);
    runKeyBindings(state, {KeyPress{GLFW_KEY_S, GLFW_MOD_CONTROL, false}}, false);
    runKeyBindings(state, {KeyPress{GLFW_KEY_W, 0, false}}, false);
    EXPECT_FALSE(state.exportForm.openRequested) << "Ctrl+Alt+E is AltGr+E on some layouts";
    EXPECT_FALSE(state.pictureDialog.open) << "Ctrl+S saves nothing";
    EXPECT_TRUE(state.commands.empty()) << "W alone closes nothing";
}

// One ImGui frame, with no window, in which `key` went down with these modifiers.
class ImGuiFrame {
public:
    ImGuiFrame() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(640.0f, 480.0f);
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    ~ImGuiFrame() { ImGui::DestroyContext(); }
    void press(int key, bool ctrl, bool shift, bool alt) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeysDown[key] = true;
        io.KeyCtrl = ctrl;
        io.KeyShift = shift;
        io.KeyAlt = alt;
        ImGui::NewFrame();
    }
    void holdOneMoreFrame() {
        ImGui::EndFrame();
        ImGui::NewFrame();
    }
};

TEST(KeyBindings, ImGuisKeysMatchTheTablesChordsWhileAFieldTypes) {
    {
        ImGuiFrame frame;
        frame.press(GLFW_KEY_E, true, false, false);
        EXPECT_TRUE(bindingPressedInImGui("export"));
        EXPECT_FALSE(bindingPressedInImGui("export-video"));
        frame.holdOneMoreFrame();
        EXPECT_FALSE(bindingPressedInImGui("export")) << "held, not pressed again";
    }
    {
        ImGuiFrame frame;
        frame.press(GLFW_KEY_E, true, true, false);
        EXPECT_FALSE(bindingPressedInImGui("export"));
        EXPECT_TRUE(bindingPressedInImGui("export-video"));
    }
    {
        ImGuiFrame frame;
        frame.press(GLFW_KEY_E, true, false, true); // AltGr+E on Windows: typing, not Export
        EXPECT_FALSE(bindingPressedInImGui("export"));
    }
    {
        ImGuiFrame frame;
        frame.press(GLFW_KEY_E, false, false, false);
        EXPECT_FALSE(bindingPressedInImGui("export"));
    }
}

} // namespace
} // namespace bvhscope::viewer
