// `convert --body` posed the way the outside check poses it (issue 38): the .glb read back with
// tinygltf and skinned by linear blending, as three.js does, at the first, middle and last key;
// 99.9 % of the body's triangle edges must stay within 4x their bind length. A generated rig whose
// rest pose lies along +X while its walk stands in +Y (Bandai Namco's, LAFAN1's) and, when
// ../shared/corpus is present, its captures.
#include "app/cli/command_line.h"
#include "tests/app/cli/cli_test_support.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/gltf/gltf_reading.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace bvhscope::cli {
namespace {

using test::run;
using test::TemporaryDirectory;

struct BodyHold {
    double worstShare = 1.0; // the least share of edges within 4x, over the three keys
    double worstRatio = 0.0; // the most stretched edge, posed over bind length
    std::size_t edges = 0;
};

// Converts `input` with --body to a .glb in `directory` and measures its body; false (with a
// test failure) when no body could be read back.
bool measureConvertedBody(const TemporaryDirectory& directory, const std::string& input,
                          BodyHold& hold) {
    const std::string output = directory.pathText("body.glb");
    const auto result = run(runConvert, {input, output, "--body", "--overwrite"});
    EXPECT_EQ(result.status, kExitOk) << result.err;
    tinygltf::Model model;
    std::string error;
    if (result.status != kExitOk || !bvh::test::readGltf(output, model, error) ||
        model.animations.empty()) {
        ADD_FAILURE() << input << ": " << error << result.err;
        return false;
    }
    // The keys of the sampler with the most of them: a channel the motion never moves (a still
    // root) has one key, at 0.
    std::vector<float> times;
    for (const tinygltf::AnimationSampler& sampler : model.animations[0].samplers) {
        std::vector<float> keys = bvh::test::accessorFloats(model, sampler.input);
        if (keys.size() > times.size()) {
            times = std::move(keys);
        }
    }
    for (const float seconds : {times.front(), times[times.size() / 2], times.back()}) {
        bvh::test::SkinnedGltfMesh mesh;
        if (!bvh::test::gltfLinearBlendSkin(model, seconds, mesh)) {
            ADD_FAILURE() << input << ": no skinned mesh";
            return false;
        }
        // A micrometre: edges a simplification collapsed stay collapsed when posed.
        const bvh::test::EdgeStretch stretch =
            bvh::test::measureEdgeStretch(mesh.bind, mesh.posed, mesh.indices, 4.0, 1e-6);
        hold.worstShare = std::min(hold.worstShare, stretch.heldShare());
        hold.worstRatio = std::max(hold.worstRatio, stretch.worstRatio);
        hold.edges = stretch.edges;
    }
    return true;
}

TEST(ConvertGltfBody, ALyingRestPoseHoldsUnderLinearBlending) {
    TemporaryDirectory directory;
    const std::string input = directory.write("lying.bvh", bvh::test::lyingBipedWalkText(61));
    BodyHold hold;
    ASSERT_TRUE(measureConvertedBody(directory, input, hold));
    EXPECT_GE(hold.worstShare, 0.999) << "worst edge " << hold.worstRatio << "x";
}

constexpr double kSpreadHeldShareRequired = 0.9995;

// mixamoBiped (T-pose) in three frames, its hips still: the rest pose, then the thighs turned
// by `middle` and `last` (ZXY degrees, left and right): the first, middle and last key the
// outside check poses.
struct LegTurns {
    glm::dvec3 left{0.0};
    glm::dvec3 right{0.0};
};
std::string legsTurningText(const LegTurns& middle, const LegTurns& last) {
    const bvh::test::BvhTextBuilder b = bvh::test::mixamoBiped();
    std::vector<bvh::test::BvhTextBuilder::Frame> rows(3);
    for (auto& row : rows) {
        row.rootPosition = {0.0, 100.0, 0.0};
        row.rotations.assign(200, glm::dvec3(0.0));
    }
    const auto set = [&](std::size_t frame, const LegTurns& turns) {
        rows[frame].rotations[static_cast<std::size_t>(b.indexOf("mixamorig:LeftUpLeg"))] =
            turns.left;
        rows[frame].rotations[static_cast<std::size_t>(b.indexOf("mixamorig:RightUpLeg"))] =
            turns.right;
    };
    set(1, middle);
    set(2, last);
    return b.text(rows);
}

// The crotch between two limbs that move apart: a wide kick, the thighs spread 90 degrees apart
// sideways (45 each about Z), and the splits, one thigh 80 degrees forward and the other 80 back
// (about X); then a side kick (one thigh 90 degrees out) and a high front kick (100 forward).
TEST(ConvertGltfBody, LegsSpreadApartHoldUnderLinearBlending) {
    const std::pair<LegTurns, LegTurns> clips[] = {
        {{{45.0, 0.0, 0.0}, {-45.0, 0.0, 0.0}}, {{0.0, -80.0, 0.0}, {0.0, 80.0, 0.0}}},
        {{{90.0, 0.0, 0.0}, {0.0, 0.0, 0.0}}, {{0.0, -100.0, 0.0}, {0.0, 0.0, 0.0}}}};
    for (const auto& [middle, last] : clips) {
        TemporaryDirectory directory;
        const std::string input = directory.write("legs.bvh", legsTurningText(middle, last));
        BodyHold hold;
        ASSERT_TRUE(measureConvertedBody(directory, input, hold));
        std::cout << 100.0 * hold.worstShare << " % within 4x, worst edge " << hold.worstRatio
                  << "x\n";
        // The first clip: 99.73 % (worst edge 8x) while the crotch was half one thigh's, half
        // the other's.
        EXPECT_GE(hold.worstShare, kSpreadHeldShareRequired)
            << "worst edge " << hold.worstRatio << "x";
    }
}

// The captures of ../shared/corpus that have frames, each measured and printed (the figures the
// README quotes); skipped when the corpus is absent. Every capture holds the outside check's
// 99.9 % with a margin for unseen captures (99.95 %), those whose rest pose hangs the hands against
// the hips (bvhio's example, mocapbank's) too: their body is bound in the frame that frees the arms
// (body_bind_pose.h); dme's video capture too, whose crossing legs stretched a hip's mass bound to
// the pelvis (body_girdles.h).
constexpr double kHeldShareRequired = 0.9995;

TEST(ConvertGltfBody, CorpusCapturesHoldUnderLinearBlending) {
    const std::filesystem::path corpus = std::filesystem::path(BVHSCOPE_SHARED_DIR) / "corpus";
    std::error_code error;
    if (!std::filesystem::is_directory(corpus, error)) {
        GTEST_SKIP() << "../shared/corpus is absent in this clone; corpus tests skipped";
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() == ".bvh" && !name.starts_with("MALFORMED") &&
            name.find("hierarchy_only") == std::string::npos) {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    for (const std::filesystem::path& file : files) {
        TemporaryDirectory directory;
        BodyHold hold;
        if (measureConvertedBody(directory, file.string(), hold)) {
            std::cout << file.filename().string() << ": " << hold.edges << " edges, "
                      << 100.0 * hold.worstShare << " % within 4x at the worst key, worst edge "
                      << hold.worstRatio << "x\n";
            EXPECT_GE(hold.worstShare, kHeldShareRequired) << file;
        }
    }
}

// Animals walking (issue 38): the elephant-like quadruped (a barrel, a trunk) and the crab (a
// shell over eight legs) of creature_clips.h, their walks with planted feet.
TEST(ConvertGltfBody, AQuadrupedAndACrabWalkingHoldUnderLinearBlending) {
    const std::pair<const char*, bvh::test::Creature> animals[] = {
        {"quadruped.bvh", bvh::test::quadruped(100.0)}, {"crab.bvh", bvh::test::crab(50.0)}};
    for (const auto& [name, creature] : animals) {
        TemporaryDirectory directory;
        const std::string input = directory.write(name, bvh::test::creatureFile(creature, {}).text);
        BodyHold hold;
        ASSERT_TRUE(measureConvertedBody(directory, input, hold)) << name;
        std::cout << name << ": " << 100.0 * hold.worstShare << " % within 4x, worst edge "
                  << hold.worstRatio << "x\n";
        EXPECT_GE(hold.worstShare, kHeldShareRequired) << name;
    }
}

} // namespace
} // namespace bvhscope::cli
