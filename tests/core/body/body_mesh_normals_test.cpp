#include "core/body/body_builder.h"
#include "core/body/body_mesh_normals.h"
#include "core/reader/document.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <vector>

namespace bvh {
namespace {

float degreesBetween(const glm::vec3& a, const glm::vec3& b) {
    return glm::degrees(
        std::acos(std::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0f, 1.0f)));
}

glm::vec3 tiltedAboutY(float degrees) {
    const float r = glm::radians(degrees);
    return {std::sin(r), 0.0f, std::cos(r)};
}

constexpr float kCell = 0.01f;
const glm::vec3 kUp(0.0f, 0.0f, 1.0f);

TEST(BodyMeshNormals, TheWideShareIsFullUpTo20DegreesAndNoneFrom45) {
    EXPECT_FLOAT_EQ(bodyNormalWideShare(1.0f), 1.0f);
    EXPECT_FLOAT_EQ(bodyNormalWideShare(std::cos(glm::radians(19.0f))), 1.0f);
    EXPECT_FLOAT_EQ(bodyNormalWideShare(std::cos(glm::radians(46.0f))), 0.0f);
    EXPECT_FLOAT_EQ(bodyNormalWideShare(-1.0f), 0.0f);
    EXPECT_NEAR(bodyNormalWideShare(0.5f * (kBodyNormalWideFullCosine + kBodyNormalWideNoneCosine)),
                0.5f, 1e-5f);
}

// Spheres the size of a torso (12 cells across) and of a wrist (3 cells): the wide stencil's
// normal points out from the centre, within half a degree on the torso and within 4 on the wrist
// (a central difference as wide as the sphere leans a little towards the nearest axis).
TEST(BodyMeshNormals, ARoundLimbsNormalPointsStraightOut) {
    const glm::vec3 centre(0.1f, 0.2f, 0.3f);
    for (const float cells : {6.0f, 1.5f}) {
        const float radius = cells * kCell;
        const auto sphere = [&](const glm::vec3& p) { return glm::length(p - centre) - radius; };
        for (const glm::vec3 direction :
             {glm::vec3(1, 0, 0), glm::vec3(0, -1, 0), glm::normalize(glm::vec3(1, 2, 3)),
              glm::normalize(glm::vec3(-3, 1, -1))}) {
            const glm::vec3 normal =
                bodySurfaceNormal(sphere, centre + radius * direction, kCell, kUp);
            EXPECT_LT(degreesBetween(normal, direction), cells > 3.0f ? 0.5f : 4.0f) << cells;
        }
    }
}

// A crease: two planes tilted 8 degrees either way about Y, united (the surface z = |x| tan 8,
// a valley as where two spine bones' volumes meet). The narrow stencil jumps from -8 to +8
// degrees at the crease; the wide one (h = 1.5 cells) turns through it: at x (under h) its
// x slope is -2 x sin 8 over a z slope of 2 h cos 8, so tan(tilt) = (x / h) tan 8: 2.68 degrees
// at half a cell, 5.35 at one, the plane's 8 from 1.5.
TEST(BodyMeshNormals, ACreaseTurnsTheNormalGraduallyAcrossTheWideStencil) {
    const glm::vec3 right = tiltedAboutY(-8.0f); // the plane for x > 0
    const glm::vec3 left = tiltedAboutY(8.0f);
    const auto valley = [&](const glm::vec3& p) {
        return std::min(glm::dot(p, right), glm::dot(p, left));
    };
    const float tan8 = std::tan(glm::radians(8.0f));
    const auto tiltAt = [&](float cells) {
        const float x = cells * kCell;
        const glm::vec3 normal =
            bodySurfaceNormal(valley, glm::vec3(x, 0.0f, x * tan8), kCell, kUp);
        EXPECT_NEAR(normal.y, 0.0f, 1e-6f);
        return glm::degrees(std::atan2(-normal.x, normal.z));
    };
    EXPECT_NEAR(tiltAt(0.0f), 0.0f, 0.01f);
    EXPECT_NEAR(tiltAt(0.5f), glm::degrees(std::atan(tan8 / 3.0f)), 0.05f);
    EXPECT_NEAR(tiltAt(1.0f), glm::degrees(std::atan(2.0f * tan8 / 3.0f)), 0.05f);
    EXPECT_NEAR(tiltAt(2.0f), 8.0f, 0.05f);
    EXPECT_NEAR(tiltAt(-1.0f), -glm::degrees(std::atan(2.0f * tan8 / 3.0f)), 0.05f);
}

// Where the wide stencil reaches something the narrow one does not (another limb across a gap),
// and the two disagree by more than 45 degrees, the narrow gradient is the normal: here the
// field is z within a cell of the point and x beyond, so the wide stencil sees only +X.
TEST(BodyMeshNormals, AWideGradientThatDisagreesIsNotUsed) {
    const auto field = [](const glm::vec3& p) {
        const glm::vec3 a = glm::abs(p);
        return std::max({a.x, a.y, a.z}) < kCell ? p.z : p.x;
    };
    EXPECT_LT(
        degreesBetween(centralGradient(field, glm::vec3(0.0f), 1.5f * kCell), glm::vec3(1, 0, 0)),
        1e-3f);
    EXPECT_LT(degreesBetween(bodySurfaceNormal(field, glm::vec3(0.0f), kCell, kUp), kUp), 1e-3f);
}

// Where the field is flat the fallback is the normal.
TEST(BodyMeshNormals, AFlatFieldGivesTheFallback) {
    const auto flat = [](const glm::vec3&) { return 0.25f; };
    const glm::vec3 fallback(0.0f, 1.0f, 0.0f);
    EXPECT_EQ(bodySurfaceNormal(flat, glm::vec3(0.0f), kCell, fallback), fallback);
}

// [SECTION] The wide gradient from the grid's samples

// A field sampled on a grid of `count`^3 samples `kCell` apart, centred on the origin (a sample
// on it where `count` is odd), as the builder samples the body's distance.
struct SampledForTest {
    std::vector<float> samples;
    BodySampledField field;
};

template <typename Field>
SampledForTest sampledOnGrid(const Field& field, int count) {
    SampledForTest result;
    const glm::vec3 origin(-0.5f * kCell * static_cast<float>(count - 1));
    for (int z = 0; z < count; ++z) {
        for (int y = 0; y < count; ++y) {
            for (int x = 0; x < count; ++x) {
                result.samples.push_back(field(origin + kCell * glm::vec3(x, y, z)));
            }
        }
    }
    result.field = {result.samples, count, count, count, origin, kCell, kBodyFarOutside};
    return result;
}

// On a linear field the samples' gradient is the field's, scaled as centralGradient's (twice the
// cell times the slope), wherever p lies in its cell.
TEST(BodyMeshNormals, TheSampledGradientOfALinearFieldIsItsSlope) {
    const glm::vec3 slope(0.3f, -0.5f, 0.8f);
    const auto linear = [&](const glm::vec3& p) { return glm::dot(p, slope) + 0.01f; };
    const SampledForTest sampled = sampledOnGrid(linear, 12);
    for (const glm::vec3 p : {glm::vec3(0.0f), glm::vec3(0.0031f, -0.0077f, 0.0112f),
                              glm::vec3(-0.021f, 0.0005f, 0.0099f)}) {
        glm::vec3 gradient(0.0f);
        ASSERT_TRUE(sampledGradient(sampled.field, p, gradient));
        for (int axis = 0; axis < 3; ++axis) {
            EXPECT_NEAR(gradient[axis], 2.0f * kCell * slope[axis], 1e-6f) << axis;
        }
    }
}

// Spheres the size of a torso (12 cells across) and of a wrist (3 cells), sampled: the samples'
// wide gradient points out from the centre within half a degree on the torso (0.21 measured) and
// within 1.5 on the wrist (1.04), and the normal within half a degree and 4.
TEST(BodyMeshNormals, ARoundLimbsNormalFromTheSamplesPointsStraightOut) {
    const glm::vec3 centre(0.001f, 0.002f, 0.003f);
    for (const float cells : {6.0f, 1.5f}) {
        const float radius = cells * kCell;
        const auto sphere = [&](const glm::vec3& p) { return glm::length(p - centre) - radius; };
        const SampledForTest sampled = sampledOnGrid(sphere, 24);
        float worst = 0.0f;
        for (const glm::vec3 direction :
             {glm::vec3(1, 0, 0), glm::vec3(0, -1, 0), glm::normalize(glm::vec3(1, 2, 3)),
              glm::normalize(glm::vec3(-3, 1, -1)), glm::normalize(glm::vec3(1, 1, 0)),
              glm::normalize(glm::vec3(0.2f, -1, 0.5f))}) {
            const glm::vec3 p = centre + radius * direction;
            glm::vec3 gradient(0.0f);
            ASSERT_TRUE(sampledGradient(sampled.field, p, gradient));
            worst = std::max(worst, degreesBetween(gradient, direction));
            const glm::vec3 normal = bodySurfaceNormal(sphere, sampled.field, p, kUp);
            EXPECT_LT(degreesBetween(normal, direction), cells > 3.0f ? 0.5f : 4.0f) << cells;
        }
        EXPECT_LT(worst, cells > 3.0f ? 0.5f : 1.5f) << cells;
    }
}

// The crease of ACreaseTurnsTheNormalGraduallyAcrossTheWideStencil, sampled (a row of samples on
// it): the samples' wide gradient turns through it steadily, level at the crease, 3.85 degrees
// half a cell from it and 6.68 at one, easing into the plane's 8 at 2 cells, where every sample it
// reads lies on one plane (the field's wide stencil: 2.68, 5.35, and 8 from 1.5 cells).
TEST(BodyMeshNormals, ACreaseTurnsTheSampledGradientGradually) {
    const glm::vec3 right = tiltedAboutY(-8.0f);
    const glm::vec3 left = tiltedAboutY(8.0f);
    const auto valley = [&](const glm::vec3& p) {
        return std::min(glm::dot(p, right), glm::dot(p, left));
    };
    const SampledForTest sampled = sampledOnGrid(valley, 17); // a sample row on the crease
    const float tan8 = std::tan(glm::radians(8.0f));
    const auto tiltAt = [&](float cells) {
        const float x = cells * kCell;
        glm::vec3 gradient(0.0f);
        EXPECT_TRUE(sampledGradient(sampled.field, glm::vec3(x, 0.0f, x * tan8), gradient));
        EXPECT_NEAR(gradient.y, 0.0f, 1e-6f);
        return glm::degrees(std::atan2(-gradient.x, gradient.z));
    };
    EXPECT_NEAR(tiltAt(0.0f), 0.0f, 0.01f);
    float previous = 0.0f;
    for (float cells = 0.25f; cells < 1.9f; cells += 0.25f) {
        const float tilt = tiltAt(cells);
        EXPECT_GT(tilt, previous + 0.01f) << cells;
        EXPECT_LT(tilt, 7.99f) << cells;
        EXPECT_NEAR(tiltAt(-cells), -tilt, 0.01f) << cells;
        previous = tilt;
    }
    EXPECT_NEAR(tiltAt(0.5f), 3.85f, 0.05f);
    EXPECT_NEAR(tiltAt(1.0f), 6.68f, 0.05f);
    EXPECT_NEAR(tiltAt(2.0f), 8.0f, 0.01f);
    EXPECT_NEAR(tiltAt(2.5f), 8.0f, 0.01f);
}

// Where a sample the gradient needs was never evaluated (kBodyFarOutside: no volume reaches its
// brick) or lies off the grid, the samples give no gradient, and the normal takes the field's own
// wide stencil: the same normal as bodySurfaceNormal from the field alone.
TEST(BodyMeshNormals, WithoutEverySampleTheFieldsWideStencilIsUsed) {
    const glm::vec3 slope = glm::normalize(glm::vec3(0.3f, -0.5f, 0.8f));
    const auto linear = [&](const glm::vec3& p) { return glm::dot(p, slope); };
    SampledForTest sampled = sampledOnGrid(linear, 12);
    const glm::vec3 p(0.0013f, 0.0021f, -0.0034f); // in the cell from sample (5, 5, 5)
    glm::vec3 gradient(7.0f);
    ASSERT_TRUE(sampledGradient(sampled.field, p, gradient));
    // The samples read run from (3, 3, 3) to (8, 8, 8); one far sample it weighs is enough.
    sampled.samples[8 + 12 * (4 + 12 * 6)] = kBodyFarOutside;
    gradient = glm::vec3(7.0f);
    EXPECT_FALSE(sampledGradient(sampled.field, p, gradient));
    EXPECT_EQ(gradient, glm::vec3(7.0f));
    // Off the grid: the cell at its edge has no samples beyond.
    EXPECT_FALSE(sampledGradient(sampled.field, glm::vec3(5.4f * kCell, 0.0f, 0.0f), gradient));
    // Bent so that the field's own wide stencil differs from the samples' gradient.
    const auto bent = [&](const glm::vec3& q) { return linear(q) + 40.0f * q.x * q.x; };
    EXPECT_EQ(bodySurfaceNormal(bent, sampled.field, p, kUp),
              bodySurfaceNormal(bent, p, kCell, kUp));
    EXPECT_NE(bodySurfaceNormal(bent, sampledOnGrid(bent, 12).field, p, kUp),
              bodySurfaceNormal(bent, p, kCell, kUp));
}

// The built body's shading normals, on the generated Mixamo-like biped at the default grid.
class BodyMeshNormalsOfABiped : public ::testing::TestWithParam<test::BipedStyle> {
protected:
    void SetUp() override {
        const std::string text = test::mixamoBiped(1.0, GetParam()).text();
        const Skeleton skeleton = parseDocument(text).skeleton;
        const BodyResult result = buildBody(skeleton, BodyOptions{});
        ASSERT_NE(result.mesh, nullptr) << result.message;
        mesh_ = result.mesh;
        planned_ = test::planFigure(text);
    }
    std::span<const std::uint32_t> finest() const {
        return std::span(mesh_->indices)
            .subspan(mesh_->levels[0].firstIndex, mesh_->levels[0].indexCount);
    }
    std::shared_ptr<const BodyMesh> mesh_;
    test::PlannedFigure planned_;
};

// The wide stencil spreads creases; it never turns a normal away from the surface: on every
// vertex the normal lies within 30 degrees of the field's own gradient there, and on 93 % within
// 15 (central differences on the signed distance, a quarter and half a cell apart), where the
// field has one direction (fingers and toes, which the builder thickens to the grid, are meshed
// from another field than the plain figure's).
TEST_P(BodyMeshNormalsOfABiped, EveryNormalFollowsTheFieldsGradient) {
    const BodyFigure& figure = planned_.figure;
    const float gap = kBodyGapInCells * planned_.grid.cell;
    const float step = 0.5f * planned_.grid.cell;
    const auto field = [&](const glm::vec3& p) {
        return bodyDistance(figure.volumes, planned_.all, p, kBodyFarOutside, gap);
    };
    // The builder thickens volumes thinner than 0.75 cells (fingers, toes) and blends them over
    // 2.5 cells (body_builder.cpp): within 3 cells of one, its field is not the plain figure's.
    const auto nearThickened = [&](const glm::vec3& p) {
        return std::any_of(figure.volumes.begin(), figure.volumes.end(), [&](const BodyVolume& v) {
            return v.shape == BodyVolume::Shape::RoundCone &&
                   std::min(v.radiusA, v.radiusB) < 0.75f * planned_.grid.cell &&
                   signedDistance(v, p) < 3.0f * planned_.grid.cell;
        });
    };
    // A hand meshed as a piece of its own (body_hand_pieces.h) is marched from its own volumes on
    // a finer grid, in a cuff that reaches 2.5 of the forearm's end radii (under 4 cells) up the
    // forearm, whose own end is shortened under it: near a hand's volumes the mesh is not the
    // figure's field.
    const auto nearHandPiece = [&](const glm::vec3& p) {
        return std::any_of(figure.volumes.begin(), figure.volumes.end(), [&](const BodyVolume& v) {
            return v.handPiece != kNoMass && signedDistance(v, p) < 4.0f * planned_.grid.cell;
        });
    };
    std::size_t figureVertices = 0;
    std::size_t compared = 0;
    std::size_t within15 = 0;
    float worst = 0.0f;
    for (const BodyVertex& vertex : mesh_->vertices) {
        const glm::vec3 p = glm::vec3((glm::dvec3(vertex.position) - figure.centre) / figure.size);
        if (nearHandPiece(p)) {
            continue;
        }
        ++figureVertices;
        if (std::abs(field(p)) > 0.5f * planned_.grid.cell || nearThickened(p)) {
            continue;
        }
        const glm::vec3 gradient = centralGradient(field, p, step);
        // Where the field bends within the step (a gap wall's ridge, where the smooth union
        // gives way to the hard one), its gradient has no one direction to compare with.
        if (glm::length(gradient) < 1e-6f ||
            degreesBetween(gradient, centralGradient(field, p, 0.5f * step)) > 5.0f) {
            continue;
        }
        ++compared;
        const float off = degreesBetween(vertex.normal, gradient);
        worst = std::max(worst, off);
        within15 += off < 15.0f ? 1 : 0;
    }
    EXPECT_GT(compared, figureVertices / 2);
    // Where a limb meets the torso or the nose the head, the normal leans towards the neighbour
    // surface by up to 24 degrees; 95 % of vertices keep within 15. Beside hands meshed as pieces
    // of their own the figure's piece is simplified to 6 000 triangles rather than 8 000
    // (body_builder.cpp's kFineTrianglesBesideHands), its vertices further off the field's
    // surface, where the narrow and the wide stencil part more: 92.9 % (1 884 of 2 029, none
    // within 16 cells of a hand).
    EXPECT_LT(worst, 30.0f);
    const std::size_t percent = GetParam().fingers ? 92 : 93;
    EXPECT_GE(within15, compared * percent / 100) << within15 << " of " << compared;
}

// Where the surface is smooth (the torso's front and back, away from the arms, the neck and the
// hips' gaps), each vertex's normal agrees with the mean of its neighbours' (area-weighted): a
// crease or blotch is a vertex whose normal differs from all around it. With normals over half a
// cell, the spine's creases left vertices 9 degrees (with fingers) and 12 (without) off their
// ring; over the field's wide stencil, 5.6; from the samples' wide gradient, 5.1.
TEST_P(BodyMeshNormalsOfABiped, TheTorsosNormalsAgreeWithTheirNeighbours) {
    const std::span<const std::uint32_t> indices = finest();
    std::vector<glm::vec3> ringSums(mesh_->vertices.size(), glm::vec3(0.0f));
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        const glm::vec3& a = mesh_->vertices[indices[t]].position;
        const glm::vec3& b = mesh_->vertices[indices[t + 1]].position;
        const glm::vec3& c = mesh_->vertices[indices[t + 2]].position;
        const float area = 0.5f * glm::length(glm::cross(b - a, c - a));
        for (std::size_t k = 0; k < 3; ++k) {
            for (std::size_t other = 1; other < 3; ++other) {
                ringSums[indices[t + k]] +=
                    area * mesh_->vertices[indices[t + (k + other) % 3]].normal;
            }
        }
    }
    std::size_t torso = 0;
    float worst = 0.0f;
    for (std::size_t v = 0; v < mesh_->vertices.size(); ++v) {
        const glm::vec3& p = mesh_->vertices[v].position;
        // The torso from the hips (100 cm) to below the collars (135 cm), the middle 20 cm
        // across: the arms leave it at x = +-18.
        if (p.y < 100.0f || p.y > 132.0f || std::abs(p.x) > 10.0f ||
            glm::length(ringSums[v]) == 0.0f) {
            continue;
        }
        ++torso;
        worst = std::max(worst, degreesBetween(mesh_->vertices[v].normal, ringSums[v]));
    }
    EXPECT_GT(torso, 40u);
    EXPECT_LT(worst, 6.0f);
}

test::BipedStyle withFingers(bool fingers) {
    test::BipedStyle style;
    style.fingers = fingers;
    return style;
}

INSTANTIATE_TEST_SUITE_P(WithAndWithoutFingers, BodyMeshNormalsOfABiped,
                         ::testing::Values(withFingers(true), withFingers(false)),
                         // Named, not printed: gtest prints an unknown struct's bytes, padding
                         // included (valgrind: a read of uninitialised memory).
                         [](const ::testing::TestParamInfo<test::BipedStyle>& info) {
                             return std::string(info.param.fingers ? "Fingers" : "NoFingers");
                         });

} // namespace
} // namespace bvh
