// libFuzzer target: any file the reader loads gives a body or no body with a reason, never a
// crash, a hang or a sanitizer report, and a body given is whole (tests/core/body/
// body_invariants.h), built as `convert --body` and the viewer build it. Hostile skeletons reach
// the builder here that no capture holds: offsets of 1e30 beside 1e-30, every joint at one
// point, hundreds of children of one joint. A body given is then posed at the first, middle and
// last frames as the viewer poses it (forward kinematics, the skin frames of body_skin_frames.h,
// skinBody), and skinned to finite points and normals wherever the pose is finite.
#include "core/body/body_skinning.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/reader/document.h"
#include "tests/core/body/body_invariants.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

// Past this a posed point may leave the float range once a vertex's offset is added to it; the
// reader warns about such files (position_range.cpp) and no finite skinning is promised there.
constexpr double kFloatSafe = 1e30;

bool withinFloatRange(std::span<const bvh::RigidTransform> transforms) {
    for (const bvh::RigidTransform& transform : transforms) {
        const glm::dvec3& t = transform.translation;
        const glm::dquat& r = transform.rotation;
        if (!(std::fabs(t.x) < kFloatSafe && std::fabs(t.y) < kFloatSafe &&
              std::fabs(t.z) < kFloatSafe) ||
            !(std::isfinite(r.w) && std::isfinite(r.x) && std::isfinite(r.y) &&
              std::isfinite(r.z))) {
            return false;
        }
    }
    return true;
}

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
    const bvh::Skeleton& skeleton = document.skeleton;
    const bvh::Motion& motion = document.motion;
    if (motion.frameCount == 0 || !withinFloatRange(mesh.bindWorld) ||
        !verticesWithinFloatRange(mesh)) {
        return "";
    }
    const bvh::ForwardKinematicsPlan plan(
        skeleton, bvh::resolveTranslationMode(translation, skeleton, motion));
    std::vector<bvh::RigidTransform> world(skeleton.nodeCount());
    std::vector<glm::vec3> points;
    std::vector<glm::vec3> normals;
    const std::uint32_t last = motion.frameCount - 1;
    for (const std::uint32_t frame : {std::uint32_t{0}, last / 2, last}) {
        plan.computeWorldTransformsOfRow(motion.frame(frame), world);
        if (!withinFloatRange(world)) {
            continue;
        }
        bvh::skinBody(mesh, skeleton.parents, world, mesh.bindWorld, 1.0f, points, &normals);
        for (std::size_t v = 0; v < points.size(); ++v) {
            if (!bvh::test::finiteVector(points[v]) || !bvh::test::finiteVector(normals[v])) {
                return "a skinned vertex that is not finite at frame " + std::to_string(frame);
            }
        }
    }
    return "";
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
