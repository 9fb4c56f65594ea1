// File > Export and File > Export glTF: writing what the viewer shows of one character to a new
// BVH or glTF file, through the same conversions as `bvhscope convert`
// (core/conversions/conversion_request.h).
//
// The dialog edits an ExportSettings, pre-filled by defaultExportSettings from what is on
// screen: the timeline's in/out range, the up axis in use (the viewer shows everything Y up)
// and the scale into the viewer's metres. exportConversionRequest maps the settings to the
// convert options (range -> --frames, axis -> --from-up/--up, scale -> --scale, ...) and is
// pure, so tests check the mapping without a window. exportCharacter runs it and writes the
// file atomically; the character and its input file are never changed.
//
// glTF (core/gltf/gltf_export.h) has one space, metres and +Y up, so its export always takes the
// up axis in use and the metres per unit the viewer shows (the axis choice does not apply; the
// scale factor, when given, multiplies the figure as shown), and the figure stands as it does in
// the viewer.
#pragma once

#include "app/scene/character.h"
#include "app/scene/playback.h"
#include "core/conversions/conversion_request.h"
#include "core/gltf/gltf_export.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// "As shown": what the viewer draws (Y up; file units scaled to metres). "As in file": left as
// the file has it.
enum class ExportAxis : std::uint8_t { AsShown, AsInFile };
enum class ExportScale : std::uint8_t { AsShown, AsInFile, Factor };
// BVH, or glTF 2.0 (.glb or .gltf by the target's extension).
enum class ExportFormat : std::uint8_t { Bvh, Gltf };

struct ExportSettings {
    ExportFormat format = ExportFormat::Bvh;
    std::string targetPath;
    // Frames kept, inclusive and 0-based in the character's own frames; the whole clip means
    // no trim.
    std::int64_t firstFrame = 0;
    std::int64_t lastFrame = 0;
    // The file's own axes and scale unless the user asks for what is shown (issue 16: a trimmed
    // range must not silently come out Y up in metres, moved onto the ground).
    ExportAxis axis = ExportAxis::AsInFile;
    ExportScale scale = ExportScale::AsInFile;
    double scaleFactor = 1.0; // with ExportScale::Factor
    bool resample = false;
    double framesPerSecond = 30.0; // with resample
    // The character's fps override (Info panel) as the clip's rate: its Frame Time is written,
    // and resampling starts from it. Off (the default): the file's Frame Time, as read.
    bool useFramesPerSecondOverride = false;
    std::optional<bvh::EulerOrder> rotationOrder; // nullopt: each joint keeps its order
    bool inPlace = false;
    std::string mnmPath; // empty: no renaming
    bool reverseMnm = false;
    bool overwriteInput = false; // BVH only: a glTF export never replaces an input
    bvh::GltfInterpolation interpolation = bvh::GltfInterpolation::Linear; // glTF only
    // glTF only: the figure's body as a skinned mesh (`convert --body`), so viewers that draw
    // only meshes show a figure. When no body can be built the file is written without, saying
    // why.
    bool body = false;
};

// `<directory of the source>/<stem>_export.bvh` (`.glb` for glTF); for the bundled sample (no
// source path), `<stem>_export.bvh` in the current directory. When the source's directory cannot be
// written (a read-only share, a mounted archive), the current directory, else $HOME, else the
// temporary directory, whichever can.
std::string defaultExportPath(const scene::Character& character,
                              ExportFormat format = ExportFormat::Bvh);

// Where a desktop export of a kind starts (issue 42): `remembered` (the folder that kind was last
// written to, ViewerSettings' exports folders) when it is still a folder that can be written,
// else the user's home ($HOME, else %USERPROFILE%), else the current directory, else the
// temporary directory. Never the capture's own folder by default, and never a folder inside
// `library` (the folder being browsed, if any): a library's take is not written into the library.
std::filesystem::path startingExportFolder(const std::string& remembered,
                                           const std::filesystem::path& library = {});

// `<folder>/<stem>_export.bvh` (`.glb` for glTF, `.mp4` for video; the stem is the capture's).
std::string exportPathIn(const std::filesystem::path& folder, const scene::Character& character,
                         std::string_view extension);

// The page's export (issue 31): `<downloadsFolder>/<stem>_export.bvh` (`.glb` for glTF), the
// file the browser then offers as a download (SessionState::downloadsFolder).
std::string downloadExportPath(const scene::Character& character, ExportFormat format,
                               const std::filesystem::path& downloadsFolder);

// The factor taking file units to the viewer's metres (1 for a metre file; for a file of unknown
// unit the one that shows it at human height).
double shownScale(const scene::Character& character);

// The frames of `character` the timeline's range [rangeStart, rangeEnd] (seconds) covers: the
// nearest frame to each end, at the frame time in use (an fps override included), clamped to
// the clip (the viewer holds a shorter clip's last pose).
std::pair<std::int64_t, std::int64_t> framesInRange(const scene::Character& character,
                                                    double rangeStart, double rangeEnd);

// The range's frames (in the file's own frames), the file's axes, scale and frame rate, no other
// conversion, the default path (downloadExportPath when `downloadsFolder` is not empty: the
// page), overwriting off. For glTF: the scale as shown (factor 1).
ExportSettings defaultExportSettings(const scene::Character& character,
                                     const scene::Playback& playback,
                                     ExportFormat format = ExportFormat::Bvh,
                                     const std::filesystem::path& downloadsFolder = {});

// The convert options for `settings`: frames -> trim (none for the whole clip), axis AsShown ->
// from the axis in use to +Y (none when that is +Y already) and, when the viewer shows the
// figure moved onto the ground, --ground; scale -> the factor (none when it is 1), and so on.
// fromUp is always the axis the viewer uses, so in-place and the axis change agree with the picture
// even when the settings override the file's guess. For glTF no axis change (the writer turns
// the axis in use to +Y), --ground as the viewer shows it, and only a Factor scale.
bvh::ConversionRequest exportConversionRequest(const scene::Character& character,
                                               const ExportSettings& settings);

struct ExportOutcome {
    bool ok = false;
    std::string targetPath;
    std::uint32_t framesWritten = 0;
    std::uint32_t jointsWritten = 0;
    // What was done ("frames 2 to 9 kept") and every problem, FILE:LINE:COL style.
    std::vector<std::string> lines;
};

// Converts and writes. Refuses an empty path, a character still loading, and (unless
// settings.overwriteInput, for BVH) the character's own source file; for glTF also a name not
// ending in .glb or .gltf and the rename map.
ExportOutcome exportCharacter(const scene::Character& character, const ExportSettings& settings);

// File > Export's form, the dialog's own (UiState::exportForm): what it was opened for and the
// settings the user edits. Its Export button pushes a command::Export with them.
struct ExportForm {
    bool openRequested = false; // File > Export... or Ctrl+E: open for state.infoCharacter
    ExportFormat requestedFormat = ExportFormat::Bvh; // with openRequested (Export glTF...)
    std::size_t character = 0;
    ExportSettings settings;
    bool exported = false; // Export pressed since the dialog opened: the outcome is shown
};

// The last export's outcome, the session's (SessionState::exportDialog): set when the session
// applies a command::Export, cleared by command::DismissExportResult.
struct ExportDialog {
    std::optional<ExportOutcome> result;
};

} // namespace bvhscope::viewer
