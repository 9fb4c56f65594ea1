#include "app/folder/folder_summaries.h"

#include "app/folder/background_priority.h"
#include "core/analysis/kept_vectors.h"
#include "core/kinematics/pose.h"
#include "core/model/diagnostic.h"
#include "core/platform/file_input.h"
#include "core/platform/utf8_path.h"
#include "core/reader/header_scan.h"
#include "core/reader/row_parser.h"
#include "core/reader/tokenizer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <glm/geometric.hpp>
#include <memory>
#include <new>
#include <string_view>
#include <unordered_map>

namespace bvhscope::folder {

namespace {

std::vector<std::string> keptDiagnostics(const std::string& shownPath,
                                         const bvh::Document& document) {
    std::vector<std::string> lines;
    for (const bvh::Severity severity : {bvh::Severity::Error, bvh::Severity::Warning}) {
        for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
            if (diagnostic.severity == severity && lines.size() < kKeptDiagnostics) {
                lines.push_back(bvh::formatDiagnostic(shownPath, diagnostic));
            }
        }
    }
    return lines;
}

// The skeleton (moved out of `document`) and its middle frame.
bvh::Document thumbnailPoseOf(bvh::Document& document, std::uint32_t& frame) {
    bvh::Document pose;
    const bvh::Motion& motion = document.motion;
    pose.motion.channelCount = motion.channelCount;
    pose.motion.frameTime = motion.frameTime;
    pose.motion.frameTimeAssumed = motion.frameTimeAssumed;
    pose.hasMotionSection = document.hasMotionSection;
    frame = motion.frameCount / 2;
    if (motion.frameCount > 0) {
        const std::span<const float> row = motion.frame(frame);
        pose.motion.values.assign(row.begin(), row.end());
        pose.motion.frameCount = 1;
        pose.declaredFrameCount = 1;
    }
    pose.skeleton = std::move(document.skeleton);
    pose.nodeLocations = std::move(document.nodeLocations);
    return pose;
}

// [SECTION] Huge skeletons

// The first `nodes` nodes of `document` (a skeleton of their own: parents come first) with
// their columns of every frame (their channels come first in each row: CHANNELS after a child
// joint is refused by the reader), for analyses a whole huge skeleton cannot afford.
bvh::Document firstNodesOf(const bvh::Document& document, std::size_t nodes) {
    const bvh::Skeleton& skeleton = document.skeleton;
    nodes = std::min(nodes, skeleton.nodeCount());
    const auto firstOf = [nodes](const auto& all) {
        return std::vector(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(nodes));
    };
    bvh::Document part;
    bvh::Skeleton& kept = part.skeleton;
    kept.names = firstOf(skeleton.names);
    kept.parents = firstOf(skeleton.parents);
    kept.offsets = firstOf(skeleton.offsets);
    kept.isEndSite = firstOf(skeleton.isEndSite);
    kept.channelBegin = firstOf(skeleton.channelBegin);
    kept.channelCount = firstOf(skeleton.channelCount);
    const std::size_t columns =
        nodes < skeleton.nodeCount() ? skeleton.channelBegin[nodes] : skeleton.totalChannels();
    const auto columnEnd = static_cast<std::ptrdiff_t>(columns);
    kept.channels.assign(skeleton.channels.begin(), skeleton.channels.begin() + columnEnd);
    kept.channelNames.assign(skeleton.channelNames.begin(),
                             skeleton.channelNames.begin() + columnEnd);
    if (document.nodeLocations.size() >= nodes) {
        part.nodeLocations = firstOf(document.nodeLocations);
    }
    part.declaredFrameCount = document.declaredFrameCount;
    part.hasMotionSection = document.hasMotionSection;
    const bvh::Motion& motion = document.motion;
    part.motion.frameCount = motion.frameCount;
    part.motion.channelCount = static_cast<std::uint32_t>(columns);
    part.motion.frameTime = motion.frameTime;
    part.motion.frameTimeAssumed = motion.frameTimeAssumed;
    part.motion.values.reserve(std::size_t{motion.frameCount} * columns);
    for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
        const std::span<const float> row = motion.frame(frame);
        part.motion.values.insert(part.motion.values.end(), row.begin(), row.begin() + columnEnd);
    }
    return part;
}

// What summarize() counts, of the whole document, for a summary of its first nodes.
void countWholeDocument(const bvh::Document& document, bvh::DocumentSummary& summary) {
    const bvh::Skeleton& skeleton = document.skeleton;
    summary.joints = skeleton.jointCount();
    summary.endSites = skeleton.endSiteCount();
    summary.channels = skeleton.totalChannels();
    summary.jointsWithPositionChannels = 0;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (skeleton.hasPositionChannels(static_cast<bvh::NodeIndex>(node))) {
            ++summary.jointsWithPositionChannels;
        }
    }
    summary.warnings = bvh::countWarnings(document.diagnostics);
    summary.errors = document.diagnostics.size() - summary.warnings;
}

