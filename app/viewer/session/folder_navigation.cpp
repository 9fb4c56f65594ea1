#include "app/viewer/session/folder_navigation.h"

#include "core/model/diagnostic.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

namespace bvhscope::viewer {

namespace {

// [SECTION] Opening a folder

constexpr std::string_view kWithSubfolders = "with";
constexpr std::string_view kWithoutSubfolders = "without";
// Thousands of folders' paths; a larger file is not one the viewer wrote.
constexpr std::uint64_t kLargestRememberedSubfoldersBytes = std::uint64_t{4} << 20;

std::optional<bool> rememberedSubfolders(const SessionState& state,
                                         const std::filesystem::path& folder) {
    const std::string* choice = state.rememberedSubfolders.find(bvh::utf8FromPath(folder));
    if (choice == nullptr || (*choice != kWithSubfolders && *choice != kWithoutSubfolders)) {
        return std::nullopt;
    }
    return *choice == kWithSubfolders;
}

void rememberSubfolders(SessionState& state, const std::filesystem::path& folder, bool include) {
    state.rememberedSubfolders.remember(
        bvh::utf8FromPath(folder), std::string(include ? kWithSubfolders : kWithoutSubfolders));
    if (state.rememberedSubfoldersFile) {
        state.rememberedSubfolders.save(*state.rememberedSubfoldersFile);
    }
}

void relistFolder(SessionState& state, bool includeSubfolders) {
    folder::FolderBrowser& folder = state.folder;
    const std::filesystem::path path = folder.folder();
    std::optional<std::filesystem::path> currentPath;
    if (folder.current) {
        currentPath = folder.entries()[*folder.current].path;
    }
    const std::string error = folder.open(path, includeSubfolders);
    if (!error.empty()) { // the folder is still open as it was
        state.errorLines = {bvh::utf8FromPath(path) + ": error: cannot list the folder: " + error};
        state.openErrorPopup = true;
        return;
    }
    const std::vector<folder::FolderEntry>& entries = folder.entries();
    for (std::size_t i = 0; currentPath && i < entries.size(); ++i) {
        if (entries[i].path == *currentPath) {
            folder.current = i;
        }
    }
}

// [SECTION] Choosing and loading the file to browse

// The next file after `from` in direction `step`, in the order the list shows (filtered and
// sorted), that is not known to fail; from nothing, or from a file the filter hides, the first
// (or last) such file shown.
std::optional<std::size_t> nextBrowsable(const folder::FolderBrowser& folder,
                                         std::optional<std::size_t> from, int step) {
    const std::vector<std::size_t>& shown = folder.shownRows();
    const auto count = static_cast<std::ptrdiff_t>(shown.size());
    const auto at = from ? std::find(shown.begin(), shown.end(), *from) : shown.end();
    std::ptrdiff_t i = at != shown.end() ? (at - shown.begin()) + step : (step > 0 ? 0 : count - 1);
    for (; i >= 0 && i < count; i += step) {
        const std::size_t entry = shown[static_cast<std::size_t>(i)];
        if (folder.entries()[entry].status != folder::FileStatus::Error) {
            return entry;
        }
    }
    return std::nullopt;
}

// Row-parsing threads, as FileLoads uses for a file opened by hand.
unsigned browseLoadThreads() {
    return std::clamp(std::thread::hardware_concurrency(), 2u, 5u) - 1;
}

void startBrowseLoad(folder::FolderBrowser& folder, std::size_t entry, int step) {
    folder.browseLoad.reset(); // a file still loading for an earlier request is cancelled
    folder::FolderBrowser::BrowseLoad load;
    load.entry = entry;
    load.step = step;
    load.load =
        std::make_unique<bvh::BackgroundLoad>(folder.entries()[entry].path, browseLoadThreads());
    folder.browseLoad = std::move(load);
}

// `steps` files on (+n next, -n previous) from the file shown, or from the one loading to
// replace it: steps taken while a file loads count from that file (three presses, three files
// on). The end of the list stops it: no wrapping.
void stepBrowse(folder::FolderBrowser& folder, int steps) {
    if (steps == 0) {
        return;
    }
    const int step = steps > 0 ? 1 : -1;
    std::optional<std::size_t> target =
        folder.browseLoad ? std::optional(folder.browseLoad->entry) : folder.current;
    std::optional<std::size_t> reached;
    for (int taken = 0; taken < std::abs(steps); ++taken) {
        const std::optional<std::size_t> next = nextBrowsable(folder, target, step);
        if (!next) {
            break;
        }
        target = reached = next;
    }
    if (reached) {
        startBrowseLoad(folder, *reached, step);
    }
}

void openFolder(SessionState& state, const std::filesystem::path& path) {
    folder::FolderBrowser& folder = state.folder;
    const std::string error = folder.open(path, rememberedSubfolders(state, path));
    if (!error.empty()) {
        state.errorLines = {bvh::utf8FromPath(path) + ": error: cannot list the folder: " + error};
        state.openErrorPopup = true;
        return;
    }
    stepBrowse(folder, 1); // the first file that loads
}

// [SECTION] Putting the loaded file in place of the browsed character

void placeBrowsedCharacter(SessionState& state, scene::Character character) {
    character.browsed = true;
    const std::optional<std::size_t> slot = browsedCharacter(state.scene);
    if (!slot) {
        state.scene.add(std::move(character));
        state.infoCharacter = state.scene.characters().size() - 1;
        state.framing.fileArrived(state.settings.frameOnLoad);
        return;
    }
    scene::Character& old = state.scene.characters()[*slot];
    std::optional<std::string> selectedJoint;
    if (state.selection && state.selection->character == *slot) {
        selectedJoint =
            old.clip->document.skeleton.names[static_cast<std::size_t>(state.selection->node)];
    }
    scene::keepAppearanceOf(character, old);
    old = std::move(character);
    state.scene.arrangeSideBySide();
    // The view direction stays (the user's), but the new figure is framed: a file standing
    // elsewhere, or travelling, would otherwise leave the view empty.
    if (state.settings.frameOnLoad || state.framing.figures) {
        state.framing.frameFigures(false);
    }
    if (selectedJoint) {
        const bvh::NodeIndex node = old.clip->document.skeleton.find(*selectedJoint);
        if (node == bvh::kNoParent) {
            state.selection.reset();
        } else {
            state.selection->node = node;
        }
    }
    if (state.playback.time() > state.scene.duration()) {
        state.playback.seek(0.0); // the new clip is shorter: start it over
    }
}

std::vector<std::string> errorLinesOf(const std::string& path, const bvh::Document& document) {
    std::vector<std::string> lines;
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        if (diagnostic.severity == bvh::Severity::Error) {
            lines.push_back(bvh::formatDiagnostic(path, diagnostic));
        }
    }
    if (lines.empty() && document.skeleton.nodeCount() == 0) {
        lines.push_back(path + ": error: the file has no skeleton");
    }
    return lines;
}

void pollBrowseLoad(SessionState& state) {
    folder::FolderBrowser& folder = state.folder;
    if (!folder.browseLoad || !folder.browseLoad->load->finished()) {
        return;
    }
    folder::FolderBrowser::BrowseLoad finished = std::move(*folder.browseLoad);
    folder.browseLoad.reset();
    folder::FolderEntry& entry = folder.entries()[finished.entry];
    bvh::Document document = finished.load->take();
    const std::string path = bvh::utf8FromPath(entry.path);
    std::vector<std::string> errors = errorLinesOf(path, document);
    if (!errors.empty()) {
        // What the row says now (the file may have changed since it was summarised).
        folder::FileFacts facts;
        facts.diagnosticLines.assign(
            errors.begin(), errors.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                 errors.size(), folder::kKeptDiagnostics)));
        entry.facts = std::move(facts);
        entry.status = folder::FileStatus::Error;
        entry.thumbnail = folder::ThumbnailState::None;
        entry.thumbnailPose.reset();
        if (finished.step != 0) {
            if (const auto next = nextBrowsable(folder, finished.entry, finished.step)) {
                startBrowseLoad(folder, *next, finished.step);
            }
        } else {
            state.errorLines = std::move(errors);
            state.openErrorPopup = true;
        }
        return;
    }
    scene::Character character =
        scene::makeCharacter(bvh::utf8FromPath(entry.path.filename()), path, std::move(document));
    scene::applyAxes(character, state.settings.upAxis, state.settings.unit);
    placeBrowsedCharacter(state, std::move(character));
    folder.current = finished.entry;
}

} // namespace

