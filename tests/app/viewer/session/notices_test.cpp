#include "app/viewer/session/notices.h"

#include <gtest/gtest.h>

namespace bvhscope::viewer {
namespace {

TEST(Notices, ANoticeShowingIsNotRepeatedAndTheOldestGoesBeyondFour) {
    Notices notices;
    EXPECT_TRUE(notices.empty());
    notices.post("no audio device");
    notices.post("no audio device");
    ASSERT_EQ(notices.items.size(), 1u);
    EXPECT_LT(notices.items[0].shownSince, 0.0) << "its time starts when first drawn";
    for (const char* text : {"b", "c", "d", "e"}) {
        notices.post(text);
    }
    ASSERT_EQ(notices.items.size(), Notices::kMaxShown);
    EXPECT_EQ(notices.items.front().text, "b");
    EXPECT_EQ(notices.items.back().text, "e");
}

// Drawn first at 100 s (the UI's clock): shown until 108 s, faded out by 110 s, then dropped.
// Nothing changes in between, so the panel pushes no command then.
TEST(Notices, TimeStartsWhenFirstDrawnAndAFadedNoticeIsDropped) {
    Notices notices;
    notices.post("no audio device");
    EXPECT_TRUE(notices.changeWhenDrawnAt(100.0));
    notices.drawnAt(100.0);
    ASSERT_EQ(notices.items.size(), 1u);
    EXPECT_EQ(notices.items[0].shownSince, 100.0);
    notices.post("no desktop file chooser");
    notices.drawnAt(105.0);
    EXPECT_EQ(notices.items[1].shownSince, 105.0);
    EXPECT_FALSE(notices.changeWhenDrawnAt(109.9));
    EXPECT_FALSE(Notices::fadedOut(notices.items[0], 110.0));
    EXPECT_TRUE(Notices::fadedOut(notices.items[0], 110.5));
    EXPECT_TRUE(notices.changeWhenDrawnAt(110.5));
    notices.drawnAt(110.5);
    ASSERT_EQ(notices.items.size(), 1u);
    EXPECT_EQ(notices.items[0].text, "no desktop file chooser");
    notices.drawnAt(116.0);
    EXPECT_TRUE(notices.empty());
}

} // namespace
} // namespace bvhscope::viewer
