// `bvhscope record` from `bvhscope serve`, both as processes on the loopback: each format
// (Axis with NUL bytes and CR LF, lines with bare CR, BVH), the digits served kept, `Frames:`
// right, reconnection after the sender restarts, and what Ctrl+C, SIGTERM and SIGKILL leave.
#include "core/live/axis_skeleton.h"
#include "core/writer/writer.h"
#include "tests/app/cli/serve_process_support.h"
#include "tests/app/live/live_io_test_support.h"
#include "tests/support/hang_guard.h"
#include "tests/support/scratch_directory.h"

#include <cstdio>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>

namespace bvhscope::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view kNineValueHeader = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 0 10 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 5 0
		}
	}
}
MOTION
)";

// Rows whose digits a float round trip would change: "0.100000", "-1e-3", "+2".
std::string nineValueRows(int frames) {
    std::string rows;
    for (int i = 0; i < frames; ++i) {
        rows += std::to_string(i) + ".100000 90.5 -1e-3 0 +2 0.25 " + std::to_string(i % 7) +
                " 2.50 3\n";
    }
    return rows;
}

// Every line a process wrote to standard output, until it closed it.
std::string standardOutput(BackgroundProcess& process) {
    std::string text;
    while (const std::optional<std::string> line = process.readLine()) {
        text += *line + "\n";
    }
    return text;
}

// The nine-value skeleton's root alone: rows of 6 values.
std::string sixValueHeader() {
    const std::string nine(kNineValueHeader);
    return nine.substr(0, nine.find("\tJOINT Spine")) + "}\nMOTION\n";
}

std::string sixValueRows(int frames) {
    std::string rows;
    for (int i = 0; i < frames; ++i) {
        rows += "6" + std::to_string(i) + ".5 1 2 3 4 5\n";
    }
    return rows;
}

class RecordProcessTest : public bvh::test::ScratchDirectoryTest {
protected:
    std::filesystem::path writeNineValueTake(const std::string& name, int frames,
                                             const std::string& frameTime = "0.01") {
        const std::filesystem::path path = directory_ / name;
        std::ofstream(path, std::ios::binary)
            << kNineValueHeader << "Frames: " << frames << "\nFrame Time: " << frameTime << "\n"
            << nineValueRows(frames);
        return path;
    }
    std::filesystem::path writeSixValueTake(const std::string& name, int frames) {
        const std::filesystem::path path = directory_ / name;
        std::ofstream(path, std::ios::binary)
            << sixValueHeader() << "Frames: " << frames << "\nFrame Time: 0.01\n"
            << sixValueRows(frames);
        return path;
    }

    std::unique_ptr<BackgroundProcess> serve(const std::filesystem::path& file,
                                             std::vector<std::string> options,
                                             const std::string& port = "0") {
        std::vector<std::string> command = {BVHSCOPE_EXECUTABLE, "serve", file.string(), "--port",
                                            port};
        command.insert(command.end(), options.begin(), options.end());
        return std::make_unique<BackgroundProcess>(
            command, directory_ / ("serve" + std::to_string(++runs_)));
    }
    std::unique_ptr<BackgroundProcess> record(int port, const std::string& output,
                                              std::vector<std::string> options) {
        return recordTo(port, (directory_ / output).string(), std::move(options));
    }
    std::unique_ptr<BackgroundProcess> recordTo(int port, const std::string& output,
                                                std::vector<std::string> options) {
        std::vector<std::string> command = {
            BVHSCOPE_EXECUTABLE, "record", "tcp://127.0.0.1:" + std::to_string(port), "-o", output};
        command.insert(command.end(), options.begin(), options.end());
        return std::make_unique<BackgroundProcess>(command, errPath("record"));
    }
    std::filesystem::path errPath(const std::string& what) {
        // Outside directory_: the tests list its files.
        return std::filesystem::temp_directory_path() /
               ("bvhscope_" + what + "_err_" + std::to_string(::getpid()) + "_" +
                std::to_string(++runs_));
    }
    // Serves each file in turn on one port, each to the end, while `recorder` reconnects.
    void serveInTurn(const std::vector<std::filesystem::path>& files, int port,
                     const BackgroundProcess& recorder) {
        for (std::size_t i = 1; i < files.size(); ++i) {
            ASSERT_TRUE(waitForReconnections(recorder, i)) << recorder.err();
            auto next = serve(files[i], {"--rate", "1000"}, std::to_string(port));
            ASSERT_EQ(next->waitForExit(), 0) << next->err();
        }
    }
    // Waits until the recorder's partial file holds `count` whole rows (it is flushed once a
    // second of wall time; the last row may be cut off, so one more is awaited): what the
    // recorder has provably received, however slowly a loaded machine serves it.
    bool waitForFlushedRows(const std::filesystem::path& partial, std::size_t count) const {
        const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
        while (motionRows(contents(partial)).size() < count + 1) {
            if (std::chrono::steady_clock::now() > giveUp) {
                return false;
            }
            std::this_thread::sleep_for(10ms);
        }
        return true;
    }
    static bool waitForReconnections(const BackgroundProcess& recorder, std::size_t count) {
        const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
        while (std::chrono::steady_clock::now() < giveUp) {
            const std::string err = recorder.err();
            std::size_t seen = 0;
            for (std::size_t at = err.find("reconnecting"); at != std::string::npos;
                 at = err.find("reconnecting", at + 1)) {
                ++seen;
            }
            if (seen >= count) {
                return true;
            }
            std::this_thread::sleep_for(10ms);
        }
        return false;
    }
    void TearDown() override {
        for (int i = 0; i <= runs_; ++i) {
            std::filesystem::remove(
                std::filesystem::temp_directory_path() /
                ("bvhscope_record_err_" + std::to_string(::getpid()) + "_" + std::to_string(i)));
        }
        ScratchDirectoryTest::TearDown();
    }

