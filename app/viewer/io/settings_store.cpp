#include "app/viewer/io/settings_store.h"

#include "app/platform/writable_directory.h"
#include "core/platform/atomic_file.h"
#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <system_error>
#include <vector>

namespace bvhscope::viewer {

namespace {

// [SECTION] Value conversion

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) {
        return {};
    }
    const auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

bool parseFloat(std::string_view text, float& value) {
    float parsed = 0.0f;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(parsed)) {
        return false;
    }
    value = parsed;
    return true;
}

bool parseInt(std::string_view text, int& value) {
    int parsed = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (error != std::errc() || end != text.data() + text.size()) {
        return false;
    }
    value = parsed;
    return true;
}

bool parseBool(std::string_view text, bool& value) {
    if (text == "true" || text == "1") {
        value = true;
        return true;
    }
    if (text == "false" || text == "0") {
        value = false;
        return true;
    }
    return false;
}

template <std::size_t N>
bool parseFloats(std::string_view text, float (&values)[N]) {
    float parsed[N];
    std::size_t count = 0;
    while (count < N) {
        text = trim(text);
        const auto end = text.find(' ');
        if (!parseFloat(text.substr(0, end), parsed[count])) {
            return false;
        }
        ++count;
        text = end == std::string_view::npos ? std::string_view() : text.substr(end);
    }
    if (!trim(text).empty()) {
        return false;
    }
    std::copy(parsed, parsed + N, values);
    return true;
}

// [SECTION] The keys

struct Entry {
    const char* key;
    std::function<std::string(const ViewerSettings&)> write;
    std::function<bool(std::string_view, ViewerSettings&)> read;
};

template <typename Enum>
Entry enumEntry(const char* key, Enum ViewerSettings::*member,
                std::vector<std::pair<Enum, const char*>> names) {
    return {key,
            [member, names](const ViewerSettings& settings) {
                for (const auto& [value, name] : names) {
                    if (value == settings.*member) {
                        return std::string(name);
                    }
                }
                return std::string(names.front().second);
            },
            [member, names](std::string_view text, ViewerSettings& settings) {
                for (const auto& [value, name] : names) {
                    if (text == name) {
                        settings.*member = value;
                        return true;
                    }
                }
                return false;
            }};
}

Entry floatEntry(const char* key, float ViewerSettings::*member, float low, float high) {
    return {key,
            [member](const ViewerSettings& settings) {
                std::ostringstream out;
                out << settings.*member;
                return out.str();
            },
            [member, low, high](std::string_view text, ViewerSettings& settings) {
                float value = 0.0f;
                if (!parseFloat(text, value)) {
                    return false;
                }
                settings.*member = std::clamp(value, low, high);
                return true;
            }};
}

Entry intEntry(const char* key, int ViewerSettings::*member, int low, int high) {
    return {key,
            [member](const ViewerSettings& settings) { return std::to_string(settings.*member); },
            [member, low, high](std::string_view text, ViewerSettings& settings) {
                int value = 0;
                if (!parseInt(text, value)) {
                    return false;
                }
                settings.*member = std::clamp(value, low, high);
                return true;
            }};
}

// A dock size as a fraction of the window: 0 (the default for the window) or 0.05 to 0.6
// (dock_layout.h clamps each further and keeps every panel inside the window).
Entry dockFractionEntry(const char* key, float DockProportions::*member) {
    return {key,
            [member](const ViewerSettings& settings) {
                std::ostringstream out;
                out << settings.dock.*member;
                return out.str();
            },
            [member](std::string_view text, ViewerSettings& settings) {
                float value = 0.0f;
                if (!parseFloat(text, value) || !std::isfinite(value)) {
                    return false;
                }
                settings.dock.*member = value <= 0.0f ? 0.0f : std::clamp(value, 0.05f, 0.6f);
                return true;
            }};
}

Entry dockFlagEntry(const char* key, bool DockProportions::*member) {
    return {key,
            [member](const ViewerSettings& settings) {
                return std::string(settings.dock.*member ? "true" : "false");
            },
            [member](std::string_view text, ViewerSettings& settings) {
                return parseBool(text, settings.dock.*member);
            }};
}

// "auto" (kAutomaticMsaaSamples) or a count from 0 to 16.
Entry msaaEntry() {
    const Entry count = intEntry("msaa_samples", &ViewerSettings::msaaSamples, 0, 16);
    return {count.key,
            [count](const ViewerSettings& settings) {
                return settings.msaaSamples == kAutomaticMsaaSamples ? std::string("auto")
                                                                     : count.write(settings);
            },
            [count](std::string_view text, ViewerSettings& settings) {
                if (text == "auto") {
                    settings.msaaSamples = kAutomaticMsaaSamples;
                    return true;
                }
                return count.read(text, settings);
            }};
}

Entry boolEntry(const char* key, bool ViewerSettings::*member) {
    return {key,
            [member](const ViewerSettings& settings) {
                return std::string(settings.*member ? "true" : "false");
            },
            [member](std::string_view text, ViewerSettings& settings) {
                return parseBool(text, settings.*member);
            }};
}

