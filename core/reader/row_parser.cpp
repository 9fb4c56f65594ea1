#include "core/reader/row_parser.h"

#include "core/reader/number_scanner.h"
#include "core/reader/tokenizer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

// The row loop's rare cases stay out of its way (out of line, laid out apart).
#if defined(__GNUC__) || defined(__clang__)
#define BVH_COLD [[gnu::cold, gnu::noinline]]
#else
#define BVH_COLD
#endif

namespace bvh {

// [SECTION] Line counting

namespace {

struct LineEnds {
    std::uint64_t count = 0;
    std::size_t lastEnd = 0; // just after the last line end, 0 when there is none
};

// The line ends in text[from, to), counted as the tokenizer does: a LF, a CR LF pair (once)
// and a lone CR. Both searches go by memchr, so text with CR LF line ends costs no more than
// text with LF ones. A CR at to - 1 followed by a LF at `to` is not counted (its LF is).
LineEnds lineEndsIn(std::string_view text, std::size_t from, std::size_t to) {
    LineEnds ends;
    const char* const data = text.data();
    for (const char* p = data + from;
         const void* found = std::memchr(p, '\n', static_cast<std::size_t>(data + to - p));) {
        p = static_cast<const char*>(found) + 1;
        ++ends.count;
        ends.lastEnd = static_cast<std::size_t>(p - data);
    }
    for (const char* p = data + from;
         const void* found = std::memchr(p, '\r', static_cast<std::size_t>(data + to - p));) {
        p = static_cast<const char*>(found) + 1;
        const auto after = static_cast<std::size_t>(p - data);
        if (after == text.size() || text[after] != '\n') {
            ++ends.count;
            ends.lastEnd = std::max(ends.lastEnd, after);
        }
    }
    return ends;
}

} // namespace

std::uint64_t countLines(std::string_view text) {
    if (text.empty()) {
        return 0;
    }
    const bool unterminated = text.back() != '\n' && text.back() != '\r';
    return lineEndsIn(text, 0, text.size()).count + (unterminated ? 1 : 0);
}

LineCounts countLinesAndRows(std::string_view text) {
    // A line counts as a row when a byte other than a blank comes before its end. The byte
    // before a line end is almost always a digit, so a line costs one look back; a run of
    // blanks is walked back once (twice at most: once from a LF, once from a lone CR). One pass
    // of memchr per line-end byte, as countLines.
    const char* const data = text.data();
    const auto holdsRow = [data](std::size_t contentEnd) {
        while (contentEnd > 0 && isSpaceOrTab(data[contentEnd - 1])) {
            --contentEnd;
        }
        return contentEnd > 0 && !isLineEnd(data[contentEnd - 1]);
    };
    LineCounts counts;
    for (const char* p = data; const void* found = std::memchr(
                                   p, '\n', static_cast<std::size_t>(data + text.size() - p));) {
        const auto at = static_cast<std::size_t>(static_cast<const char*>(found) - data);
        p = data + at + 1;
        ++counts.lines;
        counts.rows += holdsRow(at > 0 && data[at - 1] == '\r' ? at - 1 : at) ? 1 : 0;
    }
    for (const char* p = data; const void* found = std::memchr(
                                   p, '\r', static_cast<std::size_t>(data + text.size() - p));) {
        const auto at = static_cast<std::size_t>(static_cast<const char*>(found) - data);
        p = data + at + 1;
        if (at + 1 == text.size() || data[at + 1] != '\n') {
            ++counts.lines;
            counts.rows += holdsRow(at) ? 1 : 0;
        }
    }
    if (!text.empty() && !isLineEnd(text.back())) {
        ++counts.lines; // an unterminated last line
    }
    counts.rows += holdsRow(text.size()) ? 1 : 0;
    return counts;
}

std::uint64_t countRowLines(std::string_view text) {
    return countLinesAndRows(text).rows;
}

// [SECTION] Issue log

void RowIssueLog::add(RowIssue issue) {
    const auto kind = static_cast<std::size_t>(issue.kind);
    if (listed_[kind].size() < kListed) {
        listed_[kind].push_back(std::move(issue));
        return;
    }
    if (unlisted_[kind] == 0) {
        firstUnlistedOffset_[kind] = issue.offset;
        firstUnlistedLine_[kind] = issue.line;
    }
    ++unlisted_[kind];
}

void RowIssueLog::locate(std::string_view block, std::uint32_t firstLine,
                         std::uint32_t firstColumn) {
    struct Target {
        std::size_t offset;
        std::uint32_t* line;
        std::uint32_t* column; // nullptr: the line only
    };
    std::vector<Target> targets;
    for (std::size_t kind = 0; kind < kRowIssueKinds; ++kind) {
        for (RowIssue& issue : listed_[kind]) {
            targets.push_back({issue.offset, &issue.line, &issue.column});
        }
        if (unlisted_[kind] > 0) {
            targets.push_back({firstUnlistedOffset_[kind], &firstUnlistedLine_[kind], nullptr});
        }
    }
    std::sort(targets.begin(), targets.end(),
              [](const Target& a, const Target& b) { return a.offset < b.offset; });
    // One walk over the block, from target to target.
    std::size_t at = 0;
    std::size_t lineStart = 0;
    std::uint32_t line = firstLine;
    for (const Target& target : targets) {
        const LineEnds ends = lineEndsIn(block, at, target.offset);
        line += static_cast<std::uint32_t>(ends.count);
        if (ends.count > 0) {
            lineStart = ends.lastEnd;
        }
        at = target.offset;
        *target.line = line;
        if (target.column != nullptr) {
            const std::uint32_t base = lineStart == 0 ? firstColumn : 1;
            *target.column = static_cast<std::uint32_t>(target.offset - lineStart) + base;
        }
    }
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
        "short rows",
        "long rows",
        "rows with numbers run together",
        "values that are not numbers",
        "NaN or infinite values",
        "lines of words without numbers, ignored"};
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
                message = quotedForMessage(issue.token) +
                          " is not a number; the previous frame's value is used";
                break;
            case RowIssueKind::WordsOnly:
                message = "a line of words (" + quotedForMessage(issue.token) +
                          ") and no number: not a frame, ignored";
                break;
            case RowIssueKind::NotFinite:
                // values: 1 for a finite number beyond the float range.
                message = issue.values == 1 ? "value beyond the float range (3.4e38); the "
                                              "previous frame's value is used"
                                            : "NaN or infinite value; the previous frame's "
                                              "value is used";
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

// [SECTION] Rows

namespace {

// Character classes of the row loop, one table look-up per byte.
enum CharClass : std::uint8_t { kOther = 0, kBlank = 1, kLineEnd = 2 };

const std::array<std::uint8_t, 256> kCharClasses = [] {
    std::array<std::uint8_t, 256> classes{};
    for (unsigned c = 0; c < 256; ++c) {
        classes[c] = isLineEnd(static_cast<char>(c))      ? kLineEnd
                     : isSpaceOrTab(static_cast<char>(c)) ? kBlank
                                                          : kOther;
    }
    return classes;
}();

inline std::uint8_t charClass(char c) {
    return kCharClasses[static_cast<unsigned char>(c)];
}

// 0x80 in every byte of `word` below 0x21 (blanks, line ends and other control bytes), exactly
// up to the first such byte: a borrow may flag bytes after it, never one before.
inline std::uint64_t controlOrSpaceBytes(std::uint64_t word) {
    return (word - 0x2121212121212121ull) & ~word & 0x8080808080808080ull;
}

// The bytes before the first byte below 0x21 among the 16 at `p` (16 when there is none).
// Where the row loop's fast path takes a number, that is exactly the number's length: its
// characters are digits, signs and points, and a blank or a line end follows it. The loop
// steps to the next value by this length rather than by the scanner's: it comes from one
// load and a few word operations, while the scanner's length depends on the sign, the point
// and the digits read before it. The next value's scan waits on the step, so the shorter
// chain lets the scans of successive values overlap.
inline std::size_t bytesBeforeControlOrSpace(const char* p) {
    const std::uint64_t low = controlOrSpaceBytes(detail::loadEightBytes(p));
    const std::uint64_t high = controlOrSpaceBytes(detail::loadEightBytes(p + 8));
    // A branch, not arithmetic: ending in the first word or the second is mostly predicted, and
    // a predicted branch keeps the length off the chain of dependent operations, where the
    // arithmetic (measured) was 20 % slower.
    return low != 0 ? static_cast<std::size_t>(std::countr_zero(low)) >> 3
                    : 8 + (static_cast<std::size_t>(std::countr_zero(high)) >> 3);
}

// [SECTION] Fast steps
// Most values of a row are a plain decimal, one blank and the next value. The fast steps read a
// run of such values with nothing else in the loop: no look at the block end (the run's length
// is bounded beforehand by the bytes left, kFastStepReach and kFastStepAdvance), no count of
// the row's channels (the run stops before the row's last channel) and the walk's pointers in
// registers. The first value that is not of that shape ends the run, unread, for readValue.
// Against readValue alone: parsing 12 % faster, whether the values are separated by spaces or
// by tabs.

// Bytes a fast step reads from its value's first byte (scanWordDecimal reads
// kWordDecimalSlack; the separator check reads up to the byte after the blank), and the most
// it moves the walk (a number of at most 16 characters and its blank).
inline constexpr std::ptrdiff_t kFastStepReach = detail::kWordDecimalSlack + 1;
inline constexpr std::ptrdiff_t kFastStepAdvance = 17;

// Fast steps that may start at `p` without reading at or past `end` (at least kFastStepReach
// bytes left at each start).
inline std::int64_t fastStepsWithin(const char* p, const char* end) {
    const std::ptrdiff_t bytes = end - p;
    return bytes < kFastStepReach ? 0 : (bytes - kFastStepReach) / kFastStepAdvance + 1;
}

// Where a walk over the rows is: the row being read and the position in it. Kept apart from
// BlockParser so that the walks of two blocks read side by side (parseRowBlockPair) stay in
// registers of one loop.
struct RowWalk {
    const char* p = nullptr; // the next value, or the line end (block end) after the row
    // Where the row's next value goes, and the channels left for it: negative after the row's
    // last channel (minus the values beyond it). The loop keeps these two alone, no row end.
    float* next = nullptr;
    std::int64_t left = 0;
    const char* rowStart = nullptr;
    float* row = nullptr;
};

// One fast step: the value at `p` when it is a plain decimal (scanWordDecimal's shape, not near
// a float midpoint) followed by one blank and the next value's first byte (a printable one:
// a control byte there is left to readValue). Stores it at `out` and moves `p` to the next
// value; false, with nothing changed, for any other shape. kFastStepReach bytes must be
// readable at `p`.
BVH_ALWAYS_INLINE bool takeFastStep(const char*& p, float* out) {
    double value = 0.0;
    const std::size_t used =
        detail::scanWordDecimal<detail::WordDecimalResult::NearDouble>(p, value);
    // The step is the scanner's length, not bytesBeforeControlOrSpace's as in readValue: here
    // the instructions that length would add cost more than the longer chain from one value to
    // the next (parsing 8 % faster without it, measured).
    if (used == 0 || detail::isNearFloatMidpoint(value) || charClass(p[used]) != kBlank ||
        static_cast<unsigned char>(p[used + 1]) <= ' ') [[unlikely]] {
        return false;
    }
    *out = static_cast<float>(value);
    p += used + 1;
    return true;
}

// Moves `walk` by `taken` fast steps, ending at `p`.
inline void advanceWalk(RowWalk& walk, const char* p, std::int64_t taken) {
    walk.p = p;
    walk.next += taken;
    walk.left -= taken;
}

class BlockParser {
public:
    BlockParser(std::string_view block, std::uint32_t channels, float* destination,
                std::uint64_t maxRows)
        : begin_(block.data()), end_(block.data() + block.size()), channels_(channels),
          destination_(destination), maxRows_(maxRows) {}

