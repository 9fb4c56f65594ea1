// Where the viewer keeps its settings and panel layout (io/settings_store.h reads and writes
// them), one file per platform:
//   linux/config_directory.cpp    $XDG_CONFIG_HOME/bvhscope when XDG_CONFIG_HOME is an absolute
//                                 path (the XDG Base Directory rule), else ~/.config/bvhscope.
//   windows/config_directory.cpp  %APPDATA%\bvhscope: the roaming application data folder
//                                 (SHGetKnownFolderPath(FOLDERID_RoamingAppData)).
//   macOS (not written yet): ~/Library/Application Support/bvhscope
//                                 (NSApplicationSupportDirectory in the user domain).
// Never the working directory (imgui's default imgui.ini there is a common complaint about
// ImGui tools). The directory is not created here.
#pragma once

#include <filesystem>
#include <optional>

namespace bvhscope::platform {

// nullopt when the platform names no such folder (no HOME; no profile): settings are then not
// kept between runs.
std::optional<std::filesystem::path> configDirectory();

} // namespace bvhscope::platform
