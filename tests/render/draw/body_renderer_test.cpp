// The skinned body draw (render/draw/body_renderer.h through SkeletonRenderer), offscreen through
// the headless context: a hand-made square tube of two bones along X, from x = -1 to 1, drawn
// where its vertices are, moved by its nodes' dual quaternions, thickened, shadowed, coloured
// per node, translucent, mirrored, and mixed with capsule bones in one call; and a square lit
// head on, where the shading's rounding must not turn a pixel black.
#include "render/draw/body_mesh_gpu.h"
#include "render/draw/skeleton_renderer.h"
#include "render/math/skinned_mesh.h"
#include "tests/render/draw/headless_gl_fixture.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>
#include <vector>

using namespace bvhscope::render;

namespace {

constexpr float kHalfWidth = 0.25f; // the tube's square cross-section is 0.5 wide
constexpr std::array<float, 5> kRings = {-1.0f, -0.5f, 0.0f, 0.5f, 1.0f};

struct TubeMesh {
    std::vector<SkinnedVertex> vertices;
    std::vector<std::uint32_t> indices;
    std::vector<SkinnedMeshLevel> levels;
};

// Gives a vertex its joints and weights from its rest position.
using Weighting = std::function<void(SkinnedVertex&)>;

// By the bone it lies on: node 0 left of x = 0, node 1 right of it, half and half at x = 0.
void weightByHalf(SkinnedVertex& vertex) {
    const float x = vertex.position.x;
    if (x < 0.0f) {
        vertex.joints = {0, 0, 0, 0};
        vertex.weights = {1.0f, 0.0f, 0.0f, 0.0f};
    } else if (x > 0.0f) {
        vertex.joints = {1, 0, 0, 0};
        vertex.weights = {1.0f, 0.0f, 0.0f, 0.0f};
    } else {
        vertex.joints = {0, 1, 0, 0};
        vertex.weights = {0.5f, 0.5f, 0.0f, 0.0f};
    }
}

// By its side: node 1 in front (z > 0), node 0 behind.
void weightByDepth(SkinnedVertex& vertex) {
    vertex.joints = {vertex.position.z > 0.0f ? std::uint16_t{1} : std::uint16_t{0}, 0, 0, 0};
    vertex.weights = {1.0f, 0.0f, 0.0f, 0.0f};
}

// Appends triangle (a, b, c), turned counter-clockwise seen from outside: the tube is convex
// around the origin, so outside is where the centroid lies from it.
void addTriangle(TubeMesh& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const glm::vec3 pa = mesh.vertices[a].position;
    const glm::vec3 pb = mesh.vertices[b].position;
    const glm::vec3 pc = mesh.vertices[c].position;
    const bool outward = glm::dot(glm::cross(pb - pa, pc - pa), pa + pb + pc) > 0.0f;
    mesh.indices.insert(mesh.indices.end(), {a, outward ? b : c, outward ? c : b});
}

// The tube, closed at both ends; level 0 the whole tube, level 1 only its left half (x <= 0), so
// a test sees which level was drawn.
TubeMesh buildTube(const Weighting& weighting) {
    TubeMesh mesh;
    const std::array<glm::vec2, 4> corners = {{{-kHalfWidth, -kHalfWidth},
                                               {kHalfWidth, -kHalfWidth},
                                               {kHalfWidth, kHalfWidth},
                                               {-kHalfWidth, kHalfWidth}}};
    for (const float x : kRings) {
        for (const glm::vec2 corner : corners) {
            SkinnedVertex vertex;
            vertex.position = {x, corner.x, corner.y};
            vertex.normal = glm::normalize(glm::vec3(0.0f, corner.x, corner.y));
            vertex.axisPoint = {x, 0.0f, 0.0f};
            weighting(vertex);
            mesh.vertices.push_back(vertex);
        }
    }
    const auto sides = [&](std::size_t fromRing, std::size_t toRing) {
        for (std::size_t ring = fromRing; ring < toRing; ++ring) {
            for (std::uint32_t k = 0; k < 4; ++k) {
                const auto index = [](std::size_t r, std::uint32_t c) {
                    return static_cast<std::uint32_t>(r * 4 + c % 4);
                };
                addTriangle(mesh, index(ring, k), index(ring, k + 1), index(ring + 1, k + 1));
                addTriangle(mesh, index(ring, k), index(ring + 1, k + 1), index(ring + 1, k));
            }
        }
    };
    const auto cap = [&](std::size_t ring) {
        const auto base = static_cast<std::uint32_t>(ring * 4);
        addTriangle(mesh, base, base + 1, base + 2);
        addTriangle(mesh, base, base + 2, base + 3);
    };
    sides(0, kRings.size() - 1);
    cap(0);
    cap(kRings.size() - 1);
    mesh.levels.push_back({0, static_cast<std::uint32_t>(mesh.indices.size())});
    const auto halfStart = static_cast<std::uint32_t>(mesh.indices.size());
    sides(0, 2);
    cap(0);
    cap(2);
    mesh.levels.push_back({halfStart, static_cast<std::uint32_t>(mesh.indices.size()) - halfStart});
    return mesh;
}

BodyMeshGpu upload(const TubeMesh& mesh) {
    return BodyMeshGpu::upload(mesh.vertices, mesh.indices, mesh.levels,
                               {-1.0f, -kHalfWidth, -kHalfWidth}, {1.0f, kHalfWidth, kHalfWidth});
}

const glm::vec4 kRed{1.0f, 0.0f, 0.0f, 1.0f};
const glm::vec4 kGreen{0.0f, 1.0f, 0.0f, 1.0f};
const glm::vec4 kWhite{1.0f};

int brightest(const std::uint8_t* pixel) {
    return std::max({pixel[0], pixel[1], pixel[2]});
}

class BodyDrawing : public test::HeadlessGl {
protected:
    void SetUp() override {
        test::HeadlessGl::SetUp();
        renderer_ = std::make_unique<SkeletonRenderer>();
        ASSERT_TRUE(renderer_->error().empty()) << renderer_->error();
        tube_ = upload(buildTube(weightByHalf));
        ASSERT_TRUE(tube_);
        style_.drawShadow = false;
        style_.drawJoints = false;
        style_.bones = BoneStyle::Body;
    }
    void TearDown() override {
        tube_ = BodyMeshGpu();
        renderer_.reset();
        test::HeadlessGl::TearDown();
    }

