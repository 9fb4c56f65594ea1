#include "core/gltf/gltf_json.h"

#include <nlohmann/json.hpp>
#include <unordered_map>
#include <unordered_set>

namespace bvh::gltf {
namespace {

using Json = nlohmann::ordered_json;

constexpr int kFloatComponents = 5126;         // GL_FLOAT
constexpr int kUnsignedShortComponents = 5123; // GL_UNSIGNED_SHORT
constexpr int kUnsignedIntComponents = 5125;   // GL_UNSIGNED_INT
constexpr int kArrayBufferTarget = 34962;
constexpr int kElementArrayBufferTarget = 34963;

// Whether constant tracks need their own one-key input (accessor 1): with one frame, the frame
// times are that key already.
bool hasSingleKeyInput(const BufferLayout& layout) {
    if (layout.frameCount <= 1) {
        return false;
    }
    for (const Track& track : layout.tracks) {
        if (track.keyCount == 1) {
            return true;
        }
    }
    return false;
}

std::size_t firstTrackAccessor(const BufferLayout& layout) {
    return hasSingleKeyInput(layout) ? 2 : 1;
}

Json nodesJson(const Skeleton& skeleton, const SpaceChange& space) {
    const std::vector<std::string> names = uniqueNodeNames(skeleton);
    std::vector<std::vector<int>> children(skeleton.nodeCount());
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (const NodeIndex parent = skeleton.parents[node]; parent != kNoParent) {
            children[static_cast<std::size_t>(parent)].push_back(static_cast<int>(node));
        }
    }
    Json nodes = Json::array();
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        Json entry = {{"name", names[node]}};
        const glm::dvec3 rest = restTranslation(skeleton, static_cast<NodeIndex>(node), space);
        if (rest != glm::dvec3(0.0)) {
            entry["translation"] = {rest.x, rest.y, rest.z};
        }
        if (!children[node].empty()) {
            entry["children"] = children[node];
        }
        nodes.push_back(std::move(entry));
    }
    return nodes;
}

// Accessors and buffer views: view 0 and accessor 0 are the frame times; accessor 1, where
// needed, is the first time alone (the input of constant tracks); then per track one view and
// one accessor.
void addAccessors(const BufferLayout& layout, Json& gltf) {
    Json views = Json::array();
    Json accessors = Json::array();
    views.push_back({{"buffer", 0}, {"byteOffset", 0}, {"byteLength", layout.timesBytes}});
    accessors.push_back({{"bufferView", 0},
                         {"componentType", kFloatComponents},
                         {"count", layout.frameCount},
                         {"type", "SCALAR"},
                         {"min", {0.0}},
                         {"max", {static_cast<double>(layout.lastTime)}}});
    if (hasSingleKeyInput(layout)) {
        accessors.push_back({{"bufferView", 0},
                             {"componentType", kFloatComponents},
                             {"count", 1},
                             {"type", "SCALAR"},
                             {"min", {0.0}},
                             {"max", {0.0}}});
    }
    for (const Track& track : layout.tracks) {
        const std::size_t view = views.size();
        views.push_back(
            {{"buffer", 0}, {"byteOffset", track.byteOffset}, {"byteLength", track.byteLength}});
        accessors.push_back({{"bufferView", view},
                             {"componentType", kFloatComponents},
                             {"count", track.keyCount},
                             {"type", track.path == TrackPath::Rotation ? "VEC4" : "VEC3"}});
    }
    gltf["accessors"] = std::move(accessors);
    gltf["bufferViews"] = std::move(views);
}

Json animationJson(const BufferLayout& layout, const GltfExportOptions& options) {
    Json channels = Json::array();
    Json samplers = Json::array();
    const char* interpolation =
        options.interpolation == GltfInterpolation::Step ? "STEP" : "LINEAR";
    for (std::size_t i = 0; i < layout.tracks.size(); ++i) {
        const Track& track = layout.tracks[i];
        const bool oneKey = track.keyCount == 1 && hasSingleKeyInput(layout);
        samplers.push_back({{"input", oneKey ? 1 : 0},
                            {"output", firstTrackAccessor(layout) + i},
                            {"interpolation", interpolation}});
        channels.push_back(
            {{"sampler", i},
             {"target",
              {{"node", track.node},
               {"path", track.path == TrackPath::Rotation ? "rotation" : "translation"}}}});
    }
    return {{"name", options.animationName}, {"channels", channels}, {"samplers", samplers}};
}

