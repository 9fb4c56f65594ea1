// Motion rows: parsing a block of lines into frames. Internal to the core.
//
// A block is any run of whole lines of the MOTION section. Blocks can be parsed independently
// (on different threads) and their results appended in order; issues are recorded as events
// and turned into diagnostics once, after merging, so the messages and their "listed ten times
// then summarised" budget are the same however the rows were split.
#pragma once

#include "core/model/diagnostic.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

enum class RowIssueKind : std::uint8_t {
    ShortRow,
    LongRow,
    GluedNumbers,
    NotANumber,
    NotFinite,
    WordsOnly, // a line of words and no number (a footer): not a frame
};
inline constexpr std::size_t kRowIssueKinds = 6;

struct RowIssue {
    RowIssueKind kind = RowIssueKind::ShortRow;
    // Where in the block the issue is: line and column are derived from it by
    // RowIssueLog::locate once the block is parsed (the row loop does not count columns).
    std::size_t offset = 0;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint64_t row = 0;    // frame index, relative to the block until merged
    std::uint32_t values = 0; // values found in the row (short and long rows)
    std::string token;        // the offending text (not-a-number)
};

class RowIssueLog {
public:
    // Keeps the first ten issues of each kind and counts the others.
    void add(RowIssue issue);
    // Sets the line and column of every kept issue from its offset in `block`, whose first
    // byte is at firstLine/firstColumn.
    void locate(std::string_view block, std::uint32_t firstLine, std::uint32_t firstColumn);
    // Appends the issues of the block that follows this one (located); its row numbers are
    // shifted by `rowOffset` (the rows before it).
    void append(RowIssueLog&& later, std::uint64_t rowOffset);
    void appendDiagnostics(std::vector<Diagnostic>& out, std::uint32_t channels) const;

private:
    static constexpr std::size_t kListed = 10;
    std::array<std::vector<RowIssue>, kRowIssueKinds> listed_;
    std::array<std::uint64_t, kRowIssueKinds> unlisted_{};
    // The first issue of each kind that is only counted: its line starts the summary.
    std::array<std::size_t, kRowIssueKinds> firstUnlistedOffset_{};
    std::array<std::uint32_t, kRowIssueKinds> firstUnlistedLine_{};
};

// Why a block's rows ended before its text did.
enum class RowStopReason : std::uint8_t {
    None,
    // A line starting with a section keyword (HIERARCHY, ROOT, MOTION, "Frames:", "Frame
    // Time:"): text after the rows that is not rows, such as a second file appended to the
    // first. Its rows are never read as frames.
    SectionKeyword,
    // The row limit given to parseRowBlock was reached (the motion memory bound).
    RowLimit,
};

struct RowStop {
    RowStopReason reason = RowStopReason::None;
    std::size_t offset = 0; // in the block, of the line that was not read
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::string keyword; // SectionKeyword: the keyword as spelled
};

struct RowBlockResult {
    std::uint64_t rows = 0;
    RowStop stop; // reason None when every line of the block was read
    // The block is parsed without the frame before it: a value its first row lacks (short
    // row, NaN, a word) is 0 there, and so are the copies of it in the rows that follow. Per
    // channel, how many leading rows hold such a value; empty when the first row lacked none.
    // inheritPreviousFrame puts the real value in once that frame is known.
    std::vector<std::uint64_t> inheritedRows;
    RowIssueLog issues;
};

// Parses the rows of `block` (whole lines) into `destination`, channels floats per row.
// `firstLine`/`firstColumn` place the block's first byte in the file. `destination` must hold
// min(countRowLines(block), maxRows + 1) rows. Values a row lacks come from the row before it
// (0 for the first row: see RowBlockResult::inheritedRows). Stops at a line that starts with a
// section keyword, and before a frame beyond `maxRows` (RowBlockResult::stop says which).
RowBlockResult parseRowBlock(std::string_view block, std::uint32_t firstLine,
                             std::uint32_t firstColumn, std::uint32_t channels, float* destination,
                             std::uint64_t maxRows = UINT64_MAX);

// One of the blocks parseRowBlockPair reads: its text, where its first byte is in the file, and
// where its rows go (as parseRowBlock's arguments).
struct RowBlockInput {
    std::string_view text;
    std::uint32_t firstLine = 1;
    std::uint32_t firstColumn = 1;
    float* destination = nullptr;
};

// parseRowBlock of two blocks (no row limit), on the calling thread, one value of each in turn:
// the two scans overlap in the processor, so the pair takes less time than the blocks one after
// the other. The results are those of parseRowBlock on each block.
std::array<RowBlockResult, 2> parseRowBlockPair(const std::array<RowBlockInput, 2>& blocks,
                                                std::uint32_t channels);

// The section keyword a line of the rows starts with, where parseRowBlock stops: HIERARCHY,
// ROOT, MOTION, "Frames:", "FrameTime:" or "Frame Time" (any case). `line` starts at the line's
// first byte that is not blank and may end anywhere after it (its first bytes are enough). The
// line's first word when it is one of them; empty otherwise.
std::string_view sectionKeywordAt(std::string_view line);

// Completes the block's leading rows (`rows`, as parsed) from `previousRow`, the frame before
// the block.
void inheritPreviousFrame(const RowBlockResult& block, const float* previousRow, float* rows,
                          std::uint32_t channels);

// Number of lines in `text` (LF, CRLF or lone CR terminated, plus an unterminated last line).
std::uint64_t countLines(std::string_view text);

// Number of lines in `text` that hold something other than blanks: an upper bound of the rows
// it can hold. Storage is reserved by this count, so blank lines cost no memory (a million
// blank lines under 2 000 channels would otherwise reserve 8 GB).
std::uint64_t countRowLines(std::string_view text);

// Both counts in one pass over the line ends.
struct LineCounts {
    std::uint64_t lines = 0;
    std::uint64_t rows = 0;
};
LineCounts countLinesAndRows(std::string_view text);

} // namespace bvh