// Free text on one line (a host, a path): leading and trailing spaces are not kept, and a value
// with a line break cannot be stored (it is written empty).
Entry textEntry(const char* key, std::string ViewerSettings::*member) {
    return {key,
            [member](const ViewerSettings& settings) {
                const std::string& text = settings.*member;
                return text.find_first_of("\r\n") == std::string::npos ? text : std::string();
            },
            [member](std::string_view text, ViewerSettings& settings) {
                settings.*member = std::string(text);
                return true;
            }};
}

template <typename Vector>
Entry colorEntry(const char* key, Vector ViewerSettings::*member) {
    constexpr int kComponents = Vector::length();
    return {key,
            [member](const ViewerSettings& settings) {
                std::ostringstream out;
                for (int i = 0; i < kComponents; ++i) {
                    out << (i ? " " : "") << (settings.*member)[i];
                }
                return out.str();
            },
            [member](std::string_view text, ViewerSettings& settings) {
                float values[kComponents];
                if (!parseFloats(text, values)) {
                    return false;
                }
                for (int i = 0; i < kComponents; ++i) {
                    (settings.*member)[i] = std::clamp(values[i], 0.0f, 1.0f);
                }
                return true;
            }};
}

const std::vector<Entry>& entries() {
    using render::BoneStyle;
    static const std::vector<Entry> kEntries = {
        enumEntry("bone_style", &ViewerSettings::boneStyle,
                  {{BoneStyle::Capsule, "capsule"},
                   {BoneStyle::Octahedral, "octahedral"},
                   {BoneStyle::Line, "line"},
                   {BoneStyle::Body, "body"}}),
        floatEntry("bone_thickness", &ViewerSettings::boneThickness, 0.1f, 5.0f),
        boolEntry("show_joints", &ViewerSettings::showJoints),
        boolEntry("show_grid", &ViewerSettings::showGrid),
        boolEntry("show_shadow", &ViewerSettings::showShadow),
        boolEntry("show_file_labels", &ViewerSettings::showFileLabels),
        enumEntry("joint_names", &ViewerSettings::jointNames,
                  {{JointMarks::Off, "off"},
                   {JointMarks::Selection, "selection"},
                   {JointMarks::All, "all"}}),
        enumEntry("joint_axes", &ViewerSettings::jointAxes,
                  {{JointMarks::Off, "off"},
                   {JointMarks::Selection, "selection"},
                   {JointMarks::All, "all"}}),
        // Not "hide_static_root_links": every settings file written before issue 42 holds that
        // key's old default, false, which would keep the dashed link the issue removes.
        boolEntry("static_root_links_hidden", &ViewerSettings::hideStaticRootLinks),
        boolEntry("several_figures_in_place", &ViewerSettings::severalFiguresInPlace),
        colorEntry("background_color", &ViewerSettings::backgroundColor),
        colorEntry("selection_color", &ViewerSettings::selectionColor),
        msaaEntry(),
        floatEntry("playback_speed", &ViewerSettings::playbackSpeed, 0.1f, 4.0f),
        boolEntry("loop", &ViewerSettings::loop),
        boolEntry("interpolate", &ViewerSettings::interpolate),
        boolEntry("play_on_open", &ViewerSettings::playOnOpen),
        floatEntry("field_of_view_degrees", &ViewerSettings::fieldOfViewDegrees, 10.0f, 120.0f),
        floatEntry("orbit_sensitivity", &ViewerSettings::orbitSensitivity, 0.1f, 5.0f),
        boolEntry("invert_zoom", &ViewerSettings::invertZoom),
        boolEntry("follow_selection", &ViewerSettings::followSelection),
        boolEntry("frame_on_load", &ViewerSettings::frameOnLoad),
        boolEntry("show_curves", &ViewerSettings::showCurves),
        boolEntry("show_trails", &ViewerSettings::showTrails),
        intEntry("trail_frames", &ViewerSettings::trailFrames, 1, 1000),
        boolEntry("show_ghosts", &ViewerSettings::showGhosts),
        intEntry("ghost_count", &ViewerSettings::ghostCount, 1, 20),
        intEntry("ghost_step", &ViewerSettings::ghostStep, 1, 240),
        floatEntry("ghost_opacity", &ViewerSettings::ghostOpacity, 0.05f, 1.0f),
        boolEntry("show_foot_contacts", &ViewerSettings::showFootContacts),
        floatEntry("foot_slide_speed", &ViewerSettings::footSlideSpeed, 0.005f, 1.0f),
        enumEntry("up_axis", &ViewerSettings::upAxis,
                  {{UpAxisChoice::Auto, "auto"},
                   {UpAxisChoice::PositiveY, "+y"},
                   {UpAxisChoice::PositiveZ, "+z"},
                   {UpAxisChoice::NegativeY, "-y"},
                   {UpAxisChoice::NegativeZ, "-z"},
                   {UpAxisChoice::PositiveX, "+x"},
                   {UpAxisChoice::NegativeX, "-x"}}),
        enumEntry("unit", &ViewerSettings::unit,
                  {{UnitChoice::Auto, "auto"},
                   {UnitChoice::Millimetre, "mm"},
                   {UnitChoice::Centimetre, "cm"},
                   {UnitChoice::Metre, "m"},
                   {UnitChoice::Inch, "inch"}}),
        intEntry("window_width", &ViewerSettings::windowWidth, 320, 16384),
        intEntry("window_height", &ViewerSettings::windowHeight, 240, 16384),
        dockFractionEntry("dock_left_width", &DockProportions::leftWidth),
        dockFractionEntry("dock_right_width", &DockProportions::rightWidth),
        dockFractionEntry("dock_bottom_height", &DockProportions::bottomHeight),
        dockFlagEntry("dock_left_collapsed", &DockProportions::leftCollapsed),
        dockFlagEntry("dock_right_collapsed", &DockProportions::rightCollapsed),
        textEntry("live_host", &ViewerSettings::liveHost),
        intEntry("live_port", &ViewerSettings::livePort, 1, 65535),
        enumEntry("live_format", &ViewerSettings::liveFormat,
                  {{"auto", "auto"}, {"axis", "axis"}, {"lines", "lines"}, {"bvh", "bvh"}}),
        textEntry("live_skeleton", &ViewerSettings::liveSkeleton),
        floatEntry("live_window_seconds", &ViewerSettings::liveWindowSeconds, 5.0f, 1800.0f),
        textEntry("live_record_folder", &ViewerSettings::liveRecordFolder),
        textEntry("export_folder_bvh", &ViewerSettings::exportFolderBvh),
        textEntry("export_folder_gltf", &ViewerSettings::exportFolderGltf),
        textEntry("export_folder_video", &ViewerSettings::exportFolderVideo),
        textEntry("export_folder_picture", &ViewerSettings::exportFolderPicture),
        enumEntry("browser_view", &ViewerSettings::browserView,
                  {{BrowserView::List, "list"}, {BrowserView::Grid, "grid"}}),
        intEntry("browser_cell_size", &ViewerSettings::browserCellSize, kSmallestBrowserCell,
                 kLargestBrowserCell),
    };
    return kEntries;
}

} // namespace

