// Reading a glTF export back for the tests, with tinygltf (an independent reader), and posing it:
// the world position of every node at a time, sampling the first animation as glTF 2.0 defines
// its LINEAR (lerp, slerp) and STEP samplers.
#pragma once

#include <cstdint>
#include <filesystem>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <string>
#include <tiny_gltf.h>
#include <vector>

namespace bvh::test {

// Loads .glb or .gltf; false with `error` (tinygltf's errors and warnings) otherwise.
bool readGltf(const std::filesystem::path& path, tinygltf::Model& model, std::string& error);

// World positions of model.nodes (same order) at `seconds`; rest transforms without animations.
std::vector<glm::dvec3> gltfWorldPositions(const tinygltf::Model& model, double seconds);

// World matrices of model.nodes (same order) at `seconds`, as gltfWorldPositions poses them.
std::vector<glm::dmat4> gltfWorldMatrices(const tinygltf::Model& model, double seconds);

// The floats an accessor holds (tightly packed FLOAT data, as the exporter writes).
std::vector<float> accessorFloats(const tinygltf::Model& model, int accessor);
// The same for UNSIGNED_SHORT (JOINTS_0) and UNSIGNED_INT (indices) data, tightly packed.
std::vector<std::uint16_t> accessorUnsignedShorts(const tinygltf::Model& model, int accessor);
std::vector<std::uint32_t> accessorUnsignedInts(const tinygltf::Model& model, int accessor);

// The first skinned mesh of `model` (its first primitive, indexed with UNSIGNED_INT) posed at
// `seconds` by linear blend skinning, as glTF viewers (three.js's SkinnedMesh) pose it: each
// vertex moved by the weighted sum of its joints' world x inverse bind matrices.
struct SkinnedGltfMesh {
    std::vector<glm::dvec3> bind;  // POSITION as stored
    std::vector<glm::dvec3> posed; // skinned at `seconds`
    std::vector<std::uint32_t> indices;
};
// False when the model has no skinned mesh.
bool gltfLinearBlendSkin(const tinygltf::Model& model, double seconds, SkinnedGltfMesh& out);

} // namespace bvh::test
