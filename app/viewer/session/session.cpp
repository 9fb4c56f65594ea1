#include "app/viewer/session/session.h"

#include "app/media/audio_clip.h"
#include "app/media/media_features.h"
#include "app/pictures/text_painter.h"
#include "app/platform/browser.h"
#include "app/viewer/io/settings_store.h"
#include "app/viewer/session/folder_navigation.h"
#include "app/viewer/session/panel_commands.h"
#include "app/viewer/session/picture_request.h"
#include "app/viewer/session/retarget_commands.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <type_traits>

namespace bvhscope::viewer {

namespace {

const render::OrbitCamera kDefaultCamera{};

bvh::Interpolation interpolationOf(const scene::ViewerSettings& settings) {
    return settings.interpolate ? bvh::Interpolation::Linear : bvh::Interpolation::Nearest;
}

void showErrors(SessionState& session, const std::vector<std::string>& lines, std::ostream& err) {
    for (const std::string& line : lines) {
        err << line << "\n";
    }
    // Added to what the popup shows until it is closed.
    session.errorLines.insert(session.errorLines.end(), lines.begin(), lines.end());
    session.openErrorPopup = true;
}

// Says `notice` on the error stream and posts it over the view.
void sayNotice(SessionState& session, std::string notice, std::ostream& err) {
    err << "bvhscope: " << notice << "\n";
    session.notices.post(std::move(notice));
}

// [SECTION] Files

// What the page (SessionState::inPage) cannot open that the desktop can: a sound (decoded by
// FFmpeg on a thread) or a folder (listed and summarised on threads). "" for anything else.
std::string refusedInPage(const std::string& path) {
    const std::filesystem::path file = bvh::pathFromUtf8(path);
    if (media::isSoundFileName(file)) {
        return path + ": error: a sound plays with the capture " + platform::kDesktopOnly;
    }
    std::error_code error;
    if (std::filesystem::is_directory(file, error)) {
        return path + ": error: folders are browsed " + platform::kDesktopOnly;
    }
    return {};
}

// A sound file (.wav, .flac, .ogg, .mp3...) becomes the sound played with the captures; a
// folder opens in the browser (folder_navigation.h); anything else loads in the background
// (file_loading.h), and pollLoads() takes what it produced.
void openFiles(SessionState& session, const std::vector<std::string>& paths, std::ostream& err) {
    std::vector<std::string> captures;
    std::vector<std::string> refused;
    for (const std::string& path : paths) {
        if (session.inPage) {
            if (std::string refusal = refusedInPage(path); !refusal.empty()) {
                refused.push_back(std::move(refusal));
                continue;
            }
        }
        if (media::isSoundFileName(bvh::pathFromUtf8(path))) {
            session.audio.load(bvh::pathFromUtf8(path));
        } else {
            captures.push_back(path);
        }
    }
    if (!captures.empty()) {
        openPaths(session, captures);
    }
    if (!refused.empty()) {
        showErrors(session, refused, err);
    }
}

// A capture with a sound of the same name beside it (take12.bvh, take12.wav) brings it along
// when no sound is loaded yet. A build without sound does not look (a sound file dropped or
// opened says it has none).
void findSoundBesideCaptures(SessionState& session) {
    if (!media::soundAvailable() || session.inPage || session.audio.loaded() ||
        session.audio.loading()) {
        return;
    }
    for (const scene::Character& character : session.scene.characters()) {
        if (character.clip->sourcePath.empty()) {
            continue;
        }
        if (auto sound =
                media::findAudioBesideCapture(bvh::pathFromUtf8(character.clip->sourcePath))) {
            session.audio.load(*sound);
            return;
        }
    }
}

// `undoable`: the user's Remove (Ctrl+Z puts it back); a failed load is not. Every index that
// points at a character (selection, Info, A/B compare) follows the characters that stay.
void removeCharacter(SessionState& session, std::size_t index, bool undoable) {
    if (index >= session.scene.characters().size()) {
        return;
    }
    if (undoable && !session.scene.characters()[index].loading()) {
        scene::Character taken = session.scene.take(index);
        taken.browsed = false; // back as an ordinary file: the browser has moved on
        session.removedCharacters.push_back({index, std::move(taken)});
        if (session.removedCharacters.size() > kUndoableRemovals) {
            session.removedCharacters.erase(session.removedCharacters.begin());
        }
    } else {
        session.scene.remove(index); // a character still loading cancels its load
    }
    onCharacterRemoved(session.analysis, index);
    if (session.selection && session.selection->character == index) {
        session.selection.reset();
    } else if (session.selection && session.selection->character > index) {
        --session.selection->character;
    }
    if (session.infoCharacter > index ||
        (session.infoCharacter == index && index == session.scene.characters().size() &&
         index > 0)) {
        --session.infoCharacter;
    }
}

void undoRemove(SessionState& session) {
    if (session.removedCharacters.empty()) {
        return;
    }
    RemovedCharacter removed = std::move(session.removedCharacters.back());
    session.removedCharacters.pop_back();
    const std::size_t index = std::min(removed.index, session.scene.characters().size());
    session.scene.insert(index, std::move(removed.character));
    onCharacterInserted(session.analysis, index);
    if (session.selection && session.selection->character >= index) {
        ++session.selection->character;
    }
    session.infoCharacter = index;
}

void pollLoads(SessionState& session, std::ostream& err) {
    FileLoads::Events events =
        session.loads.update(session.scene, session.settings.upAxis, session.settings.unit);
    // Highest index first (FileLoads::Events): each index is still valid when its turn comes.
    for (const std::size_t index : events.failedCharacters) {
        removeCharacter(session, index, false); // only that file: what was open stays
    }
    if (events.added) {
        session.infoCharacter = session.scene.characters().size() - 1;
        findSoundBesideCaptures(session);
    }
    if (events.reshaped || !events.failedCharacters.empty()) {
        session.scene.arrangeSideBySide();
        session.framing.fileArrived(session.settings.frameOnLoad);
    }
    if (!events.errorLines.empty()) {
        showErrors(session, events.errorLines, err);
    }
    for (std::string& notice : events.notices) {
        sayNotice(session, std::move(notice), err);
    }
}

// Files opened (or loaded) since the last frame take the up axis remembered for their path.
void applyRememberedUpAxes(SessionState& session) {
    bool changed = false;
    for (scene::Character& character : session.scene.characters()) {
        if (!scene::takeRememberedUpAxisCheck(character)) {
            continue;
        }
        if (character.axes.upAxisOverride || character.clip->sourcePath.empty()) {
            continue;
        }
        if (const std::optional<scene::UpAxisChoice> remembered =
                session.rememberedUpAxes.find(character.clip->sourcePath)) {
            scene::setUpAxisOverride(character, *remembered);
            scene::applyAxes(character, session.settings.upAxis, session.settings.unit);
            changed = true;
        }
    }
    if (changed) {
        session.scene.arrangeSideBySide();
        if (session.settings.frameOnLoad) {
            session.framing.frameFigures(false);
        }
    }
}

// A body built in the background arrived since the last update: the framing made before it
// fitted the capsule figure, so it fits the body too (its head, its girth) while the camera is
// still the automatic one; a camera the user moved (FigureFollow::framingKept) is theirs.
void frameArrivedBodies(SessionState& session) {
    const auto ready = static_cast<std::size_t>(
        std::ranges::count_if(session.scene.characters(), [](const scene::Character& character) {
            return character.appearance.body && character.appearance.body->ready();
        }));
    if (ready > session.readyBodies && session.follow.framingKept()) {
        session.framing.frameFigures(false);
    }
    session.readyBodies = ready;
}

// After one file's axes or ground changed: it stands anew, and is framed from its front.
void reapplyAxes(SessionState& session, scene::Character& character) {
    scene::applyAxes(character, session.settings.upAxis, session.settings.unit);
    session.scene.arrangeSideBySide();
    session.framing.frameFigures(true);
}

void saveRememberedUpAxes(SessionState& session) {
    if (session.rememberedUpAxesFile) {
        session.rememberedUpAxes.save(*session.rememberedUpAxesFile);
    }
}

// [SECTION] Sound

// Once a frame, after playback advanced: takes a finished sound load and keeps the device with
// playback.
void updateSound(SessionState& session, double wallSeconds, std::ostream& err) {
    if (session.audio.poll()) {
        if (!session.audio.error().empty()) {
            err << session.audio.error() << "\n";
            session.errorLines = {session.audio.error()};
            session.openErrorPopup = true;
        } else {
            session.audioPlayer.setClip(session.audio.clip());
            if (!session.audioPlayer.available() && !session.audioDeviceReported) {
                sayNotice(session,
                          session.audioPlayer.unavailableReason() +
                              "; the sound is shown but not heard",
                          err);
                session.audioDeviceReported = true;
            }
        }
    }
    const scene::Playback& playback = session.playback;
    session.audioPlayer.update(session.audio, playback.playing(), playback.reverse(),
                               playback.speed(), playback.time(), wallSeconds);
}

// [SECTION] File > Export video

// What the dialog and the session hold, as the export's settings: the timeline's range at its
// frame rate, the view's camera and look, and the label `bvhscope render` stamps.
VideoExportSettings videoExportSettings(const SessionState& session,
                                        const VideoExportForm& dialog) {
    VideoExportSettings settings;
    settings.output = bvh::pathFromUtf8(dialog.path);
    settings.container = media::videoContainerFor(dialog.path).value_or(media::VideoContainer::Mp4);
    settings.width = dialog.width;
    settings.height = dialog.height;
    settings.crf = dialog.crf;
    settings.startSeconds = session.playback.rangeStart();
    settings.endSeconds = session.playback.rangeEnd();
    settings.frameTime = session.playback.frameTime();
    settings.camera = session.camera;
    settings.drawOptions = pictures::sceneDrawOptions(session.settings);
    settings.overlays = scene::overlayOptions(session.settings);
    settings.interpolation = interpolationOf(session.settings);
    if (dialog.withSound && session.audio.loaded()) {
        settings.audio = session.audio.clip();
        settings.audioOffsetSeconds = session.audio.offsetSeconds;
    }
    if (dialog.label) {
        // The label `bvhscope render` stamps, timed by the timeline's frames.
        std::string title;
        for (const scene::Character& character : session.scene.characters()) {
            title += (title.empty() ? "" : " + ") + character.clip->displayName;
        }
        const double frameTime = settings.frameTime;
        const std::int64_t lastFrame = session.playback.lastFrame();
        auto painter = std::make_shared<pictures::TextPainter>();
        settings.framedRows = scene::rowsFreeOfLabels(
            settings.height, pictures::frameLabelCoveredRows(settings.height, *painter), 0);
        settings.decorate = [painter, title, frameTime, lastFrame](render::Image& image,
                                                                   double time) {
            const std::int64_t frame = std::llround(time / frameTime);
            pictures::stampFrameLabel(image, *painter,
                                      pictures::frameLabel(title, frame, lastFrame, frameTime));
        };
    }
    return settings;
}

void startVideoExport(SessionState& session, const VideoExportForm& form) {
    if (session.videoJob) {
        return; // one at a time
    }
    VideoExportProgress& progress = session.videoExport;
    std::string error;
    session.videoJob = VideoExportJob::start(videoExportSettings(session, form), error);
    progress.failed = !session.videoJob;
    if (session.videoJob) { // the next video starts in this folder (issue 42)
        session.settings.exportFolderVideo =
            bvh::utf8FromPath(bvh::pathFromUtf8(form.path).parent_path());
    }
    progress.message = session.videoJob ? "" : "Cannot export " + form.path + ": " + error;
    progress.running = session.videoJob != nullptr;
}

// [SECTION] Camera

void frameRequested(SessionState& session, float aspect) {
    FramingRequest& framing = session.framing;
    if (framing.resetCamera) {
        const float fov = session.camera.verticalFovRadians;
        session.camera = kDefaultCamera;
        session.camera.verticalFovRadians = fov;
        framing.frameFigures(false);
    }
    if (framing.clip) {
        render::frameBounds(session.camera, session.scene.motionBounds(), aspect);
        session.follow.stop();
    } else if (framing.figures) {
        // The camera projects into the docked view rectangle alone, so its aspect is all
        // framing needs.
        scene::frameFigures(session.camera, session.scene, session.pose, aspect,
                            framing.turnToFront);
        session.follow.start(session.camera, session.scene, session.pose, aspect);
    }
    framing = FramingRequest{};
}

void followFigures(SessionState& session, double wallSeconds, float aspect) {
    if (!session.settings.followSelection) {
        // A live figure's clip grows: the framing is kept for its recent frames (issue 41).
        if (const std::optional<double> now = session.live.nowTime(session.scene)) {
            session.follow.keepLiveFraming(
                session.camera, session.scene, aspect,
                std::max(0.0, *now - scene::FigureFollow::kLiveWindowSeconds), *now, wallSeconds);
        }
        session.follow.update(session.camera, session.scene, session.pose, session.playback.time(),
                              wallSeconds);
        return;
    }
    if (!session.selection) {
        return;
    }
    if (const std::vector<glm::vec3>* followed =
            session.scene.positionsIn(session.pose, session.selection->character)) {
        session.camera.target = (*followed)[static_cast<std::size_t>(session.selection->node)];
    }
}

// [SECTION] Commands, one function each

void apply(SessionState& session, const command::Open& open, float, std::ostream& err) {
    openFiles(session, open.paths, err);
}

void apply(SessionState& session, const command::Remove& remove, float, std::ostream&) {
    removeCharacter(session, remove.character, true);
}

void apply(SessionState& session, const command::UndoRemove&, float, std::ostream&) {
    undoRemove(session);
}

void apply(SessionState& session, const command::Focus& focus, float aspect, std::ostream&) {
    if (focus.character >= session.scene.characters().size()) {
        return;
    }
    render::frameBounds(session.camera, session.scene.motionBounds(focus.character), aspect);
    session.infoCharacter = focus.character;
}

void apply(SessionState& session, const command::FrameFigures& frame, float, std::ostream&) {
    session.framing.frameFigures(frame.turnToFront);
    if (frame.sayFramed && !session.scene.empty()) {
        session.notices.post("Framed: the camera follows the figures (A: the whole clip)");
    }
}

void apply(SessionState& session, const command::FrameClip&, float, std::ostream&) {
    session.framing.clip = true;
}

void apply(SessionState& session, const command::ResetCamera&, float, std::ostream&) {
    session.framing.resetCamera = true;
}

void apply(SessionState& session, const command::SetUpAxis& set, float, std::ostream&) {
    if (set.character >= session.scene.characters().size()) {
        return;
    }
    scene::Character& character = session.scene.characters()[set.character];
    scene::setUpAxisOverride(character, set.choice);
    // A remembered file keeps what the user chose now.
    if (!character.clip->sourcePath.empty() &&
        session.rememberedUpAxes.find(character.clip->sourcePath)) {
        session.rememberedUpAxes.remember(character.clip->sourcePath, set.choice);
        saveRememberedUpAxes(session);
    }
    reapplyAxes(session, character);
}

void apply(SessionState& session, const command::ShowAsInFile& show, float, std::ostream&) {
    if (show.character >= session.scene.characters().size()) {
        return;
    }
    scene::Character& character = session.scene.characters()[show.character];
    scene::setShowAsInFile(character, show.asInFile);
    reapplyAxes(session, character);
}

void apply(SessionState& session, const command::RememberUpAxis& remember, float, std::ostream&) {
    if (remember.character >= session.scene.characters().size() || !session.rememberedUpAxesFile) {
        return;
    }
    const scene::Character& character = session.scene.characters()[remember.character];
    if (character.clip->sourcePath.empty()) {
        return;
    }
    if (remember.remember) {
        session.rememberedUpAxes.remember(
            character.clip->sourcePath,
            character.axes.upAxisOverride.value_or(session.settings.upAxis));
    } else {
        session.rememberedUpAxes.forget(character.clip->sourcePath);
    }
    saveRememberedUpAxes(session);
}

void apply(SessionState& session, const command::SetDefaultAxes& axes, float, std::ostream& err) {
    scene::ViewerSettings& settings = session.settings;
    if (axes.upAxis != settings.upAxis) {
        // The default is for files opened from now on: those open keep the axis they show.
        for (scene::Character& character : session.scene.characters()) {
            scene::setUpAxisOverride(character,
                                     character.axes.upAxisOverride.value_or(settings.upAxis));
        }
        settings.upAxis = axes.upAxis;
    }
    if (axes.unit != settings.unit) {
        settings.unit = axes.unit;
        for (scene::Character& character : session.scene.characters()) {
            scene::applyAxes(character, settings.upAxis, settings.unit);
            // A unit that makes a figure too large or small to draw (issue 38), as on loading.
            if (std::optional<std::string> note = scene::figureOutOfDrawnRangeNote(character)) {
                sayNotice(session, *note + ": the view shows no figure", err);
            }
        }
        session.scene.arrangeSideBySide();
        session.framing.frameFigures(true);
    }
}

void apply(SessionState& session, const command::RemoveSound&, float, std::ostream&) {
    session.audio.clear();
    session.audioPlayer.setClip(nullptr);
}

// In the page the file is written into the downloads folder and then offered as a download.
void apply(SessionState& session, const command::Export& request, float, std::ostream&) {
    if (request.character >= session.scene.characters().size()) {
        return;
    }
    if (!session.downloadsFolder.empty()) {
        std::error_code error; // a folder that cannot be made: the export says why it cannot write
        std::filesystem::create_directories(session.downloadsFolder, error);
    }
    ExportOutcome outcome =
        exportCharacter(session.scene.characters()[request.character], request.settings);
    if (outcome.ok && isDownload(session, outcome.targetPath)) {
        session.downloadsReady.push_back(bvh::pathFromUtf8(outcome.targetPath));
    } else if (outcome.ok) { // the next export of this kind starts in this folder (issue 42)
        std::string& remembered = request.settings.format == ExportFormat::Gltf
                                      ? session.settings.exportFolderGltf
                                      : session.settings.exportFolderBvh;
        remembered = bvh::utf8FromPath(bvh::pathFromUtf8(outcome.targetPath).parent_path());
    }
    session.exportDialog.result = std::move(outcome);
}

void apply(SessionState& session, const command::SavePicture& picture, float, std::ostream&) {
    if (!picture.target.empty()) {
        const bool sized = picture.width > 0 && picture.height > 0;
        session.pictureRequest =
            PictureRequest{bvh::pathFromUtf8(picture.target), sized ? picture.width : 0,
                           sized ? picture.height : 0};
        // The next picture starts where this one went.
        session.settings.exportFolderPicture =
            bvh::utf8FromPath(bvh::pathFromUtf8(picture.target).parent_path());
    } else if (!session.downloadsFolder.empty()) {
        session.pictureRequest = PictureRequest{picturePath(session)};
    }
}

void apply(SessionState& session, const command::StartVideoExport& start, float, std::ostream&) {
    startVideoExport(session, start.form);
}

void apply(SessionState& session, const command::CancelVideoExport&, float, std::ostream&) {
    if (session.videoJob) {
        session.videoJob->cancel();
    }
}

// [SECTION] A file's look and rate (issue 43, CHARACTER)

void apply(SessionState& session, const command::SetColor& set, float, std::ostream&) {
    if (set.character < session.scene.characters().size()) {
        scene::setColor(session.scene.characters()[set.character], set.color);
    }
}

void apply(SessionState& session, const command::SetVisible& set, float, std::ostream&) {
    if (set.character < session.scene.characters().size()) {
        scene::setVisible(session.scene.characters()[set.character], set.visible);
    }
}

void apply(SessionState& session, const command::SetFramesPerSecond& set, float, std::ostream&) {
    applyFramesPerSecondOverride(session.scene, session.playback, set.character,
                                 set.framesPerSecond);
}

// [SECTION] Live streams (live/live_streams.h)

void apply(SessionState& session, const command::ConnectLive& connect, float, std::ostream& err) {
    session.live.windowSeconds = session.settings.liveWindowSeconds;
    std::string error;
    if (!session.live.open(connect.request, error)) {
        showErrors(session,
                   {"bvhscope: cannot connect to " + connect.request.address() + ": " + error},
                   err);
        return;
    }
    session.notices.post("Connecting to " + connect.request.address());
}

void apply(SessionState& session, const command::FollowLive&, float, std::ostream&) {
    session.live.followNow();
}

void apply(SessionState& session, const command::StartLiveRecording&, float, std::ostream& err) {
    const std::filesystem::path folder = session.settings.liveRecordFolder.empty()
                                             ? defaultTakeFolder()
                                             : bvh::pathFromUtf8(session.settings.liveRecordFolder);
    std::string error;
    if (!session.live.startRecording(folder, error)) {
        showErrors(session, {"bvhscope: cannot record: " + error}, err);
        session.live.stopRecording();
    }
}

void apply(SessionState& session, const command::StopLiveRecording&, float, std::ostream& err) {
    for (std::string& note : session.live.stopRecording()) {
        sayNotice(session, std::move(note), err);
    }
}

// Once a frame, after the files: frames that arrived grow the live characters' timelines.
void pollLiveStreams(SessionState& session, std::ostream& err) {
    session.live.windowSeconds = session.settings.liveWindowSeconds;
    if (!session.inPage) { // its watch is a thread; a page's files do not grow
        session.live.followGrowingFiles(session.scene);
    }
    LiveStreams::Events events =
        session.live.update(session.scene, session.settings.upAxis, session.settings.unit);
    for (std::string& notice : events.notices) {
        sayNotice(session, std::move(notice), err);
    }
    if (events.added) {
        session.infoCharacter = session.scene.characters().size() - 1;
    }
    if (events.added || events.reshaped) {
        session.scene.arrangeSideBySide();
        session.framing.fileArrived(session.settings.frameOnLoad);
    } else if (events.restood) { // a new framing would be a cut in the first second's glide
        session.scene.arrangeSideBySide();
        session.follow.notePlacementChanged();
    }
}

// Issue 43, OPTIONS: what a panel's option widgets changed, within the table's ranges (merged
// field by field when another change came first this frame); a new default up axis or unit
// changes the open files as SetDefaultAxes does.
void apply(SessionState& session, const command::ChangeSettings& change, float viewAspect,
           std::ostream& err) {
    scene::ViewerSettings settings = withinTableRanges(
        change.before == session.settings
            ? change.after
            : mergedSettingsChange(session.settings, change.before, change.after));
    apply(session, command::SetDefaultAxes{settings.upAxis, settings.unit}, viewAspect, err);
    session.settings = std::move(settings);
}

} // namespace

void applyCommand(SessionState& session, const Command& command, float viewAspect,
                  std::ostream& err) {
    std::visit(
        [&](const auto& each) {
            // The panels' commands (panel_commands.h) need neither the view nor the error stream.
            if constexpr (requires { apply(session, each); }) {
                apply(session, each);
            } else {
                apply(session, each, viewAspect, err);
            }
        },
        command);
}

void sampleLivePose(SessionState& session) {
    if (session.analysis.showRestPose) {
        session.scene.sampleRest(session.pose);
    } else {
        session.scene.sample(session.playback.time(), interpolationOf(session.settings),
                             session.settings.loop, session.pose);
    }
}

bool sessionIsMoving(const SessionState& session) {
    return sessionMovesBesidesBrowserWork(session) || session.folder.busy();
}

bool sessionMovesBesidesBrowserWork(const SessionState& session) {
    const FramingRequest& framing = session.framing;
    // Playing while the time is the live edge's alone moves nothing by itself: new frames do.
    const bool playbackMoves =
        session.playback.playing() && !session.live.pinsPlayback(session.scene);
    const bool noticeFades = !session.notices.empty();
    const bool liveFramesMayCome = session.live.active();
    return playbackMoves || session.loads.busy(session.scene) || session.retargeting.busy() ||
           session.folder.browseLoad.has_value() || session.audio.loading() ||
           session.videoJob != nullptr || framing.resetCamera || framing.clip || framing.figures ||
           noticeFades || liveFramesMayCome;
}

namespace {

// The foot contacts of the file the Info panel describes, analysed and kept while they are shown:
// the Settings panel reads them from the const overlay builder (OverlayBuilder's build keeps
// only what a frame asked for, and a hidden file is not drawn).
void keepShownFootContacts(SessionState& session) {
    const std::vector<scene::Character>& characters = session.scene.characters();
    if (session.settings.showFootContacts && session.infoCharacter < characters.size()) {
        session.overlays.footContacts(characters[session.infoCharacter],
                                      scene::overlayOptions(session.settings).contactThresholds);
    }
}

} // namespace

void takeFinishedLoads(SessionState& session, std::ostream& err) {
    const std::size_t before = session.scene.characters().size();
    pollLoads(session, err);
    // updateSession frames what its own frame added; these were added before it.
    if (session.scene.characters().size() > before && session.settings.frameOnLoad) {
        session.framing.frameFigures(true);
    }
}

void updateSession(SessionState& session, std::vector<Command> commands, const SessionFrame& frame,
                   std::ostream& err) {
    const std::size_t before = session.scene.characters().size();
    for (const Command& command : commands) {
        applyCommand(session, command, frame.viewAspect, err);
    }
    // Scrubbed or stepped away from now (by a key, or a panel's command just applied)?
    session.live.noticeUserTime(session.playback.time());
    // View > Several figures in place: the row is arranged again and framed anew.
    if (session.scene.severalInPlace() != session.settings.severalFiguresInPlace) {
        session.scene.setSeveralInPlace(session.settings.severalFiguresInPlace);
        session.framing.frameFigures(false);
    }
    pollLoads(session, err);
    pollRetargets(session, err);
    pollLiveStreams(session, err);
    updateFolderBrowsing(session);
    applyRememberedUpAxes(session);
    frameArrivedBodies(session);
    if (session.scene.characters().size() > before && session.settings.frameOnLoad) {
        session.framing.frameFigures(true);
    }
    // Stepping and the timeline's frame numbers follow the selected file's rate.
    session.playback.setClip(session.scene.duration(),
                             session.scene.frameTime(session.infoCharacter));
    session.playback.update(frame.wallSeconds);
    if (const std::optional<double> now = session.live.nowTime(session.scene)) {
        session.playback.seek(*now); // the live figure at its newest frame
        session.live.timePut(session.playback.time());
    }
    updateSound(session, frame.wallSeconds, err);

    sampleLivePose(session);
    session.live.posesSampled(std::chrono::steady_clock::now());
    updateAnalysisViews(session.analysis, session.scene, session.pose, session.selection,
                        interpolationOf(session.settings));
    frameRequested(session, frame.viewAspect);
    followFigures(session, frame.wallSeconds, frame.viewAspect);
    keepShownFootContacts(session);
}

} // namespace bvhscope::viewer
