// What the folder browser knows of each file, computed in the background.
//
// summarizeFile() reads one file within kBrowserSummaryBudget bytes (the thumbnailer's bounded
// read, below) and keeps only its summary (joints, frames, fps, duration, warnings), its first
// diagnostics and one pose for the thumbnail: the document is freed before it returns, so a
// folder of 500 files never holds 500 documents, and no file, however large, takes more than
// the budget while it is summarised.
//
// A skeleton of more than kFullyAnalysedNodes nodes (the reader accepts a million End Sites
// under one root, or a chain 100 000 joints deep) is not analysed node by node over the clip:
// the stance and the rest pose against the clip are measured on its first kFullyAnalysedNodes
// nodes (file order puts parents first, so they are a skeleton of their own, and their motion
// columns come first in every row), while the counts are the whole file's. A skeleton of more
// than kThumbnailFigureNodes nodes gets a simplified figure as its thumbnail pose
// (simplifiedFigure below): thousands of bones would otherwise cost seconds and hundreds of MB
// to sample and draw at a size that shows a few hundred pixels across.
//
// SummaryPool summarises a list of files on a few long-lived threads (never a thread per file):
// one per core, at most four, each below the interface's priority (background_priority.h): the
// viewer redraws a few times a second while the Browser's work is all that moves, so the frames
// need little of a core, and what they need they get first. Each
// thread reads one file at a time (a one-thread parse), so at most `workers` summaries, each
// within its budget, exist at once. Destroying the pool cancels the files being read and waits
// for its threads.
#pragma once

#include "core/analysis/motion_features.h"
#include "core/analysis/summary.h"
#include "core/platform/file_input.h"
#include "core/reader/document.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::folder {

// Diagnostics kept per file (errors first, then warnings), for the browser's tooltips.
inline constexpr std::size_t kKeptDiagnostics = 5;

// Above kFullyAnalysedNodes nodes (End Sites included) a skeleton's analyses use its first
// nodes only; above kThumbnailFigureNodes its thumbnail is a simplified figure of at most that
// many nodes. A human with fingers and a face rig has a few hundred.
inline constexpr std::size_t kFullyAnalysedNodes = 4096;
inline constexpr std::size_t kThumbnailFigureNodes = 1024;

struct FileFacts {
    bool loaded = false;    // it opens as a character (no error, a skeleton)
    bool cancelled = false; // the pool was closed while it was read: nothing is known
    bvh::DocumentSummary summary;
    // `FILE:LINE:COL: error|warning: message`, errors first, at most kKeptDiagnostics.
    std::vector<std::string> diagnosticLines;

    // The pose a thumbnail shows: the skeleton and one frame (the middle one, frameCount / 2:
    // frame 0 of a capture is often a calibration T-pose, the middle shows the motion), or no
    // frame for a rest-pose-only file. Empty when the file did not load.
    // For a skeleton of more than kThumbnailFigureNodes nodes: a simplified figure posed at that
    // frame (simplifiedFigure), with no channels and no frames (its rest pose is the pose).
    std::optional<bvh::Document> thumbnailPose;
    std::uint32_t thumbnailFrame = 0;
    // Per node of a simplified thumbnailPose, in order, the file's node it stands for (to map
    // node indices such as summary.stance.staticRoots); empty when the pose has the file's own
    // skeleton.
    std::vector<bvh::NodeIndex> thumbnailNodes;
    // The analyses (summary.restPose, summary.stance, summary.rotationOrders, summary.rootNames,
    // motionFeatures) saw only the first kFullyAnalysedNodes nodes; the counts are the file's.
    bool analysedInPart = false;
    // The read took evenly spaced rows of a long motion, not all of them (the bounded read
    // below): thumbnailFrame is estimated, warnings about the rows and the motion header are not
    // kept, and summary.framesPresent and the durations count the rows sampled
    // (summarizeFileForThumbnail) or every line of the rows that is not blank (summarizeFile:
    // what the reader counts as frames, as long as each row is numbers).
    bool rowsSampled = false;
    // The hierarchy alone is beyond the read's budget: nothing was read, the file may still
    // load in the viewer (which reads it whole). `loaded` is false and the diagnostic says so.
    bool hierarchyTooLarge = false;
    // How the take moves (core/analysis/motion_features.h), measured in the same pass, for the
    // Browser's Similar; empty for a sampled read (its rows are not consecutive) and for a
    // file that did not load.
    bvh::MotionFeatures motionFeatures;
    // The file's size and time when it was summarised (for the motion index's key); nullopt
    // when it could not be opened.
    std::optional<bvh::FileStamp> stamp;
};

// [SECTION] Bounded reads
//
// `bvhscope thumbnail` runs once per file of a folder, under the file manager, and the Browser
// summarises every file of a folder, on whatever the folder holds; each must end within its
// memory on any input. A bounded read is the reader's within a budget of bytes:
// - The header is scanned first, without building anything, for an upper bound of what reading
//   it costs (nodes, names, channels and the warnings they may bring, the text itself). A
//   header over the budget is refused before it is read: an error, "the hierarchy is too large
//   for a thumbnail", and no pose.
// - Rows whose values could exceed what is left of the budget (the reader's bound is 2 values
//   of 4 bytes per byte of rows: bvh::kMaxValuesPerTextByte) are not all read: pairs of
//   consecutive rows evenly spaced through the file, the first and the middle ones among them,
//   at most kThumbnailSampledRowBytes of them, are parsed after the header (rowsSampled). The
//   middle frame drawn is then the row that starts the middle pair.
// - A file whose first word cannot be HIERARCHY (a binary file, a gigabyte of zeros) is given
//   to the reader only as far as its first line or kilobytes: the reader's own error.
// Peak memory stays near the budget plus the program itself, whatever the file.
//
// `progress` reports bytes read and, when its cancelRequested is set from another thread, stops
// the read (the result is `cancelled`). Never throws; a missing or unreadable file is an error
// diagnostic at line 0.
inline constexpr std::uint64_t kThumbnailSampledRowBytes = std::uint64_t{8} << 20;