// Per node, its world position in `row` (file axes and units): finite, a node whose position is
// not (a float overflow) taking its parent's. One transform per node, composed in place.
std::vector<glm::vec3> posedPositions(const bvh::Skeleton& skeleton, std::span<const float> row,
                                      bvh::TranslationMode translation) {
    const std::size_t count = skeleton.nodeCount();
    std::vector<bvh::RigidTransform> transforms(count);
    bvh::computeLocalTransforms(skeleton, row, translation, transforms);
    std::vector<glm::vec3> positions(count);
    for (std::size_t node = 0; node < count; ++node) {
        bvh::RigidTransform& transform = transforms[node];
        const bvh::NodeIndex parent = skeleton.parents[node];
        // Parents come first: transforms[parent] is already a world transform.
        if (parent != bvh::kNoParent) {
            const bvh::RigidTransform& world = transforms[static_cast<std::size_t>(parent)];
            transform.translation = world.translation + world.rotation * transform.translation;
            transform.rotation = world.rotation * transform.rotation;
        }
        const glm::vec3 position(transform.translation);
        if (std::isfinite(position.x) && std::isfinite(position.y) && std::isfinite(position.z)) {
            positions[node] = position;
        } else {
            positions[node] =
                parent == bvh::kNoParent ? glm::vec3(0.0f) : positions[std::size_t(parent)];
        }
    }
    return positions;
}

// The grid of simplifiedFigure: a cell's coordinates packed in 63 bits.
struct FigureGrid {
    glm::dvec3 origin{0.0};
    double cellSize = 1.0;
    std::uint32_t cells = 1;

    std::uint64_t cellOf(const glm::vec3& position) const {
        std::uint64_t key = 0;
        for (int axis = 0; axis < 3; ++axis) {
            const double at = (double(position[axis]) - origin[axis]) / cellSize;
            const auto cell = static_cast<std::uint64_t>(std::clamp(at, 0.0, double(cells)));
            key = (key << 21) | cell;
        }
        return key;
    }
};

struct CellPair {
    std::uint64_t from = 0;
    std::uint64_t to = 0;
    bool operator==(const CellPair&) const = default;
};
struct CellPairHash {
    std::size_t operator()(const CellPair& pair) const {
        return std::hash<std::uint64_t>{}(pair.from * 0x9E3779B97F4A7C15ull ^ pair.to);
    }
};
constexpr std::uint64_t kRootCell = ~std::uint64_t{0}; // no cell packs to it

// One try of simplifiedFigure on `grid`: the kept nodes and, per kept node, the kept node it
// hangs from. False when more than `maxNodes` would be kept (unless `mustFit` is false).
bool joinBones(const bvh::Skeleton& skeleton, std::span<const glm::vec3> positions,
               std::span<const std::uint8_t> hasChildren, const FigureGrid& grid,
               std::size_t maxNodes, bool mustFit, std::vector<bvh::NodeIndex>& kept,
               std::vector<bvh::NodeIndex>& keptParents) {
    kept.clear();
    keptParents.clear();
    // Per node, the kept node its drawn segment starts from (itself once a segment ends there).
    std::vector<bvh::NodeIndex> segmentStart(skeleton.nodeCount());
    std::unordered_map<CellPair, bvh::NodeIndex, CellPairHash> drawn;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const auto index = static_cast<bvh::NodeIndex>(node);
        const bvh::NodeIndex parent = skeleton.parents[node];
        const std::uint64_t cell = grid.cellOf(positions[node]);
        bvh::NodeIndex start = bvh::kNoParent;
        CellPair cells{kRootCell, cell}; // a root: kept once per cell
        if (parent != bvh::kNoParent) {
            start = segmentStart[static_cast<std::size_t>(parent)];
            const glm::vec3& from = positions[static_cast<std::size_t>(start)];
            if (hasChildren[node] != 0 &&
                glm::distance(glm::dvec3(from), glm::dvec3(positions[node])) < grid.cellSize) {
                segmentStart[node] = start; // joined: too short to see
                continue;
            }
            cells = {grid.cellOf(from), cell};
        }
        const auto [found, added] = drawn.try_emplace(cells, index);
        if (added) {
            if (mustFit && kept.size() == maxNodes) {
                return false;
            }
            kept.push_back(index);
            keptParents.push_back(start);
        }
        segmentStart[node] = found->second; // a bone already drawn in these cells stands for it
    }
    return true;
}

// [SECTION] Facts of a document

// The frames the Browser's stance samples: its small thumbnails need only the clip's up and
// facing, which its anatomy or a few frames settle. What only Info shows (the rest pose against
// the animation, the stance on 240 frames) is measured when a take is opened (issue 44: the
// Browser summarising a library of 3 000 takes spent five times the parse on analyses). The
// thumbnailer, one file at a time, measures the viewer's 240.
constexpr std::size_t kPreviewAnalysisFrames = 16;
constexpr std::size_t kFullAnalysisFrames = 240;