    // Reads every row of the block.
    RowBlockResult parse();
    // Puts `walk` at the block's first row. False when there is none (or a section keyword
    // comes first).
    bool start(RowWalk& walk) { return startRowFrom(begin_, walk); }
    // One value of the row (see readValue below). False once the row ended.
    BVH_ALWAYS_INLINE bool readValue(RowWalk& walk);
    // Completes the row `walk` ended and puts it at the next one. False when the rows ended.
    bool nextRow(RowWalk& walk) { return !finishRow(walk) && startRowFrom(walk.p, walk); }
    // The fast steps `walk` (at a value) may take: up to the row's last channel, which is left
    // to readValue, and within the block.
    std::int64_t fastStepLimit(const RowWalk& walk) const {
        return std::min(walk.left - 1, fastStepsWithin(walk.p, end_));
    }
    // Fast steps from `walk` (at a value) while the values allow.
    BVH_ALWAYS_INLINE void takeFastSteps(RowWalk& walk) const {
        const std::int64_t steps = fastStepLimit(walk);
        const char* p = walk.p;
        std::int64_t taken = 0;
        while (taken < steps && takeFastStep(p, walk.next + taken)) {
            ++taken;
        }
        advanceWalk(walk, p, taken);
    }
    // Reads the rows from `walk` on (`more`: whether it is at one) to the block's end.
    void readRows(RowWalk& walk, bool more) {
        for (; more; more = nextRow(walk)) {
            do {
                takeFastSteps(walk);
            } while (readValue(walk));
        }
    }
    RowBlockResult take() { return std::move(result_); }

private:
    struct TokenEnd {
        const char* position;
        float* next;
        std::int64_t left;
    };