// [SECTION] Entry points

void openPaths(SessionState& state, const std::vector<std::string>& paths) {
    for (const std::string& path : paths) {
        std::error_code error;
        const std::filesystem::path native = bvh::pathFromUtf8(path);
        if (std::filesystem::is_directory(native, error)) {
            openFolder(state, native);
        } else {
            state.loads.open(path); // a missing file fails there, with its message
        }
    }
}

void updateFolderBrowsing(SessionState& state) {
    folder::FolderBrowser& folder = state.folder;
    if (!folder.isOpen()) {
        return;
    }
    folder.update();
    if (!folder.summarizing() && state.motionIndexFile) {
        // Once per listing. A cache that cannot be written costs a later `similar` a read of
        // each take, nothing more: not worth a popup (`similar` itself says so).
        folder.storeMotionIndex(*state.motionIndexFile);
    }
    pollBrowseLoad(state);
}

// [SECTION] The Browser's commands

void browseTake(SessionState& state, std::size_t entry) {
    if (state.folder.isOpen() && entry < state.folder.entries().size()) {
        startBrowseLoad(state.folder, entry, 0);
    }
}

void stepTakes(SessionState& state, int steps) {
    if (state.folder.isOpen()) {
        stepBrowse(state.folder, steps);
    }
}

void includeSubfolders(SessionState& state, bool include) {
    folder::FolderBrowser& folder = state.folder;
    if (folder.isOpen() && include != folder.includesSubfolders()) {
        rememberSubfolders(state, folder.folder(), include);
        relistFolder(state, include);
    }
}