// The facts of `document`, read from `shownPath`; the document is consumed (its frames are
// freed before the analyses of a huge skeleton). The stance is measured on `analysisFrames`
// frames (each with the next); `rowsPaired`: the rows are a sampled read's pairs.
FileFacts factsOf(bvh::Document document, const std::string& shownPath, std::size_t analysisFrames,
                  bool rowsPaired = false) {
    FileFacts facts;
    facts.diagnosticLines = keptDiagnostics(shownPath, document);
    facts.loaded = document.loaded() && document.skeleton.nodeCount() > 0;
    if (!facts.loaded) {
        facts.summary = bvh::summarize(document, bvh::TranslationMode::Auto);
        if (document.loaded()) {
            // As the viewer refuses it (file_loading.cpp): nothing to show.
            facts.diagnosticLines.insert(facts.diagnosticLines.begin(),
                                         shownPath + ": error: the file has no skeleton");
            facts.summary.errors = 1;
        }
        return facts;
    }
    const std::size_t nodes = document.skeleton.nodeCount();
    const bvh::Motion& motion = document.motion;
    const bvh::TranslationMode translation =
        bvh::resolveTranslationMode(bvh::TranslationMode::Auto, document.skeleton, motion);
    if (nodes > kThumbnailFigureNodes) {
        facts.thumbnailFrame = motion.frameCount / 2;
        bvh::Document figure = simplifiedFigure(
            document.skeleton,
            motion.frameCount > 0 ? motion.frame(facts.thumbnailFrame) : std::span<const float>(),
            translation, kThumbnailFigureNodes, facts.thumbnailNodes);
        figure.hasMotionSection = document.hasMotionSection;
        figure.motion.frameTime = motion.frameTime;
        figure.motion.frameTimeAssumed = motion.frameTimeAssumed;
        facts.thumbnailPose = std::move(figure);
    }
    // The analyses: of the whole document, or of a huge skeleton's first nodes once the whole
    // document (every frame of a million nodes) is freed.
    bvh::DocumentSummary whole;
    if (nodes > kFullyAnalysedNodes) {
        countWholeDocument(document, whole);
        document = firstNodesOf(document, kFullyAnalysedNodes);
        facts.analysedInPart = true;
    }
    // The stance and the similarity features pose their frames in one pass, each frame once; a
    // sampled read's rows are pairs far apart: no speeds to measure.
    if (rowsPaired) {
        facts.summary = bvh::summarize(document, translation, analysisFrames);
    } else {
        facts.summary = bvh::summarize(document, translation, analysisFrames, facts.motionFeatures);
    }
    facts.summary.translationRequested = bvh::TranslationMode::Auto;
    if (facts.analysedInPart) {
        facts.summary.joints = whole.joints;
        facts.summary.endSites = whole.endSites;
        facts.summary.channels = whole.channels;
        facts.summary.jointsWithPositionChannels = whole.jointsWithPositionChannels;
        facts.summary.warnings = whole.warnings;
        facts.summary.errors = whole.errors;
    }
    if (!facts.thumbnailPose) {
        facts.thumbnailPose = thumbnailPoseOf(document, facts.thumbnailFrame);
    }
    return facts;
}

// The reader's whole read of `path`, summarised (no bound: the bounded read calls it for what
// fits its budget). Throws std::bad_alloc.
FileFacts readWholeFileOrThrow(const std::filesystem::path& path, bvh::LoadProgress& progress,
                               std::size_t analysisFrames);

// What the bounded read (below) does with the rows of a sampled motion.
enum class SampledRows : std::uint8_t {
    Uncounted, // the summary counts the rows sampled
    Counted,   // a second pass counts the file's rows
};
FileFacts readWithinOrThrow(const std::filesystem::path& path, bvh::LoadProgress& progress,
                            std::uint64_t budget, SampledRows rows, std::size_t analysisFrames);

template <typename Summarize>
FileFacts orOutOfMemory(const std::filesystem::path& path, Summarize&& summarize) {
    try {
        return summarize();
    } catch (const std::bad_alloc&) {
        // A file too large for the memory left fails alone; the browser and the pool go on.
        FileFacts facts;
        facts.summary.errors = 1;
        facts.diagnosticLines = {bvh::utf8FromPath(path) +
                                 ": error: out of memory while reading the file; nothing was "
                                 "loaded"};
        return facts;
    }
}

} // namespace

FileFacts summarizeFile(const std::filesystem::path& path, bvh::LoadProgress& progress) {
    return orOutOfMemory(path, [&] {
        return readWithinOrThrow(path, progress, kBrowserSummaryBudget, SampledRows::Counted,
                                 kPreviewAnalysisFrames);
    });
}

bvh::Document simplifiedFigure(const bvh::Skeleton& skeleton, std::span<const float> row,
                               bvh::TranslationMode translation, std::size_t maxNodes,
                               std::vector<bvh::NodeIndex>& keptNodes, std::uint32_t cellsAcross) {
    const std::size_t count = skeleton.nodeCount();
    const std::vector<glm::vec3> positions = posedPositions(skeleton, row, translation);
    std::vector<std::uint8_t> hasChildren(count, 0);
    glm::dvec3 low(0.0);
    glm::dvec3 high(0.0);
    for (std::size_t node = 0; node < count; ++node) {
        if (const bvh::NodeIndex parent = skeleton.parents[node]; parent != bvh::kNoParent) {
            hasChildren[static_cast<std::size_t>(parent)] = 1;
        }
        const glm::dvec3 position(positions[node]);
        low = node == 0 ? position : glm::min(low, position);
        high = node == 0 ? position : glm::max(high, position);
    }
    const glm::dvec3 size = high - low;
    const double extent = std::max({size.x, size.y, size.z});
    std::vector<bvh::NodeIndex> keptParents;
    FigureGrid grid;
    grid.origin = low;
    for (grid.cells = std::clamp<std::uint32_t>(cellsAcross, 1, 1u << 20);; grid.cells /= 2) {
        grid.cellSize = extent > 0.0 ? extent / grid.cells : 1.0;
        if (joinBones(skeleton, positions, hasChildren, grid, maxNodes, grid.cells > 1, keptNodes,
                      keptParents)) {
            break;
        }
    }

    bvh::Document figure;
    bvh::Skeleton& out = figure.skeleton;
    const std::size_t kept = keptNodes.size();
    const auto keptIndexOf = [&](bvh::NodeIndex node) {
        return static_cast<bvh::NodeIndex>(
            std::lower_bound(keptNodes.begin(), keptNodes.end(), node) - keptNodes.begin());
    };
    out.parents.resize(kept);
    std::vector<std::uint8_t> keptChildren(kept, 0);
    for (std::size_t k = 0; k < kept; ++k) {
        const bvh::NodeIndex parent = keptParents[k];
        out.parents[k] = parent == bvh::kNoParent ? bvh::kNoParent : keptIndexOf(parent);
        if (parent != bvh::kNoParent) {
            keptChildren[static_cast<std::size_t>(out.parents[k])] = 1;
        }
    }
    out.names.reserve(kept);
    out.offsets.reserve(kept);
    out.isEndSite.reserve(kept);
    for (std::size_t k = 0; k < kept; ++k) {
        const auto node = static_cast<std::size_t>(keptNodes[k]);
        const bvh::NodeIndex parent = keptParents[k];
        const glm::dvec3 position(positions[node]);
        out.names.push_back(skeleton.names[node]);
        out.offsets.push_back(parent == bvh::kNoParent
                                  ? position
                                  : position - glm::dvec3(positions[std::size_t(parent)]));
        // A joint passed over can make an End Site the start of the next segment.
        out.isEndSite.push_back(keptChildren[k] == 0 ? skeleton.isEndSite[node] : 0);
    }
    out.channelBegin.assign(kept, 0);
    out.channelCount.assign(kept, 0);
    return figure;
}

