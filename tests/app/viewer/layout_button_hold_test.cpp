// A mouse button's change waits out the first frame of a new docked layout
// (app/viewer/layout_button_hold.h): Dear ImGui 1.86 judges a click on the rectangles the frame
// before left, so in that frame a click would land on what the old layout had there.
#include "app/viewer/layout_button_hold.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;

namespace {

DockLayout layoutOf(float width, float height, bool jointSelected = false,
                    bool browserShown = false) {
    DockRequest request;
    request.windowWidth = width;
    request.windowHeight = height;
    request.jointSelected = jointSelected;
    request.browserShown = browserShown;
    return computeDockLayout(request, bvhscope::scene::DockProportions{});
}

} // namespace

TEST(LayoutButtonHold, TheFirstFrameAndAFrameAfterAResizeHoldButtons) {
    LayoutButtonHold hold;
    EXPECT_EQ(hold.next(layoutOf(1280, 720)), ButtonHold::ForNewLayout); // nothing laid out yet
    EXPECT_EQ(hold.next(layoutOf(1280, 720)), ButtonHold::None);
    EXPECT_EQ(hold.next(layoutOf(1280, 720)), ButtonHold::None);
    EXPECT_EQ(hold.next(layoutOf(720, 1280)), ButtonHold::ForNewLayout); // turned
    EXPECT_EQ(hold.next(layoutOf(720, 1280)), ButtonHold::None);
}

// The window keeps its size; a panel opening moves the others. A click on the Info panel in the
// frame the joint's panel took its share would be judged on Info's old rectangle.
TEST(LayoutButtonHold, APanelOpeningInAWindowOfTheSameSizeHoldsButtonsForAFrame) {
    LayoutButtonHold hold;
    hold.next(layoutOf(1280, 720));
    ASSERT_EQ(hold.next(layoutOf(1280, 720)), ButtonHold::None);
    const DockLayout selected = layoutOf(1280, 720, true);
    ASSERT_NE(selected.info, layoutOf(1280, 720).info); // the right column re-split
    EXPECT_EQ(hold.next(selected), ButtonHold::ForNewLayout);
    EXPECT_EQ(hold.next(selected), ButtonHold::None);
    const DockLayout browsing = layoutOf(1280, 720, true, true);
    ASSERT_NE(browsing.view, selected.view); // the Browser took the bottom of the view
    EXPECT_EQ(hold.next(browsing), ButtonHold::ForNewLayout);
    EXPECT_EQ(hold.next(browsing), ButtonHold::None);
}

// A window resized every frame (a drag of its border) or a splitter held in a drag changes the
// layout in every frame: after kLongestHold frames clicks pass again, or none ever would.
TEST(LayoutButtonHold, ALayoutChangingEveryFrameHoldsButtonsForAtMostThreeFrames) {
    LayoutButtonHold hold;
    hold.next(layoutOf(1280, 720));
    hold.next(layoutOf(1280, 720));
    int held = 0;
    for (int frame = 1; frame <= 10; ++frame) {
        if (hold.next(layoutOf(1280.0f + 10.0f * static_cast<float>(frame), 720)) ==
            ButtonHold::ForNewLayout) {
            ++held;
            EXPECT_LE(frame, LayoutButtonHold::kLongestHold);
        }
    }
    EXPECT_EQ(held, LayoutButtonHold::kLongestHold);
    EXPECT_EQ(hold.next(layoutOf(1380, 720)), ButtonHold::None);         // the drag ended
    EXPECT_EQ(hold.next(layoutOf(1390, 720)), ButtonHold::ForNewLayout); // a new change holds again
}
