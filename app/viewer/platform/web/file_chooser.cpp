// The page's file chooser (platform/file_chooser.h): the browser's own file picker, the page's
// hidden <input type=file> (app/web/bvhscope_page.js). The picker answers asynchronously by
// writing the chosen files under /files and opening them itself, so a request here ends at once
// as cancelled: the frame loop has nothing more to do. Folders and save dialogs do not exist in a
// page: those requests end as unavailable, and the viewer's in-page fields take over.
#include "app/viewer/platform/file_chooser.h"

#include <emscripten.h>

namespace bvhscope::viewer {

struct FileChooser::Shared {
    std::optional<FileChooserAnswer> answer;
};

FileChooser::FileChooser() : shared_(std::make_shared<Shared>()) {}

FileChooser::~FileChooser() = default;

bool FileChooser::start(const FileChooserRequest& request) {
    FileChooserAnswer answer;
    if (request.kind == FileChooserRequest::Kind::OpenFiles) {
        EM_ASM({
            if (Module.bvhscopeChooseFiles) {
                Module.bvhscopeChooseFiles();
            }
        });
        answer.cancelled = true;
    } else {
        answer.unavailable = true;
        answer.error = "the page has no folder or save dialog";
    }
    shared_->answer = std::move(answer);
    return true;
}

bool FileChooser::busy() const {
    return false;
}

std::optional<FileChooserAnswer> FileChooser::takeAnswer() {
    std::optional<FileChooserAnswer> answer = std::move(shared_->answer);
    shared_->answer.reset();
    return answer;
}

} // namespace bvhscope::viewer
