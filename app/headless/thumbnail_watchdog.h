// The thumbnail's watchdog: ends the process with status 1 when `bvhscope thumbnail` takes
// longer than --timeout (a hostile file, a wedged driver), since a file manager waits for its
// thumbnailers one at a time; and writes the PNG so that the watchdog, firing at any moment,
// never leaves its temporary file or half an image.
//
// Writing the PNG is the one step it does not cut (std::_Exit runs no destructor, so an
// AtomicFile cut between creating its temporary file and renaming it would leave the
// `.NAME.tmp-...` file behind): once the time is up no write starts, and a write under way is
// waited for, up to kWriteGraceSeconds, and then counts (the image is complete, the status 0).
// A write still under way after that (a disk that stalls) has its temporary file removed
// before the process ends. So every run ends with a whole PNG and status 0, or with no PNG, no
// temporary file and status 1.
#pragma once

#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <optional>
#include <ostream>
#include <string_view>
#include <thread>

namespace bvhscope::headless {

// [SECTION] Test seam
//
// Where the time runs out, for tests only (tests/app/headless/thumbnail_command_test.cpp): the
// environment variable kThumbnailTimeUpSeam, read by `bvhscope thumbnail` alone, names a stage
// of the PNG's write, and the watchdog's time runs out exactly there, with no clock: the limit
// and the grace are not timed (the writer is held until the watchdog has taken its decision),
// so a test drives each stage on any machine, however loaded. Not an option, not in --help:
// nothing a user sets by accident (its name says what it is). Unset (every real run), the
// watchdog keeps time as above.
inline constexpr const char* kThumbnailTimeUpSeam = "BVHSCOPE_TEST_SEAM_THUMBNAIL_TIME_UP_AT";
enum class TimeUpStage {
    None,                    // no seam: --timeout's clock
    BeforeWrite,             // "before-write": the PNG is encoded, its write not begun
    TemporaryFileOpen,       // "temporary-file-open": created, nothing written in it yet
    TemporaryFileOpenStalls, // "temporary-file-open-stalls": and the write never goes on (a
                             // disk that stalls past the grace)
    AfterRename,             // "after-rename": the PNG renamed into place, the write not
                             // yet reported done
};
// The stage a seam value names ("before-write", ...); nullopt for any other text.
std::optional<TimeUpStage> timeUpStageNamed(std::string_view name);

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
    enum class State { Working, Writing, Done };

    void watch(double seconds);
    bool timeRanOut(std::unique_lock<std::mutex>& lock, double seconds);
    bool writeEndedInGrace(std::unique_lock<std::mutex>& lock);
    void reach(TimeUpStage stage);

    std::mutex mutex_;
    std::condition_variable wake_;
    State state_ = State::Working;
    std::filesystem::path temporary_; // the output's temporary file while it is written
    const TimeUpStage seam_;
    bool seamTimeUp_ = false;    // the seam's stage was reached
    bool seamStalled_ = false;   // and the writer stays there
    bool timeUpTakenUp_ = false; // the watchdog has seen the time run out
    std::thread thread_;         // last: starts once the members it uses exist
};

} // namespace bvhscope::headless
