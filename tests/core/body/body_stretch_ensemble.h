// A stretch measured on one figure rebuilt under changes that should not matter, summarised by
// its median: the finest level is simplified to a triangle budget over a grid laid on the
// figure's extent, so lengthening the head's tip by 2 % moves every cell and every collapse, and
// the single worst edge of the same weights moves with them (over kTipFactors' builds: a
// CMU-like biped kicking far, 2.36x to 2.71x; a full-body fist curled 60 to 110 degrees, 3.12x to
// 3.37x under linear blending, 4.13x to 10.68x under dual quaternions). A defect of the weights is
// there in every build; a collapse's sliver in few.
#pragma once

#include "core/body/body_builder.h"
#include "core/body/body_mesh.h"
#include "core/reader/document.h"
#include "tests/core/body/body_shared_builds.h"
#include "tests/core/body/body_stretch.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <glm/common.hpp>
#include <glm/vec3.hpp>
#include <utility>
#include <vector>

namespace bvh::test {

// The head's tip's length, as a share of its own, in each build.
constexpr std::array<double, 5> kTipFactors = {0.96, 0.98, 1.0, 1.02, 1.04};

// `document` with its highest End Site in the rest pose (the head's tip of an upright figure,
// +Y up as the test rigs stand) `factor` times as far from its joint: the figure's extent, and
// so the grid, changes, its limbs do not.
inline Document withHighestTipScaled(Document document, double factor) {
    Skeleton& skeleton = document.skeleton;
    std::vector<glm::dvec3> rest(skeleton.nodeCount());
    std::size_t highest = skeleton.nodeCount();
    for (std::size_t n = 0; n < rest.size(); ++n) {
        const NodeIndex parent = skeleton.parents[n];
        rest[n] = skeleton.offsets[n] +
                  (parent == kNoParent ? glm::dvec3(0.0) : rest[static_cast<std::size_t>(parent)]);
        if (skeleton.isEndSite[n] != 0 && (highest == rest.size() || rest[n].y > rest[highest].y)) {
            highest = n;
        }
    }
    if (highest < rest.size()) {
        skeleton.offsets[highest] *= factor;
    }
    return document;
}

// The median of `values` (the upper one of an even count).
inline double median(std::vector<double> values) {
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
}

// kTipFactors' entry of 1.0: that build is `document`'s body as built, to the bit.
inline constexpr std::size_t kAsBuiltTip = 2;
static_assert(kTipFactors[kAsBuiltTip] == 1.0);

// `measure(document, mesh)` (a stretch over the clip) on each of kTipFactors' builds of
// `document`'s body, in that order; a value-initialised result for a build without a mesh. The
// builds are shared (sharedBody): a test that reads the figure as built reads kAsBuiltTip's.
template <class Measure>
auto overTips(const Document& document, Measure measure,
              const BodyOptions& options = BodyOptions{}) {
    using Value = decltype(measure(document, std::declval<const BodyMesh&>()));
    std::vector<Value> values;
    for (const double factor : kTipFactors) {
        const Document changed = withHighestTipScaled(document, factor);
        const BodyResult body = sharedBody(changed.skeleton, options);
        values.push_back(body.mesh == nullptr ? Value{} : measure(changed, *body.mesh));
    }
    return values;
}

// The median over kTipFactors' builds of `document`'s body of `measure(document, mesh)` (a
// stretch over the clip); 0 for a build without a mesh.
template <class Measure>
double medianOverTips(const Document& document, Measure measure) {
    return median(overTips(document, measure));
}

// Linear blending over `document`'s clip on each of kTipFactors' builds, one pass a build: the
// share of edges the body as built holds within 4x (its least over the frames), and the median
// over the builds of the stretch 4 edges of one sheet reach.
struct LinearStretchOverTips {
    double leastHeldAsBuilt = 0.0;
    double medianSheet = 0.0;
};
inline LinearStretchOverTips linearStretchOverTips(const Document& document) {
    const std::vector<ClipStretch> stretches =
        overTips(document, [](const Document& d, const BodyMesh& m) {
            return linearStretchOverFrames(d, m);
        });
    std::vector<double> sheets;
    for (const ClipStretch& stretch : stretches) {
        sheets.push_back(stretch.sheet);
    }
    return {stretches[kAsBuiltTip].leastHeld, median(std::move(sheets))};
}

// Phases of the sampling grid (BodyOptions::gridPhase, in cells) an unseen capture's extent may
// put its samples at: along each axis alone, the diagonal, and off it.
constexpr std::array<glm::vec3, 10> kGridPhases = {
    glm::vec3(0.0f),
    glm::vec3(0.25f, 0.0f, 0.0f),
    glm::vec3(0.5f, 0.0f, 0.0f),
    glm::vec3(0.75f, 0.0f, 0.0f),
    glm::vec3(0.0f, 0.5f, 0.0f),
    glm::vec3(0.0f, 0.0f, 0.5f),
    glm::vec3(0.25f, 0.25f, 0.25f),
    glm::vec3(0.5f, 0.5f, 0.5f),
    glm::vec3(0.75f, 0.75f, 0.75f),
    glm::vec3(0.25f, 1.0f / 3.0f, 0.5f),
};

// Under AddressSanitizer a body costs about ten times its native build, and the sanitizers look
// for memory errors, which the grid's phase does not change: there, a test over the grid's
// phases builds at the grid's own phase and the one off every axis' half (the last), two builds
// where the native and Wine runs make ten (508 of a fresh clone's 1 980 sanitizer test-seconds
// were four such tests, twenty-first round). Tests that bound a median over the phases are left
// out of the sanitizer run (tests/CMakeLists.txt) rather than read over two.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr std::array<glm::vec3, 2> kGridPhasesBuilt = {kGridPhases.front(),
                                                              kGridPhases.back()};
