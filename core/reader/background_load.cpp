#include "core/reader/background_load.h"

#include "core/reader/document_reading.h"

#include <cassert>
#include <new>

namespace bvh {

BackgroundLoad::BackgroundLoad(std::filesystem::path path, unsigned threads,
                               std::function<void()> onHeaderReady)
    : path_(std::move(path)), document_(std::make_unique<Document>()) {
    thread_ = std::thread([this, threads, onHeaderReady = std::move(onHeaderReady)] {
        ParseOptions options;
        options.threads = threads;
        options.progress = &progress_;
        options.motionLock = &motionLock_;
        options.onHeaderReady = [this, &onHeaderReady] {
            headerReady_.store(true, std::memory_order_release);
            if (onHeaderReady) {
                onHeaderReady();
            }
        };
        try {
            loadDocumentInto(*document_, path_, options);
        } catch (const std::bad_alloc&) {
            // The core never throws, but it allocates: a file too large for the memory left
            // ends as a failed load (take() says so), never as an exception that ends the
            // viewer with everything it had open.
            outOfMemory_.store(true, std::memory_order_relaxed);
        }
        finished_.store(true, std::memory_order_release);
    });
}

BackgroundLoad::~BackgroundLoad() {
    cancel();
    if (thread_.joinable()) {
        thread_.join();
    }
}

bool BackgroundLoad::headerReady() const {
    return headerReady_.load(std::memory_order_acquire);
}

bool BackgroundLoad::finished() const {
    return finished_.load(std::memory_order_acquire);
}

double BackgroundLoad::fraction() const {
    if (finished()) {
        return 1.0;
    }
    return progress_.fractionRead();
}

std::uint32_t BackgroundLoad::framesLoaded() const {
    return progress_.framesLoaded.load(std::memory_order_acquire);
}

const Document& BackgroundLoad::document() const {
    return *document_;
}

void BackgroundLoad::advance(std::chrono::steady_clock::duration) {}

void BackgroundLoad::cancel() {
    progress_.cancelRequested.store(true, std::memory_order_relaxed);
}

bool BackgroundLoad::cancelRequested() const {
    return progress_.cancelRequested.load(std::memory_order_relaxed);
}

Document BackgroundLoad::take() {
    assert(finished() && "take() before the load finished");
    if (thread_.joinable()) {
        thread_.join();
    }
    Document document = std::move(*document_);
    if (outOfMemory_.load(std::memory_order_relaxed)) {
        replaceWithOutOfMemoryError(document);
    }
    dropIfFailed(document);
    return document;
}

} // namespace bvh
