// Where the viewer keeps its settings and panel layout, and how they are read and written.
//
// The directory is $XDG_CONFIG_HOME/bvhscope, else ~/.config/bvhscope; never the working
// directory (imgui's default imgui.ini there is a common complaint about ImGui tools). The file
// is `key = value` lines; unknown keys and bad values are skipped, so an old or hand-edited file
// never stops the viewer from starting.
#pragma once

#include "app/viewer/scene/settings.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

// nullopt when neither variable is set (settings are then not persisted).
std::optional<std::filesystem::path> configDirectory();

std::string serializeSettings(const ViewerSettings& settings);
// Starts from `defaults` and applies every recognised line.
ViewerSettings parseSettings(std::string_view text, const ViewerSettings& defaults = {});

// A missing or unreadable file gives the defaults.
ViewerSettings loadSettings(const std::filesystem::path& file);
// Creates the directory if needed; false when the file cannot be written.
bool saveSettings(const std::filesystem::path& file, const ViewerSettings& settings);

} // namespace bvhscope::viewer
