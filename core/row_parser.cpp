#include "row_parser.h"

#include "number_scanner.h"
#include "tokenizer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace bvh {

// [SECTION] Issue log

void RowIssueLog::add(RowIssue issue) {
    const auto kind = static_cast<std::size_t>(issue.kind);
    if (listed_[kind].size() < kListed) {
        listed_[kind].push_back(std::move(issue));
        return;
    }
    if (unlisted_[kind] == 0) {
        firstUnlistedLine_[kind] = issue.line;
    }
    ++unlisted_[kind];
}

void RowIssueLog::append(RowIssueLog&& later, std::uint64_t rowOffset) {
    for (std::size_t kind = 0; kind < kRowIssueKinds; ++kind) {
        for (RowIssue& issue : later.listed_[kind]) {
            issue.row += rowOffset;
            add(std::move(issue));
        }
        if (later.unlisted_[kind] > 0) {
            if (unlisted_[kind] == 0) {
                firstUnlistedLine_[kind] = later.firstUnlistedLine_[kind];
            }
            unlisted_[kind] += later.unlisted_[kind];
        }
    }
}

void RowIssueLog::appendDiagnostics(std::vector<Diagnostic>& out, std::uint32_t channels) const {
    static constexpr const char* kSummaries[kRowIssueKinds] = {
        "short rows", "long rows", "rows with numbers run together", "values that are not numbers",
        "NaN or infinite values"};
    for (std::size_t kind = 0; kind < kRowIssueKinds; ++kind) {
        for (const RowIssue& issue : listed_[kind]) {
            std::string message;
            const std::string frame = "frame " + std::to_string(issue.row);
            switch (issue.kind) {
            case RowIssueKind::ShortRow:
                message = frame + " has " + std::to_string(issue.values) + " values, " +
                          std::to_string(channels) +
                          " expected; the missing ones are taken from the " +
                          (issue.row > 0 ? "previous frame" : "rest pose (0)");
                break;
            case RowIssueKind::LongRow:
                message = frame + " has " + std::to_string(issue.values) + " values, " +
                          std::to_string(channels) + " expected; the extra ones are ignored";
                break;
            case RowIssueKind::GluedNumbers:
                message = "numbers run together with no space; read as separate values";
                break;
            case RowIssueKind::NotANumber:
                message =
                    "'" + issue.token + "' is not a number; the previous frame's value is used";
                break;
            case RowIssueKind::NotFinite:
                message = "NaN or infinite value; the previous frame's value is used";
                break;
            }
            out.push_back({Severity::Warning, issue.line, issue.column, std::move(message)});
        }
        if (unlisted_[kind] > 0) {
            out.push_back({Severity::Warning, firstUnlistedLine_[kind], 1,
                           std::to_string(unlisted_[kind]) + " more " + kSummaries[kind] +
                               " (not listed one by one)"});
        }
    }
}

// [SECTION] Line counting

std::uint64_t countLines(std::string_view text) {
    if (text.empty()) {
        return 0;
    }
    const bool unterminated = text.back() != '\n' && text.back() != '\r';
    if (std::memchr(text.data(), '\r', text.size()) == nullptr) {
        std::uint64_t lines = 0;
        const char* p = text.data();
        const char* const end = p + text.size();
        while (const void* found = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
            ++lines;
            p = static_cast<const char*>(found) + 1;
        }
        return lines + (unterminated ? 1 : 0);
    }
    // CRLF and lone CR (classic Mac) line ends: count each CR, and each LF not after a CR.
    std::uint64_t lines = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r' || (text[i] == '\n' && (i == 0 || text[i - 1] != '\r'))) {
            ++lines;
        }
    }
    return lines + (unterminated ? 1 : 0);
}

// [SECTION] Rows

namespace {

class BlockParser {
public:
    BlockParser(std::string_view block, std::uint32_t firstLine, std::uint32_t firstColumn,
                std::uint32_t channels, const float* previousRow, float* destination)
        : text_(block), line_(firstLine), columnBase_(firstColumn), channels_(channels),
          previous_(previousRow), destination_(destination) {}