void closeFolder(SessionState& state) {
    state.folder.close();
    for (scene::Character& character : state.scene.characters()) {
        character.browsed = false; // stays, as an ordinary character
    }
}

void loadRememberedSubfolders(SessionState& state, const std::filesystem::path& file) {
    std::string problem;
    state.rememberedSubfolders =
        RememberedPaths::load(file, kLargestRememberedSubfoldersBytes, &problem);
    if (problem.empty()) {
        state.rememberedSubfoldersFile = file;
    } else {
        state.errorLines.push_back("bvhscope: folders' subfolder choices are not kept this time: " +
                                   problem);
        state.openErrorPopup = true;
    }
}

std::optional<std::size_t> browsedCharacter(const scene::Scene& scene) {
    const std::vector<scene::Character>& characters = scene.characters();
    for (std::size_t i = 0; i < characters.size(); ++i) {
        if (characters[i].browsed) {
            return i;
        }
    }
    return std::nullopt;
}

// [SECTION] --print-load-timing

void FolderTimingReport::frameShown(const folder::FolderBrowser& folder, double frameMilliseconds,
                                    std::chrono::steady_clock::time_point now, std::ostream& out) {
    if (!folder.isOpen() || reported_ == folder.generation()) {
        return;
    }
    const double sinceListing =
        std::chrono::duration<double, std::milli>(now - folder.openedAt()).count();
    if (!folder.summarizing() && summariesDone_ < 0.0) {
        summariesDone_ = sinceListing;
    }
    if (folder.busy()) {
        longestFrame_ = std::max(longestFrame_, frameMilliseconds);
        ++frames_;
        return;
    }
    char text[200];
    std::snprintf(text, sizeof text,
                  ": %zu files, summarised %.1f ms and thumbnails drawn %.1f ms after listing; "
                  "%d UI frames meanwhile, the longest %.1f ms\n",
                  folder.entries().size(), summariesDone_, sinceListing, frames_, longestFrame_);
    out << "folder " << bvh::utf8FromPath(folder.folder()) << text << std::flush;
    reported_ = folder.generation();
    summariesDone_ = -1.0;
    longestFrame_ = 0.0;
    frames_ = 0;
}

} // namespace bvhscope::viewer
