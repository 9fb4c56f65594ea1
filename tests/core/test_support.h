// Helpers shared by the core tests: locating inputs and inspecting diagnostics.
#pragma once

#include "core/reader/document.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvh::test {

// tests/data/<name> in the source tree.
std::filesystem::path dataFile(std::string_view name);

// A file's bytes as they are (binary: CR and NUL kept); "" when it cannot be read.
std::string fileBytes(const std::filesystem::path& path);

// ../shared/corpus next to the checkout, or nullopt when this clone has no ../shared.
std::optional<std::filesystem::path> corpusDirectory();

// One capture of ../shared/corpus as loadDocument loads it (loaded or not).
struct CorpusCapture {
    std::filesystem::path path;
    Document document;
};

// Every .bvh of ../shared/corpus, sorted by name, loaded once per process and kept for its life
// (empty when this clone has no ../shared): the corpus-wide tests only read the documents. Each
// test loaded the whole corpus (15 MB) again: under valgrind's memcheck, which runs every core
// test in one process (Valgrind.CoreTests), a load took 4.8 s at load 12, repeated by eight tests.
const std::vector<CorpusCapture>& loadedCorpus();

// The first diagnostic of that severity whose message contains `fragment`, or nullptr.
const Diagnostic* findDiagnostic(const Document& document, Severity severity,
                                 std::string_view fragment);

// All diagnostics, formatted, one per line (for failure messages).
std::string describeDiagnostics(const Document& document);

} // namespace bvh::test
