// Rows are parsed in blocks, possibly on two threads: the result must not depend on where the
// blocks fall. Tiny blocks put a boundary inside every kind of line.
#include "core/reader/document.h"
#include "tests/core/test_support.h"

#include <bit>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace bvh {
namespace {

// Faults of every kind, spread over many rows: short and long rows, glued numbers, words,
// NaN, blank lines, a footer. Row k's first value is k, so shifted frames show.
std::string faultyCapture(std::string_view lineEnd) {
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n"
                       "MOTION\nFrames: 300\nFrame Time: 0.01\n";
    for (int row = 0; row < 300; ++row) {
        std::string line = std::to_string(row) + " 1.5 -2.25 " + std::to_string(row % 90) + ".125";
        switch (row % 23) {
        case 3:
            break; // short: 4 values
        case 5:
            line += " 7 8 9 10"; // long
            break;
        case 7:
            line += " 0.0-7.5"; // glued
            break;
        case 11:
            line += " nan 4";
            break;
        case 13:
            line += " oops 4";
            break;
        default:
            line += " 4 5";
        }
        text += line;
        text += lineEnd;
        if (row % 37 == 0) {
            text += lineEnd; // a blank line
        }
    }
    text += "end of capture";
    text += lineEnd;
    for (std::string::size_type at = 0; (at = text.find('\n', at)) != std::string::npos;) {
        if (lineEnd == "\n") {
            break;
        }
        text.replace(at, 1, lineEnd);
        at += lineEnd.size();
    }
    return text;
}

void expectSameRowsAndDiagnostics(const Document& a, const Document& b) {
    ASSERT_EQ(a.motion.frameCount, b.motion.frameCount);
    ASSERT_EQ(a.motion.values.size(), b.motion.values.size());
    for (std::size_t i = 0; i < a.motion.values.size(); ++i) {
        ASSERT_EQ(std::bit_cast<std::uint32_t>(a.motion.values[i]),
                  std::bit_cast<std::uint32_t>(b.motion.values[i]))
            << "value " << i;
    }
    ASSERT_EQ(a.diagnostics.size(), b.diagnostics.size()) << test::describeDiagnostics(b);
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
        EXPECT_EQ(formatDiagnostic("f", a.diagnostics[i]), formatDiagnostic("f", b.diagnostics[i]));
    }
}

class BlockBoundaries : public testing::TestWithParam<const char*> {};

TEST_P(BlockBoundaries, AnyBlockSizeAndThreadCountGivesTheSameDocument) {
    const std::string text = faultyCapture(GetParam());
    const Document reference = parseDocument(text);
    ASSERT_TRUE(reference.loaded()) << test::describeDiagnostics(reference);
    ASSERT_EQ(reference.motion.frameCount, 300u);
    for (std::uint32_t frame = 0; frame < 300; ++frame) {
        ASSERT_EQ(reference.motion.frame(frame)[0], static_cast<float>(frame));
    }
    for (unsigned threads : {1u, 2u}) {
        for (std::size_t block : {64u, 97u, 250u, 1000u, 4096u}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", block " + std::to_string(block));
            ParseOptions options;
            options.threads = threads;
            options.blockBytesPerThread = block;
            expectSameRowsAndDiagnostics(reference, parseDocument(text, options));
        }
    }
}

TEST_P(BlockBoundaries, AShortFirstBlockGivesTheSameDocument) {
    // The first block is short (a viewer's first pose comes sooner), the later ones long.
    const std::string text = faultyCapture(GetParam());
    const Document reference = parseDocument(text);
    for (unsigned threads : {1u, 2u}) {
        for (std::size_t first : {64u, 150u, 999u}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", first " + std::to_string(first));
            ParseOptions options;
            options.threads = threads;
            options.blockBytesPerThread = 1000;
            options.firstBlockBytes = first;
            expectSameRowsAndDiagnostics(reference, parseDocument(text, options));
        }
    }
}

