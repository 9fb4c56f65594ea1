// The rows of the bindings table (key_bindings.h), in the sheet's order: playback, the view,
// the files, the sheet itself, then the mouse.
#include "app/viewer/panels/key_bindings.h"

#include "app/viewer/panels/panels.h"

#include <GLFW/glfw3.h>
#include <optional>
#include <utility>

namespace bvhscope::viewer {

namespace {

// A plain key: it acts with any modifiers held, as the transport keys always have.
KeyChord plainKey(int key) {
    return KeyChord{key, kNoModifier, kNoModifier};
}

// A file shortcut: Ctrl and the key, never with Alt (Ctrl+Alt is AltGr's typing on some
// layouts); `shift` true needs Shift, false refuses it, unset lets it be held or not.
KeyChord ctrlKey(int key, std::optional<bool> shift = std::nullopt) {
    KeyChord chord{key, kCtrlKey, kAltKey};
    if (shift) {
        (*shift ? chord.required : chord.refused) |= kShiftKey;
    }
    return chord;
}

// A file shortcut acts on the press, not on the system's repeats of a held chord.
KeyBinding onPress(const char* name, KeyChord chord, KeyRun run) {
    return KeyBinding{name, chord, std::move(run), false};
}

// The timeline's transport pushes the same commands (timeline_panel.cpp).
std::vector<Shortcut> playbackShortcuts() {
    return {
        {.keys = {{"play", plainKey(GLFW_KEY_SPACE), command::TogglePlay{}}},
         .help = "Play or pause"},
        {.keys = {{"previous-frame", plainKey(GLFW_KEY_LEFT),
                   command::StepFrames{.frames = -1, .pause = true}},
                  {"next-frame", plainKey(GLFW_KEY_RIGHT),
                   command::StepFrames{.frames = 1, .pause = true}}},
         .help = "Previous / next frame"},
        {.keys = {{"first-frame", plainKey(GLFW_KEY_HOME), command::ToRangeStart{}},
                  {"last-frame", plainKey(GLFW_KEY_END), command::ToRangeEnd{}}},
         .help = "First / last frame"},
        {.keys = {{"shuttle-backward", plainKey(GLFW_KEY_J), command::ShuttleBackward{}},
                  {"shuttle-stop", plainKey(GLFW_KEY_K), command::ShuttleStop{}},
                  {"shuttle-forward", plainKey(GLFW_KEY_L), command::ShuttleForward{}}},
         .help = "Shuttle backward / stop / forward"},
        {.keys = {{"mark-in", plainKey(GLFW_KEY_LEFT_BRACKET), command::MarkIn{}},
                  {"mark-out", plainKey(GLFW_KEY_RIGHT_BRACKET), command::MarkOut{}}},
         .help = "Mark in / out"},
    };
}

std::vector<Shortcut> viewShortcuts() {
    return {
        {.keys = {{"rest-pose", plainKey(GLFW_KEY_P), command::ToggleRestPose{}}},
         .help = "Rest pose on or off"},
        // Also while following: distance and height anew, still following.
        {.keys = {{"frame-figures", plainKey(GLFW_KEY_F),
                   command::FrameFigures{.sayFramed = true}}},
         .help = "Frame every figure"},
        // The whole clip: a travelling figure becomes small.
        {.keys = {{"frame-clip", plainKey(GLFW_KEY_A), command::FrameClip{}}},
         .help = "Frame the whole clip"},
        {.keys = {{"reset-camera", plainKey(GLFW_KEY_R), command::ResetCamera{}}},
         .help = "Reset the camera"},
        // The folder browser's next and previous file (session/folder_navigation.h).
        {.keys = {{"next-file", plainKey(GLFW_KEY_PAGE_DOWN), command::StepTakes{1}},
                  {"previous-file", plainKey(GLFW_KEY_PAGE_UP), command::StepTakes{-1}}},
         .help = "Next / previous file of the browsed folder",
         .reach = BindingReach::DesktopOnly},
        // Every panel hidden: the view takes the whole window.
        {.keys = {{"hide-panels", plainKey(GLFW_KEY_TAB),
                   [](ViewerState& s) { s.panelsHidden = !s.panelsHidden; }}},
         .help = "Hide or show every panel"},
    };
}

void openFilesShortcut(ViewerState& state) {
    using Purpose = ViewerState::ChooserPurpose;
    if (state.chooserOpen == Purpose::None && !state.inWindowChooser.active()) {
        state.chooserRequested = Purpose::OpenFiles;
    }
}

// The file the Files panel highlights and Info describes.
void closeFileShortcut(ViewerState& state) {
    if (state.infoCharacter < state.scene.characters().size()) {
        state.commands.push(command::Remove{state.infoCharacter});
    }
}

// As the window's close button: the frame loop ends and the settings are kept. The window is
// the one whose context is current (the viewer has one). A page is closed with its tab (the
// browser keeps its own Ctrl+Q): desktop only.
void quitShortcut(ViewerState&) {
    glfwSetWindowShouldClose(glfwGetCurrentContext(), GLFW_TRUE);
}

// Ctrl+E is read here from the window's key queue, so a quick tap is never lost; the export
// dialog also reads it from ImGui, for when a field has the keyboard. Ctrl+S saves nothing.
std::vector<Shortcut> fileShortcuts() {
    return {
        {.keys = {onPress("open-files", ctrlKey(GLFW_KEY_O), openFilesShortcut)},
         .help = "Open files or a folder"},
        {.keys = {onPress("close-file", ctrlKey(GLFW_KEY_W), closeFileShortcut)},
         .help = "Close the selected file"},
        {.keys = {onPress("export", ctrlKey(GLFW_KEY_E, false),
                          [](ViewerState& s) { openExportDialog(s); })},
         .help = "Export"},
        {.keys = {onPress("export-video", ctrlKey(GLFW_KEY_E, true), openVideoExportDialog)},
         .help = "Export video",
         .reach = BindingReach::DesktopOnly},
        {.keys = {onPress("save-picture", ctrlKey(GLFW_KEY_S, true), openPictureDialog)},
         .help = "Save picture"},
        // Ctrl+Z repeats: holding it brings back one removed file after another.
        {.keys = {{"undo-remove", KeyChord{GLFW_KEY_Z, kCtrlKey, kNoModifier},
                   command::UndoRemove{}}},
         .help = "Undo the last Remove"},
        {.keys = {onPress("quit", ctrlKey(GLFW_KEY_Q), quitShortcut)},
         .help = "Quit",
         .reach = BindingReach::DesktopOnly},
    };
}

std::vector<Shortcut> sheetAndMouseShortcuts() {
    const KeyAction showSheet = [](ViewerState& s) { s.shortcutsRequested = true; };
    return {
        // "?" on most layouts is Shift+/.
        {.keys = {{"shortcut-sheet", plainKey(GLFW_KEY_F1), showSheet},
                  {"shortcut-sheet", KeyChord{GLFW_KEY_SLASH, kShiftKey, kNoModifier, "?"},
                   showSheet}},
         .help = "Show the keyboard shortcuts"},
        // The mouse in the view (camera_controller.h): documented here, handled there.
        {.keys = {}, .gesture = "Left drag", .help = "Orbit (click: select a joint)"},
        {.keys = {}, .gesture = "Right or middle drag, Shift+left drag", .help = "Pan"},
        {.keys = {}, .gesture = "Wheel, Ctrl+left drag", .help = "Zoom"},
    };
}

std::vector<Shortcut> allShortcuts() {
    std::vector<Shortcut> table;
    for (const auto& group :
         {playbackShortcuts(), viewShortcuts(), fileShortcuts(), sheetAndMouseShortcuts()}) {
        table.insert(table.end(), group.begin(), group.end());
    }
    return table;
}

} // namespace

const std::vector<Shortcut>& shortcutTable() {
    static const std::vector<Shortcut> kTable = allShortcuts();
    return kTable;
}

} // namespace bvhscope::viewer
