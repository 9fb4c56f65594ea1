// The big-file load against its single-pass floor (issue 44, item 6): one read(2) of the whole
// file into fresh memory and std::from_chars over every number on one thread, as the issue's
// outside check (limit_parse) times it, against loadDocument on every core, as `check`, `info`
// and the viewer load. Both pay the kernel's zeroing of the fresh memory they fill (the floor
// for its copy of the text, the load for the values). The figure is the ratio of the two wall
// times, from the same run: on a shared machine run them interleaved,
//   bvhscope_bench --benchmark_filter=Floor\|EveryCore --benchmark_repetitions=5
//                  --benchmark_enable_random_interleaving=true
#include "core/reader/document.h"
#include "tests/bench/bench_inputs.h"

#include <benchmark/benchmark.h>
#include <charconv>
#include <fstream>
#include <memory>

namespace bvh::bench {
namespace {

// The file read whole into a buffer of its size (new[]: fresh pages the kernel zeroes on first
// touch, as the floor's read() into a new buffer), with one read of all of it (libstdc++ reads a
// request larger than its buffer straight into the destination), then every number after
// "Frame Time" summed through std::from_chars. Returns the number count (0 on a read error).
std::size_t readAndScanFloor(const std::filesystem::path& path, std::uintmax_t bytes, double& sum) {
    const std::unique_ptr<char[]> text(new char[bytes]);
    std::ifstream file(path, std::ios::binary);
    file.read(text.get(), static_cast<std::streamsize>(bytes));
    const auto got = static_cast<std::size_t>(file.gcount());
    const std::string_view all(text.get(), got);
    const char* p = text.get() + std::min(all.find("Frame Time"), all.size());
    const char* const end = text.get() + got;
    std::size_t numbers = 0;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) {
            ++p;
        }
        float value = 0.0f;
        const auto [next, error] = std::from_chars(p, end, value);
        if (next == p) {
            ++p;
            continue;
        }
        sum += value;
        ++numbers;
        p = next;
    }
    return numbers;
}

void BM_ReadFromCharsFloor(benchmark::State& state) {
    const auto path = largeCaptureFile(static_cast<std::size_t>(state.range(0)));
    const auto bytes = std::filesystem::file_size(path);
    for (auto _ : state) {
        double sum = 0.0;
        benchmark::DoNotOptimize(readAndScanFloor(path, bytes, sum));
        benchmark::DoNotOptimize(sum);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_ReadFromCharsFloor)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

void BM_LoadEveryCore(benchmark::State& state) {
    const auto path = largeCaptureFile(static_cast<std::size_t>(state.range(0)));
    const auto bytes = std::filesystem::file_size(path);
    for (auto _ : state) {
        // A new document each time: its values are fresh memory, as in a new process.
        const Document document = loadDocument(path, everyCoreOptions());
        benchmark::DoNotOptimize(document.motion.values.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_LoadEveryCore)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

} // namespace
} // namespace bvh::bench