    // Serves `file` and records all its frames from it; returns record's exit status.
    int serveAndRecord(const std::filesystem::path& file, std::vector<std::string> serveOptions,
                       std::vector<std::string> recordOptions, int frames) {
        auto server = serve(file, serveOptions);
        const int port = servedPort(*server);
        EXPECT_NE(port, 0) << server->err();
        recordOptions.push_back("--frames");
        recordOptions.push_back(std::to_string(frames));
        auto recorder = record(port, "take.bvh", recordOptions);
        const std::optional<int> status = recorder->waitForExit();
        EXPECT_EQ(server->waitForExit(), 0) << server->err();
        recordErr_ = recorder->err();
        return status.value_or(-1000);
    }

    std::string recordErr_;
    int runs_ = 0;
};

TEST_F(RecordProcessTest, ABvhStreamIsRecordedWithTheDigitsServedAndTheRightFrameCount) {
    const auto file = writeNineValueTake("served.bvh", 40);
    ASSERT_EQ(serveAndRecord(file, {"--format", "bvh", "--rate", "1000"}, {}, 40), 0) << recordErr_;
    const std::string take = contents(directory_ / "take.bvh");
    EXPECT_EQ(motionRows(take), motionRows(contents(file)));
    EXPECT_NE(take.find("Frames: 40"), std::string::npos);
    const bvh::Document document = bvh::loadDocument(directory_ / "take.bvh");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 40u);
    EXPECT_EQ(document.declaredFrameCount, 40);
    EXPECT_DOUBLE_EQ(document.motion.frameTime, 0.01);
    EXPECT_FALSE(std::filesystem::exists(directory_ / "take.partial.bvh"));
}

TEST_F(RecordProcessTest, ALinesStreamWithBareCrLineEndsIsRecordedOnTheGivenSkeleton) {
    const auto file = writeNineValueTake("served.bvh", 30);
    ASSERT_EQ(serveAndRecord(file, {"--format", "lines", "--line-end", "cr", "--rate", "1000"},
                             {"--format", "lines", "--skeleton", file.string()}, 30),
              0)
        << recordErr_;
    const std::string take = contents(directory_ / "take.bvh");
    EXPECT_EQ(motionRows(take), motionRows(contents(file)));
    EXPECT_NE(take.find("Frames: 30"), std::string::npos);
    // A lines stream does not say its rate: the take's is measured from the arrivals (at most
    // 0.01, the --skeleton file's, kept until enough frames came to measure), never assumed.
    const bvh::Document recorded = bvh::loadDocument(directory_ / "take.bvh");
    EXPECT_FALSE(recorded.motion.frameTimeAssumed);
    EXPECT_LE(recorded.motion.frameTime, 0.01);
    EXPECT_EQ(bvh::loadDocument(directory_ / "take.bvh").skeleton.names,
              bvh::loadDocument(file).skeleton.names);
}

