// `bvhscope record` from `bvhscope serve`, both as processes on the loopback: each format
// (Axis with NUL bytes and CR LF, lines with bare CR, BVH), the digits served kept, `Frames:`
// right, reconnection after the sender restarts, and what Ctrl+C, SIGTERM and SIGKILL leave.
#include "core/live/axis_skeleton.h"
#include "core/writer/writer.h"
#include "tests/app/cli/serve_process_support.h"
#include "tests/support/scratch_directory.h"

#include <cstdio>
#include <gtest/gtest.h>

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

class RecordProcessTest : public bvh::test::ScratchDirectoryTest {
protected:
    std::filesystem::path writeNineValueTake(const std::string& name, int frames) {
        const std::filesystem::path path = directory_ / name;
        std::ofstream(path, std::ios::binary)
            << kNineValueHeader << "Frames: " << frames << "\nFrame Time: 0.01\n"
            << nineValueRows(frames);
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
        std::vector<std::string> command = {BVHSCOPE_EXECUTABLE, "record",
                                            "tcp://127.0.0.1:" + std::to_string(port), "-o",
                                            (directory_ / output).string()};
        command.insert(command.end(), options.begin(), options.end());
        return std::make_unique<BackgroundProcess>(command, errPath("record"));
    }
    std::filesystem::path errPath(const std::string& what) {
        // Outside directory_: the tests list its files.
        return std::filesystem::temp_directory_path() /
               ("bvhscope_" + what + "_err_" + std::to_string(::getpid()) + "_" +
                std::to_string(++runs_));
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
    EXPECT_NE(take.find("Frame Time: 0.01"), std::string::npos);
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
        std::this_thread::sleep_for(300ms);
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
    std::this_thread::sleep_for(1500ms); // past the first flush (once a second of frames)
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

} // namespace
} // namespace bvhscope::testing
