#include "app/viewer/file_chooser_flow.h"

#include "app/platform/config_directory.h"
#include "core/platform/utf8_path.h"

#include <filesystem>
#include <optional>
#include <utility>

namespace bvhscope::viewer {

namespace {

namespace fs = std::filesystem;
using Purpose = ViewerState::ChooserPurpose;

std::optional<fs::path> recentFoldersFile() {
    const std::optional<fs::path> directory = platform::configDirectory();
    return directory ? std::optional<fs::path>(*directory / "recent_folders.txt") : std::nullopt;
}

// The path a save dialog proposes: the dialog's own field.
std::string saveTarget(const ViewerState& state, Purpose purpose) {
    return purpose == Purpose::VideoTarget ? state.videoExportForm.path
                                           : state.exportForm.settings.targetPath;
}

FileChooserRequest desktopRequest(const ViewerState& state, Purpose purpose, const Window& window) {
    FileChooserRequest request;
    request.parentWindow = window.dialogParent();
    switch (purpose) {
    case Purpose::OpenFiles:
        request.kind = FileChooserRequest::Kind::OpenFiles;
        request.title = "Open BVH files";
        break;
    case Purpose::OpenFolder:
        request.kind = FileChooserRequest::Kind::OpenFolder;
        request.title = "Open a folder of BVH files";
        break;
    default: {
        request.kind = FileChooserRequest::Kind::SaveFile;
        request.title = purpose == Purpose::VideoTarget                          ? "Export video"
                        : state.exportForm.settings.format == ExportFormat::Gltf ? "Export glTF"
                                                                                 : "Export BVH";
        const fs::path target = bvh::pathFromUtf8(saveTarget(state, purpose));
        request.suggestedName = bvh::utf8FromPath(target.filename());
        request.suggestedFolder = bvh::utf8FromPath(target.parent_path());
        break;
    }
    }
    return request;
}

// Where the viewer's own chooser opens for files to open.
fs::path openingFolder(const ViewerState& state) {
    const std::vector<std::string>& recent = state.inWindowChooser.recent.folders();
    if (!recent.empty()) {
        return bvh::pathFromUtf8(recent.front());
    }
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (state.infoCharacter < characters.size() &&
        !characters[state.infoCharacter].clip->sourcePath.empty()) {
        return bvh::pathFromUtf8(characters[state.infoCharacter].clip->sourcePath).parent_path();
    }
    return {}; // the working directory
}

// The viewer's own chooser's choice: delivered, and its folder kept for next time.
void takeInWindowChoice(ViewerState& state) {
    InWindowChooser& chooser = state.inWindowChooser;
    const std::optional<std::vector<std::string>> chosen = chooser.takeChosen();
    if (!chooser.active() && state.inWindowPurpose != Purpose::None && !chosen) {
        state.inWindowPurpose = Purpose::None; // cancelled
    }
    if (!chosen) {
        return;
    }
    deliverChosenPaths(state, std::exchange(state.inWindowPurpose, Purpose::None), *chosen);
    if (const std::optional<fs::path> file = recentFoldersFile()) {
        chooser.recent.save(*file);
    }
}

} // namespace

void deliverChosenPaths(ViewerState& state, Purpose purpose,
                        const std::vector<std::string>& paths) {
    if (paths.empty()) {
        return;
    }
    switch (purpose) {
    case Purpose::ExportTarget:
        state.exportForm.settings.targetPath = paths.front();
        break;
    case Purpose::VideoTarget:
        state.videoExportForm.path = paths.front();
        state.videoExportForm.pathEdited = true;
        break;
    case Purpose::OpenFiles:
    case Purpose::OpenFolder:
        state.commands.push(command::Open{paths});
        break;
    case Purpose::None:
        break;
    }
}

void openInWindowChooser(ViewerState& state, Purpose purpose) {
    InWindowChooser& chooser = state.inWindowChooser;
    if (!state.recentFoldersLoaded) {
        state.recentFoldersLoaded = true;
        if (const std::optional<fs::path> file = recentFoldersFile()) {
            chooser.recent = RecentFolders::load(*file);
        }
    }
    state.inWindowPurpose = purpose;
    switch (purpose) {
    case Purpose::OpenFiles:
        chooser.start(InWindowChooser::Mode::OpenFiles, openingFolder(state), "",
                      ChooserFilter::Captures);
        break;
    case Purpose::OpenFolder:
        chooser.start(InWindowChooser::Mode::OpenFolder, openingFolder(state), "",
                      ChooserFilter::Captures);
        break;
    case Purpose::ExportTarget:
    case Purpose::VideoTarget: {
        const fs::path target = bvh::pathFromUtf8(saveTarget(state, purpose));
        chooser.start(InWindowChooser::Mode::SaveFile,
                      target.has_parent_path() ? target.parent_path() : openingFolder(state),
                      bvh::utf8FromPath(target.filename()),
                      purpose == Purpose::ExportTarget &&
                              state.exportForm.settings.format == ExportFormat::Bvh
                          ? ChooserFilter::Captures
                          : ChooserFilter::All);
        break;
    }
    case Purpose::None:
        state.inWindowPurpose = Purpose::None;
        break;
    }
}

void updateFileChooser(ViewerState& state, FileChooser& chooser, const Window& window,
                       std::ostream& err) {
    const Purpose requested = std::exchange(state.chooserRequested, Purpose::None);
    if (requested != Purpose::None && !chooser.busy() && !state.inWindowChooser.active()) {
        if (state.desktopChooserMissing) {
            openInWindowChooser(state, requested);
        } else if (chooser.start(desktopRequest(state, requested, window))) {
            state.chooserOpen = requested;
        }
    }
    takeInWindowChoice(state);
    const std::optional<FileChooserAnswer> answer = chooser.takeAnswer();
    if (!answer) {
        return;
    }
    const Purpose purpose = std::exchange(state.chooserOpen, Purpose::None);
    if (answer->unavailable) {
        // Said once; from now on the viewer's own chooser opens straight away.
        state.desktopChooserMissing = true;
        state.desktopChooserProblem = answer->error;
        const std::string notice =
            "no desktop file chooser (" + answer->error + "); using bvhscope's own";
        err << "bvhscope: " << notice << "\n";
        state.notices.post(notice);
        openInWindowChooser(state, purpose);
        return;
    }
    if (!answer->cancelled) {
        deliverChosenPaths(state, purpose, answer->paths);
    }
}

} // namespace bvhscope::viewer
