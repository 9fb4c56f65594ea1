// The clip's stretch on a body built at every grid phase, for GoogleTest suites (kept apart from
// body_stretch_ensemble.h, which tools/measure_neck_weights.cpp includes without GoogleTest).
#pragma once

#include "core/body/body_builder.h"
#include "core/reader/document.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_stretch_ensemble.h"

#include <gtest/gtest.h>
#include <vector>

namespace bvh::test {

// linearStretchOverFrames of `document`'s clip on its body built at each of kGridPhasesBuilt, in
// that order; a build without a mesh fails the calling test and reads as no stretch.
inline std::vector<ClipStretch> linearStretchOverGridPhases(const Document& document) {
    std::vector<ClipStretch> stretches;
    overGridPhases(document.skeleton, [&](const BodyResult& body) {
        EXPECT_NE(body.mesh, nullptr) << body.message;
        stretches.push_back(body.mesh == nullptr ? ClipStretch{}
                                                 : linearStretchOverFrames(document, *body.mesh));
        return stretches.back().worst;
    });
    return stretches;
}

} // namespace bvh::test
