// Opening what a user names (command line, a drop, the path field) and browsing a folder's files
// through one character.
//
// The browser shows one folder at a time. Its "browsed" character (Character::browsed) is the
// one next/previous file and a click on a row replace, in place: same slot, colour and
// visibility; the camera, playback state and settings stay; the selection follows the joint by
// name when the new file has it (else it is cleared); the playback time stays when the new clip
// is long enough, else it starts over. The old character is shown until the new file is
// completely read, so flipping through files never flashes a half-loaded one. Files opened by
// hand (command line, drop, Ctrl+click on a row) are ordinary characters and stay.
#pragma once

#include "app/viewer/session/session_state.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// Opens each path: a folder into the browser (replacing the folder open before; its first file
// that loads becomes the browsed character), anything else as a new character (FileLoads).
// A folder opens with its subfolders as the user last chose for it (Include subfolders, kept
// per folder); never chosen, with them only when the folder itself holds no take (a library).
// A folder that cannot be listed shows its error in the popup.
void openPaths(SessionState& state, const std::vector<std::string>& paths);

// Once per UI frame, after the loads are polled: takes finished summaries, and once the file to
// browse has loaded, puts it in place of the browsed character. A step (next/previous, or
// opening a folder) skips files known not to load and goes on past one that fails; a clicked
// file that fails shows its errors in the popup.
void updateFolderBrowsing(SessionState& state);

// [SECTION] The Browser's commands (commands.h), applied when the session takes them. Each does
// nothing while no folder is open.

// A row clicked: its take starts loading to replace the browsed character (a take still loading
// for an earlier click or step is cancelled). An entry past the list is ignored.
void browseTake(SessionState& state, std::size_t entry);
// Next (+n) or previous (-n) take, n files on in the order the list shows, skipping takes known
// not to load; counted from the take loading, if one is.
void stepTakes(SessionState& state, int steps);
// Re-lists the folder with or without its subfolders, keeping the take shown, and remembers the
// choice for this folder.
void includeSubfolders(SessionState& state, bool include);
// Closes the folder; the browsed character stays, as an ordinary one.
void closeFolder(SessionState& state);

// Reads the folders' kept subfolder choices (subfolders.tsv beside settings.ini); a file that
// cannot be used is left alone and never written over (the choices are then not kept).
void loadRememberedSubfolders(SessionState& state, const std::filesystem::path& file);

// The scene index of the browsed character, if one is shown.
std::optional<std::size_t> browsedCharacter(const scene::Scene& scene);

// --print-load-timing for a folder: once its summaries and thumbnails are done, one line with
// when (ms after its listing) and how many UI frames were drawn meanwhile, the longest of
// them (the background work must never hold the interface up).
class FolderTimingReport {
public:
    // After each frame shown, with its duration.
    void frameShown(const folder::FolderBrowser& folder, double frameMilliseconds,
                    std::chrono::steady_clock::time_point now, std::ostream& out);

private:
    std::optional<std::uint64_t> reported_; // the folder generation reported
    double summariesDone_ = -1.0;           // ms after listing; negative until they are
    double longestFrame_ = 0.0;
    int frames_ = 0;
};

} // namespace bvhscope::viewer
