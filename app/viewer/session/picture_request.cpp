#include "app/viewer/session/picture_request.h"

#include "app/viewer/io/picture_export.h"
#include "core/platform/utf8_path.h"

#include <ostream>
#include <system_error>

namespace bvhscope::viewer {

std::filesystem::path picturePath(const SessionState& session) {
    const std::vector<Character>& characters = session.scene.characters();
    const std::string capture =
        characters.empty()
            ? std::string()
            : characters[std::min(session.infoCharacter, characters.size() - 1)].clip->displayName;
    return session.downloadsFolder /
           bvh::pathFromUtf8(pictureFileName(capture, session.playback.frame()));
}

bool isDownload(const SessionState& session, const std::string& target) {
    return !session.downloadsFolder.empty() &&
           bvh::pathFromUtf8(target).parent_path() == session.downloadsFolder;
}

void savePictureIfRequested(SessionState& session, int framebufferWidth, int framebufferHeight,
                            const render::PixelRect& view, std::ostream& err,
                            unsigned framebuffer) {
    if (!session.pictureRequest) {
        return;
    }
    const std::filesystem::path target = std::move(*session.pictureRequest);
    session.pictureRequest.reset();
    std::error_code ignored; // a folder that cannot be made: savePicture says why it cannot write
    std::filesystem::create_directories(target.parent_path(), ignored);
    const std::string problem =
        savePicture(framebuffer, framebufferWidth, framebufferHeight, view, target);
    if (!problem.empty()) {
        err << "bvhscope: " << problem << "\n";
        session.errorLines.push_back(problem);
        session.openErrorPopup = true;
        return;
    }
    session.notices.post("Wrote " + bvh::utf8FromPath(target.filename()));
    session.downloadsReady.push_back(target);
}

} // namespace bvhscope::viewer
