#include "core/reader/motion_reader.h"

#include "core/platform/huge_pages.h"
#include "core/reader/number_scanner.h"
#include "core/reader/parsing_crew.h"
#include "core/reader/position_range.h"
#include "core/reader/row_parser.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

namespace bvh {
namespace {

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
    // "Frames:" with nothing after it, then "Frame Time:" on the next line: the next header
    // line is not this one's value. An empty token at the keyword stands for the missing value.
    const Token value = tokens.peek();
    if (value.line != word.line && value.text.size() >= 5 &&
        equalsIgnoringCase(value.text.substr(0, 5), "Frame")) {
        return Token{{}, word.line, word.column};
    }
    return tokens.next();
}

// [SECTION] Header: Frames and Frame Time

} // namespace

Token readMotionHeader(Tokenizer& tokens, const Token& motionKeyword, Document& document) {
    Motion& motion = document.motion;
    auto warn = [&](const Token& at, std::string message) {
        document.diagnostics.push_back({Severity::Warning, at.line, at.column, std::move(message)});
    };

    // "Frames:" comes first in every file seen, but a "Frame Time:" line before it must not be
    // taken for a frame (and the count after it for a row): either order is read.
    Token countAt = motionKeyword;
    bool framesSeen = false;
    bool frameTimeSeen = false;
    const Token headerStart = tokens.peek();
    Token headerEnd = headerStart;
    for (;;) {
        headerEnd = tokens.peek();
        if (!framesSeen) {
            if (std::optional<Token> frames = readKeywordValue(tokens, "Frames")) {
                framesSeen = true;
                const Token& value = *frames;
                countAt = value;
                double count = 0.0;
                std::size_t used = value.text.empty()
                                       ? 0
                                       : scanNumber(value.text.data(),
                                                    value.text.data() + value.text.size(), count);
                if (value.atEnd()) {
                    warn(value, "'Frames:' has no value; the rows present are counted");
                } else if (used != value.text.size() || used == 0 || !std::isfinite(count) ||
                           count < 0 || count != std::floor(count) || count > 9.0e18) {
                    warn(value, "'Frames:' value " + quotedForMessage(value.text) +
                                    " is not a frame count; the rows present are counted");
                } else {
                    document.declaredFrameCount = static_cast<std::int64_t>(count);
                }
                continue;
            }
        }
        if (!frameTimeSeen) {
            std::optional<Token> frameTime;
            if (equalsIgnoringCase(tokens.peek().text, "Frame")) {
                tokens.next();
                frameTime = readKeywordValue(tokens, "Time");
                if (!frameTime) {
                    // "Frame" followed by something else: not a header line. The token is
                    // consumed; the rows then start at the next token, as before.
                    break;
                }
            } else {
                frameTime = readKeywordValue(tokens, "FrameTime");
            }
            if (frameTime) {
                frameTimeSeen = true;
                const Token& value = *frameTime;
                double seconds = 0.0;
                std::size_t used = value.text.empty()
                                       ? 0
                                       : scanNumber(value.text.data(),
                                                    value.text.data() + value.text.size(), seconds);
                if (value.atEnd()) {
                    warn(value, "'Frame Time:' has no value; 30 fps is assumed");
                } else if (used == 0 || used != value.text.size()) {
                    warn(value, "'Frame Time:' value " + quotedForMessage(value.text) +
                                    " is not a number; 30 fps is assumed");
                } else if (!std::isfinite(seconds) || seconds <= 0.0) {
                    warn(value, "'Frame Time:' value " + quotedForMessage(value.text) +
                                    " is not a positive time; 30 fps is assumed");
                } else if (seconds < kShortestFrameTime || seconds > kLongestFrameTime) {
                    // 5e-324 s per frame is an infinite frame rate, 1e30 s a clip longer than
                    // the universe: no capture has either, and both break every time shown.
                    warn(value, "'Frame Time:' value " + quotedForMessage(value.text) +
                                    " is outside 1 microsecond to 1 hour; 30 fps is assumed");
                } else {
                    motion.frameTime = seconds;
                    motion.frameTimeAssumed = false;
                }
                continue;
            }
        }
        break;
    }
    if (!framesSeen) {
        warn(headerStart.atEnd() ? motionKeyword : headerStart,
             "no 'Frames:' line after MOTION; the rows present are counted");
    }
    if (!frameTimeSeen) {
        warn(headerEnd.atEnd() ? motionKeyword : headerEnd,
             "no 'Frame Time:' line; 30 fps is assumed");
    }
    return countAt;
}

