#include "core/reader/stepped_load.h"

#include "core/reader/document_reading.h"
#include "core/reader/motion_reader.h"
#include "core/reader/text_source.h"

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

SteppedLoad::~SteppedLoad() = default;

bool SteppedLoad::advance(std::chrono::steady_clock::duration budget) {
    const auto start = std::chrono::steady_clock::now();
    try {
        do {
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
    if (phase_ == Phase::Header) {
        readHeader();
    } else if (!rows_->step()) {
        endLoad();
    }
}

void SteppedLoad::readHeader() {
    source_ = std::make_unique<FileSource>();
    if (!source_->open(path_)) {
        document_.diagnostics.push_back({Severity::Error, 0, 0, source_->error()});
        endLoad();
        return;
    }
    const std::optional<MotionRowsStart> start = readDocumentHeader(*source_, document_, options_);
    if (!start) {
        endLoad();
        return;
    }
    rows_ = std::make_unique<MotionRowsReader>(*source_, start->line, start->column,
                                               start->declaredCountAt, document_, options_);
    phase_ = Phase::Rows;
}

void SteppedLoad::endLoad() {
    std::vector<double> largestChannelValues;
    if (rows_) {
        largestChannelValues = rows_->finish();
    }
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
