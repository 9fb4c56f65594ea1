// What the user can change and keep between runs. Each field is an option of the table
// (app/options/option_table.h: its key, range, default and help); settings_store.h reads and
// writes them, and panels change them through commands (command::ChangeSettings).
#pragma once

#include "app/options/option_table.h"
#include "app/scene/character.h"
#include "render/math/skeleton_instances.h"

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <string>

namespace bvhscope::scene {

// msaaSamples: the sample count chosen from the renderer (render/math/renderer_info.h).
inline constexpr int kAutomaticMsaaSamples = -1;

// Which joints show their name or their local axes in the view.
enum class JointMarks { Off, Selection, All };

// How the Browser shows a folder's takes: rows with their facts, or a grid of thumbnails.
enum class BrowserView { List, Grid };
// The grid's cells, square, in pixels before content scale (settings.ini's browser_cell_size).
inline constexpr int kSmallestBrowserCell = static_cast<int>(*options::kBrowserCellSize.minimum);
inline constexpr int kLargestBrowserCell = static_cast<int>(*options::kBrowserCellSize.maximum);

// What the user keeps (settings.ini). Fractions of the window; 0 means "the default", which
// depends on the window and content scale (see computeDockLayout), so a first run on a laptop
// and on a 4K monitor both get a sensible layout.
struct DockProportions {
    float leftWidth = 0.0f;    // the left column, of the window's width
    float rightWidth = 0.0f;   // the right column, of the window's width
    float bottomHeight = 0.0f; // the analysis dock (Browser, Curves, Compare), of the height
    bool leftCollapsed = false;
    bool rightCollapsed = false;
    bool operator==(const DockProportions&) const = default;
};

struct ViewerSettings {
    // [SECTION] Appearance
    render::BoneStyle boneStyle = render::BoneStyle::Capsule;
    float boneThickness = 1.0f;
    bool showJoints = true;
    bool showGrid = true;
    bool showShadow = true;
    bool showFileLabels = true; // each figure's file name above it in the view
    JointMarks jointNames = JointMarks::Off;
    JointMarks jointAxes = JointMarks::Off; // X red, Y green, Z blue
    // The link from a never-moving root to the moving body, and the bones into IK goal branches
    // (scene.h StaticLinkStyle): hidden (the default: an offset or a solver's target, not a bone,
    // and a long stick to the origin reads as a glitch), or drawn thin and dashed.
    bool hideStaticRootLinks = true;
    // Two or more figures are shown in place, their travel on the ground taken off for the
    // view (Scene::setSeveralInPlace), or travel in lanes as wide as their motion.
    bool severalFiguresInPlace = true;
    glm::vec3 backgroundColor{0.11f, 0.12f, 0.14f};
    glm::vec4 selectionColor{1.0f, 0.85f, 0.25f, 1.0f};
    int msaaSamples = kAutomaticMsaaSamples; // or 0 (none) to 16
    // [SECTION] Playback
    float playbackSpeed = 1.0f;
    bool loop = true;
    bool interpolate = true;
    bool playOnOpen = true;
    // [SECTION] Camera
    float fieldOfViewDegrees = 45.0f;
    float orbitSensitivity = 1.0f;
    bool invertZoom = false;
    bool followSelection = false;
    bool frameOnLoad = true;
    // [SECTION] Panels
    // The Curves panel of the selected joint: opened only when asked (View > Curves, or the
    // Selected joint panel's button), never by selecting a joint.
    bool showCurves = false;
    // [SECTION] Analysis overlays (app/scene/overlays.h)
    bool showTrails = false; // the selected joint's path, else each root's
    int trailFrames = 60;    // either side of the current frame
    bool showGhosts = false; // onion skins
    int ghostCount = 3;      // either side
    int ghostStep = 5;       // frames between ghosts
    float ghostOpacity = 0.35f;
    bool showFootContacts = false;
    float footSlideSpeed = 0.1f; // figure heights per second (core/analysis/foot_contacts.h)
    // [SECTION] Conversion into the viewer's world
    UpAxisChoice upAxis = UpAxisChoice::Auto; // the default for files without their own choice
    UnitChoice unit = UnitChoice::Auto;
    // [SECTION] Window
    // The first window's size; never more than the monitor's work area allows
    // (layout/window_fit.h).
    int windowWidth = 1400;
    int windowHeight = 860;
    // The docked panels' sizes, as fractions of the window (layout/dock_layout.h).
    DockProportions dock;
    // [SECTION] Live streams (app/viewer/live): File > Connect's last answers, the seconds of
    // a stream kept in memory for scrubbing, and where Record puts takes ("" : the home folder's
    // bvhscope-takes).
    std::string liveHost = "127.0.0.1";
    int livePort = 7001; // Axis Neuron's BVH broadcasting default
    std::string liveFormat = "auto";
    std::string liveSkeleton;
    float liveWindowSeconds = 120.0f;
    std::string liveRecordFolder;
    // [SECTION] Exports (issue 42): the folder each kind was last written to, where the next one
    // starts ("": the home folder; io/export.h startingExportFolder).
    std::string exportFolderBvh;
    std::string exportFolderGltf;
    std::string exportFolderVideo;
    std::string exportFolderPicture;
    // [SECTION] Browser (issue 39): list or grid, and the grid's cell size (before content scale).
    BrowserView browserView = BrowserView::List;
    int browserCellSize = 128;

    bool operator==(const ViewerSettings&) const = default;
};

} // namespace bvhscope::scene
