// Everything the viewer keeps between frames, split by owner:
// - SessionState (session_state.h): the files open and what is done with them, changed only by
//   the session model (session.h) applying commands;
// - UiState: what the interface alone keeps (the layout, which panels and dialogs are open);
// - ProbeState: what the probe reads for tests and benchmarks (--state-out), filled only while
//   one is attached.
// Panels read all three and edit only the UI's; the session's fields, settings included
// (command::ChangeSettings), change through the commands they push.
#pragma once

#include "app/viewer/io/export.h"
#include "app/viewer/io/video_export_dialog.h"
#include "app/viewer/layout/dock_layout.h"
#include "app/viewer/session/commands.h"
#include "app/viewer/session/in_window_chooser.h"
#include "app/viewer/session/session_state.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bvhscope::viewer {

struct UiState {
    // [SECTION] The docked layout (layout/dock_layout.h), computed at the start of every frame
    DockLayout layout;
    bool panelsHidden = false; // Tab: the view takes the whole window
    // The page on a phone (dock_layout.h's compact layout): touch without a keyboard (the page
    // says so), and the panel its drawer shows (a tab opens it).
    bool touchOnly = false;
    CompactDrawer compactDrawer = CompactDrawer::None;
    float timelineContentHeight = 0.0f; // what the timeline needed last frame
    bool comparePanelOpen = false;   // opened by the user (Files panel, View menu), never by itself
    bool shortcutsRequested = false; // F1, ?, View > Keyboard shortcuts
    bool liveConnectRequested = false;  // File > Connect to live stream...
    bool revealSelectionInTree = false; // the viewport picked: open and scroll the tree to it
    // File > Save picture... on the desktop (panels/picture_dialog.cpp): the file, and the view's
    // size or a chosen one.
    struct PictureDialog {
        bool open = false;
        std::string path;
        bool viewSize = true;
        int width = 1920;
        int height = 1080;
    } pictureDialog;
    // File > Export and File > Export video: what the dialogs hold (sent with command::Export
    // and command::StartVideoExport).
    ExportForm exportForm;
    VideoExportForm videoExportForm;
    // The Retarget map window's "Save map" file, for the retargeted character `record`
    // (RetargetedCharacter::id; another one starts from its own default).
    struct RetargetMapForm {
        std::uint64_t record = 0;
        std::string path;
    } retargetMapForm;

    // The desktop's file chooser (platform/file_chooser.h): what a menu or button asked for,
    // and what the open dialog is for.
    enum class ChooserPurpose { None, OpenFiles, OpenFolder, ExportTarget, VideoTarget };
    ChooserPurpose chooserRequested = ChooserPurpose::None;
    ChooserPurpose chooserOpen = ChooserPurpose::None;
    // Where the desktop has no chooser, the viewer's own (session/in_window_chooser.h), for
    // `inWindowPurpose`; after the portal failed once it is used straight away.
    InWindowChooser inWindowChooser;
    ChooserPurpose inWindowPurpose = ChooserPurpose::None;
    bool desktopChooserMissing = false;
    std::string desktopChooserProblem; // why: "no D-Bus session bus"...
    bool recentFoldersLoaded = false;

    // What the last picture reported: more bones than meshes are drawn for (scene_drawing.h's
    // budget), and what "auto" multisampling means on this renderer (SceneDrawer).
    bool bonesOverMeshBudget = false;
    int automaticMsaaSamples = 4;
};

// Screen rectangles of a few widgets, in window pixels, kept only for --state-out so GUI tests
// can aim xdotool at them instead of guessing a layout.
struct WidgetRects {
    struct Rect {
        float x = 0, y = 0, width = 0, height = 0;
    };
    std::map<std::string, Rect> rects;
};

struct ProbeState {
    WidgetRects widgetRects;
    // Text cut at a panel's edge on the last frame (panels/clipped_text.h), for --state-out.
    std::vector<std::string> clippedText;
    // The window's input events so far: received from the system, and fed to frames
    // (platform/input_queue.h). Equal once every event has had its effect: a test's "caught up".
    std::uint64_t inputEventsReceived = 0;
    std::uint64_t inputEventsApplied = 0;
    int framesDrawn = 0;
    // The Browser's cell playing its take (folder_hover_play.h): display position and frame.
    std::optional<std::pair<std::size_t, std::size_t>> browserPlaying;
};

struct ViewerState : SessionState, UiState, ProbeState {
    // What panels and input asked for this frame; the session applies it on the next.
    CommandQueue commands;
};

} // namespace bvhscope::viewer