// The body's views and accessors after the animation's, its mesh and skin, and its node (a
// scene root without a transform, as glTF wants of skinned mesh nodes).
void addBody(const BodyBuffer& body, std::uint64_t start, Json& gltf) {
    Json& views = gltf["bufferViews"];
    Json& accessors = gltf["accessors"];
    if (views.is_null()) {
        views = Json::array();
        accessors = Json::array();
    }
    const auto add = [&](std::uint64_t offset, std::uint64_t length, int target, int components,
                         std::uint64_t count, const char* type) {
        Json view = {{"buffer", 0}, {"byteOffset", start + offset}, {"byteLength", length}};
        if (target != 0) {
            view["target"] = target;
        }
        views.push_back(std::move(view));
        accessors.push_back({{"bufferView", views.size() - 1},
                             {"componentType", components},
                             {"count", count},
                             {"type", type}});
        return accessors.size() - 1;
    };
    const std::uint64_t n = body.vertexCount;
    const std::size_t positions =
        add(body.positionsOffset, n * 12, kArrayBufferTarget, kFloatComponents, n, "VEC3");
    accessors[positions]["min"] = body.positionMin;
    accessors[positions]["max"] = body.positionMax;
    const std::size_t normals =
        add(body.normalsOffset, n * 12, kArrayBufferTarget, kFloatComponents, n, "VEC3");
    const std::size_t joints =
        add(body.jointsOffset, n * 8, kArrayBufferTarget, kUnsignedShortComponents, n, "VEC4");
    const std::size_t weights =
        add(body.weightsOffset, n * 16, kArrayBufferTarget, kFloatComponents, n, "VEC4");
    const std::size_t inverseBinds = add(body.inverseBindsOffset, body.jointCount * 64, 0,
                                         kFloatComponents, body.jointCount, "MAT4");
    const std::size_t indices =
        add(body.indicesOffset, body.indexCount * 4, kElementArrayBufferTarget,
            kUnsignedIntComponents, body.indexCount, "SCALAR");
    gltf["meshes"] = Json::array({{{"name", "body"},
                                   {"primitives", Json::array({{{"attributes",
                                                                 {{"POSITION", positions},
                                                                  {"NORMAL", normals},
                                                                  {"JOINTS_0", joints},
                                                                  {"WEIGHTS_0", weights}}},
                                                                {"indices", indices},
                                                                {"mode", 4}}})}}});
    Json skinJoints = Json::array();
    for (std::uint64_t j = 0; j < body.jointCount; ++j) {
        skinJoints.push_back(j);
    }
    gltf["skins"] = Json::array(
        {{{"name", "body"}, {"inverseBindMatrices", inverseBinds}, {"joints", skinJoints}}});
    Json& nodes = gltf["nodes"];
    nodes.push_back({{"name", "body"}, {"mesh", 0}, {"skin", 0}});
    gltf["scenes"][0]["nodes"].push_back(nodes.size() - 1);
}

} // namespace

std::vector<std::string> uniqueNodeNames(const Skeleton& skeleton) {
    std::unordered_set<std::string> taken(skeleton.names.begin(), skeleton.names.end());
    std::unordered_map<std::string, int> uses;
    std::vector<std::string> names;
    names.reserve(skeleton.nodeCount());
    for (const std::string& name : skeleton.names) {
        int& count = uses[name];
        if (++count == 1) {
            names.push_back(name);
            continue;
        }
        std::string unique;
        do {
            unique = name + "_" + std::to_string(count++);
        } while (taken.contains(unique));
        taken.insert(unique);
        names.push_back(std::move(unique));
    }
    return names;
}

std::string buildGltfJson(const Skeleton& skeleton, const BufferLayout& layout,
                          const SpaceChange& space, const GltfExportOptions& options,
                          const BodyBuffer* body) {
    Json gltf;
    // How to go back to the BVH file's space (and what the checks of tests/gltf undo).
    gltf["asset"] = {
        {"version", "2.0"},
        {"generator", options.generator},
        {"extras",
         {{"sourceUpAxis", upAxisName(options.upAxis)}, {"metresPerSourceUnit", space.metres}}}};
    gltf["scene"] = 0;
    Json roots = Json::array();
    for (const NodeIndex root : skeleton.roots()) {
        roots.push_back(root);
    }
    gltf["scenes"] = Json::array({{{"nodes", roots}}});
    gltf["nodes"] = nodesJson(skeleton, space);
    if (!layout.tracks.empty()) {
        gltf["animations"] = Json::array({animationJson(layout, options)});
        addAccessors(layout, gltf);
    }
    std::uint64_t bufferBytes = layout.bufferBytes;
    if (body != nullptr) {
        addBody(*body, layout.bufferBytes, gltf);
        bufferBytes += body->bytes.size();
    }
    if (bufferBytes > 0) {
        Json buffer = {{"byteLength", bufferBytes}};
        if (options.container == GltfContainer::EmbeddedText) {
            buffer["uri"] = kBufferUriPlaceholder;
        }
        gltf["buffers"] = Json::array({buffer});
    }
    return gltf.dump(-1, ' ', false, Json::error_handler_t::replace);
}

} // namespace bvh::gltf
