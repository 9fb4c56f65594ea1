// Reads the MOTION section. Internal to the core; see document.h for the contract.
#pragma once

#include "core/reader/document.h"
#include "core/reader/text_source.h"
#include "core/reader/tokenizer.h"

namespace bvh {

// Reads `Frames:` and `Frame Time:` after the MOTION keyword into document.motion and
// document.declaredFrameCount. Every problem is a warning. Returns where the declared count
// stands (the MOTION keyword when there is none), for the warning about a count that
// disagrees with the rows.
Token readMotionHeader(Tokenizer& tokens, const Token& motionKeyword, Document& document);

// Reads every row from `source`, whose available() starts right after the header at
// line/column. Never fails on content: a frame is never silently shifted (short rows are
// completed from the previous frame, long rows cut at the channel count, both reported). I/O
// errors and cancellation become an error diagnostic.
void readMotionRows(TextSource& source, std::uint32_t line, std::uint32_t column,
                    const Token& declaredCountAt, Document& document, const ParseOptions& options);

} // namespace bvh