    BodyDraw body(const BodyMeshGpu& mesh, std::span<const glm::vec4> colors) const {
        BodyDraw draw;
        draw.mesh = &mesh;
        draw.nodeTransforms = transforms_;
        draw.nodeColors = colors;
        return draw;
    }
    Image drawn(const BodyDraw& draw, float clearGrey = 0.0f) {
        clear(clearGrey);
        renderer_->drawSkeletons(litView(), {}, {}, style_, std::span(&draw, 1));
        return read();
    }
    ViewParameters litView() const {
        ViewParameters parameters = view();
        parameters.lightDirection = light_;
        return parameters;
    }
    bool lit(const Image& image, const glm::vec3& point) {
        return brightest(at(image, pixelOf(point))) > 40;
    }
    static int litPixels(const Image& image) {
        int count = 0;
        for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
            count += brightest(&image.rgba[i]) > 40 ? 1 : 0;
        }
        return count;
    }

    std::unique_ptr<SkeletonRenderer> renderer_;
    BodyMeshGpu tube_;
    SkeletonStyle style_;
    std::array<SkinDualQuaternion, 2> transforms_{}; // identity: the rest pose
    std::array<glm::vec4, 2> white_{kWhite, kWhite};
    glm::vec3 light_ = ViewParameters{}.lightDirection;
};

TEST_F(BodyDrawing, IdentityTransformsDrawTheRestPose) {
    const Image image = drawn(body(tube_, white_));
    EXPECT_TRUE(lit(image, {-0.8f, 0.0f, 0.0f}));
    EXPECT_TRUE(lit(image, {0.8f, 0.0f, 0.0f}));
    EXPECT_TRUE(lit(image, {0.0f, 0.2f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.0f, 0.35f, 0.0f}));
    EXPECT_FALSE(lit(image, {1.15f, 0.0f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.8f, 0.6f, 0.0f}));
}