namespace {

FileFacts cancelledFacts() {
    FileFacts facts;
    facts.cancelled = true;
    return facts;
}

FileFacts readWholeFileOrThrow(const std::filesystem::path& path, bvh::LoadProgress& progress,
                               std::size_t analysisFrames) {
    std::mutex motionLock; // loadDocument takes it when it grows the values (nobody else reads)
    bvh::ParseOptions options;
    options.threads = 1; // the pool's threads are the parallelism
    options.progress = &progress;
    options.motionLock = &motionLock;
    bvh::Document document = bvh::loadDocument(path, options);
    bvh::dropIfFailed(document); // nobody watched the load: nothing half-read is summarised
    if (progress.cancelRequested.load(std::memory_order_relaxed)) {
        return cancelledFacts();
    }
    // Every frame freed there.
    return factsOf(std::move(document), bvh::utf8FromPath(path), analysisFrames);
}

} // namespace

// [SECTION] The thumbnailer's bounded read

namespace {

// While a huge skeleton's simplified figure is built: a transform and a position per node.
constexpr std::uint64_t kBytesPerPosedNode = 72;
// The reader's bound on the values of a motion: 2 values (bvh::kMaxValuesPerTextByte in
// core/reader/motion_reader.h) of 4 bytes per byte of rows.
constexpr std::uint64_t kValueBytesPerRowByte = 8;
// Pairs of rows a sampled read takes at most (the stance samples 240 frames).
constexpr std::uint64_t kMaxSampledPairs = 120;

// An upper bound of the memory that reading the scanned header takes, and building a huge
// skeleton's figure after it: the reader's document, with either the reader's text (the header
// is read in a prefix that doubles) or the posed positions.
std::uint64_t headerMemoryBound(const bvh::HeaderScan& scan) {
    return scan.documentBytes() + std::max(3 * scan.textBytes(), scan.nodes() * kBytesPerPosedNode);
}

// The bytes of `file` in [offset, offset + size) (fewer at its end); empty after an error
// (file.error() then says which).
std::string readAt(bvh::FileInput& file, std::uint64_t offset, std::uint64_t size) {
    std::string bytes(size, '\0');
    const std::int64_t got = file.readAt(offset, bytes.data(), bytes.size());
    bytes.resize(got < 0 ? 0 : static_cast<std::size_t>(got));
    return bytes;
}

// Where a line ends in `text` from `from` (the line end itself), or npos.
std::size_t lineEndIn(std::string_view text, std::size_t from) {
    const auto end =
        std::find_if(text.begin() + static_cast<std::ptrdiff_t>(from), text.end(), bvh::isLineEnd);
    return end == text.end() ? std::string_view::npos : std::size_t(end - text.begin());
}
// Past the line end at `end` ("\r\n" is one).
std::size_t pastLineEnd(std::string_view text, std::size_t end) {
    return end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
}

// Appends to `rows` up to `lines` rows of the file from `offset` (from the next line start,
// unless `atLineStart`), each cut at its last blank within `lineCap` bytes when longer (the
// reader completes a short row); returns the rows appended.
int appendRowsAt(bvh::FileInput& file, std::uint64_t offset, bool atLineStart, int lines,
                 std::uint64_t lineCap, std::string& rows) {
    const std::string window = readAt(file, offset, (lineCap + 2) * std::uint64_t(lines + 1));
    std::size_t at = 0;
    if (!atLineStart) {
        const std::size_t end = lineEndIn(std::string_view(window).substr(0, lineCap + 2), 0);
        if (end == std::string_view::npos) {
            return 0;
        }
        at = pastLineEnd(window, end);
    }
    int appended = 0;
    while (appended < lines && at < window.size()) {
        const std::string_view rest = std::string_view(window).substr(at);
        std::size_t end =
            lineEndIn(rest.substr(0, std::min<std::uint64_t>(rest.size(), lineCap)), 0);
        const bool whole = end != std::string_view::npos || rest.size() <= lineCap;
        std::string_view row = rest.substr(0, whole ? end : lineCap);
        if (!whole) {
            row = row.substr(0, row.find_last_of(" \t"));
        }
        rows.append(row);
        rows += '\n';
        ++appended;
        if (end == std::string_view::npos) {
            break; // the file's last line, or one too long to find the next after it
        }
        at += pastLineEnd(rest, end);
    }
    return appended;
}

// Lines before byte `offset` of `text`, plus one: the line number of `offset`.
std::uint32_t lineAt(std::string_view text, std::size_t offset) {
    std::uint32_t line = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
            ++line;
        }
    }
    return line;
}

