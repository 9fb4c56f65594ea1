// The analysis views in the real viewer, driven with xdotool: a selected joint shows its curves
// and a click in them seeks; the same file twice compares to zero; the fps override and the
// Frame Time fix change the clip's length; P shows the rest pose.
#include "tests/gui/gui_test_support.h"
#include "tests/support/generated_library.h"

#include <cmath>
#include <fstream>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

class AnalysisViews : public testing::Test {
protected:
    // The window is taller than the other GUI tests'; Info's buttons may still need scrolling
    // to (reveal()).
    void start(std::vector<std::string> files,
               const std::function<bool(const ViewerStateFile&)>& ready) {
        files.insert(files.end(), {"--frame", "0", "--size", "1400x980"});
        viewer_.emplace(dir_, files);
        initial_ = viewer_->waitForState([&](const ViewerStateFile& state) {
            return !state.loading && state.rects.contains("timeline") && ready(state);
        });
        ASSERT_TRUE(initial_.has_value()) << "the viewer did not start";
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty()) << "no window found for the viewer";
    }

    void click(const std::string& rect, float fractionX = 0.5f) {
        ASSERT_TRUE(clickSettledRect(*viewer_, window_, rect, Click::atFraction(fractionX)));
    }

    // Scrolls the panel `window` (window:NAME) with the mouse wheel, as a user would, until the
    // item `name` is inside it: a docked panel shows what fits and scrolls the rest. False when
    // it never gets there.
    bool reveal(const std::string& name, const std::string& window) {
        for (int step = 0; step < 30; ++step) {
            const auto state = viewer_->waitForSettledState(
                [&](const ViewerStateFile& s) {
                    return s.rects.contains(name) && s.rects.contains(window);
                },
                {name, window});
            if (!state) {
                return false;
            }
            const Rect item = state->rects.at(name);
            const Rect panel = state->rects.at(window);
            if (item.y >= panel.y && item.y + item.height <= panel.y + panel.height) {
                return true;
            }
            const bool below = item.y + item.height > panel.y + panel.height;
            if (!clickAt(window_, panel.centerX(), panel.centerY(),
                         Click::ofButton(below ? 5 : 4)) ||
                !viewer_->waitForInputApplied(*state, 1)) {
                return false;
            }
        }
        return false;
    }

    std::optional<ViewerStateFile> waitFor(const std::function<bool(const ViewerStateFile&)>& ok) {
        return viewer_->waitForState(ok);
    }

    TempDir dir_;
    std::optional<ViewerProcess> viewer_;
    std::optional<ViewerStateFile> initial_;
    std::string window_;
};

// Issue 42: nothing opens by itself. Selecting a joint fills Selected joint and leaves the view
// its room; Curves open when asked (the panel's Curves button, or View > Curves).
TEST_F(AnalysisViews, CurvesOpenOnlyWhenAskedAndAClickInThemSeeks) {
    BVHSCOPE_REQUIRE_DISPLAY();
    start({kSample},
          [](const ViewerStateFile& state) { return state.rects.contains("tree:0:Hips"); });
    EXPECT_FALSE(initial_->curves.has_value());
    EXPECT_FALSE(initial_->rects.contains("window:Curves")) << "no joint, no Curves panel";
    click("tree:0:Hips", 0.15f);
    const auto selected = viewer_->waitForSettledState(
        [](const ViewerStateFile& state) { return state.rects.contains("selection:curves"); });
    ASSERT_TRUE(selected.has_value()) << "selecting Hips did not fill Selected joint";
    EXPECT_FALSE(selected->rects.contains("window:Curves")) << "Curves opened by themselves";
    EXPECT_EQ(viewRect(*selected).height, viewRect(*initial_).height) << "the view shrank";
    click("selection:curves");
    const auto shown = waitFor([](const ViewerStateFile& state) {
        return state.curves && state.rects.contains("curves:plot:rotation");
    });
    ASSERT_TRUE(shown.has_value()) << "the Curves button did not show Hips' curves";
    EXPECT_EQ(shown->curves->node, "Hips");
    EXPECT_EQ(shown->curves->channels, 6u); // 3 positions, 3 rotations
    EXPECT_EQ(shown->curves->frames, 66u);
    EXPECT_TRUE(shown->rects.contains("curves:plot:position"));

    // A click at 75 % of the plot's width seeks to 75 % of the clip, and pauses.
    click("curves:plot:rotation", 0.75f);
    const std::int64_t expected = std::llround(0.75 * 65.0);
    const auto sought = waitFor(
        [&](const ViewerStateFile& state) { return std::abs(state.frame - expected) <= 1; });
    ASSERT_TRUE(sought.has_value()) << "expected frame near " << expected;
    EXPECT_FALSE(sought->playing);
}

