// What panels and input ask the session to do. A panel or a key pushes a command; the session
// model (session.h) applies the frame's commands in order, in one place, at the start of the next
// frame. Commands are plain values: they say what the user asked, never how it is done, so a
// panel needs nothing of loading, exporting or framing, and a test can drive the session with
// the commands a user's clicks would push.
#pragma once

#include "app/folder/browser_order.h"
#include "app/scene/character.h"
#include "app/scene/scene.h"
#include "app/scene/settings.h"
#include "app/viewer/analysis/analysis_views.h"
#include "app/viewer/io/export.h"
#include "app/viewer/io/video_export_dialog.h"
#include "app/viewer/live/live_address.h"
#include "core/model/skeleton.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace bvhscope::viewer::command {

// Files, folders or sounds named by the command line, a drop, the chooser or the path field:
// a sound becomes the session's sound, a folder opens in the browser, anything else loads as a
// new character.
struct Open {
    std::vector<std::string> paths; // UTF-8
};
// Remove a file (Ctrl+Z puts it back; a load still running is cancelled instead).
struct Remove {
    std::size_t character = 0;
};
// Put the last removed file back where it was (Ctrl+Z).
struct UndoRemove {};
// Frame one file's whole clip, and show its facts in the Info panel (a click in the Files panel).
struct Focus {
    std::size_t character = 0;
};
// Frame the figures as they stand (F; after a file opens, from their front three-quarters),
// and follow them from there. `sayFramed`: a notice says so when there are figures (F), as the
// picture may not change at all.
struct FrameFigures {
    bool turnToFront = false;
    bool sayFramed = false;
};
// Frame the whole clip of every visible file, and stop following (A).
struct FrameClip {};
// The default camera, keeping the field of view, then frame the figures (R).
struct ResetCamera {};
// One file's up axis, chosen in its Info panel (remembered for its path when it is).
struct SetUpAxis {
    std::size_t character = 0;
    scene::UpAxisChoice choice = scene::UpAxisChoice::Auto;
};
// Show one file where it stands in the file, off the ground, or standing on the ground.
struct ShowAsInFile {
    std::size_t character = 0;
    bool asInFile = false;
};
// Keep (or stop keeping) one file's up axis by its path, for the next time it opens.
struct RememberUpAxis {
    std::size_t character = 0;
    bool remember = false;
};
// The settings' up axis for new files and the unit for all (Settings > Conversion). Files open
// now keep the axis they show.
struct SetDefaultAxes {
    scene::UpAxisChoice upAxis = scene::UpAxisChoice::Auto;
    scene::UnitChoice unit = scene::UnitChoice::Auto;
};
// Remove the sound.
struct RemoveSound {};
// File > Export: write one file with these settings (the result goes to the Export dialog).
struct Export {
    std::size_t character = 0;
    ExportSettings settings;
};
// File > Save picture: the view as drawn next, without the panels (session/picture_request.h).
// The page: `target` empty, named and downloaded from its downloads folder. The desktop: written
// to `target` (UTF-8), at the view's size, or with `width` and `height` set, at that size.
struct SavePicture {
    std::string target;
    int width = 0;
    int height = 0;
};
// File > Export video: start with what the dialog holds, or cancel the export running.
struct StartVideoExport {
    VideoExportForm form;
};
struct CancelVideoExport {};
// File > Connect to live stream... (or tcp://HOST:PORT on the command line): a live character
// (live/live_streams.h). The dialog's answers are kept in the settings.
struct ConnectLive {
    LiveStreamRequest request;
};
// The Live button: the playback follows the newest frame again.
struct FollowLive {};
// Record / Stop: takes of every live stream into the settings' record folder.
struct StartLiveRecording {};
struct StopLiveRecording {};

