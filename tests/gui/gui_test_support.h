// Running the real viewer from GUI tests: launch it with a private config directory and
// --state-out, read its state file, drive it with xdotool, read screenshots.
#pragma once

#include "render/math/camera.h"
#include "tests/support/png_pixels.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace bvhscope::gui_test {

// Skips the calling test when there is no X display.
#define BVHSCOPE_REQUIRE_DISPLAY()                                                                 \
    do {                                                                                           \
        if (std::getenv("DISPLAY") == nullptr) {                                                   \
            GTEST_SKIP() << "no DISPLAY: GUI tests run under Xvfb (make test)";                    \
        }                                                                                          \
    } while (false)

struct Rect {
    float x = 0, y = 0, width = 0, height = 0;
    float centerX() const { return x + width / 2; }
    float centerY() const { return y + height / 2; }
    bool contains(float px, float py, float margin = 0) const {
        return px >= x - margin && py >= y - margin && px <= x + width + margin &&
               py <= y + height + margin;
    }
};

// The parsed --state-out file (see app/viewer/state_dump.h).
struct ViewerStateFile {
    std::int64_t frame = -1;
    std::int64_t lastFrame = -1;
    double time = 0;
    double duration = 0; // of the timeline: the longest clip (loading: its frames so far)
    bool playing = false;
    std::vector<std::string> fileNames;
    std::string selected; // "0 Spine" or "none"
    render::OrbitCamera camera;
    int windowWidth = 0;
    int windowHeight = 0;
    std::vector<std::string> errors;
    std::vector<std::string> clipped; // text cut at a panel's edge: "Info glyph 1240,88"
    std::map<std::string, Rect> rects;
    float rootX = 0, rootY = 0, rootZ = 0;
    // Each shown figure's joints projected into the window (`figure` lines, issue 25).
    struct Figure {
        std::size_t character = 0;
        float left = 0, top = 0, right = 0, bottom = 0;
        bool behindEye = false;
    };
    std::vector<Figure> figures;
    bool following = false;         // the camera follows the figures
    bool followFramingKept = false; // ... and is as the last framing left it
    struct FileLoad {
        bool loading = false;
        std::uint32_t frames = 0; // frames that may be shown
        double progress = 0;      // 0..1 of the file read
    };
    std::vector<FileLoad> loads;      // per file, as fileNames
    std::vector<std::string> waiting; // files whose header is still being read
    bool loading = false;             // some file is still being read
    bool bonesAsLines = false;        // over the renderer's mesh budget: lines, no joints
    std::string bones;                // the bone look: capsules, octahedral, lines or body
    struct Body {
        std::string status; // building, ready or capsules (fallen back, or not asked for)
        std::size_t triangles = 0;
    };
    std::vector<Body> bodies; // per file, in the body look

    // The analysis views (app/viewer/analysis/analysis_views.h).
    bool restPose = false;
    struct Character {
        double fileFramesPerSecond = 0;
        double framesPerSecondInUse = 0;
        bool override = false;
        double duration = 0;
        std::string up;
        float placementX = 0, placementY = 0, placementZ = 0;
    };
    std::vector<Character> characters;           // per file
    std::vector<std::string> frameTimeWritten;   // per file: the common rate, or "-"
    std::vector<std::string> frameTimeSuspicion; // per file: the suggested rate, or "-"
    struct Stance {                              // core/analysis/stance.h as the viewer applies it
        std::string up;
        std::string source; // motion, anatomy, rest-pose, override
        double liftMetres = 0;
        std::size_t staticRoots = 0;
    };
    std::vector<Stance> stances;              // per file
    std::vector<std::string> restAnimationUp; // per file: the animation's up axis
    std::vector<bool> restAnimationDisagrees; // per file
    struct Curves {
        std::size_t character = 0;
        std::string node;
        std::size_t channels = 0;
        std::uint32_t frames = 0;
        std::size_t events = 0;
    };
    std::optional<Curves> curves; // the selected joint's, when one is selected
    struct Compare {
        bool enabled = false;
        bool active = false;
        std::size_t a = 0, b = 0;
        std::string layout; // "overlay" or "side"
        std::size_t matched = 0, nodes = 0;
        double mean = -1, max = -1;
        bool painted = false;
    } compare;
    // The folder browser (empty folder: none open).
    std::string folder;
    struct FolderFile {
        std::string status; // queued, reading, ok, warnings, error
        std::size_t joints = 0;
        std::uint32_t frames = 0;
        double fps = 0;
        double duration = 0;
        std::size_t warnings = 0;
        std::string thumbnail; // waiting, pending, drawn, none
        std::string name;
        std::vector<std::string> diagnostics;
    };
    std::vector<FolderFile> folderFiles;
    std::optional<std::size_t> folderCurrent; // the browsed file's row
    std::optional<std::size_t> folderOpening; // the row being loaded to replace it
    bool folderBusy = false;                  // summaries, thumbnails or a browsed load to come
    std::optional<std::size_t> browsed;       // the browsed character's index in fileNames
};
std::optional<ViewerStateFile> parseStateFile(const std::string& text);