std::string serializeSettings(const ViewerSettings& settings) {
    std::string text = "# bvhscope viewer settings (written on exit; edit freely)\n";
    for (const Entry& entry : entries()) {
        text += entry.key;
        text += " = ";
        text += entry.write(settings);
        text += "\n";
    }
    return text;
}

ViewerSettings parseSettings(std::string_view text, const ViewerSettings& defaults) {
    ViewerSettings settings = defaults;
    for (const std::string_view fileLine : bvh::textLines(text)) {
        const std::string_view line = trim(fileLine);
        const auto equals = line.find('=');
        if (line.empty() || line.front() == '#' || equals == std::string_view::npos) {
            continue;
        }
        const std::string_view key = trim(line.substr(0, equals));
        const std::string_view value = trim(line.substr(equals + 1));
        for (const Entry& entry : entries()) {
            if (key == entry.key) {
                ViewerSettings candidate = settings;
                if (entry.read(value, candidate)) {
                    settings = candidate;
                }
                break;
            }
        }
    }
    return settings;
}

ViewerSettings loadSettings(const std::filesystem::path& file) {
    // Only a regular file of a sane size is read, opened so that it cannot block: a FIFO put
    // there would wait forever for a writer, and a device or a huge file would be read for
    // nothing.
    const bvh::SmallFile read = bvh::readSmallFile(file, kLargestSettingsFileBytes);
    return read.ok ? parseSettings(read.text) : ViewerSettings{};
}

std::string saveSettings(const std::filesystem::path& file, const ViewerSettings& settings) {
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    if (error) {
        return "cannot create " + bvh::utf8FromPath(file.parent_path()) + ": " + error.message();
    }
    // Through a temporary file: a failed save (disk full, no permission) leaves the old
    // settings as they were.
    bvh::AtomicFile out(file);
    out.write(serializeSettings(settings));
    if (out.commit()) {
        return "";
    }
    std::string reason = "cannot write " + bvh::utf8FromPath(file);
    for (const bvh::Diagnostic& diagnostic : out.diagnostics()) {
        reason = diagnostic.message;
    }
    return reason;
}

std::string settingsDirectoryProblem(const std::filesystem::path& directory) {
    std::error_code error;
    std::filesystem::create_directories(directory, error);
    if (error) {
        return "cannot create " + bvh::utf8FromPath(directory) + ": " + error.message();
    }
    if (const std::string problem = directoryWriteProblem(directory); !problem.empty()) {
        return "cannot write in " + bvh::utf8FromPath(directory) + ": " + problem;
    }
    return "";
}

} // namespace bvhscope::viewer