TEST_F(RecordProcessTest, AnAxisStreamWithNulBytesAndCrLfIsRecordedOnTheBuiltInSkeleton) {
    // 354 values: the Axis Neuron skeleton with displacement, chosen by the value count.
    const bvh::Skeleton axis = bvh::live::axisSkeleton(true);
    bvh::Motion headerOnly;
    headerOnly.channelCount = static_cast<std::uint32_t>(axis.channels.size());
    headerOnly.frameTime = 1.0 / 120.0;
    headerOnly.frameTimeAssumed = false;
    std::string text = bvh::formatBvh(axis, headerOnly);
    text.replace(text.find("Frames: 0"), 9, "Frames: 25");
    for (int frame = 0; frame < 25; ++frame) {
        for (std::size_t value = 0; value < axis.channels.size(); ++value) {
            char digits[32];
            std::snprintf(digits, sizeof digits, "%s%.6f", value == 0 ? "" : " ",
                          static_cast<double>(frame) * 0.5 - static_cast<double>(value) * 0.125);
            text += digits;
        }
        text += '\n';
    }
    const std::filesystem::path file = directory_ / "axis take.bvh";
    std::ofstream(file, std::ios::binary) << text;

    ASSERT_EQ(
        serveAndRecord(file, {"--format", "axis", "--rate", "1000"}, {"--format", "axis"}, 25), 0)
        << recordErr_;
    const bvh::Document document = bvh::loadDocument(directory_ / "take.bvh");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 25u);
    EXPECT_EQ(document.skeleton.names, axis.names);
    EXPECT_EQ(motionRows(contents(directory_ / "take.bvh")), motionRows(text));
}

TEST_F(RecordProcessTest, AutoChoosesTheFormatAndRecordingKeepsBothConnectionsAfterARestart) {
    const auto file = writeNineValueTake("served.bvh", 10);
    auto first = serve(file, {"--rate", "1000"});
    const int port = servedPort(*first);
    ASSERT_NE(port, 0);
    auto recorder = record(port, "take.bvh", {"--frames", "20"});
    ASSERT_EQ(first->waitForExit(), 0) << first->err();
    ASSERT_TRUE(recorder->waitForErr("reconnecting")) << recorder->err();
    // The sender comes back on the same port.
    auto second = serve(file, {"--rate", "1000"}, std::to_string(port));
    ASSERT_EQ(recorder->waitForExit(), 0) << recorder->err() << second->err();
    EXPECT_NE(recorder->err().find("reconnected to 127.0.0.1:" + std::to_string(port)),
              std::string::npos)
        << recorder->err();
    std::vector<std::string> twice = motionRows(contents(file));
    const std::vector<std::string> once = twice;
    twice.insert(twice.end(), once.begin(), once.end());
    EXPECT_EQ(motionRows(contents(directory_ / "take.bvh")), twice);
    EXPECT_EQ(bvh::loadDocument(directory_ / "take.bvh").declaredFrameCount, 20);
}

TEST_F(RecordProcessTest, SplitWritesAFilePerConnection) {
    const auto file = writeNineValueTake("served.bvh", 5);
    auto first = serve(file, {"--rate", "1000"});
    const int port = servedPort(*first);
    ASSERT_NE(port, 0);
    auto recorder = record(port, "take.bvh", {"--frames", "10", "--split"});
    ASSERT_EQ(first->waitForExit(), 0);
    ASSERT_TRUE(recorder->waitForErr("reconnecting")) << recorder->err();
    auto second = serve(file, {"--rate", "1000"}, std::to_string(port));
    ASSERT_EQ(recorder->waitForExit(), 0) << recorder->err();
    EXPECT_EQ(motionRows(contents(directory_ / "take.bvh")), motionRows(contents(file)));
    EXPECT_EQ(motionRows(contents(directory_ / "take-2.bvh")), motionRows(contents(file)));
}

