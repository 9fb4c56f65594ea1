// `info --json` against `check` on a library of small takes (issue 44: info should cost what
// check costs plus the analyses it prints). A take here is 290 frames of the 31-joint CMU
// capture (about 175 KB, the size of a take in a 3 000-take library), run through the
// commands themselves in-process, output to memory: the ratio of the two figures is info's
// overhead per file, without the process start both pay.
#include "app/cli/commands.h"
#include "tests/bench/bench_inputs.h"

#include <benchmark/benchmark.h>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace bvh::bench {
namespace {

constexpr std::size_t kTakeFrames = 290;

// `takes` copies of the take in one command line: with more than one, info shares the files with
// a second thread, each read and analysed on one (app/cli/info_command_pages.h).
void runCommandOnTake(benchmark::State& state, std::vector<std::string_view> arguments,
                      int (*command)(std::span<const std::string_view>, std::ostream&,
                                     std::ostream&),
                      std::size_t takes = 1) {
    const std::string file = largeCaptureFile(kTakeFrames).string();
    arguments.insert(arguments.end(), takes, file);
    for (auto _ : state) {
        std::ostringstream out;
        std::ostringstream err;
        if (command(arguments, out, err) != 0) {
            state.SkipWithError(err.str().c_str());
            return;
        }
        benchmark::DoNotOptimize(out.str().size());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * takes));
    state.SetLabel(std::to_string(kTakeFrames) + " frames of " + largeCaptureSource());
}

void BM_CheckTake(benchmark::State& state) {
    runCommandOnTake(state, {"--quiet"}, bvhscope::cli::runCheck);
}
BENCHMARK(BM_CheckTake)->Unit(benchmark::kMicrosecond);

void BM_InfoJsonTake(benchmark::State& state) {
    runCommandOnTake(state, {"--json"}, bvhscope::cli::runInfo);
}
BENCHMARK(BM_InfoJsonTake)->Unit(benchmark::kMicrosecond);

// 64 takes per command: wall time per take (items_per_second) and the CPU of every thread.
constexpr std::size_t kLibraryTakes = 64;

void BM_CheckLibraryOfTakes(benchmark::State& state) {
    runCommandOnTake(state, {"--quiet"}, bvhscope::cli::runCheck, kLibraryTakes);
}
BENCHMARK(BM_CheckLibraryOfTakes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

void BM_InfoJsonLibraryOfTakes(benchmark::State& state) {
    runCommandOnTake(state, {"--json"}, bvhscope::cli::runInfo, kLibraryTakes);
}
BENCHMARK(BM_InfoJsonLibraryOfTakes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

} // namespace
} // namespace bvh::bench
