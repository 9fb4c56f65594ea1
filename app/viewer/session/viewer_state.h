// The state the panels and the viewport share. Panels edit it; the app loop acts on the
// requests (load, frame, reset) once per frame, in one place.
#pragma once

#include "app/folder/folder_browser.h"
#include "app/scene/framing.h"
#include "app/scene/overlays.h"
#include "app/scene/playback.h"
#include "app/scene/scene.h"
#include "app/scene/settings.h"
#include "app/viewer/analysis/analysis_views.h"
#include "app/viewer/audio/audio_track.h"
#include "app/viewer/io/export.h"
#include "app/viewer/io/file_loading.h"
#include "app/viewer/io/remembered_up_axes.h"
#include "app/viewer/io/video_export_dialog.h"
#include "app/viewer/layout/dock_layout.h"
#include "render/math/camera.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// Screen rectangles of a few widgets, in window pixels, kept only for --state-out so GUI tests
// can aim xdotool at them instead of guessing a layout.
struct WidgetRects {
    struct Rect {
        float x = 0, y = 0, width = 0, height = 0;
    };
    std::map<std::string, Rect> rects;
};

struct ViewerState {
    Scene scene;
    FileLoads loads;      // files still being read (see file_loading.h)
    FolderBrowser folder; // the folder being browsed (see folder_navigation.h)
    Playback playback;
    ViewerSettings settings;
    render::OrbitCamera camera;
    std::optional<Selection> selection;
    bool revealSelectionInTree = false; // the viewport picked: open and scroll the tree to it
    std::size_t infoCharacter = 0;      // whose facts the info panel shows
    OverlayBuilder overlays;            // trails, ghosts, foot contacts (cached analyses)

    // Requests for the app loop.
    std::vector<std::string> filesToOpen;
    std::optional<std::size_t> characterToRemove;
    bool undoRemoveRequested = false; // Ctrl+Z
    // Files removed by the user, most recent last, for Ctrl+Z (a few: each holds its frames).
    struct RemovedCharacter {
        std::size_t index = 0;
        Character character;
    };
    std::vector<RemovedCharacter> removedCharacters;
    std::optional<std::size_t> characterToFocus;
    // Frame the figures at the current frame (scene/framing.h) and follow them; with
    // turnToFrontRequested (a file opened, Page Down, new axes) also from their front
    // three-quarters. frameClipRequested frames the whole clip and stops following.
    bool frameFiguresRequested = false;
    bool turnToFrontRequested = false;
    bool frameClipRequested = false;
    FigureFollow follow;
    // Up axes remembered per file, and where they are kept (nullopt: not persisted).
    RememberedUpAxes rememberedUpAxes;
    std::optional<std::filesystem::path> rememberedUpAxesFile;
    bool resetCameraRequested = false;
    bool axesChanged = false;
    // The last frame had more bones than meshes are drawn for (scene_drawing.h's budget).
    bool bonesOverMeshBudget = false;
    int automaticMsaaSamples = 4; // what "auto" means on this renderer (SceneDrawer)

    AudioTrack audio;        // the sound dropped, opened or found beside a capture
    AudioPlayer audioPlayer; // keeps the sound device with playback
    bool audioRemoveRequested = false;
    bool audioDeviceReported = false; // "no audio device" said once

    ExportDialog exportDialog;     // File > Export
    VideoExportDialog videoExport; // File > Export video
    AnalysisViews analysis;        // curves, A/B compare, rest pose (analysis_views.h)

    // Problems to show in the error popup ("FILE:LINE:COL: error: ..." lines).
    std::vector<std::string> errorLines;
    bool openErrorPopup = false;

    WidgetRects widgetRects;
    // Text cut at a panel's edge on the last frame (panels/clipped_text.h), for --state-out.
    std::vector<std::string> clippedText;

    // [SECTION] The docked layout (layout/dock_layout.h), computed at the start of every frame
    DockLayout layout;
    bool panelsHidden = false;          // Tab: the view takes the whole window
    float timelineContentHeight = 0.0f; // what the timeline needed last frame
    bool comparePanelOpen = false;   // opened by the user (Files panel, View menu), never by itself
    bool shortcutsRequested = false; // F1, ?, View > Keyboard shortcuts

    // The desktop's file chooser (platform/file_chooser.h): what a menu or button asked for,
    // and what the open dialog is for. Without a chooser the path field takes the keyboard.
    enum class ChooserPurpose { None, OpenFiles, OpenFolder, ExportTarget };
    ChooserPurpose chooserRequested = ChooserPurpose::None;
    ChooserPurpose chooserOpen = ChooserPurpose::None;
    bool focusPathField = false;
};

} // namespace bvhscope::viewer