// [SECTION] Rows
//
// The rows are read in blocks of whole lines. Each block is cut into pieces at line ends, and
// the pieces are parsed on 1..N threads, each into the rows its lines would fill if every line
// were a frame; merging them in order moves the rows down over blank and wordy lines and fills
// in the values a piece's first rows took from the frame before it. A crew of threads
// (parsing_crew.h) parses the pieces of two blocks at a time: while the pieces of one block are
// parsed, the main thread reads the next block and places it after the first one's room; the
// others go on to its pieces as soon as the first block's are taken, while the main thread
// merges the first block and publishes its frames.

// Named rather than anonymous: MotionRowsReader::State (below) holds these types, and a type
// with external linkage may not have members of internal-linkage types (GCC's
// -Wsubobject-linkage, as soon as this file is compiled inside a unity batch).
namespace motion_rows {

// The value storage: document.motion.values, grown under the caller's lock so that another
// thread can read finished frames while the load runs. Its capacity follows an estimate of
// the rows the text holds, so that it is allocated once: a vector that grows by reallocation
// holds the old and the new values at once.
class MotionStorage {
public:
    MotionStorage(std::vector<float>& values, std::uint32_t channels, std::mutex* lock)
        : values_(values), channels_(channels), lock_(lock) {}

    std::uint64_t capacityRows() const {
        return channels_ == 0 ? 0 : values_.capacity() / channels_;
    }

    float* data() { return values_.data(); }
    // The end of the allocation: where the rooms of later blocks end at most.
    float* capacityEnd() { return values_.data() + values_.capacity(); }

    // Room for `rows` rows in all (reallocating to `capacityRows` if that is not enough); returns
    // the start of the storage.
    float* ensureRows(std::uint64_t rows, std::uint64_t capacityRows) {
        const std::uint64_t needed = rows * channels_;
        if (values_.size() < needed) {
            auto guard = lock();
            if (values_.capacity() < needed) {
                reserveLocked(std::max(rows, capacityRows));
            }
            values_.resize(needed);
        }
        return values_.data();
    }

    // Room for `rows` rows in all if the capacity holds them, else nothing: values move only
    // while no other thread writes rows. Other threads may be writing the rows below the
    // current size meanwhile: growing the size within the capacity leaves those alone.
    void growWithinCapacity(std::uint64_t rows) {
        const std::uint64_t needed = rows * channels_;
        if (values_.size() < needed && values_.capacity() >= needed) {
            auto guard = lock();
            values_.resize(needed);
        }
    }

    // Reallocates now, while the rows placed are few, when the estimate has outgrown the
    // capacity.
    void reserveRows(std::uint64_t rows) {
        if (values_.capacity() < rows * channels_) {
            auto guard = lock();
            reserveLocked(rows);
        }
    }

    // Keeps `rows` rows. The capacity is not shrunk: that would copy every value while both
    // copies are held, and the capacity beyond the rows was never touched, so it costs address
    // space, not memory.
    void finish(std::uint64_t rows) {
        auto guard = lock();
        values_.resize(rows * channels_);
    }

private:
    std::unique_lock<std::mutex> lock() {
        return lock_ ? std::unique_lock<std::mutex>(*lock_) : std::unique_lock<std::mutex>();
    }

    // A reallocation holds the values twice while it copies them, so it should happen once,
    // early: an estimate that falls short (rows that get shorter further on, and no frame
    // count to say so) doubles the capacity at the first block that shows it.
    void reserveLocked(std::uint64_t rows) {
        values_.reserve(std::max<std::uint64_t>(rows * channels_, 2 * values_.capacity()));
        adviseHugePages(values_.data(), values_.capacity() * sizeof(float));
    }

