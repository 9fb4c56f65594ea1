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

} // namespace
} // namespace bvhscope::viewer
