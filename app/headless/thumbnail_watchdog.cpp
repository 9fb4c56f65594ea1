#include "app/headless/thumbnail_watchdog.h"

#include "app/cli/command_line.h"
#include "core/model/diagnostic.h"
#include "core/platform/atomic_file.h"

#include <chrono>
#include <cstdlib>
#include <iostream>

namespace bvhscope::headless {

namespace {

namespace fs = std::filesystem;

struct StageName {
    TimeUpStage stage;
    std::string_view name;
};
constexpr StageName kStageNames[] = {
    {TimeUpStage::BeforeWrite, "before-write"},
    {TimeUpStage::TemporaryFileOpen, "temporary-file-open"},
    {TimeUpStage::TemporaryFileOpenStalls, "temporary-file-open-stalls"},
    {TimeUpStage::AfterRename, "after-rename"},
};

} // namespace

std::optional<TimeUpStage> timeUpStageNamed(std::string_view name) {
    for (const StageName& entry : kStageNames) {
        if (entry.name == name) {
            return entry.stage;
        }
    }
    return std::nullopt;
}

Watchdog::Watchdog(double seconds, TimeUpStage seam)
    : seam_(seam), thread_([this, seconds] { watch(seconds); }) {}

Watchdog::~Watchdog() {
    {
        const std::lock_guard lock(mutex_);
        state_ = State::Done;
    }
    wake_.notify_all();
    thread_.join();
}

bool Watchdog::write(const fs::path& output, std::string_view bytes, std::ostream& err) {
    reach(TimeUpStage::BeforeWrite);
    std::unique_lock lock(mutex_); // held by the watchdog from the time it gives up
    state_ = State::Writing;
    lock.unlock();
    // Created without the lock, so that the watchdog never waits on a stalled file system for
    // longer than its grace; the one gap left is an open() that stalls past the grace.
    bvh::AtomicFile file(output);
    lock.lock();
    temporary_ = file.temporaryPath();
    lock.unlock();
    reach(TimeUpStage::TemporaryFileOpen);
    file.write(bytes);
    const bool written = file.commit();
    if (!written) {
        for (const bvh::Diagnostic& diagnostic : file.diagnostics()) {
            err << "bvhscope thumbnail: " << diagnostic.message << '\n';
        }
    }
    reach(TimeUpStage::AfterRename);
    lock.lock();
    temporary_.clear(); // renamed or removed by now (the destructor removes nothing more)
    state_ = State::Done;
    lock.unlock();
    wake_.notify_all();
    return written;
}

void Watchdog::watch(double seconds) {
    std::unique_lock lock(mutex_);
    if (!timeRanOut(lock, seconds)) {
        return;
    }
    timeUpTakenUp_ = true;
    wake_.notify_all(); // a seam's writer waits for this before it goes on
    if (state_ == State::Writing) {
        if (writeEndedInGrace(lock)) {
            return; // written in time after all: the image counts
        }
        std::error_code ignored;
        fs::remove(temporary_, ignored); // an empty path removes nothing
    }
    // Ends with the lock held: no write starts from here on.
    std::cerr << "bvhscope thumbnail: gave up after " << seconds << " s\n";
    std::_Exit(cli::kExitFileError);
}

// Whether the time ran out before the work was done: after `seconds`, or at the seam's stage.
bool Watchdog::timeRanOut(std::unique_lock<std::mutex>& lock, double seconds) {
    if (seam_ != TimeUpStage::None) {
        wake_.wait(lock, [this] { return state_ == State::Done || seamTimeUp_; });
        return state_ != State::Done;
    }
    const auto limit = std::chrono::duration<double>(seconds);
    return !wake_.wait_for(lock, limit, [this] { return state_ == State::Done; });
}

// Whether the write under way when the time ran out ended within the grace (with a seam: before
// the writer stalled).
bool Watchdog::writeEndedInGrace(std::unique_lock<std::mutex>& lock) {
    if (seam_ != TimeUpStage::None) {
        wake_.wait(lock, [this] { return state_ == State::Done || seamStalled_; });
        return state_ == State::Done;
    }
    const auto grace = std::chrono::duration<double>(kWriteGraceSeconds);
    return wake_.wait_for(lock, grace, [this] { return state_ == State::Done; });
}

// The seam: at its stage, the time runs out; the writer goes on once the watchdog has taken that
// up (or never, when it stalls there, or when the watchdog ends the process at once).
void Watchdog::reach(TimeUpStage stage) {
    const bool stalls = seam_ == TimeUpStage::TemporaryFileOpenStalls;
    if (seam_ != stage && !(stalls && stage == TimeUpStage::TemporaryFileOpen)) {
        return;
    }
    std::unique_lock lock(mutex_);
    for (const StageName& entry : kStageNames) {
        if (entry.stage == seam_) {
            std::cerr << "bvhscope thumbnail: test seam: the time runs out at " << entry.name
                      << '\n';
        }
    }
    seamTimeUp_ = true;
    seamStalled_ = stalls;
    wake_.notify_all();
    wake_.wait(lock, [this, stalls] { return timeUpTakenUp_ && !stalls; });
}

} // namespace bvhscope::headless
