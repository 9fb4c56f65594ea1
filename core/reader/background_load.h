// Loading a file on a background thread while a UI keeps drawing.
//
// The viewer starts a BackgroundLoad and polls it each frame: once the header is ready the
// skeleton can be drawn, frames [0, framesLoaded()) can be sampled (under lockMotion()), and a
// progress bar shows fraction(). Destroying a load that is still running cancels it and waits
// for the thread. A file that changes or vanishes while it is read ends as a load with an
// error diagnostic, never a crash.
//
// The web page has no threads (it is built without pthreads: static hosting has no
// SharedArrayBuffer). There a BackgroundLoad is a SteppedLoad (core/reader/stepped_load.h) that
// does its work in the caller's calls of advance(), between frames
// (background_load_stepped.cpp); natively the thread does the work and advance() does nothing.
#pragma once

#include "core/reader/document.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>

// The stepped variant is the one an Emscripten build compiles; a native test target defines
// this as well, to check that variant without a browser.
#if defined(__EMSCRIPTEN__) && !defined(BVHSCOPE_STEPPED_BACKGROUND_LOAD)
#define BVHSCOPE_STEPPED_BACKGROUND_LOAD 1
#endif

#ifndef BVHSCOPE_STEPPED_BACKGROUND_LOAD
#include <thread>
#endif

namespace bvh {

class SteppedLoad;
class StreamedText;

class BackgroundLoad {
public:
    // Starts reading `path` on a new thread. `threads` as in ParseOptions. `onHeaderReady`,
    // when given, runs on the loading thread right after headerReady() turns true and before
    // the first row is read (to wake a UI that waits for events; tests use it to change the
    // file at a known point of the load). Stepped: nothing is read before the first advance(),
    // the rows are parsed on one thread, and onHeaderReady runs in the advance() that read the
    // header.
    explicit BackgroundLoad(std::filesystem::path path, unsigned threads = 1,
                            std::function<void()> onHeaderReady = {});
    ~BackgroundLoad();
    BackgroundLoad(const BackgroundLoad&) = delete;
    BackgroundLoad& operator=(const BackgroundLoad&) = delete;

    const std::filesystem::path& path() const { return path_; }

    // The skeleton, Frame Time and declared frame count of document() are final.
    bool headerReady() const;
    // The load ended (complete, failed or cancelled); document() is final.
    bool finished() const;
    // 0..1 of the file's bytes read.
    double fraction() const;
    std::uint32_t framesLoaded() const;

    // Before finished(): read only the skeleton and motion header (after headerReady()) and
    // frames [0, framesLoaded()) of motion.values while holding lockMotion().
    const Document& document() const;
    std::unique_lock<std::mutex> lockMotion() const { return std::unique_lock(motionLock_); }

    // Stepped: works on the load for about `budget` (at least one step: the header, or one
    // block of rows of a few milliseconds) unless it has finished. Natively: nothing (the
    // thread works); a caller that runs in both calls it once a frame.
    void advance(std::chrono::steady_clock::duration budget);

    // Stops the load at the end of the block of rows it is in (stepped: in the next advance());
    // it then finishes with the error "loading was cancelled". The destructor cancels too.
    void cancel();
    // cancel() was called (by the owner or the destructor); safe from any thread, the loading
    // thread's onHeaderReady included (tests hold the load there until it is cancelled).
    bool cancelRequested() const;
    // After finished(): the document, moved out (the load is then empty). A failed load
    // (out of memory included: an error diagnostic says so) holds diagnostics only.
    Document take();

#ifdef BVHSCOPE_STEPPED_BACKGROUND_LOAD
    // Stepped only: reads `text` while it arrives (a download in the page; SteppedLoad's
    // streamed load); `path` names it in messages.
    BackgroundLoad(std::filesystem::path path, std::shared_ptr<StreamedText> text);
    // Stepped only: advance() can do nothing until more of a streamed text arrives.
    bool waitingForText() const;
#endif

private:
    std::filesystem::path path_;
    mutable std::mutex motionLock_;
#ifdef BVHSCOPE_STEPPED_BACKGROUND_LOAD
    std::unique_ptr<SteppedLoad> steps_;
#else
    std::unique_ptr<Document> document_;
    LoadProgress progress_;
    std::atomic<bool> headerReady_{false};
    std::atomic<bool> finished_{false};
    std::atomic<bool> outOfMemory_{false}; // the load ran out of memory (std::bad_alloc)
    std::thread thread_;                   // last: started once everything above exists
#endif
};

} // namespace bvh
