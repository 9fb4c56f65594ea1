// tinygltf's implementation lives here, without its image decoding (exports have no images).
#define TINYGLTF_IMPLEMENTATION
#define TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#include "tests/core/gltf/gltf_reading.h"

#include <algorithm>
#include <cstring>
#include <glm/ext/quaternion_double.hpp>
#include <glm/gtc/quaternion.hpp>

namespace bvh::test {
namespace {

struct LocalTransform {
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};
};

// The sampler's value at `seconds`: keys found by time, held before the first and after the
// last; STEP holds the earlier key, LINEAR lerps (translations) or slerps (rotations).
std::vector<double> sample(const tinygltf::Model& model, const tinygltf::AnimationSampler& sampler,
                           std::size_t components, double seconds) {
    const std::vector<float> times = accessorFloats(model, sampler.input);
    const std::vector<float> values = accessorFloats(model, sampler.output);
    const auto after = std::upper_bound(times.begin(), times.end(), seconds);
    std::size_t first =
        after == times.begin() ? 0 : static_cast<std::size_t>(after - times.begin()) - 1;
    first = std::min(first, times.size() - 1);
    auto key = [&](std::size_t k) {
        return std::vector<double>(values.begin() + static_cast<std::ptrdiff_t>(k * components),
                                   values.begin() +
                                       static_cast<std::ptrdiff_t>((k + 1) * components));
    };
    if (sampler.interpolation == "STEP" || first + 1 >= times.size() || seconds <= times[first]) {
        return key(first);
    }
    const double weight = (seconds - times[first]) / (times[first + 1] - times[first]);
    const std::vector<double> a = key(first);
    const std::vector<double> b = key(first + 1);
    if (components == 4) {
        const glm::dquat qa(a[3], a[0], a[1], a[2]);
        const glm::dquat qb(b[3], b[0], b[1], b[2]);
        const glm::dquat q = glm::slerp(qa, qb, weight);
        return {q.x, q.y, q.z, q.w};
    }
    std::vector<double> mixed(components);
    for (std::size_t i = 0; i < components; ++i) {
        mixed[i] = a[i] + weight * (b[i] - a[i]);
    }
    return mixed;
}

void composeWorld(const tinygltf::Model& model, const std::vector<LocalTransform>& local, int node,
                  const LocalTransform& parent, std::vector<LocalTransform>& world) {
    const auto index = static_cast<std::size_t>(node);
    LocalTransform self;
    self.translation = parent.translation + parent.rotation * local[index].translation;
    self.rotation = parent.rotation * local[index].rotation;
    world[index] = self;
    for (const int child : model.nodes[index].children) {
        composeWorld(model, local, child, self, world);
    }
}

std::vector<LocalTransform> worldTransforms(const tinygltf::Model& model, double seconds);

} // namespace

bool readGltf(const std::filesystem::path& path, tinygltf::Model& model, std::string& error) {
    tinygltf::TinyGLTF loader;
    std::string warning;
    const bool binary = path.extension() == ".glb";
    const bool ok = binary ? loader.LoadBinaryFromFile(&model, &error, &warning, path.string())
                           : loader.LoadASCIIFromFile(&model, &error, &warning, path.string());
    error += warning;
    return ok;
}

std::vector<float> accessorFloats(const tinygltf::Model& model, int accessor) {
    const tinygltf::Accessor& view = model.accessors.at(static_cast<std::size_t>(accessor));
    const tinygltf::BufferView& bufferView =
        model.bufferViews.at(static_cast<std::size_t>(view.bufferView));
    const tinygltf::Buffer& buffer = model.buffers.at(static_cast<std::size_t>(bufferView.buffer));
    const std::size_t components = static_cast<std::size_t>(
        tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(view.type)));
    std::vector<float> floats(view.count * components);
    std::memcpy(floats.data(), buffer.data.data() + bufferView.byteOffset + view.byteOffset,
                floats.size() * sizeof(float));
    return floats;
}

namespace {

std::vector<LocalTransform> worldTransforms(const tinygltf::Model& model, double seconds) {
    std::vector<LocalTransform> local(model.nodes.size());
    for (std::size_t i = 0; i < model.nodes.size(); ++i) {
        const tinygltf::Node& node = model.nodes[i];
        if (node.translation.size() == 3) {
            local[i].translation = {node.translation[0], node.translation[1], node.translation[2]};
        }
        if (node.rotation.size() == 4) {
            local[i].rotation =
                glm::dquat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
        }
    }
    if (!model.animations.empty()) {
        const tinygltf::Animation& animation = model.animations[0];
        for (const tinygltf::AnimationChannel& channel : animation.channels) {
            const auto& sampler = animation.samplers.at(static_cast<std::size_t>(channel.sampler));
            LocalTransform& target = local.at(static_cast<std::size_t>(channel.target_node));
            if (channel.target_path == "rotation") {
                const std::vector<double> q = sample(model, sampler, 4, seconds);
                target.rotation = glm::normalize(glm::dquat(q[3], q[0], q[1], q[2]));
            } else if (channel.target_path == "translation") {
                const std::vector<double> t = sample(model, sampler, 3, seconds);
                target.translation = {t[0], t[1], t[2]};
            }
        }
    }
    std::vector<LocalTransform> world(model.nodes.size());
    const int scene = std::max(model.defaultScene, 0);
    for (const int root : model.scenes.at(static_cast<std::size_t>(scene)).nodes) {
        composeWorld(model, local, root, LocalTransform{}, world);
    }
    return world;
}

} // namespace

