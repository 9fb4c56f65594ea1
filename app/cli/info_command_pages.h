// `bvhscope info` over many files: each file is read, analysed and printed into a page of text
// on one thread, the caller's or a second one, each taking the next file in turn, and the pages
// are written in argument order (issue 44: info over a library of takes).
//
// Why a file stays on one thread: read on a reader thread and analysed on the caller's, as
// before, each take crossed cores twice. Its rows were first read by the analysis from the other
// core's cache (clipColumnChanges ran at 2.3-4x its share of instructions), its memory came from
// one thread's malloc arena and went back to it from the other, and the caller, faster than the
// reader, slept and was woken for every take (a thread switch a take: 2 700 context switches over
// 1 750 takes against `check`'s 300). Here a thread only waits at the end, for the other's last
// page, and the two threads share the reading too, so the wall time keeps its overlap.
//
// At most `threads` documents are loaded at once (one per thread, freed once its page is made);
// the pages that wait for an earlier one are a few KB each.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace bvhscope::cli {

// What one file gives: its standard output and standard error text, and whether it loaded.
struct FilePage {
    std::string out;
    std::string err;
    bool loaded = false;
};

// Calls `make(i)` once for each i in [0, count), on the caller's thread and, where `threads` is
// 2 or more and there are several files, on one more thread (two in all: two documents at most
// are loaded at once), each taking the next index in turn; calls `write(i, page)` on the
// caller's thread for every page in index order, each as soon as those before it are written.
// `make` must be safe to call on two threads at once. What `make` throws (std::bad_alloc) is
// rethrown here in its index's place, once the pages before it are written; no index after it is
// started then, and the other thread is joined.
void makePagesInOrder(std::size_t count, unsigned threads,
                      const std::function<FilePage(std::size_t index)>& make,
                      const std::function<void(std::size_t index, FilePage& page)>& write);

} // namespace bvhscope::cli
