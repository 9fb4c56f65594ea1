// An independent reading of a BVH file for cross-checking `bvhscope positions`: loads the file
// with assimp (Debian's libassimp), evaluates its animation keys frame by frame and prints the
// world position of every node in the same CSV shape (frame,joint,x,y,z), in assimp's own
// depth-first node order. assimp reads position channels as absolute local translations.
#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

struct Node {
    const aiNode* node;
    int parent;
};

void flatten(const aiNode* node, int parent, std::vector<Node>& out) {
    const int index = static_cast<int>(out.size());
    out.push_back({node, parent});
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        flatten(node->mChildren[i], index, out);
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: assimp_positions FILE.bvh\n");
        return 2;
    }
    Assimp::Importer importer;
    const aiScene* scene = importer.ReadFile(argv[1], 0);
    if (scene == nullptr || scene->mRootNode == nullptr) {
        std::fprintf(stderr, "assimp: %s\n", importer.GetErrorString());
        return 1;
    }
    std::vector<Node> nodes;
    flatten(scene->mRootNode, -1, nodes);
    std::map<std::string, const aiNodeAnim*> channels;
    unsigned frames = 1;
    if (scene->mNumAnimations > 0) {
        const aiAnimation* animation = scene->mAnimations[0];
        for (unsigned i = 0; i < animation->mNumChannels; ++i) {
            const aiNodeAnim* channel = animation->mChannels[i];
            channels[channel->mNodeName.C_Str()] = channel;
            frames = std::max(frames, channel->mNumRotationKeys);
        }
    }
    std::printf("frame,joint,x,y,z\n");
    std::vector<aiMatrix4x4> world(nodes.size());
    for (unsigned frame = 0; frame < frames; ++frame) {
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            aiMatrix4x4 local = nodes[i].node->mTransformation;
            auto found = channels.find(nodes[i].node->mName.C_Str());
            if (found != channels.end()) {
                const aiNodeAnim* channel = found->second;
                aiVector3D position =
                    channel->mPositionKeys[std::min(frame, channel->mNumPositionKeys - 1)].mValue;
                aiQuaternion rotation =
                    channel->mRotationKeys[std::min(frame, channel->mNumRotationKeys - 1)].mValue;
                local = aiMatrix4x4(aiVector3D(1, 1, 1), rotation, position);
            }
            world[i] = nodes[i].parent < 0 ? local : world[std::size_t(nodes[i].parent)] * local;
            std::printf("%u,%s,%.9g,%.9g,%.9g\n", frame, nodes[i].node->mName.C_Str(), world[i].a4,
                        world[i].b4, world[i].c4);
        }
    }
    return 0;
}