std::vector<glm::dvec3> gltfWorldPositions(const tinygltf::Model& model, double seconds) {
    const std::vector<LocalTransform> world = worldTransforms(model, seconds);
    std::vector<glm::dvec3> positions(world.size());
    for (std::size_t i = 0; i < world.size(); ++i) {
        positions[i] = world[i].translation;
    }
    return positions;
}

std::vector<glm::dmat4> gltfWorldMatrices(const tinygltf::Model& model, double seconds) {
    const std::vector<LocalTransform> world = worldTransforms(model, seconds);
    std::vector<glm::dmat4> matrices(world.size());
    for (std::size_t i = 0; i < world.size(); ++i) {
        matrices[i] = glm::mat4_cast(world[i].rotation);
        matrices[i][3] = glm::dvec4(world[i].translation, 1.0);
    }
    return matrices;
}

std::vector<std::uint16_t> accessorUnsignedShorts(const tinygltf::Model& model, int accessor) {
    const tinygltf::Accessor& view = model.accessors.at(static_cast<std::size_t>(accessor));
    const tinygltf::BufferView& bufferView =
        model.bufferViews.at(static_cast<std::size_t>(view.bufferView));
    const tinygltf::Buffer& buffer = model.buffers.at(static_cast<std::size_t>(bufferView.buffer));
    const std::size_t components = static_cast<std::size_t>(
        tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(view.type)));
    std::vector<std::uint16_t> values(view.count * components);
    std::memcpy(values.data(), buffer.data.data() + bufferView.byteOffset + view.byteOffset,
                values.size() * sizeof(std::uint16_t));
    return values;
}

std::vector<std::uint32_t> accessorUnsignedInts(const tinygltf::Model& model, int accessor) {
    const tinygltf::Accessor& view = model.accessors.at(static_cast<std::size_t>(accessor));
    const tinygltf::BufferView& bufferView =
        model.bufferViews.at(static_cast<std::size_t>(view.bufferView));
    const tinygltf::Buffer& buffer = model.buffers.at(static_cast<std::size_t>(bufferView.buffer));
    std::vector<std::uint32_t> values(view.count);
    std::memcpy(values.data(), buffer.data.data() + bufferView.byteOffset + view.byteOffset,
                values.size() * sizeof(std::uint32_t));
    return values;
}

} // namespace bvh::test

namespace bvh::test {

bool gltfLinearBlendSkin(const tinygltf::Model& model, double seconds, SkinnedGltfMesh& out) {
    const auto skinned =
        std::find_if(model.nodes.begin(), model.nodes.end(),
                     [](const tinygltf::Node& n) { return n.skin >= 0 && n.mesh >= 0; });
    if (skinned == model.nodes.end()) {
        return false;
    }
    const tinygltf::Skin& skin = model.skins.at(static_cast<std::size_t>(skinned->skin));
    const tinygltf::Primitive& primitive =
        model.meshes.at(static_cast<std::size_t>(skinned->mesh)).primitives.at(0);
    const std::vector<float> positions = accessorFloats(model, primitive.attributes.at("POSITION"));
    const std::vector<std::uint16_t> joints =
        accessorUnsignedShorts(model, primitive.attributes.at("JOINTS_0"));
    const std::vector<float> weights = accessorFloats(model, primitive.attributes.at("WEIGHTS_0"));
    const std::vector<float> inverseBinds = accessorFloats(model, skin.inverseBindMatrices);
    out.indices = accessorUnsignedInts(model, primitive.indices);
    const std::vector<glm::dmat4> world = gltfWorldMatrices(model, seconds);
    // Each joint's skin matrix: its world matrix at `seconds` times its inverse bind matrix.
    std::vector<glm::dmat4> skinMatrices(skin.joints.size());
    for (std::size_t j = 0; j < skin.joints.size(); ++j) {
        glm::dmat4 inverseBind;
        for (int column = 0; column < 4; ++column) {
            for (int row = 0; row < 4; ++row) {
                inverseBind[column][row] =
                    inverseBinds[j * 16 + static_cast<std::size_t>(column * 4 + row)];
            }
        }
        skinMatrices[j] = world.at(static_cast<std::size_t>(skin.joints[j])) * inverseBind;
    }
    const std::size_t count = positions.size() / 3;
    out.bind.resize(count);
    out.posed.resize(count);
    for (std::size_t v = 0; v < count; ++v) {
        const glm::dvec4 p(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2], 1.0);
        glm::dmat4 blend(0.0);
        for (std::size_t k = 0; k < 4; ++k) {
            blend += static_cast<double>(weights[v * 4 + k]) * skinMatrices.at(joints[v * 4 + k]);
        }
        out.bind[v] = glm::dvec3(p);
        out.posed[v] = glm::dvec3(blend * p);
    }
    return true;
}

} // namespace bvh::test
