// The stance (core/analysis/stance.h) of the 31-joint CMU capture, 20000 frames: what `info`,
// every viewer load and every folder summary pay to decide up, facing and ground. It samples
// at most 240 frames (each with its next), so the time does not grow with the clip.
#include "core/analysis/pose_extremes.h"
#include "core/analysis/stance.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/reader/document.h"
#include "tests/bench/bench_inputs.h"

#include <benchmark/benchmark.h>
#include <vector>

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

// One sampled pose's extremes (pose_extremes.h), as the stance takes them for each of its 240
// samples: 240 poses of the CMU capture's nodes, posed by the plan.
void BM_PoseExtremes(benchmark::State& state) {
    static const Document document = parseDocument(largeCapture(240));
    const TranslationMode mode = detectTranslationMode(document.skeleton, document.motion);
    const ForwardKinematicsPlan plan(document.skeleton, mode);
    const std::size_t nodes = document.skeleton.nodeCount();
    std::vector<glm::dvec3> positions(nodes * document.motion.frameCount);
    std::vector<RigidTransform> world(nodes);
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        plan.computeWorldTransformsOfRow(document.motion.frame(frame), world);
        for (std::size_t i = 0; i < nodes; ++i) {
            positions[frame * nodes + i] = world[i].translation;
        }
    }
    for (auto _ : state) {
        for (std::size_t frame = 0; frame < document.motion.frameCount; ++frame) {
            const PoseExtremes extremes = extremesOfPose(
                std::span<const glm::dvec3>(positions.data() + frame * nodes, nodes));
            benchmark::DoNotOptimize(extremes);
        }
    }
    state.SetLabel(std::to_string(nodes) + " nodes, " + std::to_string(document.motion.frameCount) +
                   " poses");
}
BENCHMARK(BM_PoseExtremes)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace bvh::bench
