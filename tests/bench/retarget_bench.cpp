// Retargeting (core/retarget, issue 40): 100 000 frames of the 31-joint CMU capture (the
// synthetic walk without ../shared/corpus) onto a 65-joint Mixamo-style rig with fingers, built
// here. Time per run, and the process's peak resident memory after it (Linux: ru_maxrss), which
// includes the parsed source (the text is freed before the peak is read).
#include "core/reader/document.h"
#include "core/retarget/retarget.h"
#include "tests/bench/bench_inputs.h"

#include <benchmark/benchmark.h>
#include <functional>
#include <string>
#include <vector>
#ifndef _WIN32
#include <sys/resource.h>
#endif

namespace bvh::bench {
namespace {

struct RigWriter {
    std::string text;

    void joint(const std::string& name, double x, double y, double z, int depth, bool root,
               const std::function<void(int)>& children) {
        const std::string indent(static_cast<std::size_t>(depth), '\t');
        text += indent + (root ? "ROOT " : "JOINT ") + name + "\n" + indent + "{\n" + indent +
                "\tOFFSET " + std::to_string(x) + ' ' + std::to_string(y) + ' ' +
                std::to_string(z) + "\n" + indent + "\tCHANNELS " +
                (root ? "6 Xposition Yposition Zposition " : "3 ") +
                "Zrotation Xrotation Yrotation\n";
        if (children) {
            children(depth + 1);
        } else {
            text += indent + "\tEnd Site\n" + indent + "\t{\n" + indent + "\t\tOFFSET 0 1 0\n" +
                    indent + "\t}\n";
        }
        text += indent + "}\n";
    }

    // A chain of `names`, each `step` from its parent; the last ends in an End Site.
    void chain(const std::vector<std::string>& names, std::size_t at, double x, double y, double z,
               int depth) {
        if (at == names.size()) {
            return;
        }
        const bool last = at + 1 == names.size();
        joint(
            names[at], x, y, z, depth, false, last ? std::function<void(int)>() : [&, at](int d) {
                chain(names, at + 1, x, y, z, d);
            });
    }

    void arm(const std::string& side, double sign, int depth) {
        const std::string p = "mixamorig:" + side;
        joint(p + "Shoulder", sign * 6, 12, 0, depth, false, [&](int d1) {
            joint(p + "Arm", sign * 12, 0, 0, d1, false, [&](int d2) {
                joint(p + "ForeArm", sign * 27, 0, 0, d2, false, [&](int d3) {
                    joint(p + "Hand", sign * 25, 0, 0, d3, false, [&](int d4) {
                        double z = -4.0;
                        for (const char* finger : {"Thumb", "Index", "Middle", "Ring", "Pinky"}) {
                            const std::string f = p + "Hand" + finger;
                            joint(f + "1", sign * 3, 0, z, d4, false, [&](int d5) {
                                chain({f + "2", f + "3", f + "4"}, 0, sign * 3, 0, 0, d5);
                            });
                            z += 2.0;
                        }
                    });
                });
            });
        });
    }

    void leg(const std::string& side, double sign, int depth) {
        const std::string p = "mixamorig:" + side;
        joint(p + "UpLeg", sign * 9, -6, 0, depth, false, [&](int d1) {
            joint(p + "Leg", 0, -42, 0, d1, false, [&](int d2) {
                joint(p + "Foot", 0, -40, 0, d2, false, [&](int d3) {
                    joint(p + "ToeBase", 0, -6, 12, d3, false,
                          [&](int d4) { chain({p + "Toe_End"}, 0, 0, 0, 5, d4); });
                });
            });
        });
    }
};

// 65 joints: 7 of trunk and head, 24 per arm (4 and 20 of fingers), 5 per leg. No frames.
const std::string& sixtyFiveJointRig() {
    static const std::string text = [] {
        RigWriter rig;
        rig.text = "HIERARCHY\n";
        rig.joint("mixamorig:Hips", 0, 95, 0, 0, true, [&](int d0) {
            rig.joint("mixamorig:Spine", 0, 10, 0, d0, false, [&](int d1) {
                rig.joint("mixamorig:Spine1", 0, 12, 0, d1, false, [&](int d2) {
                    rig.joint("mixamorig:Spine2", 0, 13, 0, d2, false, [&](int d3) {
                        rig.joint("mixamorig:Neck", 0, 15, 0, d3, false, [&](int d4) {
                            rig.joint("mixamorig:Head", 0, 10, 0, d4, false, [&](int d5) {
                                rig.chain({"mixamorig:HeadTop_End"}, 0, 0, 18, 0, d5);
                            });
                        });
                        rig.arm("Left", 1.0, d3);
                        rig.arm("Right", -1.0, d3);
                    });
                });
            });
            rig.leg("Left", 1.0, d0);
            rig.leg("Right", -1.0, d0);
        });
        rig.text += "MOTION\nFrames: 0\nFrame Time: 0.0333333\n";
        return rig.text;
    }();
    return text;
}

double peakResidentMebibytes() {
#ifndef _WIN32
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
#else
    return 0.0;
#endif
}

void BM_Retarget100kFramesOnto65Joints(benchmark::State& state) {
    static const Document source = parseDocument(largeCapture(100000));
    static const Document target = parseDocument(sixtyFiveJointRig());
    const RigRoles sourceRoles = findRigRoles(source.skeleton);
    const RigRoles targetRoles = findRigRoles(target.skeleton);
    const JointMap map = matchJointsByRole(sourceRoles, targetRoles);
    const double peakBefore = peakResidentMebibytes();
    std::size_t outputBytes = 0;
    for (auto _ : state) {
        const RetargetResult result =
            retargetMotion({source.skeleton, source.motion, sourceRoles},
                           {target.skeleton, target.motion, targetRoles}, map);
        outputBytes = result.motion.values.size() * sizeof(float);
        benchmark::DoNotOptimize(result.motion.values.data());
    }
    state.counters["peak_MiB"] = peakResidentMebibytes();
    state.counters["peak_before_MiB"] = peakBefore;
    state.counters["output_MiB"] = static_cast<double>(outputBytes) / (1024.0 * 1024.0);
    state.SetLabel(std::to_string(source.skeleton.jointCount()) + " joints (" +
                   largeCaptureSource() + "), " + std::to_string(source.motion.frameCount) +
                   " frames onto " + std::to_string(target.skeleton.jointCount()) + " joints, " +
                   std::to_string(map.matchedCount()) + " matched");
}
BENCHMARK(BM_Retarget100kFramesOnto65Joints)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace
} // namespace bvh::bench
