#include "core/reader/streamed_text.h"

#include <algorithm>
#include <cstring>

namespace bvh {

// [SECTION] StreamedText

void StreamedText::append(std::vector<char> piece) {
    if (ended() || readerStopped_ || piece.empty()) {
        return;
    }
    // Only the last line feed matters: the search stops at the first one from the end.
    for (std::size_t i = piece.size(); i-- > 0;) {
        if (piece[i] == '\n') {
            lineEnd_ = arrived_ + i + 1;
            break;
        }
    }
    arrived_ += piece.size();
    pieces_.push_back(std::move(piece));
}

void StreamedText::close() {
    if (!ended()) {
        closed_ = true;
    }
}

void StreamedText::fail(std::string message) {
    if (!ended()) {
        failure_ = std::move(message);
        pieces_.clear(); // nothing more is read: the memory goes now
        takenOfFront_ = 0;
        lineEnd_ = taken_;
    }
}

SendAdvice StreamedText::advice() const {
    if (readerStopped_) {
        return SendAdvice::Stop;
    }
    const std::uint64_t readable = readableBytes();
    return readerStarted_ && readable >= waitAheadBytes_ && readable >= readerNeeds_
               ? SendAdvice::Wait
               : SendAdvice::Send;
}

std::vector<char> StreamedText::sparePiece() {
    if (sparePieces_.empty()) {
        return {};
    }
    std::vector<char> piece = std::move(sparePieces_.back());
    sparePieces_.pop_back();
    return piece;
}

void StreamedText::stopReading() {
    readerStopped_ = true;
    pieces_.clear();
    sparePieces_.clear();
    takenOfFront_ = 0;
}

std::size_t StreamedText::take(char* into, std::size_t most) {
    if (readerStopped_) {
        return 0;
    }
    const std::size_t wanted =
        static_cast<std::size_t>(std::min<std::uint64_t>(most, readableBytes()));
    std::size_t copied = 0;
    while (copied < wanted) {
        std::vector<char>& front = pieces_.front();
        const std::size_t count = std::min(wanted - copied, front.size() - takenOfFront_);
        std::memcpy(into + copied, front.data() + takenOfFront_, count);
        copied += count;
        takenOfFront_ += count;
        if (takenOfFront_ == front.size()) {
            if (sparePieces_.size() < kMostSparePieces) {
                sparePieces_.push_back(std::move(front));
            }
            pieces_.pop_front();
            takenOfFront_ = 0;
        }
    }
    taken_ += copied;
    return copied;
}

std::uint32_t StreamedText::columnAfterEnd() const {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(arrived_ - lineEnd_ + 1, UINT32_MAX));
}

// [SECTION] StreamedSource

bool StreamedSource::readMore(std::size_t bytes) {
    starved_ = false;
    if (complete()) {
        return true;
    }
    const std::size_t readable =
        static_cast<std::size_t>(std::min<std::uint64_t>(bytes, text_->readableBytes()));
    if (readable == 0 && readingRows_ && !available().empty()) {
        // The rows top up a block when they can: what is there ends with a whole line (only
        // whole lines are readable before the end), which is a block of its own.
        return true;
    }
    if (readable == 0) {
        // Not an I/O error: SteppedLoad retries the header once more has arrived, and never
        // lets a row step run without a whole line ahead (StreamedSource::lineAhead).
        starved_ = true;
        error_ = "more text was needed before it arrived";
        return false;
    }
    buffers_.appended(text_->take(buffers_.makeRoom(readable), readable));
    return true;
}

void StreamedSource::consume(std::size_t bytes) {
    buffers_.consume(bytes);
    consumed_ += bytes;
}

} // namespace bvh
