// Loading a file in steps on the caller's thread, for a UI with no thread to spare (the web
// page: no pthreads there). The caller calls advance() once a frame with the time it can give;
// between calls the observers are those of BackgroundLoad: the skeleton once headerReady(),
// frames [0, framesLoaded()) of document().motion.values, fraction() for a progress bar.
//
// The result is loadDocument(path) with one thread, to the bit: the same values, counts and
// diagnostics, errors included (a missing file, a file that changes between steps, a cancelled
// load). Running out of memory (std::bad_alloc) ends the load as BackgroundLoad's does.
//
// A load of a StreamedText (core/reader/streamed_text.h: a download) reads the text while it
// arrives: a step runs only once enough has arrived for it (waitingForText() says when not), and
// the result is that of the whole text, to the bit. A text that fails ends the load with its
// message; one that ends short of its declared size is an error at the position where it
// stopped ("the download stopped after N of M bytes").
#pragma once

#include "core/reader/document.h"
#include "core/reader/document_reading.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

namespace bvh {

class FileSource;
class MotionRowsReader;
class StreamedSource;
class StreamedText;

// How much text one step parses. A 1 MB block of rows is read and parsed in about 1.5 ms
// natively and 2 ms in WebAssembly (BM_SteppedLoad; node 20), so a frame that gives the load a
// few milliseconds stays smooth. The first block is short, so that the first pose shows in the
// step after the header. Tests use tiny blocks to cross many boundaries on small files.
struct LoadStepSizes {
    std::size_t firstBlockBytes = std::size_t{64} << 10;
    std::size_t blockBytes = std::size_t{1} << 20;
};

class SteppedLoad {
public:
    // Nothing is read before the first advance(). `onHeaderReady`, when given, runs in the
    // advance() that reads the header, right after headerReady() turns true.
    explicit SteppedLoad(std::filesystem::path path, std::function<void()> onHeaderReady = {},
                         LoadStepSizes sizes = {});
    // Reads `text` as it arrives; `path` only names it.
    SteppedLoad(std::filesystem::path path, std::shared_ptr<StreamedText> text,
                std::function<void()> onHeaderReady = {}, LoadStepSizes sizes = {});
    ~SteppedLoad();
    SteppedLoad(const SteppedLoad&) = delete;
    SteppedLoad& operator=(const SteppedLoad&) = delete;

    const std::filesystem::path& path() const { return path_; }

    // Does one step (the header, or one block of rows) and more until `budget` has passed or
    // the load has finished; a zero budget is one step a call. Returns finished(). A streamed
    // load stops early while waitingForText().
    bool advance(std::chrono::steady_clock::duration budget);
    // A streamed load that cannot step until more of its text arrives (or it ends): advance()
    // does nothing now. Always false for a file.
    bool waitingForText() const;

    // The skeleton, Frame Time and declared frame count of document() are final.
    bool headerReady() const { return headerReady_; }
    // The load ended (complete, failed or cancelled); document() is final.
    bool finished() const { return phase_ == Phase::Finished; }
    // 0..1 of the file's bytes read.
    double fraction() const;
    std::uint32_t framesLoaded() const {
        return progress_.framesLoaded.load(std::memory_order_relaxed);
    }
    // Between steps: the skeleton and motion header (after headerReady()) and frames
    // [0, framesLoaded()) of motion.values. A failed load keeps what it read until take().
    const Document& document() const { return document_; }

    // The next advance() ends the load with the error "loading was cancelled" (a load that has
    // finished is not changed).
    void cancel() { cancelRequested_ = true; }
    bool cancelRequested() const { return cancelRequested_; }
    // After finished(): the document, moved out (the load is then empty). A failed load
    // (out of memory included: an error diagnostic says so) holds diagnostics only.
    Document take();

private:
    enum class Phase { Header, Rows, Finished };

    void step();
    void readHeader();
    // Starts the rows once the header is read (a streamed load: once a line of them is there).
    void startRows();
    // Where a streamed text that ended short stopped: the line the rows reached, or (the header
    // unfinished) the line feeds of the text so far; the column after its last byte.
    SourceLocation endOfStreamedText() const;
    // Finishes the rows (if they were started), checks the document and releases the text.
    void endLoad();

    std::filesystem::path path_;
    Document document_;
    LoadProgress progress_; // read between steps: no other thread touches it
    ParseOptions options_;  // its onHeaderReady and progress point into this load
    // What a load in progress holds: released when it ends (the text buffers are a few MB).
    std::unique_ptr<TextSource> source_;
    std::unique_ptr<MotionRowsReader> rows_;
    // A streamed load's text, and its source (source_ too) while the load runs.
    std::shared_ptr<StreamedText> streamedText_;
    StreamedSource* streamedSource_ = nullptr;
    std::uint64_t headerTriedAtBytes_ = 0;     // bytes ahead when the header last starved
    std::optional<MotionRowsStart> rowsStart_; // the header read, the rows not started
    std::function<void()> onHeaderReady_;
    Phase phase_ = Phase::Header;
    bool headerReady_ = false;
    bool cancelRequested_ = false;
    bool outOfMemory_ = false;
};

} // namespace bvh
