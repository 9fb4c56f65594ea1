#include "diagnostic.h"

#include <algorithm>

namespace bvh {

std::string formatDiagnostic(std::string_view fileName, const Diagnostic& diagnostic) {
    std::string text;
    text.reserve(fileName.size() + diagnostic.message.size() + 32);
    text.append(fileName);
    text += ':';
    text += std::to_string(diagnostic.line);
    text += ':';
    text += std::to_string(diagnostic.column);
    text += diagnostic.severity == Severity::Error ? ": error: " : ": warning: ";
    text += diagnostic.message;
    return text;
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