    std::vector<float>& values_;
    std::uint32_t channels_;
    std::mutex* lock_;
};

// Where the next block of whole lines ends: after the last line end within the first
// `window` bytes of `text`, or after the first line end beyond it when one line is longer
// than the window. 0 means more text must be read first. A CR that is the last byte read
// could be the first half of a CRLF, so it only counts once the next byte is known.
std::size_t blockEnd(std::string_view text, std::size_t window, bool complete) {
    if (complete && text.size() <= window) {
        return text.size();
    }
    auto endAfter = [&](std::size_t terminator) -> std::size_t {
        if (text[terminator] == '\n') {
            return terminator + 1;
        }
        if (terminator + 1 < text.size()) {
            return text[terminator + 1] == '\n' ? terminator + 2 : terminator + 1;
        }
        return complete ? terminator + 1 : 0;
    };
    window = std::min(window, text.size());
    const std::size_t lastInWindow = text.substr(0, window).find_last_of("\r\n");
    if (lastInWindow != std::string_view::npos) {
        const std::size_t end = endAfter(lastInWindow);
        if (end != 0) {
            return end;
        }
        const std::size_t earlier = lastInWindow == 0 ? std::string_view::npos
                                                      : text.find_last_of("\r\n", lastInWindow - 1);
        if (earlier != std::string_view::npos) {
            return endAfter(earlier);
        }
    }
    const std::size_t firstBeyond = text.find_first_of("\r\n", window);
    if (firstBeyond != std::string_view::npos) {
        return endAfter(firstBeyond);
    }
    return complete ? text.size() : 0;
}

// A block of whole lines, cut into pieces at line feeds.
struct RowBlock {
    struct Piece {
        std::string_view text;
        std::uint64_t linesBefore = 0; // lines of the block before this piece
        std::uint64_t rowsBefore = 0;  // lines that are not blank (rows at the most) before it
        RowBlockResult result;
        std::vector<float> largestPositions; // of its rows, per RowStream::positionColumns_
    };
    std::string_view text; // empty: no rows left
    std::uint32_t firstLine = 0;
    std::uint32_t firstColumn = 1;
    std::uint64_t lines = 0;
    std::uint64_t rowBound = 0;      // lines that are not blank: the rows the block can hold
    std::uint64_t consumedAfter = 0; // bytes of the source up to the end of this block
    std::vector<Piece> pieces;
    bool counted = false; // its lines and bytes are in the row estimate (RowStream::count)
};

// Takes blocks of whole lines from the source, reading as needed.
class BlockReader {
public:
    BlockReader(TextSource& source, std::size_t firstBlockBytes, std::size_t blockBytes,
                std::size_t pieceBytes, std::uint32_t line, std::uint32_t column)
        : source_(source), blockBytes_(std::min(firstBlockBytes, blockBytes)),
          laterBlockBytes_(blockBytes), pieceBytes_(pieceBytes), line_(line), column_(column) {}

    // The next block (empty at the end of the text). False on an I/O error (source.error()).
    bool take(RowBlock& block) {
        block = RowBlock{};
        for (;;) {
            std::string_view text = source_.available();
            if (!source_.complete() && text.size() < blockBytes_) {
                if (!source_.readMore(blockBytes_ - text.size())) {
                    return false;
                }
                text = source_.available();
            }
            const std::size_t end = blockEnd(text, blockBytes_, source_.complete());
            if (end == 0 && !source_.complete()) {
                // A line longer than a block: read on until it ends.
                if (!source_.readMore(std::max(text.size(), blockBytes_))) {
                    return false;
                }
                continue;
            }
            if (end == 0) {
                return true;
            }
            block.text = text.substr(0, end);
            break;
        }
        source_.consume(block.text.size());
        blockBytes_ = laterBlockBytes_;
        block.consumedAfter = source_.consumedBytes();
        block.firstLine = line_;
        block.firstColumn = column_;
        split(block);
        line_ += static_cast<std::uint32_t>(block.lines);
        column_ = 1;
        if (block.text.back() != '\n' && block.text.back() != '\r') {
            --line_; // the block ended inside its last line: that is the end of the text
        }
        return true;
    }

    // The line after the last block taken.
    std::uint32_t line() const { return line_; }

private:
    // Pieces of about pieceBytes_, each ending after a line feed (a CR LF is never cut, and
    // text with lone CR line ends stays one piece).
    void split(RowBlock& block) const {
        const std::string_view text = block.text;
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = text.size();
            if (text.size() - start > pieceBytes_) {
                const std::size_t feed = text.find('\n', start + pieceBytes_ - 1);
                if (feed != std::string_view::npos) {
                    end = feed + 1;
                }
            }
            const std::string_view piece = text.substr(start, end - start);
            block.pieces.push_back({piece, block.lines, block.rowBound, {}, {}});
            const LineCounts counts = countLinesAndRows(piece);
            block.lines += counts.lines;
            block.rowBound += counts.rows;
            start = end;
        }
    }

    TextSource& source_;
    std::size_t blockBytes_; // of the next block: the first is shorter (firstBlockBytes)
    std::size_t laterBlockBytes_;
    std::size_t pieceBytes_;
    std::uint32_t line_;
    std::uint32_t column_;
};

// Where a block's rows go while they are parsed, and its share of the crew's work.
struct PlacedBlock {
    CrewJob job;
    float* rows = nullptr;      // where its first row is parsed into
    std::uint64_t firstRow = 0; // that row's index
    std::uint64_t roomRows = 0; // the rows it may fill
    std::uint64_t maxRows = UINT64_MAX;
    bool placed = false; // handed to the crew, not merged yet
};

