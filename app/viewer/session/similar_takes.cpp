#include "app/viewer/session/similar_takes.h"

#include "core/analysis/motion_index.h"
#include "core/platform/utf8_path.h"

#include <optional>

namespace bvhscope::viewer {

namespace {

// The folder's row of the file `sourcePath` names (compared as the motion index keys paths:
// absolute and lexically normal); nullopt for a file outside the folder or the bundled sample.
std::optional<std::size_t> folderEntryOfFile(const folder::FolderBrowser& folder,
                                             const std::string& sourcePath) {
    if (!folder.isOpen() || sourcePath.empty()) {
        return std::nullopt;
    }
    const std::string key = bvh::motionIndexKey(bvh::pathFromUtf8(sourcePath));
    const std::vector<folder::FolderEntry>& entries = folder.entries();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (bvh::motionIndexKey(entries[i].path) == key) {
            return i;
        }
    }
    return std::nullopt;
}

} // namespace

SimilarShownIn showSimilarTakes(SessionState& state, std::size_t character) {
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (character >= characters.size()) {
        return SimilarShownIn::Nothing;
    }
    if (const std::optional<std::size_t> entry =
            folderEntryOfFile(state.folder, characters[character].clip->sourcePath);
        entry && state.folder.rankByLikeness(*entry)) {
        state.analysis.similar = {};
        return SimilarShownIn::Browser;
    }
    state.analysis.similar = rankCharactersByLikeness(state.scene, character);
    return state.analysis.similar.query ? SimilarShownIn::OpenFiles : SimilarShownIn::Nothing;
}

} // namespace bvhscope::viewer
