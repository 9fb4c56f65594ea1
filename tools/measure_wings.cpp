// Measures the body's wings as issue 38 asks of a winged figure ("proportions that read as the
// animal the names say": a wing is a broad, flat blade, not a stick): per bone of a chain whose
// joints are wings (BoneRole::Wing: "wing" starting a word of the name, body_roles.cpp), the volume
// made for it in the rest (or bind) pose, its width across the bone and its thickness at the bone's
// start and end, of the figure's size and of the wing's length (the bones from the chain's first
// wing joint to its tip along its longest bones).
//
//   bvhscope_measure_wings FILE...
//
// One tab-separated line per wing bone: the file, the bone (parent>child), the wing's length (of
// the figure), then width and depth at the start and at the end, each of the wing's length; a
// bone that makes no volume reads "none".
#include "core/body/body_figure.h"
#include "core/body/body_roles.h"
#include "core/reader/document.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace bvh;

// The width (across, the wider way) and depth of `volume` at its start (x) and end (y).
std::pair<glm::vec2, glm::vec2> section(const BodyVolume& volume) {
    const glm::vec2 radii(volume.radiusA, volume.radiusB);
    if (volume.rim > 0.0f) {
        return {2.0f * radii, glm::vec2(2.0f * volume.rim)};
    }
    const float ratio = volume.shape == BodyVolume::Shape::EllipticCone ? volume.radii.x : 1.0f;
    return {2.0f * ratio * radii, 2.0f * radii};
}

float wingLength(const Skeleton& skeleton, const BodyFigure& figure, std::size_t top) {
    float length = 0.0f;
    for (std::size_t node = top;;) {
        std::size_t next = skeleton.nodeCount();
        float longest = 0.0f;
        for (std::size_t c = node + 1; c < skeleton.nodeCount(); ++c) {
            if (skeleton.parents[c] != static_cast<NodeIndex>(node)) {
                continue;
            }
            const auto bone = static_cast<float>(
                glm::length(figure.bindWorld[c].translation - figure.bindWorld[node].translation));
            if (bone > longest) {
                longest = bone;
                next = c;
            }
        }
        if (next == skeleton.nodeCount()) {
            return length / static_cast<float>(figure.size);
        }
        length += longest;
        node = next;
    }
}

void measure(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const Document document = parseDocument(text.str());
    const Skeleton& skeleton = document.skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    // The builder's own roles: a wing joint both wings leave (mWingsRoot) is the trunk's.
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    const auto isWing = [&](NodeIndex node) {
        return node != kNoParent && roles[static_cast<std::size_t>(node)] == BoneRole::Wing;
    };
    for (std::size_t child = 0; child < skeleton.nodeCount(); ++child) {
        const NodeIndex parent = skeleton.parents[child];
        if (!isWing(parent)) {
            continue;
        }
        auto top = static_cast<std::size_t>(parent);
        while (isWing(skeleton.parents[top])) {
            top = static_cast<std::size_t>(skeleton.parents[top]);
        }
        const float length = wingLength(skeleton, figure, top);
        const auto found = std::find_if(
            figure.volumes.begin(), figure.volumes.end(), [&](const BodyVolume& volume) {
                return volume.joint == parent && volume.radiusNode == static_cast<NodeIndex>(child);
            });
        std::printf("%s\t%s>%s\t%.3f", path.c_str(),
                    skeleton.names[static_cast<std::size_t>(parent)].c_str(),
                    skeleton.names[child].c_str(), length);
        if (found == figure.volumes.end()) {
            std::printf("\tnone\n");
            continue;
        }
        const auto [width, depth] = section(*found);
        std::printf("\twidth %.3f %.3f\tdepth %.3f %.3f\n", width.x / length, width.y / length,
                    depth.x / length, depth.y / length);
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bvhscope_measure_wings FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        measure(argv[i]);
    }
    return 0;
}