// The threads that parse rows (ParseOptions::threads). The web page is built without pthreads
// (static hosting has no SharedArrayBuffer), where starting a std::thread fails: every parse
// there runs on the caller's thread, in steps between frames when it is large (SteppedLoad).
unsigned parsingThreads(unsigned requested) {
#ifdef __EMSCRIPTEN__
    static_cast<void>(requested);
    return 1;
#else
    return requested == kEveryCore
               ? std::clamp(std::thread::hardware_concurrency(), 1u, kMostLoadThreads)
               : requested;
#endif
}

class RowStream {
public:
    // `totalBytes`: the size of the whole text if known (0 otherwise); `motionStart`: the bytes
    // before the first row.
    RowStream(Document& document, const ParseOptions& options, std::uint64_t totalBytes,
              std::uint64_t motionStart)
        : channels_(static_cast<std::uint32_t>(document.skeleton.totalChannels())),
          storage_(document.motion.values, channels_, options.motionLock),
          declaredFrames_(document.declaredFrameCount), threads_(parsingThreads(options.threads)),
          totalBytes_(totalBytes),
          motionBytes_(totalBytes > motionStart ? totalBytes - motionStart : 0),
          positionColumns_(positionColumns(document.skeleton)),
          largestPositions_(positionColumns_.size(), 0.0f) {}

    // Places `block` after the rows merged so far, with nothing else under way (the first
    // block, or one that could not be placed ahead): makes room for its rows, reallocating
    // the values if the estimate has outgrown them, and hands it to the crew, open.
    void place(RowBlock& block, PlacedBlock& placed, ParsingCrew& crew) {
        count(block);
        crew.abandon(); // nothing may run while the values move (an earlier room's last chunk)
        // The memory bound (see rowLimit): a block whose lines could exceed it is parsed as one
        // piece that stops at the limit, into room for the limit and one spare row.
        const std::uint64_t limit = rowLimit();
        placed.maxRows = UINT64_MAX;
        placed.roomRows = block.rowBound;
        if (rows_ + block.rowBound > limit) {
            block.pieces.resize(1);
            block.pieces.front() = {block.text, 0, 0, {}, {}};
            placed.maxRows = limit - rows_;
            placed.roomRows = placed.maxRows + 1;
        }
        const Estimate estimate = estimateRows(block, rows_);
        if (rows_ == 0 || estimate.rows > storage_.capacityRows()) {
            // At the first block, and once if the estimate falls short.
            storage_.reserveRows(std::max(estimate.room, rows_ + placed.roomRows));
        }
        float* const base = storage_.ensureRows(rows_ + placed.roomRows, estimate.room);
        placed.firstRow = rows_;
        placed.rows = base + rows_ * channels_;
        placed.job.prepare = nullptr;
        hand(block, placed, crew, {nullptr, 0});
    }

    // Places `next` right after the room of `current`, which is still being parsed, when the
    // capacity of the values holds its rows and the estimate asks for no more (values move only
    // while nothing is parsed): the crew populates its room at once, grows the values over it,
    // and takes its pieces once those of `current` are taken. Otherwise false, and place()
    // takes it once `current` is merged.
    bool placeAhead(RowBlock& next, PlacedBlock& placed, const PlacedBlock& current,
                    ParsingCrew& crew) {
        count(next);
        if (current.maxRows != UINT64_MAX) {
            return false; // the rows end at the memory bound
        }
        const std::uint64_t firstRow = current.firstRow + current.roomRows;
        const std::uint64_t end = firstRow + next.rowBound;
        const std::uint64_t capacity = storage_.capacityRows();
        if (end > rowLimit() || end > capacity || estimateRows(next, firstRow).rows > capacity) {
            return false;
        }
        placed.maxRows = UINT64_MAX;
        placed.roomRows = next.rowBound;
        placed.firstRow = firstRow;
        placed.rows = storage_.data() + firstRow * channels_;
        // The values grow over this room only once the crew has populated it: see CrewJob. The
        // rows below are still being written meanwhile, and growing within the capacity leaves
        // them where they are.
        placed.job.prepare = [this, end] { storage_.growWithinCapacity(end); };
        hand(next, placed, crew,
             {reinterpret_cast<char*>(placed.rows), next.rowBound * channels_ * sizeof(float)});
        return true;
    }

