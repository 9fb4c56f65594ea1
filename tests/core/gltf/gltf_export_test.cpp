#include "core/gltf/gltf_export.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/gltf/gltf_reading.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <limits>
#include <nlohmann/json.hpp>

#ifdef BVHSCOPE_HAVE_ASSIMP
#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#endif

namespace bvh {
namespace {

// [SECTION] Generated captures
//
// tests/gltf/captures/ (shared with the validator and three.js checks of tests/gltf):
// mixed_orders (ZXY root, XYZ, YZX and ZYX joints, angles crossing +-180, so the quaternions'
// signs must stay continuous), six_channels (positions on every joint, additive to OFFSET),
// zero_channel_root (a channel-less root above the moving hips) and zup_centimetres (Z up, cm:
// the figure stands along +Z, its left leg on +X).
std::string capture(std::string_view name) {
    std::ifstream file(std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "tests/gltf/captures" /
                       (std::string(name) + ".bvh"));
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}
const std::string kMixedOrders = capture("mixed_orders");
const std::string kSixChannels = capture("six_channels");
const std::string kZeroChannelRoot = capture("zero_channel_root");
const std::string kZUpCentimetres = capture("zup_centimetres");

// [SECTION] Helpers

class TemporaryFolder {
public:
    TemporaryFolder() {
        path_ = std::filesystem::temp_directory_path() /
                ("bvhscope-gltf-test-" +
                 std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TemporaryFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::size_t entries() const {
        return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(path_),
                                                      std::filesystem::directory_iterator()));
    }

private:
    std::filesystem::path path_;
};

Document parse(std::string_view text) {
    Document document = parseDocument(text);
    EXPECT_TRUE(document.loaded())
        << (document.diagnostics.empty() ? std::string() : document.diagnostics.front().message);
    return document;
}

// From file axes and units to glTF's, written out by hand per case.
using ToGltf = std::function<glm::dvec3(const glm::dvec3&)>;

// bvhscope's own world positions (core/kinematics, what `bvhscope positions` prints) of every
// node at a frame, in glTF's space.
std::vector<glm::dvec3> expectedPositions(const Document& document, TranslationMode mode,
                                          std::uint32_t frame, const ToGltf& toGltf) {
    const Skeleton& skeleton = document.skeleton;
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    computeLocalTransforms(skeleton, document.motion.frame(frame), mode, local);
    computeWorldTransforms(skeleton, local, world);
    std::vector<glm::dvec3> positions;
    for (const RigidTransform& transform : world) {
        positions.push_back(toGltf(transform.translation));
    }
    return positions;
}

double figureSize(const std::vector<glm::dvec3>& positions) {
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    for (const glm::dvec3& p : positions) {
        low = glm::min(low, p);
        high = glm::max(high, p);
    }
    return std::max({high.x - low.x, high.y - low.y, high.z - low.z});
}

struct Case {
    const std::string& text;
    UpAxis up;
    double metresPerUnit;
    ToGltf toGltf;
};

// Writes the case, reads it back with tinygltf and compares world positions at the first, a
// middle and the last frame within 1e-4 of the figure's size.
void expectSamePositions(const Case& testCase, GltfContainer container) {
    const Document document = parse(testCase.text);
    ASSERT_TRUE(document.loaded());
    TemporaryFolder folder;
    const auto path = folder.path() / (container == GltfContainer::Binary ? "out.glb" : "out.gltf");
    GltfExportOptions options;
    options.container = container;
    options.upAxis = testCase.up;
    options.metresPerUnit = testCase.metresPerUnit;
    options.translation =
        resolveTranslationMode(TranslationMode::Auto, document.skeleton, document.motion);
    const GltfExportResult result =
        writeGltfFile(path, document.skeleton, document.motion, options);
    ASSERT_TRUE(result.ok()) << result.diagnostics.front().message;
    EXPECT_EQ(std::filesystem::file_size(path), result.fileBytes);
    tinygltf::Model model;
    std::string error;
    ASSERT_TRUE(test::readGltf(path, model, error)) << error;
    ASSERT_EQ(model.nodes.size(), document.skeleton.nodeCount());
    for (std::size_t i = 0; i < model.nodes.size(); ++i) {
        EXPECT_EQ(model.nodes[i].name, document.skeleton.names[i]);
    }
    const std::uint32_t last = document.motion.frameCount - 1;
    for (const std::uint32_t frame : {0u, last / 2, last}) {
        const auto expected =
            expectedPositions(document, options.translation, frame, testCase.toGltf);
        const double tolerance = 1e-4 * figureSize(expected);
        const auto seconds = static_cast<float>(frame * document.motion.frameTime);
        const std::vector<glm::dvec3> actual = test::gltfWorldPositions(model, seconds);
        for (std::size_t node = 0; node < expected.size(); ++node) {
            for (int axis = 0; axis < 3; ++axis) {
                EXPECT_NEAR(actual[node][axis], expected[node][axis], tolerance)
                    << "frame " << frame << ", node " << document.skeleton.names[node] << ", axis "
                    << axis;
            }
        }
    }
}

glm::dvec3 yUpMetres(const glm::dvec3& p) {
    return p;
}

// Z up to Y up by a quarter turn about X (a proper rotation: x stays, z becomes y, y becomes
// -z), centimetres to metres.
glm::dvec3 zUpCentimetres(const glm::dvec3& p) {
    return 0.01 * glm::dvec3(p.x, p.z, -p.y);
}

// [SECTION] Positions through an independent reader

TEST(GltfExport, MixedRotationOrdersGiveTheSamePositions) {
    expectSamePositions({kMixedOrders, UpAxis::PositiveY, 1.0, yUpMetres}, GltfContainer::Binary);
    expectSamePositions({kMixedOrders, UpAxis::PositiveY, 1.0, yUpMetres},
                        GltfContainer::EmbeddedText);
}

TEST(GltfExport, SixChannelsOnEveryJointGiveTheSamePositions) {
    expectSamePositions({kSixChannels, UpAxis::PositiveY, 1.0, yUpMetres}, GltfContainer::Binary);
}

TEST(GltfExport, ZeroChannelRootGivesTheSamePositions) {
    expectSamePositions({kZeroChannelRoot, UpAxis::PositiveY, 1.0, yUpMetres},
                        GltfContainer::Binary);
}

TEST(GltfExport, ZUpCentimetreRigStandsUpInMetresUnmirrored) {
    expectSamePositions({kZUpCentimetres, UpAxis::PositiveZ, 0.01, zUpCentimetres},
                        GltfContainer::Binary);
    // Hand-derived rest positions: the head end 1.7 m up, the left leg's end on +X.
    const Document document = parse(kZUpCentimetres);
    TemporaryFolder folder;
    GltfExportOptions options;
    options.upAxis = UpAxis::PositiveZ;
    options.metresPerUnit = 0.01;
    options.translation = TranslationMode::Absolute;
    ASSERT_TRUE(
        writeGltfFile(folder.path() / "z.glb", document.skeleton, document.motion, options).ok());
    tinygltf::Model model;
    std::string error;
    ASSERT_TRUE(test::readGltf(folder.path() / "z.glb", model, error)) << error;
    model.animations.clear();
    const std::vector<glm::dvec3> rest = test::gltfWorldPositions(model, 0.0);
    EXPECT_NEAR(rest[2].y, 1.7, 1e-9); // head end: 90 + 20 + 60 cm
    EXPECT_NEAR(rest[4].x, 0.1, 1e-9); // the left foot's end stays on +X
    EXPECT_NEAR(rest[4].y, 0.0, 1e-9); // and on the ground
}

TEST(GltfExport, LinearInterpolatesBetweenFramesAsTheViewerDoes) {
    const Document document = parse(kMixedOrders);
    TemporaryFolder folder;
    GltfExportOptions options;
    options.translation = TranslationMode::Absolute;
    ASSERT_TRUE(
        writeGltfFile(folder.path() / "a.glb", document.skeleton, document.motion, options).ok());
    options.interpolation = GltfInterpolation::Step;
    ASSERT_TRUE(
        writeGltfFile(folder.path() / "s.glb", document.skeleton, document.motion, options).ok());
    tinygltf::Model linear;
    tinygltf::Model step;
    std::string error;
    ASSERT_TRUE(test::readGltf(folder.path() / "a.glb", linear, error)) << error;
    ASSERT_TRUE(test::readGltf(folder.path() / "s.glb", step, error)) << error;
    EXPECT_EQ(linear.animations[0].samplers[0].interpolation, "LINEAR");
    EXPECT_EQ(step.animations[0].samplers[0].interpolation, "STEP");
    // Halfway between frames 1 and 2 (slerp across the 170 -> -170 wrap: the short way).
    const Skeleton& skeleton = document.skeleton;
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> scratch(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    sampleLocalTransforms(skeleton, document.motion, 0.15, Interpolation::Linear,
                          TranslationMode::Absolute, scratch, local);
    computeWorldTransforms(skeleton, local, world);
    const std::vector<glm::dvec3> halfway = test::gltfWorldPositions(linear, 0.15);
    const std::vector<glm::dvec3> held = test::gltfWorldPositions(step, 0.15);
    const auto frameOne = expectedPositions(document, TranslationMode::Absolute, 1, yUpMetres);
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        for (int axis = 0; axis < 3; ++axis) {
            EXPECT_NEAR(halfway[node][axis], world[node].translation[axis], 1e-4 * 25);
            EXPECT_NEAR(held[node][axis], frameOne[node][axis], 1e-4 * 25);
        }
    }
}

// [SECTION] Contents

TEST(GltfExport, AChannelThatNeverMovesIsWrittenOnce) {
    // Leg's rotation is 0 0 0 on every frame; Hips and Chest move.
    constexpr std::string_view text = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 0 0
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT Leg
  {
    OFFSET 2 -1 0
    CHANNELS 3 Zrotation Yrotation Xrotation
    End Site
    {
      OFFSET 0 -9 0
    }
  }
}
MOTION
Frames: 3
Frame Time: 0.1
0 9 0 0 0 0 0 0 0
0 9 0 10 0 0 0 0 0
0 9 0 20 0 0 0 0 0
)";
    const Document document = parse(text);
    TemporaryFolder folder;
    GltfExportOptions options;
    options.translation = TranslationMode::Absolute;
    const GltfExportResult result =
        writeGltfFile(folder.path() / "c.glb", document.skeleton, document.motion, options);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result.animatedChannels, 1u); // Hips' rotation
    EXPECT_EQ(result.constantChannels, 2u); // Hips' translation, Leg's rotation
    tinygltf::Model model;
    std::string error;
    ASSERT_TRUE(test::readGltf(folder.path() / "c.glb", model, error)) << error;
    std::vector<std::size_t> keys;
    for (const auto& sampler : model.animations[0].samplers) {
        keys.push_back(model.accessors[static_cast<std::size_t>(sampler.output)].count);
    }
    EXPECT_EQ(keys, (std::vector<std::size_t>{3, 1, 1}));
    // 3 times + 3 x 4 rotation floats + 3 translation floats + 4 rotation floats.
    EXPECT_EQ(result.bufferBytes, (3u + 12u + 3u + 4u) * 4u);
    EXPECT_EQ(std::filesystem::file_size(folder.path() / "c.glb"), result.fileBytes);
}

