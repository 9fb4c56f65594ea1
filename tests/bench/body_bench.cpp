// Building a body (core/body/body_builder.h) from a skeleton alone, on one core: the bundled
// walk (25 joints), a 65-joint Mixamo-style biped with fingers and an unnamed 1000-joint
// many-legged rig. Issue 29 asks for under 50 ms at 65 joints. The counters give the triangles per
// level and the bytes a body holds. Then two of its parts: the figure alone, and one brick's
// neighbour table.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/body/body_volumes.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <numeric>

namespace bvh::bench {
namespace {

void runBuild(benchmark::State& state, const Skeleton& skeleton) {
    BodyResult result;
    for (auto _ : state) {
        result = buildBody(skeleton, BodyOptions{});
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

} // namespace
} // namespace bvh::bench