    // Moves the rows of a parsed block down to the end of the rows merged so far, fills in what
    // its first rows take from the frame before, and keeps its issues. Blocks placed after it
    // may be parsed meanwhile: its rows only move down, never into their room.
    void merge(RowBlock& block, const PlacedBlock& placed) {
        float* const base = storage_.data();
        for (RowBlock::Piece& piece : block.pieces) {
            const float* const parsed = placed.rows + piece.rowsBefore * channels_;
            float* const final = base + rows_ * channels_;
            const std::uint64_t rows = piece.result.rows;
            if (final != parsed && rows > 0 && channels_ > 0) {
                std::memmove(final, parsed, rows * channels_ * sizeof(float));
            }
            if (rows_ > 0 && !piece.result.inheritedRows.empty()) {
                inheritPreviousFrame(piece.result, final - channels_, final, channels_);
            }
            issues_.append(std::move(piece.result.issues), rows_);
            for (std::size_t i = 0; i < piece.largestPositions.size(); ++i) {
                largestPositions_[i] = std::max(largestPositions_[i], piece.largestPositions[i]);
            }
            rows_ += rows;
            if (piece.result.stop.reason != RowStopReason::None) {
                // The text from here on is not rows: the pieces after this one are dropped.
                stop_ = std::move(piece.result.stop);
                break;
            }
        }
    }

    // Set when the rows ended before the text (a section keyword, the memory bound).
    const RowStop& stop() const { return stop_; }
    // The most rows the values may hold: kMaxValuesPerTextByte values per byte of the motion
    // text (the whole file's when its size is known, else the text read so far), plus
    // kRepairAllowanceValues, plus one row.
    std::uint64_t rowLimit() const {
        if (channels_ == 0) {
            return UINT64_MAX; // rows of no values take no memory
        }
        const std::uint64_t bytes = std::max(motionBytes_, bytesSeen_);
        return (kMaxValuesPerTextByte * bytes + kRepairAllowanceValues + channels_) / channels_;
    }
    std::uint64_t rows() const { return rows_; }
    std::uint32_t channels() const { return channels_; }
    unsigned threads() const { return threads_; }

    void finish(Document& document) {
        storage_.finish(rows_);
        issues_.appendDiagnostics(document.diagnostics, channels_);
    }

    // The largest magnitude of each channel over the rows merged (position channels only, the
    // others 0), for warnAboutUnboundedPositions.
    std::vector<double> largestChannelValues() const {
        std::vector<double> largest(channels_, 0.0);
        for (std::size_t i = 0; i < positionColumns_.size(); ++i) {
            largest[positionColumns_[i]] = largestPositions_[i];
        }
        return largest;
    }

private:
    struct Estimate {
        std::uint64_t rows; // the rows the text holds by the lines per byte seen so far
        std::uint64_t room; // the rows to reserve room for
    };

    // The rows the storage should hold by the end: the rows so far, this block's lines, and
    // the lines of the text left at the lines per byte seen so far, with a margin of 1/16.
    // Memory follows the content: a declared frame count is believed only when the text left
    // could hold it at two bytes per value ("0 ") and it is not well below the estimate; the
    // room reserved is then the larger of the two. Without such a count the room is twice the
    // estimate (within the same bound), so that rows getting shorter further on (a capture
    // ending in a rest pose of zeros) need no reallocation: room never touched is address
    // space, not memory, while a reallocation holds the values twice as it copies them.
    // `rowsBefore`: the row the block is placed at.
    Estimate estimateRows(const RowBlock& block, std::uint64_t rowsBefore) const {
        // Never beyond the memory bound: the rows past it are an error, not frames.
        const std::uint64_t limit = rowLimit() == UINT64_MAX ? UINT64_MAX : rowLimit() + 1;
        const std::uint64_t placed = std::min(rowsBefore + block.rowBound, limit);
        const std::uint64_t left =
            totalBytes_ > block.consumedAfter ? totalBytes_ - block.consumedAfter : 0;
        if (channels_ == 0 || left == 0) {
            return {placed, placed};
        }
        const double leftLines = static_cast<double>(left) * static_cast<double>(linesSeen_) /
                                 static_cast<double>(bytesSeen_);
        // Never more rows than the text can hold (a value and a blank take two bytes): a
        // block of a few short lines (a blank line before rows megabytes long) says little.
        const std::uint64_t fitting = placed + left / (2 * std::uint64_t{channels_}) + 1;
        const auto rows =
            std::min({placed + static_cast<std::uint64_t>(leftLines * 17 / 16), fitting, limit});
        if (declaredFrames_) {
            const auto declared = static_cast<std::uint64_t>(*declaredFrames_);
            if (declared <= fitting && declared <= limit &&
                declared >= placed + static_cast<std::uint64_t>(leftLines * 3 / 4)) {
                return {rows, std::max(rows, declared)};
            }
        }
        return {rows, std::max(rows, std::min({2 * rows, fitting, limit}))};
    }

