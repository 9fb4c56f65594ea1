#include "app/live/growing_file_source.h"
#include "tests/app/live/live_io_test_support.h"
#include "tests/support/scratch_directory.h"

#include <gtest/gtest.h>

namespace bvhscope::live {
namespace {

using namespace std::chrono_literals;
using test::Collected;

class GrowingFileSourceTest : public bvh::test::ScratchDirectoryTest {
protected:
    void append(std::string_view bytes) {
        std::ofstream(path(), std::ios::binary | std::ios::app) << bytes;
    }
    std::filesystem::path path() const { return directory_ / "growing.bvh"; }
    GrowingFileOptions options() const {
        GrowingFileOptions result;
        result.path = path();
        result.pollInterval = 10ms;
        return result;
    }
    const std::string header_ =
        std::string(test::kNineValueBvh.substr(0, test::kNineValueBvh.find("0.100000")));
};

TEST_F(GrowingFileSourceTest, RowsAppearAsTheyLandAndAPartialLineWaitsForItsEnd) {
    append(header_ + "1 1 1 1 1 1 1 1 1\n2 2 2 2 2 2 2 2");
    GrowingFileSource source(options());
    source.start();
    Collected collected = test::collectUntil(source, test::framesAtLeast(1));
    ASSERT_EQ(collected.count(LiveEvent::Kind::Frame), 1u);
    EXPECT_EQ(collected.events[0].kind, LiveEvent::Kind::Connected);
    EXPECT_EQ(collected.events[1].kind, LiveEvent::Kind::Skeleton);
    // The half-written row stays out until its end lands.
    source.take(collected.events, 100ms);
    EXPECT_EQ(collected.count(LiveEvent::Kind::Frame), 1u);
    append(" 2\n3 3 3 3 3 3 3 3 3\n");
    const Collected more = test::collectUntil(source, test::framesAtLeast(2));
    const auto frames = more.frames();
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames[0]->frame.valueText, "2 2 2 2 2 2 2 2 2");
    EXPECT_EQ(frames[1]->frame.number, 2u);
}

TEST_F(GrowingFileSourceTest, AFramesCountRewrittenInPlaceIsNotARewrite) {
    append(header_ + "1 1 1 1 1 1 1 1 1\n");
    GrowingFileSource source(options());
    source.start();
    ASSERT_EQ(test::collectUntil(source, test::framesAtLeast(1)).count(LiveEvent::Kind::Frame), 1u);
    std::string text = header_ + "1 1 1 1 1 1 1 1 1\n";
    text.replace(text.find("Frames: 3"), 9, "Frames: 9");
    std::ofstream(path(), std::ios::binary | std::ios::in | std::ios::out) << text;
    append("2 2 2 2 2 2 2 2 2\n");
    const Collected more = test::collectUntil(source, test::framesAtLeast(1));
    EXPECT_EQ(more.count(LiveEvent::Kind::Disconnected), 0u);
    ASSERT_EQ(more.count(LiveEvent::Kind::Frame), 1u);
    EXPECT_EQ(more.frames()[0]->frame.valueText, "2 2 2 2 2 2 2 2 2");
}

TEST_F(GrowingFileSourceTest, AFileRewrittenFromTheStartIsReadAgainAsANewConnection) {
    append(header_ + "1 1 1 1 1 1 1 1 1\n2 2 2 2 2 2 2 2 2\n");
    GrowingFileSource source(options());
    source.start();
    ASSERT_EQ(test::collectUntil(source, test::framesAtLeast(2)).count(LiveEvent::Kind::Frame), 2u);
    std::string renamed = header_;
    renamed.replace(renamed.find("Spine"), 5, "Chest");
    std::ofstream(path(), std::ios::binary | std::ios::trunc) << renamed << "7 7 7 7 7 7 7 7 7\n";
    const Collected after = test::collectUntil(source, test::framesAtLeast(1));
    ASSERT_EQ(after.count(LiveEvent::Kind::Frame), 1u);
    ASSERT_GE(after.events.size(), 4u);
    EXPECT_EQ(after.events[0].kind, LiveEvent::Kind::Disconnected);
    EXPECT_EQ(after.events[0].text, "rewritten");
    EXPECT_EQ(after.events[1].kind, LiveEvent::Kind::Connected);
    EXPECT_EQ(after.events[1].connection, 2u);
    EXPECT_EQ(after.events[2].kind, LiveEvent::Kind::Skeleton);
    EXPECT_EQ(after.events[2].skeleton->names[1], "Chest");
    EXPECT_EQ(after.frames()[0]->frame.valueText, "7 7 7 7 7 7 7 7 7");
}

TEST_F(GrowingFileSourceTest, AMissingFileIsWaitedForWithTheReason) {
    GrowingFileSource source(options());
    source.start();
    const auto giveUp = std::chrono::steady_clock::now() + 10s;
    while (source.status().lastError.empty() && std::chrono::steady_clock::now() < giveUp) {
        std::this_thread::sleep_for(5ms);
    }
    EXPECT_NE(source.status().lastError.find("growing.bvh"), std::string::npos);
    append(header_ + "1 1 1 1 1 1 1 1 1\n");
    EXPECT_EQ(test::collectUntil(source, test::framesAtLeast(1)).count(LiveEvent::Kind::Frame), 1u);
}

} // namespace
} // namespace bvhscope::live
