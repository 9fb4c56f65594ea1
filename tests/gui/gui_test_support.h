// Running the real viewer from GUI tests: launch it with a private config directory and
// --state-out, read its state file, drive it with xdotool, read screenshots.
//
// Tests wait on the viewer's state, never on time: what a click or key did is read back from
// the state, and a widget is clicked once its rectangle has settled (waitForSettledRect). The
// viewer queues its input (app/viewer/platform/input_queue.h), so a tap or click of any length
// lands, in order, whatever frame it falls in: no key needs holding, no click a pause before it.
// A wait that times out fails the test with what it waited for, where, the last state the
// viewer wrote and a screenshot of the display saved beside the test's output (failureDir()).
#pragma once

#include "render/math/camera.h"
#include "tests/support/generated_library.h"
#include "tests/support/hang_guard.h"
#include "tests/support/png_pixels.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <source_location>
#include <string>
#include <sys/types.h>
#include <vector>

namespace bvhscope::gui_test {

// The bundled sample capture (66 frames of a walk at 30 fps).
inline const std::string kSample = std::string(BVHSCOPE_SOURCE_DIR) + "/assets/sample_walk.bvh";

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
    std::string text;                                  // the file as read
    int drawn = 0;                                     // frames drawn so far
    std::uint64_t inputReceived = 0, inputApplied = 0; // the window's input events
    bool idle = false; // written as the viewer went to sleep: nothing moving, layout settled
    // Every input event the viewer received has had its frame.
    bool inputCaughtUp() const { return inputApplied == inputReceived; }
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
    std::string exportTarget;         // File > Export's file
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
    bool soundLoading = false;        // a sound is being decoded
    int soundLoadsStopped = 0;        // sound loads stopped before their decode ended
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
    // The rows the Browser's filter keeps, in display order (`browser row INDEX PATH`), and
    // its sort (`browser shown N sort COLUMN ascending|descending library 0|1`).
    std::vector<std::string> browserRows;
    std::string browserSort;     // "frames descending"
    bool browserLibrary = false; // the folder's subfolders were included for want of takes
    // `browser playing POSITION FRAME`: the hovered cell plays its take.
    std::optional<std::pair<std::size_t, std::size_t>> browserPlaying;
    std::string browserView; // `browser view list|grid cell PIXELS`
    int browserCellSize = 0;
    std::optional<std::size_t> browsed; // the browsed character's index in fileNames
};
std::optional<ViewerStateFile> parseStateFile(const std::string& text);

// Whether the state reports the widget `name` (drawn on its last frame).
inline bool hasRect(const ViewerStateFile& state, const std::string& name) {
    return state.rects.contains(name);
}
// Whether one of the errors the viewer shows holds `text`.
bool anyErrorMentions(const ViewerStateFile& state, const std::string& text);
// Whether window point (x, y) lies on a panel (`window:` rects), give or take 6 pixels.
bool underPanel(const ViewerStateFile& state, float x, float y);
// A file's bytes as they are ("" when it cannot be read).
std::string readAll(const std::filesystem::path& path);
// Lines for a failure message, each on its own indented line.
std::string joined(const std::vector<std::string>& lines);
// The file name of a path a state line reports ("walk.bvh" of ".../data/walk.bvh").
inline std::string fileNameOf(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}
// The Browser opened on a library of `takes` files has listed and summarised them all, and its
// first take is shown and read.
inline bool browserLibrarySettled(const ViewerStateFile& state, std::size_t takes) {
    return !state.folder.empty() && state.folderFiles.size() == takes && !state.folderBusy &&
           state.browsed.has_value() && !state.loading;
}

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

// The viewer's settings folder for a viewer started in `dir` (ViewerProcess and
// runViewerToCompletion set XDG_CONFIG_HOME to DIR/config): settings.ini, imgui.ini, the kept
// lists.
std::filesystem::path configDirIn(const TempDir& dir);
// Writes `text` as the file `name` of that folder (made first), as a user's kept file is before
// the viewer starts; its path.
std::filesystem::path writeConfigFile(const TempDir& dir, const std::string& name,
                                      const std::string& text);
// The state a viewer wrote with --state-out; nullopt when there is none or it does not parse.
std::optional<ViewerStateFile> readStateFile(const std::filesystem::path& path);

// Where a failed wait leaves its screenshot and state: tests/gui/failures in the build tree,
// or $BVHSCOPE_TEST_FAILURE_DIR.
std::filesystem::path failureDir();
// A screenshot of the whole display and `stateText` saved in failureDir() under the running
// test's name and `tag`; what to say in a failure message (the paths, or why there are none).
std::string saveFailureEvidence(const std::string& tag, const std::string& stateText);