    // Adds the block's lines and bytes to what the row estimate and the memory bound go by,
    // once.
    void count(RowBlock& block) {
        if (!block.counted) {
            block.counted = true;
            linesSeen_ += block.rowBound;
            bytesSeen_ += block.text.size();
        }
    }

    void hand(RowBlock& block, PlacedBlock& placed, ParsingCrew& crew,
              std::pair<char*, std::size_t> room) {
        CrewJob& job = placed.job;
        // Pieces are parsed two at a time, side by side (parseRowBlockPair), except a block
        // that stops at the row limit (one piece).
        const bool paired = placed.maxRows == UINT64_MAX;
        job.pieces = paired ? (block.pieces.size() + 1) / 2 : block.pieces.size();
        job.roomBegin = room.first;
        job.roomEnd = room.first + room.second;
        job.regionEnd = reinterpret_cast<char*>(storage_.capacityEnd());
        job.parsePiece = [this, &block, &placed, paired](std::size_t index) {
            if (!paired) {
                parsePiece(block, placed, index);
            } else if (2 * index + 1 == block.pieces.size()) {
                parsePiece(block, placed, 2 * index);
            } else {
                parsePiecePair(block, placed, 2 * index);
            }
        };
        placed.placed = true;
        crew.add(job);
    }

    float* piecesRows(const RowBlock::Piece& piece, const PlacedBlock& placed) const {
        return placed.rows + piece.rowsBefore * channels_;
    }

    void parsePiece(RowBlock& block, const PlacedBlock& placed, std::size_t index) {
        RowBlock::Piece& piece = block.pieces[index];
        piece.result = parseRowBlock(
            piece.text, static_cast<std::uint32_t>(block.firstLine + piece.linesBefore),
            index == 0 ? block.firstColumn : 1, channels_, piecesRows(piece, placed),
            placed.maxRows);
        gatherLargestPositions(piece, placed);
    }

    // Pieces `first` and the one after it, side by side.
    void parsePiecePair(RowBlock& block, const PlacedBlock& placed, std::size_t first) {
        std::array<RowBlockInput, 2> inputs;
        for (std::size_t i = 0; i < 2; ++i) {
            const RowBlock::Piece& piece = block.pieces[first + i];
            inputs[i] = {piece.text,
                         static_cast<std::uint32_t>(block.firstLine + piece.linesBefore),
                         first + i == 0 ? block.firstColumn : 1, piecesRows(piece, placed)};
        }
        std::array<RowBlockResult, 2> results = parseRowBlockPair(inputs, channels_);
        for (std::size_t i = 0; i < 2; ++i) {
            block.pieces[first + i].result = std::move(results[i]);
            gatherLargestPositions(block.pieces[first + i], placed);
        }
    }

    // Values a row takes from the frame before the piece are 0 here: that frame's own values
    // count for them.
    void gatherLargestPositions(RowBlock::Piece& piece, const PlacedBlock& placed) const {
        piece.largestPositions.assign(positionColumns_.size(), 0.0f);
        raiseToLargestMagnitudes(piecesRows(piece, placed), piece.result.rows, channels_,
                                 positionColumns_, piece.largestPositions);
    }

    std::uint32_t channels_;
    MotionStorage storage_;
    std::optional<std::int64_t> declaredFrames_;
    unsigned threads_;
    std::uint64_t totalBytes_;
    std::uint64_t motionBytes_;
    std::uint64_t rows_ = 0;
    RowStop stop_;
    std::uint64_t linesSeen_ = 0;
    std::uint64_t bytesSeen_ = 0;
    RowIssueLog issues_;
    std::vector<std::uint32_t> positionColumns_;
    std::vector<float> largestPositions_; // per position column, over the rows merged
};

} // namespace motion_rows

// The loop of readMotionRows, one block per step(), for a caller that runs the steps between
// frames (SteppedLoad). Each step reads the next block and places it ahead, finishes the
// parsing of the current one, merges it and publishes its frames; the crew may go on parsing
// the next block between steps. `stream` is initialised before `reader`: the block sizes depend
// on its thread count. `crew` is destroyed first: its threads parse into the blocks.
struct MotionRowsReader::State {
    State(TextSource& source, std::uint32_t line, std::uint32_t column,
          SourceLocation declaredCountAt, Document& document, const ParseOptions& options)
        : source(source), document(document), options(options), declaredCountAt(declaredCountAt),
          stream(document, options, source.totalBytes(), source.consumedBytes()),
          reader(source, std::max<std::size_t>(options.firstBlockBytes, 64), blockBytes(),
                 pieceBytes(), line, column),
          crew(stream.threads()) {}

