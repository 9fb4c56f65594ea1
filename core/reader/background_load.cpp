#include "core/reader/background_load.h"

#include <cassert>

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
        loadDocumentInto(*document_, path_, options);
        finished_.store(true, std::memory_order_release);
    });
}

BackgroundLoad::~BackgroundLoad() {
    cancel();
    if (thread_.joinable()) {
        thread_.join();
    }
}

double BackgroundLoad::fraction() const {
    if (finished()) {
        return 1.0;
    }
    const auto total = progress_.bytesTotal.load(std::memory_order_relaxed);
    const auto read = progress_.bytesRead.load(std::memory_order_relaxed);
    return total == 0 ? 0.0 : static_cast<double>(read) / static_cast<double>(total);
}

Document BackgroundLoad::take() {
    assert(finished() && "take() before the load finished");
    if (thread_.joinable()) {
        thread_.join();
    }
    return std::move(*document_);
}

} // namespace bvh
