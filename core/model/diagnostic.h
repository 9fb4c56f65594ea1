// Diagnostics: how the core reports problems in a file without throwing or printing.
//
// Contract: every problem found while reading a BVH file becomes one Diagnostic with a 1-based
// line and column into the file's text. Warnings mean the file still loaded (possibly with a
// documented repair); an Error means the file did not load. Callers add the file name when they
// present it, in the `FILE:LINE:COL: error|warning: message` shape editors can jump to.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

enum class Severity : std::uint8_t { Warning, Error };

struct Diagnostic {
    Severity severity = Severity::Error;
    std::uint32_t line = 0;   // 1-based; 0 only for problems with no place in the text (I/O)
    std::uint32_t column = 0; // 1-based, counted in bytes
    std::string message;
};

// "FILE:LINE:COL: error: message" (or "warning"); "FILE: error: message" for a diagnostic with
// no place in the text (line 0: I/O, cancellation), as GNU tools print such errors.
std::string formatDiagnostic(std::string_view fileName, const Diagnostic& diagnostic);

// A piece of the file's text as a message shows it: in single quotes, at most 40 characters
// (then "..."), with bytes that are not valid UTF-8 and control characters written as \xNN, so
// that a hostile file cannot put broken text or terminal escapes into a message.
std::string quotedForMessage(std::string_view text);

// Puts diagnostics in the order of the text (line, then column); those with no place in the
// text (line 0: I/O, cancellation) go last. Stable: two at one place keep their order.
void sortByPlace(std::vector<Diagnostic>& diagnostics);

bool hasErrors(std::span<const Diagnostic> diagnostics);
std::size_t countWarnings(std::span<const Diagnostic> diagnostics);

} // namespace bvh
