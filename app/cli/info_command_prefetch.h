// `bvhscope info` over many files: each file is read and parsed on a reader thread while the
// one before it is analysed and printed on the caller's thread (issue 44: info over a library
// of 3 000 takes). Analysis (the stance's forward kinematics) costs about as much as parsing, so
// the two overlap on two cores; `check`, whose whole cost is parsing, has nothing to overlap.
//
// Documents come out in argument order, each exactly as loadDocument gives it (diagnostics
// included), so output, messages and exit codes do not change. Memory holds the documents that
// wait loaded (at most kMaxWaiting, and past one of them at most kMaxWaitingBytes of frames),
// the one being read, the one being analysed, and analysed ones the reader has yet to free
// (fewer than kMaxWaiting; on 4 takes of 100 000 frames, peak memory is 98 MB against 60 MB
// read one at a time). A reader that filled the queue sleeps until half of it was taken: woken
// for every document, it cost a thread switch per small take.
#pragma once

#include "core/reader/document.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <span>
#include <string>
#include <thread>

namespace bvhscope::cli {

class DocumentPrefetch {
public:
    static constexpr std::size_t kMaxWaiting = 8;
    static constexpr std::size_t kMaxWaitingBytes = std::size_t{64} << 20;

    // Starts reading `files` (UTF-8 paths, kept by the caller until destruction) in order, at
    // most `ahead` (1 or more) documents ahead, and past one of them at most `aheadBytes` of
    // frames (the motion's floats).
    DocumentPrefetch(std::span<const std::string> files, bvh::ParseOptions options,
                     std::size_t ahead = kMaxWaiting, std::size_t aheadBytes = kMaxWaitingBytes);
    // Stops reading (the document being read is finished, those after it are not started) and
    // waits for the reader.
    ~DocumentPrefetch();
    DocumentPrefetch(const DocumentPrefetch&) = delete;
    DocumentPrefetch& operator=(const DocumentPrefetch&) = delete;

    // The next file's document, in argument order, waiting until it is read; valid until the
    // next call or destruction. Called at most once per file. Rethrows what the reader threw
    // (std::bad_alloc) in the file's place.
    const bvh::Document& next();

    // The most documents that ever waited loaded at once (at most `ahead`).
    std::size_t mostWaiting() const;

private:
    void readAll();
    bool full() const;    // the reader waits: `ahead_` documents, or the bytes, wait
    bool drained() const; // the reader may go on: half of those were taken

    std::span<const std::string> files_;
    bvh::ParseOptions options_;
    std::size_t ahead_;
    std::size_t aheadBytes_;
    mutable std::mutex mutex_;
    std::condition_variable roomForReader_;
    std::condition_variable documentReady_;
    std::deque<bvh::Document> waiting_;
    std::size_t waitingBytes_ = 0; // of the frames of `waiting_`
    // The document next() handed out last, then freed on the reader thread: its memory came
    // from the reader's malloc arena, and freed here it made that arena give pages back to the
    // system that the reader's next parse faulted in again (three page faults a take).
    bvh::Document current_;
    std::deque<bvh::Document> finished_;
    std::exception_ptr failure_; // what stopped the reader, after the documents before it
    std::size_t mostWaiting_ = 0;
    bool stopping_ = false;
    std::thread reader_; // last: started when everything above exists
};

} // namespace bvhscope::cli
