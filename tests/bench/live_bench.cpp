// Live capture, from the bytes a socket hands over to a pose: decode throughput of Axis Neuron
// frames of 354 values (59 joints x 6 channels, the largest broadcast), and the time from one
// frame's bytes to its world transforms, per frame. The budget: under 2 ms median at
// 120 Hz, and keeping up with 1000 Hz (1 ms a frame, all of it, with the socket and drawing).
#include "core/kinematics/pose.h"
#include "core/live/axis_skeleton.h"
#include "core/live/stream_decoder.h"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace bvh::bench {
namespace {

// Frame k as Axis Neuron sends it: NULs around the pieces, "||", CR LF, values "%.6f" that
// vary from frame to frame.
std::string axisFrameBytes(int k) {
    std::string text("\0", 1);
    text += "0 Avatar00";
    char buffer[32];
    for (int v = 0; v < 354; ++v) {
        const double value = ((v * 37 + k * 11) % 7200) * 0.05 - 180.0;
        std::snprintf(buffer, sizeof buffer, " %.6f", value);
        text += buffer;
    }
    text += " ||";
    text.push_back('\0');
    text += "\r\n";
    return text;
}

const std::vector<std::string>& axisFrames() {
    static const std::vector<std::string> frames = [] {
        std::vector<std::string> made;
        for (int k = 0; k < 1000; ++k) {
            made.push_back(axisFrameBytes(k));
        }
        return made;
    }();
    return frames;
}

// Decoding only: 1000 frames a pass, fed in 64 KiB reads as a socket would hand them over.
void BM_LiveDecodeAxis354(benchmark::State& state) {
    std::string stream;
    for (const std::string& frame : axisFrames()) {
        stream += frame;
    }
    live::StreamDecoder decoder(live::StreamFormat::Axis, {});
    std::vector<live::LiveFrame> frames;
    constexpr std::size_t kRead = std::size_t{64} << 10;
    for (auto _ : state) {
        for (std::size_t at = 0; at < stream.size(); at += kRead) {
            decoder.feed(std::string_view(stream).substr(at, kRead), frames);
        }
        benchmark::DoNotOptimize(frames.data());
        frames.clear();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * axisFrames().size()));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * stream.size()));
    state.SetLabel("354 values a frame; items = frames");
}
BENCHMARK(BM_LiveDecodeAxis354);

// Socket to pose: one frame's bytes (one read) to the 59 joints' world transforms, timed frame
// by frame; median and 99th percentile in microseconds as counters.
void BM_LiveSocketToPose354(benchmark::State& state) {
    const std::vector<std::string>& input = axisFrames();
    live::StreamDecoder decoder(live::StreamFormat::Axis, {});
    std::vector<live::LiveFrame> frames;
    decoder.feed(input[0], frames); // chooses the skeleton
    const Skeleton& skeleton = *decoder.skeleton();
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    std::vector<double> microseconds;
    std::size_t next = 1;
    for (auto _ : state) {
        frames.clear();
        const auto start = std::chrono::steady_clock::now();
        decoder.feed(input[next], frames);
        computeLocalTransforms(skeleton, frames.back().values, TranslationMode::Absolute, local);
        computeWorldTransforms(skeleton, local, world);
        benchmark::DoNotOptimize(world.data());
        const auto stop = std::chrono::steady_clock::now();
        microseconds.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
        next = next + 1 == input.size() ? 0 : next + 1;
    }
    std::sort(microseconds.begin(), microseconds.end());
    if (!microseconds.empty()) {
        state.counters["median_us"] = microseconds[microseconds.size() / 2];
        state.counters["p99_us"] = microseconds[microseconds.size() * 99 / 100];
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.SetLabel("354 values, 59 joints; items = frames");
}
BENCHMARK(BM_LiveSocketToPose354);

} // namespace
} // namespace bvh::bench
