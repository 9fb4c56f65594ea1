// Loading a file on a background thread while a UI keeps drawing.
//
// The viewer starts a BackgroundLoad and polls it each frame: once the header is ready the
// skeleton can be drawn, frames [0, framesLoaded()) can be sampled (under lockMotion()), and a
// progress bar shows fraction(). Destroying a load that is still running cancels it and waits
// for the thread. A file that changes or vanishes while it is read ends as a load with an
// error diagnostic, never a crash.
#pragma once

#include "core/reader/document.h"

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace bvh {

class BackgroundLoad {
public:
    // Starts reading `path` on a new thread. `threads` as in ParseOptions. `onHeaderReady`,
    // when given, runs on the loading thread right after headerReady() turns true and before
    // the first row is read (to wake a UI that waits for events; tests use it to change the
    // file at a known point of the load).
    explicit BackgroundLoad(std::filesystem::path path, unsigned threads = 1,
                            std::function<void()> onHeaderReady = {});
    ~BackgroundLoad();
    BackgroundLoad(const BackgroundLoad&) = delete;
    BackgroundLoad& operator=(const BackgroundLoad&) = delete;

    const std::filesystem::path& path() const { return path_; }

    // The skeleton, Frame Time and declared frame count of document() are final.
    bool headerReady() const { return headerReady_.load(std::memory_order_acquire); }
    // The load ended (complete, failed or cancelled); document() is final.
    bool finished() const { return finished_.load(std::memory_order_acquire); }
    // 0..1 of the file's bytes read.
    double fraction() const;
    std::uint32_t framesLoaded() const {
        return progress_.framesLoaded.load(std::memory_order_acquire);
    }

    // Before finished(): read only the skeleton and motion header (after headerReady()) and
    // frames [0, framesLoaded()) of motion.values while holding lockMotion().
    const Document& document() const { return *document_; }
    std::unique_lock<std::mutex> lockMotion() const { return std::unique_lock(motionLock_); }

    void cancel() { progress_.cancelRequested.store(true, std::memory_order_relaxed); }
    // After finished(): the document, moved out (the load is then empty). A failed load
    // (out of memory included: an error diagnostic says so) holds diagnostics only.
    Document take();

private:
    std::filesystem::path path_;
    std::unique_ptr<Document> document_;
    LoadProgress progress_;
    mutable std::mutex motionLock_;
    std::atomic<bool> headerReady_{false};
    std::atomic<bool> finished_{false};
    std::atomic<bool> outOfMemory_{false}; // the load ran out of memory (std::bad_alloc)
    std::thread thread_;                   // last: started once everything above exists
};

} // namespace bvh
