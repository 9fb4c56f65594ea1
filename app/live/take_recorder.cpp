#include "app/live/take_recorder.h"

#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "core/writer/input_files.h"

#include <cstdio>
#include <system_error>

namespace bvhscope::live {
namespace {

// Output names tried for one recording ("NAME-9999.bvh" the last), and partial names for one
// take: far more than a recording makes, a bound for a folder full of old names.
constexpr std::uint32_t kMostFileNumber = 10000;
constexpr int kMostPartialAttempts = 10000;

// "dir/take.bvh" with `suffix` before the extension: "dir/take-2.bvh", "dir/take.partial.bvh".
std::filesystem::path withSuffix(const std::filesystem::path& path, const std::string& suffix) {
    std::filesystem::path result = path;
    result.replace_filename(bvh::pathFromUtf8(bvh::utf8FromPath(path.stem()) + suffix +
                                              bvh::utf8FromPath(path.extension())));
    return result;
}

bool pathExists(const std::filesystem::path& path) {
    std::error_code error;
    return std::filesystem::exists(std::filesystem::symlink_status(path, error));
}

std::string seconds(LiveClock::duration duration) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f s", std::chrono::duration<double>(duration).count());
    return text;
}

std::string secondsText(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g s", value);
    return text;
}

// What differs between the take's skeleton and rate and the stream's new ones, in words.
std::string takeChange(const bvh::Skeleton& take, double takeFrameTime, const bvh::Skeleton& stream,
                       double streamFrameTime) {
    std::string change;
    if (!sameSkeleton(take, stream)) {
        change = "the stream's skeleton changed (" + std::to_string(stream.totalChannels()) +
                 " channels, " + std::to_string(stream.jointCount()) + " joints; the take's has " +
                 std::to_string(take.totalChannels()) + " channels, " +
                 std::to_string(take.jointCount()) + " joints)";
    }
    if (streamFrameTime != takeFrameTime) {
        change += (change.empty() ? "the stream's" : " and its") + std::string(" frame time ") +
                  "changed to " + secondsText(streamFrameTime) + " (the take's is " +
                  secondsText(takeFrameTime) + ")";
    }
    return change;
}

std::string quoted(const std::filesystem::path& path) {
    return "'" + bvh::utf8FromPath(path) + "'";
}

} // namespace

TakeRecorder::~TakeRecorder() {
    std::vector<std::string> ignored;
    finish(ignored);
}

std::string TakeRecorder::outputProblem(const TakeRecorderOptions& options) {
    if (options.protectedInput && bvh::sameFile(options.output, *options.protectedInput)) {
        return bvh::utf8FromPath(options.output) +
               " is the --skeleton file; refusing to write over it";
    }
    const std::filesystem::path folder = options.output.parent_path();
    std::error_code error;
    if (!folder.empty() && !std::filesystem::is_directory(folder, error)) {
        return "the folder " + bvh::utf8FromPath(folder) + " does not exist";
    }
    // As `convert` (AtomicFile): only a regular file is ever written over, --overwrite or not.
    if (const bvh::OutputTarget target = bvh::inspectOutputTarget(options.output);
        !target.problem.empty()) {
        return target.problem;
    }
    if (!options.overwrite && pathExists(options.output)) {
        return bvh::utf8FromPath(options.output) +
               " exists (pass --overwrite to replace it once the take ends)";
    }
    return {};
}

std::filesystem::path TakeRecorder::targetFor(std::uint32_t fileNumber) const {
    return fileNumber <= 1 ? options_.output
                           : withSuffix(options_.output, "-" + std::to_string(fileNumber));
}

bool TakeRecorder::nameTaken(const std::filesystem::path& target) const {
    if (options_.protectedInput && bvh::sameFile(target, *options_.protectedInput)) {
        return true;
    }
    if (!pathExists(target)) {
        return false;
    }
    return !options_.overwrite || !bvh::inspectOutputTarget(target).problem.empty();
}

std::optional<std::filesystem::path> TakeRecorder::currentPartialFile() const {
    if (!writer_) {
        return std::nullopt;
    }
    return writer_->path();
}

std::uint64_t TakeRecorder::framesRecorded() const {
    return framesInFinishedFiles_ + (writer_ ? writer_->framesWritten() : 0);
}

std::uint64_t TakeRecorder::framesRefused() const {
    return framesRefusedInFinishedFiles_ + (writer_ ? writer_->framesRefused() : 0);
}

