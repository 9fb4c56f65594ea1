#include "app/cli/info_command_prefetch.h"

#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace bvhscope::cli {

DocumentPrefetch::DocumentPrefetch(std::span<const std::string> files, bvh::ParseOptions options,
                                   std::size_t ahead, std::size_t aheadBytes)
    : files_(files), options_(std::move(options)), ahead_(std::max<std::size_t>(ahead, 1)),
      aheadBytes_(aheadBytes), reader_([this] { readAll(); }) {}

DocumentPrefetch::~DocumentPrefetch() {
    {
        const std::scoped_lock lock(mutex_);
        stopping_ = true;
    }
    roomForReader_.notify_one();
    reader_.join();
}

namespace {

std::size_t frameBytes(const bvh::Document& document) {
    return document.motion.values.size() * sizeof(float);
}

} // namespace

bool DocumentPrefetch::full() const {
    return waiting_.size() >= ahead_ || (waitingBytes_ >= aheadBytes_ && !waiting_.empty());
}

bool DocumentPrefetch::drained() const {
    return waiting_.size() <= ahead_ / 2 && waitingBytes_ <= aheadBytes_ / 2;
}

void DocumentPrefetch::readAll() {
    for (const std::string& file : files_) {
        std::deque<bvh::Document> finished;
        {
            std::unique_lock lock(mutex_);
            if (full()) {
                roomForReader_.wait(lock, [this] { return stopping_ || drained(); });
            }
            if (stopping_) {
                return;
            }
            finished.swap(finished_);
        }
        finished.clear();
        try {
            bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(file), options_);
            const std::scoped_lock lock(mutex_);
            waitingBytes_ += frameBytes(document);
            waiting_.push_back(std::move(document));
            mostWaiting_ = std::max(mostWaiting_, waiting_.size());
        } catch (...) { // std::bad_alloc: handed to next(), which rethrows it in order
            const std::scoped_lock lock(mutex_);
            failure_ = std::current_exception();
        }
        documentReady_.notify_one();
        if (failure_ != nullptr) { // written by this thread only
            return;
        }
    }
}

const bvh::Document& DocumentPrefetch::next() {
    std::unique_lock lock(mutex_);
    finished_.push_back(std::move(current_));
    current_ = bvh::Document{};
    documentReady_.wait(lock, [this] { return !waiting_.empty() || failure_ != nullptr; });
    if (waiting_.empty()) {
        std::rethrow_exception(failure_);
    }
    current_ = std::move(waiting_.front());
    waiting_.pop_front();
    waitingBytes_ -= frameBytes(current_);
    const bool wakeReader = drained();
    lock.unlock();
    if (wakeReader) {
        roomForReader_.notify_one();
    }
    return current_;
}

std::size_t DocumentPrefetch::mostWaiting() const {
    const std::scoped_lock lock(mutex_);
    return mostWaiting_;
}

} // namespace bvhscope::cli
