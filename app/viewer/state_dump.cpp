#include "app/viewer/state_dump.h"

#include "app/scene/bone_style_names.h"
#include "app/viewer/session/folder_navigation.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>

namespace bvhscope::viewer {

namespace {

// [SECTION] The analysis views (analysis_views.h) and what they found per file
void formatAnalysis(const ViewerState& state, std::ostream& out) {
    const std::vector<scene::Character>& characters = state.scene.characters();
    const AnalysisViews& analysis = state.analysis;
    out << "restpose " << (analysis.showRestPose ? 1 : 0) << "\n";
    for (std::size_t i = 0; i < characters.size(); ++i) {
        const scene::Character& character = characters[i];
        out << "character " << i << " fps " << character.clip->document.motion.framesPerSecond()
            << " inuse " << 1.0 / scene::frameTimeInUse(character) << " override "
            << (character.playRate.framesPerSecondOverride ? 1 : 0) << " duration "
            << scene::playableDuration(character) << " up "
            << bvh::upAxisName(character.axes.upAxis) << " placement "
            << character.arrangement.placement.x << " " << character.arrangement.placement.y << " "
            << character.arrangement.placement.z << "\n";
        const bvh::FrameTimeReport& frameTime = character.clip->frameTime();
        out << "frametime " << i << " written "
            << (frameTime.written ? frameTime.written->rate.name : "-") << " suspicion "
            << (frameTime.speed.suspicion ? frameTime.speed.suspicion->suggested.name : "-")
            << "\n";
        // Issue 16: how the file stands (source: motion, anatomy, rest pose or override).
        out << "stance " << i << " up " << bvh::upAxisName(character.axes.upAxis) << " source "
            << (character.axes.stance.source == bvh::UpAxisSource::RestPose
                    ? "rest-pose"
                    : std::string(bvh::upAxisSourceName(character.axes.stance.source)))
            << " lift " << (character.axes.showAsInFile ? 0.0 : character.axes.groundLiftMetres)
            << " static_roots " << character.axes.stance.staticRoots.size() << "\n";
        const bvh::RestAnimationAgreement& rest = character.clip->restAnimation;
        out << "restcheck " << i << " measured " << (rest.measured ? 1 : 0) << " up "
            << bvh::upAxisName(rest.animationUp) << " disagrees " << (rest.upDisagrees ? 1 : 0)
            << " scale ";
        if (rest.scaleFactor) {
            out << *rest.scaleFactor << "\n";
        } else {
            out << "-\n";
        }
    }
    const CurveView& curves = analysis.curves;
    if (curves.selection && curves.selection->character < characters.size()) {
        const bvh::Skeleton& skeleton =
            characters[curves.selection->character].clip->document.skeleton;
        out << "curves " << curves.selection->character << " "
            << skeleton.names[static_cast<std::size_t>(curves.selection->node)] << " channels "
            << curves.series.size() << " frames " << curves.frameCount << " events "
            << curves.events.size() << "\n";
        for (std::size_t k = 0; k < curves.events.size() && k < 50; ++k) {
            const bvh::ChannelEvent& event = curves.events[k];
            out << "event " << event.frame << " " << event.column << " "
                << bvh::channelEventKindName(event.kind) << " " << event.magnitude << "\n";
        }
    } else {
        out << "curves none\n";
    }
    const CompareView& compare = analysis.compare;
    out << "compare enabled " << (compare.enabled ? 1 : 0) << " active " << (compare.active ? 1 : 0)
        << " a " << compare.a << " b " << compare.b << " layout "
        << (compare.layout == CompareLayout::Overlay ? "overlay" : "side");
    if (compare.active) {
        const std::size_t nodes =
            std::max(characters[compare.a].clip->document.skeleton.nodeCount(),
                     characters[compare.b].clip->document.skeleton.nodeCount());
        out << " matched " << compare.matching.pairs.size() << " of " << nodes << " mean "
            << compare.now.mean << " max " << compare.now.max << " painted "
            << (characters[compare.b].comparePaint.nodeColors.empty() ? 0 : 1);
    }
    out << "\n";
}

void formatFolder(std::ostream& out, const ViewerState& state) {
    const folder::FolderBrowser& folder = state.folder;
    auto index = [](const std::optional<std::size_t>& value) {
        return value ? std::to_string(*value) : std::string("none");
    };
    if (const auto browsed = browsedCharacter(state.scene)) {
        out << "browsed " << *browsed << "\n";
    } else {
        out << "browsed none\n";
    }
    if (!folder.isOpen()) {
        out << "folder none\n";
        return;
    }
    out << "folder " << bvh::utf8FromPath(folder.folder()) << "\n";
    std::optional<std::size_t> opening;
    if (folder.browseLoad) {
        opening = folder.browseLoad->entry;
    }
    out << "folderfiles " << folder.entries().size() << " summarising "
        << (folder.summarizing() ? 1 : 0) << " workers " << folder.workerCount() << " current "
        << index(folder.current) << " opening " << index(opening) << " subfolders "
        << (folder.includesSubfolders() ? 1 : 0) << " busy " << (folder.busy() ? 1 : 0) << "\n";
    for (std::size_t i = 0; i < folder.entries().size(); ++i) {
        const folder::FolderEntry& entry = folder.entries()[i];
        const bvh::DocumentSummary summary =
            entry.facts && entry.facts->loaded ? entry.facts->summary : bvh::DocumentSummary{};
        out << "folderfile " << i << " status " << folder::fileStatusName(entry.status)
            << " joints " << summary.joints << " frames " << summary.framesPresent << " fps "
            << (entry.facts && entry.facts->loaded ? summary.framesPerSecond : 0.0) << " duration "
            << summary.durationSeconds << " warnings " << summary.warnings << " thumbnail "
            << folder::thumbnailStateName(entry.thumbnail) << " name " << entry.name << "\n";
    }
    // Every row the filter keeps, on screen or not, in display order (issue 39's checks).
    const std::vector<std::size_t>& shown = folder.shownRows();
    out << "browser shown " << shown.size() << " sort "
        << folder::browserColumnName(folder.sort().column)
        << (folder.sort().descending ? " descending" : " ascending") << " library "
        << (folder.subfoldersIncludedForLibrary() ? 1 : 0) << "\n";
    out << "browser view "
        << (state.settings.browserView == scene::BrowserView::Grid ? "grid" : "list") << " cell "
        << state.settings.browserCellSize << "\n";
    for (std::size_t row = 0; row < shown.size(); ++row) {
        out << "browser row " << row << " " << bvh::utf8FromPath(folder.entries()[shown[row]].path)
            << "\n";
    }
    if (state.browserPlaying) {
        out << "browser playing " << state.browserPlaying->first << " "
            << state.browserPlaying->second << "\n";
    }
    for (std::size_t i = 0; i < folder.entries().size(); ++i) {
        const folder::FolderEntry& entry = folder.entries()[i];
        for (const std::string& line :
             entry.facts ? entry.facts->diagnosticLines : std::vector<std::string>{}) {
            out << "folderdiag " << i << " " << line << "\n";
        }
    }
}

// [SECTION] Framing (issue 25): where each figure lands in the window, and the follow
void formatFigures(const ViewerState& state, std::ostream& out) {
    const LayoutRect& view = state.layout.view;
    for (std::size_t c = 0; c < state.scene.characters().size(); ++c) {
        const std::vector<glm::vec3>* positions = state.scene.positionsIn(state.pose, c);
        if (positions == nullptr || view.empty()) {
            continue;
        }
        float left = 1e9f, top = 1e9f, right = -1e9f, bottom = -1e9f;
        bool behind = false;
        for (std::size_t i = 0; i < positions->size(); ++i) {
            if (scene::isOutsideFigure(state.scene.characters()[c], i)) {
                continue;
            }
            const std::optional<glm::vec2> pixel = render::projectToPixel(
                state.camera, glm::vec2(view.width, view.height), (*positions)[i]);
            behind = behind || !pixel;
            if (pixel) {
                left = std::min(left, view.x + pixel->x);
                right = std::max(right, view.x + pixel->x);
                top = std::min(top, view.y + pixel->y);
                bottom = std::max(bottom, view.y + pixel->y);
            }
        }
        out << "figure " << c << " " << left << " " << top << " " << right << " " << bottom
            << " behind " << (behind ? 1 : 0) << "\n";
    }
    out << "follow " << (state.follow.active() ? 1 : 0) << " kept "
        << (state.follow.framingKept() ? 1 : 0) << "\n";
}

// "bones STYLE", then in the body look per character "body I building|ready|capsules
// triangles N bytes B" (N: the finest level's; B: the mesh's memory; capsules: the build fell
// back, or none was asked for).
void formatBodies(const ViewerState& state, std::ostream& out) {
    out << "bones " << scene::boneStyleName(state.settings.boneStyle) << "\n";
    if (state.settings.boneStyle != render::BoneStyle::Body) {
        return;
    }
    const std::vector<scene::Character>& characters = state.scene.characters();
    for (std::size_t i = 0; i < characters.size(); ++i) {
        const scene::BodyBuild* body = characters[i].appearance.body.get();
        const char* status = "capsules";
        std::size_t triangles = 0;
        std::size_t bytes = 0;
        if (body != nullptr && body->state() == scene::BodyBuild::State::Building) {
            status = "building";
        } else if (body != nullptr && body->ready()) {
            status = "ready";
            const auto& levels = body->mesh()->levels;
            triangles = levels.empty() ? 0 : levels.front().indexCount / 3;
            bytes = body->mesh()->byteSize();
        }
        out << "body " << i << " " << status << " triangles " << triangles << " bytes " << bytes
            << "\n";
    }
}

// One line per live stream: "live INDEX connection C connected 0|1 received N window W fps F
// latency_ms L dropped D malformed M recording 0|1 recorded R takes T following 0|1 mismatch
// 0|1 name ADDRESS".
void formatLiveStreams(const ViewerState& state, std::ostream& out) {
    const std::vector<std::unique_ptr<LiveStream>>& streams = state.live.streams();
    for (std::size_t i = 0; i < streams.size(); ++i) {
        const LiveStreamStatus status = streams[i]->status();
        const auto connection = status.source.connection;
        out << "live " << i << " connected "
            << (connection == bvhscope::live::LiveStatus::Connection::Connected ? 1 : 0)
            << " connections " << status.source.connections << " received " << status.framesReceived
            << " window " << status.windowFrames << " fps " << status.source.framesPerSecond
            << " latency_ms " << status.latencyMilliseconds << " dropped "
            << status.source.framesDropped + status.framesNotShown << " malformed "
            << status.source.counters.malformedLines << " recording " << (status.recording ? 1 : 0)
            << " recorded " << status.framesRecorded << " takes " << status.takesWritten.size()
            << " following " << (state.live.followingNow() ? 1 : 0) << " mismatch "
            << (status.mismatch.empty() ? 0 : 1) << " name " << status.name << "\n";
    }
}

// FNV-1a of the motion's values, as their bits: a test compares a character's motion with one it
// computes, without the state carrying every value.
std::uint64_t motionDigest(const bvh::Motion& motion) {
    std::uint64_t digest = 14695981039346656037ull;
    for (const float value : motion.values) {
        digest = (digest ^ std::bit_cast<std::uint32_t>(value)) * 1099511628211ull;
    }
    return digest;
}

// Retargeting (issue 40): "retargeting busy 0|1", then per retargeted file "retargeted INDEX
// joints J frames F motion DIGEST source NAME target NAME", per target joint "retargetmap INDEX
// TARGET<TAB>SOURCE" (- for none), and "retargetmessage TEXT" (the last thing it said).
void formatRetargets(const ViewerState& state, std::ostream& out) {
    out << "retargeting busy " << (state.retargeting.busy() ? 1 : 0) << "\n";
    const std::vector<scene::Character>& characters = state.scene.characters();
    for (std::size_t i = 0; i < characters.size(); ++i) {
        const RetargetedCharacter* record = state.retargeting.find(characters[i].clip.get());
        if (record == nullptr) {
            continue;
        }
        const bvh::Document& document = characters[i].clip->document;
        const bvh::Skeleton& source = record->inputs.source->document.skeleton;
        out << "retargeted " << i << " joints " << document.skeleton.jointCount() << " frames "
            << document.motion.frameCount << " motion " << motionDigest(document.motion)
            << " source " << record->inputs.source->displayName << " target "
            << record->inputs.target->displayName << "\n";
        for (std::size_t node = 0; node < document.skeleton.nodeCount(); ++node) {
            if (document.skeleton.isEndSite[node] != 0) {
                continue;
            }
            const bvh::NodeIndex from = record->shownMap.sourceOf[node];
            out << "retargetmap " << i << " " << document.skeleton.names[node] << "\t"
                << (from == bvh::kNoParent ? "-" : source.names[static_cast<std::size_t>(from)])
                << "\n";
        }
    }
    if (!state.retargeting.lastMessage.empty()) {
        out << "retargetmessage " << state.retargeting.lastMessage << "\n";
    }
}

} // namespace

std::string formatState(const ViewerState& state, int windowWidth, int windowHeight) {
    std::ostringstream out;
    out.precision(6);
    out << std::fixed;
    out << "drawn " << state.framesDrawn << "\n";
    out << "input received " << state.inputEventsReceived << " applied " << state.inputEventsApplied
        << "\n";
    out << kNotIdleLine;
    out << "frame " << state.playback.frame() << " / " << state.playback.lastFrame() << "\n";
    out << "time " << state.playback.time() << " / " << state.playback.duration() << "\n";
    out << "playing " << (state.playback.playing() ? 1 : 0) << "\n";
    const std::vector<scene::Character>& characters = state.scene.characters();
    out << "files " << characters.size() << "\n";
    for (std::size_t i = 0; i < characters.size(); ++i) {
        out << "file " << i << " visible " << (characters[i].appearance.visible ? 1 : 0) << " name "
            << characters[i].clip->displayName << "\n";
    }
    for (std::size_t i = 0; i < characters.size(); ++i) {
        out << "load " << i << " loading " << (characters[i].loading() ? 1 : 0) << " frames "
            << scene::playableFrameCount(characters[i]) << " progress "
            << characters[i].fileLoad.fraction << "\n";
    }
    for (const FileLoads::Waiting& waiting : state.loads.waiting()) {
        out << "waiting " << waiting.load->fraction() << " " << waiting.displayName << "\n";
    }
    out << "loading " << (state.loads.busy(state.scene) ? 1 : 0) << "\n";
    out << "sound loading " << (state.audio.loading() ? 1 : 0) << " stopped "
        << state.audio.loadsStoppedUnfinished() << "\n";
    out << "lines " << (state.bonesOverMeshBudget ? 1 : 0) << "\n";
    formatBodies(state, out);
    if (const std::vector<glm::vec3>* positions = state.scene.positionsIn(state.pose, 0);
        positions != nullptr && !positions->empty()) {
        const glm::vec3 root = positions->front();
        out << "root " << root.x << " " << root.y << " " << root.z << "\n";
    }
    if (state.selection && state.selection->character < characters.size()) {
        const bvh::Skeleton& skeleton =
            characters[state.selection->character].clip->document.skeleton;
        out << "selected " << state.selection->character << " "
            << skeleton.names[static_cast<std::size_t>(state.selection->node)] << "\n";
    } else {
        out << "selected none\n";
    }
    formatFigures(state, out);
    const render::OrbitCamera& camera = state.camera;
    out << "camera " << camera.target.x << " " << camera.target.y << " " << camera.target.z << " "
        << camera.distance << " " << camera.yawRadians << " " << camera.pitchRadians << " "
        << camera.verticalFovRadians << "\n";
    out << "window " << windowWidth << " " << windowHeight << "\n";
    out << "errors " << state.errorLines.size() << "\n";
    for (const std::string& line : state.errorLines) {
        out << "error " << line << "\n";
    }
    out << "exporttarget " << state.exportForm.settings.targetPath << "\n";
    formatAnalysis(state, out);
    formatFolder(out, state);
    formatLiveStreams(state, out);
    formatRetargets(state, out);
    for (const std::string& finding : state.clippedText) {
        out << "clipped " << finding << "\n";
    }
    for (const auto& [name, rect] : state.widgetRects.rects) {
        out << "rect " << rect.x << " " << rect.y << " " << rect.width << " " << rect.height << " "
            << name << "\n";
    }
    return out.str();
}

void writeStateFile(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::path temporary = path;
    temporary += ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        if (!out) {
            return;
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
}

} // namespace bvhscope::viewer