TEST(GltfExport, RepeatedNamesAreMadeUniqueOthersKept) {
    constexpr std::string_view text = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 0 0
  CHANNELS 3 Zrotation Xrotation Yrotation
  JOINT Bone
  {
    OFFSET 1 0 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    End Site
    {
      OFFSET 1 0 0
    }
  }
  JOINT Bone
  {
    OFFSET -1 0 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    End Site
    {
      OFFSET -1 0 0
    }
  }
}
MOTION
Frames: 1
Frame Time: 0.1
0 0 0 0 0 0 0 0 0
)";
    const Document document = parse(text);
    TemporaryFolder folder;
    GltfExportOptions options;
    ASSERT_TRUE(
        writeGltfFile(folder.path() / "n.glb", document.skeleton, document.motion, options).ok());
    tinygltf::Model model;
    std::string error;
    ASSERT_TRUE(test::readGltf(folder.path() / "n.glb", model, error)) << error;
    std::vector<std::string> names;
    for (const auto& node : model.nodes) {
        names.push_back(node.name);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"Hips", "Bone", "EndSite_Bone", "Bone_2",
                                               "EndSite_Bone_2"}));
}

// [SECTION] Refusals

TEST(GltfExport, NonFiniteValuesAreRefusedLeavingNothingBehind) {
    Document document = parse(kMixedOrders);
    document.motion.values[20] = std::numeric_limits<float>::quiet_NaN();
    TemporaryFolder folder;
    GltfExportOptions options;
    options.translation = TranslationMode::Absolute;
    const GltfExportResult result =
        writeGltfFile(folder.path() / "bad.glb", document.skeleton, document.motion, options);
    ASSERT_FALSE(result.ok());
    EXPECT_NE(
        result.diagnostics.front().message.find("frame 1, channel 6 (Yrotation): not a finite"),
        std::string::npos)
        << result.diagnostics.front().message;
    EXPECT_EQ(folder.entries(), 0u);

    document = parse(kMixedOrders);
    document.skeleton.offsets[1].y = std::numeric_limits<double>::infinity();
    EXPECT_FALSE(
        writeGltfFile(folder.path() / "bad.glb", document.skeleton, document.motion, options).ok());
    EXPECT_EQ(folder.entries(), 0u);
}

