#include "app/live/take_recorder.h"
#include "core/live/value_row.h"
#include "tests/app/live/live_io_test_support.h"
#include "tests/support/scratch_directory.h"

#include <gtest/gtest.h>

namespace bvhscope::live {
namespace {

LiveEvent connected(std::uint32_t connection) {
    LiveEvent event;
    event.kind = LiveEvent::Kind::Connected;
    event.connection = connection;
    event.text = "127.0.0.1:7001";
    return event;
}

LiveEvent disconnected(std::uint32_t connection) {
    LiveEvent event;
    event.kind = LiveEvent::Kind::Disconnected;
    event.connection = connection;
    event.text = "closed by the sender";
    return event;
}

LiveEvent skeleton(const bvh::Skeleton& skeleton) {
    LiveEvent event;
    event.kind = LiveEvent::Kind::Skeleton;
    event.skeleton = std::make_shared<const bvh::Skeleton>(skeleton);
    event.frameTime = 0.01;
    return event;
}

LiveEvent frame(std::string_view row, std::uint64_t number) {
    LiveEvent event;
    event.kind = LiveEvent::Kind::Frame;
    event.frame.number = number;
    EXPECT_EQ(bvh::live::readValueRow(row, event.frame.values, event.frame.valueText),
              bvh::live::RowResult::Ok);
    return event;
}

// The rows of a BVH file's text after its Frame Time line.
std::vector<std::string> rowsOf(const std::string& text) {
    std::vector<std::string> rows;
    std::istringstream lines(text.substr(text.find('\n', text.find("Frame Time:")) + 1));
    for (std::string line; std::getline(lines, line);) {
        rows.push_back(line);
    }
    return rows;
}

class TakeRecorderTest : public bvh::test::ScratchDirectoryTest {
protected:
    bool feed(TakeRecorder& recorder, const std::vector<LiveEvent>& events) {
        std::vector<std::string> notes;
        for (const LiveEvent& event : events) {
            if (!recorder.handle(event, notes)) {
                return false;
            }
        }
        return true;
    }
    const bvh::Skeleton nine_ = test::nineValueSkeleton();
};

TEST_F(TakeRecorderTest, WritesToAPartialFileAndRenamesItWhenTheTakeEnds) {
    const std::filesystem::path output = directory_ / "take.bvh";
    TakeRecorder recorder({.output = output});
    ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_), frame("0.100000 1 2 3 4 5 6 7 8", 0),
                                frame("1e-3 1 2 3 4 5 6 7 -0", 1)}));
    ASSERT_TRUE(recorder.currentPartialFile());
    EXPECT_EQ(*recorder.currentPartialFile(), directory_ / "take.partial.bvh");
    EXPECT_FALSE(std::filesystem::exists(output));

    // What a kill would leave: the partial file after a flush opens with every frame.
    recorder.flush();
    const bvh::Document partial = bvh::loadDocument(directory_ / "take.partial.bvh");
    ASSERT_TRUE(partial.loaded());
    EXPECT_EQ(partial.motion.frameCount, 2u);

    std::vector<std::string> notes;
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_EQ(entryNames(), std::vector<std::string>{"take.bvh"});
    const bvh::Document written = bvh::loadDocument(output);
    ASSERT_TRUE(written.loaded());
    EXPECT_EQ(written.motion.frameCount, 2u);
    EXPECT_EQ(written.declaredFrameCount, 2);
    EXPECT_EQ(rowsOf(contents(output)),
              (std::vector<std::string>{"0.100000 1 2 3 4 5 6 7 8", "1e-3 1 2 3 4 5 6 7 -0"}));
    EXPECT_EQ(recorder.framesRecorded(), 2u);
}

