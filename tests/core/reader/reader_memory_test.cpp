// The reader's memory bound, measured: for every hostile shape of issue 15 (generated here,
// small enough for make test), the heap the reader uses at its peak is bounded by the text's
// size: at most kHeapBytesPerTextByte per byte, plus kFixedHeapBytes (the blocks of text a
// streaming load holds, and the first read). Linked into allocation_tests, whose operator new
// counts the bytes in use (tests/support/failing_allocator.h).
#include "core/reader/background_load.h"
#include "core/reader/document.h"
#include "tests/support/failing_allocator.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iostream>
#include <string>
#include <thread>
#include <unistd.h>

namespace bvh {
namespace {

using test::resetPeakBytesInUse;

// The bound the README states ("What the reader accepts").
constexpr std::size_t kHeapBytesPerTextByte = 64;
constexpr std::size_t kFixedHeapBytes = std::size_t{16} << 20;

std::string rootWithChannels(std::size_t channels) {
    std::string text =
        "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS " + std::to_string(channels);
    for (std::size_t i = 0; i < channels; ++i) {
        text += " Xrotation";
    }
    return text + "\n  End Site\n  {\n    OFFSET 0 1 0\n  }\n}\n";
}

std::string oneFrame(std::size_t channels) {
    std::string text = "MOTION\nFrames: 1\nFrame Time: 0.0333333\n";
    for (std::size_t i = 0; i < channels; ++i) {
        text += "0 ";
    }
    return text + "\n";
}

std::string repeated(std::string_view piece, std::size_t times) {
    std::string text;
    text.reserve(piece.size() * times);
    for (std::size_t i = 0; i < times; ++i) {
        text += piece;
    }
    return text;
}

struct Measured {
    Document document;
    std::size_t peakBytes = 0;
};

Measured parseMeasured(const std::string& text) {
    resetPeakBytesInUse();
    const std::size_t before = test::bytesInUse();
    Measured measured{parseDocument(text), 0};
    measured.peakBytes = test::peakBytesInUse() - before;
    return measured;
}

std::size_t bound(std::size_t textBytes) {
    return kHeapBytesPerTextByte * textBytes + kFixedHeapBytes;
}

// The figures the README quotes, printed with the test's results.
void report(std::size_t peakBytes, std::size_t textBytes) {
    std::cout << "[ measured ] peak heap " << peakBytes << " bytes for " << textBytes
              << " bytes of text (" << static_cast<double>(peakBytes) / textBytes << " per byte)\n";
}

TEST(ReaderMemory, BlankLinesCostNoValueStorage) {
    // 300 channels, one frame, then 200 000 blank lines (of several kinds): storage reserved per
    // line would be 240 MB.
    const std::string text =
        rootWithChannels(300) + oneFrame(300) + repeated("\n \n\t\r\n", 200'000 / 3);
    const Measured measured = parseMeasured(text);
    report(measured.peakBytes, text.size());
    ASSERT_TRUE(measured.document.loaded());
    EXPECT_EQ(measured.document.motion.frameCount, 1u);
    EXPECT_LE(measured.peakBytes, bound(text.size())) << text.size() << " bytes of text";
    EXPECT_LE(measured.document.motion.values.capacity(), std::size_t{300} * 2);
}

TEST(ReaderMemory, WordLinesCostNoValueStorage) {
    const std::string text = rootWithChannels(300) + oneFrame(300) + repeated("x\n", 100'000);
    const Measured measured = parseMeasured(text);
    report(measured.peakBytes, text.size());
    ASSERT_TRUE(measured.document.loaded());
    EXPECT_EQ(measured.document.motion.frameCount, 1u);
    EXPECT_LE(measured.peakBytes, bound(text.size()));
}

TEST(ReaderMemory, ShortRowsStopAtTheBoundWithALocatedError) {
    // 100 000 one-value rows under 2 000 channels: completed, 800 MB of frames from 200 KB.
    const std::string header = rootWithChannels(2000) + oneFrame(2000);
    const std::string text = header + repeated("1\n", 100'000);
    const Measured measured = parseMeasured(text);
    report(measured.peakBytes, text.size());
    EXPECT_LE(measured.peakBytes, bound(text.size()));
    ASSERT_FALSE(measured.document.loaded());
    EXPECT_TRUE(measured.document.motion.values.empty()); // nothing half-loaded
    EXPECT_EQ(measured.document.skeleton.nodeCount(), 0u);
    const Diagnostic& error = measured.document.diagnostics.back();
    EXPECT_EQ(error.severity, Severity::Error);
    EXPECT_NE(error.message.find("values per byte of the motion text"), std::string::npos)
        << error.message;
    // The limit: 2 values a byte of the rows' text (the full frame's ~4 000 bytes and the short
    // rows' 200 000), plus 2^20 values, plus a frame. The error names the first frame beyond
    // it, on its own line.
    const std::size_t firstShortLine =
        static_cast<std::size_t>(std::count(header.begin(), header.end(), '\n')) + 1;
    const std::size_t motionBytes = text.size() - header.find("\n0 ") - 1;
    const std::size_t limitFrames = (2 * motionBytes + (std::size_t{1} << 20) + 2000) / 2000;
    EXPECT_EQ(error.line, firstShortLine + limitFrames - 1);
    EXPECT_EQ(error.column, 1u);
    EXPECT_NE(error.message.find("frame " + std::to_string(limitFrames) + ":"), std::string::npos)
        << error.message;
}

TEST(ReaderMemory, AFewShortRowsStillLoad) {
    std::string text = rootWithChannels(2000) + oneFrame(2000);
    for (int i = 0; i < 5; ++i) {
        text += "1 2 3\n";
    }
    const Measured measured = parseMeasured(text);
    report(measured.peakBytes, text.size());
    ASSERT_TRUE(measured.document.loaded());
    EXPECT_EQ(measured.document.motion.frameCount, 6u);
    EXPECT_EQ(measured.document.motion.frame(5)[2], 3.0f);
    EXPECT_EQ(measured.document.motion.frame(5)[3], 0.0f); // from the full frame
}

TEST(ReaderMemory, EndSiteNamesDoNotRepeatALongParentName) {
    // 2 000 End Sites under a root named with 20 000 bytes: 40 MB of names if each repeated it.
    std::string text = "HIERARCHY\nROOT " + std::string(20'000, 'N') +
                       "\n{\nOFFSET 0 0 0\nCHANNELS 3 Xrotation Yrotation Zrotation\n";
    text += repeated("End Site\n{\nOFFSET 0 1 0\n}\n", 2000);
    text += "}\nMOTION\nFrames: 1\nFrame Time: 0.0333\n0 0 0\n";
    const Measured measured = parseMeasured(text);
    report(measured.peakBytes, text.size());
    ASSERT_TRUE(measured.document.loaded());
    EXPECT_EQ(measured.document.skeleton.endSiteCount(), 2000u);
    EXPECT_LE(measured.peakBytes, bound(text.size()));
    const std::string& name = measured.document.skeleton.names[1];
    EXPECT_EQ(name, "EndSite_" + std::string(kEndSiteParentNameBytes, 'N') + "...");
}

TEST(ReaderMemory, TheShortestJointsStayWithinTheBound) {
    // "JOINT j{}": 10 bytes make a node and two warnings (no OFFSET, no CHANNELS), the most
    // memory per byte of text any hierarchy costs.
    std::string text = "HIERARCHY\nROOT r\n{\nOFFSET 0 0 0\nCHANNELS 1 Xrotation\n";
    text += repeated("JOINT j{}\n", 20'000);
    text += "}\nMOTION\nFrames: 1\nFrame Time: 0.0333\n0\n";
    const Measured measured = parseMeasured(text);
    report(measured.peakBytes, text.size());
    ASSERT_TRUE(measured.document.loaded());
    EXPECT_EQ(measured.document.skeleton.jointCount(), 20'001u);
    EXPECT_LE(measured.peakBytes, bound(text.size()));
}

TEST(ReaderMemory, ManyJointsStayWithinTheBound) {
    // The per-node cost: 20 000 joints with the shortest text a joint can have.
    std::string text = "HIERARCHY\nROOT r\n{\nOFFSET 0 0 0\nCHANNELS 1 Xrotation\n";
    text += repeated("JOINT j{OFFSET 0 0 0}\n", 20'000);
    text += "}\nMOTION\nFrames: 1\nFrame Time: 0.0333\n0\n";
    const Measured measured = parseMeasured(text);
    report(measured.peakBytes, text.size());
    ASSERT_TRUE(measured.document.loaded());
    EXPECT_EQ(measured.document.skeleton.jointCount(), 20'001u);
    EXPECT_LE(measured.peakBytes, bound(text.size()));
}

std::filesystem::path writeFile(const std::string& name, const std::string& head,
                                std::size_t fillBytes, char fill) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_memory_" + std::to_string(::getpid()) + "_" + name);
    std::ofstream out(path, std::ios::binary);
    out << head;
    const std::string chunk(1 << 16, fill);
    for (std::size_t written = 0; written < fillBytes; written += chunk.size()) {
        out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    }
    return path;
}

TEST(ReaderMemory, NotBvhIsRefusedFromItsFirstBytes) {
    // 32 MB of zero bytes: refused from the first read, whatever the size.
    const auto path = writeFile("zeros.bvh", "", std::size_t{32} << 20, '\0');
    resetPeakBytesInUse();
    const std::size_t before = test::bytesInUse();
    const Document document = loadDocument(path);
    const std::size_t peak = test::peakBytesInUse() - before;
    report(peak, std::filesystem::file_size(path));
    std::filesystem::remove(path);
    ASSERT_FALSE(document.loaded());
    EXPECT_EQ(document.diagnostics.front().line, 1u);
    EXPECT_NE(document.diagnostics.front().message.find("expected HIERARCHY"), std::string::npos);
    EXPECT_LE(peak, std::size_t{1} << 20);
}

TEST(ReaderMemory, AnEndlessHeaderWordIsRefusedAfterTheLongestWord) {
    // A name that runs on for 32 MB: refused once it passes the longest word the header may
    // hold, after reading a few MB, not the file.
    const auto path = writeFile("long_name.bvh", "HIERARCHY\nROOT ", std::size_t{32} << 20, 'a');
    resetPeakBytesInUse();
    const std::size_t before = test::bytesInUse();
    const Document document = loadDocument(path);
    const std::size_t peak = test::peakBytesInUse() - before;
    report(peak, std::filesystem::file_size(path));
    std::filesystem::remove(path);
    ASSERT_FALSE(document.loaded());
    const Diagnostic& error = document.diagnostics.front();
    EXPECT_EQ(error.line, 2u);
    EXPECT_EQ(error.column, 6u);
    EXPECT_NE(error.message.find("not BVH text"), std::string::npos) << error.message;
    EXPECT_LE(peak, std::size_t{8} << 20);
}

TEST(ReaderMemory, GarbageAfterMotionIsStreamedNotReadWhole) {
    // After a valid header, 32 MB of zero bytes with no line end: read as rows (one long row
    // that is not a number), block by block, not as a header that never ends.
    const std::string head = rootWithChannels(3) + "MOTION\nFrames: 1\nFrame Time: 0.03\n";
    const auto path = writeFile("garbage_rows.bvh", head, std::size_t{32} << 20, '\0');
    resetPeakBytesInUse();
    const std::size_t before = test::bytesInUse();
    const Document document = loadDocument(path);
    const std::size_t peak = test::peakBytesInUse() - before;
    report(peak, std::filesystem::file_size(path));
    std::filesystem::remove(path);
    EXPECT_EQ(document.motion.frameCount, 0u);
    // One line of 32 MB is one row: the text of the line is held (memory follows the content).
    EXPECT_LE(peak, bound(std::size_t{32} << 20));
}

TEST(ReaderMemory, ABackgroundLoadThatRunsOutOfMemoryFailsWithAnError) {
    // 300 channels x 10 000 frames: 12 MB of values, refused by an allocator that fails every
    // allocation of 8 MB or more. The load ends as an error instead of ending the process.
    std::string head = rootWithChannels(300) + "MOTION\nFrames: 10000\nFrame Time: 0.01\n";
    std::string row;
    for (int i = 0; i < 300; ++i) {
        row += "0 ";
    }
    row += "\n";
    const auto path = writeFile("out_of_memory.bvh", head + repeated(row, 10'000), 0, ' ');
    test::armAllocationFailure(std::size_t{8} << 20, nullptr);
    BackgroundLoad load(path);
    while (!load.finished()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    Document document = load.take();
    test::disarmAllocationFailure();
    std::filesystem::remove(path);
    EXPECT_GE(test::failedAllocations(), 1u);
    ASSERT_FALSE(document.loaded());
    EXPECT_EQ(document.skeleton.nodeCount(), 0u);
    EXPECT_TRUE(document.motion.values.empty());
    ASSERT_EQ(document.diagnostics.size(), 1u);
    EXPECT_EQ(formatDiagnostic("f.bvh", document.diagnostics.front()),
              "f.bvh: error: out of memory while reading the file; nothing was loaded");
}

} // namespace
} // namespace bvh
