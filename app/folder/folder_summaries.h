// What the folder browser knows of each file, computed in the background.
//
// summarizeFile() reads one file and keeps only its summary (joints, frames, fps, duration,
// warnings), its first diagnostics and one pose for the thumbnail: the full document is freed
// before it returns, so a folder of 500 files never holds 500 documents.
//
// SummaryPool summarises a list of files on a few long-lived threads (never a thread per file):
// one thread fewer than the hardware has, so a core stays with the UI, and at most four. Each
// thread reads one file at a time (a one-thread parse), so at most `workers` documents exist at
// once. Destroying the pool cancels the files being read and waits for its threads.
#pragma once

#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/summary.h"
#include "core/reader/document.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::viewer {

// Diagnostics kept per file (errors first, then warnings), for the browser's tooltips.
inline constexpr std::size_t kKeptDiagnostics = 5;

struct FileFacts {
    bool loaded = false;    // it opens as a character (no error, a skeleton)
    bool cancelled = false; // the pool was closed while it was read: nothing is known
    bvh::DocumentSummary summary;
    // `FILE:LINE:COL: error|warning: message`, errors first, at most kKeptDiagnostics.
    std::vector<std::string> diagnosticLines;

    // The pose a thumbnail shows: the skeleton and one frame (the middle one, frameCount / 2:
    // frame 0 of a capture is often a calibration T-pose, the middle shows the motion), or no
    // frame for a rest-pose-only file. Empty when the file did not load.
    std::optional<bvh::Document> thumbnailPose;
    std::uint32_t thumbnailFrame = 0;
    // The rest pose against the whole clip (what the viewer's Auto up axis follows): one frame
    // is not enough to judge it, so it is measured here, while every frame is at hand.
    bvh::RestAnimationAgreement restAnimation;
};

// Reads and summarises `path` on the calling thread. `progress` reports bytes read and, when
// its cancelRequested is set from another thread, stops the read (the result is `cancelled`).
// Never throws; a missing or unreadable file is an error diagnostic at line 0.
FileFacts summarizeFile(const std::filesystem::path& path, bvh::LoadProgress& progress);

// Threads a pool uses on a machine with `hardwareThreads` (std::thread::hardware_concurrency,
// 0 when unknown): one fewer, at least 1, at most 4.
unsigned defaultSummaryWorkers(unsigned hardwareThreads);

class SummaryPool {
public:
    // How a file is summarised (tests pass their own); called on the pool's threads.
    using Summarizer =
        std::function<FileFacts(const std::filesystem::path&, bvh::LoadProgress& progress)>;

    // Starts min(workers, files) threads (at least one per pool with files) that take the files
    // in order, or those prioritize() names first.
    SummaryPool(std::vector<std::filesystem::path> files, unsigned workers,
                Summarizer summarizer = summarizeFile);
    // Cancels the files being read, skips the rest and joins the threads.
    ~SummaryPool();
    SummaryPool(const SummaryPool&) = delete;
    SummaryPool& operator=(const SummaryPool&) = delete;

    std::size_t fileCount() const { return files_.size(); }
    std::size_t workerCount() const { return threads_.size(); }

    // Files in [first, last) that no thread has started are taken next (the rows on screen).
    void prioritize(std::size_t first, std::size_t last);

    struct Finished {
        std::size_t index = 0;
        FileFacts facts;
    };
    // Summaries finished since the last call, in the order they finished.
    std::vector<Finished> takeFinished();

    struct Reading {
        std::size_t index = 0;
        double fraction = 0.0; // of the file's bytes read
    };
    // The files being read now (at most workerCount()).
    std::vector<Reading> reading() const;

    // Every file is summarised and every summary taken.
    bool done() const;

private:
    void work();
    // The next file to read, under mutex_; nullopt when none is left or the pool is closing.
    std::optional<std::size_t> takeNextLocked();

    std::vector<std::filesystem::path> files_;
    Summarizer summarizer_;

    mutable std::mutex mutex_; // guards everything below but threads_
    std::vector<bool> started_;
    std::size_t nextInOrder_ = 0;
    std::vector<std::size_t> priority_; // taken from the back
    struct InFlight {
        std::size_t index = 0;
        bvh::LoadProgress* progress = nullptr; // owned by the reading thread
    };
    std::vector<InFlight> inFlight_;
    std::vector<Finished> finished_;
    std::size_t completed_ = 0; // summaries produced (taken or not)
    bool closing_ = false;

    std::vector<std::thread> threads_; // last: started once everything above exists
};

} // namespace bvhscope::viewer
