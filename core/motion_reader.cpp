#include "motion_reader.h"

#include "number_scanner.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

namespace bvh {
namespace {

// [SECTION] Warning budget
// A broken exporter repeats the same fault on every row; listing 100k identical warnings helps
// nobody, so each kind is listed a few times and then summarised with its count.
class RepeatedWarning {
public:
    explicit RepeatedWarning(std::string summary) : summary_(std::move(summary)) {}

    void add(Document& document, std::uint32_t line, std::uint32_t column, std::string message) {
        if (listed_ < kListed) {
            document.diagnostics.push_back({Severity::Warning, line, column, std::move(message)});
            ++listed_;
        } else {
            if (unlisted_ == 0) {
                firstUnlistedLine_ = line;
            }
            ++unlisted_;
        }
    }

    void flush(Document& document) const {
        if (unlisted_ > 0) {
            document.diagnostics.push_back(
                {Severity::Warning, firstUnlistedLine_, 1,
                 std::to_string(unlisted_) + " more " + summary_ + " (not listed one by one)"});
        }
    }

private:
    static constexpr int kListed = 10;
    std::string summary_;
    int listed_ = 0;
    std::uint64_t unlisted_ = 0;
    std::uint32_t firstUnlistedLine_ = 0;
};

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

// Returns where the declared frame count stands (the MOTION keyword when there is none), for
// the warning about a count that disagrees with the rows.
Token readHeader(Tokenizer& tokens, const Token& motionKeyword, Document& document) {
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

class RowReader {
public:
    RowReader(Tokenizer& tokens, Document& document)
        : document_(document), motion_(document.motion),
          channels_(static_cast<std::uint32_t>(document.skeleton.totalChannels())),
          text_(tokens.text()), position_(tokens.offset()), line_(tokens.line()),
          lineStart_(tokens.offset() + 1 - tokens.column()) {}

    void read();

private:
    std::uint32_t column(std::size_t at) const {
        return static_cast<std::uint32_t>(at - lineStart_ + 1);
    }
    void nextLine() {
        if (text_[position_] == '\r' && position_ + 1 < text_.size() &&
            text_[position_ + 1] == '\n') {
            ++position_;
        }
        ++position_;
        lineStart_ = position_;
        ++line_;
    }
    void reserveRows();
    void readRow();
    void finishRow(std::uint32_t filled, std::uint32_t extra, std::uint32_t rowLine,
                   std::size_t rowStart);

    Document& document_;
    Motion& motion_;
    std::uint32_t channels_;
    std::string_view text_;
    std::size_t position_;
    std::uint32_t line_;
    std::size_t lineStart_;
    std::uint64_t rows_ = 0;
    std::uint32_t firstRowLine_ = 0;

    RepeatedWarning shortRows_{"short rows"};
    RepeatedWarning longRows_{"long rows"};
    RepeatedWarning gluedNumbers_{"rows with numbers run together"};
    RepeatedWarning notNumbers_{"values that are not numbers"};
    RepeatedWarning notFinite_{"NaN or infinite values"};
};

void RowReader::reserveRows() {
    // Reserve by what the text can hold, never by the declared count alone: "Frames:
    // 99999999999" must not allocate gigabytes. A value takes at least two bytes ("0 ").
    const std::size_t remaining = text_.size() - position_;
    std::size_t fitting = channels_ == 0 ? 0 : remaining / (2 * std::size_t{channels_}) + 1;
    std::size_t declared = document_.declaredFrameCount
                               ? static_cast<std::size_t>(*document_.declaredFrameCount)
                               : fitting;
    motion_.values.reserve(std::min(fitting, declared) * channels_);
}

void RowReader::read() {
    reserveRows();
    while (position_ < text_.size()) {
        char c = text_[position_];
        if (isSpaceOrTab(c)) {
            ++position_;
        } else if (isLineEnd(c)) {
            nextLine();
        } else {
            readRow();
        }
    }
    for (const RepeatedWarning* warning :
         {&shortRows_, &longRows_, &gluedNumbers_, &notNumbers_, &notFinite_}) {
        warning->flush(document_);
    }
    motion_.channelCount = channels_;
    if (rows_ > std::numeric_limits<std::uint32_t>::max()) {
        document_.diagnostics.push_back(
            {Severity::Warning, line_, 1, "more than 4294967295 frames; the rest are ignored"});
        rows_ = std::numeric_limits<std::uint32_t>::max();
        motion_.values.resize(rows_ * channels_);
    }
    motion_.frameCount = static_cast<std::uint32_t>(rows_);
    motion_.values.shrink_to_fit();
}

void RowReader::readRow() {
    const std::uint32_t rowLine = line_;
    const std::size_t rowStart = position_;
    const std::size_t base = motion_.values.size();
    motion_.values.resize(base + channels_);
    float* row = motion_.values.data() + base;
    std::uint32_t filled = 0;
    std::uint32_t extra = 0;
    std::uint32_t numbers = 0;
    bool glued = false;

    while (position_ < text_.size()) {
        char c = text_[position_];
        if (isLineEnd(c)) {
            break;
        }
        if (isSpaceOrTab(c)) {
            ++position_;
            continue;
        }
        float value = 0.0f;
        std::size_t used = scanNumber(text_.data() + position_, text_.data() + text_.size(), value);
        bool isNumber = used > 0;
        if (!isNumber) {
            std::size_t end = position_;
            while (end < text_.size() && !isSpaceOrTab(text_[end]) && !isLineEnd(text_[end])) {
                ++end;
            }
            notNumbers_.add(document_, line_, column(position_),
                            "'" +
                                std::string(text_.substr(
                                    position_, std::min<std::size_t>(end - position_, 40))) +
                                "' is not a number; the previous frame's value is used");
            used = end - position_;
        } else {
            if (!std::isfinite(value)) {
                notFinite_.add(document_, line_, column(position_),
                               "NaN or infinite value; the previous frame's value is used");
                isNumber = false;
            }
            std::size_t after = position_ + used;
            // Recorders that print fixed-width fields run numbers together ("0.0-7.5"):
            // read them as two numbers rather than dropping a column.
            if (after < text_.size() && !isSpaceOrTab(text_[after]) && !isLineEnd(text_[after]) &&
                !glued) {
                glued = true;
                gluedNumbers_.add(document_, line_, column(after),
                                  "numbers run together with no space; read as separate values");
            }
            ++numbers;
        }
        position_ += used;
        if (filled < channels_) {
            const float previous =
                rows_ > 0 ? row[static_cast<std::ptrdiff_t>(filled) - std::ptrdiff_t{channels_}]
                          : 0.0f;
            row[filled] = isNumber ? value : previous;
            ++filled;
        } else {
            ++extra;
        }
    }
    if (numbers == 0) {
        // A line with no number at all (a footer, a stray word) is not a frame.
        motion_.values.resize(base);
        return;
    }
    finishRow(filled, extra, rowLine, rowStart);
}

void RowReader::finishRow(std::uint32_t filled, std::uint32_t extra, std::uint32_t rowLine,
                          std::size_t rowStart) {
    float* row = motion_.values.data() + motion_.values.size() - channels_;
    if (rows_ == 0) {
        firstRowLine_ = rowLine;
    }
    if (filled < channels_) {
        // Complete the row from the previous frame (or zeros) so later columns stay aligned.
        for (std::uint32_t i = filled; i < channels_; ++i) {
            row[i] =
                rows_ > 0 ? row[static_cast<std::ptrdiff_t>(i) - std::ptrdiff_t{channels_}] : 0.0f;
        }
        shortRows_.add(document_, rowLine, column(rowStart),
                       "frame " + std::to_string(rows_) + " has " + std::to_string(filled) +
                           " values, " + std::to_string(channels_) +
                           " expected; the missing ones are taken from the " +
                           (rows_ > 0 ? "previous frame" : "rest pose (0)"));
    }
    if (extra > 0) {
        longRows_.add(document_, rowLine, column(rowStart),
                      "frame " + std::to_string(rows_) + " has " +
                          std::to_string(channels_ + extra) + " values, " +
                          std::to_string(channels_) + " expected; the extra ones are ignored");
    }
    ++rows_;
}

} // namespace

void readMotion(Tokenizer& tokens, const Token& motionKeyword, Document& document) {
    document.hasMotionSection = true;
    const Token countAt = readHeader(tokens, motionKeyword, document);
    // The rows start on the line after Frame Time; the reader continues from the cursor.
    RowReader(tokens, document).read();

    const std::uint32_t present = document.motion.frameCount;
    if (document.declaredFrameCount && *document.declaredFrameCount != present) {
        std::int64_t declared = *document.declaredFrameCount;
        std::string message =
            declared > present
                ? "'Frames: " + std::to_string(declared) + "' but only " + std::to_string(present) +
                      " rows are present; " + std::to_string(present) + " frames loaded"
                : "'Frames: " + std::to_string(declared) + "' but " + std::to_string(present) +
                      " rows are present; all " + std::to_string(present) + " frames loaded";
        document.diagnostics.push_back(
            {Severity::Warning, countAt.line, countAt.column, std::move(message)});
    }
}

} // namespace bvh
