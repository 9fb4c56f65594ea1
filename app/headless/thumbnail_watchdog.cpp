#include "app/headless/thumbnail_watchdog.h"

#include "app/cli/command_line.h"
#include "core/model/diagnostic.h"
#include "core/platform/utf8_path.h"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>

namespace bvhscope::headless {

namespace {

namespace fs = std::filesystem;

struct StageName {
    TimeUpStage stage;
    std::string_view name;
    SeamPoint point;
    bool stalls;
};
constexpr StageName kStageNames[] = {
    {TimeUpStage::BeforeWrite, "before-write", SeamPoint::BeforeWrite, false},
    {TimeUpStage::TemporaryFileOpen, "temporary-file-open", SeamPoint::TemporaryFileOpen, false},
    {TimeUpStage::TemporaryFileOpenStalls, "temporary-file-open-stalls",
     SeamPoint::TemporaryFileOpen, true},
    {TimeUpStage::RenamingStalls, "renaming-stalls", SeamPoint::Renaming, true},
    {TimeUpStage::RenamedUnreportedStalls, "renamed-unreported-stalls",
     SeamPoint::RenamedUnreported, true},
    {TimeUpStage::AfterRenameStalls, "after-rename-stalls", SeamPoint::RenamedReported, true},
    {TimeUpStage::AfterRename, "after-rename", SeamPoint::WriteReturned, false},
};

// The seam's entry for `stage`; nullptr for TimeUpStage::None.
const StageName* seamStage(TimeUpStage stage) {
    for (const StageName& entry : kStageNames) {
        if (entry.stage == stage) {
            return &entry;
        }
    }
    return nullptr;
}

} // namespace

std::optional<TimeUpStage> timeUpStageNamed(std::string_view name) {
    for (const StageName& entry : kStageNames) {
        if (entry.name == name) {
            return entry.stage;
        }
    }
    return std::nullopt;
}

StalledWriteEnd stalledWriteEnd(WriteStage stage, bvh::TemporaryRemoval removal) {
    if (stage == WriteStage::Renamed) {
        return StalledWriteEnd::ImageStands;
    }
    switch (removal) {
    case bvh::TemporaryRemoval::Removed:
        return StalledWriteEnd::NoImage; // no rename of it can happen any more
    case bvh::TemporaryRemoval::NotThere:
        // Before the rename's call, gone means removed after a failure (or never created);
        // during it, renamed: the removal is what decides between the two.
        return stage == WriteStage::Renaming ? StalledWriteEnd::ImageStands
                                             : StalledWriteEnd::NoImage;
    case bvh::TemporaryRemoval::Failed:
        break;
    }
    return StalledWriteEnd::TemporaryLeft;
}

std::string whenTheTimeRanOut(double seconds, bool graceSpent, TimeUpStage seam) {
    std::ostringstream text;
    if (const StageName* stage = seamStage(seam)) {
        text << "at the test seam's stage '" << stage->name << "'";
        return text.str();
    }
    text << "after " << seconds << " s";
    if (graceSpent) {
        text << " and " << Watchdog::kWriteGraceSeconds << " s more for the PNG's write";
    }
    return text.str();
}

Watchdog::Watchdog(double seconds, TimeUpStage seam)
    : seam_(seam), thread_([this, seconds] { watch(seconds); }) {}

Watchdog::~Watchdog() {
    enter(WriteStage::Done);
    wake_.notify_all();
    thread_.join();
}

bool Watchdog::write(const fs::path& output, std::string_view bytes, std::ostream& err) {
    reach(SeamPoint::BeforeWrite);
    enter(WriteStage::Writing); // blocks for ever once the watchdog has given up
    // Created without the lock, so that the watchdog never waits on a stalled file system for
    // longer than its grace (the open() gap of the header).
    bvh::AtomicFile file(output);
    {
        const std::lock_guard lock(mutex_);
        temporary_ = file.temporaryPath();
    }
    reach(SeamPoint::TemporaryFileOpen);
    file.write(bytes);
    const bool written = file.commit([this](bvh::CommitStep step) { observeCommit(step); });
    if (!written) {
        for (const bvh::Diagnostic& diagnostic : file.diagnostics()) {
            err << "bvhscope thumbnail: " << diagnostic.message << '\n';
        }
    }
    reach(SeamPoint::WriteReturned);
    {
        const std::lock_guard lock(mutex_);
        temporary_.clear(); // renamed or removed by now (the destructor removes nothing more)
        stage_ = WriteStage::Done;
    }
    wake_.notify_all();
    return written;
}

// On the writer's thread, inside commit(). Each report takes the lock, so a watchdog that gave
// up (and keeps the lock) stops the writer before its next step: never a rename it did not see.
void Watchdog::observeCommit(bvh::CommitStep step) {
    switch (step) {
    case bvh::CommitStep::Renaming:
        enter(WriteStage::Renaming);
        reach(SeamPoint::Renaming);
        break;
    case bvh::CommitStep::Renamed:
        reach(SeamPoint::RenamedUnreported);
        enter(WriteStage::Renamed);
        reach(SeamPoint::RenamedReported);
        break;
    case bvh::CommitStep::RenameFailed:
        enter(WriteStage::Writing); // not renamed, its temporary file about to be removed
        break;
    }
}

void Watchdog::enter(WriteStage stage) {
    const std::lock_guard lock(mutex_);
    stage_ = stage;
}

void Watchdog::watch(double seconds) {
    std::unique_lock lock(mutex_);
    if (!timeRanOut(lock, seconds)) {
        return;
    }
    timeUpTakenUp_ = true;
    wake_.notify_all(); // a seam's writer waits for this before it goes on
    if (stage_ == WriteStage::NotStarted) {
        // Ends with the lock held: no write starts from here on.
        std::cerr << "bvhscope thumbnail: gave up " << whenTheTimeRanOut(seconds, false, seam_)
                  << '\n';
        std::_Exit(cli::kExitFileError);
    }
    const bool renamed = stage_ == WriteStage::Renamed; // the PNG stands: nothing to wait for
    if (!renamed && writeEndedInGrace(lock)) {
        return; // written in time after all: the write's own status
    }
    endStalledWrite(seconds, !renamed); // with the lock held, as above
}

// Ends the process when the write is still under way: status 0 when the PNG is in place, else
// 1 with its temporary file removed (stalledWriteEnd).
void Watchdog::endStalledWrite(double seconds, bool graceSpent) {
    bvh::TemporaryRemovalResult removal{bvh::TemporaryRemoval::NotThere, {}};
    if (stage_ != WriteStage::Renamed) {
        removal = bvh::removeTemporaryFile(temporary_);
    }
    const std::string when = whenTheTimeRanOut(seconds, graceSpent, seam_);
    switch (stalledWriteEnd(stage_, removal.outcome)) {
    case StalledWriteEnd::ImageStands:
        std::cerr << "bvhscope thumbnail: the time ran out " << when
                  << ", the PNG already in place; its write was not waited for\n";
        std::_Exit(cli::kExitOk);
    case StalledWriteEnd::NoImage:
        std::cerr << "bvhscope thumbnail: gave up " << when << ": no PNG written\n";
        break;
    case StalledWriteEnd::TemporaryLeft:
        std::cerr << "bvhscope thumbnail: gave up " << when << ": no PNG written, and its "
                  << "temporary file '" << bvh::utf8FromPath(temporary_)
                  << "' cannot be removed: " << removal.error << '\n';
        break;
    }
    std::_Exit(cli::kExitFileError);
}

// Whether the time ran out before the work was done: after `seconds`, or at the seam's stage.
bool Watchdog::timeRanOut(std::unique_lock<std::mutex>& lock, double seconds) {
    if (seam_ != TimeUpStage::None) {
        wake_.wait(lock, [this] { return stage_ == WriteStage::Done || seamTimeUp_; });
        return stage_ != WriteStage::Done;
    }
    const auto limit = std::chrono::duration<double>(seconds);
    return !wake_.wait_for(lock, limit, [this] { return stage_ == WriteStage::Done; });
}

// Whether the write under way when the time ran out ended within the grace (with a seam: before
// the writer stalled).
bool Watchdog::writeEndedInGrace(std::unique_lock<std::mutex>& lock) {
    if (seam_ != TimeUpStage::None) {
        wake_.wait(lock, [this] { return stage_ == WriteStage::Done || seamStalled_; });
        return stage_ == WriteStage::Done;
    }
    const auto grace = std::chrono::duration<double>(kWriteGraceSeconds);
    return wake_.wait_for(lock, grace, [this] { return stage_ == WriteStage::Done; });
}

// The seam: at its stage, the time runs out; the writer goes on once the watchdog has taken that
// up (or never, when it stalls there, or when the watchdog ends the process at once).
void Watchdog::reach(SeamPoint point) {
    const StageName* stage = seamStage(seam_);
    if (stage == nullptr || stage->point != point) {
        return;
    }
    std::unique_lock lock(mutex_);
    std::cerr << "bvhscope thumbnail: test seam: the time runs out at " << stage->name << '\n';
    seamTimeUp_ = true;
    seamStalled_ = stage->stalls;
    wake_.notify_all();
    wake_.wait(lock, [this, stage] { return timeUpTakenUp_ && !stage->stalls; });
}

} // namespace bvhscope::headless