#else
inline constexpr std::array<glm::vec3, kGridPhases.size()> kGridPhasesBuilt = kGridPhases;
#endif

// Forty phases spread through the cell, the first the grid's own: each axis steps by its own
// irrational share of a cell (the golden ratio's, sqrt 2's and sqrt 3's fractions), wrapped. For
// a count whose spread over kGridPhases' ten is wider than the change a test must see: the
// Poser-style armpit's folds run from 9 to 52 over the phases, and the ten phases' median moved
// by 4 when the figure's hands became pieces of their own, the forty phases' mean by 0.2.
inline std::vector<glm::vec3> manyGridPhases() {
    constexpr int kCount = 40;
    constexpr glm::vec3 kStep(0.6180339887f, 0.4142135624f, 0.7320508076f);
    std::vector<glm::vec3> phases;
    for (int i = 0; i < kCount; ++i) {
        const glm::vec3 travelled = static_cast<float>(i) * kStep;
        phases.push_back(travelled - glm::floor(travelled));
    }
    return phases;
}

// `measure(body)` of `skeleton`'s body built at each of `phases` (a build without a mesh gives
// `measure` a null mesh), in that order. The builds are shared (sharedBody): a test that
// reads the same skeleton's phases under two motions builds each phase once. `base`: the other
// options (its gridPhase is replaced).
template <class Phases, class Measure>
std::vector<double> overPhases(const Skeleton& skeleton, const Phases& phases, Measure measure,
                               const BodyOptions& base = BodyOptions{}) {
    std::vector<double> values;
    for (const glm::vec3& phase : phases) {
        BodyOptions options = base;
        options.gridPhase = phase;
        values.push_back(measure(sharedBody(skeleton, options)));
    }
    return values;
}

// overPhases at each of kGridPhasesBuilt.
template <class Measure>
std::vector<double> overGridPhases(const Skeleton& skeleton, Measure measure,
                                   const BodyOptions& base = BodyOptions{}) {
    return overPhases(skeleton, kGridPhasesBuilt, measure, base);
}

} // namespace bvh::test
