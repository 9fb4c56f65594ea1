#include "app/viewer/viewer_options.h"

#include "app/options/option_help.h"
#include "app/options/option_table.h"
#include "app/scene/bone_style_names.h"
#include "app/viewer/panels/key_bindings.h"

#include <charconv>
#include <cmath>

namespace bvhscope::viewer {

namespace {

template <typename Integer>
bool parseInteger(std::string_view text, Integer& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

// "WxH" with each side in the range of the setting that keeps it (window_width,
// window_height), so that a size given for one run is one the settings could keep.
bool parseWindowSize(std::string_view text, int& width, int& height) {
    const auto x = text.find_first_of("xX");
    return x != std::string_view::npos && parseInteger(text.substr(0, x), width) &&
           parseInteger(text.substr(x + 1), height) &&
           options::inRange(options::kWindowWidth, width) &&
           options::inRange(options::kWindowHeight, height);
}

} // namespace

namespace {

// What the options gather before the whole command line is checked.
struct OptionState {
    explicit OptionState(ViewerOptions& target) : options(target) {}
    ViewerOptions& options;
    ViewerOptions::RenderBenchmark bench;
    bool benchRequested = false;
    bool benchCountGiven = false;
    bvh::live::StreamFormat liveFormat = bvh::live::StreamFormat::Auto;
    std::string liveSkeleton;
};

bool takesValue(std::string_view argument) {
    return argument == "--screenshot" || argument == "--frame" || argument == "--size" ||
           argument == "--state-out" || argument == "--bench-render" ||
           argument == "--characters" || argument == "--frames" ||
           argument == "--test-pause-after-header" || argument == "--test-frame-delay" ||
           argument == "--audio-offset" || argument == "--bench-idle" || argument == "--bones" ||
           argument == "--format" || argument == "--skeleton";
}

// Seconds in [minimum, maximum]; nullopt for anything else.
std::optional<double> parseSeconds(std::string_view value, double minimum, double maximum) {
    double seconds = 0.0;
    const char* end = value.data() + value.size();
    const auto result = std::from_chars(value.data(), end, seconds);
    if (value.empty() || result.ec != std::errc() || result.ptr != end || !std::isfinite(seconds) ||
        seconds < minimum || seconds > maximum) {
        return std::nullopt;
    }
    return seconds;
}

// A test hook's whole milliseconds in [0, maximum]; nullopt with `error` set otherwise.
std::optional<int> parseMilliseconds(std::string_view argument, std::string_view value, int maximum,
                                     std::string& error) {
    int milliseconds = 0;
    if (!parseInteger(value, milliseconds) || milliseconds < 0 || milliseconds > maximum) {
        error = std::string(argument) + " needs 0 to " + std::to_string(maximum) + " ms, not " +
                std::string(value);
        return std::nullopt;
    }
    return milliseconds;
}

// Applies one option that takes a value (takesValue); false with `error` set when the value is
// not one the option accepts.
bool applyOptionValue(std::string_view argument, std::string_view value, OptionState& state,
                      std::string& error) {
    ViewerOptions& options = state.options;
    if (argument == "--format") {
        const std::optional<bvh::live::StreamFormat> format = bvh::live::parseStreamFormat(value);
        if (value == "vmc" || value == "mocopi") {
            error = "--format " + std::string(value) + ": give the address " + std::string(value) +
                    "://[BIND_ADDRESS][:PORT] instead";
            return false;
        }
        if (!format) {
            error = "--format needs auto, axis, lines or bvh, not " + std::string(value);
            return false;
        }
        state.liveFormat = *format;
    } else if (argument == "--skeleton") {
        state.liveSkeleton = std::string(value);
    } else if (argument == "--screenshot") {
        options.screenshot = std::string(value);
    } else if (argument == "--state-out") {
        options.stateOut = std::string(value);
    } else if (argument == "--bones") {
        options.boneStyle = scene::boneStyleNamed(value);
        if (!options.boneStyle) {
            error = "--bones needs " + std::string(scene::kBoneStyleChoices) + ", not " +
                    std::string(value);
            return false;
        }
    } else if (argument == "--bench-render") {
        state.bench.file = std::string(value);
        state.benchRequested = true;
    } else if (argument == "--test-pause-after-header") {
        options.pauseAfterHeaderMs = parseMilliseconds(argument, value, 60000, error);
        return options.pauseAfterHeaderMs.has_value();
    } else if (argument == "--test-frame-delay") {
        options.frameDelayMs = parseMilliseconds(argument, value, 2000, error);
        return options.frameDelayMs.has_value();
    } else if (argument == "--characters" || argument == "--frames") {
        int count = 0;
        if (!parseInteger(value, count) || count < 1 || count > 100000) {
            error = std::string(argument) + " needs a count from 1 to 100000, not " +
                    std::string(value);
            return false;
        }
        (argument == "--characters" ? state.bench.characters : state.bench.frames) = count;
        state.benchCountGiven = true;
    } else if (argument == "--bench-idle") {
        options.benchIdleSeconds = parseSeconds(value, 0.5, 600.0);
        if (!options.benchIdleSeconds) {
            error = "--bench-idle needs seconds from 0.5 to 600, not " + std::string(value);
            return false;
        }
    } else if (argument == "--audio-offset") {
        const options::Option& offset = options::kAudioOffset;
        const std::optional<double> seconds = parseSeconds(value, *offset.minimum, *offset.maximum);
        if (!seconds) {
            error = "--audio-offset needs seconds " + options::rangeNumbers(offset) + ", not " +
                    std::string(value);
            return false;
        }
        options.audioOffsetSeconds = *seconds;
    } else if (argument == "--frame") {
        std::int64_t frame = 0;
        if (!parseInteger(value, frame) || frame < 0) {
            error = "--frame needs a frame number >= 0, not " + std::string(value);
            return false;
        }
        options.frame = frame;
    } else {
        int width = 0;
        int height = 0;
        if (!parseWindowSize(value, width, height)) {
            error = "--size needs WIDTHxHEIGHT (width " +
                    options::rangeText(options::kWindowWidth) + ", height " +
                    options::rangeText(options::kWindowHeight) + "), not " + std::string(value);
            return false;
        }
        options.width = width;
        options.height = height;
    }
    return true;
}

// The checks across options, once every argument is read.
void finishOptions(OptionState& state, std::string& error) {
    ViewerOptions& options = state.options;
    for (LiveStreamRequest& request : options.liveStreams) {
        request.format = state.liveFormat;
        request.skeletonPath = state.liveSkeleton;
    }
    if ((state.liveFormat != bvh::live::StreamFormat::Auto || !state.liveSkeleton.empty()) &&
        options.liveStreams.empty()) {
        error = "--format and --skeleton go with a live stream: tcp://HOST:PORT";
    } else if (state.benchCountGiven && !state.benchRequested) {
        error = "--characters and --frames go with --bench-render";
    } else if (state.benchRequested && (!options.files.empty() || options.screenshot)) {
        error = "--bench-render takes one FILE and no other files or --screenshot";
    } else if (state.benchRequested) {
        options.benchRender = state.bench;
    }
    if (error.empty() && options.benchIdleSeconds && (state.benchRequested || options.screenshot)) {
        error = "--bench-idle goes with neither --bench-render nor --screenshot";
    }
}

} // namespace

ParsedViewerOptions parseViewerOptions(std::span<const std::string_view> arguments) {
    ParsedViewerOptions parsed;
    ViewerOptions& options = parsed.options;
    OptionState state(options);
    bool onlyFiles = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string_view argument = arguments[i];
        if (!onlyFiles && isLiveAddress(argument)) {
            LiveStreamRequest request;
            if (!parseLiveAddress(argument, request, parsed.error)) {
                return parsed;
            }
            options.liveStreams.push_back(std::move(request));
        } else if (onlyFiles || argument.empty() || argument.front() != '-' || argument == "-") {
            options.files.emplace_back(argument);
        } else if (argument == "--") {
            onlyFiles = true;
        } else if (argument == "--print-load-timing") {
            options.printLoadTiming = true;
        } else if (argument == "--test-draw-under-panels") {
            options.drawUnderPanels = true;
        } else if (!takesValue(argument)) {
            parsed.error = "unknown option " + std::string(argument);
            return parsed;
        } else if (i + 1 >= arguments.size()) {
            parsed.error = std::string(argument) + " needs a value";
            return parsed;
        } else if (!applyOptionValue(argument, arguments[++i], state, parsed.error)) {
            return parsed;
        }
    }
    finishOptions(state, parsed.error);
    return parsed;
}

// The viewer's help after its options from the table: the test hooks, what a FOLDER does, the
// benchmarks, and the mouse and keys.
constexpr std::string_view kViewerHelpAfterTheTable =
    R"(  --state-out FILE       (for tests) write the viewer's state to FILE every frame
  --test-pause-after-header MS
                         (for tests) each load waits MS after the file's header
  --test-frame-delay MS
                         (for tests) every frame takes MS longer, as on a slow software
                         renderer: input shorter than a frame must still arrive
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
  (with --size WxH, default 1280x720, and --bones, default capsules: with body, the frames
  are counted once every body is built)

Idle benchmark:
  --bench-idle SECONDS   open the files (or the bundled sample) paused, wait until nothing has
                         moved for a second, then print the CPU time the viewer used in SECONDS
                         of idling (every thread) and the frames it drew meanwhile; then exit

)";

