#include "app/live/served_take.h"

#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"

#include <charconv>

namespace bvhscope::live {
namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Where "Frame Time:" starts after MOTION, case-insensitively, or npos.
std::size_t findFrameTimeLine(std::string_view text) {
    constexpr std::string_view key = "frame time";
    for (std::size_t i = 0; i + key.size() <= text.size(); ++i) {
        std::size_t j = 0;
        while (j < key.size() && lower(text[i + j]) == key[j]) {
            ++j;
        }
        if (j == key.size() && (i == 0 || text[i - 1] == '\n' || isSpace(text[i - 1]))) {
            return i;
        }
    }
    return std::string_view::npos;
}

// The header and rows from the text itself, when its tokens after the Frame Time line are
// exactly the frames the reader found.
bool takeRowsFromText(std::string_view text, const bvh::Document& document, ServedTake& take) {
    const std::size_t frameTime = findFrameTimeLine(text);
    if (frameTime == std::string_view::npos) {
        return false;
    }
    std::size_t rowsStart = text.find_first_of("\r\n", frameTime);
    if (rowsStart == std::string_view::npos) {
        rowsStart = text.size();
    }
    std::string header(text.substr(0, rowsStart));
    std::erase(header, '\r');
    if (header.starts_with("\xEF\xBB\xBF")) {
        header.erase(0, 3);
    }
    take.header = header + '\n';
    const std::size_t channels = document.motion.channelCount;
    take.rowStarts.assign(1, 0);
    std::size_t inRow = 0;
    for (std::size_t i = rowsStart; i < text.size();) {
        while (i < text.size() && isSpace(text[i])) {
            ++i;
        }
        const std::size_t start = i;
        while (i < text.size() && !isSpace(text[i])) {
            ++i;
        }
        if (start == i) {
            break;
        }
        if (inRow > 0) {
            take.rowText += ' ';
        }
        take.rowText.append(text.substr(start, i - start));
        if (++inRow == channels) {
            take.rowStarts.push_back(take.rowText.size());
            inRow = 0;
        }
    }
    return inRow == 0 && take.frameCount() == document.motion.frameCount;
}

void takeRowsFromValues(const bvh::Document& document, ServedTake& take) {
    bvh::Motion headerOnly = document.motion;
    headerOnly.values.clear();
    headerOnly.frameCount = 0;
    take.header = bvh::formatBvh(document.skeleton, headerOnly);
    take.rowText.clear();
    take.rowStarts.assign(1, 0);
    char digits[32];
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        const std::span<const float> values = document.motion.frame(frame);
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i > 0) {
                take.rowText += ' ';
            }
            const auto [end, problem] = std::to_chars(digits, digits + sizeof digits, values[i]);
            take.rowText.append(digits, end);
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
    take.frameTime = document.motion.frameTime;
    take.valueCount = document.motion.channelCount;
    for (const char c : bvh::utf8FromPath(path.stem())) {
        take.avatarName += isSpace(c) || c == '|' ? '_' : c;
    }
    if (take.avatarName.empty()) {
        take.avatarName = "Avatar";
    }
    // The text once more, for its digits: at most 1 GiB (the values read are served beyond that).
    const bvh::SmallFile file = bvh::readSmallFile(path, std::uint64_t{1} << 30);
    if (!file.ok || !takeRowsFromText(file.text, document, take)) {
        takeRowsFromValues(document, take);
    }
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
