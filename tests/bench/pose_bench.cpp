// Forward kinematics throughput: joint transforms per second (items = nodes x frames).
#include "bench_inputs.h"
#include "core/document.h"
#include "core/pose.h"

#include <benchmark/benchmark.h>
#include <vector>

namespace bvh::bench {
namespace {

const Document& captureDocument() {
    static const Document document = parseDocument(largeCapture(20000));
    return document;
}

void BM_ForwardKinematics(benchmark::State& state) {
    const Document& document = captureDocument();
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    const TranslationMode mode = detectTranslationMode(skeleton, motion);
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    std::uint32_t frame = 0;
    for (auto _ : state) {
        computeLocalTransforms(skeleton, motion.frame(frame), mode, local);
        computeWorldTransforms(skeleton, local, world);
        benchmark::DoNotOptimize(world.data());
        frame = frame + 1 == motion.frameCount ? 0 : frame + 1;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * skeleton.nodeCount()));
    state.SetLabel(std::to_string(skeleton.nodeCount()) + " nodes");
}
BENCHMARK(BM_ForwardKinematics);

void BM_SampleInterpolated(benchmark::State& state) {
    const Document& document = captureDocument();
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    std::vector<RigidTransform> scratch(skeleton.nodeCount());
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    double time = 0.0;
    for (auto _ : state) {
        sampleLocalTransforms(skeleton, motion, time, Interpolation::Linear,
                              TranslationMode::Additive, scratch, local);
        computeWorldTransforms(skeleton, local, world);
        benchmark::DoNotOptimize(world.data());
        time += 0.0037;
        if (time > motion.duration()) {
            time = 0.0;
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * skeleton.nodeCount()));
}
BENCHMARK(BM_SampleInterpolated);

} // namespace
} // namespace bvh::bench
