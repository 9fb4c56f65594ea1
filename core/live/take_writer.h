// Recording a live take to a BVH file while it arrives, so that a crash or a kill leaves a file
// bvhscope opens with every frame flushed so far.
//
// The header is written at once through core/writer (formatBvh with no frames), with its
// `Frames:` value padded to a fixed width (kFramesFieldWidth digits, spaces after), so that the
// count can be rewritten in place without moving the rows. Rows are appended as the sender wrote
// them (LiveFrame::valueText: the digits sent, unchanged), one per line, LF ended. Every
// kFlushInterval seconds of frames (frame time based: no clock here), every kMostPendingBytes of
// rows and on flush() the rows go to the operating system and `Frames:` is rewritten (and
// `Frame Time:`, padded the same way, when setFrameTime changed it); finish() does the same and
// closes.
//
// After a kill the file ends at a row boundary or in the middle of the row being written, and
// `Frames:` may count fewer rows than the file holds: the reader takes the rows present and warns
// about the count (core/reader/document.h), and completes a cut last row from the row before it
// with a warning, so every completely written row opens as written (the cut one is extra). The file
// is written in place (not through AtomicFile): a take must survive the process, which a temporary
// file renamed at the end would not.
//
// A write that fails (a full disk, a file size limit) ends the take at once: good() turns false
// with the reason, nothing more is written, the file is cut back to its last complete row and
// `Frames:` is rewritten to the rows it holds, so the file still opens with exactly
// framesWritten() rows (holdsItsRows(); the rows not written are framesLost()). Rewriting the
// count in place needs no new disk space on most file systems; on a copy-on-write one (btrfs,
// ZFS) a full disk can refuse it too, and then `Frames:` stays at the last flush's count, below
// the rows (the reader loads the rows and warns).
//
// Where the bytes go is a TakeSink: a new file (openTakeFile, core/platform/file_output.h) unless
// the caller gives another (tests give one that fills up).
//
// Never throws (except std::bad_alloc), never prints: problems are Error diagnostics at line 0.
#pragma once

#include "core/live/live_frame.h"
#include "core/model/diagnostic.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"
#include "core/platform/file_output.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bvh::live {

// Digits the `Frames:` field has room for: a Motion counts frames in 32 bits (10 digits).
inline constexpr std::size_t kFramesFieldWidth = 10;
// Characters the `Frame Time:` field has room for: the shortest text of any double (at most
// 24), spaces after.
inline constexpr std::size_t kFrameTimeFieldWidth = 24;
// Seconds of frames between two flushes.
inline constexpr double kFlushInterval = 1.0;
// Bytes of rows held before they go to the system, whatever the frame rate: 1 MiB, so a
// 1000 Hz stream of long rows is not held for a whole second, and a failed write is known soon.
inline constexpr std::size_t kMostPendingBytes = std::size_t{1} << 20;

// Where a take's bytes go: the file in practice. Calls come in this order: append() and
// writeAt() any number of times, truncate() only after a failed append(), finish() last.
class TakeSink {
public:
    virtual ~TakeSink() = default;
    // Appends `bytes`; says how many were written before an error.
    virtual FileOutput::Written append(std::string_view bytes) = 0;
    // Rewrites bytes already written (the `Frames:` field). Returns the error, "" on success.
    virtual std::string writeAt(std::uint64_t offset, std::string_view bytes) = 0;
    // Cuts what was written to `size` bytes. Returns the error, "" on success.
    virtual std::string truncate(std::uint64_t size) = 0;
    // Hands everything to the disk and closes. Returns the error, "" on success.
    virtual std::string finish() = 0;
};

struct OpenedTakeSink {
    std::unique_ptr<TakeSink> sink; // null when it could not be opened
    bool nameTaken = false;         // the file exists: nothing was opened or changed
    std::string error;
};
// Opens the take's bytes' destination at `path`.
using TakeSinkOpener = std::function<OpenedTakeSink(const std::filesystem::path& path)>;
// A new file at `path` (FileOutput::create: an existing name, even a dangling link, is
// nameTaken and left as it is).
OpenedTakeSink openTakeFile(const std::filesystem::path& path);