// [SECTION] Issue 43, CHARACTER: a file's look (CharacterAppearance), from the Files panel's
// colour swatch and checkbox, and its rate (CharacterPlayRate), from the Info panel; the session
// applies them with the parts' owner functions.
struct SetColor {
    std::size_t character = 0;
    glm::vec4 color{1.0f};
};
struct SetVisible {
    std::size_t character = 0;
    bool visible = true;
};
// One file's playback rate instead of its Frame Time (the Info panel's field and fixes); nullopt:
// the file's own. A rate out of range (kMinOverrideFramesPerSecond...) is refused, as typed.
struct SetFramesPerSecond {
    std::size_t character = 0;
    std::optional<double> framesPerSecond;
};

// [SECTION] Issue 43, OPTIONS: a panel's option widgets edit a copy of the settings and push
// the copy with the settings it started from (panels/settings_edit.h); the session applies what
// changed between the two within the options table's ranges (io/settings_store.h), the default
// up axis and unit as SetDefaultAxes does.
struct ChangeSettings {
    scene::ViewerSettings before;
    scene::ViewerSettings after;
};

// [SECTION] Issue 43, COMMANDS: what panels changed in the session by hand before. Applied by
// panel_commands.h, one function each.

// The timeline's transport: Play/Pause, < and > (one frame), |< and >| (the range's ends), the
// scrub bar (a time in seconds, clamped to the clip).
struct TogglePlay {};
// `pause`: stop playing first, as Left and Right do (the timeline's < and > step only).
struct StepFrames {
    int frames = 0;
    bool pause = false;
};
struct ToRangeStart {};
struct ToRangeEnd {};
struct Seek {
    double seconds = 0.0;
};
// Stop at a time to look at it: a Curves event or a click on a plot, Compare's "Go".
struct PauseAt {
    double seconds = 0.0;
};
// The speed chosen on the timeline (a preset or the drag field): it is also the speed the
// settings keep (J/K/L's shuttle is not).
struct SetPlaybackSpeed {
    double speed = 1.0;
};
// The timeline's Loop, kept in the settings.
struct SetLoop {
    bool loop = true;
};
// The in and out range: both ends (seconds), "[ In" and "Out ]" at the playback time, or the
// whole clip.
struct SetPlaybackRange {
    double start = 0.0;
    double end = 0.0;
};
struct MarkIn {};
struct MarkOut {};
struct FullRange {};
// J/K/L (scene/playback.h): L plays forward (again: twice as fast), J backwards; K pauses and
// returns to the speed the settings keep, since the shuttle's speeds are transient.
struct ShuttleForward {};
struct ShuttleBackward {};
struct ShuttleStop {};
// The timeline's "Rest pose" checkbox; P turns it over.
struct ShowRestPose {
    bool show = false;
};
struct ToggleRestPose {};
// The Compare panel's choices (analysis_views.h's CompareView); closing the panel ends the
// comparison (enabled false).
struct SetCompare {
    bool enabled = false;
    std::size_t a = 0;
    std::size_t b = 1;
    CompareLayout layout = CompareLayout::Overlay;
    bool relativeToRoot = false;
    bool alignStart = false;
    bool operator==(const SetCompare&) const = default;
};
// A joint picked in the joint tree: selected, and its file's facts shown in the Info panel.
struct SelectJoint {
    scene::Selection selection;
};
// Whose facts the Info panel shows (a click on a file's name).
struct ShowInfo {
    std::size_t character = 0;
};
// The sound's offset (seconds: where the capture's frame 0 is in the sound) and Mute.
struct SetSoundOffset {
    double seconds = 0.0;
};
struct MuteSound {
    bool muted = false;
};
// The Browser (folder_navigation.h): show a row's take as the browsed character, step through
// the shown takes (+n next, -n previous), re-list with or without subfolders, close the folder,
// filter and sort the rows, rank them by likeness to one take.
struct BrowseTake {
    std::size_t entry = 0;
};
struct StepTakes {
    int steps = 0;
};
struct IncludeSubfolders {
    bool include = false;
};
struct CloseFolder {};
struct FilterTakes {
    std::string text;
};
struct SortTakes {
    folder::BrowserSort sort;
};
struct RankTakesLike {
    std::size_t entry = 0;
};
// The Browser's rows on screen, display positions [first, last): their summaries and thumbnails
// come first (FolderBrowser::setVisibleRows). Pushed only when they change.
struct ShowTakeRows {
    std::size_t first = 0;
    std::size_t last = 0;
};
// The Selected panel's Similar: the takes that move like the one `character` shows
// (similar_takes.h).
struct ShowSimilarTakes {
    std::size_t character = 0;
};
// The Export dialog's outcome was seen (its OK), or the dialog opened anew: it is forgotten.
struct DismissExportResult {};
// The notices were drawn at `seconds` (the UI's clock): the new ones start their time, the faded
// ones go (notices.h).
struct NoticesDrawn {
    double seconds = 0.0;
};
// The error popup opened with the errors so far (new ones open it again), and its OK: the
// errors are cleared.
struct ErrorPopupOpened {};
struct DismissErrors {};

