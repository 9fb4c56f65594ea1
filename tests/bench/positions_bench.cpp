// `bvhscope positions` split into its parts: formatting the CSV alone (bytes/s), and the whole
// command in-process on a large capture (load + forward kinematics + CSV), output discarded.
#include "app/cli/commands.h"
#include "app/cli/positions_csv.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/reader/document.h"
#include "tests/bench/bench_inputs.h"

#include <benchmark/benchmark.h>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace bvh::bench {
namespace {

// An ostream that counts and drops what it is given (as > /dev/null, without the system call).
class DiscardingBuffer : public std::streambuf {
protected:
    std::streamsize xsputn(const char*, std::streamsize count) override { return count; }
    int_type overflow(int_type c) override { return traits_type::not_eof(c); }
};

void BM_PositionsCsvFormatting(benchmark::State& state) {
    constexpr std::uint32_t kFrames = 1000;
    const Document document = parseDocument(largeCapture(kFrames));
    const Skeleton& skeleton = document.skeleton;
    const ForwardKinematicsPlan plan(skeleton, detectTranslationMode(skeleton, document.motion));
    std::vector<std::vector<RigidTransform>> worlds(
        kFrames, std::vector<RigidTransform>(skeleton.nodeCount()));
    for (std::uint32_t frame = 0; frame < kFrames; ++frame) {
        plan.computeWorldTransformsOfRow(document.motion.frame(frame), worlds[frame]);
    }
    DiscardingBuffer discard;
    std::ostream out(&discard);
    std::uint64_t bytes = 0;
    for (auto _ : state) {
        bvhscope::cli::PositionsCsvWriter csv(skeleton, out);
        csv.writeHeader();
        for (std::uint32_t frame = 0; frame < kFrames; ++frame) {
            csv.writeFrame(frame, worlds[frame]);
        }
        csv.finish();
        bytes += csv.bytesFormatted();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kFrames));
    state.SetLabel("items = frames of " + std::to_string(skeleton.nodeCount()) + " nodes");
}
BENCHMARK(BM_PositionsCsvFormatting)->Unit(benchmark::kMillisecond);

void BM_PositionsCommand(benchmark::State& state) {
    const std::size_t frames = static_cast<std::size_t>(state.range(0));
    const std::string file = largeCaptureFile(frames).string();
    const std::vector<std::string_view> arguments = {file};
    DiscardingBuffer discard;
    std::ostream out(&discard);
    std::ostream err(&discard);
    for (auto _ : state) {
        if (bvhscope::cli::runPositions(arguments, out, err) != 0) {
            state.SkipWithError("positions failed");
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * frames));
    state.SetLabel("items = frames (" + largeCaptureSource() + ")");
}
BENCHMARK(BM_PositionsCommand)->Arg(20000)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

} // namespace
} // namespace bvh::bench
