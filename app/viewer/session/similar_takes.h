// The Selected panel's Similar (issue 39 item 4): the takes that move like the one a character
// shows, ranked where the user is looking for them.
#pragma once

#include "app/viewer/session/session_state.h"

#include <cstddef>
#include <cstdint>

namespace bvhscope::viewer {

enum class SimilarShownIn : std::uint8_t {
    Browser,   // the Browser's rows, ranked as its right-click ranks them
    OpenFiles, // the other files open, in state.analysis.similar
    Nothing,   // the take has no motion features (no frames, no usable body size)
};

// When a folder is browsed and holds the file `character` shows, ranks the folder's takes by
// likeness to it (FolderBrowser::rankByLikeness: the same ranking as a row's right-click);
// otherwise ranks the other files open (rankCharactersByLikeness). A take of the folder not yet
// summarised is ranked among the files open, not left unanswered.
SimilarShownIn showSimilarTakes(SessionState& state, std::size_t character);

} // namespace bvhscope::viewer
