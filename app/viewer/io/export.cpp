#include "app/viewer/io/export.h"

#include "app/platform/writable_directory.h"
#include "app/scene/character_body.h"
#include "core/body/body_builder.h"
#include "core/platform/utf8_path.h"
#include "core/writer/input_files.h"
#include "core/writer/writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <glm/geometric.hpp>

namespace bvhscope::viewer {

namespace {

bool writableDirectory(const std::filesystem::path& directory) {
    return platform::directoryWriteProblem(directory).empty();
}

// Writes `converted` as BVH; false (with the writer's messages in outcome.lines) on failure.
bool writeBvh(const scene::Character& character, const ExportSettings& settings,
              const bvh::ConversionOutcome& converted, ExportOutcome& outcome) {
    bvh::WriteOptions options;
    if (!character.clip->sourcePath.empty()) {
        options.inputPath = bvh::pathFromUtf8(character.clip->sourcePath);
    }
    options.allowOverwritingInput = settings.overwriteInput;
    const std::vector<bvh::Diagnostic> written = bvh::writeBvhFile(
        bvh::pathFromUtf8(settings.targetPath), converted.skeleton, converted.motion, options);
    for (const bvh::Diagnostic& diagnostic : written) {
        outcome.lines.push_back(bvh::formatDiagnostic(settings.targetPath, diagnostic));
    }
    return !bvh::hasErrors(written);
}

// Writes `converted` as glTF in the viewer's space: the up axis in use and the metres per unit
// shown (a Factor scale was applied to the values already, so the figure comes out that much
// larger than shown). Never over the capture or the rename map, whatever overwriteInput says: a
// glTF file in their place would lose them.
bool writeGltf(const scene::Character& character, const ExportSettings& settings,
               const bvh::ConversionOutcome& converted, ExportOutcome& outcome) {
    const std::filesystem::path target = bvh::pathFromUtf8(settings.targetPath);
    const std::optional<bvh::GltfContainer> container = bvh::gltfContainerFor(target);
    if (!container) {
        outcome.lines.push_back(settings.targetPath +
                                ": a glTF file name ends in .glb (binary) or .gltf (text)");
        return false;
    }
    bvh::InputFiles inputs;
    if (!character.clip->sourcePath.empty()) {
        inputs.add(bvh::pathFromUtf8(character.clip->sourcePath), "the input file");
    }
    if (!settings.mnmPath.empty()) {
        inputs.add(bvh::pathFromUtf8(settings.mnmPath), "the rename map");
    }
    if (const std::string refusal = inputs.refusal(target); !refusal.empty()) {
        outcome.lines.push_back(refusal);
        return false;
    }
    bvh::GltfExportOptions options;
    options.container = *container;
    options.interpolation = settings.interpolation;
    options.upAxis = character.axes.upAxis;
    options.metresPerUnit = shownScale(character);
    options.translation = character.clip->translation;
    std::shared_ptr<const bvh::BodyMesh> body;
    if (settings.body) { // as the viewer builds it: static roots' links get none
        bvh::BodyResult built =
            bvh::buildBody(converted.skeleton, scene::bodyOptionsFor(character));
        body = built.mesh;
        if (body == nullptr) {
            outcome.lines.push_back(settings.targetPath + ": warning: no body written (" +
                                    built.message + ")");
        }
    }
    options.body = body.get();
    const bvh::GltfExportResult written =
        bvh::writeGltfFile(target, converted.skeleton, converted.motion, options);
    for (const bvh::Diagnostic& diagnostic : written.diagnostics) {
        outcome.lines.push_back(bvh::formatDiagnostic(settings.targetPath, diagnostic));
    }
    if (written.ok()) {
        char line[160];
        std::snprintf(line, sizeof line, "glTF from up %s at %g m per unit, %llu bytes%s",
                      std::string(bvh::upAxisName(character.axes.upAxis)).c_str(),
                      options.metresPerUnit, static_cast<unsigned long long>(written.fileBytes),
                      body ? ", with a body mesh" : "");
        outcome.lines.push_back(line);
    }
    return written.ok();
}

} // namespace

std::string defaultExportPath(const scene::Character& character, ExportFormat format) {
    const std::filesystem::path source =
        bvh::pathFromUtf8(character.clip->sourcePath.empty() ? character.clip->displayName
                                                             : character.clip->sourcePath);
    std::filesystem::path directory = source.parent_path();
    if (!writableDirectory(directory)) {
        std::error_code error;
        const char* home = std::getenv("HOME"); // usually unset on Windows: the next candidate
        for (const std::filesystem::path& candidate :
             {std::filesystem::current_path(error),
              home != nullptr ? std::filesystem::path(home) : std::filesystem::path(),
              std::filesystem::temp_directory_path(error)}) {
            if (!candidate.empty() && writableDirectory(candidate)) {
                directory = candidate;
                break;
            }
        }
    }
    std::filesystem::path target = directory / source.stem();
    target += format == ExportFormat::Gltf ? "_export.glb" : "_export.bvh";
    return bvh::utf8FromPath(target);
}

namespace {

// Whether `path` is `folder` or inside it (lexically, both absolute).
bool isInside(const std::filesystem::path& path, const std::filesystem::path& folder) {
    if (folder.empty()) {
        return false;
    }
    const std::filesystem::path relative =
        path.lexically_normal().lexically_relative(folder.lexically_normal());
    return !relative.empty() && *relative.begin() != "..";
}

} // namespace

std::filesystem::path startingExportFolder(const std::string& remembered,
                                           const std::filesystem::path& library) {
    std::error_code error;
    const char* home = std::getenv("HOME"); // usually unset on Windows: USERPROFILE then
    const char* profile = std::getenv("USERPROFILE");
    for (const std::filesystem::path& candidate :
         {bvh::pathFromUtf8(remembered),
          home != nullptr ? std::filesystem::path(home) : std::filesystem::path(),
          profile != nullptr ? std::filesystem::path(profile) : std::filesystem::path(),
          std::filesystem::current_path(error), std::filesystem::temp_directory_path(error)}) {
        if (!candidate.empty() && candidate.is_absolute() && !isInside(candidate, library) &&
            writableDirectory(candidate)) {
            return candidate;
        }
    }
    return {};
}

std::string exportPathIn(const std::filesystem::path& folder, const scene::Character& character,
                         std::string_view extension) {
    const std::filesystem::path source = bvh::pathFromUtf8(character.clip->displayName);
    std::filesystem::path target = folder / source.stem();
    target += "_export";
    target += std::string(extension);
    return bvh::utf8FromPath(target);
}

std::string downloadExportPath(const scene::Character& character, ExportFormat format,
                               const std::filesystem::path& downloadsFolder) {
    const std::filesystem::path source = bvh::pathFromUtf8(character.clip->displayName);
    std::filesystem::path target = downloadsFolder / source.stem();
    target += format == ExportFormat::Gltf ? "_export.glb" : "_export.bvh";
    return bvh::utf8FromPath(target);
}

double shownScale(const scene::Character& character) {
    return glm::length(glm::dvec3(character.axes.fileToViewer[0]));
}

std::pair<std::int64_t, std::int64_t> framesInRange(const scene::Character& character,
                                                    double rangeStart, double rangeEnd) {
    const bvh::Motion& motion = character.clip->document.motion;
    const std::int64_t last = std::max<std::int64_t>(std::int64_t{motion.frameCount} - 1, 0);
    const double frameTime = scene::frameTimeInUse(character);
    auto frameOf = [&](double time) {
        return std::clamp<std::int64_t>(std::llround(time / frameTime), 0, last);
    };
    return {frameOf(rangeStart), frameOf(std::max(rangeStart, rangeEnd))};
}

ExportSettings defaultExportSettings(const scene::Character& character,
                                     const scene::Playback& playback, ExportFormat format,
                                     const std::filesystem::path& downloadsFolder) {
    ExportSettings settings;
    settings.format = format;
    settings.targetPath = downloadsFolder.empty()
                              ? defaultExportPath(character, format)
                              : downloadExportPath(character, format, downloadsFolder);
    std::tie(settings.firstFrame, settings.lastFrame) =
        framesInRange(character, playback.rangeStart(), playback.rangeEnd());
    const bool gltf = format == ExportFormat::Gltf;
    settings.scale = gltf ? ExportScale::AsShown : ExportScale::AsInFile;
    settings.scaleFactor = gltf ? 1.0 : shownScale(character);
    settings.framesPerSecond = character.clip->document.motion.framesPerSecond();
    return settings;
}

bvh::ConversionRequest exportConversionRequest(const scene::Character& character,
                                               const ExportSettings& settings) {
    bvh::ConversionRequest request;
    const std::int64_t lastFrame = std::int64_t{character.clip->document.motion.frameCount} - 1;
    if (settings.firstFrame > 0 || settings.lastFrame < lastFrame) {
        request.frames = bvh::FrameSpan{settings.firstFrame, settings.lastFrame};
    }
    request.inPlace = settings.inPlace;
    request.fromUp = character.axes.upAxis;
    request.fromUpOrigin = "as shown";
    const bool gltf = settings.format == ExportFormat::Gltf;
    const bool asShown = gltf || settings.axis == ExportAxis::AsShown;
    if (!gltf && asShown && character.axes.upAxis != bvh::UpAxis::PositiveY) {
        request.up = bvh::UpAxis::PositiveY;
    }
    request.ground = asShown && character.axes.stance.needsLift() && !character.axes.showAsInFile;
    const double factor = settings.scale == ExportScale::Factor             ? settings.scaleFactor
                          : settings.scale == ExportScale::AsShown && !gltf ? shownScale(character)
                                                                            : 1.0;
    if (std::abs(factor - 1.0) > 1e-12) {
        request.scale = factor;
    }
    request.rotationOrder = settings.rotationOrder;
    if (settings.resample) {
        request.framesPerSecond = settings.framesPerSecond;
    }
    if (!settings.mnmPath.empty()) {
        request.mnmPath = settings.mnmPath;
        request.reverseMnm = settings.reverseMnm;
    }
    request.translation = character.clip->translation; // as the viewer interprets the positions
    return request;
}

ExportOutcome exportCharacter(const scene::Character& character, const ExportSettings& settings) {
    ExportOutcome outcome;
    outcome.targetPath = settings.targetPath;
    const std::string inputName = character.clip->sourcePath.empty() ? character.clip->displayName
                                                                     : character.clip->sourcePath;
    if (settings.targetPath.empty()) {
        outcome.lines.push_back("no file name to export to");
        return outcome;
    }
    if (character.loading()) {
        outcome.lines.push_back(inputName + ": still loading; export once every frame is read");
        return outcome;
    }
    // A live stream's frames are in a window of the last minutes, not in its clip: exporting the
    // clip would write its skeleton with no frames. Takes are saved by recording them.
    if (character.isLive()) {
        outcome.lines.push_back(inputName +
                                ": a live stream; save its takes with Record in the timeline");
        return outcome;
    }
    const bvh::ConversionRequest request = exportConversionRequest(character, settings);
    if (request.scale && !(std::isfinite(*request.scale) && *request.scale > 0.0)) {
        outcome.lines.push_back("the scale factor must be a positive number");
        return outcome;
    }
    if (request.framesPerSecond &&
        !(std::isfinite(*request.framesPerSecond) && *request.framesPerSecond > 0.0)) {
        outcome.lines.push_back("the frame rate must be a positive number");
        return outcome;
    }
    std::optional<bvh::Motion> retimed; // the motion at the fps override, when asked
    if (settings.useFramesPerSecondOverride && character.playRate.framesPerSecondOverride) {
        retimed = character.clip->document.motion;
        retimed->frameTime = 1.0 / *character.playRate.framesPerSecondOverride;
        retimed->frameTimeAssumed = false;
        outcome.lines.push_back(
            "Frame Time set to the viewer's " +
            std::to_string(*character.playRate.framesPerSecondOverride) + " fps (the file says " +
            std::to_string(character.clip->document.motion.framesPerSecond()) + ")");
    }
    const bvh::ConversionOutcome converted = bvh::applyConversionRequest(
        character.clip->document.skeleton, retimed ? *retimed : character.clip->document.motion,
        request, inputName);
    for (const bvh::ConversionLogEntry& entry : converted.log) {
        outcome.lines.push_back(bvh::formatLogEntry(entry));
    }
    if (!converted.ok) {
        return outcome;
    }
    const bool written = settings.format == ExportFormat::Gltf
                             ? writeGltf(character, settings, converted, outcome)
                             : writeBvh(character, settings, converted, outcome);
    if (!written) {
        return outcome;
    }
    outcome.ok = true;
    outcome.framesWritten = converted.motion.frameCount;
    outcome.jointsWritten = static_cast<std::uint32_t>(converted.skeleton.jointCount());
    return outcome;
}

} // namespace bvhscope::viewer
