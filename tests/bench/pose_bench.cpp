// Forward kinematics throughput on the 31-joint CMU capture (38 nodes with its 7 End Sites).
// items = nodes x poses (every node's world transform is computed and written, End Sites
// included); the joints_per_second counter counts the 31 joints only, the stricter figure.
#include "core/kinematics/degree_trig.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/bench/bench_inputs.h"

#include <array>
#include <benchmark/benchmark.h>
#include <cmath>
#include <vector>

namespace bvh::bench {
namespace {

const Document& captureDocument() {
    static const Document document = parseDocument(largeCapture(20000));
    return document;
}

void countPoses(benchmark::State& state, const Skeleton& skeleton,
                std::size_t posesPerIteration = 1) {
    const std::size_t poses = state.iterations() * posesPerIteration;
    state.SetItemsProcessed(static_cast<std::int64_t>(poses * skeleton.nodeCount()));
    state.counters["joints_per_second"] = benchmark::Counter(
        static_cast<double>(poses * skeleton.jointCount()), benchmark::Counter::kIsRate);
    state.SetLabel(std::to_string(skeleton.nodeCount()) + " nodes, " +
                   std::to_string(skeleton.jointCount()) + " joints");
}

// The free functions: decode each node's channels on every call.
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
    countPoses(state, skeleton);
}
BENCHMARK(BM_ForwardKinematics);

// A prepared plan, local then world transforms (both kept).
void BM_ForwardKinematicsPlan(benchmark::State& state) {
    const Document& document = captureDocument();
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    const ForwardKinematicsPlan plan(skeleton, detectTranslationMode(skeleton, motion));
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    std::uint32_t frame = 0;
    for (auto _ : state) {
        plan.computeLocalTransforms(motion.frame(frame), local);
        plan.computeWorldTransforms(local, world);
        benchmark::DoNotOptimize(world.data());
        frame = frame + 1 == motion.frameCount ? 0 : frame + 1;
    }
    countPoses(state, skeleton);
}
BENCHMARK(BM_ForwardKinematicsPlan);

// A prepared plan, world transforms straight from the row (what `positions` does).
void BM_ForwardKinematicsPlanWorldOfRow(benchmark::State& state) {
    const Document& document = captureDocument();
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    const ForwardKinematicsPlan plan(skeleton, detectTranslationMode(skeleton, motion));
    std::vector<RigidTransform> world(skeleton.nodeCount());
    std::uint32_t frame = 0;
    for (auto _ : state) {
        plan.computeWorldTransformsOfRow(motion.frame(frame), world);
        benchmark::DoNotOptimize(world.data());
        frame = frame + 1 == motion.frameCount ? 0 : frame + 1;
    }
    countPoses(state, skeleton);
}
BENCHMARK(BM_ForwardKinematicsPlanWorldOfRow);

// Four frames at once (ForwardKinematicsPlan::computeWorldTransformsOfRows, what the stance's
// and the similarity features' sampled frames take): items per node and frame, as above.
void BM_ForwardKinematicsPlanWorldOfRows(benchmark::State& state) {
    const Document& document = captureDocument();
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    const ForwardKinematicsPlan plan(skeleton, detectTranslationMode(skeleton, motion));
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    const std::size_t n = skeleton.nodeCount();
    std::vector<RigidTransform> worlds(kLanes * n);
    std::vector<ForwardKinematicsPlan::LaneWorld> scratch(n);
    std::array<RigidTransform*, kLanes> outputs{};
    for (std::size_t k = 0; k < kLanes; ++k) {
        outputs[k] = worlds.data() + k * n;
    }
    std::array<const float*, kLanes> rows{};
    std::uint32_t frame = 0;
    for (auto _ : state) {
        for (std::size_t k = 0; k < kLanes; ++k) {
            rows[k] = motion.frame(frame).data();
            frame = frame + 1 == motion.frameCount ? 0 : frame + 1;
        }
        plan.computeWorldTransformsOfRows(rows, outputs, scratch);
        benchmark::DoNotOptimize(worlds.data());
    }
    countPoses(state, skeleton, kLanes);
}
BENCHMARK(BM_ForwardKinematicsPlanWorldOfRows);

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

// [SECTION] Sines and cosines: one pose's 93 half angles, three ways. items = angles.

std::vector<double> poseHalfAngles() {
    const Document& document = captureDocument();
    std::vector<double> angles;
    const std::span<const float> row = document.motion.frame(100);
    for (std::size_t column = 0; column < row.size(); ++column) {
        if (isRotation(document.skeleton.channels[column])) {
            angles.push_back(0.5 * row[column]);
        }
    }
    return angles;
}

void BM_SinCosDegreesBatch(benchmark::State& state) {
    const std::vector<double> angles = poseHalfAngles();
    std::vector<double> sines(angles.size());
    std::vector<double> cosines(angles.size());
    for (auto _ : state) {
        sinCosDegrees(angles, sines, cosines);
        benchmark::DoNotOptimize(sines.data());
        benchmark::DoNotOptimize(cosines.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * angles.size()));
}
BENCHMARK(BM_SinCosDegreesBatch);

void BM_SinCosDegreesOneByOne(benchmark::State& state) {
    const std::vector<double> angles = poseHalfAngles();
    std::vector<double> sines(angles.size());
    std::vector<double> cosines(angles.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < angles.size(); ++i) {
            const SinCos result = sinCosDegrees(angles[i]);
            sines[i] = result.sine;
            cosines[i] = result.cosine;
        }
        benchmark::DoNotOptimize(sines.data());
        benchmark::DoNotOptimize(cosines.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * angles.size()));
}
BENCHMARK(BM_SinCosDegreesOneByOne);

void BM_StdSinCos(benchmark::State& state) {
    const std::vector<double> angles = poseHalfAngles();
    std::vector<double> sines(angles.size());
    std::vector<double> cosines(angles.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < angles.size(); ++i) {
            const double radians = angles[i] * 0.017453292519943295769236907684886127;
            sines[i] = std::sin(radians);
            cosines[i] = std::cos(radians);
        }
        benchmark::DoNotOptimize(sines.data());
        benchmark::DoNotOptimize(cosines.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * angles.size()));
}
BENCHMARK(BM_StdSinCos);

} // namespace
} // namespace bvh::bench