TEST_F(AnalysisViews, TheSameFileTwiceComparesToNothing) {
    BVHSCOPE_REQUIRE_DISPLAY();
    start({kSample, kSample},
          [](const ViewerStateFile& state) { return state.rects.contains("files:compare"); });
    ASSERT_EQ(initial_->characters.size(), 2u);
    EXPECT_GT(initial_->characters[1].placementX, 0.5f) << "side by side before comparing";
    EXPECT_FALSE(initial_->compare.active);
    // Compare never opens by itself over the view: the Files panel's button opens it, docked.
    EXPECT_FALSE(initial_->rects.contains("window:Compare"));
    click("files:compare");
    const auto opened = waitFor(
        [](const ViewerStateFile& state) { return state.rects.contains("compare:enable"); });
    ASSERT_TRUE(opened.has_value()) << "the Compare button did not open the panel";
    const Rect panel = opened->rects.at("window:Compare");
    const Rect view = viewRect(*opened);
    EXPECT_LE(view.y + view.height, panel.y) << "the Compare dock is under the view";
    click("compare:enable", 0.1f);
    const auto compared =
        waitFor([](const ViewerStateFile& state) { return state.compare.active; });
    ASSERT_TRUE(compared.has_value()) << "ticking Compare did not start it";
    EXPECT_EQ(compared->compare.a, 0u);
    EXPECT_EQ(compared->compare.b, 1u);
    EXPECT_EQ(compared->compare.layout, "overlay");
    EXPECT_EQ(compared->compare.matched, 26u); // 21 joints and 5 End Sites
    EXPECT_EQ(compared->compare.nodes, 26u);
    EXPECT_EQ(compared->compare.max, 0.0);
    EXPECT_EQ(compared->compare.mean, 0.0);
    EXPECT_TRUE(compared->compare.painted);
    // Overlaid: B stands where A does.
    EXPECT_EQ(compared->characters[1].placementX, compared->characters[0].placementX);

    click("compare:side", 0.1f);
    const auto sideBySide = waitFor([](const ViewerStateFile& state) {
        return state.compare.layout == "side" && state.characters.size() == 2 &&
               state.characters[1].placementX > 0.5f;
    });
    ASSERT_TRUE(sideBySide.has_value());
    EXPECT_EQ(sideBySide->compare.max, 0.0);
}

// Issue 39 item 5: the same walk started 2.5 m away, a quarter turn round, compares far apart
// overlaid; Align start puts its first frame on the other's, so frame 0 differs by nothing.
TEST_F(AnalysisViews, AlignStartOverlaysTakesThatStartApartFacingApart) {
    BVHSCOPE_REQUIRE_DISPLAY();
    bvh::test::TakeVariation turned;
    turned.facingDegrees = 90.0;
    turned.startX = 200.0;
    turned.startZ = 150.0;
    const auto a = dir_.path() / "walk_a.bvh";
    const auto b = dir_.path() / "walk_b.bvh";
    std::ofstream(a, std::ios::binary) << bvh::test::generatedTake("walk", "normal", {});
    std::ofstream(b, std::ios::binary) << bvh::test::generatedTake("walk", "normal", turned);
    start({a.string(), b.string()},
          [](const ViewerStateFile& state) { return state.rects.contains("files:compare"); });
    click("files:compare");
    ASSERT_TRUE(waitFor(
        [](const ViewerStateFile& state) { return state.rects.contains("compare:enable"); }));
    click("compare:enable", 0.1f);
    const auto apart = waitFor([](const ViewerStateFile& state) { return state.compare.active; });
    ASSERT_TRUE(apart.has_value()) << "ticking Compare did not start it";
    EXPECT_GT(apart->compare.mean, 2.0) << "2.5 m apart before aligning";
    click("compare:align-start", 0.1f);
    const auto aligned = waitFor([](const ViewerStateFile& state) {
        return state.compare.active && state.compare.max < 1e-3;
    });
    ASSERT_TRUE(aligned.has_value()) << "Align start did not put B's first frame on A's";
}

