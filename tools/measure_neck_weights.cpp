// Measures a biped's neck, throat and chin as issue 38's item 3 asks of them, on its body built at
// each of the tests' grid phases (tests/core/body/body_stretch_ensemble.h's kGridPhases):
//   - the most of a trunk bone's weight (body_roles' Trunk) on a vertex that carries 0.3 of its
//     weight or more on the head (Head and Face): a chin the chest's weight holds back;
//   - the most stretched edge of the finest level (posed over bind length) under linear blending
//     (as a glTF viewer skins `convert --body`'s mesh) with the head turned 60 degrees either way
//     about up and nodded 40 degrees either way about the side axis at the head joint, and the
//     neck turned 60 degrees and nodded 40 degrees either way at its root. Only the head and the
//     neck move, so only edges with their weight stretch;
//   - the throat's length, of the height (tests/core/body/body_throat.h): how far the neck's front
//     runs, within 0.01 of the height of its deepest, between the chest's top and the chin.
//
//   bvhscope_measure_neck_weights FILE...
//
// The files' rest poses, Y up and facing +Z (the generated rigs, most corpus captures), bound as
// the builder's defaults bind them (no bind pose from the motion, no other up axis). Per file,
// per measure, one tab-separated line: the file, the measure, its median and largest over the
// phases, then each phase's value in kGridPhases' order.
#include "core/body/body_builder.h"
#include "core/body/body_roles.h"
#include "core/reader/document.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_stretch_ensemble.h"
#include "tests/core/body/body_throat.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

namespace {

using namespace bvh;

// A rotation of a joint and everything below it: `degrees` about `axis` at `pivot`'s joint.
struct HeadPose {
    const char* name;
    bool atNeckRoot; // else at the head joint
    glm::dvec3 axis;
    double degrees;
};

const glm::dvec3 kUp{0.0, 1.0, 0.0};
const glm::dvec3 kSide{1.0, 0.0, 0.0};
const std::array<HeadPose, 7> kPoses = {{
    {"head turn +60", false, kUp, 60.0},
    {"head turn -60", false, kUp, -60.0},
    {"head nod +40", false, kSide, 40.0},
    {"head nod -40", false, kSide, -40.0},
    {"neck turn 60", true, kUp, 60.0},
    {"neck nod +40", true, kSide, 40.0},
    {"neck nod -40", true, kSide, -40.0},
}};

// The first node of role Head, and the root of the neck chain under it (the head's parent where
// it has no neck); the node count when there is no head.
struct HeadNodes {
    std::size_t head = 0;
    std::size_t neckRoot = 0;
};

HeadNodes findHead(const Skeleton& skeleton, const std::vector<BoneRole>& roles) {
    HeadNodes nodes{skeleton.nodeCount(), skeleton.nodeCount()};
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (roles[i] == BoneRole::Head && skeleton.parents[i] != kNoParent) {
            nodes.head = i;
            break;
        }
    }
    if (nodes.head == skeleton.nodeCount()) {
        return nodes;
    }
    auto root = static_cast<std::size_t>(skeleton.parents[nodes.head]);
    while (skeleton.parents[root] != kNoParent && roles[root] == BoneRole::Neck &&
           roles[static_cast<std::size_t>(skeleton.parents[root])] == BoneRole::Neck) {
        root = static_cast<std::size_t>(skeleton.parents[root]);
    }
    nodes.neckRoot = root;
    return nodes;
}

// The most trunk weight on a vertex with 0.3 or more of its weight on the head.
double trunkOnHead(const BodyMesh& mesh, const std::vector<BoneRole>& roles) {
    double most = 0.0;
    for (const BodyVertex& vertex : mesh.vertices) {
        double head = 0.0;
        double trunk = 0.0;
        for (std::size_t k = 0; k < 4; ++k) {
            const BoneRole role = roles[vertex.joints[k]];
            head += role == BoneRole::Head || role == BoneRole::Face ? vertex.weights[k] : 0.0;
            trunk += role == BoneRole::Trunk ? vertex.weights[k] : 0.0;
        }
        most = head >= 0.3 ? std::max(most, trunk) : most;
    }
    return most;
}

bool isBelow(const Skeleton& skeleton, std::size_t node, std::size_t ancestor) {
    for (NodeIndex at = static_cast<NodeIndex>(node); at != kNoParent;
         at = skeleton.parents[static_cast<std::size_t>(at)]) {
        if (static_cast<std::size_t>(at) == ancestor) {
            return true;
        }
    }
    return false;
}

// The most stretched edge of the finest level with the bind pose turned by `pose`.
double worstEdge(const Skeleton& skeleton, const BodyMesh& mesh, const HeadNodes& nodes,
                 const HeadPose& pose) {
    const std::size_t pivot = pose.atNeckRoot ? nodes.neckRoot : nodes.head;
    const glm::dquat turn = glm::angleAxis(glm::radians(pose.degrees), pose.axis);
    const glm::dvec3 at = mesh.bindWorld[pivot].translation;
    std::vector<RigidTransform> world = mesh.bindWorld;
    for (std::size_t node = 0; node < world.size(); ++node) {
        if (isBelow(skeleton, node, pivot)) {
            world[node].rotation = turn * world[node].rotation;
            world[node].translation = at + turn * (world[node].translation - at);
        }
    }
    std::vector<glm::dvec3> posed;
    test::linearlySkinned(mesh, world, posed);
    return test::measureEdgeStretch(test::bindPositions(mesh), posed, test::finestTriangles(mesh),
                                    4.0, 0.0)
        .worstRatio;
}

void printRow(const std::string& file, const char* measure, const std::vector<double>& values) {
    std::printf("%s\t%s\t%.3f\t%.3f", file.c_str(), measure, test::median(values),
                *std::max_element(values.begin(), values.end()));
    for (const double value : values) {
        std::printf("\t%.3f", value);
    }
    std::printf("\n");
}

void measureFile(const std::string& file) {
    const Document document = loadDocument(file);
    const Skeleton& skeleton = document.skeleton;
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    const HeadNodes nodes = findHead(skeleton, roles);
    if (skeleton.nodeCount() == 0 || nodes.head == skeleton.nodeCount()) {
        std::printf("%s\tno head\n", file.c_str());
        return;
    }
    std::vector<double> trunk;
    std::vector<double> throat;
    std::vector<std::vector<double>> edges(kPoses.size());
    test::overGridPhases(skeleton, [&](const BodyResult& body) {
        if (body.mesh != nullptr) {
            trunk.push_back(trunkOnHead(*body.mesh, roles));
            throat.push_back(test::throatLength(*body.mesh,
                                                body.mesh->bindWorld[nodes.head].translation,
                                                body.mesh->bindWorld[nodes.neckRoot].translation));
            for (std::size_t p = 0; p < kPoses.size(); ++p) {
                edges[p].push_back(worstEdge(skeleton, *body.mesh, nodes, kPoses[p]));
            }
        }
        return 0.0;
    });
    if (trunk.empty()) {
        std::printf("%s\tno body\n", file.c_str());
        return;
    }
    printRow(file, "trunk weight on head vertices", trunk);
    printRow(file, "throat length", throat);
    for (std::size_t p = 0; p < kPoses.size(); ++p) {
        printRow(file, kPoses[p].name, edges[p]);
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bvhscope_measure_neck_weights FILE...\n");
        return 2;
    }
    for (int k = 1; k < argc; ++k) {
        measureFile(argv[k]);
    }
    return 0;
}
