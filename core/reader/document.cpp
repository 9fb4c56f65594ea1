#include "core/reader/document.h"

#include "core/reader/document_reading.h"
#include "core/reader/hierarchy_reader.h"
#include "core/reader/motion_reader.h"
#include "core/reader/position_range.h"
#include "core/reader/text_source.h"

#include <algorithm>

namespace bvh {
namespace {

// The hierarchy and the motion header are read from a prefix of the file that grows until
// they fit (they are small next to the rows); the rows are then streamed. The first read is
// small: a hierarchy is a few KB, and every 4 KB of fresh buffer costs a page fault before
// the header can be shown.
constexpr std::size_t kFirstRead = std::size_t{64} << 10;

// Whether a token could be the start of a motion header line ("Frames:", "Frame Time:",
// "FrameTime:", or "Time:" after "Frame") if more text followed it.
bool couldBeHeaderKeyword(std::string_view text) {
    const std::string_view word = text.substr(0, text.find(':'));
    if (word.size() < text.size()) {
        return equalsIgnoringCase(word, "Frames") || equalsIgnoringCase(word, "FrameTime") ||
               equalsIgnoringCase(word, "Time");
    }
    return couldBecomeKeyword(text, "Frames") || couldBecomeKeyword(text, "FrameTime") ||
           couldBecomeKeyword(text, "Time");
}

} // namespace

std::optional<MotionRowsStart> readDocumentHeader(TextSource& source, Document& document,
                                                  const ParseOptions& options) {
    if (options.progress) {
        options.progress->bytesTotal.store(source.totalBytes(), std::memory_order_relaxed);
    }
    if (!source.complete() && !source.readMore(kFirstRead)) {
        document.diagnostics.push_back({Severity::Error, 0, 0, source.error()});
        return std::nullopt;
    }
    for (;;) {
        const std::string_view text = source.available();
        Document attempt;
        Tokenizer tokens(text);
        Token motionKeyword;
        const HierarchyEnd end = readHierarchy(tokens, attempt, motionKeyword);
        Token declaredCountAt;
        if (end == HierarchyEnd::Motion) {
            declaredCountAt = readMotionHeader(tokens, motionKeyword, attempt);
            // The header is complete only if text follows its last token, and that text cannot
            // be more of the header: a first row cut by the end of the text read so far is not.
            const Token after = tokens.peek();
            if (!after.atEnd() && !couldBeHeaderKeyword(after.text)) {
                tokens.endDoesNotMatter();
            }
        }
        if (const Token& overlong = tokens.overlongToken(); !overlong.atEnd()) {
            // Refused as soon as it is seen: however large the file, no more of it is read.
            if (end != HierarchyEnd::Failed || tokens.reachedEnd()) {
                document = std::move(attempt);
                document.diagnostics.push_back({Severity::Error, overlong.line, overlong.column,
                                                "a word or name of more than " +
                                                    std::to_string(kMaxHeaderTokenBytes) +
                                                    " bytes in the header: this is not BVH text"});
                document.skeleton = Skeleton{};
                document.nodeLocations.clear();
                return std::nullopt;
            }
        }
        if (tokens.reachedEnd() && !source.complete()) {
            if (!source.readMore(std::max(text.size(), kFirstRead))) {
                document.diagnostics.push_back({Severity::Error, 0, 0, source.error()});
                return std::nullopt;
            }
            continue;
        }
        document = std::move(attempt);
        switch (end) {
        case HierarchyEnd::Failed:
            // No partial skeleton: a half-read hierarchy would mis-assign every motion column.
            document.skeleton = Skeleton{};
            document.nodeLocations.clear();
            return std::nullopt;
        case HierarchyEnd::EndOfInput:
            document.diagnostics.push_back(
                {Severity::Warning, tokens.line(), tokens.column(),
                 "no MOTION section; the skeleton is shown in its rest pose with 0 frames"});
            document.motion.channelCount =
                static_cast<std::uint32_t>(document.skeleton.totalChannels());
            if (options.onHeaderReady) {
                options.onHeaderReady();
            }
            return std::nullopt;
        case HierarchyEnd::Motion:
            break;
        }
        document.hasMotionSection = true;
        document.motion.channelCount =
            static_cast<std::uint32_t>(document.skeleton.totalChannels());
        if (options.onHeaderReady) {
            options.onHeaderReady();
        }
        const MotionRowsStart rows{
            tokens.line(), tokens.column(), {declaredCountAt.line, declaredCountAt.column}};
        source.consume(tokens.offset());
        return rows;
    }
}

namespace {

// Returns what readMotionRows returns (empty when no rows were read).
std::vector<double> readDocument(TextSource& source, Document& document,
                                 const ParseOptions& options) {
    if (const std::optional<MotionRowsStart> rows = readDocumentHeader(source, document, options)) {
        return readMotionRows(source, rows->line, rows->column, rows->declaredCountAt, document,
                              options);
    }
    return {};
}

} // namespace

void dropIfFailed(Document& document) {
    if (!document.loaded()) {
        document.skeleton = Skeleton{};
        document.nodeLocations.clear();
        document.motion = Motion{};
    }
}

void checkReadDocument(Document& document, std::span<const double> largestChannelValues) {
    if (document.loaded()) {
        warnAboutUnboundedPositions(document, largestChannelValues);
    }
    sortByPlace(document.diagnostics);
}

void replaceWithOutOfMemoryError(Document& document) {
    document.skeleton = Skeleton{};
    document.nodeLocations.clear();
    document.motion = Motion{};
    document.diagnostics.clear();
    document.diagnostics.shrink_to_fit();
    document.diagnostics.push_back(
        {Severity::Error, 0, 0, "out of memory while reading the file; nothing was loaded"});
}

namespace {

// A document with an error holds nothing half-loaded: an I/O error, a file that changed
// mid-read, rows beyond the memory bound. A load that another thread watches
// (options.motionLock) is emptied by its owner once the load has finished
// (BackgroundLoad::take), not while that thread may still read it.
void finish(Document& document, const ParseOptions& options,
            std::span<const double> largestChannelValues) {
    checkReadDocument(document, largestChannelValues);
    if (options.motionLock == nullptr) {
        dropIfFailed(document);
    }
}

} // namespace

Document parseDocument(std::string_view text, const ParseOptions& options) {
    Document document;
    MemorySource source(text);
    finish(document, options, readDocument(source, document, options));
    return document;
}

void loadDocumentInto(Document& document, const std::filesystem::path& path,
                      const ParseOptions& options) {
    FileSource source;
    if (!source.open(path)) {
        document.diagnostics.push_back({Severity::Error, 0, 0, source.error()});
        return;
    }
    finish(document, options, readDocument(source, document, options));
}

ParseOptions everyCoreOptions() {
    ParseOptions options;
    options.threads = kEveryCore;
    return options;
}

Document loadDocument(const std::filesystem::path& path, const ParseOptions& options) {
    Document document;
    loadDocumentInto(document, path, options);
    return document;
}

} // namespace bvh