using StateCheck = std::function<bool(const ViewerStateFile&)>;

// The viewer as a child process; killed when this goes away.
class ViewerProcess {
public:
    // Adds --state-out, sets XDG_CONFIG_HOME and XDG_CACHE_HOME to private directories under
    // `dir`, and HOME to `dir` (where exports start).
    ViewerProcess(const TempDir& dir, std::vector<std::string> arguments);
    ~ViewerProcess();
    pid_t pid() const { return pid_; }
    // Polls the state file until `accept` holds, up to `timeout` (counted again from each state
    // in which the viewer applied more of a backlog of input, up to 8 timeouts in all: a loaded
    // machine makes typing slow, not lost). On a timeout the test fails
    // (at the caller's line) with `what` it waited for, the last state and a screenshot; the
    // result is then nullopt, for the caller's ASSERT to stop on.
    std::optional<ViewerStateFile>
    waitForState(const StateCheck& accept, std::chrono::milliseconds timeout = kStateTimeout,
                 const std::string& what = "",
                 std::source_location where = std::source_location::current()) const;
    // The same, settled: every input event a test sent (noteInputSent) received and applied,
    // and `accept` holding in a state written as the viewer went idle, or in two states at
    // least three frames apart with the same `rects` (none named: every panel's and the view's)
    // (a popup fits itself over its first frames; a playing viewer never goes idle).
    std::optional<ViewerStateFile>
    waitForSettledState(const StateCheck& accept, const std::vector<std::string>& rects = {},
                        std::chrono::milliseconds timeout = kStateTimeout,
                        const std::string& what = "",
                        std::source_location where = std::source_location::current()) const;
    // Polls without failing: the first state `accept` holds in within `timeout`, or nullopt
    // (for what may rightly not happen).
    std::optional<ViewerStateFile> pollState(const StateCheck& accept,
                                             std::chrono::milliseconds timeout) const;
    // The state now (nullopt before the first frame).
    std::optional<ViewerStateFile> currentState() const;
    // Waits until the viewer has received at least `newEvents` input events more than
    // `before` shows and given every one of them to a frame, then until the state is settled:
    // what an action did, once it has all been done.
    std::optional<ViewerStateFile>
    waitForInputApplied(const ViewerStateFile& before, std::uint64_t newEvents,
                        std::source_location where = std::source_location::current()) const;
    // The X window id (xdotool search --pid).
    std::string windowId() const;
    // Says that a test sent the viewer `events` more input events (a click is a press and a
    // release) after it read `before`: a settled state is one that has received and applied at
    // least `events` more than `before` had, so the next click aims by a layout that the last
    // one has already changed. Counted from `before`, not as a running total of the test's
    // clicks: the viewer also counts the pointer's moves and crossings, so a total of presses
    // and releases is reached by a state written before the last click arrived (a viewer that
    // went idle with a menu open then looked settled, and the next click landed as a new panel
    // appeared and took ImGui's focus, dropping the held button).
    void noteInputSent(const ViewerStateFile& before, std::uint64_t events) const {
        inputFloor_ = std::max(inputFloor_, before.inputReceived + events);
    }
    // Sends SIGTERM and waits for the viewer to end (at most `timeout`, then SIGKILL): its
    // exit status, or -1 when a signal ended it.
    int terminate(std::chrono::milliseconds timeout = bvh::test::kHangGuard);

    // A hang guard (tests/support/hang_guard.h): every wait ends on the state it waits for.
    static constexpr std::chrono::milliseconds kStateTimeout{bvh::test::kHangGuard};

private:
    std::optional<ViewerStateFile> readState() const;
    void reportTimeout(const std::string& what, const std::optional<ViewerStateFile>& last,
                       std::chrono::milliseconds timeout, std::source_location where) const;

    pid_t pid_ = -1;
    std::filesystem::path statePath_;
    mutable std::uint64_t inputFloor_ = 0; // noteInputSent: the input a settled state has
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

// How clickSettledRect clicks: which button (1 left, 3 right, 4 and 5 the wheel), with which
// modifiers held ("ctrl", "shift", "" for none), where across the widget (0 its left edge, 0.5
// its centre), and how many times.
struct Click {
    int button = 1;
    std::string modifiers;
    float fractionX = 0.5f;
    int repeat = 1;

