#include "core/live/stream_format.h"

#include "core/live/stream_text.h"
#include "core/model/ascii_case.h"

#include <array>
#include <cstddef>

namespace bvh::live {

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (asciiLowercase(a[i]) != asciiLowercase(b[i])) {
            return false;
        }
    }
    return true;
}

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\0';
}

bool isLineEnd(char c) {
    return c == '\n' || c == '\r';
}

// Whether `word` reads as a number: [sign] digits [. digits] [e...], or a leading dot.
bool looksNumeric(std::string_view word) {
    std::size_t i = 0;
    if (i < word.size() && (word[i] == '-' || word[i] == '+')) {
        ++i;
    }
    if (i < word.size() && word[i] == '.') {
        ++i;
    }
    return i < word.size() && isAsciiDigit(word[i]);
}

struct Line {
    std::string_view text;
    std::size_t begin = 0; // of `text` in the bytes
    std::size_t next = 0;  // where the line after it may begin
    bool complete = false;
};

// The first non-blank line of `bytes` from `from` (NUL bytes, blanks, line ends and, at the
// stream's start, a BOM skipped before it), ended by a line end or right after "||".
Line nextLine(std::string_view bytes, std::size_t from) {
    std::size_t start = from;
    if (start == 0 && bytes.substr(0, 3) == "\xEF\xBB\xBF") {
        start = 3;
    }
    while (start < bytes.size() && (isBlank(bytes[start]) || isLineEnd(bytes[start]))) {
        ++start;
    }
    for (std::size_t i = start; i < bytes.size(); ++i) {
        if (isLineEnd(bytes[i])) {
            return {bytes.substr(start, i - start), start, i + 1, true};
        }
        if (bytes[i] == '|' && i > start && bytes[i - 1] == '|') {
            return {bytes.substr(start, i + 1 - start), start, i + 1, true};
        }
    }
    return {bytes.substr(start), start, bytes.size(), false};
}

// The first two words of a line (NUL bytes count as blanks).
std::array<std::string_view, 2> firstWords(std::string_view line) {
    std::array<std::string_view, 2> words;
    std::size_t i = 0;
    for (std::string_view& word : words) {
        while (i < line.size() && isBlank(line[i])) {
            ++i;
        }
        const std::size_t begin = i;
        while (i < line.size() && !isBlank(line[i])) {
            ++i;
        }
        word = line.substr(begin, i - begin);
    }
    return words;
}

} // namespace

std::optional<StreamFormat> parseStreamFormat(std::string_view name) {
    for (StreamFormat format :
         {StreamFormat::Auto, StreamFormat::Axis, StreamFormat::Lines, StreamFormat::Bvh}) {
        if (equalsIgnoringCase(name, streamFormatName(format))) {
            return format;
        }
    }
    return std::nullopt;
}

std::string_view streamFormatName(StreamFormat format) {
    switch (format) {
    case StreamFormat::Auto:
        return "auto";
    case StreamFormat::Axis:
        return "axis";
    case StreamFormat::Lines:
        return "lines";
    case StreamFormat::Bvh:
        return "bvh";
    }
    return "auto";
}

namespace {

// What one line says: a format, nothing (a preamble line), or nullopt while it may go on.
enum class LineVerdict { Bvh, Axis, Lines, Preamble, Undecided };

LineVerdict judgeLine(const Line& line, bool moreMayCome) {
    const auto words = firstWords(line.text);
    // HIERARCHY can be decided as soon as the word is complete.
    const bool firstWordComplete =
        line.complete || words[0].size() < line.text.size() || !moreMayCome;
    if (firstWordComplete && equalsIgnoringCase(words[0], "HIERARCHY")) {
        return LineVerdict::Bvh;
    }
    if (!line.complete && moreMayCome) {
        return LineVerdict::Undecided;
    }
    if (line.text.find("||") != std::string_view::npos) {
        return LineVerdict::Axis;
    }
    if (isUnsignedInteger(words[0]) && !words[1].empty() && !looksNumeric(words[1])) {
        return LineVerdict::Axis;
    }
    if (looksNumeric(words[0])) {
        return LineVerdict::Lines;
    }
    return line.text.empty() ? LineVerdict::Undecided : LineVerdict::Preamble;
}

} // namespace

std::optional<StreamStart> detectStreamStart(std::string_view firstBytes, bool streamEnded) {
    const std::string_view bytes = firstBytes.substr(0, kDetectionBytes);
    const bool full = firstBytes.size() >= kDetectionBytes;
    const bool moreMayCome = !streamEnded && !full;
    const StreamStart garbage{StreamFormat::Lines, 0, 0}; // all of it to the `lines` decoder
    std::size_t from = 0;
    for (std::size_t skipped = 0;; ++skipped) {
        const Line line = nextLine(bytes, from);
        switch (judgeLine(line, moreMayCome)) {
        case LineVerdict::Bvh:
            return StreamStart{StreamFormat::Bvh, line.begin, skipped};
        case LineVerdict::Axis:
            return StreamStart{StreamFormat::Axis, line.begin, skipped};
        case LineVerdict::Lines:
            return StreamStart{StreamFormat::Lines, line.begin, skipped};
        case LineVerdict::Undecided:
            if (moreMayCome) {
                return std::nullopt;
            }
            return garbage; // nothing but blanks, or a preamble that never ended
        case LineVerdict::Preamble:
            if (!line.complete || skipped == kMostPreambleLines) {
                return garbage;
            }
            break;
        }
        from = line.next;
    }
}

std::optional<StreamFormat> detectStreamFormat(std::string_view firstBytes, bool streamEnded) {
    const std::optional<StreamStart> start = detectStreamStart(firstBytes, streamEnded);
    return start ? std::optional(start->format) : std::nullopt;
}

} // namespace bvh::live
