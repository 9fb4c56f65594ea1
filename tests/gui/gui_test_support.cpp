#include "tests/gui/gui_test_support.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace bvhscope::gui_test {

namespace {

constexpr std::chrono::milliseconds kPollInterval{20};
// A state is settled when its widgets stayed put this many frames (ImGui fits a popup to its
// contents over its first two).
constexpr int kSettledFrames = 3;

std::string indented(const std::string& text) {
    std::string out;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        out += "    " + line + "\n";
    }
    return out;
}

std::string describeExit(int status) {
    if (WIFEXITED(status)) {
        return "exit status " + std::to_string(WEXITSTATUS(status));
    }
    if (WIFSIGNALED(status)) {
        return "signal " + std::to_string(WTERMSIG(status));
    }
    return "status " + std::to_string(status);
}

// The panels' layout: every panel's rectangle and the 3D view's (not labels that follow the
// figures, nor rectangles named by text that changes as the clip plays).
bool isLayoutRect(const std::string& name) {
    return name == "view" || name.starts_with("window:");
}

bool sameRects(const ViewerStateFile& a, const ViewerStateFile& b,
               const std::vector<std::string>& names) {
    auto same = [](const Rect& x, const Rect& y) {
        return x.x == y.x && x.y == y.y && x.width == y.width && x.height == y.height;
    };
    if (names.empty()) {
        std::size_t layoutRects = 0;
        for (const auto& [name, rect] : a.rects) {
            if (!isLayoutRect(name)) {
                continue;
            }
            ++layoutRects;
            const auto other = b.rects.find(name);
            if (other == b.rects.end() || !same(rect, other->second)) {
                return false;
            }
        }
        return layoutRects ==
               static_cast<std::size_t>(std::ranges::count_if(
                   b.rects, [](const auto& entry) { return isLayoutRect(entry.first); }));
    }
    for (const std::string& name : names) {
        const auto x = a.rects.find(name);
        const auto y = b.rects.find(name);
        if ((x == a.rects.end()) != (y == b.rects.end())) {
            return false;
        }
        if (x != a.rects.end() && !same(x->second, y->second)) {
            return false;
        }
    }
    return true;
}

std::optional<std::size_t> optionalIndex(const std::string& word) {
    if (word.empty() || word == "none") {
        return std::nullopt;
    }
    return static_cast<std::size_t>(std::stoul(word));
}

} // namespace