// The 3D view's rectangle (`rect ... view`), or the whole window when the state has none.
Rect viewRect(const ViewerStateFile& state);
// Where a viewer-space point lands in the window: the viewer projects into its view rectangle
// with that rectangle's aspect (layout/dock_layout.h). nullopt when behind the eye.
std::optional<glm::vec2> projectIntoWindow(const ViewerStateFile& state, const glm::vec3& point);

// A per-test scratch directory, removed afterwards.
class TempDir {
public:
    TempDir();
    ~TempDir();
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// The viewer as a child process; killed when this goes away.
class ViewerProcess {
public:
    // Adds --state-out and sets XDG_CONFIG_HOME to a private directory under `dir`.
    ViewerProcess(const TempDir& dir, std::vector<std::string> arguments);
    ~ViewerProcess();
    pid_t pid() const { return pid_; }
    // Polls the state file until `accept` holds, up to `timeout`.
    std::optional<ViewerStateFile>
    waitForState(const std::function<bool(const ViewerStateFile&)>& accept,
                 std::chrono::milliseconds timeout = std::chrono::seconds(15)) const;
    // The X window id (xdotool search --pid).
    std::string windowId() const;
    // Sends SIGTERM and waits for the viewer to end (at most `timeout`, then SIGKILL): its
    // exit status, or -1 when a signal ended it.
    int terminate(std::chrono::milliseconds timeout = std::chrono::seconds(15));

private:
    pid_t pid_ = -1;
    std::filesystem::path statePath_;
};

// Runs the viewer to a screenshot in a private X server of `screen` ("2000x1200") whose Xft.dpi
// is `dpi` (GLFW reads it at start: 192 dpi is content scale 2, and cannot leak into the other
// GUI tests sharing the suite's display), with a private config, and returns its last state.
// `arguments` are the viewer's (files, --size...); `tag` names this run's files under `dir`.
std::optional<ViewerStateFile> viewerStateAtDpi(const TempDir& dir, int dpi,
                                                const std::string& screen,
                                                const std::vector<std::string>& arguments,
                                                const std::string& tag);

// Runs the viewer to completion (for --screenshot) with a private config; its exit status.
int runViewerToCompletion(const TempDir& dir, std::vector<std::string> arguments);

// Runs a shell command; its standard output, or nullopt when it fails.
std::optional<std::string> runCommand(const std::string& command);

// xdotool's "X Y" for a point in window coordinates, rounded to whole pixels.
std::string xdotoolPoint(float x, float y);
// Runs `xdotool ACTIONS` (its stderr folded into the captured output); false when it fails.
bool xdotool(const std::string& actions);

// Clicks the centre of the widget `rect` that `viewer` reports in its state, on its X window
// `window`, once the widget is there and has settled (a popup that fits its contents moves over
// its first frames). Empty when clicked; otherwise what went wrong ("NAME never appeared", "NAME
// went away", "xdotool failed").
std::string clickSettledRect(ViewerProcess& viewer, const std::string& window,
                             const std::string& rect);

// Drops `paths` on the X window `window` at (600, 400) through real XDND, with
// tests/gui/xdnd_drop.cpp as the drag source. False when the drop could not be made.
bool dropOnWindow(const std::string& window, const std::vector<std::filesystem::path>& paths);

using bvhscope::test::loadPng;
using bvhscope::test::Pixels;

} // namespace bvhscope::gui_test
