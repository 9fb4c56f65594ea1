// The viewer's own file chooser, shown inside the window where the desktop has none to offer
// (no D-Bus session or no portal: minimal window managers, remote X, WSL; platform/
// file_chooser.h falls back to it). This is its model, with no ImGui: the folder shown and its
// entries, the filter, the selection, a typed path, the recent folders, and what was chosen.
// panels/file_chooser_panel.cpp draws it and turns keys and clicks into these calls.
//
// Paths are UTF-8 (core/platform/utf8_path.h). Listing a folder never throws: a folder that
// cannot be read shows no entries and says why in `error()`.
#pragma once

#include "app/viewer/io/recent_folders.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

// Which files a folder shows (folders are always shown): BVH captures (".bvh" in any case),
// sounds (media::isSoundFileName: .wav, .flac, .ogg, .mp3...), or everything.
enum class ChooserFilter { Captures, Sounds, All };
bool passesChooserFilter(std::string_view fileName, ChooserFilter filter);

struct ChooserEntry {
    std::string name; // UTF-8 file name, no folder
    bool folder = false;
};

// `folder`'s entries: folders first, then files, each in natural order (walk2 before walk10,
// ignoring case; app/folder/folder_listing.h). Names starting with "." (hidden on POSIX) are
// left out, and so are files the filter does not pass. Empty with `error` set when the folder
// cannot be listed. At most kMaxChooserEntries entries.
inline constexpr std::size_t kMaxChooserEntries = 20000;
std::vector<ChooserEntry> listChooserFolder(const std::filesystem::path& folder,
                                            ChooserFilter filter, std::string& error);

class InWindowChooser {
public:
    // What the chooser is asked to pick: files to open (a folder chosen opens in the Browser),
    // a folder, or a file name to save as.
    enum class Mode { OpenFiles, OpenFolder, SaveFile };

    // Shows `folder` (or, when it cannot be listed, its nearest existing parent, then the
    // working directory). SaveFile proposes `suggestedName`.
    void start(Mode mode, const std::filesystem::path& folder, std::string suggestedName,
               ChooserFilter filter);
    bool active() const { return active_; }
    Mode mode() const { return mode_; }

    // [SECTION] Navigating
    void showFolder(const std::filesystem::path& folder);
    void toParent(); // Backspace
    void setFilter(ChooserFilter filter);
    ChooserFilter filter() const { return filter_; }
    const std::filesystem::path& folder() const { return folder_; }
    const std::vector<ChooserEntry>& entries() const { return entries_; }
    const std::string& error() const { return error_; } // why the folder shows nothing

    // [SECTION] The selection (arrows, clicks)
    std::optional<std::size_t> selected() const { return selected_; }
    void select(std::size_t entry); // SaveFile: a file selected gives its name to `name`
    void moveSelection(int delta);  // clamped to the entries; from none, Down selects the first

    // [SECTION] Type-ahead (OpenFiles, OpenFolder)
    // The typed text, while it is a name (no folder part, no "~"), filters the entries shown to
    // those whose name contains it, in any case, and selects the first match: a name starting
    // with it before one only containing it. Call after each edit of `typed`.
    void typedChanged();
    // Tab: `current` (the field's text) completed to the longest start shared, in any case, by
    // every entry whose name starts with it; a unique match gives its whole name (a folder's with
    // "/", to type on into it). nullopt when nothing starts with it, nothing would be added, or
    // saving.
    std::optional<std::string> completion(std::string_view current) const;

    // [SECTION] Choosing
    // The typed text: a file name (SaveFile) or a path, absolute, "~/..." or relative to the
    // folder shown. OpenFiles / OpenFolder start empty, and empty again in each folder shown;
    // SaveFile starts with the suggested name.
    std::string typed;
    // Enter or a double click: a folder is shown; a file is chosen (SaveFile: its name is taken).
    void activate(std::size_t entry);
    // Enter with text typed, or the Open / Save button: a folder typed is shown; otherwise the
    // typed path (or, with nothing typed, the selection; OpenFolder: the folder shown) is
    // chosen when it can be; a name typed ahead that is no file opens its selected match. When
    // nothing can be, `error()` says why (a name no entry matches: "Nothing in this folder
    // matches ...") and the chooser stays.
    void accept();
    // OpenFiles: the folder shown, to open in the Browser.
    void chooseFolderShown() { choose(folder_); }
    void cancel() { active_ = false; }

    // What was chosen, once; nullopt while choosing or after cancel(). Choosing closes the
    // chooser and puts the folder chosen from first in `recent`.
    std::optional<std::vector<std::string>> takeChosen();

    RecentFolders recent;

private:
    void choose(const std::filesystem::path& path);
    std::filesystem::path resolveTyped() const;
    // The text the entries are filtered by: `typed` when it is a name and the mode opens, else "".
    std::string_view typeAheadText() const;
    void applyTypeAhead();

    bool active_ = false;
    Mode mode_ = Mode::OpenFiles;
    ChooserFilter filter_ = ChooserFilter::Captures;
    std::filesystem::path folder_;
    std::vector<ChooserEntry> listed_;  // the folder's, as the filter passes them
    std::vector<ChooserEntry> entries_; // shown: listed_, or those the typed name matches
    std::string error_;
    std::optional<std::size_t> selected_;
    std::optional<std::vector<std::string>> chosen_;
};

} // namespace bvhscope::viewer
