// A library of takes (issue 39, issue 44 item 3): what the Browser's summaries cost against
// `bvhscope check`'s read of the same files, what `bvhscope similar` costs on its first query
// (every take read) and on a later one (the motion index answers), over a generated library of
// `dataset-N_ACTION_STYLE_NNN.bvh` takes (tests/support/generated_library.h) written once to a
// temporary folder. CPU time per library; compare the rows of one run.
#include "app/folder/folder_summaries.h"
#include "core/analysis/kept_vectors.h"
#include "core/analysis/motion_index.h"
#include "core/reader/document.h"
#include "tests/support/generated_library.h"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <unistd.h>

namespace bvhscope::bench {
namespace {

namespace fs = std::filesystem;

// 150 takes (5 actions x 3 styles x 10), 2 to 6 s at 30 to 120 fps, 21 nodes.
const std::vector<fs::path>& libraryTakes() {
    static const std::vector<fs::path> takes = [] {
        const fs::path root =
            fs::temp_directory_path() / ("bvhscope_library_bench_" + std::to_string(getpid()));
        fs::remove_all(root);
        return bvh::test::writeGeneratedLibrary(root, 10);
    }();
    return takes;
}

// What `bvhscope check` does per file.
void BM_LibraryCheck(benchmark::State& state) {
    const auto& takes = libraryTakes();
    for (auto _ : state) {
        for (const fs::path& take : takes) {
            benchmark::DoNotOptimize(bvh::loadDocument(take, bvh::everyCoreOptions()));
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(takes.size()));
}
BENCHMARK(BM_LibraryCheck)->Unit(benchmark::kMillisecond);

// What one thread of the Browser's summary pool does per file (summary, thumbnail pose, motion
// features).
void BM_LibrarySummaries(benchmark::State& state) {
    const auto& takes = libraryTakes();
    bvh::KeptVectors kept; // as each worker keeps its analyses' vectors (SummaryPool::work)
    const bvh::KeptVectorsScope keptHere(kept);
    for (auto _ : state) {
        for (const fs::path& take : takes) {
            bvh::LoadProgress progress;
            benchmark::DoNotOptimize(folder::summarizeFile(take, progress));
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(takes.size()));
}
BENCHMARK(BM_LibrarySummaries)->Unit(benchmark::kMillisecond);

// What `bvhscope similar`'s first query does per file (one thread's share).
void BM_LibraryMotionFeatures(benchmark::State& state) {
    const auto& takes = libraryTakes();
    bvh::KeptVectors kept; // as each of gatherTakeFeatures' threads keeps its own
    const bvh::KeptVectorsScope keptHere(kept);
    for (auto _ : state) {
        for (const fs::path& take : takes) {
            benchmark::DoNotOptimize(bvh::readTakeFeatures(take));
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(takes.size()));
}
BENCHMARK(BM_LibraryMotionFeatures)->Unit(benchmark::kMillisecond);

// A later query on 3 000 takes: the index read from its bytes, every stamp checked, the
// ranking (the takes' features stand in for 20 copies of the library).
void BM_SimilarLaterQuery3000(benchmark::State& state) {
    const auto& takes = libraryTakes();
    bvh::MotionIndex index;
    std::vector<fs::path> paths;
    for (int copy = 0; copy < 20; ++copy) {
        for (const fs::path& take : takes) {
            paths.push_back(take); // the same 150 files, stamped and looked up 20 times
        }
    }
    bvh::gatherTakeFeatures(index, paths, 2);
    const std::string bytes = index.serialize();
    for (auto _ : state) {
        bvh::MotionIndex read = bvh::MotionIndex::deserialize(bytes);
        const auto features = bvh::gatherTakeFeatures(read, paths, 2);
        std::vector<bvh::MotionFeatures> library;
        for (const auto& take : features) {
            library.push_back(take.features);
        }
        benchmark::DoNotOptimize(bvh::rankBySimilarity(library.front(), library));
    }
}
BENCHMARK(BM_SimilarLaterQuery3000)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace bvhscope::bench