namespace {

// The viewer's options that are in the options table, their entries from it.
std::string tableEntries(std::initializer_list<std::string_view> flags) {
    std::string text;
    for (const std::string_view flag : flags) {
        text += options::helpEntry(*options::optionWithFlag(flag, options::kViewer));
    }
    return text;
}

std::string composeViewerOptionsHelp() {
    std::string help = R"(
Viewer options:
  tcp://HOST:PORT        show a live stream (Axis Neuron / Axis Studio "BVH broadcasting",
                         `bvhscope serve`, a BVH relay): the figure at the newest frame, the
                         last minutes scrubbable, Record / Stop in the Live panel
  vmc://[BIND_ADDRESS][:PORT]
                         listen for the VMC protocol over UDP (VSeeFace, VirtualMotionCapture,
                         XR Animator...; port 39539 by default): Unity's humanoid skeleton
  mocopi://[BIND_ADDRESS][:PORT]
                         listen for Sony mocopi's own UDP format (port 12351 by default)
)";
    help += tableEntries({"--format", "--skeleton"});
    help += "  --screenshot OUT.png   render the window once the files are loaded, save it, and "
            "exit\n";
    help += tableEntries({"--frame", "--size", "--bones", "--audio-offset"});
    help += kViewerHelpAfterTheTable;
    // The closing paragraph, the mouse and the keys, is the bindings table's (key_bindings.h),
    // as wide as the lines above it.
    help += mouseAndKeysHelp(96);
    return help;
}

} // namespace

std::string_view viewerOptionsHelp() {
    static const std::string kHelp = composeViewerOptionsHelp();
    return kHelp;
}

} // namespace bvhscope::viewer
