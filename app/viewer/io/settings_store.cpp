#include "app/viewer/io/settings_store.h"

#include "app/options/option_table.h"
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

// What reading one value gave: whether it could be read, and the note of a clamp ("5000 is out
// of range 1 to 1000; using 1000") when it was out of the table's range.
struct ValueRead {
    bool readable = true;
    std::string clamped;
};

// Every key is an option of the table (app/options/option_table.h): its key, range and
// default come from there; an Entry binds it to the field that holds it.
struct Entry {
    const options::Option& option;
    std::function<std::string(const scene::ViewerSettings&)> write;
    std::function<ValueRead(std::string_view, scene::ViewerSettings&)> read;
    // Brings the field within the option's range (withinTableRanges); empty: any value is one
    // the option takes.
    std::function<void(scene::ViewerSettings&)> clamp{};
};

// `value` into `into`, clamped to [low, high]; the note when it had to be clamped.
template <typename Number>
ValueRead clampSetting(Number value, Number low, Number high, Number& into) {
    into = std::clamp(value, low, high);
    if (into == value) {
        return {};
    }
    return {true, options::numberText(value) + " is out of range " + options::numberText(low) +
                      " to " + options::numberText(high) + "; using " + options::numberText(into)};
}

template <typename Number>
ValueRead clampToOption(const options::Option& option, Number value, Number& into) {
    return clampSetting(value, static_cast<Number>(*option.minimum),
                        static_cast<Number>(*option.maximum), into);
}

template <typename Enum>
Entry enumEntry(const options::Option& option, Enum scene::ViewerSettings::*member,
                std::vector<Enum> values) {
    // The table's choices, in the order of `values`.
    return {option,
            [&option, member, values](const scene::ViewerSettings& settings) {
                for (std::size_t i = 0; i < values.size(); ++i) {
                    if (values[i] == settings.*member) {
                        return std::string(option.choices[i]);
                    }
                }
                return std::string(option.choices.front());
            },
            [&option, member, values](std::string_view text, scene::ViewerSettings& settings) {
                for (std::size_t i = 0; i < values.size(); ++i) {
                    if (text == option.choices[i]) {
                        settings.*member = values[i];
                        return ValueRead{};
                    }
                }
                return ValueRead{false, {}};
            }};
}

Entry floatEntry(const options::Option& option, float scene::ViewerSettings::*member) {
    return {option,
            [member](const scene::ViewerSettings& settings) {
                std::ostringstream out;
                out << settings.*member;
                return out.str();
            },
            [&option, member](std::string_view text, scene::ViewerSettings& settings) {
                float value = 0.0f;
                if (!parseFloat(text, value)) {
                    return ValueRead{false, {}};
                }
                return clampToOption(option, value, settings.*member);
            },
            [&option, member](scene::ViewerSettings& settings) {
                clampToOption(option, settings.*member, settings.*member);
            }};
}

Entry intEntry(const options::Option& option, int scene::ViewerSettings::*member) {
    return {option,
            [member](const scene::ViewerSettings& settings) {
                return std::to_string(settings.*member);
            },
            [&option, member](std::string_view text, scene::ViewerSettings& settings) {
                int value = 0;
                if (!parseInt(text, value)) {
                    return ValueRead{false, {}};
                }
                return clampToOption(option, value, settings.*member);
            },
            [&option, member](scene::ViewerSettings& settings) {
                clampToOption(option, settings.*member, settings.*member);
            }};
}

// 0 or less (the default for the window) gives 0, anything else kSmallestDockFraction to the
// option's top.
ValueRead clampDockFraction(const options::Option& option, float value, float& into) {
    if (value <= 0.0f) {
        return clampSetting(value, 0.0f, 0.0f, into);
    }
    return clampSetting(value, static_cast<float>(options::kSmallestDockFraction),
                        static_cast<float>(*option.maximum), into);
}

// A dock size as a fraction of the window: 0 (the default for the window) or
// kSmallestDockFraction to the table's top (dock_layout.h clamps each further and keeps every
// panel inside the window).
Entry dockFractionEntry(const options::Option& option, float scene::DockProportions::*member) {
    return {option,
            [member](const scene::ViewerSettings& settings) {
                std::ostringstream out;
                out << settings.dock.*member;
                return out.str();
            },
            [&option, member](std::string_view text, scene::ViewerSettings& settings) {
                float value = 0.0f;
                if (!parseFloat(text, value)) {
                    return ValueRead{false, {}};
                }
                return clampDockFraction(option, value, settings.dock.*member);
            },
            [&option, member](scene::ViewerSettings& settings) {
                clampDockFraction(option, settings.dock.*member, settings.dock.*member);
            }};
}