TEST_F(BodyDrawing, ANodeTurnedAQuarterTurnMovesItsPart) {
    // Node 1 turns 90 degrees about Z through the origin: the right half points up.
    transforms_[1] = skinDualQuaternion(
        glm::angleAxis(glm::radians(90.0f), glm::vec3(0.0f, 0.0f, 1.0f)), glm::vec3(0.0f));
    const Image image = drawn(body(tube_, white_));
    EXPECT_TRUE(lit(image, {0.0f, 0.8f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.8f, 0.0f, 0.0f}));
    EXPECT_TRUE(lit(image, {-0.8f, 0.0f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.0f, -0.8f, 0.0f}));

    // And a translation carries it along: the right half up and 0.5 to the left, as the CPU
    // transform says.
    const glm::quat quarter = glm::angleAxis(glm::radians(90.0f), glm::vec3(0.0f, 0.0f, 1.0f));
    transforms_[1] = skinDualQuaternion(quarter, glm::vec3(-0.5f, 0.0f, 0.0f));
    const glm::vec3 tip = transformPoint(transforms_[1], {0.8f, 0.0f, 0.0f});
    EXPECT_NEAR(tip.x, -0.5f, 1e-5f);
    EXPECT_NEAR(tip.y, 0.8f, 1e-5f);
    const Image moved = drawn(body(tube_, white_));
    EXPECT_TRUE(lit(moved, tip));
    EXPECT_FALSE(lit(moved, {0.0f, 0.8f, 0.0f}));
}

TEST_F(BodyDrawing, AQuaternionAndItsNegativeBlendAlike) {
    // Node 1 turns 90 degrees about Z through the tube's left end (-1, 0, 0): the middle ring,
    // half node 0 (identity) and half node 1, must turn 45 degrees. q and -q are one rotation;
    // without the blend's sign correction, -q would turn the middle ring -135 degrees.
    const glm::quat quarter = glm::angleAxis(glm::radians(90.0f), glm::vec3(0.0f, 0.0f, 1.0f));
    const glm::vec3 pivot(-1.0f, 0.0f, 0.0f);
    transforms_[1] = skinDualQuaternion(quarter, pivot - quarter * pivot);
    const Image positive = drawn(body(tube_, white_));
    transforms_[1].real = -transforms_[1].real;
    transforms_[1].dual = -transforms_[1].dual;
    const Image negative = drawn(body(tube_, white_));
    // The middle ring at 45 degrees about the left end.
    const glm::vec3 middle =
        pivot + glm::vec3(std::cos(glm::radians(45.0f)), std::sin(glm::radians(45.0f)), 0.0f);
    EXPECT_TRUE(lit(positive, middle));
    EXPECT_TRUE(lit(negative, middle));
    int differing = 0;
    for (std::size_t i = 0; i < positive.rgba.size(); ++i) {
        differing += std::abs(positive.rgba[i] - negative.rgba[i]) > 8 ? 1 : 0;
    }
    EXPECT_LE(differing, 4);
}

TEST_F(BodyDrawing, ThicknessScalesTheDistanceFromTheAxis) {
    const Image thin = drawn(body(tube_, white_));
    BodyDraw thick = body(tube_, white_);
    thick.thickness = 2.0f;
    const Image image = drawn(thick);
    EXPECT_FALSE(lit(thin, {0.0f, 0.4f, 0.0f}));
    EXPECT_TRUE(lit(image, {0.0f, 0.4f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.0f, 0.6f, 0.0f}));
    // Twice as wide and as long (the axis does not stretch).
    EXPECT_GT(litPixels(image), 1.8 * litPixels(thin));
    EXPECT_LT(litPixels(image), 2.5 * litPixels(thin));
    EXPECT_FALSE(lit(image, {1.15f, 0.0f, 0.0f}));
}

