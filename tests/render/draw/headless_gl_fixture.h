// A test fixture drawing offscreen through the headless context (EGL on Linux, DISPLAY removed):
// a kSize x kSize multisampled target, an orbit camera looking at the origin from +Z, and
// helpers to read the picture back and find a world point's pixel.
#pragma once

#include "render/draw/skeleton_renderer.h"
#include "render/gl/headless_context.h"
#include "render/gl/image_target.h"
#include "render/gl/render_target.h"
#include "render/math/camera.h"
#include "tests/render/gl/display_server.h"

#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <gtest/gtest.h>
#include <memory>

namespace bvhscope::render::test {

inline constexpr int kSize = 96;

class HeadlessGl : public testing::Test {
protected:
    static void SetUpTestSuite() { leaveOnlyWhatTheHeadlessContextNeeds(); }
    void SetUp() override {
        context_ = std::make_unique<HeadlessContext>();
        ASSERT_TRUE(context_->ok()) << context_->error();
        target_.resize(kSize, kSize, 0);
        image_.resize(kSize, kSize);
        camera_.target = glm::vec3(0.0f);
        camera_.distance = 4.0f;
        camera_.yawRadians = 0.0f;
        camera_.pitchRadians = 0.0f;
    }
    void TearDown() override {
        // GL objects die while the context is current, then the context.
        image_ = ImageTarget();
        target_ = MultisampleTarget();
        context_.reset();
    }

    ViewParameters view() const {
        ViewParameters parameters;
        parameters.viewProjection = projectionMatrix(camera_, 1.0f) * viewMatrix(camera_);
        parameters.eyePosition = eyePosition(camera_);
        return parameters;
    }
    // Clears to `grey` (0 black ... 1 white), depth and stencil.
    void clear(float grey = 0.0f) {
        target_.bind();
        glClearColor(grey, grey, grey, 1.0f);
        glClearDepth(1.0);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
    }
    Image read() {
        target_.resolveInto(image_.framebuffer());
        return image_.read();
    }
    glm::ivec2 pixelOf(const glm::vec3& point) const {
        const auto pixel = projectToPixel(camera_, glm::vec2(kSize), point);
        EXPECT_TRUE(pixel.has_value());
        return pixel ? glm::ivec2(*pixel) : glm::ivec2(0);
    }
    static const std::uint8_t* at(const Image& image, glm::ivec2 pixel) {
        return image.rgba.data() + (static_cast<std::size_t>(pixel.y) * image.width + pixel.x) * 4;
    }

    std::unique_ptr<HeadlessContext> context_;
    MultisampleTarget target_;
    ImageTarget image_;
    OrbitCamera camera_;
};

} // namespace bvhscope::render::test
