// TextureTarget: a framebuffer around a texture; what is drawn into it reads back, top row
// first; moving hands the GL objects over.
#include "render/gl/texture_target.h"
#include "tests/gui/gl_test_context.h"

#include <gtest/gtest.h>

using namespace bvhscope;

namespace {

TEST(TextureTarget, WhatIsDrawnReadsBackTopRowFirst) {
    gl_test::HiddenContext context;
    BVHSCOPE_REQUIRE_GL(context);
    const render::TextureTarget target(8, 6);
    ASSERT_TRUE(target);
    EXPECT_NE(target.texture(), 0u);
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer());
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glViewport(0, 0, 8, 6);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.0f, 0.0f, 1.0f, 1.0f); // blue everywhere
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 8, 1); // GL's bottom row red
    glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    const render::Image image = target.read();
    ASSERT_EQ(image.width, 8);
    ASSERT_EQ(image.height, 6);
    ASSERT_EQ(image.rgba.size(), 8u * 6u * 4u);
    auto pixel = [&](int x, int y) { return image.rgba.data() + (y * 8 + x) * 4; };
    for (int x = 0; x < 8; ++x) {
        EXPECT_EQ(pixel(x, 5)[0], 255) << x; // the image's last row is GL's bottom row
        EXPECT_EQ(pixel(x, 5)[2], 0) << x;
        EXPECT_EQ(pixel(x, 0)[0], 0) << x;
        EXPECT_EQ(pixel(x, 0)[2], 255) << x;
    }
}

TEST(TextureTarget, MovingHandsTheObjectsOver) {
    gl_test::HiddenContext context;
    BVHSCOPE_REQUIRE_GL(context);
    render::TextureTarget first(4, 4);
    const GLuint texture = first.texture();
    render::TextureTarget second(std::move(first));
    EXPECT_FALSE(first); // NOLINT(bugprone-use-after-move): the contract under test
    EXPECT_EQ(second.texture(), texture);
    EXPECT_TRUE(glIsTexture(texture));
    second = render::TextureTarget();
    EXPECT_FALSE(glIsTexture(texture)); // deleted with its owner
    const render::TextureTarget empty;
    EXPECT_TRUE(empty.read().rgba.empty());
}

} // namespace
