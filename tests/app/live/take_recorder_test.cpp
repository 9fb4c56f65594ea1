#include "app/live/take_recorder.h"
#include "core/live/value_row.h"
#include "tests/app/live/live_io_test_support.h"
#include "tests/core/live/filling_take_sink.h"
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

LiveEvent skeleton(const bvh::Skeleton& skeleton, double frameTime = 0.01) {
    LiveEvent event;
    event.kind = LiveEvent::Kind::Skeleton;
    event.skeleton = std::make_shared<const bvh::Skeleton>(skeleton);
    event.frameTime = frameTime;
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
        return feed(recorder, events, notes);
    }
    bool feed(TakeRecorder& recorder, const std::vector<LiveEvent>& events,
              std::vector<std::string>& notes) {
        for (const LiveEvent& event : events) {
            if (!recorder.handle(event, notes)) {
                return false;
            }
        }
        return true;
    }
    static bool saidOnce(const std::vector<std::string>& notes, const std::string& text) {
        return std::count_if(notes.begin(), notes.end(), [&](const std::string& note) {
                   return note.find(text) != std::string::npos;
               }) == 1;
    }
    const bvh::Skeleton nine_ = test::nineValueSkeleton();
};

// Frames of a stream that does not say its rate (an Axis broadcast announced as 120 Hz), each
// stamped with the time it arrived: `hertz` a second, two a read, from `start`.
std::vector<LiveEvent> framesArrivingAt(double hertz, int count, LiveClock::time_point start) {
    std::vector<LiveEvent> events;
    for (int i = 0; i < count; ++i) {
        LiveEvent event = frame("1 2 3 4 5 6 7 8 9", static_cast<std::uint64_t>(i));
        const int read = i / 2; // TCP joined each pair of writes
        event.receivedAt = start + std::chrono::duration_cast<LiveClock::duration>(
                                       std::chrono::duration<double>(2 * read / hertz));
        events.push_back(std::move(event));
    }
    return events;
}

TEST_F(TakeRecorderTest, ATakeOfAStreamWithoutItsRateHasTheRateItsFramesArrivedAt) {
    const std::filesystem::path output = directory_ / "take.bvh";
    TakeRecorder recorder({.output = output});
    ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_, 1.0 / 120.0)}));
    ASSERT_TRUE(feed(recorder, framesArrivingAt(98.0, 300, LiveClock::time_point{})));
    EXPECT_TRUE(recorder.rateMeasured());
    EXPECT_NEAR(recorder.receivedFrameTime(), 1.0 / 98.0, 1e-9);
    std::vector<std::string> notes;
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_NEAR(recorder.takeFrameTime(), 1.0 / 98.0, 1e-9);
    const bvh::Document written = bvh::loadDocument(output);
    ASSERT_TRUE(written.loaded());
    EXPECT_EQ(written.motion.frameCount, 300u);
    EXPECT_NEAR(written.motion.frameTime, 1.0 / 98.0, 1e-9); // not the 1/120 announced
}

TEST_F(TakeRecorderTest, ATakeWithTheSendersRateKeepsItWhateverTheArrivals) {
    const std::filesystem::path output = directory_ / "take.bvh";
    TakeRecorder recorder({.output = output});
    LiveEvent header = skeleton(nine_, 0.01);
    header.frameTimeFromSender = true; // a BVH stream's Frame Time
    ASSERT_TRUE(feed(recorder, {connected(1), header}));
    ASSERT_TRUE(feed(recorder, framesArrivingAt(98.0, 300, LiveClock::time_point{})));
    EXPECT_FALSE(recorder.rateMeasured());
    std::vector<std::string> notes;
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_EQ(bvh::loadDocument(output).motion.frameTime, 0.01);
}

TEST_F(TakeRecorderTest, TooFewArrivalsToMeasureKeepTheRateGiven) {
    const std::filesystem::path output = directory_ / "take.bvh";
    TakeRecorder recorder({.output = output});
    ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_, 1.0 / 120.0)}));
    ASSERT_TRUE(feed(recorder, framesArrivingAt(98.0, 4, LiveClock::time_point{})));
    std::vector<std::string> notes;
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_EQ(bvh::loadDocument(output).motion.frameTime, 1.0 / 120.0);
}

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

