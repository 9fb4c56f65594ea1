#include "app/viewer/session/picture_request.h"

#include "app/viewer/io/picture_export.h"
#include "core/platform/utf8_path.h"

#include <ostream>
#include <system_error>

namespace bvhscope::viewer {

std::filesystem::path picturePath(const SessionState& session) {
    const std::vector<scene::Character>& characters = session.scene.characters();
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

namespace {

// The request taken (cleared), its folder made where it can be (one that cannot: the write says
// why it cannot write there).
std::filesystem::path takePictureTarget(SessionState& session) {
    const std::filesystem::path target = std::move(session.pictureRequest->target);
    session.pictureRequest.reset();
    std::error_code ignored;
    std::filesystem::create_directories(target.parent_path(), ignored);
    return target;
}

void reportPicture(SessionState& session, const std::filesystem::path& target,
                   const std::string& problem, std::ostream& err) {
    if (!problem.empty()) {
        err << "bvhscope: " << problem << "\n";
        session.errorLines.push_back(problem);
        session.openErrorPopup = true;
        return;
    }
    if (isDownload(session, bvh::utf8FromPath(target))) {
        session.notices.post("Wrote " + bvh::utf8FromPath(target.filename()));
        session.downloadsReady.push_back(target);
    } else {
        session.notices.post("Wrote " + bvh::utf8FromPath(target));
    }
}

} // namespace

void savePictureIfRequested(SessionState& session, int framebufferWidth, int framebufferHeight,
                            const render::PixelRect& view, std::ostream& err,
                            unsigned framebuffer) {
    if (!session.pictureRequest) {
        return;
    }
    const std::filesystem::path target = takePictureTarget(session);
    reportPicture(session, target,
                  savePicture(framebuffer, framebufferWidth, framebufferHeight, view, target), err);
}

void saveSizedPictureIfRequested(
    SessionState& session,
    const std::function<void(unsigned framebuffer, int width, int height)>& draw,
    std::ostream& err) {
    if (!session.pictureRequest || session.pictureRequest->width <= 0 ||
        session.pictureRequest->height <= 0) {
        return;
    }
    const int width = session.pictureRequest->width;
    const int height = session.pictureRequest->height;
    const std::filesystem::path target = takePictureTarget(session);
    const std::string problem = saveDrawnPicture(
        [&](unsigned framebuffer) { draw(framebuffer, width, height); }, width, height, target);
    reportPicture(session, target, problem, err);
}

} // namespace bvhscope::viewer
