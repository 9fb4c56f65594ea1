#include "core/live/bvh_stream_decoder.h"

#include "core/live/value_row.h"
#include "core/model/ascii_case.h"
#include "core/reader/document.h"

#include <algorithm>

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
    ++generation_;
    mismatch_.reset();
    problem_.clear();
    state_ = State::Rows;
    return LineOutcome::Skipped;
}

void BvhStreamDecoder::reset() {
    state_ = State::AwaitingHeader;
    header_.clear();
}

} // namespace bvh::live
