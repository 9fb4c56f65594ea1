// GL drawing checked in-process through the headless context (on Linux: EGL, DISPLAY removed; on
// Windows: a hidden window): the context itself, the overlay renderer's
// lines and discs, and translucent skeletons blending each pixel once.
#include "render/draw/overlay_renderer.h"
#include "render/draw/skeleton_renderer.h"
#include "tests/render/draw/headless_gl_fixture.h"

#include <algorithm>
#include <cstdlib>
#include <gtest/gtest.h>
#include <type_traits>
#include <vector>

using namespace bvhscope::render;
using test::HeadlessGl;
using test::kSize;

static_assert(!std::is_copy_constructible_v<HeadlessContext>);

namespace {

TEST_F(HeadlessGl, TheContextIsOpenGl33CoreWithoutADisplay) {
    GLint major = 0;
    GLint minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    EXPECT_GE(major * 10 + minor, 33);
    GLint profile = 0;
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
    EXPECT_NE(profile & GL_CONTEXT_CORE_PROFILE_BIT, 0);
    EXPECT_FALSE(context_->platform().empty());
    EXPECT_FALSE(context_->renderer().empty());
}

TEST_F(HeadlessGl, LinesHaveTheirPixelWidthAndBlendTheirEndColours) {
    OverlayRenderer overlays;
    ASSERT_TRUE(overlays.error().empty()) << overlays.error();
    clear();
    const LineSegment segment{{-1.0f, 0.0f, 0.0f},      5.0f,
                              {1.0f, 0.0f, 0.0f},       0.0f,
                              {1.0f, 0.0f, 0.0f, 1.0f}, {0.0f, 0.0f, 1.0f, 1.0f}};
    overlays.drawLines(view(), glm::vec2(kSize), std::span(&segment, 1));
    const Image image = read();
    const glm::ivec2 middle = pixelOf({0.0f, 0.0f, 0.0f});
    const glm::ivec2 nearStart = pixelOf({-0.8f, 0.0f, 0.0f});
    const glm::ivec2 nearEnd = pixelOf({0.8f, 0.0f, 0.0f});
    EXPECT_GT(at(image, nearStart)[0], 200);
    EXPECT_LT(at(image, nearStart)[2], 60);
    EXPECT_GT(at(image, nearEnd)[2], 200);
    EXPECT_LT(at(image, nearEnd)[0], 60);
    EXPECT_GT(at(image, middle)[0] + at(image, middle)[2], 200);
    // Five pixels wide: two rows either side are drawn, four rows away is not.
    EXPECT_GT(at(image, middle + glm::ivec2(0, 2))[0] + at(image, middle + glm::ivec2(0, 2))[2],
              150);
    EXPECT_EQ(at(image, middle + glm::ivec2(0, 4))[0], 0);
    EXPECT_EQ(at(image, middle + glm::ivec2(0, -4))[2], 0);
}

TEST_F(HeadlessGl, DiscsLieOnTheGroundWithAFaintFillAndAStrongRim) {
    OverlayRenderer overlays;
    ASSERT_TRUE(overlays.error().empty()) << overlays.error();
    camera_.pitchRadians = 1.2f; // looking down at the ground plane y = 0
    clear();
    const GroundDisc disc{{0.0f, 0.0f, 0.0f}, 1.0f, {0.0f, 1.0f, 0.0f, 1.0f}};
    overlays.drawDiscs(view(), std::span(&disc, 1));
    const Image image = read();
    const std::uint8_t* centre = at(image, pixelOf({0.0f, 0.0f, 0.0f}));
    const std::uint8_t* rim = at(image, pixelOf({0.86f, 0.0f, 0.0f}));
    const std::uint8_t* outside = at(image, pixelOf({1.3f, 0.0f, 0.0f}));
    EXPECT_NEAR(centre[1], 0.45 * 255, 4); // the fill: 45 % over black
    EXPECT_EQ(centre[0], 0);
    EXPECT_GT(rim[1], 240);
    EXPECT_EQ(outside[1], 0);
}

TEST_F(HeadlessGl, TranslucentSkeletonsBlendEachPixelOnce) {
    SkeletonRenderer skeletons;
    ASSERT_TRUE(skeletons.error().empty()) << skeletons.error();
    SkeletonStyle style;
    style.drawShadow = false;
    style.drawJoints = false;
    const glm::vec4 white{1.0f, 1.0f, 1.0f, 1.0f};
    const BoneInstance opaque{{-1.0f, 0.0f, 0.0f}, 0.4f, {1.0f, 0.0f, 0.0f}, 0.0f, white};
    BoneInstance ghost = opaque;
    ghost.color.a = 0.5f;
    const glm::ivec2 middle = pixelOf({0.0f, 0.0f, 0.0f});

    clear();
    skeletons.drawSkeletons(view(), std::span(&opaque, 1), {}, style);
    const int shaded = at(read(), middle)[1];
    clear();
    skeletons.drawTranslucent(view(), std::span(&ghost, 1), {}, style);
    const int blended = at(read(), middle)[1];
    // Over black, once: half the shaded colour. Blending the capsule's back and front (no
    // depth pre-pass) would give more than that.
    ASSERT_GT(shaded, 100);
    EXPECT_NEAR(blended, shaded / 2.0, 3.0);

    // A second ghost behind the first does not show through it.
    BoneInstance behind = ghost;
    behind.start.z = behind.end.z = -1.0f;
    const BoneInstance both[] = {ghost, behind};
    clear();
    skeletons.drawTranslucent(view(), both, {}, style);
    EXPECT_NEAR(at(read(), middle)[1], blended, 2.0);
}

} // namespace

