#include "app/cli/info_command_prefetch.h"

#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace bvhscope::cli {

DocumentPrefetch::DocumentPrefetch(std::span<const std::string> files, bvh::ParseOptions options,
                                   std::size_t ahead)
    : files_(files), options_(std::move(options)), ahead_(std::max<std::size_t>(ahead, 1)),
      reader_([this] { readAll(); }) {}

DocumentPrefetch::~DocumentPrefetch() {
    {
        const std::scoped_lock lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    reader_.join();
}

void DocumentPrefetch::readAll() {
    for (const std::string& file : files_) {
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [this] { return stopping_ || waiting_.size() < ahead_; });
            if (stopping_) {
                return;
            }
        }
        try {
            bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(file), options_);
            const std::scoped_lock lock(mutex_);
            waiting_.push_back(std::move(document));
            mostWaiting_ = std::max(mostWaiting_, waiting_.size());
        } catch (...) { // std::bad_alloc: handed to next(), which rethrows it in order
            const std::scoped_lock lock(mutex_);
            failure_ = std::current_exception();
            changed_.notify_all();
            return;
        }
        changed_.notify_all();
    }
}

bvh::Document DocumentPrefetch::next() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !waiting_.empty() || failure_ != nullptr; });
    if (waiting_.empty()) {
        std::rethrow_exception(failure_);
    }
    bvh::Document document = std::move(waiting_.front());
    waiting_.pop_front();
    lock.unlock();
    changed_.notify_all();
    return document;
}

std::size_t DocumentPrefetch::mostWaiting() const {
    const std::scoped_lock lock(mutex_);
    return mostWaiting_;
}

} // namespace bvhscope::cli
