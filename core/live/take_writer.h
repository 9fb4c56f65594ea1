// Recording a live take to a BVH file while it arrives, so that a crash or a kill leaves a file
// bvhscope opens with every frame flushed so far.
//
// The header is written at once through core/writer (formatBvh with no frames), with its
// `Frames:` value padded to a fixed width (kFramesFieldWidth digits, spaces after), so that the
// count can be rewritten in place without moving the rows. Rows are appended as the sender wrote
// them (LiveFrame::valueText: the digits sent, unchanged), one per line, LF ended. Every
// kFlushInterval seconds of frames (frame time based: no clock here) and on flush() the rows
// go to the operating system and `Frames:` is rewritten; finish() does the same and closes.
//
// After a kill the file ends at a row boundary or in the middle of the row being written, and
// `Frames:` may count fewer rows than the file holds: the reader takes the rows present and warns
// about the count (core/reader/document.h), and completes a cut last row from the row before it
// with a warning, so every completely written row opens as written (the cut one is extra). The file
// is written in place (not through AtomicFile): a take must survive the process, which a temporary
// file renamed at the end would not.
//
// Never throws (except std::bad_alloc), never prints: problems are Error diagnostics at line 0.
#pragma once

#include "core/live/live_frame.h"
#include "core/model/diagnostic.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace bvh::live {

// Digits the `Frames:` field has room for: a Motion counts frames in 32 bits (10 digits).
inline constexpr std::size_t kFramesFieldWidth = 10;
// Seconds of frames between two flushes.
inline constexpr double kFlushInterval = 1.0;

class TakeWriter {
public:
    // Creates `path` (an existing file is refused: a take never replaces anything) and writes
    // the header. A skeleton the writer refuses (core/writer's validateForWriting) or a file
    // that cannot be created leaves good() false, with the reasons in diagnostics().
    TakeWriter(std::filesystem::path path, const Skeleton& skeleton, double frameTime);
    // finish()es the file if it was not.
    ~TakeWriter();
    TakeWriter(const TakeWriter&) = delete;
    TakeWriter& operator=(const TakeWriter&) = delete;

    // Appends one row. `frame.values.size()` must be the skeleton's channel count, else the
    // frame is refused (returns false, nothing written, counted in framesRefused()).
    bool append(const LiveFrame& frame);
    // Hands the rows written so far to the operating system and rewrites `Frames:`: call it on
    // a timer, so that a slow stream is on disk too.
    void flush();
    // Last flush, then closes. Returns good(). Call at most once; append() does nothing after.
    bool finish();

    bool good() const { return !hasErrors(diagnostics_); }
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
    const std::filesystem::path& path() const { return path_; }
    std::uint64_t framesWritten() const { return framesWritten_; }
    std::uint64_t framesRefused() const { return framesRefused_; }

private:
    void writeFrameCount();
    void fail(std::string message);

    std::filesystem::path path_;
    std::ofstream file_;
    std::uint32_t channelCount_ = 0;
    std::streamoff framesFieldOffset_ = 0;
    std::uint64_t framesWritten_ = 0;
    std::uint64_t framesRefused_ = 0;
    std::uint64_t framesPerFlush_ = 1;
    std::uint64_t framesSinceFlush_ = 0;
    std::string row_; // the row being written, its storage reused
    bool finished_ = false;
    std::vector<Diagnostic> diagnostics_;
};

} // namespace bvh::live