TEST_F(BodyDrawing, TheModelMatrixPlacesAndScalesIt) {
    BodyDraw placed = body(tube_, white_);
    placed.model =
        glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 0.5f, 0.0f)), glm::vec3(0.5f));
    const Image image = drawn(placed);
    EXPECT_TRUE(lit(image, {0.4f, 0.5f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.7f, 0.5f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.0f, 0.0f, 0.0f}));
}

TEST_F(BodyDrawing, EachVertexTakesItsNodesColours) {
    const std::array<glm::vec4, 2> colors = {kRed, kGreen};
    const Image image = drawn(body(tube_, colors));
    const std::uint8_t* left = at(image, pixelOf({-0.7f, 0.0f, 0.0f}));
    const std::uint8_t* right = at(image, pixelOf({0.7f, 0.0f, 0.0f}));
    EXPECT_GT(left[0], 100);
    EXPECT_LT(left[1], left[0] / 3);
    EXPECT_GT(right[1], 100);
    EXPECT_LT(right[0], right[1] / 3);
    // The middle ring blends both halves.
    const std::uint8_t* middle = at(image, pixelOf({0.0f, 0.0f, 0.0f}));
    EXPECT_GT(middle[0], 40);
    EXPECT_GT(middle[1], 40);
}

TEST_F(BodyDrawing, AMirroringModelStillShowsTheFrontFaces) {
    // Front (z > 0) green, back red. Mirrored in Z, the red side faces the eye: with the
    // winding not flipped, its front faces would be culled and the green inside would show.
    const BodyMeshGpu sided = upload(buildTube(weightByDepth));
    const std::array<glm::vec4, 2> colors = {kRed, kGreen};
    BodyDraw mirrored = body(sided, colors);
    const Image front = drawn(mirrored);
    mirrored.model = glm::scale(glm::mat4(1.0f), glm::vec3(1.0f, 1.0f, -1.0f));
    const Image image = drawn(mirrored);
    const std::uint8_t* frontPixel = at(front, pixelOf({0.5f, 0.0f, 0.0f}));
    const std::uint8_t* mirroredPixel = at(image, pixelOf({0.5f, 0.0f, 0.0f}));
    EXPECT_GT(frontPixel[1], 100);
    EXPECT_LT(frontPixel[0], 40);
    EXPECT_GT(mirroredPixel[0], 100);
    EXPECT_LT(mirroredPixel[1], 40);
}

TEST_F(BodyDrawing, ShadowsDarkenTheGroundOnceWithTheBones) {
    camera_.pitchRadians = 0.8f; // looking down
    style_.groundHeight = -0.6f;
    // From behind the tube, so its shadow falls in front of it, towards the eye.
    light_ = {0.0f, 0.8f, -0.6f};
    const float grey = 0.5f;
    // One level: the shadow would take the next one, here the left half only.
    TubeMesh mesh = buildTube(weightByHalf);
    mesh.levels.resize(1);
    const BodyMeshGpu tube = upload(mesh);
    const Image unshadowed = drawn(body(tube, white_), grey);
    style_.drawShadow = true;
    const Image shadowed = drawn(body(tube, white_), grey);
    // A capsule along the same axis, in the same call: its shadow and the body's overlap.
    const BoneInstance capsule{{-1.0f, 0.0f, 0.0f}, 0.2f, {1.0f, 0.0f, 0.0f}, 0.0f, kWhite};
    clear(grey);
    const BodyDraw draw = body(tube, white_);
    renderer_->drawSkeletons(litView(), std::span(&capsule, 1), {}, style_, std::span(&draw, 1));
    const Image both = read();
    clear(grey);
    renderer_->drawSkeletons(litView(), std::span(&capsule, 1), {}, style_);
    const Image capsuleOnly = read();

    // Where the tube's axis falls on the ground along the light, and the body does not hide it.
    const glm::vec3 light = glm::normalize(light_);
    int checked = 0;
    for (float x = -0.9f; x <= 0.9f; x += 0.1f) {
        const glm::vec3 axis(x, 0.0f, 0.0f);
        const glm::vec3 onGround = axis - light * ((axis.y - style_.groundHeight) / light.y);
        const glm::ivec2 pixel = pixelOf(onGround);
        const int clearValue = at(unshadowed, pixel)[1];
        if (std::abs(clearValue - 128) > 2) {
            continue; // the body itself covers it
        }
        ++checked;
        const int single = at(shadowed, pixel)[1];
        EXPECT_LT(single, 110) << "no shadow at x = " << x;
        EXPECT_GT(single, 60);
        // Once, by whichever shadow drew first (their fading by height differs): darkened
        // twice would be about single * capsule / 128, some 20 darker than either.
        const int capsuleShadow = at(capsuleOnly, pixel)[1];
        EXPECT_LT(capsuleShadow, 110);
        EXPECT_GE(at(both, pixel)[1], std::min(single, capsuleShadow) - 3)
            << "darkened twice at x = " << x;
    }
    EXPECT_GT(checked, 3);
}

