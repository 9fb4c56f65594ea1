// xdotool drives the real viewer: dragging the timeline scrubs (the pose follows), a click in
// the joint tree selects, a click on a joint in the viewport selects it, arrow keys step.
#include "app/scene/scene.h"
#include "app/viewer/io/file_loading.h"
#include "tests/gui/gui_test_support.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

class Interaction : public testing::Test {
protected:
    void SetUp() override {
        if (std::getenv("DISPLAY") == nullptr) {
            GTEST_SKIP() << "no DISPLAY: GUI tests run under Xvfb (make test)";
        }
        viewer_.emplace(dir_, std::vector<std::string>{"--frame", "0", "--size", "1200x800"});
        initial_ = viewer_->waitForState([](const ViewerStateFile& state) {
            return state.rects.contains("timeline") && state.rects.contains("tree:0:Spine");
        });
        ASSERT_TRUE(initial_.has_value()) << "the viewer did not start";
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty()) << "no window found for the viewer";
    }

    TempDir dir_;
    std::optional<ViewerProcess> viewer_;
    std::optional<ViewerStateFile> initial_;
    std::string window_;
};

TEST_F(Interaction, DraggingTheTimelineScrubsThePose) {
    const Rect bar = initial_->rects.at("timeline");
    ASSERT_EQ(initial_->frame, 0);
    const float y = bar.centerY();
    // Press near the start, drag in steps to 60% of the bar, and check mid-drag too.
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " " + xdotoolPoint(bar.x + 3, y) +
                        " mousedown 1 mousemove --window " + window_ + " " +
                        xdotoolPoint(bar.x + bar.width * 0.3f, y)));
    const auto midDrag =
        viewer_->waitForState([](const ViewerStateFile& state) { return state.frame > 5; });
    ASSERT_TRUE(midDrag.has_value()) << "the frame did not follow the drag";
    // The frame follows while the button is held (what scrubbing is), then it is released.
    ASSERT_TRUE(
        xdotool("mousemove --window " + window_ + " " + xdotoolPoint(bar.x + bar.width * 0.6f, y)));
    const std::int64_t expected = std::llround(0.6 * static_cast<double>(initial_->lastFrame));
    auto nearExpected = [&](const ViewerStateFile& state) {
        return std::abs(state.frame - expected) <= 2;
    };
    ASSERT_TRUE(viewer_->waitForState(nearExpected).has_value())
        << "expected frame near " << expected << " while dragging";
    const auto held = viewer_->currentState();
    ASSERT_TRUE(held.has_value());
    ASSERT_TRUE(xdotool("mouseup 1"));
    // The release applied (one event at least), and the frame where the drag left it.
    ASSERT_TRUE(viewer_->waitForInputApplied(*held, 1));
    const auto after = viewer_->waitForState(nearExpected);
    ASSERT_TRUE(after.has_value()) << "the frame moved away from " << expected << " on release";
    EXPECT_FALSE(after->playing);
    // The pose changed: the walk moves the root forward.
    EXPECT_GT(std::abs(after->rootZ - initial_->rootZ), 0.2f);
}

TEST_F(Interaction, ClickingATreeItemSelectsTheJoint) {
    EXPECT_EQ(initial_->selected, "none");
    const auto aimed = viewer_->waitForSettledState(
        [](const ViewerStateFile& state) { return state.rects.contains("tree:0:Spine"); },
        {"tree:0:Spine"});
    ASSERT_TRUE(aimed.has_value());
    const Rect item = aimed->rects.at("tree:0:Spine");
    ASSERT_TRUE(clickAt(window_, item.x + 40, item.centerY()));
    EXPECT_TRUE(viewer_->waitForState(
        [](const ViewerStateFile& state) { return state.selected == "0 Spine"; }));
}

TEST_F(Interaction, ClickingAJointInTheViewportSelectsIt) {
    viewer::LoadOutcome loaded = viewer::loadBundledSample();
    ASSERT_TRUE(loaded.character.has_value());
    scene::Scene scene;
    scene.add(std::move(*loaded.character));
    scene::ScenePose pose;
    scene.sample(initial_->time, bvh::Interpolation::Linear, false, pose);
    const scene::Character& character = scene.characters().front();
    const auto head = static_cast<std::size_t>(character.clip->document.skeleton.find("Head"));
    const auto pixel = projectIntoWindow(*initial_, pose.characters.front().viewerPositions[head]);
    ASSERT_TRUE(pixel.has_value());
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " " + xdotoolPoint(pixel->x, pixel->y) +
                        " click 1"));
    const auto picked = viewer_->waitForState(
        [](const ViewerStateFile& state) { return state.selected != "none"; });
    ASSERT_TRUE(picked.has_value());
    EXPECT_EQ(picked->selected, "0 Head");
}

TEST_F(Interaction, ArrowKeysStepFrames) {
    // Hover the viewport (not a panel) and give the window the keyboard focus, then send XTEST
    // keys (not XSendEvent) one at a time, each checked before the next.
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " 600 60 windowfocus --sync " + window_));
    for (std::int64_t expected = 1; expected <= 3; ++expected) {
        ASSERT_TRUE(xdotool("key Right"));
        const auto stepped = viewer_->waitForState(
            [&](const ViewerStateFile& state) { return state.frame == expected; });
        ASSERT_TRUE(stepped.has_value()) << "Right did not step to frame " << expected;
    }
}

} // namespace