// A take holds one rate: a Frame Time that changes mid-stream (the same skeleton) starts a new
// file, so rows are never labelled with another rate than the one they came at.
TEST_F(TakeRecorderTest, AChangedFrameTimeStartsANewTake) {
    TakeRecorder recorder({.output = directory_ / "take.bvh"});
    std::vector<std::string> notes;
    ASSERT_TRUE(feed(recorder,
                     {connected(1), skeleton(nine_, 1.0 / 30.0), frame("1 1 1 1 1 1 1 1 1", 0),
                      skeleton(nine_, 1.0 / 120.0), frame("2 2 2 2 2 2 2 2 2", 1),
                      frame("3 3 3 3 3 3 3 3 3", 2)},
                     notes));
    ASSERT_TRUE(recorder.finish(notes));
    const bvh::Document first = bvh::loadDocument(directory_ / "take.bvh");
    const bvh::Document second = bvh::loadDocument(directory_ / "take-2.bvh");
    ASSERT_TRUE(first.loaded() && second.loaded());
    EXPECT_NEAR(first.motion.frameTime, 1.0 / 30.0, 1e-9);
    EXPECT_EQ(first.motion.frameCount, 1u);
    EXPECT_NEAR(second.motion.frameTime, 1.0 / 120.0, 1e-9);
    EXPECT_EQ(second.motion.frameCount, 2u);
    EXPECT_TRUE(saidOnce(notes, "frame time changed")) << ::testing::PrintToString(notes);
    EXPECT_TRUE(saidOnce(notes, "take-2.partial.bvh"));
}

// The same skeleton sent again (a reconnection, a restated header) is no change: one take.
TEST_F(TakeRecorderTest, TheSameSkeletonAndRateAgainGoOnInTheSameTake) {
    TakeRecorder recorder({.output = directory_ / "take.bvh"});
    ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_), frame("1 1 1 1 1 1 1 1 1", 0),
                                skeleton(nine_), frame("2 2 2 2 2 2 2 2 2", 1)}));
    std::vector<std::string> notes;
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_EQ(entryNames(), std::vector<std::string>{"take.bvh"});
    EXPECT_EQ(bvh::loadDocument(directory_ / "take.bvh").motion.frameCount, 2u);
}

// A frame whose value count is not the take's skeleton's cannot be written in it: it is counted
// and said, never dropped silently.
TEST_F(TakeRecorderTest, FramesOfAnotherValueCountAreCountedAndSaid) {
    TakeRecorder recorder({.output = directory_ / "take.bvh"});
    std::vector<std::string> notes;
    ASSERT_TRUE(
        feed(recorder,
             {connected(1), skeleton(nine_), frame("1 1 1 1 1 1 1 1 1", 0), frame("1 2 3 4 5 6", 1),
              frame("1 2 3 4 5 6", 2), frame("2 2 2 2 2 2 2 2 2", 3)},
             notes));
    EXPECT_EQ(recorder.framesRefused(), 2u);
    EXPECT_EQ(recorder.framesRecorded(), 2u);
    EXPECT_TRUE(saidOnce(notes, "a frame of 6 values does not fit the take's skeleton (9 "
                                "channels)"))
        << ::testing::PrintToString(notes);
}

// [SECTION] What is never written over

// A file that appears at the output while the take runs (another program, another `record`) is
// kept: the final rename does not replace it, and the take goes to the next free name.
TEST_F(TakeRecorderTest, AFileThatAppearsAtTheOutputDuringTheTakeIsKept) {
    const std::filesystem::path output = directory_ / "mine.bvh";
    ASSERT_EQ(TakeRecorder::outputProblem({.output = output}), "");
    TakeRecorder recorder({.output = output});
    ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_), frame("1 1 1 1 1 1 1 1 1", 0)}));
    std::ofstream(output, std::ios::binary) << "notes\n";
    std::ofstream(directory_ / "mine-2.bvh", std::ios::binary) << "more notes\n";
    std::vector<std::string> notes;
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_EQ(contents(output), "notes\n");
    EXPECT_EQ(contents(directory_ / "mine-2.bvh"), "more notes\n");
    EXPECT_EQ(bvh::loadDocument(directory_ / "mine-3.bvh").motion.frameCount, 1u);
    ASSERT_EQ(recorder.renamedTakes().size(), 1u);
    EXPECT_EQ(recorder.renamedTakes()[0].wanted, output);
    EXPECT_EQ(recorder.renamedTakes()[0].kept, directory_ / "mine-3.bvh");
    EXPECT_EQ(recorder.filesWritten(),
              std::vector<std::filesystem::path>{directory_ / "mine-3.bvh"});
    EXPECT_TRUE(saidOnce(notes, "mine.bvh was kept, not replaced (it appeared during the take): "
                                "the take is "))
        << ::testing::PrintToString(notes);

    // The next take starts after the names used.
    ASSERT_TRUE(feed(recorder, {skeleton(nine_, 0.02), frame("2 2 2 2 2 2 2 2 2", 1)}));
    ASSERT_TRUE(recorder.finish(notes));
    EXPECT_EQ(bvh::loadDocument(directory_ / "mine-4.bvh").motion.frameCount, 1u);
}