TEST_F(BodyDrawing, CapsuleFiguresAndBodiesDrawInOneCall) {
    const BoneInstance capsule{{-1.0f, 0.8f, 0.0f}, 0.1f, {1.0f, 0.8f, 0.0f}, 0.0f, kRed};
    const BodyDraw draw = body(tube_, white_);
    clear();
    renderer_->drawSkeletons(view(), std::span(&capsule, 1), {}, style_, std::span(&draw, 1));
    const Image image = read();
    EXPECT_GT(at(image, pixelOf({0.5f, 0.8f, 0.0f}))[0], 100);
    EXPECT_LT(at(image, pixelOf({0.5f, 0.8f, 0.0f}))[1], 40);
    EXPECT_GT(at(image, pixelOf({0.5f, 0.0f, 0.0f}))[1], 100);
}

TEST_F(BodyDrawing, GhostBodiesBlendEachPixelOnce) {
    const Image opaque = drawn(body(tube_, white_));
    const std::array<glm::vec4, 2> faint = {glm::vec4(1.0f, 1.0f, 1.0f, 0.5f),
                                            glm::vec4(1.0f, 1.0f, 1.0f, 0.5f)};
    const BodyDraw ghost = body(tube_, faint);
    clear();
    renderer_->drawTranslucent(view(), {}, {}, style_, std::span(&ghost, 1));
    const Image image = read();
    for (const float x : {-0.6f, 0.6f}) {
        const int shaded = at(opaque, pixelOf({x, 0.0f, 0.0f}))[1];
        ASSERT_GT(shaded, 100);
        // Over black, once: half the shaded colour (front and back blended would be more).
        EXPECT_NEAR(at(image, pixelOf({x, 0.0f, 0.0f}))[1], shaded / 2.0, 3.0);
    }
}

TEST_F(BodyDrawing, SmallOnScreenItTakesACoarserLevel) {
    ViewParameters far = view();
    // As if every pixel were huge: the body covers a fraction of one, so the coarsest level
    // (the left half only) is drawn.
    far.radiusPerPixelPerDistance = 10.0f;
    const BodyDraw draw = body(tube_, white_);
    clear();
    renderer_->drawSkeletons(far, {}, {}, style_, std::span(&draw, 1));
    const Image image = read();
    EXPECT_TRUE(lit(image, {-0.6f, 0.0f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.6f, 0.0f, 0.0f}));
}

TEST_F(BodyDrawing, NodesPastTheFirstTextureRowAreRead) {
    // 600 bodies of two nodes (three texels each): the last one's nodes are in the third row of
    // the 1024-texel-wide node texture. The others are out of sight behind the eye.
    const std::array<SkinDualQuaternion, 2> turned = {
        SkinDualQuaternion{},
        skinDualQuaternion(glm::angleAxis(glm::radians(90.0f), glm::vec3(0.0f, 0.0f, 1.0f)),
                           glm::vec3(0.0f))};
    BodyDraw hidden = body(tube_, white_);
    hidden.model = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 0.0f, 10.0f));
    std::vector<BodyDraw> draws(599, hidden);
    BodyDraw last = body(tube_, white_);
    last.nodeTransforms = turned;
    draws.push_back(last);
    clear();
    renderer_->drawSkeletons(litView(), {}, {}, style_, draws);
    const Image image = read();
    EXPECT_TRUE(lit(image, {0.0f, 0.8f, 0.0f}));
    EXPECT_FALSE(lit(image, {0.8f, 0.0f, 0.0f}));
    EXPECT_TRUE(lit(image, {-0.8f, 0.0f, 0.0f}));
}