    // From `p` on, finds the next row (skipping blanks and line ends) and starts `walk` at it.
    // False at the block end or a section keyword (result_.stop set).
    bool startRowFrom(const char* p, RowWalk& walk);
    // Counts the row `walk` ended (or reports a line of words); true when the row limit stops
    // the rows there.
    bool finishRow(const RowWalk& walk);
    // At a line that starts with a letter: true (and result_.stop set) when it starts with a
    // section keyword.
    BVH_COLD bool stopsAtSectionKeyword(const char* p);
    // The cold paths of readValue, out of line to keep its loop small.
    BVH_COLD TokenEnd readUncommonToken(const char* p, const RowWalk& walk);
    BVH_COLD void completeShortRow(float* row, std::uint32_t filled, const char* rowStart);
    BVH_COLD void addIssue(RowIssueKind kind, const char* at, std::uint32_t values = 0,
                           std::string token = {}) {
        result_.issues.add({kind, static_cast<std::size_t>(at - begin_), 0, 0, result_.rows, values,
                            std::move(token)});
    }
    // The value a row lacks in `column`: the previous row's, or 0 for the block's first row
    // (then recorded in inheritedRows for the caller to fill in).
    float borrow(std::uint32_t column) {
        borrowedColumns_.push_back(column);
        return result_.rows == 0 ? 0.0f : destination_[(result_.rows - 1) * channels_ + column];
    }
    // Once a row is done: which of its values still stand for the frame before the block.
    BVH_COLD void recordInheritance(bool isFrame);

