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

class StreamedText {
public:
    // `declaredBytes`: the size the sender announced (an HTTP Content-Length), 0 when unknown.
    // A text that ends short of it is an error at its end (a response cut short).
    explicit StreamedText(std::uint64_t declaredBytes = 0) : declaredBytes_(declaredBytes) {}

    // [SECTION] The sender's side

    // Appends the next piece. Ignored once the text has ended.
    void append(std::vector<char> piece);
    void append(std::span<const char> bytes) {
        append(std::vector<char>(bytes.begin(), bytes.end()));
    }
    // Every byte has arrived.
    void close();
    // The text will not arrive (a failed or cancelled download, a size refused once it was
    // known): the load ends with `message` as its error. Ignored once the text has ended.
    void fail(std::string message);

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

private:
    std::uint64_t readableEnd() const { return closed_ ? arrived_ : lineEnd_; }

    std::deque<std::vector<char>> pieces_; // arrived, not yet taken
    std::size_t takenOfFront_ = 0;         // bytes of pieces_.front() already taken
    std::uint64_t declaredBytes_ = 0;
    std::uint64_t arrived_ = 0;
    std::uint64_t taken_ = 0;
    std::uint64_t lineEnd_ = 0; // bytes up to and including the last line feed that arrived
    bool closed_ = false;
    std::optional<std::string> failure_;
};

// A TextSource over a StreamedText, for SteppedLoad. It never waits: readMore() takes what is
// readable now, and reports the source starved (false, with no error) when nothing is and the
// text has not ended; SteppedLoad only steps when the step cannot starve (readyToStep()).
// Its buffers take turns as FileSource's do, so a block handed out stays where it is while it
// is parsed and more bytes arrive.
class StreamedSource final : public TextSource {
public:
    explicit StreamedSource(std::shared_ptr<StreamedText> text) : text_(std::move(text)) {}

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
    void readRows() { readingRows_ = true; }
    // Whether a step that needs one more whole line (or the end) can run without starving:
    // bytes not consumed, or bytes readable, or the end.
    bool lineAhead() const {
        return !available().empty() || text_->readableBytes() > 0 || text_->ended();
    }
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
