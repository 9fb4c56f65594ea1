// The C functions the page's JavaScript calls (app/web/bvhscope_page.js builds window.bvhscope on
// them): the viewer's state and a file's world positions as JSON, opening files written to
// MEMFS, and saving the settings. Each answer is a JSON text in a buffer owned here, valid until
// the next call of the same function: JavaScript copies it out (UTF8ToString) at once.
//
// Positions are computed as `bvhscope positions` computes them (app/cli/positions_command.cpp):
// the translation mode resolved from the file itself (Auto), a ForwardKinematicsPlan over the
// file's own rows, world transforms in the file's units and axes, End Sites under the names the
// skeleton gives them (EndSite_<parent>), each coordinate the shortest text that reads back to
// the same float. So the page and the command line print the same numbers for the same frame.
#include "app/viewer/io/file_loading.h"
#include "app/viewer/platform/page_frames.h"
#include "app/viewer/session/session.h"
#include "app/viewer/session/viewer_state.h"
#include "app/web/web_session.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/kinematics/pose.h"
#include "core/model/diagnostic.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#else
// A native syntax check of this file (it is built only for the page) needs the macro alone.
#define EMSCRIPTEN_KEEPALIVE
#endif

namespace bvhscope::web {
namespace {

// [SECTION] JSON text

// RFC 8259 string escaping. Bytes above 0x7F pass through: the page decodes the answer as UTF-8
// (UTF8ToString), which turns bytes that are not valid UTF-8 (names from old exporters) into
// U+FFFD, so the text always parses.
void appendJsonString(std::string& out, std::string_view text) {
    out += '"';
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (byte < 0x20) {
                constexpr char kHex[] = "0123456789abcdef";
                out += "\\u00";
                out += kHex[byte >> 4];
                out += kHex[byte & 0xF];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

// JSON has no inf or nan: they are written as null.
template <typename Number>
void appendJsonNumber(std::string& out, Number value) {
    if constexpr (std::is_floating_point_v<Number>) {
        if (!std::isfinite(value)) {
            out += "null";
            return;
        }
    }
    char text[32];
    out.append(text, std::to_chars(text, text + sizeof text, value).ptr);
}

double millisecondsBetween(viewer::LoadTiming::Clock::time_point from,
                           viewer::LoadTiming::Clock::time_point to) {
    return std::chrono::duration<double, std::milli>(to - from).count();
}

void appendOptionalMilliseconds(std::string& out, const viewer::LoadTiming& timing,
                                const std::optional<viewer::LoadTiming::Clock::time_point>& at) {
    if (at) {
        appendJsonNumber(out, millisecondsBetween(timing.started, *at));
    } else {
        out += "null";
    }
}

// The file name a timing is reported under: what follows the last '/' of the path opened.
std::string_view fileNameOf(std::string_view path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// [SECTION] State

void appendFiles(std::string& out, const viewer::ViewerState& state) {
    out += "\"files\":[";
    const std::vector<scene::Character>& characters = state.scene.characters();
    for (std::size_t index = 0; index < characters.size(); ++index) {
        const scene::Character& character = characters[index];
        out += index == 0 ? "{\"name\":" : ",{\"name\":";
        appendJsonString(out, character.clip->displayName);
        out += ",\"joints\":";
        appendJsonNumber(out, character.clip->document.skeleton.jointCount());
        out += ",\"frames\":";
        appendJsonNumber(out, scene::playableFrameCount(character));
        out += ",\"loading\":";
        out += character.loading() ? "true" : "false";
        // Stopped after its header by the checks' hold (bvhscope_web_hold_loads).
        out += ",\"held\":";
        out += character.loading() && state.loads.heldAfterHeader(*character.fileLoad.load)
                   ? "true"
                   : "false";
        // Whether its Frame Time was checked: only the Info panel shows that, so a file shows
        // loaded first and the first frame that draws the panel checks it (scene/clip.h).
        out += ",\"frameTimeChecked\":";
        out += character.clip->frameTimeChecked() ? "true" : "false";
        out += ",\"color\":[";
        for (int channel = 0; channel < 3; ++channel) {
            if (channel > 0) {
                out += ',';
            }
            appendJsonNumber(out, character.appearance.color[channel]);
        }
        out += "]}";
    }
    out += ']';
}

// What the viewer shows about files and its own troubles: the error popup's lines
// ("NAME:LINE:COL: error: ..."), the warnings of the files loaded (the Info panel's, named as it
// names them), then the notices over the view.
void appendMessages(std::string& out, const viewer::ViewerState& state) {
    out += "\"messages\":[";
    bool first = true;
    const auto appendLine = [&](std::string_view line) {
        if (!first) {
            out += ',';
        }
        first = false;
        appendJsonString(out, line);
    };
    for (const std::string& line : state.errorLines) {
        appendLine(line);
    }
    for (const scene::Character& character : state.scene.characters()) {
        const scene::Clip& clip = *character.clip;
        const std::string& shownPath = clip.sourcePath.empty() ? clip.displayName : clip.sourcePath;
        for (const bvh::Diagnostic& diagnostic : clip.document.diagnostics) {
            appendLine(bvh::formatDiagnostic(shownPath, diagnostic));
        }
    }
    for (const viewer::Notice& notice : state.notices.items) {
        appendLine(notice.text);
    }
    out += ']';
}

void appendLoads(std::string& out) {
    out += "\"loads\":[";
    bool first = true;
    for (const viewer::LoadTiming& timing : completedLoadTimings()) {
        out += first ? "{\"name\":" : ",{\"name\":";
        first = false;
        appendJsonString(out, fileNameOf(timing.path));
        out += ",\"headerMs\":";
        appendOptionalMilliseconds(out, timing, timing.header);
        out += ",\"firstPoseMs\":";
        appendOptionalMilliseconds(out, timing, timing.firstFrameShown);
        out += ",\"totalMs\":";
        appendOptionalMilliseconds(out, timing, timing.complete);
        out += ",\"failed\":";
        out += timing.failed ? "true" : "false";
        out += '}';
    }
    out += ']';
}

void appendRect(std::string& out, float x, float y, float width, float height) {
    out += '[';
    appendJsonNumber(out, x);
    out += ',';
    appendJsonNumber(out, y);
    out += ',';
    appendJsonNumber(out, width);
    out += ',';
    appendJsonNumber(out, height);
    out += ']';
}

const char* drawerName(viewer::CompactDrawer drawer) {
    switch (drawer) {
    case viewer::CompactDrawer::Files:
        return "files";
    case viewer::CompactDrawer::Joints:
        return "joints";
    case viewer::CompactDrawer::Info:
        return "info";
    case viewer::CompactDrawer::Selection:
        return "selection";
    case viewer::CompactDrawer::Settings:
        return "settings";
    case viewer::CompactDrawer::None:
        break;
    }
    return "";
}

// The docked layout the viewer computed for its last frame (layout/dock_layout.h), in window
// pixels: each panel as [x, y, width, height]; an empty one is [x, y, 0, 0]-like. "compact" is
// the phone's layout, "tabs" its row of tabs and "drawer" the panel its drawer shows ("" none).
void appendLayout(std::string& out, const viewer::ViewerState& state) {
    const viewer::DockLayout& layout = state.layout;
    const std::pair<const char*, const viewer::LayoutRect*> rects[] = {
        {"files", &layout.files},       {"joints", &layout.joints},
        {"info", &layout.info},         {"selection", &layout.selection},
        {"settings", &layout.settings}, {"timeline", &layout.timeline},
        {"view", &layout.view},         {"tabs", &layout.tabs},
        {"curves", &layout.curves},     {"compare", &layout.compare}};
    out += "\"layout\":{";
    for (const auto& [name, rect] : rects) {
        out += '"';
        out += name;
        out += "\":";
        appendRect(out, rect->x, rect->y, rect->width, rect->height);
        out += ',';
    }
    out += "\"compact\":";
    out += layout.compact ? "true" : "false";
    out += ",\"drawer\":";
    appendJsonString(out, drawerName(state.compactDrawer));
    out += '}';
}

// Where the last frame drew the widgets it records (tabs, buttons, menu items), by name, as
// [x, y, width, height] in window pixels: what a test taps.
void appendItems(std::string& out, const viewer::ViewerState& state) {
    out += "\"items\":{";
    bool first = true;
    for (const auto& [name, rect] : state.widgetRects.rects) {
        if (!first) {
            out += ',';
        }
        first = false;
        appendJsonString(out, name);
        out += ':';
        appendRect(out, rect.x, rect.y, rect.width, rect.height);
    }
    out += '}';
}

std::string stateJson(const viewer::ViewerState& state) {
    std::string out = "{";
    appendFiles(out, state);
    out += ",\"frame\":";
    appendJsonNumber(out, state.playback.frame());
    out += ',';
    appendMessages(out, state);
    out += ",\"frameMs\":";
    appendJsonNumber(out, lastFrameMilliseconds());
    out += ',';
    appendLoads(out);
    out += ",\"busy\":";
    out += state.loads.busy(state.scene) ? "true" : "false";
    // Commands pushed (an open among them) that the next frame applies: until then an opened
    // file is neither loading nor refused.
    out += ",\"commandsPending\":";
    out += state.commands.empty() ? "false" : "true";
    // Whether the page has stopped its animation frames (nothing moves), and how many frames
    // it has drawn: a sleeping page draws none.
    out += ",\"asleep\":";
    out += viewer::pageFramesPaused() ? "true" : "false";
    out += ",\"framesDrawn\":";
    appendJsonNumber(out, state.framesDrawn);
    // The input events received and applied now: a tap's press and release reach ImGui one
    // frame apart (input_queue.h), so its effect shows only once both are applied.
    const viewer::InputEventCounts input = inputEventCounts();
    out += ",\"input\":{\"received\":";
    appendJsonNumber(out, static_cast<double>(input.received));
    out += ",\"applied\":";
    appendJsonNumber(out, static_cast<double>(input.applied));
    out += '}';
    // The camera, for touch checks: pinch zooms (distance), two fingers pan (target), one
    // finger orbits (yaw, pitch).
    const render::OrbitCamera& camera = state.camera;
    out += ",\"camera\":{\"distance\":";
    appendJsonNumber(out, camera.distance);
    out += ",\"yaw\":";
    appendJsonNumber(out, camera.yawRadians);
    out += ",\"pitch\":";
    appendJsonNumber(out, camera.pitchRadians);
    out += ",\"target\":[";
    for (int axis = 0; axis < 3; ++axis) {
        out += axis == 0 ? "" : ",";
        appendJsonNumber(out, camera.target[axis]);
    }
    out += "]}";
    out += ",\"panelsHidden\":";
    out += state.panelsHidden ? "true" : "false";
    out += ',';
    appendLayout(out, state);
    out += ',';
    appendItems(out, state);
    out += '}';
    return out;
}

// [SECTION] Positions

// `[[name,x,y,z],...]` for every node of the file in `character` at `frame`, or "[]" when the
// frame is not one of its frames (a file still loading has none to answer for yet). A file with
// no frames has its rest pose as frame 0, as `bvhscope positions` writes it.
std::string positionsJson(const scene::Character& character, std::int64_t frame) {
    const bvh::Document& document = character.clip->document;
    const bvh::Skeleton& skeleton = document.skeleton;
    const bvh::Motion& motion = document.motion;
    const std::int64_t lastFrame = std::max<std::int64_t>(motion.frameCount, 1) - 1;
    if (character.loading() || character.isLive() || frame < 0 || frame > lastFrame) {
        return "[]";
    }
    const bvh::TranslationMode mode =
        bvh::resolveTranslationMode(bvh::TranslationMode::Auto, skeleton, motion);
    const bvh::ForwardKinematicsPlan plan(skeleton, mode);
    std::vector<bvh::RigidTransform> world(skeleton.nodeCount());
    plan.computeWorldTransformsOfRow(motion.frameCount == 0
                                         ? std::span<const float>()
                                         : motion.frame(static_cast<std::uint32_t>(frame)),
                                     world);
    std::string out = "[";
    for (std::size_t node = 0; node < world.size(); ++node) {
        out += node == 0 ? "[" : ",[";
        appendJsonString(out, skeleton.names[node]);
        for (int axis = 0; axis < 3; ++axis) {
            out += ',';
            // The float the command line prints (positions_csv.cpp), not the double.
            appendJsonNumber(out, static_cast<float>(world[node].translation[axis]));
        }
        out += ']';
    }
    out += ']';
    return out;
}

// Splits "a.bvh\nb.bvh" into its non-empty lines.
std::vector<std::string> linesOf(std::string_view text) {
    std::vector<std::string> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        if (!line.empty()) {
            lines.emplace_back(line);
        }
        if (end == std::string_view::npos) {
            break;
        }
        text.remove_prefix(end + 1);
    }
    return lines;
}

// The answers handed to JavaScript, each kept until the next call that makes one.
std::string stateAnswer;
std::string positionsAnswer;

} // namespace
} // namespace bvhscope::web

using bvhscope::web::viewerState;

// JSON: {"files":[{"name","joints","frames","loading","held","frameTimeChecked","color":[r,g,b]}],
// "frame",
// "messages":[...],"frameMs","loads":[{"name","headerMs","firstPoseMs","totalMs","failed"}],
// "busy","commandsPending","asleep","framesDrawn","input":{"received","applied"},"camera":{"distance","yaw","pitch","target"},
// "panelsHidden","layout":{"files","joints",
// "info","selection","settings","timeline","view","tabs","curves","compare","compact","drawer"},
// "items":{name:rect}} (rects as [x,y,width,height] in window pixels); before the viewer
// exists, "{}".
extern "C" EMSCRIPTEN_KEEPALIVE const char* bvhscope_web_state() {
    const bvhscope::viewer::ViewerState* state = viewerState();
    bvhscope::web::stateAnswer = state == nullptr ? "{}" : bvhscope::web::stateJson(*state);
    return bvhscope::web::stateAnswer.c_str();
}

// JSON: [[jointName,x,y,z],...] in the file's units and axes; "[]" for a file index or frame
// that does not exist (or a file still loading).
extern "C" EMSCRIPTEN_KEEPALIVE const char* bvhscope_web_positions(int fileIndex, int frame) {
    const bvhscope::viewer::ViewerState* state = viewerState();
    bvhscope::web::positionsAnswer = "[]";
    if (state != nullptr && fileIndex >= 0 &&
        static_cast<std::size_t>(fileIndex) < state->scene.characters().size()) {
        bvhscope::web::positionsAnswer = bvhscope::web::positionsJson(
            state->scene.characters()[static_cast<std::size_t>(fileIndex)], frame);
    }
    return bvhscope::web::positionsAnswer.c_str();
}

// Opens newline-separated names under /files (the working directory) with the viewer's Open
// command, as a drop of those files would. Returns how many names were opened; -1 before the
// viewer exists.
//
// The command is applied at once, and the reading starts in the next task: waiting for the
// next animation frame to apply it cost 20-70 ms on a software renderer, where a frame is only
// granted once the GPU process has drawn the last one (the open() trace of the page checks,
// tests/web/open_trace.mjs). Only when commands are already waiting (input of this frame) is it
// queued behind them, so commands keep their order.
extern "C" EMSCRIPTEN_KEEPALIVE int bvhscope_web_open(const char* newlineSeparatedNames) {
    bvhscope::viewer::ViewerState* state = viewerState();
    if (state == nullptr || newlineSeparatedNames == nullptr) {
        return -1;
    }
    std::vector<std::string> names = bvhscope::web::linesOf(newlineSeparatedNames);
    const int count = static_cast<int>(names.size());
    if (count == 0) {
        return 0;
    }
    bvhscope::viewer::command::Open open{std::move(names)};
    if (state->commands.empty()) {
        // Open's apply does not use the view's aspect (only framing commands do).
        constexpr float kAnyAspect = 1.0f;
        bvhscope::viewer::applyCommand(*state, open, kAnyAspect, std::cerr);
        if (state->loads.reading(state->scene)) {
            bvhscope::viewer::keepPageReading();
        }
    } else {
        state->commands.push(std::move(open));
    }
    bvhscope::viewer::wakePageFrames(); // the next frame shows it
    return count;
}

// Reads the open files for about `milliseconds` (between animation frames: the page calls this
// from its own task queue while it returns 1, so a large file streams in at the parser's speed
// rather than one slice per drawn frame). 1 while a file has bytes it can read now; once none
// has bytes left (downloads included), the finished files are taken at once (the state says
// loaded, and open() settles, without waiting for a frame to be drawn) and the next animation
// frame is asked for, to show them.
extern "C" EMSCRIPTEN_KEEPALIVE int bvhscope_web_advance_loads(int milliseconds) {
    bvhscope::viewer::ViewerState* state = viewerState();
    if (state == nullptr) {
        return 0;
    }
    state->loads.advance(state->scene, std::chrono::milliseconds(std::max(milliseconds, 1)));
    bvhscope::web::removeReadFiles();
    if (state->loads.readableNow(state->scene)) {
        return 1;
    }
    // A download waiting for its next piece: that piece starts the reading again
    // (bvhscope_web_stream_commit); the frames go on at the reading pace meanwhile.
    if (!state->loads.reading(state->scene)) {
        if (state->loads.busy(state->scene)) {
            bvhscope::viewer::takeFinishedLoads(*state, std::cerr);
            bvhscope::web::tellPageStepped();
        }
        bvhscope::viewer::wakePageFrames();
    }
    return 0;
}

// An event the page saw (input on the canvas, a key, a resize, the tab shown again): the
// animation frames start again if they had stopped, and the viewer counts it as activity.
extern "C" EMSCRIPTEN_KEEPALIVE void bvhscope_web_wake() {
    bvhscope::viewer::wakePageFrames(bvhscope::viewer::PageWake::Input);
}

// The page's size changed (a resize, a phone turned): the viewer's window and canvas follow, in
// CSS pixels.
extern "C" EMSCRIPTEN_KEEPALIVE void bvhscope_web_resize(int width, int height) {
    bvhscope::web::resizeWindow(width, height);
    bvhscope::viewer::wakePageFrames();
}

// 1 while the page fetches files or copies them in (bvhscope_page.js), 0 once it has none
// left: meanwhile the viewer draws a few frames a second, leaving the page's time to them.
extern "C" EMSCRIPTEN_KEEPALIVE void bvhscope_web_set_fetching(int fetching) {
    bvhscope::viewer::setPageFetching(fetching != 0);
}

// The page has touch and no keyboard or mouse (a phone, a tablet): the compact layout
// (layout/dock_layout.h) whatever the width. 0 when it has a fine pointer again.
extern "C" EMSCRIPTEN_KEEPALIVE void bvhscope_web_set_touch_only(int touchOnly) {
    if (bvhscope::viewer::ViewerState* state = viewerState(); state != nullptr) {
        state->touchOnly = touchOnly != 0;
        bvhscope::viewer::wakePageFrames();
    }
}

// Test-only (the page's checks, through window.bvhscope.holdLoadsForTests; nothing a user
// sees calls it): 1 holds every load the page reads once its header is read (state() then
// lists the file as loading and held), so a check can act while a file is known to be
// loading, whatever the machine's speed; 0 lets them all read on.
extern "C" EMSCRIPTEN_KEEPALIVE void bvhscope_web_hold_loads(int hold) {
    if (bvhscope::viewer::ViewerState* state = viewerState(); state != nullptr) {
        state->loads.holdAfterHeaderForTests(hold != 0);
        // The next frame restarts the reading (web_entry.cpp's stepFrame) once released.
        bvhscope::viewer::wakePageFrames();
    }
}

// Writes settings.ini, up_axes.tsv and imgui.ini into /settings; the page then copies them into
// local storage.
extern "C" EMSCRIPTEN_KEEPALIVE void bvhscope_web_save_settings() {
    if (viewerState() != nullptr) {
        bvhscope::web::saveSettingsNow();
    }
}