TEST_F(RecordProcessTest, SigtermAndCtrlCFinishTheTakeWithTheRightFrameCount) {
    const auto file = writeNineValueTake("served.bvh", 50);
    for (const int signal : {SIGTERM, SIGINT}) {
        auto server = serve(file, {"--rate", "500", "--loop"});
        const int port = servedPort(*server);
        ASSERT_NE(port, 0);
        const std::string output = "take" + std::to_string(signal) + ".bvh";
        auto recorder = record(port, output, {});
        ASSERT_TRUE(recorder->waitForErr("recording to")) << recorder->err();
        ASSERT_TRUE(
            waitForFlushedRows(directory_ / ("take" + std::to_string(signal) + ".partial.bvh"), 1))
            << recorder->err();
        recorder->signal(signal);
        ASSERT_EQ(recorder->waitForExit(), 0) << recorder->err();
        server->signal(SIGTERM);
        EXPECT_EQ(server->waitForExit(), 0);
        const bvh::Document document = bvh::loadDocument(directory_ / output);
        ASSERT_TRUE(document.loaded());
        EXPECT_GT(document.motion.frameCount, 0u);
        EXPECT_EQ(document.declaredFrameCount, document.motion.frameCount);
        EXPECT_TRUE(document.diagnostics.empty()) << document.diagnostics.front().message;
        EXPECT_FALSE(std::filesystem::exists(directory_ /
                                             ("take" + std::to_string(signal) + ".partial.bvh")));
    }
}

