#include "core/body/body_builder.h"
#include "core/body/body_skinning.h"
#include "core/body/dual_quaternion.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

struct Posed {
    Skeleton skeleton;
    std::shared_ptr<const BodyMesh> mesh;
    std::vector<RigidTransform> restWorld;
};

// Built once for all the tests here (they only read it): the ASan build runs them too.
const Posed& bipedBody() {
    static const Posed built = [] {
        Posed posed;
        posed.skeleton = parseDocument(test::mixamoBipedText()).skeleton;
        BodyOptions options;
        options.maxSamples = std::size_t{1} << 18;
        posed.mesh = buildBody(posed.skeleton, options).mesh;
        std::vector<RigidTransform> local(posed.skeleton.nodeCount());
        computeRestTransforms(posed.skeleton, local);
        posed.restWorld.resize(local.size());
        computeWorldTransforms(posed.skeleton, local, posed.restWorld);
        return posed;
    }();
    return built;
}

// World transforms with one node's local rotation replaced.
std::vector<RigidTransform> worldWith(const Skeleton& skeleton, NodeIndex node,
                                      glm::dquat rotation) {
    std::vector<RigidTransform> local(skeleton.nodeCount());
    computeRestTransforms(skeleton, local);
    local[static_cast<std::size_t>(node)].rotation = rotation;
    std::vector<RigidTransform> world(local.size());
    computeWorldTransforms(skeleton, local, world);
    return world;
}

// The area of the surface's cut by the plane x = `planeX`, counting only the cut's segments
// within `reach` of `centre` (one limb's section). The triangles are oriented, so each segment
// runs from where an edge climbs through the plane to where one falls, the segments chain into
// loops, and the summed cross products are the loops' area.
double sectionArea(const BodyMesh& mesh, const std::vector<glm::vec3>& positions, double planeX,
                   const glm::dvec3& centre, double reach) {
    double area = 0.0;
    const auto& level = mesh.levels[0];
    for (std::uint32_t t = level.firstIndex; t < level.firstIndex + level.indexCount; t += 3) {
        glm::dvec3 p[3];
        double d[3];
        for (int k = 0; k < 3; ++k) {
            p[k] = glm::dvec3(positions[mesh.indices[t + static_cast<std::uint32_t>(k)]]);
            d[k] = p[k].x - planeX;
        }
        glm::dvec3 climbs(0.0), falls(0.0);
        int crossings = 0;
        for (int k = 0; k < 3; ++k) {
            const int next = (k + 1) % 3;
            if ((d[k] < 0.0) == (d[next] < 0.0)) {
                continue;
            }
            const glm::dvec3 at = p[k] + (d[k] / (d[k] - d[next])) * (p[next] - p[k]);
            (d[k] < 0.0 ? climbs : falls) = at;
            ++crossings;
        }
        if (crossings != 2 || glm::length(climbs - centre) > reach ||
            glm::length(falls - centre) > reach) {
            continue;
        }
        const glm::dvec3 a = climbs - centre;
        const glm::dvec3 b = falls - centre;
        area += 0.5 * (a.y * b.z - a.z * b.y);
    }
    return std::abs(area);
}

TEST(BodySkinning, TheRestPoseGivesTheRestPositionsAndThicknessScalesAboutTheAxis) {
    const Posed& posed = bipedBody();
    ASSERT_NE(posed.mesh, nullptr);
    std::vector<glm::vec3> out;
    std::vector<glm::vec3> normals;
    skinBody(*posed.mesh, posed.skeleton.parents, posed.restWorld, posed.restWorld, 1.0f, out,
             &normals);
    ASSERT_EQ(out.size(), posed.mesh->vertices.size());
    for (std::size_t v = 0; v < out.size(); ++v) {
        EXPECT_LT(glm::length(out[v] - posed.mesh->vertices[v].position), 1e-3f);
        EXPECT_LT(glm::length(normals[v] - posed.mesh->vertices[v].normal), 1e-4f);
    }
    skinBody(*posed.mesh, posed.skeleton.parents, posed.restWorld, posed.restWorld, 0.5f, out);
    for (std::size_t v = 0; v < out.size(); ++v) {
        const BodyVertex& vertex = posed.mesh->vertices[v];
        EXPECT_LT(glm::length(out[v] - 0.5f * (vertex.position + vertex.axisPoint)), 1e-3f);
    }
}

