#include "core/live/bvh_stream_decoder.h"

#include "core/live/value_row.h"
#include "core/model/ascii_case.h"
#include "core/reader/document.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace bvh::live {

namespace {

// Whether `line`, past a UTF-8 BOM and blanks, starts with `keyword` (lower case), any case.
bool startsWithKeyword(std::string_view line, std::string_view keyword) {
    if (line.substr(0, 3) == "\xEF\xBB\xBF") {
        line.remove_prefix(3);
    }
    const auto first = line.find_first_not_of(" \t\f\v");
    if (first == std::string_view::npos || line.size() - first < keyword.size()) {
        return false;
    }
    return std::equal(keyword.begin(), keyword.end(), line.begin() + static_cast<long>(first),
                      [](char k, char c) { return k == asciiLowercase(c); });
}

} // namespace

BvhStreamDecoder::BvhStreamDecoder(const DecoderOptions&) {}

std::size_t BvhStreamDecoder::expectedValueCount() const {
    return state_ == State::Rows && skeleton_ ? skeleton_->totalChannels() : 0;
}

LineOutcome BvhStreamDecoder::decodeLine(std::string_view line, LiveFrame& frame) {
    if (startsWithKeyword(line, "hierarchy")) {
        state_ = State::InHeader;
        header_.clear();
        sawMotion_ = false;
    }
    switch (state_) {
    case State::AwaitingHeader:
        return LineOutcome::Unparsable;
    case State::InHeader:
        return headerLine(line);
    case State::HeaderFailed:
        return LineOutcome::HeaderFailed;
    case State::Rows:
        break;
    }
    if (startsWithKeyword(line, "frame time")) {
        return rateLine(line);
    }
    if (startsWithKeyword(line, "motion") || startsWithKeyword(line, "frames")) {
        return LineOutcome::Skipped; // a sender restating its motion header: not a row
    }
    switch (readValueRow(line, frame.values, frame.valueText)) {
    case RowResult::Unparsable:
        return LineOutcome::Unparsable;
    case RowResult::NonFinite:
        return LineOutcome::NonFinite;
    case RowResult::Ok:
        break;
    }
    const std::size_t expected = skeleton_->totalChannels();
    if (frame.values.size() != expected) {
        mismatch_ = CountMismatch{static_cast<std::uint32_t>(expected),
                                  static_cast<std::uint32_t>(frame.values.size())};
        problem_ = std::to_string(frame.values.size()) + " values in a frame, but the header has " +
                   std::to_string(expected) + " channels; such frames are skipped";
        return LineOutcome::CountChanged;
    }
    return LineOutcome::Frame;
}

LineOutcome BvhStreamDecoder::rateLine(std::string_view line) {
    std::string_view value =
        line.substr(line.find(':') == std::string_view::npos ? line.size() : line.find(':') + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
        value.remove_prefix(1);
    }
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) {
        value.remove_suffix(1);
    }
    double frameTime = 0.0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), frameTime);
    // The Frame Times the reader accepts (core/model/motion.h): anything else would be written
    // into a take that reads back at an assumed 30 fps.
    if (error != std::errc{} || end != value.data() + value.size() ||
        !(frameTime >= kShortestFrameTime && frameTime <= kLongestFrameTime)) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "a Frame Time line among the rows whose value is not a frame time from %g "
                      "to %g s; the rate stays %.9g s",
                      kShortestFrameTime, kLongestFrameTime, frameTime_);
        problem_ = text;
        return LineOutcome::Unparsable;
    }
    if (frameTime != frameTime_) {
        // A new rate is a new take for a recorder: published like a new skeleton.
        frameTime_ = frameTime;
        frameTimeFromSender_ = true;
        ++generation_;
    }
    return LineOutcome::Skipped;
}

LineOutcome BvhStreamDecoder::headerLine(std::string_view line) {
    if (header_.size() + line.size() + 1 > kMostHeaderBytes) {
        state_ = State::HeaderFailed;
        header_.clear();
        header_.shrink_to_fit();
        problem_ = "the BVH header is longer than " + std::to_string(kMostHeaderBytes >> 20) +
                   " MiB; its rows are skipped until the next HIERARCHY";
        return LineOutcome::HeaderFailed;
    }
    header_.append(line);
    header_.push_back('\n');
    sawMotion_ = sawMotion_ || startsWithKeyword(line, "motion");
    // The header ends with its Frame Time line; "Frame Time" elsewhere (a joint named so)
    // comes before MOTION.
    if (sawMotion_ && startsWithKeyword(line, "frame time")) {
        return finishHeader();
    }
    return LineOutcome::Skipped;
}

LineOutcome BvhStreamDecoder::finishHeader() {
    Document document = parseDocument(header_);
    header_.clear();
    header_.shrink_to_fit();
    if (!document.loaded()) {
        state_ = State::HeaderFailed;
        const auto error = std::find_if(
            document.diagnostics.begin(), document.diagnostics.end(),
            [](const Diagnostic& diagnostic) { return diagnostic.severity == Severity::Error; });
        problem_ = "the BVH header does not read: " + formatDiagnostic("header", *error) +
                   "; its rows are skipped";
        return LineOutcome::HeaderFailed;
    }
    skeleton_ = std::move(document.skeleton);
    frameTime_ =
        document.motion.frameTimeAssumed ? kDefaultLiveFrameTime : document.motion.frameTime;
    frameTimeFromSender_ = !document.motion.frameTimeAssumed;
    ++generation_;
    mismatch_.reset();
    problem_.clear();
    state_ = State::Rows;
    return LineOutcome::Skipped;
}

void BvhStreamDecoder::reset() {
    // A new connection's skeleton is its header's, whatever the last connection sent.
    state_ = State::AwaitingHeader;
    header_.clear();
    skeleton_.reset();
    mismatch_.reset();
}

} // namespace bvh::live
