// Loading in steps on the caller's thread (the web page has no threads): whatever the budget
// and the block sizes, the result is loadDocument's with one thread, to the bit.
#include "core/reader/stepped_load.h"
#include "core/reader/streamed_text.h"
#include "tests/core/document_difference.h"
#include "tests/core/test_support.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <iterator>
#include <memory>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace bvh {
namespace {

using namespace std::chrono_literals;

std::filesystem::path temporaryPath(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("bvhscope_stepped_" + std::to_string(::getpid()) + "_" + name);
}

// Row k's first value is k, so a frame published out of place shows.
std::string steppedCaptureText(int frames) {
    std::ostringstream out;
    out << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
           "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: "
        << frames << "\nFrame Time: 0.01\n";
    for (int frame = 0; frame < frames; ++frame) {
        out << frame << " 0.5 -0.5\n";
    }
    return std::move(out).str();
}

std::filesystem::path writeSteppedCapture(const std::string& name, int frames) {
    const auto path = temporaryPath(name);
    std::ofstream(path, std::ios::binary) << steppedCaptureText(frames);
    return path;
}

// Rows with every fault the row parser reports (short, long, glued, NaN, words, blank lines,
// a footer), CR LF line ends, and a 'Frames:' that disagrees with the rows.
std::filesystem::path writeFaultyCapture(const std::string& name) {
    const auto path = temporaryPath(name);
    std::ofstream out(path, std::ios::binary);
    out << "HIERARCHY\r\nROOT Hips\r\n{\r\nOFFSET 0 0 0\r\nCHANNELS 6 Xposition Yposition "
           "Zposition Zrotation Xrotation Yrotation\r\nJOINT Chest\r\n{\r\nOFFSET 0 10 0\r\n"
           "CHANNELS 3 Xrotation Yrotation Zrotation\r\nEnd Site\r\n{\r\nOFFSET 0 5 0\r\n}\r\n"
           "}\r\n}\r\nMOTION\r\nFrames: 2500\r\nFrame Time: 0.0333333\r\n";
    for (int row = 0; row < 2000; ++row) {
        out << row << " 1.5 -2.25 " << row % 90 << ".125 4 5";
        switch (row % 37) {
        case 3:
            break; // short
        case 5:
            out << " 7 8 9 10 11 12";
            break; // long
        case 7:
            out << " 0.0-7.5 1 2";
            break; // glued
        case 11:
            out << " nan 1 2";
            break;
        case 13:
            out << " oops 1 2";
            break;
        case 17:
            out << " 1 2 3\r\n\r\n";
            break; // a blank line after it
        default:
            out << " 1 2 3";
            break;
        }
        out << "\r\n";
    }
    out << "end of take\r\n";
    return path;
}

Document loadStepped(const std::filesystem::path& path, std::chrono::nanoseconds budget,
                     LoadStepSizes sizes = {}) {
    SteppedLoad load(path, {}, sizes);
    // A bound on the calls, so that a load that never finishes fails instead of hanging.
    for (int call = 0; call < 10'000'000 && !load.advance(budget); ++call) {
    }
    EXPECT_TRUE(load.finished());
    EXPECT_DOUBLE_EQ(load.fraction(), 1.0);
    return load.take();
}

ParseOptions oneThread() {
    ParseOptions options;
    options.threads = 1;
    return options;
}

void expectSameAsOneShot(const Document& stepped, const Document& oneShot) {
    EXPECT_EQ(test::documentDifference(stepped, oneShot), "");
}

// Every way of stepping one file: one step a call, a budget that never runs out, and tiny
// blocks that put a boundary in nearly every line.
void expectSteppedEqualsOneShot(const std::filesystem::path& path) {
    SCOPED_TRACE(path.string());
    const Document oneShot = loadDocument(path, oneThread());
    expectSameAsOneShot(loadStepped(path, 0ns), oneShot);
    expectSameAsOneShot(loadStepped(path, std::chrono::hours(1)), oneShot);
    expectSameAsOneShot(loadStepped(path, 0ns, {64, 200}), oneShot);
}

std::vector<std::filesystem::path> bvhFilesUnder(const std::filesystem::path& directory) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(directory)) {
        if (entry.is_regular_file() && entry.path().extension() == ".bvh") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

TEST(SteppedLoad, EqualsTheOneShotLoadOnTheTestDataAndTheSample) {
    std::vector<std::filesystem::path> files =
        bvhFilesUnder(std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "tests" / "data");
    const auto assets = bvhFilesUnder(std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "assets");
    files.insert(files.end(), assets.begin(), assets.end());
    ASSERT_GE(files.size(), 3u); // the seed samples and the walk cycle at least
    for (const auto& path : files) {
        expectSteppedEqualsOneShot(path);
    }
}

TEST(SteppedLoad, EqualsTheOneShotLoadOnEveryCorpusFile) {
    const auto corpus = test::corpusDirectory();
    if (!corpus) {
        GTEST_SKIP() << "../shared/corpus is absent in this clone; corpus tests skipped";
    }
    const auto files = bvhFilesUnder(*corpus);
    ASSERT_FALSE(files.empty());
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const Document oneShot = loadDocument(path, oneThread());
        expectSameAsOneShot(loadStepped(path, 0ns), oneShot);
        expectSameAsOneShot(loadStepped(path, std::chrono::hours(1)), oneShot);
    }
}

