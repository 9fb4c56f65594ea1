#include "app/live/growing_file_source.h"
#include "tests/app/live/live_io_test_support.h"
#include "tests/support/hang_guard.h"
#include "tests/support/scratch_directory.h"

#include <gtest/gtest.h>

#if !defined(_WIN32)
#include <fcntl.h>
#include <future>
#include <sys/stat.h>
#include <unistd.h>
#endif

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
    // Puts a new file holding `bytes` at path() the way a writer replaces a file: written beside
    // it, then renamed over it (so it is another file, with another inode). False when the
    // system refuses to rename over a file another handle has open (Windows' MoveFileEx, which
    // std::filesystem::rename uses there, and Wine: the source keeps the followed file open).
    bool replaceWith(std::string_view bytes) {
        const std::filesystem::path next = directory_ / "next.bvh";
        std::ofstream(next, std::ios::binary) << bytes;
        std::error_code error;
        std::filesystem::rename(next, path(), error);
        return !error;
    }
    // Waits until the source's status satisfies `accept`, up to 10 s; the last status.
    LiveStatus statusWhen(const LiveSource& source,
                          const std::function<bool(const LiveStatus&)>& accept) const {
        const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
        LiveStatus status = source.status();
        while (!accept(status) && std::chrono::steady_clock::now() < giveUp) {
            std::this_thread::sleep_for(5ms);
            status = source.status();
        }
        return status;
    }
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
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (source.status().lastError.empty() && std::chrono::steady_clock::now() < giveUp) {
        std::this_thread::sleep_for(5ms);
    }
    EXPECT_NE(source.status().lastError.find("growing.bvh"), std::string::npos);
    append(header_ + "1 1 1 1 1 1 1 1 1\n");
    EXPECT_EQ(test::collectUntil(source, test::framesAtLeast(1)).count(LiveEvent::Kind::Frame), 1u);
}

TEST_F(GrowingFileSourceTest, AFileRenamedOverWithTheSameHeaderIsReadFromItsStart) {
    // Issue 45: another take with the same header renamed over the followed file was appended
    // from the old file's offset (70 frames became 414, plus a malformed one).
    append(header_ + "1 1 1 1 1 1 1 1 1\n2 2 2 2 2 2 2 2 2\n");
    GrowingFileSource source(options());
    source.start();
    ASSERT_EQ(test::collectUntil(source, test::framesAtLeast(2)).count(LiveEvent::Kind::Frame), 2u);
    // Longer than the first, and the same header: neither a shrink nor a changed header says so.
    if (!replaceWith(header_ + "5 5 5 5 5 5 5 5 5\n6 6 6 6 6 6 6 6 6\n7 7 7 7 7 7 7 7 7\n")) {
#if defined(_WIN32)
        GTEST_SKIP() << "this system cannot rename over a file that is open (MoveFileEx, Wine)";
#else
        FAIL() << "cannot rename over the followed file";
#endif
    }
    const Collected after = test::collectUntil(source, test::framesAtLeast(3));
    ASSERT_GE(after.events.size(), 3u);
    EXPECT_EQ(after.events[0].kind, LiveEvent::Kind::Disconnected);
    EXPECT_EQ(after.events[0].text, "replaced by another file");
    EXPECT_EQ(after.events[1].kind, LiveEvent::Kind::Connected);
    EXPECT_EQ(after.events[1].connection, 2u);
    EXPECT_EQ(after.events[2].kind, LiveEvent::Kind::Skeleton);
    const auto frames = after.frames();
    ASSERT_EQ(frames.size(), 3u);
    EXPECT_EQ(frames[0]->frame.valueText, "5 5 5 5 5 5 5 5 5");
    EXPECT_EQ(frames[2]->frame.valueText, "7 7 7 7 7 7 7 7 7");
    EXPECT_EQ(source.status().counters.malformedLines, 0u);
    EXPECT_EQ(source.status().connections, 2u);
}

#if !defined(_WIN32)
class GrowingFileNamedPipeTest : public GrowingFileSourceTest {
protected:
    // Puts a new named pipe at path(), renamed over it; it keeps a second name, so that a
    // reader stuck opening it can be let go (openAllPipesForWriting).
    void putNamedPipe() {
        const std::filesystem::path kept = directory_ / ("pipe" + std::to_string(pipes_.size()));
        ASSERT_EQ(::mkfifo(kept.c_str(), 0600), 0);
        const std::filesystem::path moved = directory_ / "pipe-moved";
        std::filesystem::create_hard_link(kept, moved);
        std::filesystem::rename(moved, path());
        pipes_.push_back(kept);
    }
    // Opening a pipe for writing lets a reader blocked in open() go on.
    void openAllPipesForWriting() const {
        for (const std::filesystem::path& pipe : pipes_) {
            const int writer = ::open(pipe.c_str(), O_WRONLY | O_NONBLOCK);
            if (writer >= 0) {
                ::close(writer);
            }
        }
    }
    // Stops `source`: true when it returned by itself (a source stuck in open() never does: the
    // hang guard ends the wait). A stuck source is let go afterwards, so the test fails rather
    // than hangs.
    bool stopsUnaided(LiveSource& source) const {
        std::future<void> stopped = std::async(std::launch::async, [&] { source.stop(); });
        const bool unaided = stopped.wait_for(bvh::test::kHangGuard) == std::future_status::ready;
        while (stopped.wait_for(50ms) != std::future_status::ready) {
            openAllPipesForWriting();
        }
        return unaided;
    }
    std::vector<std::filesystem::path> pipes_;
};

TEST_F(GrowingFileNamedPipeTest, ANamedPipePutAtTheNameIsRefusedWithoutBlocking) {
    // Issue 45: a followed file replaced by a FIFO blocked the source in open(), so stopping it
    // (the viewer's SIGTERM) waited forever, and the status still said connected.
    append(header_ + "1 1 1 1 1 1 1 1 1\n");
    GrowingFileSource source(options());
    source.start();
    ASSERT_EQ(test::collectUntil(source, test::framesAtLeast(1)).count(LiveEvent::Kind::Frame), 1u);
    putNamedPipe();
    const LiveStatus refused = statusWhen(source, [](const LiveStatus& status) {
        return status.lastError.find("named pipe") != std::string::npos;
    });
    EXPECT_EQ(refused.lastError, path().string() + ": is a named pipe (FIFO), not a regular file");
    EXPECT_EQ(refused.connection, LiveStatus::Connection::Reconnecting);

    // A regular file again, with the same header: another file, read from its start.
    openAllPipesForWriting(); // (a source stuck in open() goes on, to fail below, not hang)
    ASSERT_TRUE(replaceWith(header_ + "4 4 4 4 4 4 4 4 4\n"));
    const Collected after = test::collectUntil(source, test::framesAtLeast(1));
    ASSERT_EQ(after.count(LiveEvent::Kind::Frame), 1u);
    EXPECT_EQ(after.events[0].text, "replaced by another file");
    EXPECT_EQ(after.frames()[0]->frame.valueText, "4 4 4 4 4 4 4 4 4");
    EXPECT_EQ(source.status().connection, LiveStatus::Connection::Connected);

    // The pipe again, then stop: at once.
    putNamedPipe();
    statusWhen(source, [](const LiveStatus& status) {
        return status.connection == LiveStatus::Connection::Reconnecting;
    });
    EXPECT_TRUE(stopsUnaided(source)) << "stop() waited for a writer to open the named pipe";
}
#endif

} // namespace
} // namespace bvhscope::live