void TakeRecorder::reportWriterProblems(std::vector<std::string>& notes) {
    const std::vector<bvh::Diagnostic>& problems = writer_->diagnostics();
    for (; writerProblemsReported_ < problems.size(); ++writerProblemsReported_) {
        notes.push_back(bvh::formatDiagnostic(bvh::utf8FromPath(writer_->path()),
                                              problems[writerProblemsReported_]));
    }
}

bool TakeRecorder::openFile(std::vector<std::string>& notes) {
    do {
        target_ = targetFor(++fileNumber_);
    } while (fileNumber_ < kMostFileNumber && nameTaken(target_));
    if (nameTaken(target_)) {
        notes.push_back("no free name for the take: " + quoted(target_) + " is taken too");
        return false;
    }
    if (options_.overwrite) {
        target_ = bvh::inspectOutputTarget(target_).path; // a link: where it points
    }
    return createPartialFile(notes);
}

bool TakeRecorder::createPartialFile(std::vector<std::string>& notes) {
    for (int attempt = 1; attempt <= kMostPartialAttempts; ++attempt) {
        const std::filesystem::path partial =
            withSuffix(target_, attempt == 1 ? ".partial" : ".partial-" + std::to_string(attempt));
        if (pathExists(partial)) {
            continue; // left by an earlier run: kept
        }
        auto writer = std::make_unique<bvh::live::TakeWriter>(partial, *skeleton_, frameTime_,
                                                              options_.openSink);
        if (writer->nameTaken()) {
            continue; // created by another recorder since the check
        }
        writer_ = std::move(writer);
        writerProblemsReported_ = 0;
        refusalReported_ = false;
        if (!writer_->good()) {
            reportWriterProblems(notes);
            writer_.reset();
            return false;
        }
        notes.push_back("recording to " + bvh::utf8FromPath(partial) + " (" +
                        bvh::utf8FromPath(target_) + " when the take ends)");
        takeSkeleton_ = skeleton_;
        takeFrameTime_ = frameTime_;
        splitWanted_ = false;
        return true;
    }
    notes.push_back("no free name for the partial file beside " + quoted(target_));
    return false;
}

bool TakeRecorder::handle(const LiveEvent& event, std::vector<std::string>& notes) {
    switch (event.kind) {
    case LiveEvent::Kind::Connected:
        if (event.connection > 1) {
            std::string gap = disconnectedAt_
                                  ? " after " + seconds(LiveClock::now() - *disconnectedAt_)
                                  : std::string();
            notes.push_back("reconnected to " + event.text + gap +
                            (options_.split ? "; the next frames start a new file"
                                            : "; the take goes on if the skeleton and the frame "
                                              "time are the same"));
            splitWanted_ = splitWanted_ || (options_.split && writer_ != nullptr);
        } else {
            notes.push_back("connected to " + event.text);
        }
        framesInConnection_ = 0;
        arrivals_.clear(); // the time between two connections is no frame's step
        return true;
    case LiveEvent::Kind::Disconnected:
        disconnectedAt_ = LiveClock::now();
        notes.push_back("the sender went away (" + event.text + ") after " +
                        std::to_string(framesInConnection_) + " frames of this connection; " +
                        "reconnecting");
        return flush(notes);
    case LiveEvent::Kind::Skeleton:
        return handleSkeleton(event, notes);
    case LiveEvent::Kind::Frame:
        return handleFrame(event, notes);
    }
    return true;
}

bool TakeRecorder::handleSkeleton(const LiveEvent& event, std::vector<std::string>& notes) {
    if (!event.skeleton) {
        return true;
    }
    skeleton_ = event.skeleton;
    frameTime_ = event.frameTime;
    measureRate_ = !event.frameTimeFromSender;
    if (writer_) {
        if (const std::string change =
                takeChange(*takeSkeleton_, takeFrameTime_, *skeleton_, frameTime_);
            !change.empty()) {
            notes.push_back(change + "; the next frames start a new take");
        }
    }
    return true;
}

bool TakeRecorder::wantsNewTake() const {
    return splitWanted_ ||
           (takeSkeleton_ != skeleton_ && !sameSkeleton(*takeSkeleton_, *skeleton_)) ||
           takeFrameTime_ != frameTime_;
}