TEST_F(TakeRecorderTest, FramesOfEveryConnectionGoOnInOneFileUnlessSplit) {
    const std::vector<LiveEvent> events = {connected(1),
                                           skeleton(nine_),
                                           frame("1 1 1 1 1 1 1 1 1", 0),
                                           disconnected(1),
                                           connected(2),
                                           skeleton(nine_),
                                           frame("2 2 2 2 2 2 2 2 2", 1),
                                           frame("3 3 3 3 3 3 3 3 3", 2)};
    {
        TakeRecorder together({.output = directory_ / "together.bvh"});
        ASSERT_TRUE(feed(together, events));
    }
    EXPECT_EQ(bvh::loadDocument(directory_ / "together.bvh").motion.frameCount, 3u);

    {
        TakeRecorder split({.output = directory_ / "split.bvh", .split = true});
        ASSERT_TRUE(feed(split, events));
        std::vector<std::string> notes;
        ASSERT_TRUE(split.finish(notes));
        EXPECT_EQ(split.filesWritten().size(), 2u);
    }
    EXPECT_EQ(rowsOf(contents(directory_ / "split.bvh")),
              std::vector<std::string>{"1 1 1 1 1 1 1 1 1"});
    EXPECT_EQ(rowsOf(contents(directory_ / "split-2.bvh")),
              (std::vector<std::string>{"2 2 2 2 2 2 2 2 2", "3 3 3 3 3 3 3 3 3"}));
}

TEST_F(TakeRecorderTest, AChangedSkeletonStartsANewFile) {
    bvh::Skeleton other = nine_;
    other.names[1] = "Chest";
    TakeRecorder recorder({.output = directory_ / "take.bvh"});
    ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_), frame("1 1 1 1 1 1 1 1 1", 0),
                                skeleton(other), frame("2 2 2 2 2 2 2 2 2", 1)}));
    std::vector<std::string> notes;
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_EQ(bvh::loadDocument(directory_ / "take.bvh").skeleton.names[1], "Spine");
    EXPECT_EQ(bvh::loadDocument(directory_ / "take-2.bvh").skeleton.names[1], "Chest");
}

TEST_F(TakeRecorderTest, NeverWritesOverAnExistingFileOrTheSkeletonFile) {
    const std::filesystem::path existing = directory_ / "kept.bvh";
    std::ofstream(existing) << "precious";
    EXPECT_NE(TakeRecorder::outputProblem({.output = existing}).find("--overwrite"),
              std::string::npos);
    EXPECT_NE(
        TakeRecorder::outputProblem({.output = existing, .protectedInput = directory_ / "kept.bvh"})
            .find("--skeleton"),
        std::string::npos);
    EXPECT_EQ(TakeRecorder::outputProblem({.output = existing, .overwrite = true}), "");
    EXPECT_NE(TakeRecorder::outputProblem({.output = directory_ / "no such folder" / "take.bvh"})
                  .find("does not exist"),
              std::string::npos);

    // A partial file left by an earlier run is kept too: the take goes to the next name.
    std::ofstream(directory_ / "new.partial.bvh") << "left by a kill";
    TakeRecorder recorder({.output = directory_ / "new.bvh"});
    ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_), frame("1 1 1 1 1 1 1 1 1", 0)}));
    EXPECT_EQ(*recorder.currentPartialFile(), directory_ / "new.partial-2.bvh");
    std::vector<std::string> notes;
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_EQ(contents(existing), "precious");
    EXPECT_EQ(contents(directory_ / "new.partial.bvh"), "left by a kill");
    EXPECT_TRUE(bvh::loadDocument(directory_ / "new.bvh").loaded());
}

TEST_F(TakeRecorderTest, FramesWithoutASkeletonEndTheRecordingWithAMessage) {
    TakeRecorder recorder({.output = directory_ / "take.bvh"});
    std::vector<std::string> notes;
    EXPECT_TRUE(recorder.handle(connected(1), notes));
    EXPECT_FALSE(recorder.handle(frame("1 2 3", 0), notes));
    ASSERT_FALSE(notes.empty());
    EXPECT_NE(notes.back().find("--skeleton"), std::string::npos);
    EXPECT_EQ(entries(), 0u);
}

} // namespace
} // namespace bvhscope::live
