// Reads the MOTION section. Internal to the core; see document.h for the contract.
#pragma once

#include "core/reader/document.h"
#include "core/reader/text_source.h"
#include "core/reader/tokenizer.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace bvh {

// Reads `Frames:` and `Frame Time:` after the MOTION keyword into document.motion and
// document.declaredFrameCount. Every problem is a warning. Returns where the declared count
// stands (the MOTION keyword when there is none), for the warning about a count that
// disagrees with the rows.
Token readMotionHeader(Tokenizer& tokens, const Token& motionKeyword, Document& document);

// The memory bound of the motion values: at most this many values (4 bytes each) per byte of
// the motion text, plus kRepairAllowanceValues, plus one frame. A well-formed row needs 2 bytes of
// text per value (a digit and a blank), so only rows completed from the previous frame can come
// near it: 1 MB of one-value rows under 2 000 channels would otherwise fill 4 GB.
inline constexpr std::uint64_t kMaxValuesPerTextByte = 2;
// And this many values more (4 MB), so that a few short rows in a small file always load.
inline constexpr std::uint64_t kRepairAllowanceValues = std::uint64_t{1} << 20;

// Reads every row from `source`, whose available() starts right after the header at
// line/column. A frame is never silently shifted (short rows are completed from the previous
// frame, long rows cut at the channel count, both reported). A line starting with a section
// keyword (HIERARCHY, ROOT, MOTION, "Frames:", "Frame Time:") ends the rows with a warning, and
// the text after it is not read. Errors: completed rows beyond kMaxValuesPerTextByte, I/O
// errors and cancellation. `declaredCountAt`: where readMotionHeader said the count stands.
// Returns the largest magnitude of each channel over the frames loaded (position channels only,
// the others 0), for warnAboutUnboundedPositions.
std::vector<double> readMotionRows(TextSource& source, std::uint32_t line, std::uint32_t column,
                                   SourceLocation declaredCountAt, Document& document,
                                   const ParseOptions& options);

// readMotionRows one block of rows at a time: `while (rows.step()) {} rows.finish();` is
// readMotionRows, for a caller that must return between blocks (a page with no threads loads
// in steps between frames: SteppedLoad). Between steps, frames [0, progress->framesLoaded) of
// document.motion.values are final and `source`, `document` and `options` must stay as they
// are (the next block read is held in the source's buffer).
class MotionRowsReader {
public:
    // Reads the first block (options.firstBlockBytes).
    MotionRowsReader(TextSource& source, std::uint32_t line, std::uint32_t column,
                     SourceLocation declaredCountAt, Document& document,
                     const ParseOptions& options);
    ~MotionRowsReader();
    MotionRowsReader(const MotionRowsReader&) = delete;
    MotionRowsReader& operator=(const MotionRowsReader&) = delete;

    // Parses one block and reads the next; false once no rows are left to read (then finish()).
    // Where the source has no text ahead (a download still arriving), the step merges the block
    // and publishes its frames without reading on, and the next step only reads the next block.
    bool step();
    // The current block's rows are not merged yet: a step can run whether or not text is ahead
    // (the block may end the rows, as a second capture's HIERARCHY line does).
    bool holdsUnmergedRows() const;
    // Ends the rows now with the error a cancelled load has ("loading was cancelled"); finish()
    // still follows. What options.progress->cancelRequested does at the end of a step.
    void cancel();
    // The checks after the last row: the declared count, a file that changed, the memory bound.
    // Returns what readMotionRows returns.
    std::vector<double> finish();
    // The line after the last block read (the last line, when the text ended inside it).
    std::uint32_t lineAfterRows() const;

private:
    // The step after one that merged its block with no text ahead: reads the next block.
    bool takeAwaitedBlock();
    // After the next block was read (`nextRead`: false on an I/O error): the load's failure, a
    // cancel, or the next block made current. Returns whether rows are left to read.
    bool turnToNextBlock(bool nextRead);

    struct State;
    std::unique_ptr<State> state_;
};

} // namespace bvh
