#include "app/viewer/state_dump.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <system_error>

namespace bvhscope::viewer {

std::string formatState(const ViewerState& state, int windowWidth, int windowHeight) {
    std::ostringstream out;
    out.precision(6);
    out << std::fixed;
    out << "frame " << state.playback.frame() << " / " << state.playback.lastFrame() << "\n";
    out << "time " << state.playback.time() << " / " << state.playback.duration() << "\n";
    out << "playing " << (state.playback.playing() ? 1 : 0) << "\n";
    const std::vector<Character>& characters = state.scene.characters();
    out << "files " << characters.size() << "\n";
    for (std::size_t i = 0; i < characters.size(); ++i) {
        out << "file " << i << " visible " << (characters[i].visible ? 1 : 0) << " name "
            << characters[i].displayName << "\n";
    }
    for (std::size_t i = 0; i < characters.size(); ++i) {
        out << "load " << i << " loading " << (characters[i].loading() ? 1 : 0) << " frames "
            << playableFrameCount(characters[i]) << " progress " << characters[i].loadFraction
            << "\n";
    }
    for (const FileLoads::Waiting& waiting : state.loads.waiting()) {
        out << "waiting " << waiting.load->fraction() << " " << waiting.displayName << "\n";
    }
    out << "loading " << (state.loads.busy(state.scene) ? 1 : 0) << "\n";
    if (!characters.empty() && !characters.front().viewerPositions.empty()) {
        const glm::vec3 root = characters.front().viewerPositions.front();
        out << "root " << root.x << " " << root.y << " " << root.z << "\n";
    }
    if (state.selection && state.selection->character < characters.size()) {
        const bvh::Skeleton& skeleton = characters[state.selection->character].document.skeleton;
        out << "selected " << state.selection->character << " "
            << skeleton.names[static_cast<std::size_t>(state.selection->node)] << "\n";
    } else {
        out << "selected none\n";
    }
    const render::OrbitCamera& camera = state.camera;
    out << "camera " << camera.target.x << " " << camera.target.y << " " << camera.target.z << " "
        << camera.distance << " " << camera.yawRadians << " " << camera.pitchRadians << " "
        << camera.verticalFovRadians << "\n";
    out << "window " << windowWidth << " " << windowHeight << "\n";
    out << "errors " << state.errorLines.size() << "\n";
    for (const std::string& line : state.errorLines) {
        out << "error " << line << "\n";
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
