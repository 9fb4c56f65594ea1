#include "app/viewer/file_loading.h"

#include "core/diagnostic.h"
#include "core/document.h"

#include <filesystem>

namespace bvhscope::viewer {

namespace {

LoadOutcome fromDocument(const std::string& displayName, const std::string& path,
                         bvh::Document document) {
    LoadOutcome outcome;
    const std::string shownPath = path.empty() ? displayName : path;
    if (!document.loaded()) {
        for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
            if (diagnostic.severity == bvh::Severity::Error) {
                outcome.errorLines.push_back(bvh::formatDiagnostic(shownPath, diagnostic));
            }
        }
        return outcome;
    }
    if (document.skeleton.nodeCount() == 0) {
        outcome.errorLines.push_back(shownPath + ":0:0: error: the file has no skeleton");
        return outcome;
    }
    outcome.character = makeCharacter(displayName, path, std::move(document));
    return outcome;
}

} // namespace

LoadOutcome loadCharacterFile(const std::string& path) {
    const std::string name = std::filesystem::path(path).filename().string();
    return fromDocument(name.empty() ? path : name, path, bvh::loadDocument(path));
}

LoadOutcome loadBundledSample() {
    return fromDocument(std::string(kSampleFileName), "",
                        bvh::parseDocument(embeddedAsset(kSampleFileName)));
}

} // namespace bvhscope::viewer