    std::size_t bytesPerThread() const {
        return std::max<std::size_t>(options.blockBytesPerThread, 64);
    }
    std::size_t blockBytes() const { return bytesPerThread() * stream.threads(); }
    // Pieces are parsed two at a time (RowStream::hand): two per block on one thread; on more,
    // pieces small enough that the threads finish a block at nearly the same time (16 pairs a
    // thread).
    std::size_t pieceBytes() const {
        return std::max<std::size_t>(
            stream.threads() > 1 ? bytesPerThread() / 32 : (blockBytes() + 1) / 2, 1);
    }

    void readFailed() {
        document.diagnostics.push_back({Severity::Error, 0, 0, source.error()});
        failed = true;
    }

    TextSource& source;
    Document& document;
    const ParseOptions& options;
    SourceLocation declaredCountAt;
    motion_rows::RowStream stream;
    motion_rows::BlockReader reader;
    // Two blocks take turns: the current one (`current`) and the next, each with its place.
    std::array<motion_rows::RowBlock, 2> blocks;
    std::array<motion_rows::PlacedBlock, 2> placed;
    std::size_t current = 0;
    ParsingCrew crew;
    bool firstBlock = true;
    bool failed = false;
    bool ended = false; // no more steps: the rows, the text or the load ended
    // The current block was merged while the source had no text ahead: the next step reads the
    // next block (into the other of the two) and does nothing else.
    bool nextAwaited = false;
};

MotionRowsReader::MotionRowsReader(TextSource& source, std::uint32_t line, std::uint32_t column,
                                   SourceLocation declaredCountAt, Document& document,
                                   const ParseOptions& options)
    : state_(std::make_unique<State>(source, line, column, declaredCountAt, document, options)) {
    if (!state_->reader.take(state_->blocks[0])) {
        state_->readFailed();
    }
    state_->ended = state_->failed || state_->blocks[0].text.empty();
}

MotionRowsReader::~MotionRowsReader() = default;

bool MotionRowsReader::holdsUnmergedRows() const {
    return !state_->ended && !state_->nextAwaited;
}

bool MotionRowsReader::step() {
    State& state = *state_;
    if (state.ended) {
        return false;
    }
    if (state.nextAwaited) {
        return takeAwaitedBlock();
    }
    LoadProgress* const progress = state.options.progress;
    motion_rows::RowStream& stream = state.stream;
    motion_rows::RowBlock& current = state.blocks[state.current];
    motion_rows::PlacedBlock& currentPlace = state.placed[state.current];
    motion_rows::RowBlock& next = state.blocks[1 - state.current];
    motion_rows::PlacedBlock& nextPlace = state.placed[1 - state.current];
    if (!currentPlace.placed) {
        stream.place(current, currentPlace, state.crew);
    }
    // The first (short) block's frames are published before the next block is read: reading
    // it into fresh memory costs more than parsing the first one, and a viewer is waiting for
    // the first pose. Otherwise the next block is read (over the text of the block before the
    // current one, merged in the last step) while the crew parses the current one.
    bool nextRead = true;
    const bool nextTaken = !(state.firstBlock && progress) && state.source.textAhead();
    if (nextTaken) {
        nextRead = state.reader.take(next);
        if (nextRead && !next.text.empty()) {
            stream.placeAhead(next, nextPlace, currentPlace, state.crew);
        }
    }
    state.crew.complete(currentPlace.job);
    stream.merge(current, currentPlace);
    state.crew.retire(currentPlace.job);
    currentPlace.placed = false;
    if (progress) {
        progress->bytesRead.store(current.consumedAfter, std::memory_order_relaxed);
        progress->framesLoaded.store(static_cast<std::uint32_t>(std::min<std::uint64_t>(
                                         stream.rows(), std::numeric_limits<std::uint32_t>::max())),
                                     std::memory_order_release);
    }
    state.firstBlock = false;
    state.ended = true;
    if (stream.stop().reason != RowStopReason::None) {
        state.crew.abandon(); // the rest of the text is not read, nor the next block parsed
        nextPlace.placed = false;
        return false;
    }
    if (!nextTaken) {
        if (!state.source.textAhead()) {
            state.nextAwaited = true;
            state.ended = false;
            return true;
        }
        nextRead = state.reader.take(next);
    }
    return turnToNextBlock(nextRead);
}

bool MotionRowsReader::takeAwaitedBlock() {
    State& state = *state_;
    state.nextAwaited = false;
    return turnToNextBlock(state.reader.take(state.blocks[1 - state.current]));
}

