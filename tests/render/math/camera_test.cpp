#include "render/math/camera.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

using namespace bvhscope::render;

namespace {

constexpr glm::vec2 kViewport{800.0f, 600.0f};

void expectNear(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-4f) {
    EXPECT_NEAR(a.x, b.x, tolerance);
    EXPECT_NEAR(a.y, b.y, tolerance);
    EXPECT_NEAR(a.z, b.z, tolerance);
}

} // namespace

TEST(Camera, EyeSitsAtDistanceFromTarget) {
    OrbitCamera camera;
    camera.target = {1.0f, 2.0f, 3.0f};
    camera.distance = 5.0f;
    camera.yawRadians = 0.0f;
    camera.pitchRadians = 0.0f;
    // Yaw 0, pitch 0 looks along -Z from +Z.
    expectNear(eyePosition(camera), {1.0f, 2.0f, 8.0f});
    camera.pitchRadians = 0.5f;
    EXPECT_NEAR(glm::length(eyePosition(camera) - camera.target), 5.0f, 1e-4f);
    EXPECT_GT(eyePosition(camera).y, camera.target.y);
}

TEST(Camera, TargetProjectsToViewportCentre) {
    OrbitCamera camera;
    camera.target = {0.3f, 1.1f, -0.7f};
    const auto pixel = projectToPixel(camera, kViewport, camera.target);
    ASSERT_TRUE(pixel.has_value());
    EXPECT_NEAR(pixel->x, 400.0f, 1e-2f);
    EXPECT_NEAR(pixel->y, 300.0f, 1e-2f);
}

TEST(Camera, UpInTheWorldIsUpOnScreen) {
    OrbitCamera camera;
    camera.pitchRadians = 0.0f;
    const auto above = projectToPixel(camera, kViewport, camera.target + glm::vec3(0, 0.5f, 0));
    ASSERT_TRUE(above.has_value());
    EXPECT_LT(above->y, 300.0f); // pixel rows grow downwards
}

TEST(Camera, PointsBehindTheEyeDoNotProject) {
    OrbitCamera camera;
    const glm::vec3 behind = eyePosition(camera) + (eyePosition(camera) - camera.target);
    EXPECT_FALSE(projectToPixel(camera, kViewport, behind).has_value());
}

TEST(Camera, APointOrCameraOutOfFloatsRangeDoesNotProject) {
    // A hostile file's figure scaled by 1e28 once handed ImGui a NaN label position.
    OrbitCamera camera;
    const float nan = std::nanf("");
    const float huge = 3e38f;
    EXPECT_FALSE(projectToPixel(camera, kViewport, {nan, 0.0f, 0.0f}).has_value());
    EXPECT_FALSE(projectToPixel(camera, kViewport, {huge, huge, -huge}).has_value());
    camera.distance = nan;
    EXPECT_FALSE(projectToPixel(camera, kViewport, camera.target).has_value());
    camera.distance = 1e30f;
    camera.target = {huge, 0.0f, 0.0f};
    const auto far = projectToPixel(camera, kViewport, camera.target);
    EXPECT_TRUE(!far.has_value() || (std::isfinite(far->x) && std::isfinite(far->y)));
}

TEST(Camera, PixelRayPassesThroughTheProjectedPoint) {
    OrbitCamera camera;
    camera.yawRadians = 0.7f;
    camera.pitchRadians = 0.3f;
    const glm::vec3 point{0.4f, 1.5f, 0.2f};
    const auto pixel = projectToPixel(camera, kViewport, point);
    ASSERT_TRUE(pixel.has_value());
    const Ray ray = pixelRay(camera, kViewport, *pixel);
    expectNear(ray.origin, eyePosition(camera));
    const glm::vec3 toPoint = glm::normalize(point - ray.origin);
    EXPECT_GT(glm::dot(toPoint, ray.direction), 0.99999f);
}

TEST(Camera, OrbitClampsPitchAndWrapsYaw) {
    OrbitCamera camera;
    orbit(camera, 0.0f, 10.0f);
    EXPECT_FLOAT_EQ(camera.pitchRadians, kMaxPitchRadians);
    orbit(camera, 0.0f, -20.0f);
    EXPECT_FLOAT_EQ(camera.pitchRadians, kMinPitchRadians);
    orbit(camera, 100.0f, 0.0f);
    EXPECT_LE(std::abs(camera.yawRadians), 3.1416f);
}

TEST(Camera, ZoomScalesDistanceAndStaysInRange) {
    OrbitCamera camera;
    camera.distance = 10.0f;
    zoom(camera, 1.0f);
    EXPECT_NEAR(camera.distance, 8.5f, 1e-4f);
    zoom(camera, -1.0f);
    EXPECT_NEAR(camera.distance, 10.0f, 1e-4f);
    zoom(camera, 1000.0f);
    EXPECT_FLOAT_EQ(camera.distance, kMinDistance);
    zoom(camera, -10000.0f);
    EXPECT_FLOAT_EQ(camera.distance, kMaxDistance);
}

TEST(Camera, PanMovesThePointUnderTheCursorWithTheDrag) {
    OrbitCamera camera;
    camera.yawRadians = 0.4f;
    const glm::vec3 anchor = camera.target;
    const glm::vec2 before = *projectToPixel(camera, kViewport, anchor);
    pan(camera, {40.0f, -25.0f}, kViewport.y);
    const glm::vec2 after = *projectToPixel(camera, kViewport, anchor);
    EXPECT_NEAR(after.x - before.x, 40.0f, 0.05f);
    EXPECT_NEAR(after.y - before.y, -25.0f, 0.05f);
}

