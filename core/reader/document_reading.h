// The steps of loadDocument, for a caller that runs them itself (SteppedLoad: a page with no
// threads returns between them). Internal to the core; document.h has the contract.
#pragma once

#include "core/reader/document.h"
#include "core/reader/text_source.h"

#include <cstdint>
#include <optional>
#include <span>

namespace bvh {

// Where the MOTION rows start (what readMotionRows needs after the header).
struct MotionRowsStart {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    SourceLocation declaredCountAt; // the `Frames:` value, or the MOTION keyword without one
};

// Reads HIERARCHY and the motion header from the start of `source` into the empty `document`,
// calls options.onHeaderReady once they are final, and consumes them. Returns where the rows
// start when a MOTION section follows; nullopt when the document has no rows to read (no MOTION
// section, or an error: a bad hierarchy, an I/O error, text that is not BVH).
std::optional<MotionRowsStart> readDocumentHeader(TextSource& source, Document& document,
                                                  const ParseOptions& options);

// The checks of a whole document once it is read, and its diagnostics in the order of the text.
// A document with an error keeps what it read: dropIfFailed empties it. `largestChannelValues`:
// what readMotionRows (MotionRowsReader::finish) returned; empty when no rows were read.
void checkReadDocument(Document& document, std::span<const double> largestChannelValues);

// What a load that ran out of memory (std::bad_alloc) ends as: what was read is released first,
// so that the message can be made, and the one error says so.
void replaceWithOutOfMemoryError(Document& document);

} // namespace bvh
