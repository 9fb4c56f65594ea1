#include "app/live/served_take.h"

#include "core/live/axis_skeleton.h"
#include "core/live/stream_text.h"
#include "core/live/value_row.h"
#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/reader/line_walker.h"
#include "core/reader/number_scanner.h"
#include "core/reader/tokenizer.h"
#include "core/writer/writer.h"

#include <algorithm>
#include <bit>
#include <charconv>

namespace bvhscope::live {
namespace {

// [SECTION] Lines of the file's text

std::string_view firstWord(std::string_view line) {
    const auto isBlank = [](char c) { return bvh::live::isValueSeparator(c); };
    const auto start = std::find_if_not(line.begin(), line.end(), isBlank);
    const auto end = std::find_if(start, line.end(), isBlank);
    // (Not the iterator-pair constructor: the page's libc++ 13 has none.)
    return line.substr(static_cast<std::size_t>(start - line.begin()),
                       static_cast<std::size_t>(end - start));
}

// A line of words the reader skips as no frame: no token in it is a number.
bool holdsNoNumber(std::string_view line) {
    for (std::size_t at = 0; at < line.size();) {
        const std::string_view word = firstWord(line.substr(at));
        if (word.empty()) {
            return true;
        }
        float value = 0;
        if (bvh::scanNumber(word.data(), word.data() + word.size(), value) == word.size()) {
            return false;
        }
        at = static_cast<std::size_t>(word.data() + word.size() - line.data());
    }
    return true;
}

// [SECTION] The header

std::string formatNumber(double value) {
    char digits[32];
    const auto [end, problem] = std::to_chars(digits, digits + sizeof digits, value);
    return std::string(digits, end);
}

std::string motionHeaderLines(std::size_t frameCount, double frameTime) {
    return "MOTION\nFrames: " + std::to_string(frameCount) +
           "\nFrame Time: " + formatNumber(frameTime) + '\n';
}

// The file's text split at its MOTION line: the hierarchy before it (line ends as LF), and
// where the rows start: after MOTION and the `Frames:` and `Frame Time:` lines that follow it,
// in either order, as the reader reads them. No hierarchy when there is no MOTION line.
struct MotionSplit {
    std::string hierarchy;
    std::size_t rowsFrom = 0;
};
MotionSplit splitAtMotion(std::string_view text) {
    const std::size_t byteOrderMark =
        text.starts_with(bvh::kUtf8ByteOrderMark) ? bvh::kUtf8ByteOrderMark.size() : 0;
    MotionSplit split;
    bvh::LineWalker lines(text.substr(byteOrderMark));
    std::optional<std::string_view> line;
    while ((line = lines.next()) && !bvh::equalsIgnoringCase(firstWord(*line), "MOTION")) {
        split.hierarchy.append(*line);
        split.hierarchy += '\n';
    }
    if (!line) {
        return {{}, text.size()};
    }
    for (std::size_t after = lines.offset(); (line = lines.next()); after = lines.offset()) {
        const std::string_view word = firstWord(*line);
        if (!word.empty() &&
            !(word.size() >= 5 && bvh::equalsIgnoringCase(word.substr(0, 5), "frame"))) {
            split.rowsFrom = byteOrderMark + after;
            return split;
        }
    }
    split.rowsFrom = text.size();
    return split;
}

// Whether `header` reads as `document`'s skeleton with `frameTime` (the reader's own check:
// whatever the text holds, the header is sent only if the receiver reads what was read).
bool readsAs(const std::string& header, const bvh::Document& document, double frameTime) {
    const bvh::Document read = bvh::parseDocument(header);
    const bvh::Skeleton& a = read.skeleton;
    const bvh::Skeleton& b = document.skeleton;
    return read.loaded() && !read.motion.frameTimeAssumed && read.motion.frameTime == frameTime &&
           a.names == b.names && a.parents == b.parents && a.offsets == b.offsets &&
           a.isEndSite == b.isEndSite && a.channels == b.channels &&
           a.channelNames == b.channelNames;
}

// The header to send: the file's hierarchy text when it reads back as the skeleton read, else
// the skeleton as the writer writes it; nullopt when neither does.
std::optional<std::string> servedHeader(const std::string& hierarchy, const bvh::Document& document,
                                        double frameTime) {
    const std::string motion = motionHeaderLines(document.motion.frameCount, frameTime);
    if (std::string header = hierarchy + motion; readsAs(header, document, frameTime)) {
        return header;
    }
    bvh::Motion headerOnly;
    headerOnly.channelCount = document.motion.channelCount;
    headerOnly.frameTime = frameTime;
    headerOnly.frameTimeAssumed = false;
    if (bvh::hasErrors(bvh::validateForWriting(document.skeleton, headerOnly))) {
        return std::nullopt;
    }
    std::string written = bvh::formatBvh(document.skeleton, headerOnly);
    written.erase(written.rfind("MOTION\n"));
    written += motion;
    if (!readsAs(written, document, frameTime)) {
        return std::nullopt;
    }
    return written;
}

// [SECTION] The rows

bool sameValues(std::span<const float> a, std::span<const float> b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](float x, float y) {
        return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y);
    });
}