FileFacts refused(const std::string& shownPath, const std::string& why) {
    FileFacts facts;
    facts.summary.errors = 1;
    facts.diagnosticLines = {shownPath + ": error: " + why};
    return facts;
}

bool cancelRequested(const bvh::LoadProgress& progress) {
    return progress.cancelRequested.load(std::memory_order_relaxed);
}

// Scans the header of `file` (`size` bytes) until the MOTION keyword, the reader's first error,
// or a memory bound beyond `budget`; nullopt when cancelled. The first read is 16 KB, each next
// one twice the last, up to 1 MB: a take's header is a few KB, and reading a 60 KB take whole
// here, before the reader reads it again, cost the Browser's summaries 5 % (issue 44).
std::optional<bvh::HeaderScan> scanHeader(bvh::FileInput& file, std::uint64_t size,
                                          std::uint64_t budget, bvh::LoadProgress& progress) {
    bvh::HeaderScan scan;
    constexpr std::uint64_t kFirstChunk = std::uint64_t{16} << 10;
    constexpr std::uint64_t kLargestChunk = std::uint64_t{1} << 20;
    std::string chunk;
    for (std::uint64_t offset = 0, length = kFirstChunk; offset < size;
         offset += length, length = std::min(2 * length, kLargestChunk)) {
        if (cancelRequested(progress)) {
            return std::nullopt;
        }
        chunk = readAt(file, offset, std::min(length, size - offset));
        progress.bytesRead.store(offset + chunk.size(), std::memory_order_relaxed);
        if (!scan.feed(chunk) || headerMemoryBound(scan) > budget || chunk.empty()) {
            break;
        }
    }
    scan.finish();
    return scan;
}

// Where the rows start, relative to `after` (the text from the MOTION keyword on): past the
// MOTION line and those after it that start with a word ("Frames: 10", "Frame Time: 0.01"), or
// whose line before ends with ':' (a value on a line of its own). Nullopt when a line among
// them does not end within `after`.
std::optional<std::size_t> rowsStartIn(std::string_view after) {
    std::size_t rowsAt = 0;
    bool valueFollows = false;
    for (int line = 0; line < 6 && rowsAt < after.size(); ++line) {
        const std::size_t first = after.find_first_not_of(" \t\f\v", rowsAt);
        const char lead = first == std::string::npos ? '\0' : after[first];
        const bool number = std::isdigit(static_cast<unsigned char>(lead)) || lead == '-' ||
                            lead == '+' || lead == '.';
        if (line > 0 && number && !valueFollows) {
            break;
        }
        const std::size_t end = lineEndIn(after, rowsAt);
        if (end == std::string::npos) {
            return std::nullopt;
        }
        const std::string_view text = after.substr(rowsAt, end - rowsAt);
        const std::size_t last = text.find_last_not_of(" \t\f\v");
        valueFollows = last != std::string_view::npos && text[last] == ':';
        rowsAt = pastLineEnd(after, end);
    }
    return rowsAt;
}

// The rows of `file` from `from` to `size`, counted as the reader counts frames in rows of
// numbers: lines that are not blank, up to a line that starts with a section keyword (a line of
// words only, which the reader skips with a warning, is counted). Reads 1 MB at a time;
// nullopt when cancelled or on a read error.
std::optional<std::uint64_t> countRows(bvh::FileInput& file, std::uint64_t from, std::uint64_t size,
                                       bvh::LoadProgress& progress) {
    constexpr std::uint64_t kChunk = std::uint64_t{1} << 20;
    constexpr std::size_t kKeywordBytes = 16; // "Frame Time" and blanks between, at most kept
    std::uint64_t rows = 0;
    bool inRow = false;    // the line has something other than blanks
    std::string lineStart; // the first bytes of such a line, for the keyword check
    std::string chunk;
    const auto endLine = [&] {
        if (inRow && !bvh::sectionKeywordAt(lineStart).empty()) {
            return false;
        }
        rows += inRow ? 1 : 0;
        inRow = false;
        lineStart.clear();
        return true;
    };
    for (std::uint64_t offset = from; offset < size; offset += kChunk) {
        if (cancelRequested(progress)) {
            return std::nullopt;
        }
        chunk = readAt(file, offset, std::min(kChunk, size - offset));
        if (chunk.empty()) {
            return std::nullopt; // the file shrank, or a read error
        }
        progress.bytesRead.store(offset + chunk.size(), std::memory_order_relaxed);
        for (const char c : chunk) {
            if (bvh::isLineEnd(c)) {
                if (!endLine()) {
                    return rows;
                }
            } else if (inRow || !bvh::isSpaceOrTab(c)) {
                inRow = true;
                if (lineStart.size() < kKeywordBytes) {
                    lineStart += c;
                }
            }
        }
    }
    endLine();
    return rows;
}