TEST(GltfExport, ABufferPastFourGibibytesIsRefusedBeforeAnyValueIsRead) {
    // The size is arithmetic on the counts: 2^28 frames x (1 time + 4 rotation floats) x 4 bytes
    // is 5 GiB. The values are left empty on purpose: they must not be read.
    Document document = parse(kZeroChannelRoot);
    document.motion.frameCount = std::uint32_t{1} << 28;
    document.motion.values.clear();
    TemporaryFolder folder;
    GltfExportOptions options;
    options.translation = TranslationMode::Absolute;
    const GltfExportResult result =
        writeGltfFile(folder.path() / "big.glb", document.skeleton, document.motion, options);
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.diagnostics.front().message.find("at most 4294967295"), std::string::npos)
        << result.diagnostics.front().message;
    EXPECT_EQ(folder.entries(), 0u);
}

TEST(GltfExport, FormatFollowsTheExtension) {
    EXPECT_EQ(gltfContainerFor("a/b.glb"), GltfContainer::Binary);
    EXPECT_EQ(gltfContainerFor("B.GLTF"), GltfContainer::EmbeddedText);
    EXPECT_EQ(gltfContainerFor("b.bvh"), std::nullopt);
    EXPECT_EQ(gltfContainerFor("glb"), std::nullopt);
}

#ifdef BVHSCOPE_HAVE_ASSIMP
TEST(GltfExport, AssimpImportsTheFile) {
    const Document document = parse(kMixedOrders);
    TemporaryFolder folder;
    GltfExportOptions options;
    options.translation = TranslationMode::Absolute;
    for (const char* name : {"a.glb", "a.gltf"}) {
        options.container = *gltfContainerFor(name);
        ASSERT_TRUE(
            writeGltfFile(folder.path() / name, document.skeleton, document.motion, options).ok());
        Assimp::Importer importer;
        const aiScene* scene = importer.ReadFile((folder.path() / name).string(), 0);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        ASSERT_EQ(scene->mNumAnimations, 1u);
        // Hips (rotation, translation), Chest, Arm, Leg: one assimp channel per node.
        EXPECT_EQ(scene->mAnimations[0]->mNumChannels, 4u);
        EXPECT_NE(scene->mRootNode->FindNode("EndSite_Arm"), nullptr);
        const aiNodeAnim* hips = scene->mAnimations[0]->mChannels[0];
        EXPECT_EQ(hips->mNumRotationKeys, 5u);
    }
}
#endif

} // namespace
} // namespace bvh