TEST_F(RecordProcessTest, AKillLeavesAPartialFileThatOpensWithTheFramesFlushed) {
    const auto file = writeNineValueTake("served.bvh", 50);
    auto server = serve(file, {"--rate", "200", "--loop"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0);
    auto recorder = record(port, "take.bvh", {});
    ASSERT_TRUE(recorder->waitForErr("recording to")) << recorder->err();
    ASSERT_TRUE(waitForFlushedRows(directory_ / "take.partial.bvh", 100)) << recorder->err();
    recorder->signal(SIGKILL);
    ASSERT_EQ(recorder->waitForExit(), -SIGKILL);
    server->signal(SIGTERM);
    EXPECT_FALSE(std::filesystem::exists(directory_ / "take.bvh"));
    const bvh::Document document = bvh::loadDocument(directory_ / "take.partial.bvh");
    ASSERT_TRUE(document.loaded());
    EXPECT_GE(document.motion.frameCount, 100u);
    const std::vector<std::string> served = motionRows(contents(file));
    const std::vector<std::string> kept = motionRows(contents(directory_ / "take.partial.bvh"));
    for (std::size_t i = 0; i + 1 < kept.size(); ++i) { // the last may be cut
        ASSERT_EQ(kept[i], served[i % served.size()]) << i;
    }
}

// [SECTION] Files kept

// --overwrite onto a FIFO, a symbolic link to a device, or an empty directory: refused before
// anything is recorded, and each stays what it was (before, the final rename replaced the FIFO
// and the link with regular files and removed the directory).
TEST_F(RecordProcessTest, OverwriteNeverReplacesWhatIsNotARegularFile) {
    const auto file = writeNineValueTake("served.bvh", 50);
    const std::filesystem::path fifo = directory_ / "fifo.bvh";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const std::filesystem::path device = directory_ / "null.bvh";
    std::filesystem::create_symlink("/dev/null", device);
    const std::filesystem::path folder = directory_ / "folder.bvh";
    std::filesystem::create_directory(folder);
    auto server = serve(file, {"--rate", "1000", "--loop"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0);
    for (const auto& output : {fifo, device, folder}) {
        auto recorder = recordTo(port, output.string(), {"--overwrite", "--frames", "5"});
        EXPECT_EQ(recorder->waitForExit(), 2) << recorder->err();
        // Named as resolved: a link's message names where it points ('/dev/null').
        EXPECT_NE(recorder->err().find("bvhscope record: cannot write '"), std::string::npos)
            << recorder->err();
        EXPECT_NE(recorder->err().find("': it is a"), std::string::npos) << recorder->err();
    }
    server->signal(SIGTERM);
    EXPECT_EQ(server->waitForExit(), 0);
    EXPECT_EQ(std::filesystem::symlink_status(fifo).type(), std::filesystem::file_type::fifo);
    EXPECT_TRUE(std::filesystem::is_symlink(device));
    EXPECT_EQ(std::filesystem::read_symlink(device), "/dev/null");
    EXPECT_TRUE(std::filesystem::is_directory(folder));
}

// A file that appears at OUT during the take is kept; the take goes to the next free name, which
// standard error and the closing line say.
TEST_F(RecordProcessTest, AFileThatAppearsAtTheOutputDuringTheTakeIsKept) {
    const auto file = writeNineValueTake("served.bvh", 50);
    auto server = serve(file, {"--rate", "500", "--loop"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0);
    auto recorder = record(port, "mine.bvh", {});
    ASSERT_TRUE(recorder->waitForErr("recording to")) << recorder->err();
    std::ofstream(directory_ / "mine.bvh") << "notes\n";
    recorder->signal(SIGTERM);
    ASSERT_EQ(recorder->waitForExit(), 0) << recorder->err();
    const std::string closing = standardOutput(*recorder);
    server->signal(SIGTERM);
    EXPECT_EQ(server->waitForExit(), 0);
    EXPECT_EQ(contents(directory_ / "mine.bvh"), "notes\n");
    const bvh::Document take = bvh::loadDocument(directory_ / "mine-2.bvh");
    ASSERT_TRUE(take.loaded());
    EXPECT_GT(take.motion.frameCount, 0u);
    EXPECT_NE(recorder->err().find("mine.bvh was kept, not replaced (it appeared during the "
                                   "take): the take is " +
                                   (directory_ / "mine-2.bvh").string()),
              std::string::npos)
        << recorder->err();
    EXPECT_NE(
        closing.find("mine.bvh was kept: the take is " + (directory_ / "mine-2.bvh").string()),
        std::string::npos)
        << closing;
}

// Two `record`s to one name: the second to finish keeps the first's take and takes the next name.
TEST_F(RecordProcessTest, TwoRecordingsToOneNameKeepBothTakes) {
    const auto file = writeNineValueTake("served.bvh", 50);
    auto server = serve(file, {"--rate", "500", "--loop"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0);
    auto first = record(port, "take.bvh", {});
    auto second = record(port, "take.bvh", {});
    ASSERT_TRUE(first->waitForErr("recording to")) << first->err();
    ASSERT_TRUE(second->waitForErr("recording to")) << second->err();
    first->signal(SIGTERM);
    ASSERT_EQ(first->waitForExit(), 0) << first->err();
    second->signal(SIGTERM);
    ASSERT_EQ(second->waitForExit(), 0) << second->err();
    server->signal(SIGTERM);
    EXPECT_EQ(server->waitForExit(), 0);
    for (const char* name : {"take.bvh", "take-2.bvh"}) {
        const bvh::Document document = bvh::loadDocument(directory_ / name);
        ASSERT_TRUE(document.loaded()) << name;
        EXPECT_GT(document.motion.frameCount, 0u) << name;
        EXPECT_EQ(document.declaredFrameCount, document.motion.frameCount) << name;
    }
}

// [SECTION] A disk that fills

// A file size limit (RLIMIT_FSIZE, as a full disk: the write fails with EFBIG, SIGXFSZ ignored)
// ends the recording at once, on its own: exit 1 with the reason, and the closing line counts
// the frames in the file, which its `Frames:` and its rows agree on.
TEST_F(RecordProcessTest, AFullDiskEndsTheRecordingAtOnceWithTheFramesWritten) {
    const auto file = writeNineValueTake("served.bvh", 50);
    auto server = serve(file, {"--rate", "1000", "--loop"});
    const int port = servedPort(*server);
    ASSERT_NE(port, 0);
    rlimit saved{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
    rlimit limited = saved;
    limited.rlim_cur = 16 * 1024;
    const auto previousHandler = ::signal(SIGXFSZ, SIG_IGN); // inherited by the child
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
    auto recorder = record(port, "take.bvh", {});
    ::setrlimit(RLIMIT_FSIZE, &saved);
    ::signal(SIGXFSZ, previousHandler);
    const std::optional<int> status = recorder->waitForExit();
    ASSERT_TRUE(status) << "still recording after the disk filled: " << recorder->err();
    EXPECT_EQ(*status, 1) << recorder->err();
    EXPECT_NE(recorder->err().find("File too large"), std::string::npos) << recorder->err();
    const std::string closing = standardOutput(*recorder);
    server->signal(SIGTERM);
    EXPECT_EQ(server->waitForExit(), 0);
    const std::string text = contents(directory_ / "take.bvh");
    EXPECT_LE(text.size(), limited.rlim_cur);
    const bvh::Document document = bvh::loadDocument(directory_ / "take.bvh");
    ASSERT_TRUE(document.loaded());
    EXPECT_TRUE(document.diagnostics.empty()) << document.diagnostics.front().message;
    EXPECT_GT(document.motion.frameCount, 100u);
    EXPECT_EQ(document.declaredFrameCount, document.motion.frameCount);
    EXPECT_EQ(motionRows(text).size(), document.motion.frameCount);
    EXPECT_NE(closing.find("recorded " + std::to_string(document.motion.frameCount) + " frames"),
              std::string::npos)
        << closing;
}

// [SECTION] Takes kept apart

// `auto`, a sender whose skeleton alternates between connections (9 values, then 6, then 9): a
// take for each, every frame in its own skeleton's take, nothing vanished.
TEST_F(RecordProcessTest, AlternatingSkeletonsGoToSeparateTakes) {
    const auto nine = writeNineValueTake("nine.bvh", 10);
    const auto six = writeSixValueTake("six.bvh", 10);
    auto first = serve(nine, {"--rate", "1000"});
    const int port = servedPort(*first);
    ASSERT_NE(port, 0);
    auto recorder = record(port, "take.bvh", {"--frames", "30"});
    ASSERT_EQ(first->waitForExit(), 0) << first->err();
    serveInTurn({nine, six, nine}, port, *recorder);
    ASSERT_EQ(recorder->waitForExit(), 0) << recorder->err();
    const std::string closing = standardOutput(*recorder);
    EXPECT_EQ(motionRows(contents(directory_ / "take.bvh")), motionRows(contents(nine)));
    EXPECT_EQ(motionRows(contents(directory_ / "take-2.bvh")), motionRows(contents(six)));
    EXPECT_EQ(motionRows(contents(directory_ / "take-3.bvh")), motionRows(contents(nine)));
    EXPECT_EQ(bvh::loadDocument(directory_ / "take-2.bvh").skeleton.totalChannels(), 6u);
    EXPECT_NE(recorder->err().find("the stream's skeleton changed (6 channels"), std::string::npos)
        << recorder->err();
    EXPECT_NE(closing.find("recorded 30 frames in 3 files"), std::string::npos) << closing;
    EXPECT_NE(closing.find("2 new skeletons or frame times (each a new take)"), std::string::npos)
        << closing;
}

// The same skeleton at another Frame Time is another take: rows keep the rate they came at.
TEST_F(RecordProcessTest, AChangedFrameTimeStartsANewTake) {
    const auto slow = writeNineValueTake("slow.bvh", 10, "0.0333333");
    const auto fast = writeNineValueTake("fast.bvh", 10, "0.00833333");
    auto first = serve(slow, {"--rate", "1000"});
    const int port = servedPort(*first);
    ASSERT_NE(port, 0);
    auto recorder = record(port, "take.bvh", {"--frames", "20"});
    ASSERT_EQ(first->waitForExit(), 0) << first->err();
    serveInTurn({slow, fast}, port, *recorder);
    ASSERT_EQ(recorder->waitForExit(), 0) << recorder->err();
    const bvh::Document one = bvh::loadDocument(directory_ / "take.bvh");
    const bvh::Document two = bvh::loadDocument(directory_ / "take-2.bvh");
    ASSERT_TRUE(one.loaded() && two.loaded());
    EXPECT_DOUBLE_EQ(one.motion.frameTime, 0.0333333);
    EXPECT_EQ(one.motion.frameCount, 10u);
    EXPECT_DOUBLE_EQ(two.motion.frameTime, 0.00833333);
    EXPECT_EQ(two.motion.frameCount, 10u);
    EXPECT_NE(recorder->err().find("frame time changed to 0.00833333 s"), std::string::npos)
        << recorder->err();
}

// [SECTION] Streams

// A BVH stream after a one-line banner: `auto` skips the banner and records the take.
TEST_F(RecordProcessTest, ABannerBeforeABvhStreamIsSkipped) {
    const std::string stream = "MocapServer 2.1 ready\r\n" + std::string(kNineValueHeader) +
                               "Frames: 0\nFrame Time: 0.01\n" + nineValueRows(12);
    live::test::ScriptedSender sender(
        [&](const live::Socket& socket) { live::test::sendAll(socket, stream); });
    auto recorder = record(sender.port(), "take.bvh", {"--frames", "12"});
    ASSERT_EQ(recorder->waitForExit(), 0) << recorder->err();
    sender.join();
    EXPECT_EQ(motionRows(contents(directory_ / "take.bvh")), motionRows(stream));
    EXPECT_NE(recorder->err().find("skipped 1 line before the stream's first header or data line"),
              std::string::npos)
        << recorder->err();
}

} // namespace
} // namespace bvhscope::testing
