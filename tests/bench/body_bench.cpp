// Building a body (core/body/body_builder.h) from a skeleton alone, on one core: the bundled
// walk (25 joints), a 65-joint Mixamo-style biped with fingers and an unnamed 1000-joint
// many-legged rig. Issue 29 asks for under 50 ms at 65 joints. The counters give the triangles per
// level and the bytes a body holds.
#include "core/body/body_builder.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"

#include <benchmark/benchmark.h>
#include <filesystem>

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

} // namespace
} // namespace bvh::bench
