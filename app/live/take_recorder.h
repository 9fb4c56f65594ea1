// Recording a live source's events into BVH files (`bvhscope record`; the viewer's Record): one
// file per take, written while frames arrive (core/live/take_writer.h) under a partial name and
// renamed to its own name when the take ends.
//
// Files: frames go to "NAME.partial.bvh" beside the output "NAME.bvh" (the next free
// "NAME.partial-2.bvh"... when one exists: the partial file is created exclusively, so two
// recorders never share one), and finish() renames it to the output. A kill or a crash leaves the
// partial file: a valid BVH that bvhscope opens, with every row flushed so far (about a second's
// worth may be missing, and `Frames:` may count fewer rows than it holds; the reader takes the
// rows).
//
// What is never written over: anything that is not a regular file (a directory, a FIFO, a device,
// a socket, a symbolic link to one: inspectOutputTarget, as `convert` refuses them), with or
// without `overwrite`; an existing output unless `overwrite`; the file named as `protectedInput`
// (the --skeleton file). The final rename decides in one step (renameWithoutReplacing, or with
// `overwrite` renameOverRegularFile): a file that appeared at the output during the take (another
// program, another `record` to the same name) is kept, and the take goes to the next free name
// ("NAME-2.bvh"...), which the notes say and renamedTakes() lists.
//
// Takes: a new file starts (the n-th named "NAME-n.bvh", or the next free name) when the stream's
// skeleton or frame time changes (a take holds one skeleton at one rate: each connection's header,
// and each header of a `bvh` stream, is compared with the take's), and for each connection after
// the first when `split`. Otherwise frames of every connection go on in one file, and the gap is
// reported. A frame whose value count is not the take's skeleton's is not written, and counted
// (framesRefused(), said in the notes the first time in a take).
//
// Rate: a take's Frame Time is the sender's where the stream says it (LiveEvent's
// frameTimeFromSender: a BVH header, VMC's T, mocopi's time). Otherwise (Axis, lines) it is
// measured from the frames' arrival times (LiveEvent::receivedAt; core/live/arrival_rate.h) and
// written over the take's `Frame Time:` at each flush and at the end; the rate given with the
// skeleton stays only while too few frames have arrived to measure one.
//
// A write that fails (a full disk) ends the recording at once: handle() returns false with the
// reason, and framesRecorded() counts only the frames in the files. The take, cut back to its last
// complete row with `Frames:` saying so, is still renamed into place.
//
// Messages are returned as lines for stderr ("reconnected to HOST:PORT after 1.3 s ..."); never
// prints, never throws (except std::bad_alloc).
#pragma once

#include "app/live/live_source.h"
#include "core/live/arrival_rate.h"
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
    // Where each take's bytes go: a new file (bvh::live::openTakeFile) unless a test gives
    // another.
    bvh::live::TakeSinkOpener openSink = bvh::live::openTakeFile;
};

// A take kept under another name than the one it was recorded for.
struct RenamedTake {
    std::filesystem::path wanted; // what was there at the end of the take, and kept
    std::filesystem::path kept;   // where the take is
};

class TakeRecorder {
public:
    explicit TakeRecorder(TakeRecorderOptions options) : options_(std::move(options)) {}
    ~TakeRecorder(); // finish()es

    // Why `options.output` cannot be written ("" when it can): it is the protected input, its
    // folder does not exist, it is not a regular file (inspectOutputTarget's message, with or
    // without overwrite), or it exists and overwrite is off. Check before recording.
    static std::string outputProblem(const TakeRecorderOptions& options);

    // Takes one event. Returns false after an error that ends the recording (a file that cannot
    // be created or written, frames with no skeleton); `notes` gets what to tell the user.
    bool handle(const LiveEvent& event, std::vector<std::string>& notes);
    // Hands the rows so far to the system and updates `Frames:` (call about once a second).
    // Returns false, with the reason in `notes`, when a write failed: the recording is over.
    bool flush(std::vector<std::string>& notes);
    // The same; a failure is then said by the next handle() or finish().
    void flush();
    // Finishes the current file and renames it into place. Returns false when that failed or a
    // write had failed (the take, cut back to its complete rows, is still renamed into place).
    bool finish(std::vector<std::string>& notes);

    // Frames in the files (finished, or being written and not lost to a failed write).
    std::uint64_t framesRecorded() const;
    // Frames not written because their value count was not the take's skeleton's.
    std::uint64_t framesRefused() const;
    // The files finished so far, in order.
    const std::vector<std::filesystem::path>& filesWritten() const { return filesWritten_; }
    // Takes kept under the next free name because their name was taken at the end.
    const std::vector<RenamedTake>& renamedTakes() const { return renamedTakes_; }
    // The rate frames arrive at, seconds per frame: the sender's, or measured from the
    // arrivals of the last seconds; 0 before any skeleton.
    double receivedFrameTime() const;
    // Whether receivedFrameTime() is measured from arrivals (the stream does not say its rate).
    bool rateMeasured() const { return measureRate_; }
    // The Frame Time of the take being written, or of the last one finished; 0 before any.
    double takeFrameTime() const { return writer_ ? writer_->frameTime() : lastTakeFrameTime_; }
    // The partial file being written, if any.
    std::optional<std::filesystem::path> currentPartialFile() const;

private:
    bool handleSkeleton(const LiveEvent& event, std::vector<std::string>& notes);
    bool handleFrame(const LiveEvent& event, std::vector<std::string>& notes);
    bool wantsNewTake() const;
    bool openFile(std::vector<std::string>& notes);
    bool createPartialFile(std::vector<std::string>& notes);
    void reportWriterProblems(std::vector<std::string>& notes);
    bool renameIntoPlace(const std::filesystem::path& partial, std::uint64_t frames,
                         std::vector<std::string>& notes);
    bool nextFreeTarget();
    bool nameTaken(const std::filesystem::path& target) const;
    std::filesystem::path targetFor(std::uint32_t fileNumber) const;

    TakeRecorderOptions options_;
    void writeMeasuredRate();

    std::shared_ptr<const bvh::Skeleton> skeleton_; // the stream's, for the frames that follow
    double frameTime_ = 0.0;
    bool measureRate_ = false; // the stream does not say its rate: arrivals_ measure it
    bvh::live::ArrivalRate arrivals_;
    double lastTakeFrameTime_ = 0.0;
    std::shared_ptr<const bvh::Skeleton> takeSkeleton_; // the current file's
    double takeFrameTime_ = 0.0;
    std::unique_ptr<bvh::live::TakeWriter> writer_;
    std::size_t writerProblemsReported_ = 0; // of writer_'s diagnostics
    bool refusalReported_ = false;           // in writer_'s take
    std::filesystem::path target_;
    std::uint32_t fileNumber_ = 0; // output names used so far ("NAME.bvh" is 1, "NAME-2.bvh" 2)
    bool splitWanted_ = false;     // --split and a new connection: the next frame starts a file
    std::uint64_t framesInFinishedFiles_ = 0;
    std::uint64_t framesRefusedInFinishedFiles_ = 0;
    std::uint64_t framesInConnection_ = 0;
    std::optional<LiveClock::time_point> disconnectedAt_;
    std::vector<std::filesystem::path> filesWritten_;
    std::vector<RenamedTake> renamedTakes_;
};

} // namespace bvhscope::live