// The rows of a motion too long to read within the budget: pairs of rows evenly spaced through
// them, at most `rowBytes` of text, appended to `text` (the header, up to rowsStart). Returns
// the rows appended.
std::uint64_t appendSampledRows(bvh::FileInput& file, std::uint64_t rowsStart,
                                std::uint64_t rowsBytes, std::uint64_t rowBytes,
                                std::uint64_t& pairs, std::string& text) {
    // How many pairs fit: the first row's length says what a row takes.
    std::string first;
    appendRowsAt(file, rowsStart, true, 1, rowBytes / 2, first);
    const std::uint64_t pairBytes = 2 * std::max<std::uint64_t>(first.size(), 1);
    pairs = std::clamp<std::uint64_t>(rowBytes / pairBytes, 2, kMaxSampledPairs) / 2 * 2;
    const std::uint64_t lineCap = rowBytes / (2 * pairs);
    std::uint64_t rows = 0;
    for (std::uint64_t pair = 0; pair < pairs; ++pair) {
        // Pair `pairs / 2` starts at the middle byte: its first row is the middle frame drawn.
        rows += static_cast<std::uint64_t>(
            appendRowsAt(file, rowsStart + pair * rowsBytes / pairs, pair == 0, 2, lineCap, text));
    }
    return rows;
}

// The sampled rows' document: warnings from the motion on (about the rows, or the declared
// frame count against them) are dropped, and an error in the rows is shown without a place.
// What comes before the rows keeps its place.
void dropSampledRowsPlaces(bvh::Document& document, std::uint32_t motionLine,
                           std::uint32_t rowsLine) {
    std::erase_if(document.diagnostics, [&](const bvh::Diagnostic& diagnostic) {
        return diagnostic.line >= motionLine && diagnostic.severity != bvh::Severity::Error;
    });
    for (bvh::Diagnostic& diagnostic : document.diagnostics) {
        if (diagnostic.line >= rowsLine) {
            diagnostic.line = 0;
            diagnostic.column = 0;
        }
    }
}

// The facts of `file` from header and sampled rows, its rows starting at `rowsStart`; `left`:
// the budget after the header.
FileFacts readSampledOrThrow(bvh::FileInput& file, const std::filesystem::path& path,
                             std::uint64_t motion, std::uint64_t rowsStart, std::uint64_t size,
                             std::uint64_t left, SampledRows counting, bvh::LoadProgress& progress,
                             std::size_t analysisFrames) {
    const std::string shownPath = bvh::utf8FromPath(path);
    const std::uint64_t rowsBytes = size - rowsStart;
    const std::uint64_t rowBytes = std::clamp<std::uint64_t>(left / kValueBytesPerRowByte, 64 << 10,
                                                             kThumbnailSampledRowBytes);
    std::string text = readAt(file, 0, rowsStart);
    const std::uint32_t motionLine = lineAt(text, motion);
    const std::size_t headerBytes = text.size();
    std::uint64_t pairs = 0;
    const std::uint64_t rows = appendSampledRows(file, rowsStart, rowsBytes, rowBytes, pairs, text);
    if (!file.error().empty()) {
        file.close();
        return readWholeFileOrThrow(path, progress, analysisFrames); // it says what went wrong
    }
    bvh::ParseOptions options;
    options.threads = 1;
    bvh::Document document = bvh::parseDocument(text, options);
    const double bytesPerRow = rows > 0 ? double(text.size() - headerBytes) / double(rows) : 1.0;
    dropSampledRowsPlaces(document, motionLine, lineAt(text, headerBytes));
    text = std::string();
    std::optional<std::uint64_t> fileRows;
    if (counting == SampledRows::Counted && document.loaded()) {
        fileRows = countRows(file, rowsStart, size, progress);
        if (!fileRows) {
            return cancelRequested(progress)
                       ? cancelledFacts()
                       : refused(shownPath, "the file could not be read to its end while its "
                                            "rows were counted (it shrank, or a read failed)");
        }
    }
    FileFacts facts =
        factsOf(std::move(document), shownPath, static_cast<std::size_t>(pairs), true);
    facts.rowsSampled = true;
    facts.thumbnailFrame =
        static_cast<std::uint32_t>(std::min(double(rowsBytes) / bytesPerRow / 2.0, 4e9));
    if (fileRows && facts.loaded) {
        bvh::DocumentSummary& summary = facts.summary;
        summary.framesPresent =
            static_cast<std::uint32_t>(std::min<std::uint64_t>(*fileRows, UINT32_MAX));
        summary.durationSeconds =
            summary.framesPresent > 1 ? (summary.framesPresent - 1) * summary.frameTime : 0.0;
    }
    return facts;
}

// A file of at most kSmallFileBytes (a take of a library: a few seconds) is read whole with one
// read through the file already open, into memory that is not zeroed first; its header is
// scanned and the reader parses it from there: what readWholeFileOrThrow gives, without opening
// the file again, reading its header twice or reading it in blocks (issue 44: opening every
// file twice cost the Browser's summaries 3 %).
constexpr std::uint64_t kSmallFileBytes = std::uint64_t{1} << 20;
struct SmallFileText {
    std::unique_ptr<char[]> bytes;
    std::size_t size = 0;
    std::string_view view() const { return {bytes.get(), size}; }
};
// Nullopt for a larger file, or when the read does not give `size` bytes (the blocks' read then
// says what went wrong).
std::optional<SmallFileText> readSmallFile(bvh::FileInput& file, std::uint64_t size) {
    if (size > kSmallFileBytes) {
        return std::nullopt;
    }
    // Not zeroed: the read fills it (std::make_unique_for_overwrite, which says so, is missing
    // from the web build's libc++ 14).
    SmallFileText text{std::unique_ptr<char[]>(new char[size]), static_cast<std::size_t>(size)};
    if (file.readAt(0, text.bytes.get(), text.size) != static_cast<std::int64_t>(size) ||
        !file.error().empty()) {
        return std::nullopt;
    }
    return text;
}

