// What File > Export video asks for and shows, split by owner: the form is the panel's own
// (UiState), sent whole with command::StartVideoExport; the session starts the export
// (video_export.h), the frame loop steps it, and the progress is the session's (SessionState).
// No GL here.
#pragma once

#include <cstdint>
#include <string>

namespace bvhscope::viewer {

// What the user fills in.
struct VideoExportForm {
    bool open = false;
    // The extension picks the format. Until edited, it follows the first capture: NAME.bvh
    // gives NAME_export.mp4 beside it (never the capture's own name: a reference video of the
    // session may be there).
    std::string path = "bvhscope_export.mp4";
    bool pathEdited = false;
    int width = 1280;
    int height = 720;
    int crf = -1; // -1: the format's default
    bool withSound = true;
    bool label = true; // file names, frame and timecode in the corner, as `bvhscope render`
};

// Written back while the export runs, and what it ended with.
struct VideoExportProgress {
    bool running = false;
    std::int64_t total = 0;
    std::int64_t drawn = 0;
    std::int64_t encoded = 0;
    std::string message; // "Wrote ..." or why not
    bool failed = false;
};

} // namespace bvhscope::viewer
