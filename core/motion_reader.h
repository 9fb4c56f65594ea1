// Reads the MOTION section (after the MOTION keyword). Internal to the core; see document.h.
#pragma once

#include "document.h"
#include "tokenizer.h"

namespace bvh {

// Reads `Frames:`, `Frame Time:` and the rows into document.motion, sized by the skeleton's
// channel count. Never fails: every problem in the motion section is repairable and becomes a
// warning (a frame is never silently shifted: short rows are completed from the previous frame,
// long rows are cut at the channel count, both with the line reported).
void readMotion(Tokenizer& tokens, const Token& motionKeyword, Document& document);

} // namespace bvh
