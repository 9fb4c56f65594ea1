// The desktop's own file chooser: on Linux the XDG desktop portal's (the dialog of whatever
// desktop runs, GNOME, KDE, ...; sandbox-friendly, no toolkit linked into the viewer), on
// Windows the shell's Open / Save dialog (native_file_chooser.h). The request runs on a worker
// thread; the frame loop polls for the answer, so the window keeps drawing while the dialog is
// up. Where there is no dialog to show (no session bus or no portal; COM failing), the request
// ends at once as `unavailable` and the caller falls back (the Files panel's path field).
// Paths are UTF-8 on every platform (core/platform/utf8_path.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

struct FileChooserRequest {
    enum class Kind { OpenFiles, OpenFolder, SaveFile };
    Kind kind = Kind::OpenFiles;
    std::string title;
    std::string parentWindow;    // Window::dialogParent(): "x11:HEX", "win32:HEX", or ""
    std::string suggestedName;   // SaveFile: the file name proposed
    std::string suggestedFolder; // SaveFile: the folder proposed ("" for the portal's choice)
};

struct FileChooserAnswer {
    bool unavailable = false;       // no dialog to show (no portal, no COM): fall back
    bool cancelled = false;         // the user closed the dialog
    std::vector<std::string> paths; // chosen local paths (non-local URIs are left out)
    std::string error;              // why it was unavailable, for stderr
};

class FileChooser {
public:
    FileChooser();
    ~FileChooser(); // cancels a request still open and joins its thread
    FileChooser(const FileChooser&) = delete;
    FileChooser& operator=(const FileChooser&) = delete;

    // Starts a request; false when one is already open (one dialog at a time).
    bool start(const FileChooserRequest& request);
    bool busy() const;
    // The answer once the request has ended, once; nullopt while it is open or when none was.
    std::optional<FileChooserAnswer> takeAnswer();

private:
    struct Shared;
    std::shared_ptr<Shared> shared_;
};

} // namespace bvhscope::viewer
