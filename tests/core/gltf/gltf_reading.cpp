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
                  const LocalTransform& parent, std::vector<glm::dvec3>& world) {
    const auto index = static_cast<std::size_t>(node);
    LocalTransform self;
    self.translation = parent.translation + parent.rotation * local[index].translation;
    self.rotation = parent.rotation * local[index].rotation;
    world[index] = self.translation;
    for (const int child : model.nodes[index].children) {
        composeWorld(model, local, child, self, world);
    }
}

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

std::vector<glm::dvec3> gltfWorldPositions(const tinygltf::Model& model, double seconds) {
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
    std::vector<glm::dvec3> world(model.nodes.size());
    const int scene = std::max(model.defaultScene, 0);
    for (const int root : model.scenes.at(static_cast<std::size_t>(scene)).nodes) {
        composeWorld(model, local, root, LocalTransform{}, world);
    }
    return world;
}

} // namespace bvh::test
