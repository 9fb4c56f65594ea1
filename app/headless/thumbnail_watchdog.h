// The thumbnail's watchdog: ends the process with status 1 when `bvhscope thumbnail` takes
// longer than --timeout (a hostile file, a wedged driver), since a file manager waits for its
// thumbnailers one at a time; and writes the PNG so that what is on disk and the exit status
// agree wherever the time runs out: every run ends with a whole PNG and status 0, or with no
// PNG, no temporary file and status 1 (but for the two gaps at the end).
//
// The PNG goes through an AtomicFile (a temporary file, then a rename). Once the time is up no
// write starts, and a write under way is waited for, up to kWriteGraceSeconds, and then counts
// (its own status). A write still under way after that (a disk that stalls) ends by the last
// step the writer reported (AtomicFile's CommitStep), since std::_Exit runs no destructor:
// - before the rename's call: its temporary file is removed: status 1, no PNG. The writer needs
//   the watchdog's lock to report the rename's start, and the watchdog keeps it to the end, so
//   no rename starts.
// - during the rename's call: removing the temporary file decides (bvh::removeTemporaryFile):
//   removed, the rename can no longer happen: status 1, no PNG; not there, the rename happened:
//   status 0 with the PNG.
// - after the rename (the directory's fsync stalled): status 0 with the PNG. The time running
//   out here ends the process at once, with no grace: the PNG is in place.
// Gaps: a temporary file that cannot be removed stays (status 1, and stderr names it and why);
// and an open() of the temporary file that stalls past the grace, or returns in the instant
// before the writer records its name, can create the file after the watchdog looked.
//
// stderr: status 1 says "gave up", status 0 after the time ran out says "the PNG already in
// place", each with when: "after N s" (--timeout's clock) or "after N s and M s more for the
// PNG's write" (the grace spent too). Under the test seam, which keeps no clock, no time is
// claimed: "at the test seam's stage 'NAME'" stands in its place.
#pragma once

#include "core/platform/atomic_file.h"

#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

namespace bvhscope::headless {

// [SECTION] Test seam
//
// Where the time runs out, for tests only (tests/app/headless/thumbnail_command_test.cpp): the
// environment variable kThumbnailTimeUpSeam, read by `bvhscope thumbnail` alone, names a stage
// of the PNG's write, and the watchdog's time runs out exactly there, with no clock: the limit
// and the grace are not timed (the writer is held until the watchdog has taken its decision,
// or for ever at a stage that stalls), so a test drives each stage on any machine, however
// loaded. Not an option, not in --help: nothing a user sets by accident (its name says what it
// is). Unset (every real run), the watchdog keeps time as above.
inline constexpr const char* kThumbnailTimeUpSeam = "BVHSCOPE_TEST_SEAM_THUMBNAIL_TIME_UP_AT";
enum class TimeUpStage {
    None,                    // no seam: --timeout's clock
    BeforeWrite,             // "before-write": the PNG is encoded, its write not begun
    TemporaryFileOpen,       // "temporary-file-open": created, nothing written in it yet
    TemporaryFileOpenStalls, // "temporary-file-open-stalls": and the write never goes on (a
                             // disk that stalls past the grace)
    RenamingStalls,          // "renaming-stalls": the rename reported as starting, and it
                             // never takes effect (a rename's call that stalls)
    RenamedUnreportedStalls, // "renamed-unreported-stalls": the rename took effect, and its
                             // call never returns (Windows' flush after the rename, stalled)
    AfterRenameStalls,       // "after-rename-stalls": the rename reported done, and the write
                             // never returns (the directory's fsync, stalled)
    AfterRename,             // "after-rename": the PNG renamed into place, the write not
                             // yet reported done
};
// The points of write() where a stage's time runs out (the writer held there until the
// watchdog has decided, or for ever for a stage that stalls).
enum class SeamPoint {
    BeforeWrite,
    TemporaryFileOpen,
    Renaming,          // the rename's start recorded, its call not made
    RenamedUnreported, // the rename done, not yet recorded
    RenamedReported,   // the rename recorded, the directory's sync not begun
    WriteReturned,     // commit() returned, the write not yet recorded done
};
// The stage a seam value names ("before-write", ...); nullopt for any other text.
std::optional<TimeUpStage> timeUpStageNamed(std::string_view name);

// [SECTION] A write the time ran out on
//
// Where the PNG's write is, as the writer last reported it to the watchdog.
enum class WriteStage {
    NotStarted, // drawing: no write begun
    Writing,    // the temporary file being created, written, flushed, closed; or the rename
                // failed (its temporary file is being removed)
    Renaming,   // the rename's call under way: the PNG may or may not be in place
    Renamed,    // the PNG in place; the directory's sync may still be under way
    Done,       // write() returned: its status is the run's
};
enum class StalledWriteEnd {
    ImageStands,   // status 0: the PNG is in place
    NoImage,       // status 1: no PNG, no temporary file
    TemporaryLeft, // status 1: no PNG, but its temporary file could not be removed
};
// How a write the time ran out on, and that did not end within the grace, ends: by `stage` and,
// before Renamed, by what removing its temporary file gave (`removal`; not tried, and ignored,
// at Renamed). Pure, so that every pair is tested, also those no seam reaches (a removal that
// fails).
StalledWriteEnd stalledWriteEnd(WriteStage stage, bvh::TemporaryRemoval removal);
// When the time ran out, for stderr: "after 20 s", "after 20 s and 5 s more for the PNG's write"
// (`graceSpent`), or, with a seam, "at the test seam's stage 'NAME'" (no time claimed).
std::string whenTheTimeRanOut(double seconds, bool graceSpent, TimeUpStage seam);

// [SECTION] Watchdog

class Watchdog {
public:
    static constexpr double kWriteGraceSeconds = 5.0;

    // Starts watching: the time is up after `seconds`, or, with a test seam, at that stage of
    // write() and never otherwise. Cancelled on destruction.
    explicit Watchdog(double seconds, TimeUpStage seam = TimeUpStage::None);
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;
    ~Watchdog();

    // Writes `bytes` to `output` through an AtomicFile, unless the time is up (then the process
    // is ending and this never returns). Returns false, having said why on `err`, when the file
    // cannot be written.
    bool write(const std::filesystem::path& output, std::string_view bytes, std::ostream& err);

private:
    void watch(double seconds);
    bool timeRanOut(std::unique_lock<std::mutex>& lock, double seconds);
    bool writeEndedInGrace(std::unique_lock<std::mutex>& lock);
    [[noreturn]] void endStalledWrite(double seconds, bool graceSpent);
    void enter(WriteStage stage);
    void observeCommit(bvh::CommitStep step);
    void reach(SeamPoint point);

    std::mutex mutex_;
    std::condition_variable wake_;
    WriteStage stage_ = WriteStage::NotStarted;
    std::filesystem::path temporary_; // the output's temporary file while it is written
    const TimeUpStage seam_;
    bool seamTimeUp_ = false;    // the seam's stage was reached
    bool seamStalled_ = false;   // and the writer stays there
    bool timeUpTakenUp_ = false; // the watchdog has seen the time run out
    std::thread thread_;         // last: starts once the members it uses exist
};

} // namespace bvhscope::headless
