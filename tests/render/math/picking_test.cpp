#include "render/math/picking.h"

#include <gtest/gtest.h>
#include <vector>

using namespace bvhscope::render;

TEST(Picking, DistanceToASegmentAcrossTheRay) {
    const Ray ray{{0.0f, 0.0f, 5.0f}, {0.0f, 0.0f, -1.0f}};
    const RaySegmentDistance hit = raySegmentDistance(ray, {-1.0f, 0.5f, 0.0f}, {1.0f, 0.5f, 0.0f});
    EXPECT_NEAR(hit.distance, 0.5f, 1e-5f);
    EXPECT_NEAR(hit.rayParameter, 5.0f, 1e-5f);
}

TEST(Picking, SegmentEndpointsClamp) {
    const Ray ray{{0.0f, 0.0f, 5.0f}, {0.0f, 0.0f, -1.0f}};
    const RaySegmentDistance hit = raySegmentDistance(ray, {1.0f, 0.0f, 0.0f}, {3.0f, 0.0f, 0.0f});
    EXPECT_NEAR(hit.distance, 1.0f, 1e-5f);
}

TEST(Picking, PointsBehindTheEyeMeasureFromTheEye) {
    const Ray ray{{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, -1.0f}};
    const RaySegmentDistance hit = raySegmentDistance(ray, {0.0f, 0.0f, 2.0f}, {0.0f, 0.0f, 2.0f});
    EXPECT_NEAR(hit.distance, 2.0f, 1e-5f);
    EXPECT_NEAR(hit.rayParameter, 0.0f, 1e-5f);
}

TEST(Picking, ParallelSegment) {
    const Ray ray{{0.0f, 0.0f, 5.0f}, {0.0f, 0.0f, -1.0f}};
    const RaySegmentDistance hit = raySegmentDistance(ray, {0.2f, 0.0f, 1.0f}, {0.2f, 0.0f, -1.0f});
    EXPECT_NEAR(hit.distance, 0.2f, 1e-5f);
}

TEST(Picking, NearestHitWinsAndMissesAreEmpty) {
    const Ray ray{{0.0f, 0.0f, 5.0f}, {0.0f, 0.0f, -1.0f}};
    const std::vector<PickSegment> segments = {
        {{-1.0f, 0.0f, -2.0f}, {1.0f, 0.0f, -2.0f}, 0.1f}, // far
        {{-1.0f, 0.05f, 1.0f}, {1.0f, 0.05f, 1.0f}, 0.1f}, // near, within radius
        {{-1.0f, 0.5f, 3.0f}, {1.0f, 0.5f, 3.0f}, 0.1f},   // nearest but missed
    };
    EXPECT_EQ(pickNearest(ray, segments), std::optional<std::size_t>(1));
    const Ray away{{0.0f, 5.0f, 5.0f}, {0.0f, 0.0f, -1.0f}};
    EXPECT_FALSE(pickNearest(away, segments).has_value());
}
