// The measuring tools' shared loop (tools/measure_torso.cpp, tools/measure_neck_shape.cpp): a
// capture's body built as the viewer builds it (bound as lowerTorsoBindOptions binds it, standing
// on the stance's up axis, without the links below static roots: a Z-up MakeHuman capture is
// built standing on Z) at each of kGridPhases, and each named measure of it printed as one
// tab-separated line: the file, the measure, its median and largest over the phases, then each
// phase's value in kGridPhases' order.
#pragma once

#include "core/analysis/stance.h"
#include "core/body/body_builder.h"
#include "core/reader/document.h"
#include "tests/core/body/body_lower_torso_rigs.h"
#include "tests/core/body/body_stretch_ensemble.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace bvh::test {

// A capture's body options as the viewer builds its body: bound as lowerTorsoBindOptions binds
// it, standing on the stance's up axis, without the links below static roots. `text` is the
// file `document` was parsed from.
inline BodyOptions viewerBodyOptions(const std::string& text, const Document& document) {
    BodyOptions options = lowerTorsoBindOptions(text);
    const TranslationMode translation =
        resolveTranslationMode(TranslationMode::Auto, document.skeleton, document.motion);
    const Stance stance = analyzeStance(document.skeleton, document.motion, translation,
                                        analyzeRestPose(document.skeleton));
    options.up = stance.upAxis;
    options.excludedBones = linksBelowStaticRoots(document.skeleton, stance.staticRoots);
    return options;
}

template <class Frame>
using NamedShapeMeasure =
    std::pair<const char*, std::function<float(const BodyMesh&, const Frame&)>>;

// `frameOf(skeleton, mesh)` places the measures (a std::optional<Frame>); where it cannot, or no
// body is built, "FILE<tab>no WHAT" is printed instead (with the builder's reason when there is
// no body) and nothing else.
template <class Frame, class FrameOf>
void printShapeMeasures(const std::string& path,
                        const std::vector<NamedShapeMeasure<Frame>>& measures, FrameOf frameOf,
                        const char* what) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const Document document = parseDocument(text.str());
    BodyOptions options = viewerBodyOptions(text.str(), document);
    std::vector<std::vector<double>> values(measures.size());
    for (const glm::vec3& phase : kGridPhases) {
        options.gridPhase = phase;
        const BodyResult body = buildBody(document.skeleton, options);
        const std::optional<Frame> frame =
            body.mesh != nullptr ? frameOf(document.skeleton, *body.mesh) : std::nullopt;
        if (!frame) {
            std::printf("%s\tno %s%s\n", path.c_str(), what,
                        body.mesh == nullptr ? (" (no body: " + body.message + ")").c_str() : "");
            return;
        }
        for (std::size_t k = 0; k < measures.size(); ++k) {
            values[k].push_back(measures[k].second(*body.mesh, *frame));
        }
    }
    for (std::size_t k = 0; k < measures.size(); ++k) {
        std::printf("%s\t%s\t%.3f\t%.3f", path.c_str(), measures[k].first, median(values[k]),
                    *std::max_element(values[k].begin(), values[k].end()));
        for (const double value : values[k]) {
            std::printf("\t%.3f", value);
        }
        std::printf("\n");
    }
}

} // namespace bvh::test