bool MotionRowsReader::turnToNextBlock(bool nextRead) {
    State& state = *state_;
    if (!nextRead) {
        state.readFailed();
        state.ended = true;
        return false;
    }
    if (state.options.progress &&
        state.options.progress->cancelRequested.load(std::memory_order_relaxed)) {
        cancel();
        return false;
    }
    state.current = 1 - state.current;
    state.ended = state.blocks[state.current].text.empty();
    return !state.ended;
}

std::uint32_t MotionRowsReader::lineAfterRows() const {
    return state_->reader.line();
}

void MotionRowsReader::cancel() {
    state_->crew.abandon();
    if (!state_->failed) {
        state_->document.diagnostics.push_back({Severity::Error, 0, 0, "loading was cancelled"});
        state_->failed = true;
    }
    state_->ended = true;
}

std::vector<double> MotionRowsReader::finish() {
    State& state = *state_;
    state.crew.abandon(); // a block placed ahead of rows that ended is not parsed further
    Document& document = state.document;
    const ParseOptions& options = state.options;
    motion_rows::RowStream& stream = state.stream;
    bool failed = state.failed;
    const std::uint32_t line = state.reader.line();
    const RowStop& stop = stream.stop();
    if (stop.reason == RowStopReason::SectionKeyword) {
        document.diagnostics.push_back(
            {Severity::Warning, stop.line, stop.column,
             quotedForMessage(stop.keyword) +
                 " after the rows: the motion ends here and the text from this line on is not "
                 "read (a second file appended to this one?)"});
    } else if (stop.reason == RowStopReason::RowLimit) {
        document.diagnostics.push_back(
            {Severity::Error, stop.line, stop.column,
             "frame " + std::to_string(stream.rows()) + ": completing short rows from the " +
                 "previous frame would hold more than " + std::to_string(kMaxValuesPerTextByte) +
                 " values per byte of the motion text plus " +
                 std::to_string(kRepairAllowanceValues) + " (" + std::to_string(stream.channels()) +
                 " channels a frame); the file is not loaded"});
        failed = true;
    }
    if (!failed && !state.source.verifyUnchanged()) {
        document.diagnostics.push_back({Severity::Error, 0, 0, state.source.error()});
        failed = true;
    }

    std::uint64_t rows = stream.rows();
    if (stream.channels() == 0) {
        // With no channels a row holds nothing, and an empty row cannot be written back: such
        // a file is a rest pose whatever its rows say.
        if (rows > 0 || (document.declaredFrameCount && *document.declaredFrameCount > 0)) {
            document.diagnostics.push_back(
                {Severity::Warning, state.declaredCountAt.line, state.declaredCountAt.column,
                 "the skeleton has no channels, so its frames carry no motion; loaded as a "
                 "rest pose with 0 frames"});
        }
        document.declaredFrameCount.reset();
        rows = 0;
    }
    if (rows > std::numeric_limits<std::uint32_t>::max()) {
        document.diagnostics.push_back(
            {Severity::Warning, line, 1, "more than 4294967295 frames; the rest are ignored"});
        rows = std::numeric_limits<std::uint32_t>::max();
    }
    stream.finish(document);
    if (rows != stream.rows()) {
        motion_rows::MotionStorage(document.motion.values, stream.channels(), options.motionLock)
            .finish(rows);
        if (options.progress) {
            options.progress->framesLoaded.store(static_cast<std::uint32_t>(rows),
                                                 std::memory_order_release);
        }
    }
    document.motion.channelCount = stream.channels();
    document.motion.frameCount = static_cast<std::uint32_t>(rows);

    const std::uint32_t present = document.motion.frameCount;
    if (!failed && document.declaredFrameCount && *document.declaredFrameCount != present) {
        const std::int64_t declared = *document.declaredFrameCount;
        const std::string counts = "'Frames: " + std::to_string(declared) + "' but ";
        std::string message = declared > present
                                  ? counts + "only " + std::to_string(present) +
                                        " rows are present; " + std::to_string(present) +
                                        " frames loaded"
                                  : counts + std::to_string(present) + " rows are present; all " +
                                        std::to_string(present) + " frames loaded";
        document.diagnostics.push_back({Severity::Warning, state.declaredCountAt.line,
                                        state.declaredCountAt.column, std::move(message)});
    }
    // Frames cut at the count limit were gathered too: those kept are scanned instead.
    return rows == stream.rows() ? stream.largestChannelValues() : largestChannelValues(document);
}

std::vector<double> readMotionRows(TextSource& source, std::uint32_t line, std::uint32_t column,
                                   SourceLocation declaredCountAt, Document& document,
                                   const ParseOptions& options) {
    MotionRowsReader rows(source, line, column, declaredCountAt, document, options);
    while (rows.step()) {
    }
    return rows.finish();
}

} // namespace bvh