TEST(SteppedLoad, EqualsTheOneShotLoadOnRowsWithEveryFault) {
    const auto path = writeFaultyCapture("faulty.bvh");
    const Document oneShot = loadDocument(path, oneThread());
    // The faults are there: each kind is reported, and the count disagrees.
    EXPECT_GE(oneShot.diagnostics.size(), 6u) << test::describeDiagnostics(oneShot);
    EXPECT_NE(test::findDiagnostic(oneShot, Severity::Warning, "'Frames: 2500' but only"), nullptr);
    expectSteppedEqualsOneShot(path);
    std::filesystem::remove(path);
}

TEST(SteppedLoad, FramesBecomeReadableStepByStep) {
    // 300 000 rows of about 13 bytes: 4 MB, a short first block and several 1 MB blocks.
    const auto path = writeSteppedCapture("progressive.bvh", 300000);
    SteppedLoad load(path);
    EXPECT_FALSE(load.headerReady());
    EXPECT_EQ(load.framesLoaded(), 0u);
    EXPECT_FALSE(load.advance(0ns)); // the header
    ASSERT_TRUE(load.headerReady());
    EXPECT_EQ(load.document().skeleton.nodeCount(), 2u);
    EXPECT_EQ(load.framesLoaded(), 0u);

    std::vector<std::uint32_t> loaded;
    double lastFraction = 0.0;
    while (!load.advance(0ns)) {
        const std::uint32_t frames = load.framesLoaded();
        ASSERT_GT(frames, loaded.empty() ? 0u : loaded.back()) << "a step published nothing";
        loaded.push_back(frames);
        // Every published frame is final: its first value is its index.
        const std::vector<float>& values = load.document().motion.values;
        ASSERT_GE(values.size(), std::size_t{frames} * 3);
        EXPECT_EQ(values[0], 0.0f);
        EXPECT_EQ(values[(frames - 1) * std::size_t{3}], static_cast<float>(frames - 1));
        EXPECT_GT(load.fraction(), lastFraction);
        EXPECT_LT(load.fraction(), 1.0);
        lastFraction = load.fraction();
    }
    // The first block (64 KB of 13-byte rows) shows the first pose long before the rest.
    ASSERT_GE(loaded.size(), 4u);
    EXPECT_LT(loaded.front(), 6000u);
    Document document = load.take();
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    EXPECT_EQ(document.motion.frameCount, 300000u);
    EXPECT_EQ(document.motion.frame(299999)[0], 299999.0f);
    std::filesystem::remove(path);
}

TEST(SteppedLoad, ABudgetKeepsStepping) {
    const auto path = writeSteppedCapture("budget.bvh", 300000);
    SteppedLoad zero(path);
    int zeroCalls = 0;
    while (!zero.advance(0ns)) {
        ++zeroCalls;
    }
    SteppedLoad whole(path);
    EXPECT_TRUE(whole.advance(std::chrono::hours(1))); // one call does it all
    expectSameAsOneShot(whole.take(), zero.take());
    EXPECT_GE(zeroCalls, 5); // the header, the first block, 4 MB of 1 MB blocks
    std::filesystem::remove(path);
}