    RowBlockResult parse();

private:
    std::uint32_t column(std::size_t at) const {
        return static_cast<std::uint32_t>(at - lineStart_) + columnBase_;
    }
    void nextLine() {
        if (text_[position_] == '\r' && position_ + 1 < text_.size() &&
            text_[position_ + 1] == '\n') {
            ++position_;
        }
        ++position_;
        lineStart_ = position_;
        columnBase_ = 1;
        ++line_;
    }
    void readRow();

    std::string_view text_;
    std::size_t position_ = 0;
    std::size_t lineStart_ = 0;
    std::uint32_t line_;
    std::uint32_t columnBase_;
    std::uint32_t channels_;
    const float* previous_;
    float* destination_;
    RowBlockResult result_;
};

RowBlockResult BlockParser::parse() {
    while (position_ < text_.size()) {
        const char c = text_[position_];
        if (isSpaceOrTab(c)) {
            ++position_;
        } else if (isLineEnd(c)) {
            nextLine();
        } else {
            readRow();
        }
    }
    return std::move(result_);
}

void BlockParser::readRow() {
    const std::uint32_t rowLine = line_;
    const std::size_t rowStart = position_;
    float* row = destination_ + result_.rows * channels_;
    const float* previous = result_.rows > 0 ? row - channels_ : previous_;
    bool borrowed = false;
    auto valueFromPrevious = [&](std::uint32_t column) {
        borrowed = true;
        return previous != nullptr ? previous[column] : 0.0f;
    };
    std::uint32_t filled = 0;
    std::uint32_t extra = 0;
    std::uint32_t numbers = 0;
    bool glued = false;
    const char* const data = text_.data();
    const char* const end = data + text_.size();

    while (position_ < text_.size()) {
        const char c = text_[position_];
        if (isLineEnd(c)) {
            break;
        }
        if (isSpaceOrTab(c)) {
            ++position_;
            continue;
        }
        float value = 0.0f;
        std::size_t used = scanNumber(data + position_, end, value);
        bool usable = used > 0;
        if (!usable) {
            std::size_t tokenEnd = position_;
            while (tokenEnd < text_.size() && !isSpaceOrTab(text_[tokenEnd]) &&
                   !isLineEnd(text_[tokenEnd])) {
                ++tokenEnd;
            }
            used = tokenEnd - position_;
            result_.issues.add(
                {RowIssueKind::NotANumber, line_, column(position_), result_.rows, 0,
                 std::string(text_.substr(position_, std::min<std::size_t>(used, 40)))});
        } else {
            ++numbers;
            if (!std::isfinite(value)) {
                result_.issues.add(
                    {RowIssueKind::NotFinite, line_, column(position_), result_.rows, 0, {}});
                usable = false;
            }
            const std::size_t after = position_ + used;
            // Recorders that print fixed-width fields run numbers together ("0.0-7.5"):
            // read them as two numbers rather than dropping a column.
            if (!glued && after < text_.size() && !isSpaceOrTab(text_[after]) &&
                !isLineEnd(text_[after])) {
                glued = true;
                result_.issues.add(
                    {RowIssueKind::GluedNumbers, line_, column(after), result_.rows, 0, {}});
            }
        }
        position_ += used;
        if (filled < channels_) {
            row[filled] = usable ? value : valueFromPrevious(filled);
            ++filled;
        } else {
            ++extra;
        }
    }
    if (numbers == 0) {
        return; // a line with no number at all (a footer, a stray word) is not a frame
    }
    if (filled < channels_) {
        // Complete the row from the previous frame (or zeros) so later columns stay aligned.
        for (std::uint32_t i = filled; i < channels_; ++i) {
            row[i] = valueFromPrevious(i);
        }
        result_.issues.add(
            {RowIssueKind::ShortRow, rowLine, column(rowStart), result_.rows, filled, {}});
    }
    if (extra > 0) {
        result_.issues.add({RowIssueKind::LongRow,
                            rowLine,
                            column(rowStart),
                            result_.rows,
                            channels_ + extra,
                            {}});
    }
    if (borrowed && result_.rows == 0) {
        result_.borrowedFromPreviousFrame = true;
    }
    ++result_.rows;
}

} // namespace

RowBlockResult parseRowBlock(std::string_view block, std::uint32_t firstLine,
                             std::uint32_t firstColumn, std::uint32_t channels,
                             const float* previousRow, float* destination) {
    return BlockParser(block, firstLine, firstColumn, channels, previousRow, destination).parse();
}

} // namespace bvh