// scanHeader's scan of a file already in memory.
bvh::HeaderScan scanHeaderIn(std::string_view text) {
    bvh::HeaderScan scan;
    scan.feed(text);
    scan.finish();
    return scan;
}

FileFacts readSmallFileOrThrow(std::string_view text, const std::filesystem::path& path,
                               bvh::LoadProgress& progress, std::size_t analysisFrames) {
    progress.bytesRead.store(text.size(), std::memory_order_relaxed);
    bvh::ParseOptions options;
    options.threads = 1; // the pool's threads are the parallelism
    bvh::Document document = bvh::parseDocument(text, options); // nothing half-read is kept
    if (cancelRequested(progress)) {
        return cancelledFacts();
    }
    return factsOf(std::move(document), bvh::utf8FromPath(path), analysisFrames);
}

FileFacts readOpenFileWithinOrThrow(bvh::FileInput& file, std::uint64_t size,
                                    const std::filesystem::path& path, bvh::LoadProgress& progress,
                                    std::uint64_t budget, SampledRows counting,
                                    std::size_t analysisFrames) {
    const std::string shownPath = bvh::utf8FromPath(path);
    progress.bytesTotal.store(size, std::memory_order_relaxed);
    const std::optional<SmallFileText> small = readSmallFile(file, size);
    const std::optional<bvh::HeaderScan> scan =
        small ? scanHeaderIn(small->view()) : scanHeader(file, size, budget, progress);
    if (!scan) {
        return cancelledFacts();
    }
    if (headerMemoryBound(*scan) > budget) {
        FileFacts facts =
            refused(shownPath, "the hierarchy is too large for a thumbnail (at least " +
                                   std::to_string(scan->nodes()) + " nodes and " +
                                   std::to_string(scan->channels()) + " channels); it is not read");
        facts.hierarchyTooLarge = true;
        return facts;
    }
    // Only what can be read within the budget goes to the reader: the text up to a little past
    // where it stops with an error (the same error), a header-only file (scanned to its end),
    // or header and rows whose values fit in what is left.
    constexpr std::uint64_t kPastError = 4 << 10;
    const std::uint64_t left = budget - headerMemoryBound(*scan);
    const std::optional<std::uint64_t> motion = scan->motionOffset();
    if (scan->stopped()) {
        const std::uint64_t shown = std::min(size, scan->offset() + kPastError);
        const std::string text =
            small ? std::string(small->view().substr(0, shown)) : readAt(file, 0, shown);
        return factsOf(bvh::parseDocument(text), shownPath, analysisFrames);
    }
    if (!motion || (size - *motion) * kValueBytesPerRowByte <= left) {
        if (small) {
            return readSmallFileOrThrow(small->view(), path, progress, analysisFrames);
        }
        file.close();
        return readWholeFileOrThrow(path, progress, analysisFrames);
    }
    constexpr std::uint64_t kHeaderLinesWindow = 64 << 10;
    const std::string after = readAt(file, *motion, kHeaderLinesWindow);
    const std::optional<std::size_t> rowsAt = rowsStartIn(after);
    if (!rowsAt) {
        // A motion header or first row longer than the window: the reader gets that much (a
        // short first row, completed).
        return factsOf(bvh::parseDocument(readAt(file, 0, *motion + after.size())), shownPath,
                       analysisFrames);
    }
    return readSampledOrThrow(file, path, *motion, *motion + *rowsAt, size, left, counting,
                              progress, analysisFrames);
}

FileFacts readWithinOrThrow(const std::filesystem::path& path, bvh::LoadProgress& progress,
                            std::uint64_t budget, SampledRows counting,
                            std::size_t analysisFrames) {
    // Refuses what is not a regular file without blocking (a pipe, a device): the reader then
    // says why. Everything is read through this one open file: opening the name again could
    // find a named pipe put there since, and wait in open() for a writer (issue 45).
    bvh::FileInput file;
    const std::optional<bvh::FileStamp> stamp =
        file.open(path) ? file.stamp() : std::optional<bvh::FileStamp>();
    if (!stamp) {
        return readWholeFileOrThrow(path, progress, analysisFrames);
    }
    FileFacts facts = readOpenFileWithinOrThrow(file, stamp->size, path, progress, budget, counting,
                                                analysisFrames);
    // Stamped when opened, before the read: a file changed meanwhile is read again by the next
    // query of the motion index (the stamp bvh::takeStamp takes, without opening it again).
    facts.stamp = stamp;
    return facts;
}

} // namespace

FileFacts summarizeFileForThumbnail(const std::filesystem::path& path,
                                    bvh::LoadProgress& progress) {
    return orOutOfMemory(path, [&] {
        return readWithinOrThrow(path, progress, kThumbnailReadBudget, SampledRows::Uncounted,
                                 kFullAnalysisFrames);
    });
}

unsigned defaultSummaryWorkers(unsigned hardwareThreads) {
    return std::clamp(hardwareThreads, 1u, 4u);
}

// [SECTION] The pool

