#include "app/viewer/viewer_probe.h"

#include "app/platform/process_time.h"
#include "app/scene/bone_style_names.h"
#include "app/viewer/frame_statistics.h"
#include "app/viewer/panels/clipped_text.h"
#include "app/viewer/session/session.h"
#include "app/viewer/state_dump.h"
#include "core/platform/utf8_path.h"
#include "render/gl/frame_capture.h"

#include <cstdio>
#include <glad/gl.h>
#include <iostream>
#include <span>
#include <string_view>
#include <thread>

namespace bvhscope::viewer {

namespace {

constexpr int kScreenshotFrame = 4;       // imgui sizes auto-fit windows over the first frames
constexpr int kBenchmarkWarmUpFrames = 5; // shader and font-atlas uploads, first layout

double millisecondsSince(std::chrono::steady_clock::time_point start,
                         std::chrono::steady_clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

void printLoadTimings(std::span<const LoadTiming> timings,
                      std::chrono::steady_clock::time_point processStart, std::ostream& out) {
    for (const LoadTiming& timing : timings) {
        auto stage = [&](const char* name, const std::optional<LoadTiming::Clock::time_point>& at) {
            char text[64];
            if (at) {
                std::snprintf(text, sizeof text, "%s %.1f ms", name,
                              millisecondsSince(processStart, *at));
            } else {
                std::snprintf(text, sizeof text, "%s - ms", name);
            }
            return std::string(text);
        };
        out << "load " << timing.path << ": " << stage("started", timing.started) << ", "
            << stage("header", timing.header) << ", "
            << stage("first frame", timing.firstFrameShown) << ", "
            << stage("complete", timing.complete) << (timing.failed ? " (failed)" : "")
            << " since process start\n"
            << std::flush;
    }
}

void printBenchmark(const ViewerOptions::RenderBenchmark& bench, render::BoneStyle bones,
                    std::span<const double> frameMilliseconds, double firstSwapMilliseconds,
                    int width, int height, std::ostream& out) {
    const FrameTimeSummary summary = summarizeFrameTimes(frameMilliseconds);
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    char text[512];
    std::snprintf(text, sizeof text,
                  "bench-render %s: %d characters (bones: %s), %zu frames at %dx%d\n"
                  "GL renderer: %s\n"
                  "frame time (CPU + GPU): median %.3f ms, p99 %.3f ms, min %.3f ms, max %.3f ms\n"
                  "startup to first frame: %.1f ms\n",
                  bench.file.c_str(), bench.characters,
                  std::string(scene::boneStyleName(bones)).c_str(), frameMilliseconds.size(), width,
                  height, renderer != nullptr ? renderer : "(unknown)", summary.median, summary.p99,
                  summary.min, summary.max, firstSwapMilliseconds);
    out << text << std::flush;
}

} // namespace

std::unique_ptr<ViewerProbe> ViewerProbe::attach(const ViewerOptions& options) {
    if (!options.stateOut && !options.screenshot && !options.benchRender &&
        !options.printLoadTiming && !options.benchIdleSeconds && !options.frameDelayMs) {
        return nullptr;
    }
    return std::unique_ptr<ViewerProbe>(new ViewerProbe(options));
}

// The benchmark's file, read once, as `count` characters side by side (copies of the
// document: every character owns its frames, as files opened separately do).
bool ViewerProbe::prepare(ViewerState& state, std::ostream& err) {
    if (!options_.benchRender) {
        return true;
    }
    const ViewerOptions::RenderBenchmark& bench = *options_.benchRender;
    LoadOutcome outcome = loadCharacterFile(bench.file);
    if (!outcome.character) {
        for (const std::string& line : outcome.errorLines) {
            err << line << "\n";
        }
        return false;
    }
    const scene::Character& first = *outcome.character;
    for (int i = 1; i < bench.characters; ++i) {
        scene::Character copy = scene::makeCharacter(first.clip->displayName,
                                                     first.clip->sourcePath, first.clip->document);
        scene::applyAxes(copy, state.settings.upAxis, state.settings.unit);
        state.scene.add(std::move(copy));
    }
    scene::applyAxes(*outcome.character, state.settings.upAxis, state.settings.unit);
    state.scene.add(std::move(*outcome.character));
    return true;
}

void ViewerProbe::beforeUpdate(ViewerState& state, int frameNumber) {
    if (benchmarking()) {
        state.playback.seekFrame(frameNumber % (state.playback.lastFrame() + 1));
    }
}

void ViewerProbe::afterPanels(ViewerState& state) {
    if (options_.stateOut) {
        state.clippedText = findClippedText();
    }
}

bool ViewerProbe::afterDraw(const ViewerState& state, bool loading, bool layoutSettled,
                            int windowWidth, int windowHeight, int framebufferWidth,
                            int framebufferHeight, int& exitCode, std::ostream& err) {
    // A screenshot of a folder also waits for every summary and thumbnail.
    framesSinceLoaded_ = loading || state.folder.busy() ? 0 : framesSinceLoaded_ + 1;
    // A frame whose timeline measured a new height (the first, or a resize that wraps its
    // controls differently) is redrawn settled on the next: tests read settled ones only.
    if (options_.stateOut && layoutSettled) {
        std::string text = formatState(state, windowWidth, windowHeight);
        if (text != lastState_) {
            writeStateFile(bvh::pathFromUtf8(*options_.stateOut), text);
            lastState_ = std::move(text);
            lastWindowWidth_ = windowWidth;
            lastWindowHeight_ = windowHeight;
        }
    }
    // Only a settled frame is captured: its state is the one just written, so the rectangles a
    // test reads from the state file are where the screenshot shows them.
    if (!capturing() || framesSinceLoaded_ <= kScreenshotFrame || !layoutSettled) {
        return false;
    }
    const render::Image image = render::readDefaultFramebuffer(framebufferWidth, framebufferHeight);
    if (!render::writePng(bvh::pathFromUtf8(*options_.screenshot), image)) {
        err << "bvhscope: cannot write " << *options_.screenshot << "\n";
        exitCode = 1;
    }
    return true;
}

void ViewerProbe::beforeSleep() {
    if (!options_.stateOut) {
        return;
    }
    const std::size_t line = lastState_.find(kNotIdleLine);
    if (line == std::string::npos) {
        return; // no state written yet
    }
    std::string idle = lastState_;
    idle.replace(line, std::string_view(kNotIdleLine).size(), kIdleLine);
    writeStateFile(bvh::pathFromUtf8(*options_.stateOut), idle);
    lastState_ = std::move(idle); // the next frame's state differs and is written
}

void ViewerProbe::atExit(const ViewerState& state) {
    if (!options_.stateOut || lastState_.empty()) {
        return;
    }
    // Unchanged after a screenshot: the state stays the one its picture shows.
    if (std::string text = formatState(state, lastWindowWidth_, lastWindowHeight_);
        text != lastState_) {
        writeStateFile(bvh::pathFromUtf8(*options_.stateOut), text);
        lastState_ = std::move(text);
    }
}

bool ViewerProbe::idleMeasured(const ViewerState& state, int framesDrawn) {
    if (!options_.benchIdleSeconds) {
        return false;
    }
    const auto now = std::chrono::steady_clock::now();
    if (!idleStart_) {
        // After a second with nothing moving (the window, the shaders and the layout settled).
        if (sessionIsMoving(state) || !state.commands.empty() || framesDrawn == 0) {
            quietSince_.reset();
            return false;
        }
        if (!quietSince_) {
            quietSince_ = now;
        }
        if (now - *quietSince_ < std::chrono::seconds(1)) {
            return false;
        }
        idleStart_ = now;
        idleCpuStart_ = platform::processCpuSeconds();
        idleFramesStart_ = framesDrawn;
        return false;
    }
    const double elapsed = std::chrono::duration<double>(now - *idleStart_).count();
    if (elapsed < *options_.benchIdleSeconds) {
        return false;
    }
    const double cpu = platform::processCpuSeconds() - idleCpuStart_;
    std::fprintf(stdout,
                 "bench-idle: %.1f s paused: CPU %.3f s (%.2f %% of one core), %d frames drawn\n",
                 elapsed, cpu, 100.0 * cpu / elapsed, framesDrawn - idleFramesStart_);
    std::fflush(stdout);
    return true;
}

bool ViewerProbe::afterPresent(ViewerState& state, int frameNumber,
                               std::chrono::steady_clock::time_point frameStart,
                               std::span<const LoadTiming> timings, int framebufferWidth,
                               int framebufferHeight) {
    if (benchmarking()) {
        glFinish(); // the GPU's part of the frame is in the measurement
    }
    if (options_.frameDelayMs) { // a slow renderer's frame: input piles up meanwhile
        std::this_thread::sleep_for(std::chrono::milliseconds(*options_.frameDelayMs));
    }
    const auto frameEnd = std::chrono::steady_clock::now();
    if (!firstSwapMilliseconds_) {
        firstSwapMilliseconds_ = millisecondsSince(options_.processStart, frameEnd);
        if (options_.printLoadTiming) {
            std::fprintf(stdout, "first swap %.1f ms since process start\n",
                         *firstSwapMilliseconds_);
            std::fflush(stdout);
        }
    }
    if (options_.printLoadTiming) {
        printLoadTimings(timings, options_.processStart, std::cout);
        if (frameNumber > 0) { // the first frame compiles shaders
            folderTiming_.frameShown(state.folder, millisecondsSince(frameStart, frameEnd),
                                     frameEnd, std::cout);
        }
    }
    if (!benchmarking() || frameNumber < kBenchmarkWarmUpFrames) {
        return false;
    }
    // With --bones body, frames count once every body is built and uploaded (a few frames
    // after the last build ends): the benchmark times drawing bodies, not capsules meanwhile.
    framesSinceBodiesBuilt_ = scene::bodiesBuilding(state.scene) ? 0 : framesSinceBodiesBuilt_ + 1;
    if (framesSinceBodiesBuilt_ <= kBenchmarkWarmUpFrames) {
        benchmarkFrameMilliseconds_.clear();
        return false;
    }
    benchmarkFrameMilliseconds_.push_back(millisecondsSince(frameStart, frameEnd));
    if (std::ssize(benchmarkFrameMilliseconds_) < options_.benchRender->frames) {
        return false;
    }
    printBenchmark(*options_.benchRender, state.settings.boneStyle, benchmarkFrameMilliseconds_,
                   *firstSwapMilliseconds_, framebufferWidth, framebufferHeight, std::cout);
    return true;
}

} // namespace bvhscope::viewer