// [SECTION] Issue 40, RETARGET: the Files panel's "Retarget onto" and the Retarget map panel
// (session/retarget_commands.h).
// `source`'s motion on `target`'s skeleton, as a new character beside them.
struct Retarget {
    std::size_t source = 0;
    std::size_t target = 0;
};
// A retargeted character's map row: `targetJoint` driven by `sourceJoint` (kNoParent: none, it
// keeps its rest rotation); the character is made again from the edited map.
struct SetRetargetSource {
    std::size_t character = 0;
    bvh::NodeIndex targetJoint = 0;
    bvh::NodeIndex sourceJoint = bvh::kNoParent;
};
// "Save map...": a retargeted character's map as a `retarget --map` file at `path` (UTF-8).
struct SaveRetargetMap {
    std::size_t character = 0;
    std::string path;
};

} // namespace bvhscope::viewer::command

namespace bvhscope::viewer {

// Each issue's part adds its commands on lines of its own, so that merges stay simple.
// clang-format off
using Command = std::variant<command::Open, command::Remove, command::UndoRemove, command::Focus,
                             command::FrameFigures, command::FrameClip, command::ResetCamera,
                             command::SetUpAxis, command::ShowAsInFile, command::RememberUpAxis,
                             command::SetDefaultAxes, command::RemoveSound, command::Export,
                             command::SavePicture, command::StartVideoExport,
                             command::CancelVideoExport, command::ConnectLive, command::FollowLive,
                             command::StartLiveRecording, command::StopLiveRecording,
                             // Issue 43, CHARACTER
                             command::SetColor, command::SetVisible, command::SetFramesPerSecond,
                             // Issue 43, OPTIONS
                             command::ChangeSettings,
                             // Issue 43, COMMANDS
                             command::TogglePlay, command::StepFrames, command::ToRangeStart,
                             command::ToRangeEnd, command::Seek, command::PauseAt,
                             command::SetPlaybackSpeed, command::SetLoop,
                             command::SetPlaybackRange, command::MarkIn, command::MarkOut,
                             command::FullRange, command::ShowRestPose, command::SetCompare,
                             command::SelectJoint, command::ShowInfo, command::SetSoundOffset,
                             command::MuteSound, command::BrowseTake, command::StepTakes,
                             command::IncludeSubfolders, command::CloseFolder,
                             command::FilterTakes, command::SortTakes, command::RankTakesLike,
                             command::ShowTakeRows, command::ShowSimilarTakes,
                             command::DismissExportResult, command::NoticesDrawn,
                             command::ErrorPopupOpened,
                             command::DismissErrors,
                             // Issue 40, RETARGET
                             command::Retarget, command::SetRetargetSource,
                             command::SaveRetargetMap,
                             // Issue 43, OPT43: the playback keys
                             command::ShuttleForward, command::ShuttleBackward,
                             command::ShuttleStop, command::ToggleRestPose>;
// clang-format on

// The commands pushed since the session last took them, in order.
class CommandQueue {
public:
    void push(Command command) { commands_.push_back(std::move(command)); }
    bool empty() const { return commands_.empty(); }
    // Hands over everything pushed so far and starts a new list.
    std::vector<Command> take() { return std::exchange(commands_, {}); }

private:
    std::vector<Command> commands_;
};

} // namespace bvhscope::viewer
