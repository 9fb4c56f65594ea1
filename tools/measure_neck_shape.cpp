// Measures an upright biped's neck, shoulders' top and upper back as issue 38 asks of them ("a
// head, a neck, a torso with shoulders"), on its body built at each of the tests' grid phases
// (tests/core/body/body_stretch_ensemble.h's kGridPhases), bound in the pose its motion agrees
// with (as the viewer, `render` and `convert --body` bind it), placed by the bones' roles
// (tests/core/body/body_neck_profile.h). Of the figure's height, from the shoulder line (the upper
// arms' roots):
//   - chin: the chin's underside; top 0.06: the body's top seen from in front 0.06 beside the
//     head's plane (the shoulder beside the neck); neck shows: chin less top 0.06 (a person's
//     about 0.04-0.05);
//   - shoulder fall deg: how steeply the top falls from 0.06 to 0.10 beside the head's plane;
//   - hump: the upper back's farthest reach behind the line from the neck's root to the shoulder
//     blades;
//   - head middle ahead: the head's middle front to back ahead of the head joint; head joint
//     ahead of neck root: the skeleton's own.
//
//   bvhscope_measure_neck_shape FILE...
//
// Per file, per measure, one tab-separated line: the file, the measure, its median and largest
// over the phases, then each phase's value in kGridPhases' order ("no neck" where the file has no
// two thighs, two upper arms and a head, or the body fell back to capsules).
#include "core/analysis/stance.h"
#include "core/body/body_builder.h"
#include "core/reader/document.h"
#include "tests/core/body/body_lower_torso_rigs.h"
#include "tests/core/body/body_neck_profile.h"
#include "tests/core/body/body_stretch_ensemble.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace bvh;

using Measure = std::function<float(const BodyMesh&, const test::NeckFrame&)>;

std::vector<std::pair<const char*, Measure>> measures() {
    const auto chin = [](const BodyMesh& mesh, const test::NeckFrame& f) {
        return test::chinUnderside(mesh, f).value_or(std::nanf(""));
    };
    const auto top = [](float lateral) {
        return [lateral](const BodyMesh& mesh, const test::NeckFrame& f) {
            return test::silhouetteTop(mesh, f, lateral);
        };
    };
    return {{"chin", chin},
            {"top 0.04", top(0.04f)},
            {"top 0.06", top(0.06f)},
            {"top 0.08", top(0.08f)},
            {"top 0.10", top(0.10f)},
            {"neck shows",
             [chin](const BodyMesh& mesh, const test::NeckFrame& f) {
                 return chin(mesh, f) - test::silhouetteTop(mesh, f, 0.06f);
             }},
            {"shoulder fall deg",
             [](const BodyMesh& mesh, const test::NeckFrame& f) {
                 return glm::degrees(std::atan2(test::silhouetteTop(mesh, f, 0.06f) -
                                                    test::silhouetteTop(mesh, f, 0.10f),
                                                0.04f));
             }},
            {"hump", test::upperBackHump},
            {"head middle ahead", test::headMiddleAhead},
            {"head joint ahead of neck root", [](const BodyMesh&, const test::NeckFrame& f) {
                 return glm::dot(f.head - f.neckRoot, f.torso.front) / f.torso.height;
             }}};
}

void measureFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const Document document = parseDocument(text.str());
    BodyOptions options = test::lowerTorsoBindOptions(text.str());
    const TranslationMode translation =
        resolveTranslationMode(TranslationMode::Auto, document.skeleton, document.motion);
    const Stance stance = analyzeStance(document.skeleton, document.motion, translation,
                                        analyzeRestPose(document.skeleton));
    options.up = stance.upAxis;
    options.excludedBones = linksBelowStaticRoots(document.skeleton, stance.staticRoots);
    const auto kinds = measures();
    std::vector<std::vector<double>> values(kinds.size());
    for (const glm::vec3& phase : test::kGridPhases) {
        options.gridPhase = phase;
        const BodyResult body = buildBody(document.skeleton, options);
        const auto frame =
            body.mesh != nullptr ? test::neckFrame(document.skeleton, *body.mesh) : std::nullopt;
        if (!frame) {
            std::printf("%s\tno neck\n", path.c_str());
            return;
        }
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            values[k].push_back(kinds[k].second(*body.mesh, *frame));
        }
    }
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        std::printf("%s\t%s\t%.3f\t%.3f", path.c_str(), kinds[k].first, test::median(values[k]),
                    *std::max_element(values[k].begin(), values[k].end()));
        for (const double value : values[k]) {
            std::printf("\t%.3f", value);
        }
        std::printf("\n");
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bvhscope_measure_neck_shape FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        measureFile(argv[i]);
    }
    return 0;
}