TEST(BlockSizing, AFirstBlockOfOneBlankLineDoesNotSizeTheStorageByIt) {
    // The rows start with the line end after "Frame Time: 0.1"; a first block of 64 bytes
    // holds only that line end before rows of 600 bytes. Taken as one line per byte, it asked
    // for thousands of rows per frame present (a 100 000-joint chain ran out of memory).
    std::string text =
        "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
    for (int joint = 1; joint < 40; ++joint) {
        text += "JOINT J" + std::to_string(joint) +
                "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 1 0\n}\n";
    for (int joint = 0; joint < 40; ++joint) {
        text += "}\n";
    }
    text += "MOTION\nFrames: 10\nFrame Time: 0.1\n";
    for (int frame = 0; frame < 10; ++frame) {
        for (int value = 0; value < 120; ++value) {
            text += "1.25 ";
        }
        text += "\n";
    }
    ParseOptions options;
    options.firstBlockBytes = 64;
    options.blockBytesPerThread = 4096;
    const Document document = parseDocument(text, options);
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    EXPECT_EQ(document.motion.frameCount, 10u);
    // Each value takes two bytes of text at least.
    EXPECT_LE(document.motion.values.capacity(), text.size() / 2);
}

TEST_P(BlockBoundaries, StreamingAFileGivesTheSameDocumentAsParsingItsText) {
    const std::string text = faultyCapture(GetParam());
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_blocks_" + std::to_string(::getpid()) + ".bvh");
    std::ofstream(path, std::ios::binary) << text;
    const Document reference = parseDocument(text);
    for (unsigned threads : {1u, 2u}) {
        ParseOptions options;
        options.threads = threads;
        options.blockBytesPerThread = 113;
        expectSameRowsAndDiagnostics(reference, loadDocument(path, options));
    }
    std::filesystem::remove(path);
}

INSTANTIATE_TEST_SUITE_P(Document, BlockBoundaries, testing::Values("\n", "\r\n", "\r"),
                         [](const testing::TestParamInfo<const char*>& info) {
                             return std::string(info.index == 0   ? "LF"
                                                : info.index == 1 ? "CRLF"
                                                                  : "CR");
                         });

TEST(Document, ValuesMissingFromEveryRowComeFromTheFirstFrameAcrossEveryBoundary) {
    // A skeleton with six channels and rows with only the first value after frame 0: each row
    // takes the other five from the row before, so frame 0's values run through all 400
    // frames, across every block and every piece parsed on another thread.
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n"
                       "MOTION\nFrames: 400\nFrame Time: 0.01\n0 1.5 2.5 3.5 4.5 5.5\n";
    for (int row = 1; row < 400; ++row) {
        text += std::to_string(row) + (row % 50 == 0 ? " nan\n" : "\n");
    }
    const Document reference = parseDocument(text);
    ASSERT_TRUE(reference.loaded());
    ASSERT_EQ(reference.motion.frameCount, 400u);
    for (std::uint32_t frame = 0; frame < 400; ++frame) {
        const auto values = reference.motion.frame(frame);
        ASSERT_EQ(values[0], static_cast<float>(frame));
        for (std::size_t channel = 1; channel < 6; ++channel) {
            ASSERT_EQ(values[channel], static_cast<float>(channel) + 0.5f)
                << "frame " << frame << ", channel " << channel;
        }
    }
    for (unsigned threads : {1u, 2u, 3u}) {
        for (std::size_t block : {64u, 200u, 1000u}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", block " + std::to_string(block));
            ParseOptions options;
            options.threads = threads;
            options.blockBytesPerThread = block;
            expectSameRowsAndDiagnostics(reference, parseDocument(text, options));
        }
    }
}

TEST(Document, MemoryFollowsTheRowsWhateverTheDeclaredCount) {
    // The value storage is sized from the text: a right 'Frames:' gives room for the rows and
    // a little more; a count far too small or far too large, or none, is not believed and
    // leaves room for about twice the rows at most (address space kept for rows that get
    // shorter, never touched otherwise), however large the count.
    const std::string rows = [] {
        std::string text;
        for (int row = 0; row < 3000; ++row) {
            text += std::to_string(row) + " -12.5 3.25 -0.0625 45.5 -90\n";
        }
        return text;
    }();
    const std::string head = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition "
                             "Yposition Zposition Zrotation Xrotation Yrotation\nEnd Site\n{\n"
                             "OFFSET 0 1 0\n}\n}\nMOTION\n";
    struct Case {
        const char* frames;
        double mostRoom; // capacity / values at most
    };
    for (const Case& c : {Case{"Frames: 3000\n", 1.25}, Case{"Frames: 10\n", 2.5},
                          Case{"Frames: 99999999999\n", 2.5}, Case{"", 2.5}}) {
        for (std::size_t block : {std::size_t{4} << 20, std::size_t{1000}}) {
            SCOPED_TRACE(std::string(c.frames) + "block " + std::to_string(block));
            ParseOptions options;
            options.blockBytesPerThread = block;
            const Document document =
                parseDocument(head + c.frames + "Frame Time: 0.01\n" + rows, options);
            ASSERT_EQ(document.motion.frameCount, 3000u);
            const auto size = static_cast<double>(document.motion.values.size());
            EXPECT_LE(static_cast<double>(document.motion.values.capacity()), size * c.mostRoom);
        }
    }
}

TEST(Document, ADeclaredCountTheTextCanHoldIsTrustedWhenRowsGetShorter) {
    // Long rows first, then a rest pose of zeros: the lines per byte of the first blocks
    // underestimate the rows, and 'Frames:' (which the text could hold) says how many there
    // are, so the storage is reserved once, for exactly those.
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n"
                       "MOTION\nFrames: 4000\nFrame Time: 0.01\n";
    for (int row = 0; row < 2000; ++row) {
        text += "-123.4567 89.0123 -45.6789 12.3456 -78.9012 34.5678\n";
    }
    for (int row = 0; row < 2000; ++row) {
        text += "0 0 0 0 0 0\n";
    }
    ParseOptions options;
    options.blockBytesPerThread = 4096;
    const Document document = parseDocument(text, options);
    ASSERT_EQ(document.motion.frameCount, 4000u);
    EXPECT_EQ(document.motion.values.capacity(), document.motion.values.size());
}

