#include "app/cli/convert_gltf.h"

#include "app/cli/command_line.h"
#include "core/analysis/stance.h"
#include "core/platform/utf8_path.h"

#include <cmath>

namespace bvhscope::cli {

GltfAxes decideGltfAxes(const ConvertRequest& request, const bvh::Skeleton& skeleton,
                        const bvh::Motion& motion, bvh::TranslationMode translation) {
    GltfAxes axes;
    std::optional<bvh::UpAxis> given = request.up ? request.up : request.fromUp;
    axes.upSource = request.up ? "--up" : "--from-up";
    const bvh::Stance stance =
        bvh::analyzeStance(skeleton, motion, translation, bvh::analyzeRestPose(skeleton), given);
    axes.upAxis = stance.upAxis;
    if (!given) {
        axes.upSource = std::string(bvh::upAxisSourceName(stance.source));
    }
    axes.unit = request.unit.value_or(stance.unit);
    axes.metresPerUnit = bvh::metresPerUnit(axes.unit);
    const double height =
        stance.height > 0.0 ? stance.height : bvh::analyzeRestPose(skeleton).height;
    if (axes.unit == bvh::LengthUnit::Unknown && height > 0.0 && std::isfinite(height)) {
        axes.metresPerUnit = kUnknownUnitHeightMetres / height;
    }
    return axes;
}

int writeConvertedGltf(const ConvertRequest& request, const bvh::ConversionOutcome& converted,
                       std::ostream& out, std::ostream& err) {
    const bvh::TranslationMode translation =
        bvh::resolveTranslationMode(request.translation, converted.skeleton, converted.motion);
    const GltfAxes axes =
        decideGltfAxes(request, converted.skeleton, converted.motion, translation);
    bvh::GltfExportOptions options;
    options.container = request.gltf.value_or(bvh::GltfContainer::Binary);
    options.interpolation = request.interpolation;
    options.upAxis = axes.upAxis;
    options.metresPerUnit = axes.metresPerUnit;
    options.translation = translation;
    options.generator = std::string("bvhscope ") + BVHSCOPE_VERSION;
    const bvh::GltfExportResult written = bvh::writeGltfFile(
        bvh::pathFromUtf8(request.output), converted.skeleton, converted.motion, options);
    for (const bvh::Diagnostic& diagnostic : written.diagnostics) {
        err << bvh::formatDiagnostic(request.output, diagnostic) << '\n';
    }
    if (!written.ok()) {
        return kExitFileError;
    }
    const bvh::Motion& motion = converted.motion;
    out << "wrote " << request.output << ": " << converted.skeleton.jointCount() << " joints, "
        << motion.frameCount << (motion.frameCount == 1 ? " frame" : " frames") << " at "
        << motion.framesPerSecond() << " fps; glTF from up " << bvh::upAxisName(axes.upAxis) << " ("
        << axes.upSource << "), unit " << bvh::lengthUnitName(axes.unit)
        << (axes.unit == bvh::LengthUnit::Unknown ? " (scaled to the viewer's 1.7 m tall)" : "")
        << ", " << written.animatedChannels << " animated and " << written.constantChannels
        << " constant channels, " << written.fileBytes << " bytes\n";
    return kExitOk;
}

} // namespace bvhscope::cli
