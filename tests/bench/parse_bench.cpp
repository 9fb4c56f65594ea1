// Loading throughput. Figures are bytes of BVH text per second (SetBytesProcessed).
#include "core/reader/document.h"
#include "core/reader/number_scanner.h"
#include "core/reader/stepped_load.h"
#include "tests/bench/bench_inputs.h"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <charconv>
#include <chrono>

namespace bvh::bench {
namespace {

constexpr std::size_t kFrames = 100000;

// Sums every number of the rows with `scan` (returns characters consumed, 0 if none).
template <typename Scan>
void scanEveryNumber(benchmark::State& state, Scan scan) {
    const std::string& text = largeCapture(kFrames);
    for (auto _ : state) {
        const char* p = text.data() + text.find("Frame Time");
        const char* end = text.data() + text.size();
        double sum = 0.0;
        while (p < end) {
            while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) {
                ++p;
            }
            float value = 0.0f;
            const std::size_t used = scan(p, end, value);
            if (used == 0) {
                ++p;
                continue;
            }
            sum += value;
            p += used;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
    state.SetLabel(largeCaptureSource());
}

// The floor the issue measures against: std::from_chars over every number of the text.
void BM_FromCharsFloor(benchmark::State& state) {
    scanEveryNumber(state, [](const char* p, const char* end, float& value) -> std::size_t {
        auto [next, error] = std::from_chars(p, end, value);
        return static_cast<std::size_t>(next - p);
    });
}
BENCHMARK(BM_FromCharsFloor)->Unit(benchmark::kMillisecond);

void BM_ScanNumber(benchmark::State& state) {
    scanEveryNumber(state, [](const char* p, const char* end, float& value) {
        return scanNumber(p, end, value);
    });
}
BENCHMARK(BM_ScanNumber)->Unit(benchmark::kMillisecond);

// The memory the values take, as a multiple of the values themselves (frames x channels x 4
// bytes): the capacity beyond them is never touched, so it is address space, not memory.
void reportStorage(benchmark::State& state, const Document& document) {
    state.counters["storage/payload"] =
        document.motion.values.empty() ? 0.0
                                       : static_cast<double>(document.motion.values.capacity()) /
                                             static_cast<double>(document.motion.values.size());
}

void parseText(benchmark::State& state, const std::string& text) {
    ParseOptions options;
    options.threads = static_cast<unsigned>(state.range(0));
    Document document;
    for (auto _ : state) {
        document = parseDocument(text, options);
        benchmark::DoNotOptimize(document.motion.values.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
    reportStorage(state, document);
}

void BM_ParseDocument(benchmark::State& state) {
    parseText(state, largeCapture(kFrames));
}
BENCHMARK(BM_ParseDocument)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same rows with Windows line ends: CR LF must cost no more than LF.
void BM_ParseDocumentCrlf(benchmark::State& state) {
    static const std::string text = [] {
        const std::string& lf = largeCapture(kFrames);
        std::string crlf;
        crlf.reserve(lf.size() + lf.size() / 100);
        for (const char c : lf) {
            if (c == '\n') {
                crlf += '\r';
            }
            crlf += c;
        }
        return crlf;
    }();
    parseText(state, text);
}
BENCHMARK(BM_ParseDocumentCrlf)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The rows of the large capture rewritten by `rewrite(out, c, numberHasPoint)`, called for each
// byte after the "Frame Time" line (numberHasPoint: whether the token before `c` holds a point).
template <typename Rewrite>
std::string rewrittenRows(Rewrite rewrite) {
    const std::string& text = largeCapture(kFrames);
    const std::size_t rows = text.find('\n', text.find("Frame Time")) + 1;
    std::string out = text.substr(0, rows);
    out.reserve(text.size() + text.size() / 4);
    bool hasPoint = false;
    for (std::size_t i = rows; i < text.size(); ++i) {
        const char c = text[i];
        rewrite(out, c, hasPoint);
        hasPoint = c == ' ' || c == '\n' ? false : hasPoint || c == '.';
    }
    return out;
}

// The same rows with tabs between the values: the row loop's fast steps must take them as
// they take spaces.
void BM_ParseDocumentTabs(benchmark::State& state) {
    static const std::string text = rewrittenRows(
        [](std::string& out, char c, bool /*hasPoint*/) { out += c == ' ' ? '\t' : c; });
    parseText(state, text);
}
BENCHMARK(BM_ParseDocumentTabs)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same rows with six decimals ("-12.345678", as most exporters print), eight significant
// digits in the longer values.
void BM_ParseDocumentSixDecimals(benchmark::State& state) {
    static const std::string text = rewrittenRows([](std::string& out, char c, bool hasPoint) {
        if ((c == ' ' || c == '\n') && hasPoint) {
            out += "25";
        }
        out += c;
    });
    parseText(state, text);
}
BENCHMARK(BM_ParseDocumentSixDecimals)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_LoadDocumentFromFile(benchmark::State& state) {
    const auto path = largeCaptureFile(kFrames);
    const auto bytes = std::filesystem::file_size(path);
    ParseOptions options;
    options.threads = static_cast<unsigned>(state.range(0));
    Document document;
    for (auto _ : state) {
        document = loadDocument(path, options);
        benchmark::DoNotOptimize(document.motion.values.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
    reportStorage(state, document);
}
// Arg 0 is kEveryCore, what the command line and the viewer use.
BENCHMARK(BM_LoadDocumentFromFile)
    ->Arg(1)
    ->Arg(2)
    ->Arg(kEveryCore)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The web page's load (no threads): the same file in steps on one thread, given `range(0)` ms a
// call (0: one step a call, the header or one block of rows; 8: a drawn frame's slice; 16: the
// page's slice between frames, app/web/bvhscope_page.js), against BM_LoadDocumentFromFile/1.
void BM_SteppedLoad(benchmark::State& state) {
    const auto path = largeCaptureFile(kFrames);
    const auto bytes = std::filesystem::file_size(path);
    const auto budget = std::chrono::milliseconds(state.range(0));
    Document document;
    std::int64_t calls = 0;
    std::chrono::steady_clock::duration longestCall{};
    for (auto _ : state) {
        SteppedLoad load(path);
        for (bool finished = false; !finished; ++calls) {
            const auto start = std::chrono::steady_clock::now();
            finished = load.advance(budget);
            longestCall = std::max(longestCall, std::chrono::steady_clock::now() - start);
        }
        document = load.take();
        benchmark::DoNotOptimize(document.motion.values.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
    state.counters["calls"] = static_cast<double>(calls) / static_cast<double>(state.iterations());
    // What a frame of the page waits for at the most (natively: a page is slower).
    state.counters["longest_call_ms"] =
        std::chrono::duration<double, std::milli>(longestCall).count();
    reportStorage(state, document);
}
BENCHMARK(BM_SteppedLoad)->Arg(0)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
} // namespace bvh::bench
