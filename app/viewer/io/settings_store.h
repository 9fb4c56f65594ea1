// Where the viewer keeps its settings and panel layout, and how they are read and written.
//
// The directory is the platform's (platform/config_directory.h: $XDG_CONFIG_HOME/bvhscope or
// ~/.config/bvhscope on Linux, %APPDATA%\bvhscope on Windows). The file is `key = value` lines,
// one per option of the table that has a key (app/options/option_table.h), which gives each
// key its range. Unknown keys are skipped quietly (an older file's keys); a value that cannot be
// read is skipped and a value out of range is clamped, each with a located warning, so an old or
// hand-edited file never stops the viewer from starting.
#pragma once

#include "app/platform/config_directory.h"
#include "app/scene/settings.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

std::string serializeSettings(const scene::ViewerSettings& settings);

// The settings read, and a warning for every value skipped or clamped:
// "FILE:LINE:COL: warning: trail_frames 500000 is out of range 1 to 100000; using 100000",
// "FILE:LINE:COL: warning: show_grid 'maybe' is not true or false; the line is skipped"
// (COL: the value's first character, 1-based).
struct SettingsRead {
    scene::ViewerSettings settings;
    std::vector<std::string> warnings;
};
// Starts from `defaults` and applies every recognised line; `fileName` begins each warning.
SettingsRead readSettings(std::string_view text, std::string_view fileName,
                          const scene::ViewerSettings& defaults = {});
// readSettings without the warnings (as from a file named settings.ini).
scene::ViewerSettings parseSettings(std::string_view text,
                                    const scene::ViewerSettings& defaults = {});

// `settings` with every number within its option's range in the table (what a file's line
// would be clamped to; 0 stays 0 for a dock fraction, as does "auto" for msaa_samples).
scene::ViewerSettings withinTableRanges(scene::ViewerSettings settings);

// `current` with every field that differs between `before` and `after` taken from `after`
// (two panels' changes in one frame both kept); the others stay as in `current`.
scene::ViewerSettings mergedSettingsChange(scene::ViewerSettings current,
                                           const scene::ViewerSettings& before,
                                           const scene::ViewerSettings& after);

// No settings file is longer than this; a longer one is not read.
inline constexpr std::uintmax_t kLargestSettingsFileBytes = std::uintmax_t{1} << 20;

// A missing or unreadable file gives the defaults, as does anything but a regular file of at
// most kLargestSettingsFileBytes (a FIFO is never opened: that would wait for a writer).
// The warnings name `file` as given.
SettingsRead loadSettingsWithWarnings(const std::filesystem::path& file);
scene::ViewerSettings loadSettings(const std::filesystem::path& file);
// Creates the directory if needed and replaces the file through a temporary file (a failed save
// leaves the old one). Returns "" on success, else why it failed ("cannot create DIR: reason",
// or the write's own message).
std::string saveSettings(const std::filesystem::path& file, const scene::ViewerSettings& settings);
// "" when `directory` exists (it is created if needed) and can be written, else why not: the
// viewer says so when it starts, rather than losing the settings silently when it quits.
std::string settingsDirectoryProblem(const std::filesystem::path& directory);

} // namespace bvhscope::viewer
