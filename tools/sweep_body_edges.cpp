// Measures a `convert --body` .glb the way issue 38's outside check does, at many frames: the body
// read back with tinygltf (tests/core/gltf/gltf_reading.h), posed by linear blend skinning as
// three.js poses it, and its triangle edges compared with their bind lengths
// (tests/core/body/body_stretch.h). tools/sweep_body.py runs it on every variant it writes.
//
//   bvhscope_sweep_body_edges FILE.glb [MAX_FRAMES [WORST]]
//
// Every key up to MAX_FRAMES (default 400; a longer take is sampled evenly, its first, middle and
// last key always among them). Prints one tab-separated line: the frames measured, the edges,
// the least share of edges within 4x over the frames (percent) and that frame, the most
// stretched edge (posed over bind length) and its frame, and how many frames fall under 99.9 %.
// With WORST > 0, then the WORST most stretched edges at the frame with the least share: their
// stretch, bind length, and every joint with weight at either end, heaviest first (where the
// tear is, and which bones' blend makes it: an elbow on the waist shows an arm and the hips).
#include "tests/core/body/body_stretch.h"
#include "tests/core/gltf/gltf_reading.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace {

// The keys of the sampler with the most of them: a channel the motion never moves has one key.
std::vector<float> keyTimes(const tinygltf::Model& model) {
    std::vector<float> times;
    if (model.animations.empty()) {
        return {0.0f};
    }
    for (const tinygltf::AnimationSampler& sampler : model.animations[0].samplers) {
        std::vector<float> keys = bvh::test::accessorFloats(model, sampler.input);
        if (keys.size() > times.size()) {
            times = std::move(keys);
        }
    }
    return times.empty() ? std::vector<float>{0.0f} : times;
}

std::vector<std::size_t> framesToMeasure(std::size_t count, std::size_t most) {
    std::vector<std::size_t> frames;
    const std::size_t step = std::max<std::size_t>(1, (count + most - 1) / most);
    for (std::size_t f = 0; f < count; f += step) {
        frames.push_back(f);
    }
    frames.push_back(count / 2);
    frames.push_back(count - 1);
    std::sort(frames.begin(), frames.end());
    frames.erase(std::unique(frames.begin(), frames.end()), frames.end());
    return frames;
}

// The node names and weights of the joints that move `vertex`, as the file lists them (the body
// writes them heaviest first).
std::string vertexJoints(const tinygltf::Model& model, std::size_t vertex) {
    const auto skinned = std::find_if(model.nodes.begin(), model.nodes.end(),
                                      [](const tinygltf::Node& n) { return n.skin >= 0; });
    const tinygltf::Primitive& primitive =
        model.meshes.at(static_cast<std::size_t>(skinned->mesh)).primitives.at(0);
    const std::vector<std::uint16_t> joints =
        bvh::test::accessorUnsignedShorts(model, primitive.attributes.at("JOINTS_0"));
    const std::vector<float> weights =
        bvh::test::accessorFloats(model, primitive.attributes.at("WEIGHTS_0"));
    std::string out;
    for (std::size_t k = 0; k < 4; ++k) {
        if (!(weights[vertex * 4 + k] > 0.0f)) {
            continue;
        }
        const int node = model.skins.at(static_cast<std::size_t>(skinned->skin))
                             .joints.at(joints[vertex * 4 + k]);
        char weight[32];
        std::snprintf(weight, sizeof weight, " %.2f", weights[vertex * 4 + k]);
        out += (out.empty() ? "" : ", ") + model.nodes.at(static_cast<std::size_t>(node)).name +
               weight;
    }
    return out;
}

void printWorstEdges(const tinygltf::Model& model, double seconds, std::size_t count) {
    bvh::test::SkinnedGltfMesh mesh;
    bvh::test::gltfLinearBlendSkin(model, seconds, mesh);
    std::vector<std::pair<double, std::pair<std::uint32_t, std::uint32_t>>> edges;
    for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = mesh.indices[t + k];
            const std::uint32_t b = mesh.indices[t + (k + 1) % 3];
            const double before = glm::length(mesh.bind[a] - mesh.bind[b]);
            if (before > 0.0) {
                edges.push_back({glm::length(mesh.posed[a] - mesh.posed[b]) / before, {a, b}});
            }
        }
    }
    count = std::min(count, edges.size());
    std::partial_sort(edges.begin(), edges.begin() + static_cast<std::ptrdiff_t>(count),
                      edges.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    for (std::size_t e = 0; e < count; ++e) {
        const auto [a, b] = edges[e].second;
        const glm::dvec3 at = mesh.bind[a];
        std::printf("  %.1fx at (%.3g %.3g %.3g), bind %.3g: %s / %s\n", edges[e].first, at.x, at.y,
                    at.z, glm::length(mesh.bind[a] - mesh.bind[b]), vertexJoints(model, a).c_str(),
                    vertexJoints(model, b).c_str());
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 4) {
        std::cerr << "usage: bvhscope_sweep_body_edges FILE.glb [MAX_FRAMES [WORST]]\n";
        return 2;
    }
    tinygltf::Model model;
    std::string error;
    if (!bvh::test::readGltf(argv[1], model, error)) {
        std::cerr << argv[1] << ": " << error << "\n";
        return 1;
    }
    const std::size_t most = argc >= 3 ? std::stoul(argv[2]) : 400;
    const std::size_t worst = argc == 4 ? std::stoul(argv[3]) : 0;
    const std::vector<float> times = keyTimes(model);
    double leastShare = 1.0, worstRatio = 0.0;
    std::size_t leastFrame = 0, worstFrame = 0, framesUnder = 0, edges = 0;
    const std::vector<std::size_t> frames = framesToMeasure(times.size(), most);
    for (const std::size_t frame : frames) {
        bvh::test::SkinnedGltfMesh mesh;
        if (!bvh::test::gltfLinearBlendSkin(model, times[frame], mesh)) {
            std::cerr << argv[1] << ": no skinned mesh\n";
            return 1;
        }
        // A micrometre: edges a simplification collapsed stay collapsed when posed.
        const bvh::test::EdgeStretch stretch =
            bvh::test::measureEdgeStretch(mesh.bind, mesh.posed, mesh.indices, 4.0, 1e-6);
        edges = stretch.edges;
        if (stretch.heldShare() < leastShare) {
            leastShare = stretch.heldShare();
            leastFrame = frame;
        }
        if (stretch.worstRatio > worstRatio) {
            worstRatio = stretch.worstRatio;
            worstFrame = frame;
        }
        framesUnder += stretch.heldShare() < 0.999 ? 1 : 0;
    }
    std::printf("%zu\t%zu\t%.3f\t%zu\t%.2f\t%zu\t%zu\n", frames.size(), edges, 100.0 * leastShare,
                leastFrame, worstRatio, worstFrame, framesUnder);
    if (worst > 0) {
        printWorstEdges(model, times[leastFrame], worst);
    }
    return 0;
}
