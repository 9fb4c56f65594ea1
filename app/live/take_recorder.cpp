#include "app/live/take_recorder.h"

#include "core/platform/utf8_path.h"
#include "core/writer/input_files.h"

#include <cstdio>
#include <system_error>

namespace bvhscope::live {
namespace {

bool sameSkeleton(const bvh::Skeleton& a, const bvh::Skeleton& b) {
    return a.names == b.names && a.parents == b.parents && a.offsets == b.offsets &&
           a.channelNames == b.channelNames && a.isEndSite == b.isEndSite;
}

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

std::optional<std::filesystem::path> TakeRecorder::currentPartialFile() const {
    if (!writer_) {
        return std::nullopt;
    }
    return writer_->path();
}

bool TakeRecorder::openFile(std::vector<std::string>& notes) {
    // The next output name that may be written (an existing one is skipped unless overwrite).
    const auto taken = [this](const std::filesystem::path& target) {
        const bool isInput =
            options_.protectedInput && bvh::sameFile(target, *options_.protectedInput);
        return isInput || (!options_.overwrite && pathExists(target));
    };
    do {
        target_ = targetFor(++fileNumber_);
    } while (fileNumber_ < 10000 && taken(target_));
    std::filesystem::path partial = withSuffix(target_, ".partial");
    for (int attempt = 2; pathExists(partial) && attempt < 10000; ++attempt) {
        partial = withSuffix(target_, ".partial-" + std::to_string(attempt));
    }
    writer_ = std::make_unique<bvh::live::TakeWriter>(partial, *skeleton_, frameTime_);
    if (!writer_->good()) {
        for (const bvh::Diagnostic& problem : writer_->diagnostics()) {
            notes.push_back(bvh::formatDiagnostic(bvh::utf8FromPath(partial), problem));
        }
        writer_.reset();
        return false;
    }
    notes.push_back("recording to " + bvh::utf8FromPath(partial) + " (" +
                    bvh::utf8FromPath(target_) + " when the take ends)");
    newFileWanted_ = false;
    return true;
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
                                            : "; recording goes on in the same file"));
            newFileWanted_ = newFileWanted_ || (options_.split && writer_ != nullptr);
        } else {
            notes.push_back("connected to " + event.text);
        }
        framesInConnection_ = 0;
        return true;
    case LiveEvent::Kind::Disconnected:
        disconnectedAt_ = LiveClock::now();
        notes.push_back("the sender went away (" + event.text + ") after " +
                        std::to_string(framesInConnection_) + " frames of this connection; " +
                        "reconnecting");
        if (writer_) {
            writer_->flush();
        }
        return true;
    case LiveEvent::Kind::Skeleton:
        if (skeleton_ && writer_ && !sameSkeleton(*skeleton_, *event.skeleton)) {
            notes.push_back("the stream's skeleton changed; the next frames start a new file");
            newFileWanted_ = true;
        }
        skeleton_ = event.skeleton;
        frameTime_ = event.frameTime;
        return true;
    case LiveEvent::Kind::Frame:
        break;
    }
    if (!skeleton_) {
        notes.push_back("frames arrive but their skeleton is unknown: a `lines` stream needs "
                        "--skeleton FILE");
        return false;
    }
    if (writer_ && newFileWanted_ && !finish(notes)) {
        return false;
    }
    if (!writer_ && !openFile(notes)) {
        return false;
    }
    if (writer_->append(event.frame)) {
        ++framesRecorded_;
        ++framesInConnection_;
    }
    return true;
}

void TakeRecorder::flush() {
    if (writer_) {
        writer_->flush();
    }
}

bool TakeRecorder::finish(std::vector<std::string>& notes) {
    if (!writer_) {
        return true;
    }
    const std::filesystem::path partial = writer_->path();
    const std::uint64_t frames = writer_->framesWritten();
    const bool written = writer_->finish();
    for (const bvh::Diagnostic& problem : writer_->diagnostics()) {
        notes.push_back(bvh::formatDiagnostic(bvh::utf8FromPath(partial), problem));
    }
    writer_.reset();
    if (!written) {
        return false;
    }
    std::error_code error;
    std::filesystem::rename(partial, target_, error);
    if (error && options_.overwrite && pathExists(target_)) {
        // Windows' rename does not replace a file: remove it first (overwrite was asked for).
        std::filesystem::remove(target_, error);
        std::filesystem::rename(partial, target_, error);
    }
    if (error) {
        notes.push_back("cannot rename " + bvh::utf8FromPath(partial) + " to " +
                        bvh::utf8FromPath(target_) + ": " + error.message() +
                        " (the take is in the first)");
        return false;
    }
    notes.push_back("wrote " + bvh::utf8FromPath(target_) + ": " + std::to_string(frames) +
                    (frames == 1 ? " frame" : " frames"));
    filesWritten_.push_back(target_);
    return true;
}

} // namespace bvhscope::live