TEST(Document, ProgressReportsEveryFrameAndTheHeaderFirst) {
    const std::string text = faultyCapture("\n");
    LoadProgress progress;
    std::mutex lock;
    bool headerSeen = false;
    ParseOptions options;
    options.progress = &progress;
    options.motionLock = &lock;
    options.blockBytesPerThread = 500;
    options.onHeaderReady = [&] {
        headerSeen = true;
        EXPECT_EQ(progress.framesLoaded.load(), 0u);
    };
    Document document = parseDocument(text, options);
    EXPECT_TRUE(headerSeen);
    EXPECT_EQ(progress.framesLoaded.load(), 300u);
    EXPECT_EQ(progress.bytesRead.load(), text.size());
}

TEST(Document, CancelledLoadIsAnErrorAndKeepsNothing) {
    LoadProgress progress;
    progress.cancelRequested = true;
    ParseOptions options;
    options.progress = &progress;
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_cancel_" + std::to_string(::getpid()) + ".bvh");
    std::ofstream(path, std::ios::binary) << faultyCapture("\n");
    Document document = loadDocument(path, options);
    std::filesystem::remove(path);
    EXPECT_FALSE(document.loaded());
    EXPECT_NE(test::findDiagnostic(document, Severity::Error, "cancelled"), nullptr);
    EXPECT_EQ(document.skeleton.nodeCount(), 0u);
}

// [SECTION] Blocks placed ahead
// The next block is placed after the current block's room and parsed while the current one is
// finished. Rows that fall short of a block's room (lines of words) move the next block's rows
// down; rows that end (a section keyword) drop the block placed ahead; an estimate that outgrows
// the values (rows that get much shorter) places the next block only once the current one is
// merged. None of it may show in the document.

// `rows` rows of 6 channels, row k's first value k; a line of words after every 7th row; the
// first `longRows` rows written with long numbers, the rest as short ones; a second file's
// HIERARCHY after row `keywordRow` (none when it is past the rows).
std::string capturePlacedAhead(int rows, int longRows, int keywordRow) {
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n"
                       "MOTION\nFrames: 5\nFrame Time: 0.01\n";
    for (int row = 0; row < rows; ++row) {
        text += std::to_string(row);
        for (int channel = 1; channel < 6; ++channel) {
            text += row < longRows ? " -" + std::to_string(100 + channel) + ".0000012345" : " 7";
        }
        text += '\n';
        if (row % 7 == 0) {
            text += "a line of words\n";
        }
        if (row == keywordRow) {
            text += "HIERARCHY\nROOT Second\n{\n}\n";
        }
    }
    return text;
}

void expectSameDocumentOnEveryThreadCountAndBlock(const std::string& text) {
    const Document reference = parseDocument(text);
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_placed_ahead_" + std::to_string(::getpid()) + ".bvh");
    std::ofstream(path, std::ios::binary) << text;
    for (unsigned threads : {2u, 3u}) {
        for (std::size_t block : {64u, 113u, 1000u}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", block " + std::to_string(block));
            ParseOptions options;
            options.threads = threads;
            options.blockBytesPerThread = block;
            options.firstBlockBytes = block;
            expectSameRowsAndDiagnostics(reference, parseDocument(text, options));
            expectSameRowsAndDiagnostics(reference, loadDocument(path, options));
        }
    }
    std::filesystem::remove(path);
}

TEST(BlocksPlacedAhead, LinesOfWordsBetweenTheRowsMoveTheNextBlocksRowsDown) {
    const std::string text = capturePlacedAhead(600, 600, 600);
    const Document reference = parseDocument(text);
    ASSERT_EQ(reference.motion.frameCount, 600u);
    for (std::uint32_t frame = 0; frame < 600; ++frame) {
        ASSERT_EQ(reference.motion.frame(frame)[0], static_cast<float>(frame));
    }
    expectSameDocumentOnEveryThreadCountAndBlock(text);
}

TEST(BlocksPlacedAhead, RowsEndingAtASecondFileDropTheBlockPlacedAhead) {
    const std::string text = capturePlacedAhead(600, 600, 321);
    const Document reference = parseDocument(text);
    ASSERT_EQ(reference.motion.frameCount, 322u);
    ASSERT_NE(test::findDiagnostic(reference, Severity::Warning, "'HIERARCHY' after the rows"),
              nullptr);
    expectSameDocumentOnEveryThreadCountAndBlock(text);
}

TEST(BlocksPlacedAhead, RowsGettingShorterGrowTheValuesBetweenBlocks) {
    // 40 rows of about 90 bytes, then 2 000 of about 14: the rows per byte of the first blocks
    // size the values for far fewer rows than come, and a 'Frames: 5' is not believed.
    const std::string text = capturePlacedAhead(2040, 40, 2040);
    const Document reference = parseDocument(text);
    ASSERT_EQ(reference.motion.frameCount, 2040u);
    EXPECT_EQ(reference.motion.frame(2039)[0], 2039.0f);
    EXPECT_EQ(reference.motion.frame(39)[5], -105.0000012345f);
    expectSameDocumentOnEveryThreadCountAndBlock(text);
}

} // namespace
} // namespace bvh
