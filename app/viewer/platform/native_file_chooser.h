// The platform's file dialog, run on FileChooser's worker thread (file_chooser.h), one file per
// platform:
//   linux/native_file_chooser.cpp    the XDG desktop portal over GDBus.
//   windows/native_file_chooser.cpp  the shell's IFileOpenDialog / IFileSaveDialog through COM.
//   (macOS would use NSOpenPanel / NSSavePanel, which must run on the main thread.)
#pragma once

#include "app/viewer/platform/file_chooser.h"

#include <atomic>

namespace bvhscope::viewer {

// Shows the dialog and blocks until it is answered; returns early, closing the dialog, when
// `cancel` becomes true (the viewer is closing). Paths come back as UTF-8.
FileChooserAnswer runNativeFileChooser(const FileChooserRequest& request,
                                       const std::atomic<bool>& cancel);

} // namespace bvhscope::viewer