std::optional<ViewerStateFile> parseStateFile(const std::string& text) {
    ViewerStateFile state;
    state.text = text;
    std::istringstream lines(text);
    std::string line;
    bool sawCamera = false;
    while (std::getline(lines, line)) {
        std::istringstream in(line);
        std::string key;
        in >> key;
        if (key == "drawn") {
            in >> state.drawn;
        } else if (key == "input") {
            std::string word;
            in >> word >> state.inputReceived >> word >> state.inputApplied;
        } else if (key == "idle") {
            int idle = 0;
            in >> idle;
            state.idle = idle != 0;
        } else if (key == "frame") {
            std::string slash;
            in >> state.frame >> slash >> state.lastFrame;
        } else if (key == "time") {
            std::string slash;
            in >> state.time >> slash >> state.duration;
        } else if (key == "playing") {
            int playing = 0;
            in >> playing;
            state.playing = playing != 0;
        } else if (key == "file") {
            const auto name = line.find(" name ");
            if (name != std::string::npos) {
                state.fileNames.push_back(line.substr(name + 6));
            }
        } else if (key == "selected") {
            state.selected = line.substr(9);
        } else if (key == "camera") {
            render::OrbitCamera& camera = state.camera;
            in >> camera.target.x >> camera.target.y >> camera.target.z >> camera.distance >>
                camera.yawRadians >> camera.pitchRadians >> camera.verticalFovRadians;
            sawCamera = !in.fail();
        } else if (key == "window") {
            in >> state.windowWidth >> state.windowHeight;
        } else if (key == "exporttarget") {
            state.exportTarget = line.size() > 13 ? line.substr(13) : "";
        } else if (key == "error") {
            state.errors.push_back(line.substr(6));
        } else if (key == "clipped") {
            state.clipped.push_back(line.substr(8));
        } else if (key == "load") {
            ViewerStateFile::FileLoad load;
            std::size_t index = 0;
            std::string word;
            int loading = 0;
            in >> index >> word >> loading >> word >> load.frames >> word >> load.progress;
            load.loading = loading != 0;
            state.loads.push_back(load);
        } else if (key == "waiting") {
            std::string progress;
            in >> progress;
            std::string name;
            std::getline(in >> std::ws, name);
            state.waiting.push_back(name);
        } else if (key == "bones") {
            in >> state.bones;
        } else if (key == "body") {
            std::size_t index = 0;
            std::string word;
            ViewerStateFile::Body body;
            in >> index >> body.status >> word >> body.triangles;
            state.bodies.push_back(body);
        } else if (key == "lines") {
            int lines = 0;
            in >> lines;
            state.bonesAsLines = lines != 0;
        } else if (key == "loading") {
            int loading = 0;
            in >> loading;
            state.loading = loading != 0;
        } else if (key == "sound") {
            std::string word;
            int loading = 0;
            in >> word >> loading >> word >> state.soundLoadsStopped;
            state.soundLoading = loading != 0;
        } else if (key == "folder") {
            state.folder = line.size() > 7 ? line.substr(7) : "";
            if (state.folder == "none") {
                state.folder.clear();
            }
        } else if (key == "folderfiles") {
            std::string word;
            std::size_t count = 0;
            int summarising = 0;
            int workers = 0;
            std::string current;
            std::string opening;
            int subfolders = 0;
            int busy = 0;
            in >> count >> word >> summarising >> word >> workers >> word >> current >> word >>
                opening >> word >> subfolders >> word >> busy;
            state.folderCurrent = optionalIndex(current);
            state.folderOpening = optionalIndex(opening);
            state.folderBusy = busy != 0;
        } else if (key == "folderfile") {
            ViewerStateFile::FolderFile file;
            std::size_t index = 0;
            std::string word;
            in >> index >> word >> file.status >> word >> file.joints >> word >> file.frames >>
                word >> file.fps >> word >> file.duration >> word >> file.warnings >> word >>
                file.thumbnail;
            const auto name = line.find(" name ");
            if (name != std::string::npos) {
                file.name = line.substr(name + 6);
            }
            state.folderFiles.push_back(file);
        } else if (key == "browser") {
            std::string what;
            in >> what;
            if (what == "row") {
                std::size_t index = 0;
                std::string path;
                in >> index;
                std::getline(in >> std::ws, path);
                state.browserRows.push_back(path);
            } else if (what == "playing") {
                std::size_t position = 0;
                std::size_t frame = 0;
                in >> position >> frame;
                state.browserPlaying = std::pair(position, frame);
            } else if (what == "view") {
                std::string word;
                in >> state.browserView >> word >> state.browserCellSize;
            } else if (what == "shown") {
                std::size_t count = 0;
                std::string word, column, direction;
                int library = 0;
                in >> count >> word >> column >> direction >> word >> library;
                state.browserSort = column + " " + direction;
                state.browserLibrary = library != 0;
            }
        } else if (key == "folderdiag") {
            std::size_t index = 0;
            in >> index;
            std::string text;
            std::getline(in >> std::ws, text);
            if (index < state.folderFiles.size()) {
                state.folderFiles[index].diagnostics.push_back(text);
            }
        } else if (key == "browsed") {
            std::string index;
            in >> index;
            state.browsed = optionalIndex(index);
        } else if (key == "root") {
            in >> state.rootX >> state.rootY >> state.rootZ;
        } else if (key == "figure") {
            ViewerStateFile::Figure figure;
            std::string behindWord;
            int behind = 0;
            in >> figure.character >> figure.left >> figure.top >> figure.right >> figure.bottom >>
                behindWord >> behind;
            figure.behindEye = behind != 0;
            state.figures.push_back(figure);
        } else if (key == "follow") {
            std::string keptWord;
            int active = 0;
            int kept = 0;
            in >> active >> keptWord >> kept;
            state.following = active != 0;
            state.followFramingKept = kept != 0;
        } else if (key == "restpose") {
            int on = 0;
            in >> on;
            state.restPose = on != 0;
        } else if (key == "character") {
            ViewerStateFile::Character character;
            std::size_t index = 0;
            std::string word;
            int override = 0;
            in >> index >> word >> character.fileFramesPerSecond >> word >>
                character.framesPerSecondInUse >> word >> override >> word >> character.duration >>
                word >> character.up >> word >> character.placementX >> character.placementY >>
                character.placementZ;
            character.override = override != 0;
            state.characters.push_back(character);
        } else if (key == "frametime") {
            std::size_t index = 0;
            std::string word;
            std::string written;
            std::string suspicion;
            in >> index >> word >> written >> word >> suspicion;
            state.frameTimeWritten.push_back(written);
            state.frameTimeSuspicion.push_back(suspicion);
        } else if (key == "stance") {
            ViewerStateFile::Stance stance;
            std::size_t index = 0;
            std::string word;
            in >> index >> word >> stance.up >> word >> stance.source >> word >>
                stance.liftMetres >> word >> stance.staticRoots;
            state.stances.push_back(stance);
        } else if (key == "restcheck") {
            std::size_t index = 0;
            std::string word;
            int measured = 0;
            std::string up;
            int disagrees = 0;
            in >> index >> word >> measured >> word >> up >> word >> disagrees;
            state.restAnimationUp.push_back(up);
            state.restAnimationDisagrees.push_back(disagrees != 0);
        } else if (key == "curves") {
            ViewerStateFile::Curves curves;
            std::string word;
            if (in >> curves.character >> curves.node >> word >> curves.channels >> word >>
                curves.frames >> word >> curves.events) {
                state.curves = curves;
            }
        } else if (key == "compare") {
            ViewerStateFile::Compare& compare = state.compare;
            std::string word;
            int enabled = 0;
            int active = 0;
            in >> word >> enabled >> word >> active >> word >> compare.a >> word >> compare.b >>
                word >> compare.layout;
            compare.enabled = enabled != 0;
            compare.active = active != 0;
            int painted = 0;
            if (compare.active && in >> word >> compare.matched >> word >> compare.nodes >> word >>
                                      compare.mean >> word >> compare.max >> word >> painted) {
                compare.painted = painted != 0;
            }
        } else if (key == "rect") {
            Rect rect;
            in >> rect.x >> rect.y >> rect.width >> rect.height;
            std::string name;
            std::getline(in >> std::ws, name);
            state.rects[name] = rect;
        }
    }
    if (!sawCamera || state.frame < 0) {
        return std::nullopt;
    }
    return state;
}

