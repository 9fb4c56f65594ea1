// Measures a biped's torso and thighs as issue 38's item 3 asks of them ("a torso with shoulders
// and hips", "proportions that read as the animal the names say"), on its body built at each of
// the tests' grid phases (tests/core/body/body_stretch_ensemble.h's kGridPhases), bound in the pose
// its motion agrees with (as the viewer, `render` and `convert --body` bind it), placed by the
// bones' roles, not their names (tests/core/body/body_torso_sections.h). Of the figure's height:
//   - hips, waist, chest: the torso's width across the hip joints' line and its depth at 0, 0.35
//     and 0.7 of the way from the hip joints up to the upper arms' roots (a person's chest is
//     about 0.18-0.19 of the height across, the waist 0.15-0.16, the hips 0.19-0.20);
//   - thigh 0.1, thigh 0.5: the left thigh's depth front to back and its outer side's reach from
//     the thigh's axis, a tenth and half of the way down to the knee;
//   - hip side, buttock: how steeply (degrees from up) the outline comes in going down from
//     above the hip joint to half way down the thigh, seen from in front and from the side (a
//     ball over a thinner thigh: a step near 90).
//
//   bvhscope_measure_torso FILE...
//
// Per file, per measure, one tab-separated line: the file, the measure, its median and largest
// over the phases, then each phase's value in kGridPhases' order ("no torso" where the file has
// not two thighs and two upper arms, or the body fell back to capsules).
#include "tests/core/body/body_shape_measures.h"
#include "tests/core/body/body_torso_sections.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace bvh;

using Measure = test::NamedShapeMeasure<test::TorsoFrame>::second_type;

// The body's width across seen from in front, the widest from 0.04 of the height above the hip
// joints down to the crotch.
float hipsWidest(const BodyMesh& mesh, const test::TorsoFrame& frame) {
    const float crotch = test::crotchDrop(mesh, frame);
    float widest = 0.0f;
    for (float drop = -0.04f; drop <= crotch; drop += 0.01f) {
        widest = std::max(widest, test::outlineReach(mesh, frame, drop, 1.0f) +
                                      test::outlineReach(mesh, frame, drop, -1.0f));
    }
    return widest;
}

std::vector<std::pair<const char*, Measure>> measures() {
    const auto torso = [](float share, bool depth) {
        return [share, depth](const BodyMesh& mesh, const test::TorsoFrame& frame) {
            const test::MeshSection section = test::torsoAt(mesh, frame, share);
            return depth ? section.depth : section.across;
        };
    };
    const auto thigh = [](float share, bool depth) {
        return [share, depth](const BodyMesh& mesh, const test::TorsoFrame& frame) {
            if (depth) {
                return test::thighAt(mesh, frame, share).depth;
            }
            return test::meshExit(mesh, test::alongLeftThigh(frame, share), frame.across,
                                  frame.height) /
                   frame.height;
        };
    };
    return {{"hips across", torso(0.0f, false)},
            {"hips depth", torso(0.0f, true)},
            {"waist across", torso(0.35f, false)},
            {"waist depth", torso(0.35f, true)},
            {"chest across", torso(0.7f, false)},
            {"chest depth", torso(0.7f, true)},
            {"thigh 0.1 outer", thigh(0.1f, false)},
            {"thigh 0.1 depth", thigh(0.1f, true)},
            {"thigh 0.5 outer", thigh(0.5f, false)},
            {"thigh 0.5 depth", thigh(0.5f, true)},
            {"hip side inward deg",
             [](const BodyMesh& mesh, const test::TorsoFrame& frame) {
                 return test::steepestInwardOutline(mesh, frame, frame.across);
             }},
            {"buttock inward deg",
             [](const BodyMesh& mesh, const test::TorsoFrame& frame) {
                 return test::steepestInwardOutline(mesh, frame, -frame.front);
             }},
            {"crotch drop", test::crotchDrop},
            {"hips widest across", hipsWidest},
            {"hip reach at joint",
             [](const BodyMesh& mesh, const test::TorsoFrame& frame) {
                 return test::outlineReach(mesh, frame, 0.0f, 1.0f);
             }},
            {"reach under crotch",
             [](const BodyMesh& mesh, const test::TorsoFrame& frame) {
                 return test::outlineReach(mesh, frame, test::crotchDrop(mesh, frame) + 0.02f,
                                           1.0f);
             }},
            {"hip over thigh reach",
             [](const BodyMesh& mesh, const test::TorsoFrame& frame) {
                 float hip = 0.0f;
                 for (float drop = -0.04f; drop <= 0.001f; drop += 0.01f) {
                     hip = std::max(hip, test::outlineReach(mesh, frame, drop, 1.0f));
                 }
                 return hip / test::outlineReach(mesh, frame, test::crotchDrop(mesh, frame) + 0.02f,
                                                 1.0f);
             }},
            {"thigh under crotch across",
             [](const BodyMesh& mesh, const test::TorsoFrame& frame) {
                 return test::thighAcross(mesh, frame, test::crotchDrop(mesh, frame) + 0.02f);
             }},
            {"thigh mid across",
             [](const BodyMesh& mesh, const test::TorsoFrame& frame) {
                 return test::thighAcross(mesh, frame, 0.5f * test::kneeDrop(frame));
             }},
            {"thigh above knee across", [](const BodyMesh& mesh, const test::TorsoFrame& frame) {
                 return test::thighAcross(mesh, frame, 0.85f * test::kneeDrop(frame));
             }}};
}

void measureFile(const std::string& path) {
    test::printShapeMeasures<test::TorsoFrame>(
        path, measures(),
        [](const Skeleton& skeleton, const BodyMesh& mesh) {
            return test::torsoFrame(skeleton, mesh);
        },
        "torso");
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bvhscope_measure_torso FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        measureFile(argv[i]);
    }
    return 0;
}
