#include "core/reader/stepped_load.h"

#include "core/reader/document_reading.h"
#include "core/reader/motion_reader.h"
#include "core/reader/streamed_text.h"
#include "core/reader/text_source.h"

#include <algorithm>
#include <cassert>
#include <new>
#include <optional>

namespace bvh {

SteppedLoad::SteppedLoad(std::filesystem::path path, std::function<void()> onHeaderReady,
                         LoadStepSizes sizes)
    : path_(std::move(path)), onHeaderReady_(std::move(onHeaderReady)) {
    options_.threads = 1;
    options_.blockBytesPerThread = sizes.blockBytes;
    options_.firstBlockBytes = sizes.firstBlockBytes;
    options_.progress = &progress_;
    options_.onHeaderReady = [this] {
        headerReady_ = true;
        if (onHeaderReady_) {
            onHeaderReady_();
        }
    };
}

SteppedLoad::SteppedLoad(std::filesystem::path path, std::shared_ptr<StreamedText> text,
                         std::function<void()> onHeaderReady, LoadStepSizes sizes)
    : SteppedLoad(std::move(path), std::move(onHeaderReady), sizes) {
    streamedText_ = std::move(text);
    auto source = std::make_unique<StreamedSource>(streamedText_);
    streamedSource_ = source.get();
    source_ = std::move(source);
}

SteppedLoad::~SteppedLoad() = default;

bool SteppedLoad::waitingForText() const {
    if (!streamedSource_ || finished() || cancelRequested_ || streamedText_->failure()) {
        return false;
    }
    if (streamedText_->ended()) {
        return false;
    }
    if (phase_ == Phase::Header) {
        // Tried again once the whole lines ahead have doubled: a header that arrives in many
        // small pieces is parsed a few times, not once per piece.
        return streamedSource_->bytesAhead() < std::max<std::uint64_t>(1, 2 * headerTriedAtBytes_);
    }
    // A block whose rows are not merged yet is merged without more text (it may end the rows).
    return !streamedSource_->lineAhead() && !(rows_ && rows_->holdsUnmergedRows());
}

bool SteppedLoad::advance(std::chrono::steady_clock::duration budget) {
    const auto start = std::chrono::steady_clock::now();
    try {
        do {
            if (waitingForText()) {
                break;
            }
            step();
        } while (!finished() && std::chrono::steady_clock::now() - start < budget);
    } catch (const std::bad_alloc&) {
        // The core never throws, but it allocates: a file too large for the memory left ends
        // as a failed load (take() says so), never as an exception that ends the viewer with
        // everything it had open. What the load held is released at once.
        rows_.reset();
        source_.reset();
        outOfMemory_ = true;
        phase_ = Phase::Finished;
    }
    return finished();
}

void SteppedLoad::step() {
    if (finished()) {
        return;
    }
    if (cancelRequested_) {
        if (rows_) {
            rows_->cancel();
        } else {
            document_.diagnostics.push_back({Severity::Error, 0, 0, "loading was cancelled"});
        }
        endLoad();
        return;
    }
    if (streamedText_ && streamedText_->failure()) {
        document_.diagnostics.push_back({Severity::Error, 0, 0, *streamedText_->failure()});
        rows_.reset(); // what was read is dropped: take() keeps the error alone
        endLoad();
        return;
    }
    if (phase_ == Phase::Header) {
        readHeader();
    } else if (!rows_) {
        startRows();
    } else if (!rows_->step()) {
        endLoad();
    }
}

void SteppedLoad::readHeader() {
    if (!source_) {
        auto file = std::make_unique<FileSource>();
        if (!file->open(path_)) {
            document_.diagnostics.push_back({Severity::Error, 0, 0, file->error()});
            endLoad();
            return;
        }
        source_ = std::move(file);
    }
    const std::optional<MotionRowsStart> start = readDocumentHeader(*source_, document_, options_);
    // (A text that has ended never starves: a flag left by an earlier try does not count.)
    if (streamedSource_ && streamedSource_->starved() && !streamedText_->ended()) {
        // The header goes on past what has arrived: tried again from the start once more has.
        // Nothing was consumed, and the callback runs only for a whole header.
        document_ = Document{};
        headerTriedAtBytes_ = streamedSource_->bytesAhead();
        // (waitingForText's condition, in the text's readable bytes: what was taken stays in
        // the source.)
        streamedText_->needReadable(2 * headerTriedAtBytes_ - streamedSource_->available().size());
        return;
    }
    if (!start) {
        endLoad();
        return;
    }
    rowsStart_ = start;
    phase_ = Phase::Rows;
    if (!waitingForText()) {
        startRows(); // in the same step, as loadDocument reads its first block
    }
}

void SteppedLoad::startRows() {
    assert(rowsStart_ && "startRows() without a header read");
    const MotionRowsStart start = *rowsStart_;
    rowsStart_.reset();
    if (streamedSource_) {
        streamedSource_->readRows();
    }
    rows_ = std::make_unique<MotionRowsReader>(*source_, start.line, start.column,
                                               start.declaredCountAt, document_, options_);
}

SourceLocation SteppedLoad::endOfStreamedText() const {
    std::uint32_t line = 0;
    if (rows_) {
        line = rows_->lineAfterRows();
    } else {
        // The header was not read whole: nothing was consumed, all the text is still there.
        const std::string_view text = source_->available();
        line = static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    }
    return {line, streamedText_->columnAfterEnd()};
}

void SteppedLoad::endLoad() {
    std::vector<double> largestChannelValues;
    if (rows_) {
        largestChannelValues = rows_->finish();
    }
    if (streamedSource_ && streamedSource_->complete() && streamedText_->endedShort()) {
        const SourceLocation end = endOfStreamedText();
        document_.diagnostics.push_back(
            {Severity::Error, end.line, end.column,
             "the download ended after " + std::to_string(streamedText_->arrivedBytes()) + " of " +
                 std::to_string(streamedText_->declaredBytes()) +
                 " bytes (the response was cut short); nothing was loaded"});
    }
    streamedSource_ = nullptr;
    rows_.reset();
    source_.reset();
    checkReadDocument(document_, largestChannelValues);
    phase_ = Phase::Finished;
}

double SteppedLoad::fraction() const {
    if (finished()) {
        return 1.0;
    }
    return progress_.fractionRead();
}

Document SteppedLoad::take() {
    assert(finished() && "take() before the load finished");
    Document document = std::move(document_);
    if (outOfMemory_) {
        replaceWithOutOfMemoryError(document);
    }
    dropIfFailed(document);
    return document;
}

} // namespace bvh