TEST_F(BodyDrawing, BodiesThatCannotBeDrawnAreSkipped) {
    // Too few transforms for the joints its vertices name, no mesh, an empty mesh.
    BodyDraw shortOfNodes = body(tube_, white_);
    shortOfNodes.nodeTransforms = std::span(transforms_).first(1);
    const BodyMeshGpu empty;
    BodyDraw noMesh = body(tube_, white_);
    noMesh.mesh = nullptr;
    const BodyDraw emptyMesh = body(empty, white_);
    for (const BodyDraw& draw : {shortOfNodes, noMesh, emptyMesh}) {
        EXPECT_EQ(litPixels(drawn(draw)), 0);
    }
    // Missing colours are white.
    const Image uncoloured = drawn(body(tube_, {}));
    EXPECT_GT(at(uncoloured, pixelOf({0.5f, 0.0f, 0.0f}))[0], 100);
}

TEST_F(BodyDrawing, LevelsNamingMissingVerticesAreDropped) {
    TubeMesh mesh = buildTube(weightByHalf);
    mesh.indices[mesh.levels[1].firstIndex] = static_cast<std::uint32_t>(mesh.vertices.size());
    const BodyMeshGpu checked = upload(mesh);
    ASSERT_TRUE(checked);
    EXPECT_EQ(checked.levels().size(), 1u);
    EXPECT_EQ(checked.maxJointIndex(), 1u);
    EXPECT_EQ(checked.byteSize(), mesh.vertices.size() * sizeof(SkinnedVertex) +
                                      mesh.indices.size() * sizeof(std::uint32_t));
    mesh.levels[0].indexCount += 3; // past the end
    mesh.levels.resize(1);
    EXPECT_FALSE(upload(mesh));
}

// A square centred on the line of sight, each corner's normal straight at the eye: the corners lie
// equally far from it, so the normal blended between them points at the eye from every point of
// the square, as a round body's front does where its normal meets the eye. The lit shading's dot
// of the normal and the direction to the eye is 1 there, give or take a rounding.
TEST_F(BodyDrawing, ASurfaceFacingTheEyeHeadOnIsLitNotBlack) {
    int black = 0;
    int lit = 0;
    for (const float distance : {3.0f, 3.5f, 4.0f, 5.0f}) {
        camera_.distance = distance;
        const glm::vec3 eye = eyePosition(camera_);
        std::vector<SkinnedVertex> vertices;
        for (const glm::vec2 corner : {glm::vec2(-0.5f, -0.5f), glm::vec2(0.5f, -0.5f),
                                       glm::vec2(0.5f, 0.5f), glm::vec2(-0.5f, 0.5f)}) {
            SkinnedVertex vertex;
            vertex.position = {corner.x, corner.y, 0.0f};
            vertex.normal = glm::normalize(eye - vertex.position);
            vertex.weights = {1.0f, 0.0f, 0.0f, 0.0f};
            vertices.push_back(vertex);
        }
        const std::vector<std::uint32_t> indices = {0, 1, 2, 0, 2, 3};
        const std::vector<SkinnedMeshLevel> levels = {{0, 6}};
        const BodyMeshGpu square = BodyMeshGpu::upload(vertices, indices, levels,
                                                       {-0.5f, -0.5f, 0.0f}, {0.5f, 0.5f, 0.0f});
        ASSERT_TRUE(square);
        // A NaN colour is written as 0: pure black, unlike the lit square or the grey around it.
        const Image image = drawn(body(square, white_), 0.5f);
        for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
            const std::uint8_t* pixel = &image.rgba[i];
            black += pixel[0] == 0 && pixel[1] == 0 && pixel[2] == 0 ? 1 : 0;
            lit += brightest(pixel) > 160 ? 1 : 0;
        }
    }
    EXPECT_GT(lit, 4 * 15 * 15);
    EXPECT_EQ(black, 0);
}

} // namespace