TEST_F(AnalysisViews, TheFpsOverrideChangesTheClipsLength) {
    BVHSCOPE_REQUIRE_DISPLAY();
    start({kSample}, [](const ViewerStateFile& state) { return state.rects.contains("info:fps"); });
    ASSERT_EQ(initial_->characters.size(), 1u);
    EXPECT_NEAR(initial_->duration, 65 * 0.0333333, 1e-6);
    ASSERT_TRUE(reveal("info:fps", "window:Info")) << "the fps field cannot be scrolled into view";
    click("info:fps");
    // Taps, as xdotool types them: no key is held for ImGui to see it (input_queue.h).
    ASSERT_TRUE(xdotool("key ctrl+a type --delay 5 60"));
    ASSERT_TRUE(xdotool("key Return"));
    const auto faster = waitFor([](const ViewerStateFile& state) {
        return !state.characters.empty() && state.characters[0].override;
    });
    ASSERT_TRUE(faster.has_value()) << "the override was not applied";
    EXPECT_DOUBLE_EQ(faster->characters[0].framesPerSecondInUse, 60.0);
    EXPECT_NEAR(faster->characters[0].fileFramesPerSecond, 1.0 / 0.0333333, 1e-4);
    EXPECT_NEAR(faster->duration, 65.0 / 60.0, 1e-6);
    EXPECT_EQ(faster->lastFrame, 65) << "as many frames, played faster";

    ASSERT_TRUE(reveal("info:fps-reset", "window:Info"))
        << "the reset button cannot be scrolled into view";
    click("info:fps-reset");
    const auto back = waitFor([](const ViewerStateFile& state) {
        return !state.characters.empty() && !state.characters[0].override;
    });
    ASSERT_TRUE(back.has_value());
    EXPECT_NEAR(back->duration, 65 * 0.0333333, 1e-6);
}

TEST_F(AnalysisViews, TheFrameTimeFixPlaysAtTheExactRate) {
    BVHSCOPE_REQUIRE_DISPLAY();
    start({kSample},
          [](const ViewerStateFile& state) { return state.rects.contains("info:fix-written"); });
    // The sample says 0.0333333: 1/30 written to 7 decimals.
    ASSERT_EQ(initial_->frameTimeWritten.size(), 1u);
    EXPECT_EQ(initial_->frameTimeWritten[0], "30");
    ASSERT_TRUE(reveal("info:fix-written", "window:Info"))
        << "the fix button cannot be scrolled into view";
    click("info:fix-written");
    const auto fixed = waitFor([](const ViewerStateFile& state) {
        return !state.characters.empty() && state.characters[0].override;
    });
    ASSERT_TRUE(fixed.has_value()) << "the fix was not applied";
    EXPECT_DOUBLE_EQ(fixed->characters[0].framesPerSecondInUse, 30.0);
    EXPECT_NEAR(fixed->duration, 65.0 / 30.0, 1e-6);
}

TEST_F(AnalysisViews, PShowsTheRestPoseAndBack) {
    BVHSCOPE_REQUIRE_DISPLAY();
    start({kSample}, [](const ViewerStateFile&) { return true; });
    EXPECT_FALSE(initial_->restPose);
    // The walk's root at frame 0 is off the origin; in the rest pose it is at its OFFSET.
    const float animatedZ = initial_->rootZ;
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " 700 120 windowfocus --sync " + window_ +
                        " key p"));
    EXPECT_GT(std::abs(animatedZ), 0.5f);
    // The key is read after the frame's pose: the pose follows on the next frame.
    const auto rest = waitFor([](const ViewerStateFile& state) {
        return state.restPose && state.rootX == 0.0f && state.rootZ == 0.0f;
    });
    ASSERT_TRUE(rest.has_value()) << "P did not show the rest pose (the root at its OFFSET)";
    EXPECT_EQ(rest->frame, 0) << "the timeline stays where it was";
    ASSERT_TRUE(xdotool("key p"));
    const auto animated = waitFor([&](const ViewerStateFile& state) {
        return !state.restPose && std::abs(state.rootZ - animatedZ) < 1e-5f;
    });
    ASSERT_TRUE(animated.has_value()) << "P again did not bring the animation back";
}

} // namespace
