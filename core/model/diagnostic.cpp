#include "core/model/diagnostic.h"

#include <algorithm>

namespace bvh {

std::string formatDiagnostic(std::string_view fileName, const Diagnostic& diagnostic) {
    std::string text;
    text.reserve(fileName.size() + diagnostic.message.size() + 32);
    text.append(fileName);
    if (diagnostic.line != 0) {
        text += ':';
        text += std::to_string(diagnostic.line);
        text += ':';
        text += std::to_string(diagnostic.column);
    }
    text += diagnostic.severity == Severity::Error ? ": error: " : ": warning: ";
    text += diagnostic.message;
    return text;
}

namespace {

// The length of the valid UTF-8 sequence at text[at] (1..4), or 0 when the bytes there are not
// one: a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, or cut short.
std::size_t utf8SequenceLength(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead < 0x80) {
        return 1;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : 0x80;
        high = lead == 0xED ? 0x9F : 0xBF;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : 0x80;
        high = lead == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (at + length > text.size() || byte(1) < low || byte(1) > high) {
        return 0;
    }
    for (std::size_t i = 2; i < length; ++i) {
        if (byte(i) < 0x80 || byte(i) > 0xBF) {
            return 0;
        }
    }
    return length;
}

} // namespace

std::string quotedForMessage(std::string_view text) {
    constexpr std::size_t kMaxCharacters = 40;
    constexpr char kHex[] = "0123456789abcdef";
    std::string shown = "'";
    std::size_t at = 0;
    for (std::size_t characters = 0; at < text.size() && characters < kMaxCharacters;
         ++characters) {
        const auto lead = static_cast<unsigned char>(text[at]);
        const std::size_t length = utf8SequenceLength(text, at);
        if (length == 0 || lead < 0x20 || lead == 0x7F) {
            shown += "\\x";
            shown += kHex[lead >> 4];
            shown += kHex[lead & 0xF];
            ++at;
        } else {
            shown.append(text.substr(at, length));
            at += length;
        }
    }
    if (at < text.size()) {
        shown += "...";
    }
    return shown + "'";
}

void sortByPlace(std::vector<Diagnostic>& diagnostics) {
    const auto place = [](const Diagnostic& d) {
        const std::uint32_t line = d.line == 0 ? UINT32_MAX : d.line;
        return (std::uint64_t{line} << 32) | d.column;
    };
    std::ranges::stable_sort(diagnostics, {}, place);
}

bool hasErrors(std::span<const Diagnostic> diagnostics) {
    return std::ranges::any_of(diagnostics,
                               [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::size_t countWarnings(std::span<const Diagnostic> diagnostics) {
    return static_cast<std::size_t>(std::ranges::count_if(
        diagnostics, [](const Diagnostic& d) { return d.severity == Severity::Warning; }));
}

} // namespace bvh
