#include "core/live/take_writer.h"

#include "core/model/motion.h"
#include "core/platform/utf8_path.h"
#include "core/writer/writer.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

namespace bvh::live {

namespace {

constexpr std::string_view kFramesLine = "\nFrames: 0\n";

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

} // namespace

TakeWriter::TakeWriter(std::filesystem::path path, const Skeleton& skeleton, double frameTime)
    : path_(std::move(path)) {
    Motion empty;
    empty.channelCount = static_cast<std::uint32_t>(skeleton.totalChannels());
    empty.frameTime = frameTime;
    empty.frameTimeAssumed = false;
    for (const Diagnostic& problem : validateForWriting(skeleton, empty)) {
        diagnostics_.push_back({Severity::Error, 0, 0,
                                "cannot record to " + quotedPath(path_) + ": " + problem.message});
    }
    if (!good()) {
        finished_ = true;
        return;
    }
    std::error_code error;
    if (std::filesystem::exists(std::filesystem::symlink_status(path_, error))) {
        fail("cannot record to " + quotedPath(path_) + ": the file exists (a take never " +
             "replaces a file)");
        finished_ = true;
        return;
    }
    std::string header = formatBvh(skeleton, empty);
    const std::size_t framesLine = header.rfind(kFramesLine);
    if (framesLine == std::string::npos) {
        fail("cannot record to " + quotedPath(path_) + ": the writer wrote no 'Frames:' line");
        finished_ = true;
        return;
    }
    const std::size_t fieldAt = framesLine + kFramesLine.size() - 2; // the "0"
    header.replace(fieldAt, 1, framesField(0));
    file_.open(path_, std::ios::out | std::ios::binary | std::ios::trunc);
    if (!file_) {
        fail("cannot create " + quotedPath(path_));
        finished_ = true;
        return;
    }
    file_.write(header.data(), static_cast<std::streamsize>(header.size()));
    file_.flush();
    if (!file_) {
        fail("cannot write " + quotedPath(path_) + " (disk full?)");
        finished_ = true;
        return;
    }
    framesFieldOffset_ = static_cast<std::streamoff>(fieldAt);
    channelCount_ = empty.channelCount;
    const double perFlush = std::floor(kFlushInterval / frameTime);
    framesPerFlush_ = perFlush >= 1.0 && perFlush < 1e9 ? static_cast<std::uint64_t>(perFlush) : 1;
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
        fail("cannot record more than 4294967295 frames to " + quotedPath(path_) +
             " (the most a BVH motion holds)");
        return false;
    }
    row_.clear();
    if (frame.valueText.empty()) {
        appendShortest(row_, frame.values);
    } else {
        row_.append(frame.valueText);
    }
    row_.push_back('\n');
    file_.write(row_.data(), static_cast<std::streamsize>(row_.size()));
    ++framesWritten_;
    if (++framesSinceFlush_ >= framesPerFlush_) {
        flush();
    }
    return good();
}

void TakeWriter::flush() {
    if (finished_ || !good()) {
        return;
    }
    // Rows first, then the count: a kill between the two leaves a count below the rows, which
    // the reader loads (never a count of rows that are not there yet).
    file_.flush();
    writeFrameCount();
    framesSinceFlush_ = 0;
}

void TakeWriter::writeFrameCount() {
    const std::string field = framesField(framesWritten_);
    file_.seekp(framesFieldOffset_);
    file_.write(field.data(), static_cast<std::streamsize>(field.size()));
    file_.seekp(0, std::ios::end);
    file_.flush();
    if (!file_) {
        fail("cannot write " + quotedPath(path_) + " (disk full?)");
    }
}

bool TakeWriter::finish() {
    if (finished_) {
        return good();
    }
    flush();
    file_.close();
    if (!file_ && good()) {
        fail("cannot close " + quotedPath(path_));
    }
    finished_ = true;
    return good();
}

void TakeWriter::fail(std::string message) {
    if (good()) { // the first failure says why; later ones add nothing
        diagnostics_.push_back({Severity::Error, 0, 0, std::move(message)});
    }
}

} // namespace bvh::live
