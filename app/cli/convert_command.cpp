// bvhscope convert: read a BVH file, apply conversions from core/conversions, write it back.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/convert_gltf.h"
#include "app/cli/convert_request.h"
#include "core/conversions/conversion_request.h"
#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"

#include <string>

namespace bvhscope::cli {
namespace {

// Applies the conversions, printing each step done to `out` and each problem to `err`.
std::optional<bvh::ConversionOutcome> runConversions(const ConvertRequest& request,
                                                     const bvh::ConversionRequest& conversions,
                                                     const bvh::Document& document,
                                                     std::ostream& out, std::ostream& err) {
    bvh::ConversionOutcome outcome =
        bvh::applyConversionRequest(document.skeleton, document.motion, conversions, request.input);
    for (const bvh::ConversionLogEntry& entry : outcome.log) {
        if (entry.kind == bvh::ConversionLogEntry::Kind::Applied) {
            out << "  " << entry.text << '\n';
        } else {
            err << bvh::formatLogEntry(entry) << '\n';
        }
    }
    if (!outcome.ok) {
        return std::nullopt;
    }
    return outcome;
}

} // namespace

int runConvert(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    const ParsedConvert parsed = parseConvertArguments(arguments, out, err);
    if (!parsed.request) {
        return parsed.exitCode.value_or(kExitUsage);
    }
    const ConvertRequest& request = *parsed.request;
    // OUT is none of the files read (IN unless --overwrite, the --mnm map), before anything is
    // read or written.
    const bvh::InputFiles inputs = convertInputs(request);
    const std::filesystem::path output = bvh::pathFromUtf8(request.output);
    if (const bvh::InputFiles::Input* input = inputs.find(output)) {
        err << "bvhscope convert: " << inputs.refusal(output)
            << (input->role == kInputFileRole ? " (pass --overwrite to replace the input file)\n"
                                              : "\n");
        return kExitUsage;
    }

    bvh::Document document =
        bvh::loadDocument(bvh::pathFromUtf8(request.input), bvh::everyCoreOptions());
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        err << bvh::formatDiagnostic(request.input, diagnostic) << '\n';
    }
    if (!document.loaded()) {
        return kExitFileError;
    }
    std::string rangeError;
    const std::optional<bvh::ConversionRequest> conversions =
        conversionRequestFor(request, document.motion.frameCount, rangeError);
    if (!conversions) {
        err << "bvhscope convert: " << rangeError << '\n';
        return kExitUsage;
    }
    // What the options ask of this file, checked by arithmetic before anything is converted: a
    // resample to millions of frames is refused here, not after gigabytes.
    if (const bvh::ConversionPlan plan = bvh::planConversionRequest(document.motion, *conversions);
        !plan.ok()) {
        for (const bvh::Diagnostic& problem : plan.errors) {
            err << "bvhscope convert: " << request.input << ": " << problem.message << '\n';
        }
        return kExitUsage;
    }
    out << request.input << " -> " << request.output << '\n';
    const std::optional<bvh::ConversionOutcome> converted =
        runConversions(request, *conversions, document, out, err);
    if (!converted) {
        return kExitFileError;
    }

    // Ctrl+C or a kill during the write removes the temporary file before the process ends
    // (an uncaught exception is main()'s to handle, see app/cli/fatal_errors.h).
    bvh::removeTemporaryFilesOnTerminationSignals();
    if (request.gltf) {
        return writeConvertedGltf(request, *converted, out, err);
    }
    bvh::WriteOptions options;
    options.inputPath = bvh::pathFromUtf8(request.input);
    options.allowOverwritingInput = request.overwrite;
    const std::vector<bvh::Diagnostic> written = bvh::writeBvhFile(
        bvh::pathFromUtf8(request.output), converted->skeleton, converted->motion, options);
    for (const bvh::Diagnostic& diagnostic : written) {
        err << bvh::formatDiagnostic(request.output, diagnostic) << '\n';
    }
    if (bvh::hasErrors(written)) {
        return kExitFileError;
    }
    const bvh::Motion& motion = converted->motion;
    out << "wrote " << request.output << ": " << converted->skeleton.jointCount() << " joints, "
        << motion.frameCount << (motion.frameCount == 1 ? " frame" : " frames") << " at "
        << motion.framesPerSecond() << " fps\n";
    return kExitOk;
}

} // namespace bvhscope::cli