TEST(Camera, FrameBoundsKeepsEveryCornerInView) {
    for (const float aspect : {0.5f, 1.0f, 2.5f}) {
        OrbitCamera camera;
        const Bounds bounds{{-0.3f, 0.0f, -1.2f}, {0.4f, 1.8f, 1.5f}};
        frameBounds(camera, bounds, aspect);
        expectNear(camera.target, bounds.center());
        const glm::vec2 viewport{600.0f * aspect, 600.0f};
        for (int corner = 0; corner < 8; ++corner) {
            const glm::vec3 point{(corner & 1) ? bounds.max.x : bounds.min.x,
                                  (corner & 2) ? bounds.max.y : bounds.min.y,
                                  (corner & 4) ? bounds.max.z : bounds.min.z};
            const auto pixel = projectToPixel(camera, viewport, point);
            ASSERT_TRUE(pixel.has_value());
            EXPECT_GE(pixel->x, 0.0f);
            EXPECT_LE(pixel->x, viewport.x);
            EXPECT_GE(pixel->y, 0.0f);
            EXPECT_LE(pixel->y, viewport.y);
        }
    }
}

// Issue 38: a forced unit makes the 1e20 walk 1.6e18 m tall (--unit cm) and the 1e-30 walk
// tiny. The framing follows the figure: every corner of a 1e-5 m and of a 1e18 m box lands in
// the view and inside the depth range (main clamped the distance to 0.01-10 000 m, so the first
// lay behind the near plane and the second around the eye; and glm's lookAt and perspective
// square the distance and multiply near by far, past float at 1e18 m). The zoom's range
// widens with it, and is 0.01-10 000 m again for a figure of human size.
TEST(Camera, FrameBoundsFollowsAFigureOfAnySizeFloatsDraw) {
    for (const float size : {1e-5f, 1e-3f, 1.8f, 1e12f, 1e18f}) {
        OrbitCamera camera;
        const Bounds bounds{{-0.2f * size, 0.0f, -0.1f * size}, {0.2f * size, size, 0.3f * size}};
        frameBounds(camera, bounds, 4.0f / 3.0f);
        const float radius = 0.5f * lengthWithoutOverflow(bounds.size());
        EXPECT_NEAR(camera.distance, 1.05f * radius / std::sin(0.5f * camera.verticalFovRadians),
                    1e-5f * camera.distance)
            << size;
        const glm::mat4 viewProjection = projectionMatrix(camera, 4.0f / 3.0f) * viewMatrix(camera);
        for (int corner = 0; corner < 8; ++corner) {
            const glm::vec3 point{(corner & 1) ? bounds.max.x : bounds.min.x,
                                  (corner & 2) ? bounds.max.y : bounds.min.y,
                                  (corner & 4) ? bounds.max.z : bounds.min.z};
            const glm::vec4 clip = viewProjection * glm::vec4(point, 1.0f);
            ASSERT_GT(clip.w, 0.0f) << size << " corner " << corner;
            const glm::vec3 ndc = glm::vec3(clip) / clip.w;
            EXPECT_LE(std::abs(ndc.x), 1.0f) << size << " corner " << corner;
            EXPECT_LE(std::abs(ndc.y), 1.0f) << size << " corner " << corner;
            EXPECT_LT(std::abs(ndc.z), 1.0f) << size << " corner " << corner;
        }
        const bool humanSized = size == 1.8f;
        EXPECT_EQ(camera.minDistance,
                  humanSized ? kMinDistance : std::min(kMinDistance, 0.2f * radius));
        EXPECT_EQ(camera.maxDistance,
                  humanSized ? kMaxDistance
                             : std::min(std::max(kMaxDistance, 1e3f * radius), kLargestDistance));
        zoom(camera, 1000.0f);
        EXPECT_EQ(camera.distance, camera.minDistance);
    }
}

// The view matrix is glm::lookAt's, built without squaring the eye's distance.
TEST(Camera, TheViewMatrixIsLookAts) {
    OrbitCamera camera;
    camera.target = {0.3f, 0.9f, -1.2f};
    camera.yawRadians = 2.1f;
    camera.pitchRadians = -0.4f;
    const glm::mat4 expected = glm::lookAt(eyePosition(camera), camera.target, {0, 1, 0});
    const glm::mat4 view = viewMatrix(camera);
    for (int column = 0; column < 4; ++column) {
        for (int row = 0; row < 4; ++row) {
            EXPECT_NEAR(view[column][row], expected[column][row], 1e-5f) << column << row;
        }
    }
}

TEST(Camera, FrameBoundsIgnoresEmptyBounds) {
    OrbitCamera camera;
    const OrbitCamera before = camera;
    frameBounds(camera, emptyBounds(), 1.0f);
    EXPECT_EQ(camera.distance, before.distance);
}

TEST(Bounds, GrowFromEmpty) {
    Bounds bounds = emptyBounds();
    EXPECT_TRUE(bounds.empty());
    include(bounds, glm::vec3(1.0f, 2.0f, 3.0f));
    include(bounds, glm::vec3(-1.0f, 0.0f, 5.0f));
    EXPECT_FALSE(bounds.empty());
    expectNear(bounds.min, {-1.0f, 0.0f, 3.0f});
    expectNear(bounds.max, {1.0f, 2.0f, 5.0f});
}
