// The rule that keeps the figures in the picture when the view changes shape
// (app/viewer/view_shape_watch.h): re-framed while the camera is as framing left it, the user's
// camera kept (moved back only as far as a narrower view needs) once they moved it.
#include "app/viewer/view_shape_watch.h"
#include "tests/app/viewer/bundled_sample.h"

#include <gtest/gtest.h>
#include <variant>

using namespace bvhscope;
using namespace bvhscope::viewer;

namespace {

class ViewShape : public testing::Test {
protected:
    void SetUp() override {
        state_.scene.add(test::bundledSample());
        state_.scene.sample(0.0, bvh::Interpolation::Nearest, false, state_.pose);
        state_.follow.start(state_.camera, state_.scene, state_.pose, kWide.width / kWide.height);
        ASSERT_TRUE(state_.follow.framingKept());
        watch_.update(state_, kWide); // the first shape seen: nothing to do
        EXPECT_TRUE(state_.commands.empty());
    }

    static bool framingAsked(std::vector<Command> commands) {
        return commands.size() == 1 && std::holds_alternative<command::FrameFigures>(commands[0]);
    }

    static constexpr LayoutRect kWide{205, 0, 956, 678};
    static constexpr LayoutRect kShort{205, 0, 956, 420}; // Curves opened under it
    static constexpr LayoutRect kNarrow{205, 0, 600, 678};
    ViewerState state_;
    ViewShapeWatch watch_;
};

TEST_F(ViewShape, AFramedViewIsFramedAgainWhenItChangesShape) {
    watch_.update(state_, {205, 0, 956.4f, 678}); // a rounding, not a new shape
    EXPECT_TRUE(state_.commands.empty());
    watch_.update(state_, kShort);
    EXPECT_TRUE(framingAsked(state_.commands.take()));
    watch_.update(state_, kShort);
    EXPECT_TRUE(state_.commands.empty()) << "once per change";
}

TEST_F(ViewShape, TheUsersCameraIsKeptAndOnlyMovedBackWhenTheViewNarrows) {
    state_.follow.noteUserMoved(); // an orbit or a zoom
    const render::OrbitCamera before = state_.camera;
    watch_.update(state_, kShort); // wider in aspect: everything seen before still is
    EXPECT_TRUE(state_.commands.empty());
    EXPECT_EQ(state_.camera.distance, before.distance);
    watch_.update(state_, kNarrow); // aspect 956/420 to 600/678: back by their ratio
    EXPECT_TRUE(state_.commands.empty());
    EXPECT_NEAR(state_.camera.distance, before.distance * (956.0f / 420.0f) / (600.0f / 678.0f),
                1e-3f * before.distance);
    EXPECT_EQ(state_.camera.target, before.target);
    EXPECT_EQ(state_.camera.yawRadians, before.yawRadians);
}

TEST_F(ViewShape, NothingIsAskedWithoutFiguresOrWithoutAView) {
    ViewerState empty;
    ViewShapeWatch watch;
    watch.update(empty, kWide);
    watch.update(empty, kShort);
    EXPECT_TRUE(empty.commands.empty());
    watch_.update(state_, {0, 0, 0, 0}); // minimised
    EXPECT_TRUE(state_.commands.empty());
}

} // namespace