TempDir::TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "bvhscope-gui-XXXXXX").string();
    if (mkdtemp(pattern.data()) != nullptr) {
        path_ = pattern;
    }
}

TempDir::~TempDir() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
}

namespace {

// The suite's GUI tests share one X server and so one pointer, and a test leaves the pointer
// wherever its last click or move put it. Over the next viewer's window it hovers whatever is
// there (the Browser's hovered row plays its take, framed over the whole clip, in place of its
// still thumbnail; a hovered button lights up), so that viewer's pictures and state depended on
// which test ctest happened to run before it. Every viewer starts with the pointer in the
// screen's bottom-right corner instead: away from its window, which is placed at the top left
// and is smaller than the suite's 1600x1000 screen.
void parkPointer() {
    if (std::getenv("DISPLAY") == nullptr) {
        return;
    }
    const std::optional<std::string> geometry = runCommand("xdotool getdisplaygeometry");
    int width = 0;
    int height = 0;
    std::istringstream(geometry.value_or("")) >> width >> height;
    if (width > 0 && height > 0) {
        xdotool("mousemove " + std::to_string(width - 1) + " " + std::to_string(height - 1));
    }
}

pid_t spawn(const TempDir& dir, const std::vector<std::string>& arguments) {
    parkPointer();
    const pid_t pid = fork();
    if (pid == 0) {
        const std::string config = (dir.path() / "config").string();
        setenv("XDG_CONFIG_HOME", config.c_str(), 1);
        // The Browser keeps a motion index in the cache folder: never the user's.
        const std::string cache = (dir.path() / "cache").string();
        setenv("XDG_CACHE_HOME", cache.c_str(), 1);
        // Exports start in the home folder (issue 42): the test's own, never the user's.
        setenv("HOME", dir.path().c_str(), 1);
        std::vector<char*> argv;
        std::string executable = BVHSCOPE_EXECUTABLE;
        argv.push_back(executable.data());
        std::vector<std::string> copies = arguments;
        for (std::string& argument : copies) {
            argv.push_back(argument.data());
        }
        argv.push_back(nullptr);
        execv(executable.c_str(), argv.data());
        _exit(127);
    }
    return pid;
}

} // namespace

