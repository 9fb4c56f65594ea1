// Building a body (core/body/body_builder.h) from a skeleton alone, on one core: the bundled
// walk (25 joints), a 65-joint Mixamo-style biped with fingers and an unnamed 1000-joint
// many-legged rig. Issue 29 asks for under 50 ms at 65 joints; the biped once more with its hands'
// pieces meshed on a second thread (real time). The counters give the triangles per
// level and the bytes a body holds. Then two of its parts: the figure alone, and one brick's
// neighbour table. Last, what the viewer does with a body each frame: its skin frames.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/body/body_skin_frames.h"
#include "core/body/body_volumes.h"
#include "core/body/dual_quaternion.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <numeric>

namespace bvh::bench {
namespace {

// On one core unless `concurrentHands` (BodyOptions::concurrentHands: the hands' pieces on a
// thread of their own, whose time only a benchmark of real time counts).
void runBuild(benchmark::State& state, const Skeleton& skeleton, bool concurrentHands = false) {
    BodyOptions options;
    options.concurrentHands = concurrentHands;
    BodyResult result;
    for (auto _ : state) {
        result = buildBody(skeleton, options);
        benchmark::DoNotOptimize(result.mesh.get());
    }
    if (result.mesh == nullptr) {
        state.SkipWithError(result.message.c_str());
        return;
    }
    const BodyMesh& mesh = *result.mesh;
    for (std::size_t level = 0; level < mesh.levels.size(); ++level) {
        state.counters["tris" + std::to_string(level)] =
            static_cast<double>(mesh.levels[level].indexCount / 3);
    }
    state.counters["vertices"] = static_cast<double>(mesh.vertices.size());
    state.counters["bytes"] = static_cast<double>(mesh.byteSize());
    state.SetLabel(std::to_string(skeleton.jointCount()) + " joints");
}

void BM_BuildBody_SampleWalk(benchmark::State& state) {
    const Document document =
        loadDocument(std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "assets" / "sample_walk.bvh");
    runBuild(state, document.skeleton);
}
BENCHMARK(BM_BuildBody_SampleWalk)->Unit(benchmark::kMillisecond);

void BM_BuildBody_Mixamo65(benchmark::State& state) {
    const Document document = parseDocument(test::mixamoBipedText());
    runBuild(state, document.skeleton);
}
BENCHMARK(BM_BuildBody_Mixamo65)->Unit(benchmark::kMillisecond);

// The same with its two hands' pieces meshed on a second thread while the figure's is meshed
// (BodyOptions::concurrentHands, the default): the time until the body is made, on two cores.
void BM_BuildBody_Mixamo65_ConcurrentHands(benchmark::State& state) {
    const Document document = parseDocument(test::mixamoBipedText());
    runBuild(state, document.skeleton, true);
}
BENCHMARK(BM_BuildBody_Mixamo65_ConcurrentHands)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_BuildBody_Unnamed1000(benchmark::State& state) {
    const Document document = parseDocument(test::thousandJointRigText());
    runBuild(state, document.skeleton);
}
BENCHMARK(BM_BuildBody_Unnamed1000)->Unit(benchmark::kMillisecond);

// The figure alone (volumes from the skeleton, before any grid): a Mixamo-style biped's two hands
// of five fingers, whose every finger bone reads its hand's fingers.
void BM_BodyFigure_Mixamo65(benchmark::State& state) {
    const Document document = parseDocument(test::mixamoBipedText());
    for (auto _ : state) {
        BodyFigure figure = makeBodyFigure(document.skeleton, BodyOptions{});
        benchmark::DoNotOptimize(figure.volumes.data());
    }
}
BENCHMARK(BM_BodyFigure_Mixamo65)->Unit(benchmark::kMicrosecond);

// The neighbour table (listBodyNeighbours) of the first `range` volumes of the 1000-joint rig's
// figure: a brick of that many volumes (a few dozen on a human, hundreds on the rig).
void BM_BodyNeighbourTable_Unnamed1000(benchmark::State& state) {
    const Document document = parseDocument(test::thousandJointRigText());
    const BodyFigure figure = makeBodyFigure(document.skeleton, BodyOptions{});
    std::vector<std::uint32_t> indices(
        std::min<std::size_t>(static_cast<std::size_t>(state.range(0)), figure.volumes.size()));
    std::iota(indices.begin(), indices.end(), 0u);
    BodyNeighbourTable table;
    for (auto _ : state) {
        listBodyNeighbours(figure.volumes, indices, table);
        benchmark::DoNotOptimize(table.positions.data());
    }
    state.counters["volumes"] = static_cast<double>(indices.size());
}
BENCHMARK(BM_BodyNeighbourTable_Unnamed1000)
    ->Arg(32)
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMicrosecond);

// The skin transforms of one frame (what Scene::poseBody uploads each frame a body is drawn):
// range 0 takes each joint's own world rotation (world · inverse(bind), before SKIN120), range 1
// the skin frames from what the positions show (body_skin_frames.h) with the plan the viewer keeps
// per body (body_skin_plan.h, made once outside the loop). Bound in the rest pose, posed with every
// channel at 20 (degrees; file units for positions), so every joint turns.
void runSkinFrames(benchmark::State& state, const Skeleton& skeleton) {
    const std::size_t nodes = skeleton.nodeCount();
    std::vector<RigidTransform> local(nodes);
    std::vector<RigidTransform> bind(nodes);
    std::vector<RigidTransform> world(nodes);
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, bind);
    const std::vector<float> row(skeleton.totalChannels(), 20.0f);
    computeLocalTransforms(skeleton, row, TranslationMode::Absolute, local);
    computeWorldTransforms(skeleton, local, world);
    std::vector<RigidTransform> skin(nodes);
    const BodySkinPlan plan = makeBodySkinPlan(skeleton.parents, bind);
    BodySkinScratch scratch;
    for (auto _ : state) {
        if (state.range(0) == 0) {
            for (std::size_t i = 0; i < nodes; ++i) {
                skin[i] = skinTransform(world[i], bind[i]);
            }
        } else {
            bodySkinFrames(plan, world, scratch, skin);
        }
        benchmark::DoNotOptimize(skin.data());
    }
    state.SetLabel(state.range(0) == 0 ? "own rotations" : "skin frames");
}

void BM_BodySkinFrames_Mixamo65(benchmark::State& state) {
    runSkinFrames(state, parseDocument(test::mixamoBipedText()).skeleton);
}
BENCHMARK(BM_BodySkinFrames_Mixamo65)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_BodySkinFrames_Unnamed1000(benchmark::State& state) {
    runSkinFrames(state, parseDocument(test::thousandJointRigText()).skeleton);
}
BENCHMARK(BM_BodySkinFrames_Unnamed1000)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace bvh::bench