TEST(SteppedLoad, CancellingMidwayEndsWithTheCancelledError) {
    const auto path = writeSteppedCapture("cancel.bvh", 300000);
    SteppedLoad load(path);
    load.advance(0ns); // the header
    load.advance(0ns); // the first block
    const std::uint32_t framesBefore = load.framesLoaded();
    ASSERT_GT(framesBefore, 0u);
    load.cancel();
    EXPECT_TRUE(load.advance(0ns));
    // No block is parsed after the cancel.
    EXPECT_EQ(load.framesLoaded(), framesBefore);
    Document document = load.take();
    EXPECT_FALSE(document.loaded());
    ASSERT_EQ(document.diagnostics.size(), 1u) << test::describeDiagnostics(document);
    EXPECT_EQ(formatDiagnostic("f.bvh", document.diagnostics.front()),
              "f.bvh: error: loading was cancelled");
    EXPECT_EQ(document.skeleton.nodeCount(), 0u);
    EXPECT_TRUE(document.motion.values.empty());
    std::filesystem::remove(path);
}

TEST(SteppedLoad, CancellingBeforeTheFirstStepReadsNothing) {
    const auto path = writeSteppedCapture("cancel_first.bvh", 10);
    SteppedLoad load(path);
    load.cancel();
    EXPECT_TRUE(load.advance(std::chrono::hours(1)));
    EXPECT_FALSE(load.headerReady());
    Document document = load.take();
    ASSERT_EQ(document.diagnostics.size(), 1u) << test::describeDiagnostics(document);
    EXPECT_EQ(document.diagnostics.front().message, "loading was cancelled");
    std::filesystem::remove(path);
}

TEST(SteppedLoad, AMissingFileEndsWithLoadDocumentsError) {
    const std::filesystem::path path = "/nonexistent/capture.bvh";
    SteppedLoad load(path);
    EXPECT_TRUE(load.advance(0ns));
    EXPECT_FALSE(load.headerReady());
    const Document stepped = load.take();
    const Document oneShot = loadDocument(path, oneThread());
    ASSERT_NE(test::findDiagnostic(stepped, Severity::Error, "cannot open"), nullptr)
        << test::describeDiagnostics(stepped);
    expectSameAsOneShot(stepped, oneShot);
}

TEST(SteppedLoad, TheHeaderCallbackRunsOnceInTheStepThatReadsIt) {
    const auto path = writeSteppedCapture("callback.bvh", 1000);
    int calls = 0;
    bool readyInCallback = false;
    SteppedLoad* loadSeen = nullptr;
    SteppedLoad load(path, [&] {
        ++calls;
        readyInCallback = loadSeen != nullptr && loadSeen->headerReady();
    });
    loadSeen = &load;
    EXPECT_EQ(calls, 0); // nothing happens before the first advance
    load.advance(0ns);
    EXPECT_EQ(calls, 1);
    EXPECT_TRUE(readyInCallback);
    load.advance(std::chrono::hours(1));
    EXPECT_EQ(calls, 1);
    std::filesystem::remove(path);
}

// The file changes between the header step and the rows: the load ends as BackgroundLoad's
// does when the file changes under its thread.
Document steppedLoadChangingAfterHeader(const std::filesystem::path& path,
                                        const std::function<void()>& change) {
    SteppedLoad load(path);
    EXPECT_FALSE(load.advance(0ns));
    EXPECT_TRUE(load.headerReady());
    change();
    while (!load.advance(0ns)) {
    }
    return load.take();
}

TEST(SteppedLoad, AFileTruncatedBetweenStepsEndsWithAnErrorAndNothingHalfLoaded) {
    const auto path = writeSteppedCapture("truncated.bvh", 300000);
    const Document document = steppedLoadChangingAfterHeader(
        path, [&] { std::filesystem::resize_file(path, std::filesystem::file_size(path) / 3); });
    EXPECT_FALSE(document.loaded());
    const Diagnostic* error =
        test::findDiagnostic(document, Severity::Error, "changed while it was being read");
    ASSERT_NE(error, nullptr) << test::describeDiagnostics(document);
    EXPECT_EQ(error->line, 0u);
    EXPECT_EQ(document.skeleton.nodeCount(), 0u);
    EXPECT_EQ(document.motion.frameCount, 0u);
    EXPECT_TRUE(document.motion.values.empty());
    std::filesystem::remove(path);
}