ViewerProcess::ViewerProcess(const TempDir& dir, std::vector<std::string> arguments)
    : statePath_(dir.path() / "state.txt") {
    // A state file belongs to the viewer that wrote it: one left by a viewer this test ran before
    // (in the same folder) would be read as this one's first state.
    std::error_code ignored;
    std::filesystem::remove(statePath_, ignored);
    arguments.push_back("--state-out");
    arguments.push_back(statePath_.string());
    pid_ = spawn(dir, arguments);
}

ViewerProcess::~ViewerProcess() {
    if (pid_ > 0) {
        kill(pid_, SIGTERM);
        int status = 0;
        waitpid(pid_, &status, 0);
    }
}

int ViewerProcess::terminate(std::chrono::milliseconds timeout) {
    if (pid_ <= 0) {
        return -1;
    }
    kill(pid_, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            kill(pid_, SIGKILL);
            waitpid(pid_, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

namespace {

// A wait's deadline, `timeout` after the wait began or after the viewer last applied input that
// was still waiting: a viewer working through a backlog of events (hundreds of keys typed into a
// machine so loaded that each frame takes 50 ms) is making progress, not stuck. At most
// kBacklogDeadlines timeouts in all, so a test never hangs.
class WaitDeadline {
public:
    explicit WaitDeadline(std::chrono::milliseconds timeout)
        : timeout_(timeout), start_(std::chrono::steady_clock::now()), deadline_(start_ + timeout) {
    }

    void saw(const ViewerStateFile& state) {
        if (state.inputApplied > applied_ && !state.inputCaughtUp()) {
            deadline_ = std::min(std::chrono::steady_clock::now() + timeout_,
                                 start_ + kBacklogDeadlines * timeout_);
        }
        applied_ = std::max(applied_, state.inputApplied);
    }
    bool passed() const { return std::chrono::steady_clock::now() >= deadline_; }

private:
    static constexpr int kBacklogDeadlines = 8;
    std::chrono::milliseconds timeout_;
    std::chrono::steady_clock::time_point start_, deadline_;
    std::uint64_t applied_ = 0;
};

} // namespace

std::optional<ViewerStateFile> ViewerProcess::readState() const {
    std::ifstream in(statePath_);
    std::ostringstream text;
    text << in.rdbuf();
    return parseStateFile(text.str());
}

std::optional<ViewerStateFile> ViewerProcess::currentState() const {
    return readState();
}

std::optional<ViewerStateFile> ViewerProcess::pollState(const StateCheck& accept,
                                                        std::chrono::milliseconds timeout) const {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    do {
        if (std::optional<ViewerStateFile> state = readState(); state && accept(*state)) {
            return state;
        }
        std::this_thread::sleep_for(kPollInterval);
    } while (std::chrono::steady_clock::now() < deadline);
    return std::nullopt;
}

void ViewerProcess::reportTimeout(const std::string& what,
                                  const std::optional<ViewerStateFile>& last,
                                  std::chrono::milliseconds timeout,
                                  std::source_location where) const {
    std::ostringstream message;
    message << "waited " << timeout.count() << " ms (more while input was being applied) for "
            << (what.empty() ? std::string("the state checked here") : what) << "; ";
    int status = 0;
    if (pid_ > 0 && waitpid(pid_, &status, WNOHANG) == pid_) {
        message << "the viewer had ended (" << describeExit(status) << "); ";
    }
    if (last) {
        message << "the last state (drawn " << last->drawn << ", input " << last->inputApplied
                << " of " << last->inputReceived << " applied, idle " << (last->idle ? 1 : 0)
                << "):\n"
                << indented(last->text);
    } else {
        message << "the viewer wrote no state\n";
    }
    message << saveFailureEvidence("wait", last ? last->text : "");
    ADD_FAILURE_AT(where.file_name(), static_cast<int>(where.line())) << message.str();
}

std::optional<ViewerStateFile> ViewerProcess::waitForState(const StateCheck& accept,
                                                           std::chrono::milliseconds timeout,
                                                           const std::string& what,
                                                           std::source_location where) const {
    WaitDeadline deadline(timeout);
    std::optional<ViewerStateFile> last;
    do {
        if (std::optional<ViewerStateFile> state = readState()) {
            if (accept(*state)) {
                return state;
            }
            deadline.saw(*state);
            last = std::move(state);
        }
        std::this_thread::sleep_for(kPollInterval);
    } while (!deadline.passed());
    reportTimeout(what, last, timeout, where);
    return std::nullopt;
}

std::optional<ViewerStateFile>
ViewerProcess::waitForSettledState(const StateCheck& accept, const std::vector<std::string>& rects,
                                   std::chrono::milliseconds timeout, const std::string& what,
                                   std::source_location where) const {
    WaitDeadline deadline(timeout);
    std::optional<ViewerStateFile> last;
    std::optional<ViewerStateFile> candidate; // accepted, caught up, rects unchanged since
    do {
        if (std::optional<ViewerStateFile> state = readState()) {
            if (accept(*state) && state->inputCaughtUp() && state->inputReceived >= inputFloor_) {
                if (state->idle) {
                    return state;
                }
                if (candidate && sameRects(*candidate, *state, rects)) {
                    if (state->drawn >= candidate->drawn + kSettledFrames) {
                        return state;
                    }
                } else {
                    candidate = state;
                }
            } else {
                candidate.reset();
            }
            deadline.saw(*state);
            last = std::move(state);
        }
        std::this_thread::sleep_for(kPollInterval);
    } while (!deadline.passed());
    reportTimeout((what.empty() ? std::string("the state checked here") : what) +
                      ", settled (idle, or unchanged over frames with all input applied)",
                  last, timeout, where);
    return std::nullopt;
}

std::optional<ViewerStateFile>
ViewerProcess::waitForInputApplied(const ViewerStateFile& before, std::uint64_t newEvents,
                                   std::source_location where) const {
    const std::uint64_t wanted = before.inputReceived + newEvents;
    return waitForSettledState(
        [&](const ViewerStateFile& state) { return state.inputReceived >= wanted; }, {},
        kStateTimeout, "at least " + std::to_string(wanted) + " input events applied", where);
}

std::string ViewerProcess::windowId() const {
    // `xdotool search` walks every window on the display; when another test's window (ctest
    // runs GUI tests side by side on one Xvfb) is destroyed between its listing and its query,
    // Xlib's BadWindow ends xdotool with nothing printed. So it is asked again until it names
    // the viewer's window, or the viewer has exited, within the hang guard.
    const auto deadline = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    do {
        const auto output = runCommand("xdotool search --sync --onlyvisible --pid " +
                                       std::to_string(pid_) + " 2>/dev/null | head -n 1");
        std::string id = output.value_or(std::string());
        while (!id.empty() && (id.back() == '\n' || id.back() == ' ')) {
            id.pop_back();
        }
        if (!id.empty() || kill(pid_, 0) != 0) {
            return id;
        }
    } while (std::chrono::steady_clock::now() < deadline);
    return {};
}

int runViewerToCompletion(const TempDir& dir, std::vector<std::string> arguments) {
    const pid_t pid = spawn(dir, arguments);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::optional<std::string> runCommand(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) {
        return std::nullopt;
    }
    std::string output;
    std::array<char, 4096> buffer;
    std::size_t read = 0;
    while ((read = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
        output.append(buffer.data(), read);
    }
    if (pclose(pipe) != 0) {
        return std::nullopt;
    }
    return output;
}

std::optional<ViewerStateFile> viewerStateAtDpi(const TempDir& dir, int dpi,
                                                const std::string& screen,
                                                const std::vector<std::string>& arguments,
                                                const std::string& tag) {
    const auto state = dir.path() / ("state-" + tag + ".txt");
    const auto shot = dir.path() / ("shot-" + tag + ".png");
    const auto config = dir.path() / ("config-" + tag);
    std::string inner = "echo 'Xft.dpi: " + std::to_string(dpi) +
                        "' | xrdb -merge && XDG_CONFIG_HOME='" + config.string() +
                        "' XDG_CACHE_HOME='" + config.string() + "-cache' '" + BVHSCOPE_EXECUTABLE +
                        "'";
    for (const std::string& argument : arguments) {
        inner += " '" + argument + "'";
    }
    inner += " --screenshot '" + shot.string() + "' --state-out '" + state.string() + "'";
    // -noreset: Xvfb otherwise resets, dropping the resources, when xrdb disconnects.
    const std::string command = "xvfb-run -a -s '-noreset -screen 0 " + screen +
                                "x24 +extension GLX' sh -c \"" + inner + "\" >/dev/null 2>&1";
    if (!runCommand(command)) {
        return std::nullopt;
    }
    std::ifstream in(state);
    std::ostringstream text;
    text << in.rdbuf();
    return parseStateFile(text.str());
}

std::string xdotoolPoint(float x, float y) {
    return std::to_string(static_cast<int>(std::lround(x))) + " " +
           std::to_string(static_cast<int>(std::lround(y)));
}

bool xdotool(const std::string& actions) {
    return runCommand("xdotool " + actions + " 2>&1").has_value();
}

bool clickAt(const std::string& window, float x, float y, const Click& how) {
    std::string actions = "mousemove --window " + window + " " + xdotoolPoint(x, y);
    if (!how.modifiers.empty()) {
        actions += " keydown " + how.modifiers;
    }
    actions += " click --repeat " + std::to_string(how.repeat) + " " + std::to_string(how.button);
    if (!how.modifiers.empty()) {
        actions += " keyup " + how.modifiers;
    }
    return xdotool(actions);
}

std::optional<ViewerStateFile> clickSettledRect(const ViewerProcess& viewer,
                                                const std::string& window, const std::string& rect,
                                                const Click& how, std::source_location where) {
    std::optional<ViewerStateFile> state = viewer.waitForSettledState(
        [&](const ViewerStateFile& state) { return state.rects.contains(rect); }, {rect},
        ViewerProcess::kStateTimeout, rect + " to click", where);
    if (!state) {
        return std::nullopt;
    }
    const Rect target = state->rects.at(rect);
    if (!clickAt(window, target.x + target.width * how.fractionX, target.centerY(), how)) {
        ADD_FAILURE_AT(where.file_name(), static_cast<int>(where.line()))
            << "xdotool failed to click " << rect;
        return std::nullopt;
    }
    // GLFW reports a press and a release of a button, one scroll step of the wheel (4 to 7).
    const bool wheel = how.button >= 4 && how.button <= 7;
    viewer.noteInputSent(*state, static_cast<std::uint64_t>(how.repeat) * (wheel ? 1 : 2));
    return state;
}

std::filesystem::path failureDir() {
    if (const char* dir = std::getenv("BVHSCOPE_TEST_FAILURE_DIR"); dir != nullptr && *dir) {
        return dir;
    }
    return BVHSCOPE_GUI_FAILURE_DIR;
}

std::string saveFailureEvidence(const std::string& tag, const std::string& stateText) {
    static int saved = 0;
    std::string name = "unknown-test";
    if (const auto* test = testing::UnitTest::GetInstance()->current_test_info()) {
        name = std::string(test->test_suite_name()) + "." + test->name();
    }
    for (char& c : name) {
        if (c == '/' || c == ' ') {
            c = '_';
        }
    }
    name += "-" + tag + "-" + std::to_string(++saved);
    std::error_code error;
    std::filesystem::create_directories(failureDir(), error);
    const auto base = failureDir() / name;
    std::string said;
    if (!stateText.empty()) {
        std::ofstream(base.string() + ".state.txt") << stateText;
        said += "  state: " + base.string() + ".state.txt\n";
    }
    const std::string png = base.string() + ".png";
    if (runCommand("import -window root '" + png + "' 2>&1")) {
        said += "  screenshot of the display: " + png + "\n";
    } else {
        said += "  no screenshot (ImageMagick's import failed)\n";
    }
    return said;
}

namespace {

void saveVariable(const char* name, std::optional<std::string>& into) {
    if (const char* value = std::getenv(name)) {
        into = value;
    }
}

void restoreVariable(const char* name, const std::optional<std::string>& value) {
    if (value) {
        setenv(name, value->c_str(), 1);
    } else {
        unsetenv(name);
    }
}

} // namespace

NoSessionBus::NoSessionBus(const std::filesystem::path& runtimeDir) {
    saveVariable("DBUS_SESSION_BUS_ADDRESS", bus_);
    saveVariable("XDG_RUNTIME_DIR", runtime_);
    unsetenv("DBUS_SESSION_BUS_ADDRESS");
    std::error_code error;
    std::filesystem::create_directories(runtimeDir, error);
    setenv("XDG_RUNTIME_DIR", runtimeDir.c_str(), 1); // no "bus" socket there
}

NoSessionBus::~NoSessionBus() {
    restoreVariable("DBUS_SESSION_BUS_ADDRESS", bus_);
    restoreVariable("XDG_RUNTIME_DIR", runtime_);
}

BusyProcesses::BusyProcesses(int count, std::chrono::seconds limit) {
    for (int i = 0; i < count; ++i) {
        const pid_t pid = fork();
        if (pid == 0) {
            alarm(static_cast<unsigned>(limit.count())); // never outlives a crashed test
            volatile std::uint64_t spin = 0;
            for (;;) {
                spin = spin + 1;
            }
        }
        if (pid > 0) {
            pids_.push_back(pid);
        }
    }
}

BusyProcesses::~BusyProcesses() {
    for (const pid_t pid : pids_) {
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
    }
}

bool dropOnWindow(const std::string& window, const std::vector<std::filesystem::path>& paths) {
    std::string command = std::string(XDND_DROP_EXECUTABLE) + " " + window + " 600 400";
    for (const std::filesystem::path& path : paths) {
        command += " '" + path.string() + "'";
    }
    return runCommand(command + " 2>&1").has_value();
}

bool underPanel(const ViewerStateFile& state, float x, float y) {
    for (const auto& [name, rect] : state.rects) {
        if (name.starts_with("window:") && rect.contains(x, y, 6.0f)) {
            return true;
        }
    }
    return false;
}

bool anyErrorMentions(const ViewerStateFile& state, const std::string& text) {
    return std::ranges::any_of(state.errors, [&](const std::string& error) {
        return error.find(text) != std::string::npos;
    });
}

std::string readAll(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::filesystem::path configDirIn(const TempDir& dir) {
    return dir.path() / "config" / "bvhscope";
}

std::filesystem::path writeConfigFile(const TempDir& dir, const std::string& name,
                                      const std::string& text) {
    const std::filesystem::path folder = configDirIn(dir);
    std::filesystem::create_directories(folder);
    const std::filesystem::path file = folder / name;
    std::ofstream(file, std::ios::binary) << text;
    return file;
}

std::optional<ViewerStateFile> readStateFile(const std::filesystem::path& path) {
    return parseStateFile(readAll(path));
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) {
        text += "\n  " + line;
    }
    return text;
}

Rect viewRect(const ViewerStateFile& state) {
    if (const auto found = state.rects.find("view"); found != state.rects.end()) {
        return found->second;
    }
    return Rect{0, 0, static_cast<float>(state.windowWidth),
                static_cast<float>(state.windowHeight)};
}

std::optional<glm::vec2> projectIntoWindow(const ViewerStateFile& state, const glm::vec3& point) {
    const Rect view = viewRect(state);
    const auto pixel =
        render::projectToPixel(state.camera, glm::vec2(view.width, view.height), point);
    if (!pixel) {
        return std::nullopt;
    }
    return *pixel + glm::vec2(view.x, view.y);
}

} // namespace bvhscope::gui_test
