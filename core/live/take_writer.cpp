#include "core/live/take_writer.h"

#include "core/model/motion.h"
#include "core/platform/utf8_path.h"
#include "core/writer/writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace bvh::live {

namespace {

constexpr std::string_view kFramesLine = "\nFrames: 0\n";
constexpr std::string_view kFrameTimeLine = "\nFrame Time: ";

std::string quotedPath(const std::filesystem::path& path) {
    return "'" + utf8FromPath(path) + "'";
}

// The count, then spaces up to kFramesFieldWidth: the reader takes the number and ignores the
// spaces, as every tokenizing reader does.
std::string framesField(std::uint64_t frames) {
    std::string field = std::to_string(frames);
    field.resize(kFramesFieldWidth, ' ');
    return field;
}

// The frame time in the fewest digits that read back the same, then spaces up to
// kFrameTimeFieldWidth: rewritten in place when a measured rate changes (setFrameTime).
std::string frameTimeField(double frameTime) {
    char buffer[kFrameTimeFieldWidth];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, frameTime);
    std::string field(buffer, result.ptr);
    field.resize(kFrameTimeFieldWidth, ' ');
    return field;
}

// Values that came with no tokens (a frame made here, not received): the shortest text that
// reads back to the same float.
void appendShortest(std::string& row, std::span<const float> values) {
    char buffer[32];
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) {
            row.push_back(' ');
        }
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, values[i]);
        row.append(buffer, result.ptr);
    }
}

// The default sink: a new file that takes every byte straight to the system.
class FileTakeSink final : public TakeSink {
public:
    explicit FileTakeSink(FileOutput file) : file_(std::move(file)) {}
    FileOutput::Written append(std::string_view bytes) override { return file_.append(bytes); }
    std::string writeAt(std::uint64_t offset, std::string_view bytes) override {
        return file_.writeAt(offset, bytes);
    }
    std::string truncate(std::uint64_t size) override { return file_.truncate(size); }
    std::string finish() override {
        std::string error = file_.flushToDisk();
        std::string closed = file_.close();
        return error.empty() ? closed : error;
    }

private:
    FileOutput file_;
};

} // namespace

OpenedTakeSink openTakeFile(const std::filesystem::path& path) {
    FileOutput file;
    OpenedTakeSink opened;
    switch (file.create(path)) {
    case FileOutput::Created::Created:
        opened.sink = std::make_unique<FileTakeSink>(std::move(file));
        break;
    case FileOutput::Created::Exists:
        opened.nameTaken = true;
        opened.error = file.error();
        break;
    case FileOutput::Created::Failed:
        opened.error = file.error();
        break;
    }
    return opened;
}

TakeWriter::TakeWriter(std::filesystem::path path, const Skeleton& skeleton, double frameTime,
                       const TakeSinkOpener& open)
    : path_(std::move(path)) {
    finished_ = true; // until the header is written
    Motion empty;
    empty.channelCount = static_cast<std::uint32_t>(skeleton.totalChannels());
    empty.frameTime = frameTime;
    empty.frameTimeAssumed = false;
    for (const Diagnostic& problem : validateForWriting(skeleton, empty)) {
        diagnostics_.push_back({Severity::Error, 0, 0,
                                "cannot record to " + quotedPath(path_) + ": " + problem.message});
    }
    if (!good()) {
        return;
    }
    OpenedTakeSink opened = open(path_);
    if (!opened.sink) {
        nameTaken_ = opened.nameTaken;
        fail(opened.nameTaken ? "cannot record to " + quotedPath(path_) +
                                    ": the file exists (a take never replaces a file)"
                              : "cannot create " + quotedPath(path_) + ": " + opened.error);
        return;
    }
    sink_ = std::move(opened.sink);
    if (!writeHeader(skeleton, empty)) {
        sink_->finish();
        return;
    }
    finished_ = false;
    holdsItsRows_ = true;
    channelCount_ = empty.channelCount;
    const double perFlush = std::floor(kFlushInterval / frameTime);
    framesPerFlush_ = perFlush >= 1.0 && perFlush < 1e9 ? static_cast<std::uint64_t>(perFlush) : 1;
}

bool TakeWriter::writeHeader(const Skeleton& skeleton, const Motion& empty) {
    std::string header = formatBvh(skeleton, empty);
    const std::size_t framesLine = header.rfind(kFramesLine);
    if (framesLine == std::string::npos) {
        fail("cannot record to " + quotedPath(path_) + ": the writer wrote no 'Frames:' line");
        return false;
    }
    const std::size_t fieldAt = framesLine + kFramesLine.size() - 2; // the "0"
    header.replace(fieldAt, 1, framesField(0));
    const std::size_t frameTimeLine = header.rfind(kFrameTimeLine);
    const std::size_t frameTimeEnd = header.find('\n', frameTimeLine + 1);
    if (frameTimeLine == std::string::npos || frameTimeEnd == std::string::npos) {
        fail("cannot record to " + quotedPath(path_) + ": the writer wrote no 'Frame Time:' line");
        return false;
    }
    frameTimeFieldOffset_ = frameTimeLine + kFrameTimeLine.size();
    header.replace(frameTimeFieldOffset_, frameTimeEnd - frameTimeFieldOffset_,
                   frameTimeField(empty.frameTime));
    writtenFrameTime_ = wantedFrameTime_ = empty.frameTime;
    const FileOutput::Written written = sink_->append(header);
    if (!written.error.empty()) {
        fail("cannot write " + quotedPath(path_) + ": " + written.error);
        return false;
    }
    framesFieldOffset_ = fieldAt;
    bytesInFile_ = header.size();
    return true;
}

