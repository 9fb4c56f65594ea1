#include "motion_reader.h"

#include "number_scanner.h"
#include "row_parser.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace bvh {
namespace {

// Reads "KEYWORD: value" in every spelling seen: "Frames: 10", "Frames : 10", "FRAMES:10",
// "Frames 10" (colon missing). Returns the value token, or nullopt when the keyword is not next
// (nothing consumed then).
std::optional<Token> readKeywordValue(Tokenizer& tokens, std::string_view keyword) {
    Token word = tokens.peek();
    std::string_view text = word.text;
    if (text.size() < keyword.size() ||
        !equalsIgnoringCase(text.substr(0, keyword.size()), keyword)) {
        return std::nullopt;
    }
    std::string_view rest = text.substr(keyword.size());
    if (!rest.empty() && rest.front() != ':') {
        return std::nullopt;
    }
    tokens.next();
    if (rest.size() > 1) {
        const auto gluedColumn = static_cast<std::uint32_t>(word.column + keyword.size() + 1);
        return Token{rest.substr(1), word.line, gluedColumn};
    }
    if (rest.empty() && tokens.peek().text == ":") {
        tokens.next();
    }
    return tokens.next();
}

// [SECTION] Header: Frames and Frame Time

} // namespace

Token readMotionHeader(Tokenizer& tokens, const Token& motionKeyword, Document& document) {
    Motion& motion = document.motion;
    auto warn = [&](const Token& at, std::string message) {
        document.diagnostics.push_back({Severity::Warning, at.line, at.column, std::move(message)});
    };

    Token framesAt = tokens.peek();
    Token countAt = motionKeyword;
    if (std::optional<Token> frames = readKeywordValue(tokens, "Frames")) {
        const Token& value = *frames;
        countAt = value;
        double count = 0.0;
        std::size_t used =
            value.text.empty()
                ? 0
                : scanNumber(value.text.data(), value.text.data() + value.text.size(), count);
        if (used != value.text.size() || used == 0 || !std::isfinite(count) || count < 0 ||
            count != std::floor(count) || count > 9.0e18) {
            warn(value, "'Frames:' value '" + std::string(value.text.substr(0, 40)) +
                            "' is not a frame count; the rows present are counted");
        } else {
            document.declaredFrameCount = static_cast<std::int64_t>(count);
        }
    } else {
        warn(framesAt.atEnd() ? motionKeyword : framesAt,
             "no 'Frames:' line after MOTION; the rows present are counted");
    }

    Token frameTimeAt = tokens.peek();
    std::optional<Token> frameTime;
    if (equalsIgnoringCase(frameTimeAt.text, "Frame")) {
        tokens.next();
        frameTime = readKeywordValue(tokens, "Time");
    } else {
        frameTime = readKeywordValue(tokens, "FrameTime");
    }
    if (frameTime) {
        const Token& value = *frameTime;
        double seconds = 0.0;
        std::size_t used =
            value.text.empty()
                ? 0
                : scanNumber(value.text.data(), value.text.data() + value.text.size(), seconds);
        if (used == 0 || used != value.text.size()) {
            warn(value, "'Frame Time:' value is not a number; 30 fps is assumed");
        } else if (!std::isfinite(seconds) || seconds <= 0.0) {
            warn(value, "'Frame Time: " + std::string(value.text.substr(0, 40)) +
                            "' is not a positive time; 30 fps is assumed");
        } else {
            motion.frameTime = seconds;
            motion.frameTimeAssumed = false;
        }
    } else {
        warn(frameTimeAt.atEnd() ? motionKeyword : frameTimeAt,
             "no 'Frame Time:' line; 30 fps is assumed");
    }
    return countAt;
}

// [SECTION] Rows

namespace {

// The value storage: document.motion.values, grown under the caller's lock so that another
// thread can read finished frames while the load runs.
class MotionStorage {
public:
    MotionStorage(std::vector<float>& values, std::uint32_t channels, std::mutex* lock)
        : values_(values), channels_(channels), lock_(lock) {}

    void reserveRows(std::uint64_t rows) { values_.reserve(rows * channels_); }

    // Makes room for `rows` rows in total and returns the start of the storage.
    float* ensureRows(std::uint64_t rows) {
        const std::uint64_t needed = rows * channels_;
        if (values_.size() < needed) {
            auto guard = lock();
            if (values_.capacity() < needed) {
                values_.reserve(std::max<std::uint64_t>(needed, values_.capacity() * 3 / 2));
            }
            values_.resize(needed);
        }
        return values_.data();
    }

    void finish(std::uint64_t rows) {
        auto guard = lock();
        values_.resize(rows * channels_);
    }

private:
    std::unique_lock<std::mutex> lock() {
        return lock_ ? std::unique_lock<std::mutex>(*lock_) : std::unique_lock<std::mutex>();
    }