namespace {

// Lit pixels (any channel above `threshold`) in the image.
int litPixels(const Image& image, int threshold = 40) {
    int lit = 0;
    for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
        lit += std::max({image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]}) > threshold ? 1 : 0;
    }
    return lit;
}

// A vertical chain of `count` bones from y = -1 to y = +1, each far shorter than a pixel.
std::vector<BoneInstance> subPixelChain(int count, float radius) {
    std::vector<BoneInstance> bones;
    for (int i = 0; i < count; ++i) {
        const float from = -1.0f + 2.0f * static_cast<float>(i) / static_cast<float>(count);
        const float to = -1.0f + 2.0f * static_cast<float>(i + 1) / static_cast<float>(count);
        bones.push_back(
            {{0.0f, from, 0.0f}, radius, {0.0f, to, 0.0f}, 0.0f, {1.0f, 0.5f, 0.1f, 1.0f}});
    }
    return bones;
}

} // namespace

TEST_F(HeadlessGl, BonesThinnerThanAPixelAreDrawnAtTheMinimumWidth) {
    SkeletonRenderer skeletons;
    ASSERT_TRUE(skeletons.error().empty()) << skeletons.error();
    SkeletonStyle style;
    style.drawShadow = false;
    style.drawJoints = false;
    // 2000 bones of a thousandth of a pixel, 0.0001 thick: below every pixel centre.
    const std::vector<BoneInstance> bones = subPixelChain(2000, 1e-4f);
    clear();
    skeletons.drawSkeletons(view(), bones, {}, style);
    EXPECT_LT(litPixels(read()), 5) << "sub-pixel bones drew without a minimum";

    ViewParameters widened = view();
    widened.minRadiusPerDistance = pixelRadiusPerDistance(0.75f, camera_.verticalFovRadians, kSize);
    for (const BoneStyle bonesAs : {BoneStyle::Capsule, BoneStyle::Line}) {
        style.bones = bonesAs;
        clear();
        skeletons.drawSkeletons(widened, bones, {}, style);
        const Image image = read();
        // Every row the chain crosses is drawn, and the line stays about a pixel wide.
        const glm::ivec2 top = pixelOf({0.0f, 0.9f, 0.0f});
        const glm::ivec2 bottom = pixelOf({0.0f, -0.9f, 0.0f});
        int rowsDrawn = 0;
        for (int y = top.y; y <= bottom.y; ++y) {
            bool drawn = false;
            for (int dx = -1; dx <= 1; ++dx) {
                drawn = drawn || at(image, {top.x + dx, y})[0] > 100;
            }
            rowsDrawn += drawn ? 1 : 0;
        }
        EXPECT_EQ(rowsDrawn, bottom.y - top.y + 1) << "style " << static_cast<int>(bonesAs);
        EXPECT_EQ(at(image, top + glm::ivec2(3, 0))[0], 0) << "wider than the minimum";
        EXPECT_LT(litPixels(image), 3 * (bottom.y - top.y + 40));
    }
}
