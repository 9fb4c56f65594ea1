#include "core/live/stream_decoder.h"

namespace bvh::live {

namespace {

const std::string kNoProblem;

} // namespace

StreamDecoder::StreamDecoder(StreamFormat format, DecoderOptions options)
    : requested_(format), options_(std::move(options)) {
    decoder_ = makeFrameDecoder(requested_, options_);
    if (decoder_) {
        splitter_.setEndsAtDoubleBar(decoder_->recordsEndAtDoubleBar());
        if (const std::size_t expected = decoder_->expectedValueCount(); expected > 0) {
            splitter_.setMaxLineBytes(lineCapForValueCount(expected));
        }
    }
}

void StreamDecoder::feed(std::string_view bytes, std::vector<LiveFrame>& frames) {
    counters_.bytes += bytes.size();
    if (!decoder_) {
        // `auto` before it chose: keep the first bytes (bounded) until they tell.
        const std::size_t room = kDetectionBytes - detectionBytes_.size();
        const std::string_view kept = bytes.substr(0, room);
        detectionBytes_.append(kept);
        bytes.remove_prefix(kept.size());
        if (!chooseFormat(false, frames)) {
            return; // nothing was left over: kept is all of bytes while undecided
        }
    }
    while (!bytes.empty()) {
        bytes.remove_prefix(splitter_.consume(bytes));
        if (splitter_.lineReady()) {
            handleLine(splitter_.line(), frames);
        }
    }
    syncOverlongCount();
}

bool StreamDecoder::chooseFormat(bool streamEnded, std::vector<LiveFrame>& frames) {
    const std::optional<StreamStart> detected = detectStreamStart(detectionBytes_, streamEnded);
    if (!detected) {
        return false;
    }
    decoder_ = makeFrameDecoder(detected->format, options_);
    splitter_.setEndsAtDoubleBar(decoder_->recordsEndAtDoubleBar());
    if (const std::size_t expected = decoder_->expectedValueCount(); expected > 0) {
        splitter_.setMaxLineBytes(lineCapForValueCount(expected));
    }
    // The bytes kept for detection are the stream's first: decode them now, past the preamble.
    std::string first = std::move(detectionBytes_);
    detectionBytes_.clear();
    counters_.preambleLines += detected->preambleLines;
    splitter_.feed(std::string_view(first).substr(detected->preambleBytes),
                   [&](std::string_view line) { handleLine(line, frames); });
    return true;
}

void StreamDecoder::handleLine(std::string_view line, std::vector<LiveFrame>& frames) {
    const std::size_t expectedBefore = decoder_->expectedValueCount();
    switch (decoder_->decodeLine(line, scratch_)) {
    case LineOutcome::Frame:
        scratch_.number = nextFrameNumber_++;
        ++counters_.frames;
        frames.push_back(scratch_);
        break;
    case LineOutcome::Skipped:
        break;
    case LineOutcome::Unparsable:
        ++counters_.malformedLines;
        ++counters_.unparsableLines;
        break;
    case LineOutcome::NonFinite:
        ++counters_.malformedLines;
        ++counters_.nonFiniteLines;
        break;
    case LineOutcome::CountChanged:
        ++counters_.malformedLines;
        ++counters_.countChangedLines;
        break;
    case LineOutcome::HeaderFailed:
        ++counters_.malformedLines;
        break;
    }
    // Once the value count is known, lines are capped by it (a header's lines keep the
    // fixed cap).
    const std::size_t expected = decoder_->expectedValueCount();
    if (expected != expectedBefore) {
        splitter_.setMaxLineBytes(expected > 0 ? lineCapForValueCount(expected) : kMostLineBytes);
    }
}

void StreamDecoder::syncOverlongCount() {
    counters_.overlongLines = splitter_.overlongLines();
    counters_.partialLinesDropped = splitter_.partialLinesDropped();
}

void StreamDecoder::finish() {
    if (!decoder_ && !detectionBytes_.empty()) {
        // Still undecided, so no line of it is complete: choosing now hands the partial line to
        // the splitter, which drops and counts it below.
        std::vector<LiveFrame> none;
        chooseFormat(true, none);
    }
    splitter_.finish();
    syncOverlongCount();
}

void StreamDecoder::reset() {
    generationBase_ = skeletonGeneration() + 1;
    splitter_.reset();
    detectionBytes_.clear();
    if (requested_ == StreamFormat::Auto) {
        decoder_.reset();
        splitter_.setMaxLineBytes(kMostLineBytes);
    } else {
        decoder_->reset();
        const std::size_t expected = decoder_->expectedValueCount();
        splitter_.setMaxLineBytes(expected > 0 ? lineCapForValueCount(expected) : kMostLineBytes);
    }
}

StreamFormat StreamDecoder::format() const {
    return decoder_ ? decoder_->format() : StreamFormat::Auto;
}

const Skeleton* StreamDecoder::skeleton() const {
    return decoder_ ? decoder_->skeleton() : nullptr;
}

std::uint32_t StreamDecoder::skeletonGeneration() const {
    return generationBase_ + (decoder_ ? decoder_->skeletonGeneration() : 0);
}

bool StreamDecoder::frameTimeFromSender() const {
    return decoder_ != nullptr && decoder_->frameTimeFromSender();
}

double StreamDecoder::frameTime() const {
    if (decoder_) {
        return decoder_->frameTime();
    }
    return options_.frameTime > 0.0 ? options_.frameTime : kDefaultLiveFrameTime;
}

std::size_t StreamDecoder::expectedValueCount() const {
    return decoder_ ? decoder_->expectedValueCount() : 0;
}

std::optional<CountMismatch> StreamDecoder::mismatch() const {
    return decoder_ ? decoder_->mismatch() : std::nullopt;
}

const std::string& StreamDecoder::problem() const {
    return decoder_ ? decoder_->problem() : kNoProblem;
}

} // namespace bvh::live
