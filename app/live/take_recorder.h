// Recording a live source's events into BVH files (`bvhscope record`; the viewer's Record): one
// file per take, written while frames arrive (core/live/take_writer.h) under a partial name and
// renamed to its own name when the take ends.
//
// Files: frames go to "NAME.partial.bvh" beside the output "NAME.bvh" (the next free
// "NAME.partial-2.bvh"... when one is left from an earlier run), and finish() renames it to the
// output. A kill or a crash leaves the partial file: a valid BVH that bvhscope opens, with every
// row flushed so far (about a second's worth may be missing, and `Frames:` may count fewer rows
// than it holds; the reader takes the rows). An existing output is never written over unless
// `overwrite`, and even then only by the rename at the end; a file named as `protectedInput`
// (the --skeleton file) never is.
//
// A new file starts (the n-th named "NAME-n.bvh") for each connection after the first when
// `split`, and whenever the stream's skeleton changes (a take cannot change skeletons mid-file);
// otherwise frames of every connection go on in one file, and the gap is reported.
//
// Messages are returned as lines for stderr ("reconnected to HOST:PORT after 1.3 s ..."); never
// prints, never throws (except std::bad_alloc).
#pragma once

#include "app/live/live_source.h"
#include "core/live/take_writer.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::live {

struct TakeRecorderOptions {
    std::filesystem::path output;
    bool split = false;
    bool overwrite = false;
    std::optional<std::filesystem::path> protectedInput = std::nullopt;
};

class TakeRecorder {
public:
    explicit TakeRecorder(TakeRecorderOptions options) : options_(std::move(options)) {}
    ~TakeRecorder(); // finish()es

    // Why `options.output` cannot be written ("" when it can): it is the protected input, its
    // folder does not exist, or it exists and overwrite is off. Check before recording.
    static std::string outputProblem(const TakeRecorderOptions& options);

    // Takes one event. Returns false after an error that ends the recording (a file that cannot
    // be created, frames with no skeleton); `notes` gets what to tell the user.
    bool handle(const LiveEvent& event, std::vector<std::string>& notes);
    // Hands the rows so far to the system and updates `Frames:` (call about once a second).
    void flush();
    // Finishes the current file and renames it into place. Returns false when that failed.
    bool finish(std::vector<std::string>& notes);

    std::uint64_t framesRecorded() const { return framesRecorded_; }
    // The files finished so far, in order.
    const std::vector<std::filesystem::path>& filesWritten() const { return filesWritten_; }
    // The partial file being written, if any.
    std::optional<std::filesystem::path> currentPartialFile() const;

private:
    bool openFile(std::vector<std::string>& notes);
    std::filesystem::path targetFor(std::uint32_t fileNumber) const;

    TakeRecorderOptions options_;
    std::shared_ptr<const bvh::Skeleton> skeleton_;
    double frameTime_ = 0.0;
    std::unique_ptr<bvh::live::TakeWriter> writer_;
    std::filesystem::path target_;
    std::uint32_t fileNumber_ = 0; // files opened so far
    bool newFileWanted_ = false;   // the next frame starts a new file
    std::uint64_t framesRecorded_ = 0;
    std::uint64_t framesInConnection_ = 0;
    std::optional<LiveClock::time_point> disconnectedAt_;
    std::vector<std::filesystem::path> filesWritten_;
};

} // namespace bvhscope::live