Entry dockFlagEntry(const options::Option& option, bool scene::DockProportions::*member) {
    return {option,
            [member](const scene::ViewerSettings& settings) {
                return std::string(settings.dock.*member ? "true" : "false");
            },
            [member](std::string_view text, scene::ViewerSettings& settings) {
                return ValueRead{parseBool(text, settings.dock.*member), {}};
            }};
}

// "auto" (kAutomaticMsaaSamples) or a count in the table's range.
Entry msaaEntry() {
    const Entry count = intEntry(options::kMsaaSamples, &scene::ViewerSettings::msaaSamples);
    return {count.option,
            [count](const scene::ViewerSettings& settings) {
                return settings.msaaSamples == scene::kAutomaticMsaaSamples ? std::string("auto")
                                                                            : count.write(settings);
            },
            [count](std::string_view text, scene::ViewerSettings& settings) {
                if (text == "auto") {
                    settings.msaaSamples = scene::kAutomaticMsaaSamples;
                    return ValueRead{};
                }
                return count.read(text, settings);
            },
            [count](scene::ViewerSettings& settings) {
                if (settings.msaaSamples != scene::kAutomaticMsaaSamples) {
                    count.clamp(settings);
                }
            }};
}

Entry boolEntry(const options::Option& option, bool scene::ViewerSettings::*member) {
    return {option,
            [member](const scene::ViewerSettings& settings) {
                return std::string(settings.*member ? "true" : "false");
            },
            [member](std::string_view text, scene::ViewerSettings& settings) {
                return ValueRead{parseBool(text, settings.*member), {}};
            }};
}

// Free text on one line (a host, a path): leading and trailing spaces are not kept, and a value
// with a line break cannot be stored (it is written empty).
Entry textEntry(const options::Option& option, std::string scene::ViewerSettings::*member) {
    return {option,
            [member](const scene::ViewerSettings& settings) {
                const std::string& text = settings.*member;
                return text.find_first_of("\r\n") == std::string::npos ? text : std::string();
            },
            [member](std::string_view text, scene::ViewerSettings& settings) {
                settings.*member = std::string(text);
                return ValueRead{};
            }};
}

template <typename Vector>
Entry colorEntry(const options::Option& option, Vector scene::ViewerSettings::*member) {
    constexpr int kComponents = Vector::length();
    return {option,
            [member](const scene::ViewerSettings& settings) {
                std::ostringstream out;
                for (int i = 0; i < kComponents; ++i) {
                    out << (i ? " " : "") << (settings.*member)[i];
                }
                return out.str();
            },
            [member](std::string_view text, scene::ViewerSettings& settings) {
                float values[kComponents];
                if (!parseFloats(text, values)) {
                    return ValueRead{false, {}};
                }
                ValueRead read;
                for (int i = 0; i < kComponents; ++i) {
                    ValueRead component =
                        clampSetting(values[i], 0.0f, 1.0f, (settings.*member)[i]);
                    if (read.clamped.empty()) {
                        read.clamped = std::move(component.clamped);
                    }
                }
                return read;
            },
            [member](scene::ViewerSettings& settings) {
                for (int i = 0; i < kComponents; ++i) {
                    const float value = (settings.*member)[i];
                    clampSetting(value, 0.0f, 1.0f, (settings.*member)[i]);
                }
            }};
}

