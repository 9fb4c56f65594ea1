// The stance (core/analysis/stance.h) of the 31-joint CMU capture, 20000 frames: what `info`,
// every viewer load and every folder summary pay to decide up, facing and ground. It samples
// at most 240 frames (each with its next), so the time does not grow with the clip.
#include "core/analysis/stance.h"
#include "core/reader/document.h"
#include "tests/bench/bench_inputs.h"

#include <benchmark/benchmark.h>

namespace bvh::bench {
namespace {

void BM_AnalyzeStance(benchmark::State& state) {
    static const Document document = parseDocument(largeCapture(20000));
    const TranslationMode mode = detectTranslationMode(document.skeleton, document.motion);
    const RestPoseAnalysis rest = analyzeRestPose(document.skeleton);
    for (auto _ : state) {
        const Stance stance = analyzeStance(document.skeleton, document.motion, mode, rest);
        benchmark::DoNotOptimize(stance.upAxis);
    }
    state.SetLabel(std::to_string(document.skeleton.nodeCount()) + " nodes, " +
                   std::to_string(document.motion.frameCount) + " frames");
}
BENCHMARK(BM_AnalyzeStance)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace bvh::bench
