#include "app/viewer/viewer_options.h"

#include <charconv>
#include <cmath>

namespace bvhscope::viewer {

namespace {

template <typename Integer>
bool parseInteger(std::string_view text, Integer& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

bool parseSize(std::string_view text, int& width, int& height) {
    const auto x = text.find_first_of("xX");
    return x != std::string_view::npos && parseInteger(text.substr(0, x), width) &&
           parseInteger(text.substr(x + 1), height) && width >= 64 && height >= 64 &&
           width <= 16384 && height <= 16384;
}

} // namespace

ParsedViewerOptions parseViewerOptions(std::span<const std::string_view> arguments) {
    ParsedViewerOptions parsed;
    ViewerOptions& options = parsed.options;
    bool onlyFiles = false;
    ViewerOptions::RenderBenchmark bench;
    bool benchRequested = false;
    bool benchCountGiven = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string_view argument = arguments[i];
        if (onlyFiles || argument.empty() || argument.front() != '-' || argument == "-") {
            options.files.emplace_back(argument);
            continue;
        }
        if (argument == "--") {
            onlyFiles = true;
            continue;
        }
        if (argument == "--print-load-timing") {
            options.printLoadTiming = true;
            continue;
        }
        if (argument == "--test-draw-under-panels") {
            options.drawUnderPanels = true;
            continue;
        }
        const bool takesValue = argument == "--screenshot" || argument == "--frame" ||
                                argument == "--size" || argument == "--state-out" ||
                                argument == "--bench-render" || argument == "--characters" ||
                                argument == "--frames" || argument == "--test-pause-after-header" ||
                                argument == "--audio-offset" || argument == "--bench-idle";
        if (!takesValue) {
            parsed.error = "unknown option " + std::string(argument);
            return parsed;
        }
        if (i + 1 >= arguments.size()) {
            parsed.error = std::string(argument) + " needs a value";
            return parsed;
        }
        const std::string_view value = arguments[++i];
        if (argument == "--screenshot") {
            options.screenshot = std::string(value);
        } else if (argument == "--state-out") {
            options.stateOut = std::string(value);
        } else if (argument == "--bench-render") {
            bench.file = std::string(value);
            benchRequested = true;
        } else if (argument == "--test-pause-after-header") {
            int milliseconds = 0;
            if (!parseInteger(value, milliseconds) || milliseconds < 0 || milliseconds > 60000) {
                parsed.error =
                    "--test-pause-after-header needs 0 to 60000 ms, not " + std::string(value);
                return parsed;
            }
            options.pauseAfterHeaderMs = milliseconds;
        } else if (argument == "--characters" || argument == "--frames") {
            int count = 0;
            if (!parseInteger(value, count) || count < 1 || count > 100000) {
                parsed.error = std::string(argument) + " needs a count from 1 to 100000, not " +
                               std::string(value);
                return parsed;
            }
            (argument == "--characters" ? bench.characters : bench.frames) = count;
            benchCountGiven = true;
        } else if (argument == "--bench-idle") {
            double seconds = 0.0;
            const char* end = value.data() + value.size();
            const auto result = std::from_chars(value.data(), end, seconds);
            if (value.empty() || result.ec != std::errc() || result.ptr != end ||
                !std::isfinite(seconds) || seconds < 0.5 || seconds > 600.0) {
                parsed.error =
                    "--bench-idle needs seconds from 0.5 to 600, not " + std::string(value);
                return parsed;
            }
            options.benchIdleSeconds = seconds;
        } else if (argument == "--audio-offset") {
            double seconds = 0.0;
            const char* end = value.data() + value.size();
            const auto result = std::from_chars(value.data(), end, seconds);
            if (value.empty() || result.ec != std::errc() || result.ptr != end ||
                !std::isfinite(seconds) || std::abs(seconds) > 3600.0) {
                parsed.error =
                    "--audio-offset needs seconds from -3600 to 3600, not " + std::string(value);
                return parsed;
            }
            options.audioOffsetSeconds = seconds;
        } else if (argument == "--frame") {
            std::int64_t frame = 0;
            if (!parseInteger(value, frame) || frame < 0) {
                parsed.error = "--frame needs a frame number >= 0, not " + std::string(value);
                return parsed;
            }
            options.frame = frame;
        } else {
            int width = 0;
            int height = 0;
            if (!parseSize(value, width, height)) {
                parsed.error = "--size needs WIDTHxHEIGHT (64 to 16384), not " + std::string(value);
                return parsed;
            }
            options.width = width;
            options.height = height;
        }
    }
    if (benchCountGiven && !benchRequested) {
        parsed.error = "--characters and --frames go with --bench-render";
    } else if (benchRequested && (!options.files.empty() || options.screenshot)) {
        parsed.error = "--bench-render takes one FILE and no other files or --screenshot";
    } else if (benchRequested) {
        options.benchRender = bench;
    }
    if (parsed.error.empty() && options.benchIdleSeconds &&
        (benchRequested || options.screenshot)) {
        parsed.error = "--bench-idle goes with neither --bench-render nor --screenshot";
    }
    return parsed;
}

std::string_view viewerOptionsHelp() {
    return R"(
Viewer options:
  --screenshot OUT.png   render the window once the files are loaded, save it, and exit
  --frame N              open paused at frame N
  --size WxH             window size in pixels (default: the last size used)
  --audio-offset SEC     where the captures' frame 0 is in the sound (a sound file given as a
                         FILE, or found beside a capture: take12.bvh + take12.wav)
  --state-out FILE       (for tests) write the viewer's state to FILE every frame
  --test-pause-after-header MS
                         (for tests) each load waits MS after the file's header
  --test-draw-under-panels
                         (for tests and benchmarks) draw the 3D view under the panels too,
                         as if they were not opaque
  --print-load-timing    print, in ms since start: the first frame on screen ("first swap")
                         and per file when its header was read, its first frame was shown
                         and it was completely loaded; for a folder, when its summaries
                         and thumbnails were done and the longest UI frame meanwhile

Files load in the background: the skeleton shows once the header is read and the frames read
so far play; the Files panel shows each file's progress.

A FOLDER opens in the Browser panel: every .bvh file in it (any case, natural order; "Include
subfolders" for the whole tree) with a thumbnail, joints, frames, fps, duration and status,
summarised in the background. Its first file that loads is shown; Page Down/Page Up (or a click
on a row) show another file in its place, keeping the camera, playback and selected joint.
Ctrl+click adds a row's file as a character of its own. Folders can also be dropped or typed
into the Files panel's path field.

Render benchmark:
  --bench-render FILE    load FILE, show it as N characters side by side, play K frames as
                         fast as possible (panels drawn), and print the median and p99 frame
                         time (CPU + GPU: glFinish before the clock stops), the time to the
                         first frame on screen, and the GL renderer; then exit
  --characters N         copies of FILE (default 1)
  --frames K             frames measured (default 300; 5 warm-up frames are not counted)
  (with --size WxH; default 1280x720)

Idle benchmark:
  --bench-idle SECONDS   open the files (or the bundled sample) paused, wait until nothing has
                         moved for a second, then print the CPU time the viewer used in SECONDS
                         of idling (every thread) and the frames it drew meanwhile; then exit

Mouse: left drag orbits, right/middle or Shift+left drag pans, wheel or Ctrl+left drag zooms,
click selects a joint. Keys: Space play/pause, Left/Right step, Home/End, J/K/L shuttle,
[ and ] mark the range, F frame all, R reset the camera, Page Down/Page Up next/previous file of
the browsed folder. Drop .bvh files (or a folder) on the window to add them.
)";
}

} // namespace bvhscope::viewer