// The keys in the table's order (a test checks that every option with a key is here).
std::vector<Entry> makeEntries() {
    using render::BoneStyle;
    namespace o = options;
    return {
        enumEntry(o::kBoneStyle, &scene::ViewerSettings::boneStyle,
                  {BoneStyle::Capsule, BoneStyle::Octahedral, BoneStyle::Line, BoneStyle::Body}),
        floatEntry(o::kBoneThickness, &scene::ViewerSettings::boneThickness),
        boolEntry(o::kShowJoints, &scene::ViewerSettings::showJoints),
        boolEntry(o::kShowGrid, &scene::ViewerSettings::showGrid),
        boolEntry(o::kShowShadow, &scene::ViewerSettings::showShadow),
        boolEntry(o::kShowFileLabels, &scene::ViewerSettings::showFileLabels),
        enumEntry(o::kJointNames, &scene::ViewerSettings::jointNames,
                  {scene::JointMarks::Off, scene::JointMarks::Selection, scene::JointMarks::All}),
        enumEntry(o::kJointAxes, &scene::ViewerSettings::jointAxes,
                  {scene::JointMarks::Off, scene::JointMarks::Selection, scene::JointMarks::All}),
        boolEntry(o::kStaticRootLinksHidden, &scene::ViewerSettings::hideStaticRootLinks),
        boolEntry(o::kSeveralFiguresInPlace, &scene::ViewerSettings::severalFiguresInPlace),
        colorEntry(o::kBackgroundColor, &scene::ViewerSettings::backgroundColor),
        colorEntry(o::kSelectionColor, &scene::ViewerSettings::selectionColor),
        msaaEntry(),
        floatEntry(o::kPlaybackSpeed, &scene::ViewerSettings::playbackSpeed),
        boolEntry(o::kLoop, &scene::ViewerSettings::loop),
        boolEntry(o::kInterpolate, &scene::ViewerSettings::interpolate),
        boolEntry(o::kPlayOnOpen, &scene::ViewerSettings::playOnOpen),
        floatEntry(o::kFieldOfView, &scene::ViewerSettings::fieldOfViewDegrees),
        floatEntry(o::kOrbitSensitivity, &scene::ViewerSettings::orbitSensitivity),
        boolEntry(o::kInvertZoom, &scene::ViewerSettings::invertZoom),
        boolEntry(o::kFollowSelection, &scene::ViewerSettings::followSelection),
        boolEntry(o::kFrameOnLoad, &scene::ViewerSettings::frameOnLoad),
        boolEntry(o::kShowCurves, &scene::ViewerSettings::showCurves),
        boolEntry(o::kShowTrails, &scene::ViewerSettings::showTrails),
        intEntry(o::kTrailFrames, &scene::ViewerSettings::trailFrames),
        boolEntry(o::kShowGhosts, &scene::ViewerSettings::showGhosts),
        intEntry(o::kGhostCount, &scene::ViewerSettings::ghostCount),
        intEntry(o::kGhostStep, &scene::ViewerSettings::ghostStep),
        floatEntry(o::kGhostOpacity, &scene::ViewerSettings::ghostOpacity),
        boolEntry(o::kShowFootContacts, &scene::ViewerSettings::showFootContacts),
        floatEntry(o::kFootSlideSpeed, &scene::ViewerSettings::footSlideSpeed),
        enumEntry(o::kUpAxis, &scene::ViewerSettings::upAxis,
                  {scene::UpAxisChoice::Auto, scene::UpAxisChoice::PositiveY,
                   scene::UpAxisChoice::PositiveZ, scene::UpAxisChoice::NegativeY,
                   scene::UpAxisChoice::NegativeZ, scene::UpAxisChoice::PositiveX,
                   scene::UpAxisChoice::NegativeX}),
        enumEntry(o::kUnit, &scene::ViewerSettings::unit,
                  {scene::UnitChoice::Auto, scene::UnitChoice::Millimetre,
                   scene::UnitChoice::Centimetre, scene::UnitChoice::Metre,
                   scene::UnitChoice::Inch}),
        intEntry(o::kWindowWidth, &scene::ViewerSettings::windowWidth),
        intEntry(o::kWindowHeight, &scene::ViewerSettings::windowHeight),
        dockFractionEntry(o::kDockLeftWidth, &scene::DockProportions::leftWidth),
        dockFractionEntry(o::kDockRightWidth, &scene::DockProportions::rightWidth),
        dockFractionEntry(o::kDockBottomHeight, &scene::DockProportions::bottomHeight),
        dockFlagEntry(o::kDockLeftCollapsed, &scene::DockProportions::leftCollapsed),
        dockFlagEntry(o::kDockRightCollapsed, &scene::DockProportions::rightCollapsed),
        textEntry(o::kLiveHost, &scene::ViewerSettings::liveHost),
        intEntry(o::kLivePort, &scene::ViewerSettings::livePort),
        enumEntry(o::kLiveFormat, &scene::ViewerSettings::liveFormat,
                  std::vector<std::string>(o::kLiveFormatWords.begin(), o::kLiveFormatWords.end())),
        textEntry(o::kLiveSkeleton, &scene::ViewerSettings::liveSkeleton),
        floatEntry(o::kLiveWindowSeconds, &scene::ViewerSettings::liveWindowSeconds),
        textEntry(o::kLiveRecordFolder, &scene::ViewerSettings::liveRecordFolder),
        textEntry(o::kExportFolderBvh, &scene::ViewerSettings::exportFolderBvh),
        textEntry(o::kExportFolderGltf, &scene::ViewerSettings::exportFolderGltf),
        textEntry(o::kExportFolderVideo, &scene::ViewerSettings::exportFolderVideo),
        textEntry(o::kExportFolderPicture, &scene::ViewerSettings::exportFolderPicture),
        enumEntry(o::kBrowserView, &scene::ViewerSettings::browserView,
                  {scene::BrowserView::List, scene::BrowserView::Grid}),
        intEntry(o::kBrowserCellSize, &scene::ViewerSettings::browserCellSize),
    };
}

const std::vector<Entry>& entries() {
    static const std::vector<Entry> kEntries = makeEntries();
    return kEntries;
}