    std::vector<float>& values_;
    std::uint32_t channels_;
    std::mutex* lock_;
};

// Where the next block of whole lines ends: after the last line end within the first
// `window` bytes of `text`, or after the first line end beyond it when one line is longer
// than the window. 0 means more text must be read first. A CR that is the last byte read
// could be the first half of a CRLF, so it only counts once the next byte is known.
std::size_t blockEnd(std::string_view text, std::size_t window, bool complete) {
    if (complete && text.size() <= window) {
        return text.size();
    }
    auto endAfter = [&](std::size_t terminator) -> std::size_t {
        if (text[terminator] == '\n') {
            return terminator + 1;
        }
        if (terminator + 1 < text.size()) {
            return text[terminator + 1] == '\n' ? terminator + 2 : terminator + 1;
        }
        return complete ? terminator + 1 : 0;
    };
    window = std::min(window, text.size());
    const std::size_t lastInWindow = text.substr(0, window).find_last_of("\r\n");
    if (lastInWindow != std::string_view::npos) {
        const std::size_t end = endAfter(lastInWindow);
        if (end != 0) {
            return end;
        }
        const std::size_t earlier = lastInWindow == 0 ? std::string_view::npos
                                                      : text.find_last_of("\r\n", lastInWindow - 1);
        if (earlier != std::string_view::npos) {
            return endAfter(earlier);
        }
    }
    const std::size_t firstBeyond = text.find_first_of("\r\n", window);
    if (firstBeyond != std::string_view::npos) {
        return endAfter(firstBeyond);
    }
    return complete ? text.size() : 0;
}

bool hasLoneCarriageReturn(std::string_view text) {
    for (std::size_t at = text.find('\r'); at != std::string_view::npos;
         at = text.find('\r', at + 1)) {
        if (at + 1 >= text.size() || text[at + 1] != '\n') {
            return true;
        }
    }
    return false;
}

class RowStream {
public:
    RowStream(Document& document, const ParseOptions& options)
        : channels_(static_cast<std::uint32_t>(document.skeleton.totalChannels())),
          storage_(document.motion.values, channels_, options.motionLock),
          threads_(options.threads == 0 ? std::max(1u, std::thread::hardware_concurrency())
                                        : options.threads) {}

    void reserveFor(std::uint64_t bytes, std::optional<std::int64_t> declaredFrames) {
        // Reserve by what the text can hold, never by the declared count alone ("Frames:
        // 99999999999" must not allocate): a value takes at least two bytes ("0 ").
        if (channels_ == 0) {
            return;
        }
        const std::uint64_t fitting = bytes / (2 * std::uint64_t{channels_}) + 1;
        const std::uint64_t declared =
            declaredFrames ? static_cast<std::uint64_t>(*declaredFrames) : fitting;
        storage_.reserveRows(std::min(fitting, declared));
    }

    // Parses one block of whole lines starting at `line`/`column`; `lines` is countLines(block).
    void parseBlock(std::string_view block, std::uint64_t lines, std::uint32_t line,
                    std::uint32_t column) {
        float* base = storage_.ensureRows(rows_ + lines);
        const float* previous = rows_ > 0 ? base + (rows_ - 1) * channels_ : nullptr;
        const std::size_t split = threads_ > 1 ? splitPoint(block) : 0;
        if (split == 0) {
            RowBlockResult result =
                parseRowBlock(block, line, column, channels_, previous, base + rows_ * channels_);
            accept(std::move(result));
            return;
        }
        // Two halves in parallel; the second is written right after the first's lines and
        // moved down if the first had blank or wordy lines.
        const std::string_view first = block.substr(0, split);
        const std::string_view second = block.substr(split);
        const std::uint64_t firstLines = countLines(first);
        float* secondDestination = base + (rows_ + firstLines) * channels_;
        const auto secondLine = static_cast<std::uint32_t>(line + firstLines);
        RowBlockResult secondResult;
        std::thread worker([&] {
            secondResult =
                parseRowBlock(second, secondLine, 1, channels_, nullptr, secondDestination);
        });
        RowBlockResult firstResult =
            parseRowBlock(first, line, column, channels_, previous, base + rows_ * channels_);
        worker.join();
        accept(std::move(firstResult));
        float* secondFinal = base + rows_ * channels_;
        if (secondResult.borrowedFromPreviousFrame) {
            // Its first row needed the frame before it, unknown to the worker: parse it again.
            const float* before = rows_ > 0 ? secondFinal - channels_ : nullptr;
            secondResult = parseRowBlock(second, secondLine, 1, channels_, before, secondFinal);
        } else if (secondFinal != secondDestination) {
            std::memmove(secondFinal, secondDestination,
                         secondResult.rows * channels_ * sizeof(float));
        }
        accept(std::move(secondResult));
    }

    std::uint64_t rows() const { return rows_; }
    std::uint32_t channels() const { return channels_; }
    unsigned threads() const { return threads_; }

    void finish(Document& document) {
        storage_.finish(rows_);
        issues_.appendDiagnostics(document.diagnostics, channels_);
    }

private:
    void accept(RowBlockResult&& result) {
        issues_.append(std::move(result.issues), rows_);
        rows_ += result.rows;
    }

