// Reading BVH text into a skeleton and a motion, with diagnostics.
//
// The reader is token based and forgiving of every layout seen in real files: case-insensitive
// keywords, any whitespace and line ending (LF, CRLF, CR), braces on the same line as a keyword,
// a UTF-8 BOM, several ROOTs, joint names with spaces and punctuation, any channel count and
// order, every strtod number form. Recoverable oddities (declared frame count differs from the
// rows present, short or long rows, unknown channels, missing MOTION or Frame Time) are warnings
// and the file loads; structural problems are errors and the document holds no skeleton.
//
// Never throws, never prints, never recurses per nesting level (deep files cannot overflow the
// stack), and never allocates by a count the file declares: memory follows the file's content.
#pragma once

#include "core/model/diagnostic.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

namespace bvh {

struct SourceLocation {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

struct Document {
    Skeleton skeleton;
    Motion motion;
    std::vector<SourceLocation> nodeLocations;      // where each node's ROOT/JOINT/End Site is
    std::optional<std::int64_t> declaredFrameCount; // the `Frames:` value, if present
    bool hasMotionSection = false;
    std::vector<Diagnostic> diagnostics; // in the order of the text once a parse returns

    bool loaded() const { return !hasErrors(diagnostics); }
};

// Progress of a load, shared with another thread (a viewer's progress bar).
struct LoadProgress {
    std::atomic<std::uint64_t> bytesTotal{0}; // file size (0 while unknown)
    std::atomic<std::uint64_t> bytesRead{0};
    // Frames [0, framesLoaded) of document.motion.values are complete and final. Read them
    // only while holding ParseOptions::motionLock: the value storage may grow (move) while
    // the load runs.
    std::atomic<std::uint32_t> framesLoaded{0};
    std::atomic<bool> cancelRequested{false}; // set by the other thread to stop the load

    // 0..1 of the file's bytes read (0 while the size is unknown).
    double fractionRead() const {
        const std::uint64_t total = bytesTotal.load(std::memory_order_relaxed);
        const std::uint64_t read = bytesRead.load(std::memory_order_relaxed);
        return total == 0 ? 0.0 : static_cast<double>(read) / static_cast<double>(total);
    }
};

// ParseOptions::threads for a load that something waits for (a command, a viewer's progress
// bar): one thread per hardware thread, at most kMostLoadThreads. More would add little (the
// reading is one thread) and cost two blocks of text per thread
// (ParseOptions::blockBytesPerThread).
inline constexpr unsigned kEveryCore = 0;
inline constexpr unsigned kMostLoadThreads = 8;

struct ParseOptions {
    // Threads parsing motion rows: 1 (default), 2, ... or kEveryCore. The result is identical,
    // to the bit, for any count.
    unsigned threads = 1;
    // Text per thread in each block of rows: a block of blockBytesPerThread x threads bytes
    // is read while the one before it is parsed, in pieces of a sixteenth of this when there
    // are several threads. Larger blocks amortise thread start-up; smaller ones show the first
    // frames sooner. Tests use tiny blocks to exercise every boundary.
    std::size_t blockBytesPerThread = std::size_t{4} << 20;
    // The first block of rows is at most this long, so that the first frames are ready a
    // moment after the header (a viewer shows the first pose) rather than after a full block.
    std::size_t firstBlockBytes = std::size_t{256} << 10;
    LoadProgress* progress = nullptr;
    // Taken whenever document.motion.values is resized (required with `progress` when another
    // thread reads frames during the load).
    std::mutex* motionLock = nullptr;
    // Called once the skeleton, Frame Time and declared frame count are known, before the
    // first row: from then on document.skeleton and the motion header no longer change.
    std::function<void()> onHeaderReady;
};

// Parses BVH text. On error, `skeleton` and `motion` are empty and diagnostics say why.
Document parseDocument(std::string_view text, const ParseOptions& options = {});

// Reads and parses a file, streaming it: memory holds the floats and two blocks of text,
// never the whole text. I/O failures (missing, unreadable, a directory, a file that changes
// or shrinks while it is read) are an error diagnostic at line 0, column 0.
Document loadDocument(const std::filesystem::path& path, const ParseOptions& options = {});

// The options of a load that uses every core (kEveryCore), otherwise the defaults.
ParseOptions everyCoreOptions();

// loadDocument into an existing Document, so another thread can watch it fill (see
// LoadProgress and ParseOptions::onHeaderReady). `document` must be empty. When
// options.motionLock is given, a failed load is not emptied here (the watching thread may still
// read it): its owner calls dropIfFailed once the load has finished.
void loadDocumentInto(Document& document, const std::filesystem::path& path,
                      const ParseOptions& options);

// Empties the skeleton and motion of a document with an error: nothing half-loaded is kept.
void dropIfFailed(Document& document);

} // namespace bvh