TakeWriter::~TakeWriter() {
    if (!finished_) {
        finish();
    }
}

bool TakeWriter::append(const LiveFrame& frame) {
    if (finished_ || !good()) {
        return false;
    }
    if (frame.values.size() != channelCount_) {
        ++framesRefused_;
        return false;
    }
    if (framesWritten_ >= std::numeric_limits<std::uint32_t>::max()) {
        flush(); // the rows so far are the take
        fail("cannot record more than 4294967295 frames to " + quotedPath(path_) +
             " (the most a BVH motion holds)");
        return false;
    }
    if (frame.valueText.empty()) {
        appendShortest(pending_, frame.values);
    } else {
        pending_.append(frame.valueText);
    }
    pending_.push_back('\n');
    ++framesWritten_;
    if (++framesSinceFlush_ >= framesPerFlush_ || pending_.size() >= kMostPendingBytes) {
        return flush();
    }
    return true;
}

bool TakeWriter::flush() {
    if (finished_ || !good()) {
        return good();
    }
    // Rows first, then the count: a kill between the two leaves a count below the rows, which
    // the reader loads (never a count of rows that are not there yet).
    if (!writePendingRows()) {
        return false;
    }
    if (const std::string error = writeFrameCount(); !error.empty()) {
        holdsItsRows_ = false;
        fail("cannot write " + quotedPath(path_) + ": " + error);
        return false;
    }
    if (wantedFrameTime_ != writtenFrameTime_) {
        if (const std::string error =
                sink_->writeAt(frameTimeFieldOffset_, frameTimeField(wantedFrameTime_));
            !error.empty()) {
            fail("cannot write " + quotedPath(path_) + ": " + error);
            return false;
        }
        writtenFrameTime_ = wantedFrameTime_;
    }
    framesSinceFlush_ = 0;
    return true;
}

bool TakeWriter::writePendingRows() {
    if (pending_.empty()) {
        return true;
    }
    const FileOutput::Written written = sink_->append(pending_);
    if (!written.error.empty()) {
        keepOnlyCompleteRows(written.bytes, written.error);
        return false;
    }
    bytesInFile_ += pending_.size();
    framesInFile_ = framesWritten_;
    pending_.clear();
    return true;
}

void TakeWriter::keepOnlyCompleteRows(std::size_t pendingBytesWritten, const std::string& error) {
    // Rows are LF ended and hold no LF: the complete ones written are the LFs that made it.
    const std::string_view written(pending_.data(), pendingBytesWritten);
    const std::size_t lastEnd = written.rfind('\n');
    const std::size_t completeBytes = lastEnd == std::string_view::npos ? 0 : lastEnd + 1;
    framesInFile_ += static_cast<std::uint64_t>(std::count(
        written.begin(), written.begin() + static_cast<std::ptrdiff_t>(completeBytes), '\n'));
    framesLost_ += framesWritten_ - framesInFile_;
    framesWritten_ = framesInFile_;
    pending_.clear();
    pending_.shrink_to_fit();
    // A row cut by the failure goes, and `Frames:` says the rows that stay.
    std::string repair;
    if (completeBytes < pendingBytesWritten) {
        repair = sink_->truncate(bytesInFile_ + completeBytes);
    }
    bytesInFile_ += completeBytes;
    if (repair.empty()) {
        repair = writeFrameCount();
    }
    holdsItsRows_ = repair.empty();
    fail("cannot write " + quotedPath(path_) + ": " + error + "; the take ends with the " +
         std::to_string(framesInFile_) + (framesInFile_ == 1 ? " frame" : " frames") +
         " written before (" + std::to_string(framesLost_) + " not written)" +
         (repair.empty() ? "" : "; and its frame count could not be corrected: " + repair));
}

bool TakeWriter::setFrameTime(double frameTime) {
    if (!(frameTime >= kShortestFrameTime && frameTime <= kLongestFrameTime)) {
        return false;
    }
    wantedFrameTime_ = frameTime;
    return true;
}

std::string TakeWriter::writeFrameCount() {
    return sink_->writeAt(framesFieldOffset_, framesField(framesInFile_));
}

bool TakeWriter::finish() {
    if (finished_) {
        return good();
    }
    flush();
    finished_ = true;
    if (const std::string error = sink_->finish(); !error.empty()) {
        // What the system had not written yet may be lost: the file is not known to be whole.
        holdsItsRows_ = false;
        fail("cannot write " + quotedPath(path_) + ": " + error);
    }
    return good();
}

void TakeWriter::fail(std::string message) {
    if (good()) { // the first failure says why; later ones add nothing
        diagnostics_.push_back({Severity::Error, 0, 0, std::move(message)});
    }
}

} // namespace bvh::live
