// A streamed text's sender side: when it is told to wait or stop, and the pieces it gets back.
#include "core/reader/streamed_text.h"

#include <cstddef>
#include <cstdint>
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

namespace bvh {
namespace {

std::vector<char> lines(std::size_t count, std::size_t lineBytes) {
    std::vector<char> bytes(count * lineBytes, '1');
    for (std::size_t line = 1; line <= count; ++line) {
        bytes[line * lineBytes - 1] = '\n';
    }
    return bytes;
}

TEST(StreamedTextAdvice, NoSenderIsToldToWaitBeforeAReaderHasStarted) {
    auto text = std::make_shared<StreamedText>(0, 1000);
    for (int piece = 0; piece < 10; ++piece) {
        text->append(lines(10, 100));
    }
    EXPECT_EQ(text->readableBytes(), 10000u);
    // A file the viewer never opens must still arrive whole rather than hold its download.
    EXPECT_EQ(text->advice(), SendAdvice::Send);
}

TEST(StreamedTextAdvice, AReaderWithTheThresholdOfWholeLinesAheadHoldsTheSenderUntilItTakesSome) {
    auto text = std::make_shared<StreamedText>(0, 1000);
    StreamedSource source(text);
    text->append(lines(9, 100));
    EXPECT_EQ(text->advice(), SendAdvice::Send);
    text->append(lines(1, 100));
    EXPECT_EQ(text->advice(), SendAdvice::Wait);
    ASSERT_TRUE(source.readMore(300));
    EXPECT_EQ(text->readableBytes(), 700u);
    EXPECT_EQ(text->advice(), SendAdvice::Send);
}

TEST(StreamedTextAdvice, BytesThatAreNotYetAWholeLineNeverHoldTheSender) {
    auto text = std::make_shared<StreamedText>(0, 1000);
    StreamedSource source(text);
    // One line of 5000 bytes, its line feed not yet arrived: the reader cannot take any of it.
    text->append(std::vector<char>(5000, '1'));
    EXPECT_EQ(text->readableBytes(), 0u);
    EXPECT_EQ(text->advice(), SendAdvice::Send);
}

TEST(StreamedTextAdvice, AReaderThatNeedsMoreThanTheThresholdIsSentMore) {
    auto text = std::make_shared<StreamedText>(0, 1000);
    StreamedSource source(text);
    text->append(lines(20, 100));
    text->needReadable(4000); // a header longer than what arrived, tried again at twice as much
    EXPECT_EQ(text->advice(), SendAdvice::Send);
    text->append(lines(20, 100));
    EXPECT_EQ(text->advice(), SendAdvice::Wait);
}

TEST(StreamedTextAdvice, ASenderIsToldToStopOnceItsReaderIsGoneAndWhatComesIsDropped) {
    auto text = std::make_shared<StreamedText>(0, 1000);
    {
        StreamedSource source(text);
        text->append(lines(3, 100));
        EXPECT_EQ(text->advice(), SendAdvice::Send);
    }
    EXPECT_TRUE(text->readerStopped());
    EXPECT_EQ(text->advice(), SendAdvice::Stop);
    text->append(lines(3, 100));
    EXPECT_EQ(text->arrivedBytes(), 300u);
    char byte = 0;
    EXPECT_EQ(text->take(&byte, 1), 0u);
}

TEST(StreamedTextPieces, ATakenPieceComesBackToTheSenderWithItsMemory) {
    auto text = std::make_shared<StreamedText>();
    EXPECT_TRUE(text->sparePiece().empty());
    std::vector<char> piece = lines(4, 250);
    piece.reserve(2000);
    const char* memory = piece.data();
    text->append(std::move(piece));
    std::vector<char> into(1000);
    // Taken in part: the piece is still the text's.
    ASSERT_EQ(text->take(into.data(), 600), 600u);
    EXPECT_TRUE(text->sparePiece().empty());
    ASSERT_EQ(text->take(into.data(), 400), 400u);
    std::vector<char> spare = text->sparePiece();
    EXPECT_EQ(spare.data(), memory);
    EXPECT_EQ(spare.size(), 1000u);
    EXPECT_GE(spare.capacity(), 2000u);
    EXPECT_TRUE(text->sparePiece().empty());
}

TEST(StreamedTextPieces, OnlyAFewSparePiecesAreKept) {
    auto text = std::make_shared<StreamedText>();
    for (int piece = 0; piece < 20; ++piece) {
        text->append(lines(1, 100));
    }
    std::vector<char> into(2000);
    ASSERT_EQ(text->take(into.data(), 2000), 2000u);
    std::size_t spares = 0;
    while (!text->sparePiece().empty()) {
        ++spares;
    }
    EXPECT_GE(spares, 1u);
    EXPECT_LE(spares, 4u);
}

} // namespace
} // namespace bvh
