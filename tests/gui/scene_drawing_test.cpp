// SceneDrawer::draw with a visible area (the viewer's part of the window outside its panels):
// the scene is drawn inside it, through an offscreen target (multisampled, or when the destination
// has no depth and stencil) or straight into the destination, and nothing of the scene lands
// outside it, where the framebuffer keeps what it had or shows the background.
#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/scene/scene_drawing.h"
#include "render/gl/texture_target.h"
#include "tests/app/viewer/bundled_sample.h"
#include "tests/gui/gl_test_context.h"

#include <glm/common.hpp>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::viewer;

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
    scene.evaluate(0.0, bvh::Interpolation::Nearest);
    const render::OrbitCamera camera = thumbnailCamera(scene);
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
        drawer.draw(scene, camera, std::nullopt, options, kWidth, kHeight, target.framebuffer(),
                    nullptr, restricted ? std::optional(area) : std::nullopt);
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

} // namespace
