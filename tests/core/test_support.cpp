#include "tests/core/test_support.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace bvh::test {

std::filesystem::path dataFile(std::string_view name) {
    return std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "tests" / "data" / name;
}

std::string fileBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

std::optional<std::filesystem::path> corpusDirectory() {
    std::filesystem::path corpus = std::filesystem::path(BVHSCOPE_SHARED_DIR) / "corpus";
    std::error_code error;
    if (std::filesystem::is_directory(corpus, error)) {
        return corpus;
    }
    return std::nullopt;
}

const std::vector<CorpusCapture>& loadedCorpus() {
    static const std::vector<CorpusCapture> captures = [] {
        std::vector<CorpusCapture> loaded;
        const auto corpus = corpusDirectory();
        if (!corpus) {
            return loaded;
        }
        std::vector<std::filesystem::path> paths;
        for (const auto& entry : std::filesystem::directory_iterator(*corpus)) {
            if (entry.path().extension() == ".bvh") {
                paths.push_back(entry.path());
            }
        }
        std::ranges::sort(paths);
        for (const std::filesystem::path& path : paths) {
            loaded.push_back({path, loadDocument(path)});
        }
        return loaded;
    }();
    return captures;
}

const Diagnostic* findDiagnostic(const Document& document, Severity severity,
                                 std::string_view fragment) {
    for (const Diagnostic& diagnostic : document.diagnostics) {
        if (diagnostic.severity == severity &&
            diagnostic.message.find(fragment) != std::string::npos) {
            return &diagnostic;
        }
    }
    return nullptr;
}

std::string describeDiagnostics(const Document& document) {
    std::string text;
    for (const Diagnostic& diagnostic : document.diagnostics) {
        text += formatDiagnostic("input", diagnostic) + "\n";
    }
    return text;
}

} // namespace bvh::test