class TakeWriter {
public:
    // Creates `path` through `open` (an existing file is refused: a take never replaces
    // anything) and writes the header. A skeleton the writer refuses (core/writer's
    // validateForWriting), a name that exists (nameTaken()) or a file that cannot be created
    // leaves good() false, with the reasons in diagnostics().
    TakeWriter(std::filesystem::path path, const Skeleton& skeleton, double frameTime,
               const TakeSinkOpener& open = openTakeFile);
    // finish()es the file if it was not.
    ~TakeWriter();
    TakeWriter(const TakeWriter&) = delete;
    TakeWriter& operator=(const TakeWriter&) = delete;

    // Appends one row. `frame.values.size()` must be the skeleton's channel count, else the
    // frame is refused (returns false, nothing written, counted in framesRefused(); good() stays
    // true). Returns false after a failed write too (good() false).
    bool append(const LiveFrame& frame);
    // Hands the rows so far to the operating system and rewrites `Frames:`: call it on a timer,
    // so that a slow stream is on disk too. Returns good().
    bool flush();
    // The take's frame time from now on, for a rate measured while the take arrives (a stream
    // that does not say its rate): written over the `Frame Time:` field (padded to
    // kFrameTimeFieldWidth, so nothing moves) at the next flush() or finish(). False, nothing
    // changed, for a frame time a BVH file cannot hold (kShortestFrameTime..kLongestFrameTime).
    bool setFrameTime(double frameTime);
    double frameTime() const { return wantedFrameTime_; }
    // Last flush, then closes. Returns good(). Call at most once; append() does nothing after.
    bool finish();

    bool good() const { return !hasErrors(diagnostics_); }
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
    const std::filesystem::path& path() const { return path_; }
    // Rows in the file or about to be (accepted, not lost to a failed write).
    std::uint64_t framesWritten() const { return framesWritten_; }
    std::uint64_t framesRefused() const { return framesRefused_; }
    // Rows accepted but not in the file because a write failed.
    std::uint64_t framesLost() const { return framesLost_; }
    // The file could not be created because its name exists (another writer took it first).
    bool nameTaken() const { return nameTaken_; }
    // Whether the file, once finished, opens with exactly framesWritten() rows and says so in
    // `Frames:`: always when good(); after a failed write, when cutting it back and rewriting the
    // count worked. False when there is no file (it could not be created, or its header could
    // not be written).
    bool holdsItsRows() const { return holdsItsRows_; }

private:
    bool writeHeader(const Skeleton& skeleton, const Motion& empty);
    bool writePendingRows();
    void keepOnlyCompleteRows(std::size_t pendingBytesWritten, const std::string& error);
    std::string writeFrameCount(); // the error, "" on success
    void fail(std::string message);

    std::filesystem::path path_;
    std::unique_ptr<TakeSink> sink_;
    std::uint32_t channelCount_ = 0;
    std::uint64_t framesFieldOffset_ = 0;
    std::uint64_t frameTimeFieldOffset_ = 0;
    double writtenFrameTime_ = 0.0; // in the file's `Frame Time:` field
    double wantedFrameTime_ = 0.0;  // setFrameTime's, written at the next flush
    std::uint64_t bytesInFile_ = 0; // every byte the sink took, all of them complete rows
    std::uint64_t framesInFile_ = 0;
    std::uint64_t framesWritten_ = 0;
    std::uint64_t framesRefused_ = 0;
    std::uint64_t framesLost_ = 0;
    std::uint64_t framesPerFlush_ = 1;
    std::uint64_t framesSinceFlush_ = 0;
    std::string pending_; // rows not handed to the sink yet, each LF ended
    bool nameTaken_ = false;
    bool holdsItsRows_ = false;
    bool finished_ = false;
    std::vector<Diagnostic> diagnostics_;
};

} // namespace bvh::live
