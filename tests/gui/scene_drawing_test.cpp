// SceneDrawer::draw with a visible area (the viewer's part of the window outside its panels):
// the scene is drawn inside it, through an offscreen target (multisampled, or when the destination
// has no depth and stencil) or straight into the destination, and nothing of the scene lands
// outside it, where the framebuffer keeps what it had or shows the background.
#include "app/pictures/scene_drawing.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "render/gl/texture_target.h"
#include "tests/app/viewer/bundled_sample.h"
#include "tests/gui/gl_test_context.h"

#include <algorithm>
#include <glm/common.hpp>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::pictures;
using namespace bvhscope::scene;

namespace {

constexpr int kWidth = 96;
constexpr int kHeight = 64;
const glm::ivec3 kFill(255, 0, 255); // what the target holds before the scene is drawn

struct Counts {
    int fill = 0;
    int background = 0;
    int scene = 0; // grid, shadow or figure
};

Counts countIn(const render::Image& image, const render::PixelRect& area, bool inside,
               const glm::vec3& background) {
    const glm::ivec3 backgroundPixel(glm::round(background * 255.0f));
    Counts counts;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const bool in =
                x >= area.x && x < area.x + area.width && y >= area.y && y < area.y + area.height;
            if (in != inside) {
                continue;
            }
            const std::uint8_t* p =
                &image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4];
            const glm::ivec3 pixel(p[0], p[1], p[2]);
            if (pixel == kFill) {
                ++counts.fill;
            } else if (glm::all(
                           glm::lessThanEqual(glm::abs(pixel - backgroundPixel), glm::ivec3(2)))) {
                ++counts.background;
            } else {
                ++counts.scene;
            }
        }
    }
    return counts;
}

struct DrawCase {
    int samples;
    bool depthAndStencil; // in the destination: with no samples, drawn straight into it
};

class SceneDrawing : public testing::TestWithParam<DrawCase> {};

TEST_P(SceneDrawing, DrawsOnlyInsideTheVisibleArea) {
    gl_test::HiddenContext context;
    BVHSCOPE_REQUIRE_GL(context);
    Scene scene;
    scene.add(test::bundledSample());
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    const render::OrbitCamera camera = thumbnailCamera(scene, pose);
    SceneDrawOptions options;
    options.msaaSamples = GetParam().samples;
    SceneDrawer drawer;
    ASSERT_TRUE(drawer.error().empty()) << drawer.error();

    // The middle of the picture, where the figure stands on the grid.
    const render::PixelRect area{24, 8, 48, 48};
    for (const bool restricted : {true, false}) {
        const render::TextureTarget target(kWidth, kHeight);
        const render::Renderbuffer depthStencil = render::createRenderbuffer();
        if (GetParam().depthAndStencil) {
            glBindRenderbuffer(GL_RENDERBUFFER, depthStencil.id());
            glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, kWidth, kHeight);
            glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer());
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                      depthStencil.id());
        }
        EXPECT_EQ(render::hasDepthAndStencil(target.framebuffer()), GetParam().depthAndStencil);
        glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer());
        glClearColor(kFill.r / 255.0f, kFill.g / 255.0f, kFill.b / 255.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        drawer.draw(scene, pose, camera, std::nullopt, options, kWidth, kHeight,
                    target.framebuffer(), nullptr, restricted ? std::optional(area) : std::nullopt);
        const render::Image image = target.read();
        const Counts inside = countIn(image, area, true, options.backgroundColor);
        const Counts outside = countIn(image, area, false, options.backgroundColor);
        EXPECT_EQ(inside.fill, 0) << "restricted " << restricted;
        EXPECT_GT(inside.scene, area.width * area.height / 10) << "restricted " << restricted;
        if (restricted) {
            EXPECT_EQ(outside.scene, 0) << "the scene was drawn outside the visible area";
        } else {
            EXPECT_EQ(outside.fill, 0);
            EXPECT_GT(outside.scene, 0);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Targets, SceneDrawing,
                         testing::Values(DrawCase{0, false}, DrawCase{4, false}, DrawCase{0, true},
                                         DrawCase{4, true}));

// With a view rectangle (the viewer's view between its docked panels) the camera projects into
// it with its aspect: the figure stands in the middle of the rectangle, none of the scene lands
// outside it, and framing for that aspect keeps the whole figure inside.
TEST(SceneDrawingViewRect, TheFigureIsProjectedIntoTheViewRectangle) {
    gl_test::HiddenContext context;
    BVHSCOPE_REQUIRE_GL(context);
    Scene scene;
    scene.add(test::bundledSample());
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    // The left 40 % of a wide picture, as a view left of a wide right column.
    const render::PixelRect view{0, 0, 96, 64};
    constexpr int kWide = 240;
    render::OrbitCamera camera;
    render::frameBounds(camera, scene.motionBounds(),
                        static_cast<float>(view.width) / static_cast<float>(view.height));
    SceneDrawOptions options;
    options.msaaSamples = 0;
    options.showGrid = false;
    options.showShadow = false;
    SceneDrawer drawer;
    ASSERT_TRUE(drawer.error().empty()) << drawer.error();
    const render::TextureTarget target(kWide, kHeight);
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer());
    glClearColor(kFill.r / 255.0f, kFill.g / 255.0f, kFill.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    drawer.draw(scene, pose, camera, std::nullopt, options, kWide, kHeight, target.framebuffer(),
                nullptr, std::nullopt, view);
    const render::Image image = target.read();
    EXPECT_EQ(countIn(image, view, false, options.backgroundColor).scene, 0)
        << "the scene was drawn outside the view rectangle";
    // The figure's pixels: centred in the view, clear of its edges.
    const glm::ivec3 backgroundPixel(glm::round(options.backgroundColor * 255.0f));
    int minX = kWide, maxX = -1;
    double sumX = 0;
    int count = 0;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < view.width; ++x) {
            const std::uint8_t* p =
                &image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4];
            const glm::ivec3 pixel(p[0], p[1], p[2]);
            if (glm::any(glm::greaterThan(glm::abs(pixel - backgroundPixel), glm::ivec3(2)))) {
                minX = std::min(minX, x);
                maxX = std::max(maxX, x);
                sumX += x;
                ++count;
            }
        }
    }
    ASSERT_GT(count, 20) << "no figure in the view";
    EXPECT_GT(minX, 0);
    EXPECT_LT(maxX, view.width - 1);
    EXPECT_NEAR(sumX / count, view.width / 2.0, view.width * 0.3);
}

} // namespace