bool TakeRecorder::handleFrame(const LiveEvent& event, std::vector<std::string>& notes) {
    if (!skeleton_) {
        notes.push_back("frames arrive but their skeleton is unknown: a `lines` stream needs "
                        "--skeleton FILE");
        return false;
    }
    if (writer_ && wantsNewTake() && !finish(notes)) {
        return false;
    }
    if (!writer_ && !openFile(notes)) {
        return false;
    }
    if (writer_->append(event.frame)) {
        ++framesInConnection_;
        if (measureRate_) {
            arrivals_.add(
                std::chrono::duration<double>(event.receivedAt.time_since_epoch()).count(), 1);
        }
        return true;
    }
    if (!writer_->good()) { // a write failed: the recording stops here
        reportWriterProblems(notes);
        return false;
    }
    if (!refusalReported_) {
        refusalReported_ = true;
        notes.push_back("a frame of " + std::to_string(event.frame.values.size()) +
                        " values does not fit the take's skeleton (" +
                        std::to_string(takeSkeleton_->totalChannels()) +
                        " channels): such frames are not written, and counted");
    }
    return true;
}

double TakeRecorder::receivedFrameTime() const {
    if (measureRate_) {
        if (const std::optional<double> measured = arrivals_.frameTime()) {
            return *measured;
        }
    }
    return frameTime_;
}

void TakeRecorder::writeMeasuredRate() {
    if (writer_ && measureRate_) {
        if (const std::optional<double> measured = arrivals_.frameTime()) {
            writer_->setFrameTime(*measured);
        }
    }
}

bool TakeRecorder::flush(std::vector<std::string>& notes) {
    writeMeasuredRate();
    if (writer_ && !writer_->flush()) {
        reportWriterProblems(notes);
        return false;
    }
    return true;
}

void TakeRecorder::flush() {
    writeMeasuredRate();
    if (writer_) {
        writer_->flush();
    }
}

bool TakeRecorder::finish(std::vector<std::string>& notes) {
    if (!writer_) {
        return true;
    }
    writeMeasuredRate();
    const std::filesystem::path partial = writer_->path();
    const bool written = writer_->finish();
    lastTakeFrameTime_ = writer_->frameTime();
    reportWriterProblems(notes);
    const std::uint64_t frames = writer_->framesWritten();
    const bool holdsItsRows = writer_->holdsItsRows();
    framesInFinishedFiles_ += frames;
    framesRefusedInFinishedFiles_ += writer_->framesRefused();
    writer_.reset();
    if (!holdsItsRows) {
        notes.push_back("the take so far is in " + quoted(partial) +
                        " (not renamed: the system could not confirm it is whole)");
        return false;
    }
    return renameIntoPlace(partial, frames, notes) && written;
}

bool TakeRecorder::nextFreeTarget() {
    const auto taken = [this](const std::filesystem::path& target) {
        return pathExists(target) ||
               (options_.protectedInput && bvh::sameFile(target, *options_.protectedInput));
    };
    do {
        target_ = targetFor(++fileNumber_);
    } while (fileNumber_ < kMostFileNumber && taken(target_));
    return !taken(target_);
}

bool TakeRecorder::renameIntoPlace(const std::filesystem::path& partial, std::uint64_t frames,
                                   std::vector<std::string>& notes) {
    const std::filesystem::path wanted = target_;
    std::string whyNot;
    for (;;) {
        // --overwrite replaces the output it was given (a regular file only); any other name is
        // one that was free, and stays unreplaced.
        const bvh::RenameResult renamed = options_.overwrite && target_ == wanted
                                              ? bvh::renameOverRegularFile(partial, target_)
                                              : bvh::renameWithoutReplacing(partial, target_);
        if (renamed.outcome == bvh::RenameOutcome::Renamed) {
            break;
        }
        if (renamed.outcome == bvh::RenameOutcome::Failed) {
            notes.push_back("cannot rename " + bvh::utf8FromPath(partial) + " to " +
                            bvh::utf8FromPath(target_) + ": " + renamed.error +
                            " (the take is in the first)");
            return false;
        }
        if (whyNot.empty()) {
            whyNot = options_.overwrite ? renamed.error : "it appeared during the take";
        }
        if (!nextFreeTarget()) {
            notes.push_back("cannot rename " + bvh::utf8FromPath(partial) + ": every name up to " +
                            bvh::utf8FromPath(target_) + " is taken (the take is in the first)");
            return false;
        }
    }
    if (target_ != wanted) {
        notes.push_back(bvh::utf8FromPath(wanted) + " was kept, not replaced (" + whyNot +
                        "): the take is " + bvh::utf8FromPath(target_));
        renamedTakes_.push_back({wanted, target_});
    }
    notes.push_back("wrote " + bvh::utf8FromPath(target_) + ": " + std::to_string(frames) +
                    (frames == 1 ? " frame" : " frames"));
    filesWritten_.push_back(target_);
    return true;
}

} // namespace bvhscope::live