// What a value of `option` must look like, for the warning about one that cannot be read.
std::string expectedValue(const options::Option& option) {
    switch (option.type) {
    case options::ValueType::Boolean:
        return "true or false";
    case options::ValueType::Integer:
    case options::ValueType::Number: {
        std::string expected =
            (option.type == options::ValueType::Integer ? "a whole number " : "a number ") +
            options::rangeText(option);
        for (const std::string_view word : option.choices) {
            expected += " or " + std::string(word);
        }
        return expected;
    }
    case options::ValueType::Colour:
        // As many components as the default has.
        return std::ranges::count(option.defaultValue, ' ') == 3 ? "R G B A from 0 to 1"
                                                                 : "R G B from 0 to 1";
    default:
        break;
    }
    std::string expected = "one of";
    for (const std::string_view word : option.choices) {
        expected += " " + std::string(word);
    }
    return expected;
}

} // namespace

std::string serializeSettings(const scene::ViewerSettings& settings) {
    std::string text = "# bvhscope viewer settings (written on exit; edit freely)\n";
    for (const Entry& entry : entries()) {
        text += entry.option.key;
        text += " = ";
        text += entry.write(settings);
        text += "\n";
    }
    return text;
}

SettingsRead readSettings(std::string_view text, std::string_view fileName,
                          const scene::ViewerSettings& defaults) {
    SettingsRead read{defaults, {}};
    int lineNumber = 0;
    for (const std::string_view fileLine : bvh::textLines(text)) {
        ++lineNumber;
        const std::string_view line = trim(fileLine);
        const auto equals = line.find('=');
        if (line.empty() || line.front() == '#' || equals == std::string_view::npos) {
            continue;
        }
        const std::string_view key = trim(line.substr(0, equals));
        const std::string_view value = trim(line.substr(equals + 1));
        const auto entry = std::ranges::find_if(
            entries(), [key](const Entry& candidate) { return candidate.option.key == key; });
        if (entry == entries().end()) {
            continue; // an old or unknown key: nothing to say on every start
        }
        // The value's column, 1-based (just after the '=' when it is empty).
        const std::size_t valueOffset =
            value.empty() ? static_cast<std::size_t>(line.data() + equals + 1 - fileLine.data())
                          : static_cast<std::size_t>(value.data() - fileLine.data());
        const std::string where = std::string(fileName) + ":" + std::to_string(lineNumber) + ":" +
                                  std::to_string(valueOffset + 1) +
                                  ": warning: " + std::string(key) + " ";
        scene::ViewerSettings candidate = read.settings;
        const ValueRead result = entry->read(value, candidate);
        if (!result.readable) {
            read.warnings.push_back(where + "'" + std::string(value) + "' is not " +
                                    expectedValue(entry->option) + "; the line is skipped");
            continue;
        }
        read.settings = candidate;
        if (!result.clamped.empty()) {
            read.warnings.push_back(where + result.clamped);
        }
    }
    return read;
}

scene::ViewerSettings withinTableRanges(scene::ViewerSettings settings) {
    for (const Entry& entry : entries()) {
        if (entry.clamp) {
            entry.clamp(settings);
        }
    }
    return settings;
}

scene::ViewerSettings mergedSettingsChange(scene::ViewerSettings current,
                                           const scene::ViewerSettings& before,
                                           const scene::ViewerSettings& after) {
    // Field by field through each key's text: exact for every field but floats, which keep the
    // six digits settings.ini keeps (only two edits in one frame come this way).
    for (const Entry& entry : entries()) {
        const std::string changed = entry.write(after);
        if (changed != entry.write(before)) {
            entry.read(changed, current);
        }
    }
    return current;
}

scene::ViewerSettings parseSettings(std::string_view text, const scene::ViewerSettings& defaults) {
    return readSettings(text, "settings.ini", defaults).settings;
}

SettingsRead loadSettingsWithWarnings(const std::filesystem::path& file) {
    // Only a regular file of a sane size is read, opened so that it cannot block: a FIFO put
    // there would wait forever for a writer, and a device or a huge file would be read for
    // nothing.
    const bvh::SmallFile read = bvh::readSmallFile(file, kLargestSettingsFileBytes);
    return read.ok ? readSettings(read.text, bvh::utf8FromPath(file)) : SettingsRead{};
}

scene::ViewerSettings loadSettings(const std::filesystem::path& file) {
    return loadSettingsWithWarnings(file).settings;
}

std::string saveSettings(const std::filesystem::path& file, const scene::ViewerSettings& settings) {
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
    if (const std::string problem = platform::directoryWriteProblem(directory); !problem.empty()) {
        return "cannot write in " + bvh::utf8FromPath(directory) + ": " + problem;
    }
    return "";
}

} // namespace bvhscope::viewer
