// bvhscope retarget: SOURCE's motion on TARGET's skeleton (issue 40), by core/retarget.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/convert_gltf.h"
#include "app/cli/retarget_request.h"
#include "core/conversions/conversions.h"
#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/retarget/joint_map_file.h"
#include "core/retarget/retarget.h"
#include "core/writer/writer.h"

#include <string>

namespace bvhscope::cli {
namespace {

std::optional<bvh::Document> loadRetargetInput(const std::string& path, std::ostream& err) {
    bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(path), bvh::everyCoreOptions());
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        err << bvh::formatDiagnostic(path, diagnostic) << '\n';
    }
    if (!document.loaded()) {
        return std::nullopt;
    }
    return document;
}

// SOURCE's --frames, resolved by the rule every subcommand shares; exit code on failure.
std::optional<int> trimSource(const RetargetRequest& request, bvh::Document& source,
                              std::ostream& err) {
    if (!request.frames) {
        return std::nullopt;
    }
    std::string error;
    const auto span = resolveFrameRange(*request.frames, std::int64_t{source.motion.frameCount} - 1,
                                        request.framesText, request.source, error);
    if (!span) {
        err << "bvhscope retarget: " << error << '\n';
        return kExitUsage;
    }
    bvh::Conversion trimmed =
        bvh::trimFrames(source.skeleton, source.motion, static_cast<std::uint32_t>(span->first),
                        static_cast<std::uint32_t>(span->last));
    if (!trimmed.ok()) {
        return kExitFileError;
    }
    source.motion = std::move(trimmed.motion);
    return std::nullopt;
}

// --map over the matches by role; false after printing FILE:LINE:COL errors.
bool applyMapFile(const RetargetRequest& request, const bvh::Skeleton& source,
                  const bvh::Skeleton& target, bvh::JointMap& map, std::ostream& err) {
    if (!request.map) {
        return true;
    }
    const bvh::JointMapFile file = bvh::loadJointMapFile(bvh::pathFromUtf8(*request.map));
    const std::vector<bvh::Diagnostic> problems = bvh::applyJointMapFile(file, source, target, map);
    for (const bvh::Diagnostic& problem : problems) {
        err << bvh::formatDiagnostic(*request.map, problem) << '\n';
    }
    return !bvh::hasErrors(problems);
}

int writeRetargeted(const RetargetRequest& request, const bvh::RetargetResult& result,
                    std::ostream& out, std::ostream& err) {
    bvh::removeTemporaryFilesOnTerminationSignals();
    if (request.gltf) {
        ConvertRequest gltfRequest;
        gltfRequest.input = request.source;
        gltfRequest.output = *request.output;
        gltfRequest.gltf = request.gltf;
        gltfRequest.overwrite = request.overwrite;
        bvh::ConversionOutcome outcome{result.skeleton, result.motion, {}, true};
        return writeConvertedGltf(gltfRequest, outcome, out, err);
    }
    bvh::WriteOptions options;
    options.inputPath = bvh::pathFromUtf8(request.source);
    options.allowOverwritingInput = request.overwrite;
    const std::vector<bvh::Diagnostic> written = bvh::writeBvhFile(
        bvh::pathFromUtf8(*request.output), result.skeleton, result.motion, options);
    for (const bvh::Diagnostic& diagnostic : written) {
        err << bvh::formatDiagnostic(*request.output, diagnostic) << '\n';
    }
    if (bvh::hasErrors(written)) {
        return kExitFileError;
    }
    out << "wrote " << *request.output << ": " << result.skeleton.jointCount() << " joints, "
        << result.motion.frameCount << (result.motion.frameCount == 1 ? " frame" : " frames")
        << " at " << result.motion.framesPerSecond() << " fps\n";
    return kExitOk;
}

// Matches, maps, retargets and writes two loaded files.
int retargetLoaded(const RetargetRequest& request, const bvh::Document& source,
                   const bvh::Document& target, std::ostream& out, std::ostream& err) {
    const bvh::RigRoles sourceRoles = bvh::findRigRoles(source.skeleton);
    const bvh::RigRoles targetRoles = bvh::findRigRoles(target.skeleton);
    bvh::JointMap map = bvh::matchJointsByRole(sourceRoles, targetRoles);
    if (!applyMapFile(request, source.skeleton, target.skeleton, map, err)) {
        return kExitFileError;
    }
    if (const auto problem = bvh::checkRetargetMatch(sourceRoles, targetRoles, map)) {
        err << "bvhscope retarget: " << request.source << " onto " << request.target << ": "
            << problem->message << '\n';
        return kExitUsage;
    }
    if (request.printMap) {
        out << bvh::formatJointMapFile(source.skeleton, target.skeleton, map);
    }
    if (!request.output) {
        return kExitOk;
    }
    const bvh::RetargetResult result = bvh::retargetMotion(
        {source.skeleton, source.motion, sourceRoles},
        {target.skeleton, target.motion, targetRoles}, map, {.lockFeet = request.lockFeet});
    for (const bvh::Diagnostic& diagnostic : result.diagnostics) {
        err << "bvhscope retarget: "
            << (diagnostic.severity == bvh::Severity::Error ? "error: " : "warning: ")
            << diagnostic.message << '\n';
    }
    if (!result.ok()) {
        return kExitFileError;
    }
    out << request.source << " onto " << request.target << " -> " << *request.output << " ("
        << map.matchedCount() << " joints matched, root travel x" << result.rootScale << ")\n";
    return writeRetargeted(request, result, out, err);
}

} // namespace

int runRetarget(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    const ParsedRetarget parsed = parseRetargetArguments(arguments, out, err);
    if (!parsed.request) {
        return parsed.exitCode.value_or(kExitUsage);
    }
    const RetargetRequest& request = *parsed.request;
    if (request.output) {
        const bvh::InputFiles inputs = retargetInputs(request);
        const std::filesystem::path output = bvh::pathFromUtf8(*request.output);
        if (const bvh::InputFiles::Input* input = inputs.find(output)) {
            err << "bvhscope retarget: " << inputs.refusal(output)
                << (input->role == "the source file"
                        ? " (pass --overwrite to replace the source file)\n"
                        : "\n");
            return kExitUsage;
        }
    }
    std::optional<bvh::Document> source = loadRetargetInput(request.source, err);
    std::optional<bvh::Document> target = loadRetargetInput(request.target, err);
    if (!source || !target) {
        return kExitFileError;
    }
    if (const auto failed = trimSource(request, *source, err)) {
        return *failed;
    }
    return retargetLoaded(request, *source, *target, out, err);
}

} // namespace bvhscope::cli
