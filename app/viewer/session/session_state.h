// What the viewer's session is: the files open and what is done with them, independent of any
// window, GL or ImGui. The session model (session.h) changes it by applying commands
// (commands.h); panels read it. Split by owner from what the UI keeps (viewer_state.h).
#pragma once

#include "app/folder/folder_browser.h"
#include "app/platform/browser.h"
#include "app/scene/framing.h"
#include "app/scene/overlays.h"
#include "app/scene/playback.h"
#include "app/scene/scene.h"
#include "app/scene/settings.h"
#include "app/viewer/analysis/analysis_views.h"
#include "app/viewer/audio/audio_track.h"
#include "app/viewer/io/export.h"
#include "app/viewer/io/file_loading.h"
#include "app/viewer/io/remembered_up_axes.h"
#include "app/viewer/io/video_export.h"
#include "app/viewer/io/video_export_dialog.h"
#include "app/viewer/live/live_streams.h"
#include "app/viewer/session/notices.h"
#include "app/viewer/session/retargeting.h"
#include "render/math/camera.h"

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// The camera work asked for during one session update (by commands, or by a file that arrived),
// done once, after the live pose is sampled, so it frames what the frame shows.
// File > Save picture, asked for (picture_request.h): the PNG to write and its size; 0 x 0 is
// the view's own size in pixels, as drawn this frame.
struct PictureRequest {
    std::filesystem::path target;
    int width = 0;
    int height = 0;
};

struct FramingRequest {
    bool resetCamera = false;
    bool clip = false;        // the whole clip of every visible file; stops following
    bool figures = false;     // the figures as they stand, followed from there
    bool turnToFront = false; // ... seen from their front three-quarters
    void frameFigures(bool turn) {
        figures = true;
        turnToFront = turnToFront || turn;
    }
    // A file arrived or changed shape: framed from the front when the settings frame on load
    // (or when framing was asked for already).
    void fileArrived(bool frameOnLoad) {
        if (frameOnLoad || figures) {
            frameFigures(true);
        }
    }
};

// A file removed by the user, kept for Ctrl+Z with its frames.
struct RemovedCharacter {
    std::size_t index = 0;
    scene::Character character;
};

struct SessionState {
    scene::Scene scene;
    // The live view's pose, sampled once per frame (at the playback time, or the rest pose):
    // what the view, picking, labels, framing and the panels read. Exports, thumbnails and the
    // command line sample into buffers of their own.
    scene::ScenePose pose;
    FileLoads loads;              // files still being read (see file_loading.h)
    Retargeting retargeting;      // retargeted characters and those being made (issue 40)
    LiveStreams live;             // live streams and their characters (live/live_streams.h)
    folder::FolderBrowser folder; // the folder being browsed (see folder_navigation.h)
    scene::Playback playback;
    scene::ViewerSettings settings;
    render::OrbitCamera camera;
    scene::FigureFollow follow;
    std::optional<scene::Selection> selection;
    std::size_t infoCharacter = 0;  // whose facts the info panel shows
    scene::OverlayBuilder overlays; // trails, ghosts, foot contacts (cached analyses)
    AnalysisViews analysis;         // curves, A/B compare, rest pose (analysis_views.h)
    // Files removed by the user, most recent last, for Ctrl+Z (a few: each holds its frames).
    std::vector<RemovedCharacter> removedCharacters;
    // Up axes remembered per file, and where they are kept (nullopt: not persisted).
    RememberedUpAxes rememberedUpAxes;
    std::optional<std::filesystem::path> rememberedUpAxesFile;
    // Per folder, whether the user opens it with its subfolders ("with", "without"; issue 39),
    // and where that is kept (nullopt: not persisted). Read by folder_navigation.
    RememberedPaths rememberedSubfolders;
    std::optional<std::filesystem::path> rememberedSubfoldersFile;
    // Where the Browser's summaries keep the takes' motion features for `bvhscope similar`
    // (core/analysis/motion_index.h, in the cache folder); nullopt: not kept.
    std::optional<std::filesystem::path> motionIndexFile;
    // Characters whose body (character_body.h) was ready at the last update: one more arrived
    // from its background build when the count grows (frameArrivedBodies in session.cpp).
    std::size_t readyBodies = 0;

    AudioTrack audio;                 // the sound dropped, opened or found beside a capture
    AudioPlayer audioPlayer;          // keeps the sound device with playback
    bool audioDeviceReported = false; // "no audio device" said once

    // [SECTION] The page (issue 31, app/platform/browser.h)
    // The page's rules: a sound or a folder opened is refused with a message (no codecs, no
    // threads to decode or list with), where the desktop plays or browses it.
    bool inPage = platform::kInBrowser;
    // Where the page writes exports and pictures for the browser to download (MEMFS; the page
    // script deletes each file once offered). Empty on the desktop: files go where the user
    // chose, and nothing is offered.
    std::filesystem::path downloadsFolder = platform::kInBrowser ? "/downloads" : "";
    // Files written under downloadsFolder since the frame loop last offered them: it hands
    // them to offerDownload (platform/download.h, offerDownloads) and clears the list.
    std::vector<std::filesystem::path> downloadsReady;
    // File > Save picture: the PNG to write once the scene is drawn (picture_request.h).
    std::optional<PictureRequest> pictureRequest;

    ExportDialog exportDialog;                // File > Export: the last export's outcome
    VideoExportProgress videoExport;          // File > Export video: its progress and outcome
    std::unique_ptr<VideoExportJob> videoJob; // the export running (stepped by the frame loop)

    // Problems to show in the error popup ("FILE:LINE:COL: error: ..." lines), and whether new
    // ones arrived since the popup last opened.
    std::vector<std::string> errorLines;
    bool openErrorPopup = false;
    // Messages that are also on stderr, shown over the view for a while (notices.h).
    Notices notices;

    // Gathered during one updateSession() and done at its end.
    FramingRequest framing;
};

} // namespace bvhscope::viewer