// The thumbnailer's read: one process per file, so the budget is a process's, large enough
// that a header of a few hundred thousand joints still gets its picture. The rows of a sampled
// motion are not counted (the thumbnailer has seconds, not a pass over a gigabyte).
inline constexpr std::uint64_t kThumbnailReadBudget = std::uint64_t{200} << 20;
FileFacts summarizeFileForThumbnail(const std::filesystem::path& path, bvh::LoadProgress& progress);

// The Browser's read: its pool reads up to 4 files at once in the viewer's own process, so each
// gets a third of the thumbnailer's budget (256 MB for the pool at most, where a whole read of
// a 1 GB file took 2 GB). Rows of up to 8 MB of text (some 3 minutes of a 60-joint take at
// 30 fps: the budget holds the reader's worst case, 8 bytes of values per byte of rows) are read
// whole, with every warning; longer motions are sampled, and their rows counted in a second pass
// that reads 1 MB at a time, so the Frames and Duration columns stay the file's.
inline constexpr std::uint64_t kBrowserSummaryBudget = std::uint64_t{64} << 20;
FileFacts summarizeFile(const std::filesystem::path& path, bvh::LoadProgress& progress);

// [SECTION] Simplified figures
//
// A figure of at most `maxNodes` nodes that looks like `skeleton` posed by `row` (the file's
// translation mode: Absolute or Additive) at a thumbnail's size: each node's world position is
// computed once; along each branch, bones are joined until the run spans a cell of a grid of
// `cellsAcross` cells along the pose's longest side (every branch still reaches its leaves); a
// bone whose ends fall in the same two cells as one already kept is drawn once (it stands for
// the other). When that is still more than `maxNodes` nodes, the grid is halved and the figure
// built again, down to one cell across (then at most 72 nodes are kept, whatever `maxNodes`;
// a node whose position is not finite in floats takes its parent's). The result
// has no channels: each node's OFFSET is its place relative to its parent in that pose (file
// axes and units), so its rest pose is the pose. `keptNodes` receives, per node of the result,
// the node of `skeleton` it stands for (increasing). Linear in the skeleton's nodes per grid
// tried, with memory for a position per node and a transform per node while they are computed.
bvh::Document simplifiedFigure(const bvh::Skeleton& skeleton, std::span<const float> row,
                               bvh::TranslationMode translation, std::size_t maxNodes,
                               std::vector<bvh::NodeIndex>& keptNodes,
                               std::uint32_t cellsAcross = 512);

// Threads a pool uses on a machine with `hardwareThreads` (std::thread::hardware_concurrency,
// 0 when unknown): one per core, at least 1, at most 4.
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
    // Threads started and not yet joined: they end when no file is left (takeFinished and
    // readAgain join those), and readAgain starts them again.
    std::size_t workerCount() const { return threads_.size(); }

    // Files in [first, last) that no thread has started are taken next (the rows on screen).
    void prioritize(std::size_t first, std::size_t last);
    // The same for the files named, in that order (the rows on screen of a sorted list).
    void prioritize(std::span<const std::size_t> files);

    struct Finished {
        std::size_t index = 0;
        FileFacts facts;
    };
    // Summaries finished since the last call, in the order they finished. Also joins the
    // threads that ended.
    std::vector<Finished> takeFinished();

    struct Reading {
        std::size_t index = 0;
        double fraction = 0.0; // of the file's bytes read
    };
    // The files being read now (at most workerCount()).
    std::vector<Reading> reading() const;

    // Summarises file `index` again, before every file not yet started (a row back on screen
    // whose thumbnail was freed: folder_thumbnails.h), restarting threads when they had ended.
    // Nothing when it is waiting or being read already, or when the pool is closing.
    void readAgain(std::size_t index);

    // Every file is summarised (again, where asked) and every summary taken.
    bool done() const;

private:
    void work();
    // The next file to read, under mutex_; nullopt when none is left or the pool is closing.
    std::optional<std::size_t> takeNextLocked();
    // Starts threads until min(workers, files waiting) run; joins those that ended first.
    // Owner's thread only (threads_ is not guarded).
    void startThreads();
    void joinEndedThreads();

    std::vector<std::filesystem::path> files_;
    Summarizer summarizer_;
    unsigned workers_ = 1;

    mutable std::mutex mutex_; // guards everything below but threads_
    std::vector<bool> started_;
    std::size_t nextInOrder_ = 0;
    std::vector<std::size_t> priority_; // taken from the back
    std::vector<std::size_t> again_;    // readAgain's, in the order asked
    struct InFlight {
        std::size_t index = 0;
        bvh::LoadProgress* progress = nullptr; // owned by the reading thread
    };
    std::vector<InFlight> inFlight_;
    std::vector<Finished> finished_;
    std::size_t waiting_ = 0; // files to summarise (again) whose summary is not produced yet
    std::size_t running_ = 0; // threads that have not ended
    std::vector<std::thread::id> ended_; // threads that ended, not joined yet
    bool closing_ = false;

    std::vector<std::thread> threads_; // owner's thread only
};

} // namespace bvhscope::folder