SummaryPool::SummaryPool(std::vector<std::filesystem::path> files, unsigned workers,
                         Summarizer summarizer)
    : files_(std::move(files)), summarizer_(std::move(summarizer)), workers_(std::max(workers, 1u)),
      started_(files_.size()), waiting_(files_.size()) {
    startThreads();
}

SummaryPool::~SummaryPool() {
    {
        const std::lock_guard lock(mutex_);
        closing_ = true;
        for (const InFlight& reading : inFlight_) {
            reading.progress->cancelRequested.store(true, std::memory_order_relaxed);
        }
    }
    for (std::thread& thread : threads_) {
        thread.join();
    }
}

void SummaryPool::startThreads() {
    joinEndedThreads();
    const std::lock_guard lock(mutex_);
    const std::size_t wanted = std::min<std::size_t>(workers_, waiting_);
    for (; running_ < wanted; ++running_) {
        threads_.emplace_back([this] { work(); });
    }
}

void SummaryPool::joinEndedThreads() {
    std::vector<std::thread::id> ended;
    {
        const std::lock_guard lock(mutex_);
        ended.swap(ended_);
    }
    // A thread is listed once it has left the lock for good: joining it waits for no lock.
    for (const std::thread::id id : ended) {
        const auto thread = std::find_if(threads_.begin(), threads_.end(),
                                         [id](const std::thread& t) { return t.get_id() == id; });
        if (thread != threads_.end()) {
            thread->join();
            threads_.erase(thread);
        }
    }
}

void SummaryPool::prioritize(std::size_t first, std::size_t last) {
    const std::lock_guard lock(mutex_);
    priority_.clear();
    last = std::min(last, files_.size());
    // Taken from the back: the first row on screen is read first.
    for (std::size_t i = last; i-- > first;) {
        if (!started_[i]) {
            priority_.push_back(i);
        }
    }
}

void SummaryPool::prioritize(std::span<const std::size_t> files) {
    const std::lock_guard lock(mutex_);
    priority_.clear();
    // Taken from the back: the first named is read first.
    for (std::size_t i = files.size(); i-- > 0;) {
        if (files[i] < files_.size() && !started_[files[i]]) {
            priority_.push_back(files[i]);
        }
    }
}

void SummaryPool::readAgain(std::size_t index) {
    {
        const std::lock_guard lock(mutex_);
        const bool reading = std::any_of(inFlight_.begin(), inFlight_.end(),
                                         [&](const InFlight& file) { return file.index == index; });
        if (closing_ || index >= files_.size() || !started_[index] || reading) {
            return;
        }
        started_[index] = false;
        again_.push_back(index);
        ++waiting_;
    }
    startThreads();
}

std::optional<std::size_t> SummaryPool::takeNextLocked() {
    if (closing_) {
        return std::nullopt;
    }
    const auto take = [this](std::vector<std::size_t>& queue,
                             auto pop) -> std::optional<std::size_t> {
        while (!queue.empty()) {
            const std::size_t index = pop(queue);
            if (!started_[index]) {
                started_[index] = true;
                return index;
            }
        }
        return std::nullopt;
    };
    // Rows asked again first (they are on screen, and were read once), in the order asked.
    if (const auto again = take(again_, [](std::vector<std::size_t>& queue) {
            const std::size_t index = queue.front();
            queue.erase(queue.begin());
            return index;
        })) {
        return again;
    }
    if (const auto priority = take(priority_, [](std::vector<std::size_t>& queue) {
            const std::size_t index = queue.back();
            queue.pop_back();
            return index;
        })) {
        return priority;
    }
    while (nextInOrder_ < files_.size() && started_[nextInOrder_]) {
        ++nextInOrder_;
    }
    if (nextInOrder_ == files_.size()) {
        return std::nullopt;
    }
    started_[nextInOrder_] = true;
    return nextInOrder_++;
}

void SummaryPool::work() {
    lowerCurrentThreadPriority(); // the interface's frames first (background_priority.h)
    bvh::KeptVectors kept;        // the analyses' vectors, reused summary after summary
    const bvh::KeptVectorsScope keptHere(kept);
    for (;;) {
        bvh::LoadProgress progress;
        std::size_t index = 0;
        {
            const std::lock_guard lock(mutex_);
            const std::optional<std::size_t> next = takeNextLocked();
            if (!next) {
                // The last use of the lock by this thread: the owner may join it from here on.
                --running_;
                ended_.push_back(std::this_thread::get_id());
                return;
            }
            index = *next;
            inFlight_.push_back({index, &progress});
        }
        FileFacts facts = summarizer_(files_[index], progress);
        const std::lock_guard lock(mutex_);
        std::erase_if(inFlight_, [&](const InFlight& reading) { return reading.index == index; });
        --waiting_;
        if (!closing_ && !facts.cancelled) {
            finished_.push_back({index, std::move(facts)});
        }
    }
}

std::vector<SummaryPool::Finished> SummaryPool::takeFinished() {
    joinEndedThreads();
    std::vector<Finished> taken;
    const std::lock_guard lock(mutex_);
    taken.swap(finished_);
    return taken;
}

std::vector<SummaryPool::Reading> SummaryPool::reading() const {
    std::vector<Reading> result;
    const std::lock_guard lock(mutex_);
    for (const InFlight& reading : inFlight_) {
        result.push_back({reading.index, reading.progress->fractionRead()});
    }
    return result;
}

bool SummaryPool::done() const {
    const std::lock_guard lock(mutex_);
    return waiting_ == 0 && finished_.empty();
}

} // namespace bvhscope::folder