// --overwrite replaces a regular file, and nothing else: a directory (even an empty one) or a
// node put at the output during the take stays, and the take goes to the next free name.
TEST_F(TakeRecorderTest, OverwriteReplacesOnlyARegularFile) {
    const std::filesystem::path output = directory_ / "take.bvh";
    std::ofstream(output) << "old take\n";
    {
        TakeRecorder recorder({.output = output, .overwrite = true});
        ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_), frame("1 1 1 1 1 1 1 1 1", 0)}));
        std::vector<std::string> notes;
        ASSERT_TRUE(recorder.finish(notes));
        EXPECT_EQ(bvh::loadDocument(output).motion.frameCount, 1u);
    }
    {
        TakeRecorder recorder({.output = output, .overwrite = true});
        ASSERT_TRUE(feed(recorder, {connected(1), skeleton(nine_), frame("1 1 1 1 1 1 1 1 1", 0)}));
        std::filesystem::remove(output);
        std::filesystem::create_directory(output); // empty: a rename could replace it
        std::vector<std::string> notes;
        ASSERT_TRUE(recorder.finish(notes));
        EXPECT_TRUE(std::filesystem::is_directory(output));
        EXPECT_EQ(bvh::loadDocument(directory_ / "take-2.bvh").motion.frameCount, 1u);
        EXPECT_TRUE(saidOnce(notes, "take.bvh was kept, not replaced (it is a directory)"))
            << ::testing::PrintToString(notes);
    }
}

TEST_F(TakeRecorderTest, AnOutputThatIsNotARegularFileIsRefusedWithOrWithoutOverwrite) {
    const std::filesystem::path folder = directory_ / "take.bvh";
    std::filesystem::create_directory(folder);
    for (const bool overwrite : {false, true}) {
        const std::string problem =
            TakeRecorder::outputProblem({.output = folder, .overwrite = overwrite});
        EXPECT_NE(problem.find("it is a directory"), std::string::npos) << problem;
    }
}

// [SECTION] A write that fails

// A full disk ends the recording at the frame whose write failed, said at once; the take keeps
// the frames written, `Frames:` counts exactly them, and it is still renamed into place.
TEST_F(TakeRecorderTest, AFailedWriteEndsTheRecordingAtOnceWithTheFramesWritten) {
    bvh::live::test::FillingDisk disk{700};
    TakeRecorder recorder({.output = directory_ / "take.bvh", .openSink = disk.opener()});
    std::vector<std::string> notes;
    std::vector<LiveEvent> events = {connected(1), skeleton(nine_, 1.0)}; // a flush every frame
    for (int i = 0; i < 100; ++i) {
        events.push_back(frame("1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 " + std::to_string(i), i));
    }
    std::size_t handled = 0;
    while (handled < events.size() && recorder.handle(events[handled], notes)) {
        ++handled;
    }
    ASSERT_LT(handled, events.size()) << "the failed write ends the recording";
    ASSERT_FALSE(notes.empty());
    EXPECT_NE(notes.back().find("No space left on device"), std::string::npos) << notes.back();
    const std::uint64_t written = recorder.framesRecorded();
    EXPECT_GT(written, 0u);
    EXPECT_EQ(written, handled - 2); // every frame before the one that failed
    EXPECT_FALSE(recorder.finish(notes));
    EXPECT_EQ(recorder.framesRecorded(), written);
    const bvh::Document document = bvh::loadDocument(directory_ / "take.bvh");
    ASSERT_TRUE(document.loaded());
    EXPECT_TRUE(document.diagnostics.empty()) << document.diagnostics.front().message;
    EXPECT_EQ(document.motion.frameCount, written);
    EXPECT_EQ(document.declaredFrameCount, static_cast<std::int64_t>(written));
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
