// Reading a glTF export back for the tests, with tinygltf (an independent reader), and posing it:
// the world position of every node at a time, sampling the first animation as glTF 2.0 defines
// its LINEAR (lerp, slerp) and STEP samplers.
#pragma once

#include <filesystem>
#include <glm/vec3.hpp>
#include <string>
#include <tiny_gltf.h>
#include <vector>

namespace bvh::test {

// Loads .glb or .gltf; false with `error` (tinygltf's errors and warnings) otherwise.
bool readGltf(const std::filesystem::path& path, tinygltf::Model& model, std::string& error);

// World positions of model.nodes (same order) at `seconds`; rest transforms without animations.
std::vector<glm::dvec3> gltfWorldPositions(const tinygltf::Model& model, double seconds);

// The floats an accessor holds (tightly packed FLOAT data, as the exporter writes).
std::vector<float> accessorFloats(const tinygltf::Model& model, int accessor);

} // namespace bvh::test
