// The viewer's command line: `bvhscope [FILE|FOLDER...] [--screenshot OUT.png] [--frame N]
// [--size WxH] [--state-out FILE] [--print-load-timing]`, or the render benchmark
// `bvhscope --bench-render FILE [--characters N] [--frames K] [--size WxH]`. Subcommands,
// --help and --version are handled before this.
#pragma once

#include "app/viewer/live/live_address.h"
#include "render/math/skeleton_instances.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

struct ViewerOptions {
    // Files, and folders to browse (folder_navigation.h); none: the bundled sample.
    std::vector<std::string> files;
    // With no files or streams named: the bundled sample (the web page turns it off when its
    // address names captures, which arrive after the viewer starts).
    bool openBundledSample = true;
    // tcp://HOST:PORT arguments: live streams (live/live_streams.h), each with the --format
    // and --skeleton given anywhere on the line.
    std::vector<LiveStreamRequest> liveStreams;
    std::optional<std::string> screenshot; // render, save this PNG, exit
    std::optional<std::int64_t> frame;     // start paused at this frame
    std::optional<int> width;              // window size
    std::optional<int> height;
    // --bones lines|capsules|octahedral|body: the bone look for this run, over the kept setting
    // (which is not changed by it).
    std::optional<render::BoneStyle> boneStyle;
    std::optional<std::string> stateOut; // test hook: the viewer's state, rewritten each frame
    // Where the captures' frame 0 is in the sound (a sound file among `files`, or found beside
    // a capture), in seconds.
    std::optional<double> audioOffsetSeconds;
    // Test hook: each background load waits this long after its header, before the first row,
    // so that a test can change the file at a known point of the load.
    std::optional<int> pauseAfterHeaderMs;
    // Test hook: every frame takes at least this long (as on a slow software renderer), so that
    // a test's key taps and clicks are shorter than a frame.
    std::optional<int> frameDelayMs;
    // Test hook: the 3D view is drawn on the whole window, also under the opaque panels (which
    // must give the same picture as drawing it only outside them).
    bool drawUnderPanels = false;
    // Print the first swapped frame's time and each file's header, first frame shown and
    // complete times, in ms since processStart.
    bool printLoadTiming = false;

    struct RenderBenchmark {
        std::string file;
        int characters = 1; // copies of the file, side by side
        int frames = 300;   // frames played (after a few warm-up frames)
    };
    std::optional<RenderBenchmark> benchRender;
    // --bench-idle SECONDS: the files (or the bundled sample) paused; once nothing has moved
    // for a second, the CPU time of this many idle seconds is printed, then the viewer exits.
    std::optional<double> benchIdleSeconds;

    // When main() began: the zero of the printed timings.
    std::chrono::steady_clock::time_point processStart = std::chrono::steady_clock::now();
};

struct ParsedViewerOptions {
    ViewerOptions options;
    std::string error; // non-empty: a usage error to print
};

ParsedViewerOptions parseViewerOptions(std::span<const std::string_view> arguments);

// The viewer's part of --help.
std::string_view viewerOptionsHelp();

} // namespace bvhscope::viewer
