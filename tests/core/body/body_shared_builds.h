// Bodies built once per test process. buildBody is a function of the skeleton and its options
// alone (body_builder.h), and the heaviest body tests read one build several times: a fist
// curled 60, 90 and 110 degrees is one skeleton under three motions, a walk with its spine's
// helpers turning or still is one skeleton under two, and the build of kTipFactors' 1.0 is the
// figure as built. Each such build was made again (a sixth to three fifths of those tests' time).
// A build is shared only with a request for exactly what was built: every field of the
// skeleton (its offsets to the bit) and test::sameBodyOptions' options.
#pragma once

#include "core/body/body_builder.h"
#include "core/model/skeleton.h"
#include "tests/core/body/body_invariants.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <deque>

namespace bvh::test {

// True when `a` and `b` are the same skeleton to the bit (offsets compared as bits: -0.0 is not
// 0.0, and a NaN offset equals itself).
inline bool sameSkeleton(const Skeleton& a, const Skeleton& b) {
    const auto sameBits = [](const glm::dvec3& x, const glm::dvec3& y) {
        return std::bit_cast<std::uint64_t>(x.x) == std::bit_cast<std::uint64_t>(y.x) &&
               std::bit_cast<std::uint64_t>(x.y) == std::bit_cast<std::uint64_t>(y.y) &&
               std::bit_cast<std::uint64_t>(x.z) == std::bit_cast<std::uint64_t>(y.z);
    };
    return a.names == b.names && a.parents == b.parents && a.isEndSite == b.isEndSite &&
           a.channelBegin == b.channelBegin && a.channelCount == b.channelCount &&
           a.channels == b.channels && a.channelNames == b.channelNames &&
           std::equal(a.offsets.begin(), a.offsets.end(), b.offsets.begin(), b.offsets.end(),
                      sameBits);
}

// The most builds kept: one test's grid phases (10) or tip builds (5) with room to spare; the
// oldest goes first. A whole core_tests process runs every body test, and a mesh is megabytes.
inline constexpr std::size_t kSharedBuildsKept = 12;

// buildBody(skeleton, options), or the result of an earlier identical request in this process.
inline BodyResult sharedBody(const Skeleton& skeleton, const BodyOptions& options) {
    struct Build {
        Skeleton skeleton;
        BodyOptions options;
        BodyResult body;
    };
    static std::deque<Build> builds;
    for (const Build& build : builds) {
        if (sameSkeleton(build.skeleton, skeleton) && sameBodyOptions(build.options, options)) {
            return build.body;
        }
    }
    if (builds.size() == kSharedBuildsKept) {
        builds.pop_front();
    }
    builds.push_back({skeleton, options, buildBody(skeleton, options)});
    return builds.back().body;
}

} // namespace bvh::test