    // A line boundary near the middle of `block`, or 0 to parse it whole. Files with lone CR
    // line ends are parsed whole: their line numbers need the sequential count.
    static std::size_t splitPoint(std::string_view block) {
        if (hasLoneCarriageReturn(block)) {
            return 0;
        }
        const std::size_t newline = block.find('\n', block.size() / 2);
        return newline == std::string_view::npos || newline + 1 >= block.size() ? 0 : newline + 1;
    }

    std::uint32_t channels_;
    MotionStorage storage_;
    unsigned threads_;
    std::uint64_t rows_ = 0;
    RowIssueLog issues_;
};

} // namespace

void readMotionRows(TextSource& source, std::uint32_t line, std::uint32_t column,
                    const Token& declaredCountAt, Document& document, const ParseOptions& options) {
    RowStream stream(document, options);
    stream.reserveFor(source.totalBytes() > source.consumedBytes()
                          ? source.totalBytes() - source.consumedBytes()
                          : source.available().size(),
                      document.declaredFrameCount);
    LoadProgress* progress = options.progress;
    const std::size_t blockBytes =
        std::max<std::size_t>(options.blockBytesPerThread, 64) * stream.threads();
    bool failed = false;
    for (;;) {
        std::string_view text = source.available();
        if (!source.complete() && text.size() < blockBytes) {
            if (!source.readMore(blockBytes)) {
                document.diagnostics.push_back({Severity::Error, 0, 0, source.error()});
                failed = true;
                break;
            }
            text = source.available();
        }
        const std::size_t end = blockEnd(text, blockBytes, source.complete());
        if (end == 0 && !source.complete()) {
            // A line longer than a block: read on until it ends.
            if (!source.readMore(std::max(text.size(), blockBytes))) {
                document.diagnostics.push_back({Severity::Error, 0, 0, source.error()});
                failed = true;
                break;
            }
            continue;
        }
        if (end == 0) {
            break;
        }
        const std::string_view block = text.substr(0, end);
        const std::uint64_t lines = countLines(block);
        stream.parseBlock(block, lines, line, column);
        line += static_cast<std::uint32_t>(lines);
        column = 1;
        if (block.back() != '\n' && block.back() != '\r') {
            --line; // the block ended inside its last line: that is the end of the text
        }
        source.consume(end);
        if (progress) {
            progress->bytesRead.store(source.consumedBytes(), std::memory_order_relaxed);
            progress->framesLoaded.store(
                static_cast<std::uint32_t>(std::min<std::uint64_t>(
                    stream.rows(), std::numeric_limits<std::uint32_t>::max())),
                std::memory_order_release);
            if (progress->cancelRequested.load(std::memory_order_relaxed)) {
                document.diagnostics.push_back({Severity::Error, 0, 0, "loading was cancelled"});
                failed = true;
                break;
            }
        }
    }
    if (!failed && !source.verifyUnchanged()) {
        document.diagnostics.push_back({Severity::Error, 0, 0, source.error()});
        failed = true;
    }

    std::uint64_t rows = stream.rows();
    if (stream.channels() == 0) {
        // With no channels a row holds nothing, and an empty row cannot be written back: such
        // a file is a rest pose whatever its rows say.
        if (rows > 0 || (document.declaredFrameCount && *document.declaredFrameCount > 0)) {
            document.diagnostics.push_back(
                {Severity::Warning, declaredCountAt.line, declaredCountAt.column,
                 "the skeleton has no channels, so its frames carry no motion; loaded as a "
                 "rest pose with 0 frames"});
        }
        document.declaredFrameCount.reset();
        rows = 0;
    }
    if (rows > std::numeric_limits<std::uint32_t>::max()) {
        document.diagnostics.push_back(
            {Severity::Warning, line, 1, "more than 4294967295 frames; the rest are ignored"});
        rows = std::numeric_limits<std::uint32_t>::max();
    }
    stream.finish(document);
    if (rows != stream.rows()) {
        MotionStorage(document.motion.values, stream.channels(), options.motionLock).finish(rows);
        if (options.progress) {
            options.progress->framesLoaded.store(static_cast<std::uint32_t>(rows),
                                                 std::memory_order_release);
        }
    }
    document.motion.channelCount = stream.channels();
    document.motion.frameCount = static_cast<std::uint32_t>(rows);

    const std::uint32_t present = document.motion.frameCount;
    if (!failed && document.declaredFrameCount && *document.declaredFrameCount != present) {
        const std::int64_t declared = *document.declaredFrameCount;
        const std::string counts = "'Frames: " + std::to_string(declared) + "' but ";
        std::string message = declared > present
                                  ? counts + "only " + std::to_string(present) +
                                        " rows are present; " + std::to_string(present) +
                                        " frames loaded"
                                  : counts + std::to_string(present) + " rows are present; all " +
                                        std::to_string(present) + " frames loaded";
        document.diagnostics.push_back(
            {Severity::Warning, declaredCountAt.line, declaredCountAt.column, std::move(message)});
    }
}

} // namespace bvh