void appendValues(std::span<const float> values, std::string& out) {
    char digits[32];
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) {
            out += ' ';
        }
        const auto [end, problem] = std::to_chars(digits, digits + sizeof digits, values[i]);
        out.append(digits, end);
    }
}

// Every frame the reader read, in order: frame f is the text of the f-th line that holds a row
// when that line reads as exactly frame f's values (bit for bit, by the receivers' row reader),
// else frame f's values. The reader makes one frame of each line that holds a number (filling
// a short one, cutting a long one), so lines and frames keep in step; where they do not, the
// values are what is sent, never a line that would read differently.
void takeRows(std::string_view rows, const bvh::Document& document, ServedTake& take) {
    const bvh::Motion& motion = document.motion;
    take.rowText.clear();
    take.rowStarts.assign(1, 0);
    take.rowsFromValues = 0;
    std::vector<float> values;
    std::string valueText;
    bvh::LineWalker lines(rows);
    for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
        const std::span<const float> read = motion.frame(frame);
        std::optional<std::string_view> line = lines.next();
        while (line && holdsNoNumber(*line)) {
            line = lines.next();
        }
        if (line && bvh::live::readValueRow(*line, values, valueText) == bvh::live::RowResult::Ok &&
            sameValues(values, read)) {
            take.rowText += valueText;
        } else {
            appendValues(read, take.rowText);
            ++take.rowsFromValues;
        }
        take.rowStarts.push_back(take.rowText.size());
    }
}

} // namespace

std::string_view ServedTake::row(std::size_t frame) const {
    return std::string_view(rowText).substr(rowStarts[frame],
                                            rowStarts[frame + 1] - rowStarts[frame]);
}

std::optional<ServedTake> loadServedTake(const std::filesystem::path& path,
                                         std::vector<bvh::Diagnostic>& diagnostics) {
    bvh::Document document = bvh::loadDocument(path, bvh::everyCoreOptions());
    diagnostics = document.diagnostics;
    if (!document.loaded() || document.motion.frameCount == 0) {
        if (document.loaded()) {
            diagnostics.push_back({bvh::Severity::Error, 0, 0, "the file has no frames to serve"});
        }
        return std::nullopt;
    }
    ServedTake take;
    // When the file has no usable Frame Time, the reader's assumption is what it read: the one
    // rate, sent at and written in the header.
    take.frameTime = document.motion.frameTime;
    take.frameTimeAssumed = document.motion.frameTimeAssumed;
    take.valueCount = document.motion.channelCount;
    take.axisLayoutDifference = bvh::live::axisLayoutDifference(document.skeleton);
    // One token on an Axis line: no blanks, line ends or other control bytes, no '|'.
    for (const char c : bvh::utf8FromPath(path.stem())) {
        const auto byte = static_cast<unsigned char>(c);
        take.avatarName += byte <= ' ' || byte == 0x7F || c == '|' ? '_' : c;
    }
    if (take.avatarName.empty()) {
        take.avatarName = "Avatar";
    }
    // The text once more, for its digits: at most 1 GiB (the values read are served beyond that).
    const bvh::SmallFile file = bvh::readSmallFile(path, std::uint64_t{1} << 30);
    const std::string_view text = file.ok ? std::string_view(file.text) : std::string_view();
    const MotionSplit split = splitAtMotion(text);
    std::optional<std::string> header = servedHeader(split.hierarchy, document, take.frameTime);
    if (!header) {
        diagnostics.push_back({bvh::Severity::Error, 0, 0,
                               "the header cannot be sent so that it reads back as this skeleton"});
        return std::nullopt;
    }
    take.header = std::move(*header);
    takeRows(text.substr(split.rowsFrom), document, take);
    return take;
}

std::string_view lineEndBytes(LineEnd lineEnd) {
    switch (lineEnd) {
    case LineEnd::CrLf:
        return "\r\n";
    case LineEnd::Cr:
        return "\r";
    case LineEnd::Lf:
        break;
    }
    return "\n";
}

void appendServedFrame(bvh::live::StreamFormat format, const ServedTake& take, std::size_t frame,
                       LineEnd lineEnd, std::string& out) {
    using namespace std::string_view_literals;
    if (format == bvh::live::StreamFormat::Axis) {
        out += "\0"sv;
        out += "0 ";
        out += take.avatarName;
        out += " \0"sv;
        out += take.row(frame);
        out += " ||";
    } else {
        out += take.row(frame);
    }
    out += lineEndBytes(lineEnd);
}

} // namespace bvhscope::live
