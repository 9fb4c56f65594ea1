// Writes the rigs of the README's picture of the body look (docs/body-rigs.png) as BVH files,
// all generated here (tests/core/body/body_test_skeletons.h, tests/core/analysis/
// creature_clips.h): a LAFAN-like walk (LAFAN1's names, no fingers) whose rest pose lies along
// -X, a Bandai-like one lying along +X, a Mixamo T-pose with fingers, a 160-joint face rig, an
// elephant-like quadruped (unnamed bones, a trunk and a tail), a crab and a hand on its own. The
// CMU-like figure is the bundled assets/sample_walk.bvh, copied in as 3_cmu_like.bvh. Beyond the
// picture's eight, for the sweep (tools/sweep_body.py) and the area tool: a walking Second Life
// Bento skeleton (wings, tail, hind limbs, face), walking Unreal mannequins (UE4, UE5: twist
// and IK bones) and the Bento skeleton walking with its wings flapping 60 degrees up and down,
// 9a to 9d, left out of the picture. The picture, a tile a rig:
//
//   bvhscope_write_body_rigs DIR
//   cp assets/sample_walk.bvh DIR/3_cmu_like.bvh
//   rm DIR/9?_*.bvh
//   bvhscope render --contact-sheet DIR -o sheet.png --bones body --columns 4 --tile 320x240
//       --frame 20
//   convert sheet.png -colors 128 PNG8:docs/body-rigs.png     (ImageMagick: 630 KB to 160 KB)
//
// `bvhscope_write_body_rigs --hostile DIR` writes the hostile skeletons of
// tests/core/body/body_hostile_rigs.h instead (h01_hub300.bvh ...), for the body's bounds.
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_hostile_rigs.h"
#include "tests/core/body/body_second_life_rig.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/body/body_unreal_rig.h"

#include <filesystem>
#include <fstream>
#include <iostream>

namespace {

bool writeText(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

} // namespace

int main(int argc, char** argv) {
    const bool hostile = argc == 3 && std::string(argv[1]) == "--hostile";
    if (argc != 2 && !hostile) {
        std::cerr << "usage: bvhscope_write_body_rigs [--hostile] DIR\n";
        return 2;
    }
    const std::filesystem::path directory(argv[argc - 1]);
    std::error_code error;
    std::filesystem::create_directories(directory, error);
    std::vector<std::pair<std::string, std::string>> rigs = {
        {"1_lafan_like.bvh", bvh::test::lyingBipedWalkText(61, {"", false, -1})},
        {"2_bandai_like.bvh", bvh::test::lyingBipedWalkText(61)},
        {"4_mixamo.bvh", bvh::test::mixamoBipedText()},
        {"5_face_rig.bvh", bvh::test::faceRigText()},
        {"6_quadruped.bvh", bvh::test::creatureFile(bvh::test::quadruped(1.0), {}).text},
        {"7_crab.bvh", bvh::test::creatureFile(bvh::test::crab(0.5), {}).text},
        {"8_hand.bvh", bvh::test::handAloneText()},
        {"9a_second_life_bento.bvh", bvh::test::secondLifeBentoWalkText()},
        {"9b_unreal_ue4.bvh", bvh::test::unrealMannequinWalkText()},
        {"9c_unreal_ue5.bvh",
         bvh::test::unrealMannequinWalkText(61, bvh::test::UnrealMannequin::UE5)},
        {"9d_second_life_flapping.bvh", bvh::test::secondLifeBentoFlapText()},
    };
    if (hostile) {
        rigs.clear();
        for (bvh::test::HostileRig& rig : bvh::test::hostileRigs()) {
            rigs.emplace_back(std::move(rig.name), std::move(rig.text));
        }
    }
    for (const auto& [name, text] : rigs) {
        if (!writeText(directory / name, text)) {
            std::cerr << "bvhscope_write_body_rigs: cannot write " << (directory / name).string()
                      << "\n";
            return 1;
        }
    }
    return 0;
}
