// Motion rows: parsing a block of lines into frames. Internal to the core.
//
// A block is any run of whole lines of the MOTION section. Blocks can be parsed independently
// (on different threads) and their results appended in order; issues are recorded as events
// and turned into diagnostics once, after merging, so the messages and their "listed ten times
// then summarised" budget are the same however the rows were split.
#pragma once

#include "diagnostic.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

enum class RowIssueKind : std::uint8_t { ShortRow, LongRow, GluedNumbers, NotANumber, NotFinite };
inline constexpr std::size_t kRowIssueKinds = 5;

struct RowIssue {
    RowIssueKind kind = RowIssueKind::ShortRow;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint64_t row = 0;    // frame index, relative to the block until merged
    std::uint32_t values = 0; // values found in the row (short and long rows)
    std::string token;        // the offending text (not-a-number)
};

class RowIssueLog {
public:
    void add(RowIssue issue);
    // Appends the issues of the block that follows this one; its row numbers are shifted by
    // `rowOffset` (the rows before it).
    void append(RowIssueLog&& later, std::uint64_t rowOffset);
    void appendDiagnostics(std::vector<Diagnostic>& out, std::uint32_t channels) const;

private:
    static constexpr std::size_t kListed = 10;
    std::array<std::vector<RowIssue>, kRowIssueKinds> listed_;
    std::array<std::uint64_t, kRowIssueKinds> unlisted_{};
    std::array<std::uint32_t, kRowIssueKinds> firstUnlistedLine_{};
};

struct RowBlockResult {
    std::uint64_t rows = 0;
    // The block's first row borrowed values from the frame before it (short row, NaN, ...):
    // a block parsed without that frame must be parsed again once it is known.
    bool borrowedFromPreviousFrame = false;
    RowIssueLog issues;
};

// Parses the rows of `block` (whole lines) into `destination`, channels floats per row.
// `firstLine`/`firstColumn` place the block's first byte in the file. `previousRow` is the
// frame before the block (nullptr: none known; missing values then become 0). `destination`
// must hold countLines(block) rows.
RowBlockResult parseRowBlock(std::string_view block, std::uint32_t firstLine,
                             std::uint32_t firstColumn, std::uint32_t channels,
                             const float* previousRow, float* destination);

// Number of lines in `text` (LF, CRLF or lone CR terminated, plus an unterminated last line):
// an upper bound of the rows it can hold.
std::uint64_t countLines(std::string_view text);

} // namespace bvh