    const char* const begin_;
    const char* const end_;
    const std::uint32_t channels_;
    float* const destination_;
    const std::uint64_t maxRows_;
    RowBlockResult result_;
    // The current row, as far as the cold paths saw it.
    bool glued_ = false;
    std::uint32_t words_ = 0;                    // tokens that are not numbers
    std::vector<std::uint32_t> borrowedColumns_; // values taken from the row before
    // The row's "not a number" issues, kept until the row is known to be a frame: a line of
    // words alone is reported once, as such, not word by word as values it never held.
    std::vector<RowIssue> pendingWords_;
};

RowBlockResult BlockParser::parse() {
    RowWalk walk;
    readRows(walk, start(walk));
    return take();
}

bool BlockParser::startRowFrom(const char* p, RowWalk& walk) {
    while (p != end_ && charClass(*p) != kOther) {
        ++p; // blanks and line ends between rows
    }
    // Digits, signs and dots are all below 'A': one comparison a row keeps keywords out.
    if (p == end_ || (static_cast<unsigned char>(*p) >= 'A' && stopsAtSectionKeyword(p)))
        [[unlikely]] {
        return false;
    }
    float* const row = destination_ + result_.rows * channels_;
    walk = {p, row, channels_, p, row};
    glued_ = false;
    words_ = 0;
    return true;
}

bool BlockParser::stopsAtSectionKeyword(const char* p) {
    const std::string_view word =
        sectionKeywordAt(std::string_view(p, static_cast<std::size_t>(end_ - p)));
    if (word.empty()) {
        return false;
    }
    result_.stop.reason = RowStopReason::SectionKeyword;
    result_.stop.offset = static_cast<std::size_t>(p - begin_);
    result_.stop.keyword.assign(word.substr(0, 44));
    return true;
}

// The hot loop's body: reads the value at walk.p (inside a row: not blank, not a line end) and
// the blanks after it. True with walk.p at the next value; false with walk.p at the line end
// that closes the row (or the block end). The common case: a plain decimal followed by one
// blank, then the next value. Every other token (exponents, long numbers, NaN, words, numbers
// run together, the last bytes of the block) goes to readUncommonToken. Line and column are
// never tracked here: an issue records its offset and RowIssueLog::locate derives them once the
// block is done.
bool BlockParser::readValue(RowWalk& walk) {
    const char* p = walk.p;
    // The word scanner reads kWordDecimalSlack bytes; one more is read after the blank
    // that follows the value.
    double value = 0.0;
    std::size_t used = 0;
    std::size_t length = 0;
    if (end_ - p > detail::kWordDecimalSlack) [[likely]] {
        used = detail::scanWordDecimal<detail::WordDecimalResult::NearDouble>(p, value);
        length = bytesBeforeControlOrSpace(p); // == used below (see there)
    }
    std::uint8_t next = kOther;
    if (used != 0 && !detail::isNearFloatMidpoint(value) && (next = charClass(p[used])) != kOther)
        [[likely]] {
        if (walk.left > 0) {
            *walk.next++ = static_cast<float>(value);
        }
        --walk.left;
        p += length;
        if (next == kBlank && charClass(p[1]) == kOther) {
            walk.p = p + 1; // the common case: one blank, then the next value
            return true;
        }
    } else {
        const TokenEnd token = readUncommonToken(p, walk);
        p = token.position;
        walk.next = token.next;
        walk.left = token.left;
        if (p == end_) {
            walk.p = p;
            return false;
        }
        next = charClass(*p);
    }
    // `p` is at the blank or line end after the value.
    if (next != kLineEnd) {
        do {
            ++p;
        } while (p != end_ && (next = charClass(*p)) == kBlank);
    }
    walk.p = p;
    return p != end_ && next != kLineEnd;
}

bool BlockParser::finishRow(const RowWalk& walk) {
    const char* const rowStart = walk.rowStart;
    float* const row = walk.row;
    const auto filled = static_cast<std::uint32_t>(walk.next - row);
    const auto extra = static_cast<std::uint32_t>(walk.left < 0 ? -walk.left : 0);
    if (filled + extra == words_) [[unlikely]] {
        // A line with no number at all (a footer, a stray word) is not a frame.
        addIssue(RowIssueKind::WordsOnly, rowStart, 0,
                 pendingWords_.empty() ? std::string() : std::move(pendingWords_.front().token));
        pendingWords_.clear();
        recordInheritance(false);
        return false;
    }
    if (!pendingWords_.empty()) [[unlikely]] {
        for (RowIssue& issue : pendingWords_) {
            result_.issues.add(std::move(issue));
        }
        pendingWords_.clear();
    }
    if (filled < channels_) [[unlikely]] {
        completeShortRow(row, filled, rowStart);
    }
    if (extra > 0) [[unlikely]] {
        addIssue(RowIssueKind::LongRow, rowStart, channels_ + extra);
    }
    if (!borrowedColumns_.empty()) [[unlikely]] {
        recordInheritance(true);
    }
    ++result_.rows;
    if (result_.rows > maxRows_) [[unlikely]] {
        // The row went to the spare row after the limit: it is not kept.
        result_.rows = maxRows_;
        for (std::uint64_t& inherited : result_.inheritedRows) {
            inherited = std::min(inherited, maxRows_);
        }
        result_.stop.reason = RowStopReason::RowLimit;
        result_.stop.offset = static_cast<std::size_t>(rowStart - begin_);
        return true;
    }
    return false;
}

// A token of any shape, read up to the blank, line end or block end after it: numbers the
// fast path leaves, NaN and infinities (reported, the previous frame's value used), words
// (the same), and numbers run together ("0.0-7.5": read as separate values, reported once per
// row). A number followed by anything but a sign ("12,5", "1.5.5", "3deg") is one bad value,
// not a number and a word: a token never becomes two columns unless a sign starts the second.
BlockParser::TokenEnd BlockParser::readUncommonToken(const char* p, const RowWalk& walk) {
    float* const row = walk.row;
    float* next = walk.next;
    std::int64_t left = walk.left;
    const auto tokenEndFrom = [this](const char* q) {
        while (q != end_ && charClass(*q) == kOther) {
            ++q;
        }
        return q;
    };
    for (;;) {
        float value = 0.0f;
        std::size_t used = scanNumber(p, end_, value);
        const char* after = p + used;
        const bool runsOn = used != 0 && after != end_ && charClass(*after) == kOther;
        bool usable = used != 0 && (!runsOn || *after == '-' || *after == '+');
        if (!usable) {
            if (used == 0) {
                ++words_; // a line of words alone is a footer, not a frame
            }
            used = static_cast<std::size_t>(tokenEndFrom(p) - p);
            pendingWords_.push_back({RowIssueKind::NotANumber, static_cast<std::size_t>(p - begin_),
                                     0, 0, result_.rows, 0,
                                     std::string(p, std::min<std::size_t>(used, 44))});
        } else {
            if (!std::isfinite(value)) {
                // A finite number too large for a float (1e39) is told apart from NaN and inf.
                double wide = 0.0;
                scanNumber(p, end_, wide);
                addIssue(RowIssueKind::NotFinite, p, std::isfinite(wide) ? 1 : 0);
                usable = false;
            }
            // Recorders that print fixed-width fields run numbers together ("0.0-7.5"):
            // read them as two numbers rather than dropping a column.
            if (runsOn && !glued_) {
                glued_ = true;
                addIssue(RowIssueKind::GluedNumbers, after);
            }
        }
        if (left > 0) {
            const auto column = static_cast<std::uint32_t>(next - row);
            *next++ = usable ? value : borrow(column);
        }
        --left;
        p += used;
        if (p == end_ || charClass(*p) != kOther) {
            return {p, next, left};
        }
    }
}

void BlockParser::completeShortRow(float* row, std::uint32_t filled, const char* rowStart) {
    // Complete the row from the previous frame (or zeros) so later columns stay aligned.
    for (std::uint32_t column = filled; column < channels_; ++column) {
        row[column] = borrow(column);
    }
    addIssue(RowIssueKind::ShortRow, rowStart, filled);
}

void BlockParser::recordInheritance(bool isFrame) {
    const std::uint64_t row = result_.rows;
    std::vector<std::uint64_t>& inherited = result_.inheritedRows;
    if (isFrame && row == 0) {
        inherited.resize(channels_, 0);
    }
    if (isFrame && !inherited.empty()) {
        // A value is still the frame before the block's if every row so far took it from the
        // row before.
        for (const std::uint32_t column : borrowedColumns_) {
            if (inherited[column] == row) {
                inherited[column] = row + 1;
            }
        }
    }
    borrowedColumns_.clear();
}

} // namespace

std::string_view sectionKeywordAt(std::string_view line) {
    const auto wordAt = [&](std::size_t from) {
        std::size_t after = from;
        while (after < line.size() && charClass(line[after]) == kOther) {
            ++after;
        }
        return line.substr(from, after - from);
    };
    const std::string_view word = wordAt(0);
    const std::string_view beforeColon = word.substr(0, word.find(':'));
    bool keyword = equalsIgnoringCase(word, "HIERARCHY") || equalsIgnoringCase(word, "ROOT") ||
                   equalsIgnoringCase(word, "MOTION") ||
                   equalsIgnoringCase(beforeColon, "Frames") ||
                   equalsIgnoringCase(beforeColon, "FrameTime");
    if (!keyword && equalsIgnoringCase(word, "Frame")) {
        // "Frame Time:": the next word starts with "Time".
        std::size_t next = word.size();
        while (next < line.size() && charClass(line[next]) == kBlank) {
            ++next;
        }
        const std::string_view time = wordAt(next);
        keyword = time.size() >= 4 && equalsIgnoringCase(time.substr(0, 4), "Time");
    }
    return keyword ? word : std::string_view();
}

namespace {

// Sets the line and column of the block's issues and of its stop from their offsets.
void locateInBlock(RowBlockResult& result, std::string_view block, std::uint32_t firstLine,
                   std::uint32_t firstColumn) {
    result.issues.locate(block, firstLine, firstColumn);
    if (result.stop.reason != RowStopReason::None) {
        const LineEnds ends = lineEndsIn(block, 0, result.stop.offset);
        result.stop.line = firstLine + static_cast<std::uint32_t>(ends.count);
        result.stop.column = static_cast<std::uint32_t>(result.stop.offset - ends.lastEnd) +
                             (ends.count == 0 ? firstColumn : 1);
    }
}

// Fast steps on both walks (each at a value), one value of each in turn, while both allow.
BVH_ALWAYS_INLINE void takeFastStepPairs(const BlockParser& first, RowWalk& firstWalk,
                                         const BlockParser& second, RowWalk& secondWalk) {
    const std::int64_t steps =
        std::min(first.fastStepLimit(firstWalk), second.fastStepLimit(secondWalk));
    const char* firstP = firstWalk.p;
    const char* secondP = secondWalk.p;
    std::int64_t firstTaken = 0;
    std::int64_t secondTaken = 0;
    while (secondTaken < steps && takeFastStep(firstP, firstWalk.next + firstTaken)) {
        ++firstTaken;
        if (!takeFastStep(secondP, secondWalk.next + secondTaken)) {
            break;
        }
        ++secondTaken;
    }
    advanceWalk(firstWalk, firstP, firstTaken);
    advanceWalk(secondWalk, secondP, secondTaken);
}

// Reads the rows of both parsers, one value of each in turn, until one of them ends, then the
// other's alone. A value's scan waits on the step to it, which waits on the scan before (the
// length of the number): one block's values form one chain of dependent operations, and
// taking turns gives the processor two independent chains to overlap.
void parseSideBySide(BlockParser& first, BlockParser& second) {
    RowWalk firstWalk;
    RowWalk secondWalk;
    bool firstMore = first.start(firstWalk);
    bool secondMore = second.start(secondWalk);
    while (firstMore && secondMore) {
        takeFastStepPairs(first, firstWalk, second, secondWalk);
        if (!first.readValue(firstWalk)) {
            firstMore = first.nextRow(firstWalk);
        }
        if (!second.readValue(secondWalk)) {
            secondMore = second.nextRow(secondWalk);
        }
    }
    first.readRows(firstWalk, firstMore);
    second.readRows(secondWalk, secondMore);
}

} // namespace

RowBlockResult parseRowBlock(std::string_view block, std::uint32_t firstLine,
                             std::uint32_t firstColumn, std::uint32_t channels, float* destination,
                             std::uint64_t maxRows) {
    RowBlockResult result = BlockParser(block, channels, destination, maxRows).parse();
    locateInBlock(result, block, firstLine, firstColumn);
    return result;
}

std::array<RowBlockResult, 2> parseRowBlockPair(const std::array<RowBlockInput, 2>& blocks,
                                                std::uint32_t channels) {
    BlockParser first(blocks[0].text, channels, blocks[0].destination, UINT64_MAX);
    BlockParser second(blocks[1].text, channels, blocks[1].destination, UINT64_MAX);
    parseSideBySide(first, second);
    std::array<RowBlockResult, 2> results{first.take(), second.take()};
    for (std::size_t i = 0; i < results.size(); ++i) {
        locateInBlock(results[i], blocks[i].text, blocks[i].firstLine, blocks[i].firstColumn);
    }
    return results;
}

void inheritPreviousFrame(const RowBlockResult& block, const float* previousRow, float* rows,
                          std::uint32_t channels) {
    for (std::uint32_t column = 0; column < block.inheritedRows.size(); ++column) {
        for (std::uint64_t row = 0; row < block.inheritedRows[column]; ++row) {
            rows[row * channels + column] = previousRow[column];
        }
    }
}

} // namespace bvh