TEST(SteppedLoad, AFileThatGrowsBetweenStepsEndsWithAnError) {
    const auto path = writeSteppedCapture("grown.bvh", 300000);
    const Document document = steppedLoadChangingAfterHeader(
        path, [&] { std::ofstream(path, std::ios::binary | std::ios::app) << "1 2 3\n"; });
    EXPECT_FALSE(document.loaded());
    EXPECT_NE(test::findDiagnostic(document, Severity::Error, "changed while it was being read"),
              nullptr)
        << test::describeDiagnostics(document);
    std::filesystem::remove(path);
}

TEST(SteppedLoad, AFileDeletedBetweenStepsStillLoadsWhatWasOpened) {
    const auto path = writeSteppedCapture("deleted.bvh", 300000);
    const Document document =
        steppedLoadChangingAfterHeader(path, [&] { std::filesystem::remove(path); });
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    ASSERT_EQ(document.motion.frameCount, 300000u);
    EXPECT_EQ(document.motion.frame(299999)[0], 299999.0f);
}

TEST(SteppedLoad, AFailedLoadKeepsWhatItReadUntilTake) {
    // A viewer may still draw the frames it was shown: they stay until take() empties them.
    const auto path = writeSteppedCapture("kept.bvh", 300000);
    SteppedLoad load(path);
    load.advance(0ns);
    load.advance(0ns);
    const std::uint32_t frames = load.framesLoaded();
    ASSERT_GT(frames, 0u);
    std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
    while (!load.advance(0ns)) {
    }
    EXPECT_EQ(load.document().skeleton.nodeCount(), 2u);
    ASSERT_GE(load.document().motion.values.size(), std::size_t{frames} * 3);
    EXPECT_EQ(load.document().motion.values[(frames - 1) * std::size_t{3}],
              static_cast<float>(frames - 1));
    EXPECT_FALSE(load.take().loaded());
    std::filesystem::remove(path);
}

// [SECTION] Streamed texts: a download read while it arrives

