// What panels pay per frame to change settings through commands (issue 43,
// app/viewer/panels/settings_edit.h): each edit copies the settings twice and compares them when
// it ends; a change is then brought within the options table's ranges by the session.
#include "app/viewer/io/settings_store.h"

#include <benchmark/benchmark.h>

namespace {

using bvhscope::scene::ViewerSettings;

// One SettingsEdit that changes nothing: the before and working copies, and the comparison.
void BM_SettingsEditUnchanged(benchmark::State& state) {
    const ViewerSettings settings;
    for (auto _ : state) {
        ViewerSettings before = settings;
        ViewerSettings values = settings;
        benchmark::DoNotOptimize(values == before);
    }
}
BENCHMARK(BM_SettingsEditUnchanged);

// The session applying one command::ChangeSettings from the settings it started from.
void BM_ChangeSettingsWithinTheTable(benchmark::State& state) {
    ViewerSettings changed;
    changed.trailFrames = 500000;
    for (auto _ : state) {
        benchmark::DoNotOptimize(bvhscope::viewer::withinTableRanges(changed));
    }
}
BENCHMARK(BM_ChangeSettingsWithinTheTable);

// Two changes in one frame: the second merged field by field.
void BM_ChangeSettingsMerged(benchmark::State& state) {
    const ViewerSettings before;
    ViewerSettings current;
    current.showCurves = true;
    ViewerSettings after;
    after.playbackSpeed = 2.0f;
    for (auto _ : state) {
        benchmark::DoNotOptimize(bvhscope::viewer::mergedSettingsChange(current, before, after));
    }
}
BENCHMARK(BM_ChangeSettingsMerged);

} // namespace
