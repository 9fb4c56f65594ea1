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
#include "tests/core/body/body_neck_profile.h"
#include "tests/core/body/body_shape_measures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace bvh;

using Measure = test::NamedShapeMeasure<test::NeckFrame>::second_type;

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
    test::printShapeMeasures<test::NeckFrame>(
        path, measures(),
        [](const Skeleton& skeleton, const BodyMesh& mesh) {
            return test::neckFrame(skeleton, mesh);
        },
        "neck");
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