TEST(BodySkinning, TurningTheRootMovesTheBodyRigidly) {
    const Posed& posed = bipedBody();
    ASSERT_NE(posed.mesh, nullptr);
    const NodeIndex hips = posed.skeleton.find("mixamorig:Hips");
    const glm::dquat turn = glm::angleAxis(glm::radians(70.0), glm::normalize(glm::dvec3(1, 2, 3)));
    const std::vector<RigidTransform> world = worldWith(posed.skeleton, hips, turn);
    std::vector<glm::vec3> out;
    skinBody(*posed.mesh, posed.skeleton.parents, world, posed.restWorld, 1.0f, out);
    const glm::dvec3 pivot = posed.restWorld[static_cast<std::size_t>(hips)].translation;
    for (std::size_t v = 0; v < out.size(); v += 7) {
        const glm::dvec3 expected =
            pivot + turn * (glm::dvec3(posed.mesh->vertices[v].position) - pivot);
        EXPECT_LT(glm::length(glm::dvec3(out[v]) - expected), 1e-3);
    }
}

TEST(BodySkinning, AForearmTwistedNinetyDegreesKeepsItsSection) {
    const Posed& posed = bipedBody();
    ASSERT_NE(posed.mesh, nullptr);
    // The left forearm runs along +X from the elbow (46, 147, 0) to the wrist (71, 147, 0).
    const NodeIndex forearm = posed.skeleton.find("mixamorig:LeftForeArm");
    const NodeIndex hand = posed.skeleton.find("mixamorig:LeftHand");
    const glm::dvec3 elbow = posed.restWorld[static_cast<std::size_t>(forearm)].translation;
    const glm::dvec3 wrist = posed.restWorld[static_cast<std::size_t>(hand)].translation;
    ASSERT_NEAR(elbow.x, 46.0, 1e-9);
    ASSERT_NEAR(wrist.x, 71.0, 1e-9);
    const glm::dvec3 middle = 0.5 * (elbow + wrist);
    const double reach = 10.0; // a forearm's section is about 5 cm across

    std::vector<glm::vec3> rest;
    skinBody(*posed.mesh, posed.skeleton.parents, posed.restWorld, posed.restWorld, 1.0f, rest);
    const double restArea = sectionArea(*posed.mesh, rest, middle.x, middle, reach);
    // A forearm 25 cm long: its radius about 4 cm at the elbow, 3 at the wrist.
    EXPECT_GT(restArea, 3.14 * 2.0 * 2.0);
    EXPECT_LT(restArea, 3.14 * 6.0 * 6.0);

    for (const NodeIndex twisted : {forearm, hand}) {
        const std::vector<RigidTransform> world = worldWith(
            posed.skeleton, twisted, glm::angleAxis(glm::radians(90.0), glm::dvec3(1, 0, 0)));
        std::vector<glm::vec3> out;
        skinBody(*posed.mesh, posed.skeleton.parents, world, posed.restWorld, 1.0f, out);
        // Twisting the forearm turns its section about its own axis; twisting the wrist blends
        // the forearm and hand near the wrist, where linear blending would pinch.
        const double area = sectionArea(*posed.mesh, out, middle.x, middle, reach);
        EXPECT_GE(area, 0.7 * restArea) << posed.skeleton.names[static_cast<std::size_t>(twisted)];
        const double nearWrist = wrist.x - 2.0;
        const double wristRest =
            sectionArea(*posed.mesh, rest, nearWrist, {nearWrist, wrist.y, wrist.z}, reach);
        const double wristTwisted =
            sectionArea(*posed.mesh, out, nearWrist, {nearWrist, wrist.y, wrist.z}, reach);
        EXPECT_GE(wristTwisted, 0.7 * wristRest)
            << posed.skeleton.names[static_cast<std::size_t>(twisted)];
    }
}

TEST(DualQuaternion, BlendingOneTransformWithItselfIsThatTransform) {
    const RigidTransform transform{{1.0, -2.0, 3.0},
                                   glm::angleAxis(0.8, glm::normalize(glm::dvec3(0, 1, 1)))};
    const DualQuaternion dq = toDualQuaternion(transform);
    DualQuaternion sum{{0, 0, 0, 0}, {0, 0, 0, 0}};
    accumulateDualQuaternion(sum, dq, 0.3, dq.real);
    // -q is the same rotation: the blend flips it onto the first one's hemisphere.
    accumulateDualQuaternion(sum, {-dq.real, -dq.dual}, 0.7, dq.real);
    const glm::dvec3 p(0.5, 4.0, -1.0);
    const glm::dvec3 expected = transform.rotation * p + transform.translation;
    EXPECT_LT(glm::length(transformPoint(normalizedDualQuaternion(sum), p) - expected), 1e-12);
}

} // namespace
} // namespace bvh
