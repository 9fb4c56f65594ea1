// Helpers shared by the core tests: locating inputs and inspecting diagnostics.
#pragma once

#include "core/reader/document.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace bvh::test {

// tests/data/<name> in the source tree.
std::filesystem::path dataFile(std::string_view name);

// A file's bytes as they are (binary: CR and NUL kept); "" when it cannot be read.
std::string fileBytes(const std::filesystem::path& path);

// ../shared/corpus next to the checkout, or nullopt when this clone has no ../shared.
std::optional<std::filesystem::path> corpusDirectory();

// The first diagnostic of that severity whose message contains `fragment`, or nullptr.
const Diagnostic* findDiagnostic(const Document& document, Severity severity,
                                 std::string_view fragment);

// All diagnostics, formatted, one per line (for failure messages).
std::string describeDiagnostics(const Document& document);

} // namespace bvh::test
