// `bvhscope info` over many files: each file is read and parsed on a reader thread while the
// one before it is analysed and printed on the caller's thread (issue 44: info over a library
// of 3 000 takes). Analysis (the stance's forward kinematics) costs about as much as parsing, so
// the two overlap on two cores; `check`, whose whole cost is parsing, has nothing to overlap.
//
// Documents come out in argument order, each exactly as loadDocument gives it (diagnostics
// included), so output, messages and exit codes do not change. At most `ahead` documents wait
// loaded: memory holds those, the one being read and the one being analysed.
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
    static constexpr std::size_t kDefaultAhead = 2;

    // Starts reading `files` (UTF-8 paths, kept by the caller until destruction) in order.
    DocumentPrefetch(std::span<const std::string> files, bvh::ParseOptions options,
                     std::size_t ahead = kDefaultAhead);
    // Stops reading (the document being read is finished, those after it are not started) and
    // waits for the reader.
    ~DocumentPrefetch();
    DocumentPrefetch(const DocumentPrefetch&) = delete;
    DocumentPrefetch& operator=(const DocumentPrefetch&) = delete;

    // The next file's document, in argument order, waiting until it is read. Called at most
    // once per file. Rethrows what the reader threw (std::bad_alloc) in the file's place.
    bvh::Document next();

    // The most documents that ever waited loaded at once (at most `ahead`).
    std::size_t mostWaiting() const;

private:
    void readAll();

    std::span<const std::string> files_;
    bvh::ParseOptions options_;
    std::size_t ahead_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<bvh::Document> waiting_;
    std::exception_ptr failure_; // what stopped the reader, after the documents before it
    std::size_t mostWaiting_ = 0;
    bool stopping_ = false;
    std::thread reader_; // last: started when everything above exists
};

} // namespace bvhscope::cli
