// A text that arrives in pieces (a download in the web page), read by a SteppedLoad while more of
// it comes: the page appends each piece of the response as it arrives, and the load parses what
// has arrived between frames, so that opening a URL costs about the longer of the download and
// the parse rather than their sum.
//
// The reader only ever sees whole lines until the text has ended: a row cut by the end of a piece
// waits for the rest of its line, so the result is that of the whole text, to the bit, however
// the pieces fall. Internal to the reader except for the owner's side (append, close, fail).
#pragma once

#include "core/reader/text_source.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

// What the sender of a StreamedText should do before it appends more (StreamedText::advice).
enum class SendAdvice : std::uint8_t {
    Send, // the reader wants more, or has not said
    // The reader has started and can take at least the text's wait threshold (and as much as
    // it needs for its next step) now: the sender may wait until it has taken some, so the
    // text in memory stays a few megabytes however large the download (a browser reads a File
    // or a response faster than the page parses it, and every megabyte held is a megabyte of
    // fresh heap to zero and fill).
    Wait,
    Stop, // the reader takes no more (its load ended or was dropped): the rest need not come
};

class StreamedText {
public:
    // Whole lines ahead of the reader from which SendAdvice::Wait is advised.
    static constexpr std::uint64_t kDefaultWaitAheadBytes = std::uint64_t{4} << 20;

    // `declaredBytes`: the size the sender announced (an HTTP Content-Length), 0 when unknown.
    // A text that ends short of it is an error at its end (a response cut short).
    explicit StreamedText(std::uint64_t declaredBytes = 0,
                          std::uint64_t waitAheadBytes = kDefaultWaitAheadBytes)
        : declaredBytes_(declaredBytes), waitAheadBytes_(waitAheadBytes) {}

    // [SECTION] The sender's side

    // Appends the next piece. Ignored once the text has ended or the reader has stopped.
    void append(std::vector<char> piece);
    void append(std::span<const char> bytes) {
        append(std::vector<char>(bytes.begin(), bytes.end()));
    }
    // Every byte has arrived.
    void close();
    // The text will not arrive (a failed or cancelled download, a size refused once it was
    // known): the load ends with `message` as its error. Ignored once the text has ended.
    void fail(std::string message);
    // Whether to send more now. Waiting is never required: a sender that appends anyway only
    // holds more memory. The reader never waits on a sender that was advised to wait: it has
    // whole lines to take, and advice() changes once it has taken them.
    SendAdvice advice() const;
    // A piece the reader has taken, for the sender to fill again (empty when there is none), its
    // size and capacity those it was appended with: a download reuses a few pieces rather than
    // allocating (and zeroing) one per megabyte.
    std::vector<char> sparePiece();

    // [SECTION] The reader's side

    std::uint64_t declaredBytes() const { return declaredBytes_; }
    std::uint64_t arrivedBytes() const { return arrived_; }
    // close() or fail() was called: no more bytes will come.
    bool ended() const { return closed_ || failure_.has_value(); }
    const std::optional<std::string>& failure() const { return failure_; }
    // Bytes that take() would give now: up to the end of the last whole line that has arrived,
    // or every byte once closed.
    std::uint64_t readableBytes() const { return readableEnd() - taken_; }
    // Copies up to `most` readable bytes into `into`; returns how many.
    std::size_t take(char* into, std::size_t most);
    // After close(): the text is shorter than declared (a response cut short).
    bool endedShort() const { return closed_ && declaredBytes_ != 0 && arrived_ < declaredBytes_; }
    // The 1-based column just after the last byte that arrived (1 after a line feed).
    std::uint32_t columnAfterEnd() const;
    // A reader has started: from now on it takes what it needs (SendAdvice::Wait may be
    // advised). Until then the sender is never advised to wait.
    void startReading() { readerStarted_ = true; }
    // The reader's next step needs `bytes` readable (a header longer than what has arrived is
    // tried again once twice as much has); 0: any whole line will do.
    void needReadable(std::uint64_t bytes) { readerNeeds_ = bytes; }
    // The reader will take nothing more: what has arrived is dropped and later pieces ignored.
    void stopReading();
    bool readerStopped() const { return readerStopped_; }

private:
    // Spent pieces kept for sparePiece(): as many as a sender fills while the reader catches up.
    static constexpr std::size_t kMostSparePieces = 4;

    std::uint64_t readableEnd() const { return closed_ ? arrived_ : lineEnd_; }

    std::deque<std::vector<char>> pieces_; // arrived, not yet taken
    std::vector<std::vector<char>> sparePieces_;
    std::size_t takenOfFront_ = 0; // bytes of pieces_.front() already taken
    std::uint64_t declaredBytes_ = 0;
    std::uint64_t waitAheadBytes_ = kDefaultWaitAheadBytes;
    std::uint64_t arrived_ = 0;
    std::uint64_t taken_ = 0;
    std::uint64_t lineEnd_ = 0; // bytes up to and including the last line feed that arrived
    bool closed_ = false;
    std::uint64_t readerNeeds_ = 0;
    bool readerStarted_ = false;
    bool readerStopped_ = false;
    std::optional<std::string> failure_;
};

// A TextSource over a StreamedText, for SteppedLoad. It never waits: readMore() takes what is
// readable now, and reports the source starved (false, with no error) when nothing is and the
// text has not ended; SteppedLoad only steps when the step cannot starve (readyToStep()).
// Its buffers take turns as FileSource's do, so a block handed out stays where it is while it
// is parsed and more bytes arrive.
class StreamedSource final : public TextSource {
public:
    explicit StreamedSource(std::shared_ptr<StreamedText> text) : text_(std::move(text)) {
        text_->startReading();
    }
    // The load that read it is over: the text's sender is told to stop.
    ~StreamedSource() override { text_->stopReading(); }
    StreamedSource(const StreamedSource&) = delete;
    StreamedSource& operator=(const StreamedSource&) = delete;

    std::string_view available() const override { return buffers_.unconsumed(); }
    bool complete() const override { return text_->ended() && text_->readableBytes() == 0; }
    bool readMore(std::size_t bytes) override;
    void consume(std::size_t bytes) override;
    std::uint64_t totalBytes() const override { return text_->declaredBytes(); }
    std::uint64_t consumedBytes() const override { return consumed_; }

    // The last readMore() found nothing readable before the text ended.
    bool starved() const { return starved_; }
    // From now on the reader takes blocks of rows, which end at a line end: a readMore() that
    // finds nothing new leaves them as they are instead of starving (the header must see more).
    void readRows() {
        readingRows_ = true;
        text_->needReadable(0);
    }
    // Whether a step that needs one more whole line (or the end) can run without starving:
    // bytes not consumed, or bytes readable, or the end.
    bool lineAhead() const {
        return !available().empty() || text_->readableBytes() > 0 || text_->ended();
    }
    bool textAhead() const override { return lineAhead(); }
    // Bytes not consumed plus bytes readable.
    std::uint64_t bytesAhead() const { return available().size() + text_->readableBytes(); }
    const StreamedText& text() const { return *text_; }

private:
    std::shared_ptr<StreamedText> text_;
    TurnTakingBuffers buffers_;
    std::uint64_t consumed_ = 0;
    bool starved_ = false;
    bool readingRows_ = false;
};

} // namespace bvh