std::string contentsOf(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Feeds `text` to a streamed load in pieces of the sizes `pieceSize` gives, stepping the load
// (`budget`) after every piece as the page does, then ends the text (close, or fail with
// `failure`). Bounded: a load that neither finishes nor waits fails the test.
struct StreamedRun {
    Document document;
    std::vector<std::uint32_t> framesAfterPieces; // frames loaded after each piece
    bool waitedForText = false;                   // the load stopped for more text at least once
};

StreamedRun loadStreamed(std::string_view text, std::uint64_t declared,
                         const std::function<std::size_t()>& pieceSize,
                         std::chrono::nanoseconds budget, LoadStepSizes sizes = {},
                         std::size_t stopAt = std::string_view::npos,
                         const char* failure = nullptr) {
    auto streamed = std::make_shared<StreamedText>(declared);
    SteppedLoad load("f.bvh", streamed, {}, sizes);
    StreamedRun run;
    const auto stepUntilWaiting = [&] {
        for (int call = 0; call < 1'000'000 && !load.finished() && !load.waitingForText(); ++call) {
            load.advance(budget);
        }
        run.waitedForText = run.waitedForText || load.waitingForText();
    };
    const std::size_t end = std::min(stopAt, text.size());
    for (std::size_t at = 0; at < end;) {
        const std::size_t size = std::min(std::max<std::size_t>(pieceSize(), 1), end - at);
        streamed->append(std::span<const char>(text.data() + at, size));
        at += size;
        stepUntilWaiting();
        run.framesAfterPieces.push_back(load.framesLoaded());
    }
    if (failure != nullptr) {
        streamed->fail(failure);
    } else {
        streamed->close();
    }
    for (int call = 0; call < 1'000'000 && !load.advance(budget); ++call) {
        EXPECT_FALSE(load.waitingForText()) << "a load whose text ended still waits for more";
    }
    EXPECT_TRUE(load.finished());
    run.document = load.take();
    return run;
}

std::function<std::size_t()> fixedPieces(std::size_t size) {
    return [size] { return size; };
}

// Piece sizes from 1 byte to 64 KB, the same for every run (a network's are as uneven).
std::function<std::size_t()> unevenPieces(unsigned seed) {
    auto engine = std::make_shared<std::mt19937>(seed);
    return [engine] {
        const int bits = std::uniform_int_distribution<int>(0, 16)(*engine);
        return std::uniform_int_distribution<std::size_t>(1, std::size_t{1} << bits)(*engine);
    };
}

void expectStreamedEqualsOneShot(const std::filesystem::path& path) {
    SCOPED_TRACE(path.string());
    const Document oneShot = loadDocument(path, oneThread());
    const std::string text = contentsOf(path);
    expectSameAsOneShot(loadStreamed(text, text.size(), fixedPieces(1 << 16), 0ns).document,
                        oneShot);
    // No Content-Length: the same.
    expectSameAsOneShot(loadStreamed(text, 0, unevenPieces(7), 1h).document, oneShot);
    // Small pieces and tiny blocks: boundaries of both in nearly every line.
    expectSameAsOneShot(loadStreamed(text, text.size(), unevenPieces(11), 0ns, {64, 200}).document,
                        oneShot);
    if (text.size() < 40000) {
        expectSameAsOneShot(loadStreamed(text, text.size(), fixedPieces(1), 0ns).document, oneShot);
    }
}

TEST(SteppedLoadStreamed, EqualsTheOneShotLoadOnTheTestDataAndTheSample) {
    std::vector<std::filesystem::path> files =
        bvhFilesUnder(std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "tests" / "data");
    const auto assets = bvhFilesUnder(std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "assets");
    files.insert(files.end(), assets.begin(), assets.end());
    ASSERT_GE(files.size(), 3u);
    for (const auto& path : files) {
        expectStreamedEqualsOneShot(path);
    }
}

TEST(SteppedLoadStreamed, EqualsTheOneShotLoadOnRowsWithEveryFault) {
    const auto path = writeFaultyCapture("streamed_faulty.bvh");
    expectStreamedEqualsOneShot(path);
    std::filesystem::remove(path);
}

TEST(SteppedLoadStreamed, FramesShowWhileTheTextArrivesAndTheLoadWaitsBetweenPieces) {
    const auto path = writeSteppedCapture("streamed_progressive.bvh", 300000);
    const std::string text = contentsOf(path);
    const StreamedRun run = loadStreamed(text, text.size(), fixedPieces(256 << 10), 0ns);
    EXPECT_TRUE(run.waitedForText);
    ASSERT_GE(run.framesAfterPieces.size(), 10u);
    // Every piece after the first few adds frames: the rows are read as they come.
    const std::uint32_t halfway = run.framesAfterPieces[run.framesAfterPieces.size() / 2];
    EXPECT_GT(halfway, 100000u);
    EXPECT_LT(halfway, 300000u);
    EXPECT_TRUE(std::is_sorted(run.framesAfterPieces.begin(), run.framesAfterPieces.end()));
    expectSameAsOneShot(run.document, loadDocument(path, oneThread()));
    std::filesystem::remove(path);
}

TEST(SteppedLoadStreamed, ATextCutShortMidLineIsAnErrorWhereItStopped) {
    const std::string text = steppedCaptureText(1000);
    // Line 13 is "Frame Time: 0.01"; row k is on line 14 + k. Cut 3 bytes into row 500.
    const std::size_t rowStart = text.find("\n500 0.5") + 1;
    const StreamedRun run =
        loadStreamed(text, text.size(), fixedPieces(4096), 0ns, {}, rowStart + 3);
    EXPECT_FALSE(run.document.loaded());
    std::vector<std::string> errors;
    for (const Diagnostic& diagnostic : run.document.diagnostics) {
        if (diagnostic.severity == Severity::Error) {
            errors.push_back(formatDiagnostic("f.bvh", diagnostic));
        }
    }
    ASSERT_EQ(errors.size(), 1u) << test::describeDiagnostics(run.document);
    EXPECT_EQ(errors[0], "f.bvh:514:4: error: the download ended after " +
                             std::to_string(rowStart + 3) + " of " + std::to_string(text.size()) +
                             " bytes (the response was cut short); nothing was loaded");
    EXPECT_TRUE(run.document.motion.values.empty());
}

TEST(SteppedLoadStreamed, ATextCutShortAtALineEndIsAnErrorOnTheNextLine) {
    const std::string text = steppedCaptureText(1000);
    const std::size_t rowStart = text.find("\n500 0.5") + 1;
    const StreamedRun run = loadStreamed(text, text.size(), unevenPieces(3), 0ns, {}, rowStart);
    const Diagnostic* error = test::findDiagnostic(run.document, Severity::Error, "cut short");
    ASSERT_NE(error, nullptr) << test::describeDiagnostics(run.document);
    EXPECT_EQ(error->line, 514u);
    EXPECT_EQ(error->column, 1u);
}

TEST(SteppedLoadStreamed, ATextCutShortInTheHeaderIsAnErrorWhereItStopped) {
    const std::string text = steppedCaptureText(10);
    const std::size_t cut = text.find("End Site") + 3; // line 6, column 4
    const StreamedRun run = loadStreamed(text, text.size(), fixedPieces(5), 0ns, {}, cut);
    EXPECT_FALSE(run.document.loaded());
    const Diagnostic* error = test::findDiagnostic(run.document, Severity::Error, "cut short");
    ASSERT_NE(error, nullptr) << test::describeDiagnostics(run.document);
    EXPECT_EQ(error->line, 6u);
    EXPECT_EQ(error->column, 4u);
}

// A second capture's first line ends the rows: the load ends there, while the rest of the text
// has not come (a server that stalls there is not waited on; the page then cancels it).
TEST(SteppedLoadStreamed, RowsEndedByASecondCapturesFirstLineEndTheLoadBeforeTheText) {
    const std::string capture = steppedCaptureText(100);
    auto streamed = std::make_shared<StreamedText>(2 * capture.size());
    SteppedLoad load("f.bvh", streamed);
    streamed->append(std::span<const char>(capture.data(), capture.size()));
    streamed->append(std::span<const char>(capture.data(), capture.find('\n') + 1));
    for (int call = 0; call < 1000 && !load.finished() && !load.waitingForText(); ++call) {
        load.advance(0ns);
    }
    ASSERT_TRUE(load.finished()) << "waiting for text: " << load.waitingForText();
    EXPECT_EQ(streamed->advice(), SendAdvice::Stop);
    const Document document = load.take();
    EXPECT_EQ(document.motion.frameCount, 100u) << test::describeDiagnostics(document);
}

TEST(SteppedLoadStreamed, AFailedDownloadEndsWithItsMessageAlone) {
    const std::string text = steppedCaptureText(300000);
    const StreamedRun run = loadStreamed(text, text.size(), fixedPieces(1 << 16), 0ns, {},
                                         text.size() / 2, "the connection was reset");
    EXPECT_GT(run.framesAfterPieces.back(), 0u); // it was showing frames when it failed
    EXPECT_FALSE(run.document.loaded());
    ASSERT_EQ(run.document.diagnostics.size(), 1u) << test::describeDiagnostics(run.document);
    EXPECT_EQ(formatDiagnostic("f.bvh", run.document.diagnostics.front()),
              "f.bvh: error: the connection was reset");
    EXPECT_TRUE(run.document.motion.values.empty());
}

// A sender that appends `pieceBytes` at a time only while the text advises it to, the load
// stepping (one step a call) whenever it does not, as the page runs: the document, and the most
// bytes the text held readable at once. Bounded: a sender and a load that wait on each other
// fail the test.
struct AdvisedRun {
    Document document;
    std::uint64_t mostReadable = 0;
    bool toldToStop = false; // the text said Stop while bytes were left to send
};

AdvisedRun loadAdvised(std::string_view text, std::uint64_t waitAheadBytes, std::size_t pieceBytes,
                       LoadStepSizes sizes = {}) {
    auto streamed = std::make_shared<StreamedText>(text.size(), waitAheadBytes);
    SteppedLoad load("f.bvh", streamed, {}, sizes);
    AdvisedRun run;
    std::size_t sent = 0;
    for (int turn = 0; turn < 10'000'000 && !load.finished(); ++turn) {
        const SendAdvice advice = streamed->advice();
        if (advice == SendAdvice::Stop && sent < text.size()) {
            run.toldToStop = true;
        }
        if (advice == SendAdvice::Send && sent < text.size()) {
            const std::size_t size = std::min(pieceBytes, text.size() - sent);
            streamed->append(std::span<const char>(text.data() + sent, size));
            sent += size;
            if (sent == text.size()) {
                streamed->close();
            }
        } else {
            EXPECT_FALSE(load.waitingForText() && !streamed->ended())
                << "the sender was told to wait while the load waited for text, at byte " << sent;
            if (load.waitingForText() && !streamed->ended()) {
                break;
            }
            load.advance(0ns);
        }
        run.mostReadable = std::max(run.mostReadable, streamed->readableBytes());
    }
    EXPECT_TRUE(load.finished());
    run.toldToStop =
        run.toldToStop || (streamed->advice() == SendAdvice::Stop && sent < text.size());
    run.document = load.take();
    return run;
}

TEST(SteppedLoadStreamed, ASenderThatWaitsWhenToldHoldsAFewPiecesAndLoadsTheSameDocument) {
    const auto path = writeSteppedCapture("streamed_advised.bvh", 20000);
    const std::string text = contentsOf(path);
    const Document oneShot = loadDocument(path, oneThread());
    const AdvisedRun run = loadAdvised(text, 16 << 10, 4096, {1024, 4096});
    expectSameAsOneShot(run.document, oneShot);
    // At most the threshold and one piece more readable at once, against the whole text
    // (over 200 KB) where the sender never waits.
    EXPECT_GE(run.mostReadable, std::uint64_t{16} << 10);
    EXPECT_LE(run.mostReadable, (std::uint64_t{16} << 10) + 4096);
    EXPECT_GT(text.size(), std::size_t{200} << 10);
    std::filesystem::remove(path);
}

TEST(SteppedLoadStreamed, AHeaderLongerThanTheWaitThresholdStillArrivesWhole) {
    // 400 joints of about 120 bytes each: a header of about 50 KB, the threshold 2 KB.
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation "
                       "Yrotation\n";
    for (int joint = 0; joint < 400; ++joint) {
        text += "JOINT J" + std::to_string(joint) +
                "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 1 0\n}\n";
    for (int joint = 0; joint <= 400; ++joint) {
        text += "}\n";
    }
    text += "MOTION\nFrames: 50\nFrame Time: 0.01\n";
    for (int frame = 0; frame < 50; ++frame) {
        for (int channel = 0; channel < 3 * 401; ++channel) {
            text += std::to_string(frame) + (channel + 1 < 3 * 401 ? " " : "\n");
        }
    }
    const AdvisedRun run = loadAdvised(text, 2048, 512);
    ASSERT_TRUE(run.document.loaded()) << test::describeDiagnostics(run.document);
    EXPECT_EQ(run.document.skeleton.jointCount(), 401u);
    EXPECT_EQ(run.document.motion.frameCount, 50u);
    EXPECT_FLOAT_EQ(run.document.motion.values.back(), 49.0f);
}

TEST(SteppedLoadStreamed, ALoadThatEndsBeforeItsTextTellsTheSenderToStop) {
    const auto path = writeSteppedCapture("streamed_two_files.bvh", 2000);
    const std::string one = contentsOf(path);
    // A second file appended to the first: its rows end at the second HIERARCHY.
    const AdvisedRun run = loadAdvised(one + one, 4096, 1024, {1024, 4096});
    EXPECT_TRUE(run.toldToStop);
    EXPECT_EQ(run.document.motion.frameCount, 2000u);
    std::filesystem::remove(path);
}

TEST(SteppedLoadStreamed, ACancelledOrDroppedLoadTellsTheSenderToStop) {
    auto cancelled = std::make_shared<StreamedText>();
    auto dropped = std::make_shared<StreamedText>();
    {
        SteppedLoad load("f.bvh", cancelled);
        SteppedLoad other("g.bvh", dropped);
        EXPECT_EQ(cancelled->advice(), SendAdvice::Send);
        load.cancel();
        load.advance(0ns);
        ASSERT_TRUE(load.finished());
        EXPECT_EQ(cancelled->advice(), SendAdvice::Stop);
        EXPECT_EQ(dropped->advice(), SendAdvice::Send);
    }
    EXPECT_EQ(dropped->advice(), SendAdvice::Stop);
}

TEST(SteppedLoadStreamed, NothingArrivedYetMeansWaitingNotReading) {
    auto streamed = std::make_shared<StreamedText>();
    SteppedLoad load("f.bvh", streamed);
    EXPECT_TRUE(load.waitingForText());
    EXPECT_FALSE(load.advance(1h)); // returns at once
    EXPECT_FALSE(load.headerReady());
    const std::string half = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\n";
    streamed->append(std::span<const char>(half.data(), half.size()));
    EXPECT_FALSE(load.waitingForText());
    EXPECT_FALSE(load.advance(1h)); // tries the header, needs more
    EXPECT_TRUE(load.waitingForText());
    EXPECT_FALSE(load.headerReady());
    EXPECT_TRUE(load.document().diagnostics.empty()); // a try leaves nothing behind
    streamed->close();
    EXPECT_TRUE(load.advance(1h));
    EXPECT_FALSE(load.take().loaded()); // an unfinished hierarchy, as in a file
}

} // namespace
} // namespace bvh
