#include "core/reader/content_sniffing.h"

#include <algorithm>
#include <cctype>

namespace bvh {

namespace {

using namespace std::string_view_literals;

// Magic numbers hold zero bytes: every one is a sized literal (sv).
struct Signature {
    std::string_view magic; // the bytes a file starts with
    std::string_view kind;
};

// Formats a motion or 3D file may be confused with, and what people rename by mistake.
constexpr Signature kSignatures[] = {
    {"\x89PNG\r\n\x1a\n"sv, "a PNG image"},
    {"\xFF\xD8\xFF"sv, "a JPEG image"},
    {"GIF87a"sv, "a GIF image"},
    {"GIF89a"sv, "a GIF image"},
    {"%PDF-"sv, "a PDF document"},
    {"PK\x03\x04"sv, "a ZIP archive"},
    {"PK\x05\x06"sv, "a ZIP archive (empty)"},
    {"\x1F\x8B"sv, "a gzip-compressed file (decompress it first)"},
    {"BZh"sv, "a bzip2-compressed file (decompress it first)"},
    {"\xFD"
     "7zXZ"sv,
     "an xz-compressed file (decompress it first)"},
    {"7z\xBC\xAF\x27\x1C"sv, "a 7-Zip archive"},
    {"Rar!\x1A\x07"sv, "a RAR archive"},
    {"Kaydara FBX Binary"sv, "a binary FBX file (export BVH from the tool that made it)"},
    {"\x7F"
     "ELF"sv,
     "a program (ELF executable)"},
    {"MZ"sv, "a Windows program"},
    {"glTF"sv, "a binary glTF model"},
    {"RIFF"sv, "a RIFF file (WAV audio or AVI video)"},
    {"\xFF\xFE\x00\x00"sv, "UTF-32 text (BVH files are ASCII or UTF-8)"},
    {"\x00\x00\xFE\xFF"sv, "UTF-32 text (BVH files are ASCII or UTF-8)"},
    {"\xFF\xFE"sv, "UTF-16 text (BVH files are ASCII or UTF-8; save it as UTF-8)"},
    {"\xFE\xFF"sv, "UTF-16 text (BVH files are ASCII or UTF-8; save it as UTF-8)"},
};

bool startsWithIgnoringCase(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           });
}

std::string_view withoutLeadingSpace(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size() &&
           (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) {
        ++i;
    }
    return text.substr(i);
}

// UTF-16 without a byte order mark: ASCII letters with a zero byte between them.
bool looksLikeUtf16(std::string_view start) {
    const std::size_t pairs = std::min<std::size_t>(start.size() / 2, 16);
    if (pairs < 4) {
        return false;
    }
    std::size_t zerosEven = 0;
    std::size_t zerosOdd = 0;
    for (std::size_t i = 0; i < pairs * 2; i += 2) {
        zerosEven += start[i] == '\0' ? 1 : 0;
        zerosOdd += start[i + 1] == '\0' ? 1 : 0;
    }
    return (zerosOdd == pairs && zerosEven == 0) || (zerosEven == pairs && zerosOdd == 0);
}

} // namespace

std::optional<std::string_view> recognizeNonBvhContent(std::string_view start) {
    for (const Signature& signature : kSignatures) {
        if (start.starts_with(signature.magic)) {
            return signature.kind;
        }
    }
    if (looksLikeUtf16(start)) {
        return "UTF-16 text (BVH files are ASCII or UTF-8; save it as UTF-8)";
    }
    // C3D motion capture: a parameter-block pointer, then 0x50 as its second byte.
    if (start.size() >= 2 && static_cast<unsigned char>(start[1]) == 0x50 &&
        static_cast<unsigned char>(start[0]) >= 1 && static_cast<unsigned char>(start[0]) <= 127 &&
        !std::isprint(static_cast<unsigned char>(start[0]))) {
        return "a C3D motion capture file (convert it to BVH first)";
    }
    const std::string_view text = withoutLeadingSpace(start);
    if (text.starts_with("; FBX")) {
        return "an ASCII FBX file (export BVH from the tool that made it)";
    }
    if (startsWithIgnoringCase(text, "<?xml") || startsWithIgnoringCase(text, "<COLLADA")) {
        return "an XML file (a COLLADA .dae model, perhaps)";
    }
    if (startsWithIgnoringCase(text, "<!doctype html") || startsWithIgnoringCase(text, "<html")) {
        return "a web page (HTML; a download that saved the page, not the file?)";
    }
    if (text.starts_with("{") || text.starts_with("[")) {
        return "JSON (a glTF model, perhaps)";
    }
    // Any other control byte in the first bytes: some binary file.
    for (const char c : start.substr(0, 64)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r' && byte != '\f' &&
            byte != '\v') {
            return "a binary file";
        }
    }
    return std::nullopt;
}

} // namespace bvh