    static Click atFraction(float fractionX) {
        Click click;
        click.fractionX = fractionX;
        return click;
    }
    static Click withModifiers(std::string modifiers) {
        Click click;
        click.modifiers = std::move(modifiers);
        return click;
    }
    static Click ofButton(int button, int repeat = 1) {
        Click click;
        click.button = button;
        click.repeat = repeat;
        return click;
    }
};

// Clicks the widget `rect` that `viewer` reports in its state, on its X window `window`, once
// the widget is there and has settled (waitForSettledState). Returns the state it aimed by. On
// failure the test has failed (at the caller's line) and the result is nullopt.
std::optional<ViewerStateFile>
clickSettledRect(const ViewerProcess& viewer, const std::string& window, const std::string& rect,
                 const Click& how = {},
                 std::source_location where = std::source_location::current());
// A test of the viewer started on a copy of the bundled sample (walk.bvh in the test's own
// folder), for what writes beside its input (File > Export, Export glTF): the copy's bytes before
// the test, to show the input is never written over, the viewer and its window.
class SampleCopyGui : public testing::Test {
protected:
    // Copies the sample, starts the viewer on the copy followed by `arguments`, and waits until
    // its state passes `started`; a fatal failure (the test body then does not run) when it never
    // does or the viewer has no window. Call after BVHSCOPE_REQUIRE_DISPLAY in SetUp.
    void startOnSampleCopy(const std::vector<std::string>& arguments, const StateCheck& started) {
        input_ = dir_.path() / "walk.bvh";
        std::filesystem::copy_file(kSample, input_);
        inputBytes_ = readAll(input_);
        std::vector<std::string> all{input_.string()};
        all.insert(all.end(), arguments.begin(), arguments.end());
        viewer_.emplace(dir_, std::move(all));
        ASSERT_TRUE(viewer_->waitForState(started).has_value()) << "the viewer did not start";
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty()) << "no window found for the viewer";
    }
    // Clicks a widget once it is there and has settled (clickSettledRect).
    void click(const std::string& rect) { ASSERT_TRUE(clickSettledRect(*viewer_, window_, rect)); }

    TempDir dir_;
    std::filesystem::path input_;
    std::string inputBytes_;
    std::optional<ViewerProcess> viewer_;
    std::string window_;
};

// A test of the viewer opened on a generated library (tests/support/generated_library.h: two
// takes per action and style, in two datasets' subfolders) at 1400x860 from frame 0, as the
// Browser's library tests start.
class GeneratedLibraryGui : public testing::Test {
protected:
    static constexpr std::size_t kLibraryTakes = bvh::test::generatedLibraryTakeCount(2);
    // The Browser has listed and summarised every take and shows the first.
    static bool librarySettled(const ViewerStateFile& state) {
        return browserLibrarySettled(state, kLibraryTakes);
    }

    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        takes_ = bvh::test::writeGeneratedLibrary(dir_.path() / "library", 2);
        start();
    }
    // Starts the viewer on the library (again, after a test ended the last one).
    void start() {
        viewer_.emplace(dir_, std::vector<std::string>{(dir_.path() / "library").string(), "--size",
                                                       "1400x860", "--frame", "0"});
    }

    TempDir dir_;
    std::vector<std::filesystem::path> takes_;
    std::optional<ViewerProcess> viewer_;
};

// Clicks window point (x, y) with `how` (its fractionX unused); false when xdotool failed.
bool clickAt(const std::string& window, float x, float y, const Click& how = {});

// No session bus for the viewers started meanwhile (DBUS_SESSION_BUS_ADDRESS unset,
// XDG_RUNTIME_DIR a folder without a bus), as on minimal window managers, remote X or WSL: the
// viewer then shows its own file chooser in the window. The environment is restored afterwards.
class NoSessionBus {
public:
    explicit NoSessionBus(const std::filesystem::path& runtimeDir);
    ~NoSessionBus();
    NoSessionBus(const NoSessionBus&) = delete;
    NoSessionBus& operator=(const NoSessionBus&) = delete;

private:
    std::optional<std::string> bus_;
    std::optional<std::string> runtime_;
};

// Two processes that keep a core busy each (the machine a GUI test must pass on), stopped when
// this goes away, and after `limit` at the latest.
class BusyProcesses {
public:
    explicit BusyProcesses(int count = 2, std::chrono::seconds limit = std::chrono::seconds(120));
    ~BusyProcesses();
    BusyProcesses(const BusyProcesses&) = delete;
    BusyProcesses& operator=(const BusyProcesses&) = delete;

private:
    std::vector<pid_t> pids_;
};

// Drops `paths` on the X window `window` at (600, 400) through real XDND, with
// tests/gui/xdnd_drop.cpp as the drag source. False when the drop could not be made.
bool dropOnWindow(const std::string& window, const std::vector<std::filesystem::path>& paths);

using bvhscope::test::loadPng;
using bvhscope::test::Pixels;

} // namespace bvhscope::gui_test
