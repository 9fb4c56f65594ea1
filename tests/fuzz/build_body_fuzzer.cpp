// libFuzzer target: any file the reader loads gives a body or no body with a reason, never a
// crash, a hang or a sanitizer report, and a body given is whole (tests/core/body/
// body_invariants.h), built as `convert --body` and the viewer build it. Hostile skeletons reach
// the builder here that no capture holds: offsets of 1e30 beside 1e-30, every joint at one
// point, hundreds of children of one joint. A body given is then posed at the first, middle and
// last frames as the viewer poses it (forward kinematics, the skin frames of body_skin_frames.h,
// skinBody), and skinned to finite points and normals wherever the pose is finite.
#include "core/body/body_skinning.h"
#include "core/reader/document.h"
#include "tests/core/body/body_invariants.h"
#include "tests/fuzz/fuzz_poses.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

using bvh::fuzz::kFloatSafe;

bool verticesWithinFloatRange(const bvh::BodyMesh& mesh) {
    for (const bvh::BodyVertex& vertex : mesh.vertices) {
        for (const glm::vec3& point : {vertex.position, vertex.axisPoint}) {
            if (!(std::fabs(point.x) < kFloatSafe && std::fabs(point.y) < kFloatSafe &&
                  std::fabs(point.z) < kFloatSafe)) {
                return false;
            }
        }
    }
    return true;
}

// "" when the body skinned at the document's first, middle and last frames is finite wherever
// the pose, the bind pose and the body lie within kFloatSafe; otherwise what is wrong.
std::string skinnedViolation(const bvh::Document& document, bvh::TranslationMode translation,
                             const bvh::BodyMesh& mesh) {
    if (!std::isfinite(bvh::fuzz::farthest(mesh.bindWorld)) || !verticesWithinFloatRange(mesh)) {
        return "";
    }
    std::vector<glm::vec3> points;
    std::vector<glm::vec3> normals;
    return bvh::fuzz::checkFirstMiddleLastFrames(
        document, translation, [&](std::span<const bvh::RigidTransform> world) -> std::string {
            bvh::skinBody(mesh, document.skeleton.parents, world, mesh.bindWorld, 1.0f, points,
                          &normals);
            for (std::size_t v = 0; v < points.size(); ++v) {
                if (!bvh::test::finiteVector(points[v]) || !bvh::test::finiteVector(normals[v])) {
                    return "a skinned vertex that is not finite";
                }
            }
            return "";
        });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bvh::Document document = bvh::parseDocument(text);
    if (!document.loaded()) {
        return 0;
    }
    // The input's length picks how root translations are read: each mode binds differently.
    const auto translation = static_cast<bvh::TranslationMode>(size % 3);
    const bvh::BodyResult body = bvh::test::buildBodyAsConverted(document, translation);
    std::string problem = bvh::test::bodyInvariantViolation(body, document.skeleton);
    if (problem.empty() && body.mesh != nullptr) {
        problem = skinnedViolation(document, translation, *body.mesh);
    }
    if (!problem.empty()) {
        std::fprintf(stderr, "body invariant broken: %s\n", problem.c_str());
        std::abort();
    }
    return 0;
}
