// The body in a glTF export (core/gltf/gltf_body.h), read back with tinygltf: a skin over every
// node whose inverse bind matrices undo the rest pose, and a mesh that stands where the figure
// stands, in glTF's metres and +Y up.
#include "core/body/body_builder.h"
#include "core/gltf/gltf_export.h"
#include "core/reader/document.h"
#include "tests/core/gltf/gltf_reading.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <unistd.h>

namespace bvh {
namespace {

// Z up, centimetres: the hips 95 cm up, the head's end at 170 cm, the feet's ends on the ground.
constexpr std::string_view kZUpFigure = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 0 95
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT LeftUpLeg
  {
    OFFSET 10 0 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    End Site
    {
      OFFSET 0 -5 -95
    }
  }
  JOINT RightUpLeg
  {
    OFFSET -10 0 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    End Site
    {
      OFFSET 0 -5 -95
    }
  }
  JOINT Spine
  {
    OFFSET 0 0 10
    CHANNELS 3 Zrotation Xrotation Yrotation
    JOINT Head
    {
      OFFSET 0 0 55
      CHANNELS 3 Zrotation Xrotation Yrotation
      End Site
      {
        OFFSET 0 0 10
      }
    }
  }
}
MOTION
Frames: 1
Frame Time: 0.5
0 0 95 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
)";

TEST(GltfBody, TheSkinUndoesTheRestPoseAndTheMeshStandsInMetres) {
    const Document document = parseDocument(kZUpFigure);
    ASSERT_TRUE(document.loaded());
    BodyOptions bodyOptions;
    bodyOptions.up = UpAxis::PositiveZ;
    bodyOptions.maxSamples = std::size_t{1} << 17;
    const BodyResult body = buildBody(document.skeleton, bodyOptions);
    ASSERT_NE(body.mesh, nullptr) << body.message;

    const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("bvhscope_gltf_body_" + std::to_string(::getpid()) + ".glb");
    GltfExportOptions options;
    options.upAxis = UpAxis::PositiveZ;
    options.metresPerUnit = 0.01;
    options.translation = TranslationMode::Absolute;
    options.body = body.mesh.get();
    ASSERT_TRUE(writeGltfFile(path, document.skeleton, document.motion, options).ok());
    tinygltf::Model model;
    std::string error;
    const bool read = test::readGltf(path, model, error);
    std::filesystem::remove(path);
    ASSERT_TRUE(read) << error;

    const std::size_t nodes = document.skeleton.nodeCount();
    ASSERT_EQ(model.nodes.size(), nodes + 1);
    EXPECT_EQ(model.nodes.back().name, "body");
    EXPECT_EQ(model.nodes.back().skin, 0);
    EXPECT_EQ(model.nodes.back().mesh, 0);
    ASSERT_EQ(model.skins.size(), 1u);
    ASSERT_EQ(model.skins[0].joints.size(), nodes);
    model.animations.clear();
    const std::vector<glm::dvec3> rest = test::gltfWorldPositions(model, 0.0);
    const std::vector<float> inverseBinds =
        test::accessorFloats(model, model.skins[0].inverseBindMatrices);
    ASSERT_EQ(inverseBinds.size(), 16 * nodes);
    for (std::size_t j = 0; j < nodes; ++j) {
        EXPECT_EQ(model.skins[0].joints[j], static_cast<int>(j));
        // Rest world transforms are translations: their inverses translate back.
        for (int axis = 0; axis < 3; ++axis) {
            EXPECT_NEAR(inverseBinds[16 * j + 12 + static_cast<std::size_t>(axis)], -rest[j][axis],
                        1e-6)
                << j;
        }
        EXPECT_EQ(inverseBinds[16 * j + 0], 1.0f);
        EXPECT_EQ(inverseBinds[16 * j + 15], 1.0f);
    }
    EXPECT_NEAR(rest[nodes - 1].y, 1.7, 1e-9); // the head's end

    const tinygltf::Primitive& primitive = model.meshes[0].primitives[0];
    const std::vector<float> weights =
        test::accessorFloats(model, primitive.attributes.at("WEIGHTS_0"));
    ASSERT_EQ(weights.size(), 4 * body.mesh->vertices.size());
    for (std::size_t v = 0; v < weights.size(); v += 4) {
        EXPECT_NEAR(weights[v] + weights[v + 1] + weights[v + 2] + weights[v + 3], 1.0, 1e-6);
    }
    // Standing in metres, +Y up: from the feet (0; a leg of one bone ends round, its radius of
    // about 8 cm below its end) to about the head's end (1.7 m), the hips' width across X.
    const tinygltf::Accessor& positions =
        model.accessors[static_cast<std::size_t>(primitive.attributes.at("POSITION"))];
    EXPECT_NEAR(positions.minValues[1], 0.0, 0.1);
    EXPECT_NEAR(positions.maxValues[1], 1.7, 0.1);
    EXPECT_LT(positions.maxValues[0] - positions.minValues[0], 0.6);
    EXPECT_GT(positions.maxValues[0] - positions.minValues[0], 0.25);
    EXPECT_EQ(model.accessors[static_cast<std::size_t>(primitive.indices)].count,
              body.mesh->levels[0].indexCount);
}

} // namespace
} // namespace bvh
