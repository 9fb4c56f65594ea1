// A capture's body skinned as the viewer skins it (dual quaternions, skinVertex) at every frame
// (at most 400, evenly spaced), by the joints' own rotations and by the skin frames
// (body_skin_frames.h): edges past 4x their bind length and triangles turned over, in the worst
// frame, the worst edge, and how far the frames move a vertex from where the own rotations put
// it (of the body's largest bind extent). Issue 38, item 2.
//
//   bvhscope_measure_viewer_tears [--joints] FILE...
//
// --joints: before each file's line, every joint whose skin frame turns from its own rotation,
// with the most it does (degrees).
#include "core/body/body_builder.h"
#include "core/body/body_skin_frames.h"
#include "core/body/body_skinning.h"
#include "core/reader/document.h"
#include "tests/core/body/body_shape_measures.h"
#include "tests/core/body/body_stretch.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace bvh;

struct Tears {
    std::size_t mostOver4x = 0;
    std::size_t mostFlipped = 0;
    double worst = 0.0;
};

// The skin frames' plans of a body: by the joints' own rotations (no parents) and by the frames.
struct Plans {
    BodySkinPlan own;
    BodySkinPlan frames;
    BodySkinScratch scratch;
};

// Per joint, the most its skin frame turns from its own rotation (degrees), into `most`.
void noteJointTurns(Plans& plans, std::span<const RigidTransform> world,
                    std::vector<double>& most) {
    std::vector<RigidTransform> own(world.size()), frames(world.size());
    bodySkinFrames(plans.own, world, plans.scratch, own);
    bodySkinFrames(plans.frames, world, plans.scratch, frames);
    most.resize(own.size(), 0.0);
    for (std::size_t j = 0; j < own.size(); ++j) {
        const double cosine = std::abs(glm::dot(own[j].rotation, frames[j].rotation));
        most[j] = std::max(most[j], glm::degrees(2.0 * std::acos(std::min(1.0, cosine))));
    }
}

void measure(const std::string& path, bool joints) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const Document document = parseDocument(text.str());
    const BodyResult body =
        buildBody(document.skeleton, test::viewerBodyOptions(text.str(), document));
    if (body.mesh == nullptr || document.motion.frameCount == 0) {
        std::printf("%s\tno body\n", path.c_str());
        return;
    }
    const BodyMesh& mesh = *body.mesh;
    const std::span<const std::uint32_t> indices = test::finestTriangles(mesh);
    const std::vector<glm::dvec3> bind = test::bindPositions(mesh);
    glm::dvec3 low(1e300), high(-1e300);
    for (const glm::dvec3& p : bind) {
        low = glm::min(low, p);
        high = glm::max(high, p);
    }
    const double size = std::max({high.x - low.x, high.y - low.y, high.z - low.z});
    Tears own, frames;
    double moved = 0.0;
    std::vector<double> jointMax;
    std::vector<DualQuaternion> skin;
    Plans plans{makeBodySkinPlan({}, mesh.bindWorld),
                makeBodySkinPlan(document.skeleton.parents, mesh.bindWorld),
                {}};
    std::vector<glm::dvec3> posed(bind.size()), ownPosed(bind.size());
    const std::uint32_t count = std::min<std::uint32_t>(document.motion.frameCount, 400);
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto frame = static_cast<std::uint32_t>(
            count == 1 ? 0 : std::uint64_t{i} * (document.motion.frameCount - 1) / (count - 1));
        const std::vector<RigidTransform> world = test::worldAtFrame(document, frame);
        for (const bool useFrames : {false, true}) {
            bodySkinTransforms(useFrames ? plans.frames : plans.own, world, plans.scratch, skin);
            std::vector<glm::dvec3>& out = useFrames ? posed : ownPosed;
            for (std::size_t v = 0; v < out.size(); ++v) {
                out[v] = skinVertex(mesh.vertices[v], skin, 1.0f);
            }
            const test::EdgeStretch stretch =
                test::measureEdgeStretch(bind, out, indices, 4.0, 1e-3);
            Tears& tears = useFrames ? frames : own;
            tears.mostOver4x = std::max(tears.mostOver4x, stretch.stretched);
            tears.worst = std::max(tears.worst, stretch.worstRatio);
            tears.mostFlipped =
                std::max(tears.mostFlipped, test::flippedTriangles(mesh, indices, bind, out, skin));
        }
        if (joints) {
            noteJointTurns(plans, world, jointMax);
        }
        for (std::size_t v = 0; v < posed.size(); ++v) {
            moved = std::max(moved, glm::length(posed[v] - ownPosed[v]) / size);
        }
    }
    for (std::size_t j = 0; j < jointMax.size(); ++j) {
        if (jointMax[j] > 0.05) {
            std::printf("  %s %.1f\n", document.skeleton.names[j].c_str(), jointMax[j]);
        }
    }
    std::printf("%s\tframes %u\town %zu edges %.1fx %zu flipped\tskin frames %zu edges %.1fx %zu "
                "flipped\tmoved %.2e\n",
                path.c_str(), count, own.mostOver4x, own.worst, own.mostFlipped, frames.mostOver4x,
                frames.worst, frames.mostFlipped, moved);
}

} // namespace

int main(int argc, char** argv) {
    const bool joints = argc > 1 && std::string(argv[1]) == "--joints";
    for (int i = joints ? 2 : 1; i < argc; ++i) {
        measure(argv[i], joints);
    }
    return 0;
}
