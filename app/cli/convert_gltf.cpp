#include "app/cli/convert_gltf.h"

#include "app/cli/command_line.h"
#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/stance.h"
#include "core/body/body_bind_pose.h"
#include "core/body/body_builder.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace bvhscope::cli {

GltfAxes decideGltfAxes(const ConvertRequest& request, const bvh::Skeleton& skeleton,
                        const bvh::Motion& motion, bvh::TranslationMode translation) {
    GltfAxes axes;
    std::optional<bvh::UpAxis> given = request.up ? request.up : request.fromUp;
    axes.upSource = request.up ? "--up" : "--from-up";
    const bvh::Stance stance =
        bvh::analyzeStance(skeleton, motion, translation, bvh::analyzeRestPose(skeleton), given);
    axes.upAxis = stance.upAxis;
    axes.staticRoots = stance.staticRoots;
    if (!given) {
        axes.upSource = std::string(bvh::upAxisSourceName(stance.source));
    }
    axes.unit = request.unit.value_or(stance.unit);
    axes.metresPerUnit = bvh::metresPerUnit(axes.unit);
    const double height =
        stance.height > 0.0 ? stance.height : bvh::analyzeRestPose(skeleton).height;
    if (axes.unit == bvh::LengthUnit::Unknown && height > 0.0 && std::isfinite(height)) {
        axes.metresPerUnit = bvh::kUnknownUnitHeightMetres / height;
    }
    return axes;
}

namespace {

// The body of the converted skeleton for --body, or null with a warning on `err` (the file is
// still written, without it). Static roots' links get none, and it is bound in the pose the
// viewer binds it in (body_bind_pose.h), whose inverse the skin's inverse bind matrices are.
std::shared_ptr<const bvh::BodyMesh> bodyForGltf(const ConvertRequest& request,
                                                 const bvh::ConversionOutcome& converted,
                                                 bvh::TranslationMode translation,
                                                 const GltfAxes& axes, std::ostream& err) {
    const bvh::Skeleton& skeleton = converted.skeleton;
    bvh::BodyOptions options;
    const bvh::RestAnimationAgreement agreement = bvh::compareRestWithAnimation(
        skeleton, converted.motion, translation, bvh::analyzeRestPose(skeleton));
    options.bindWorld =
        bvh::chooseBodyBindPose(skeleton, converted.motion, translation, agreement).world;
    options.up = axes.upAxis;
    options.excludedBones = bvh::linksBelowStaticRoots(skeleton, axes.staticRoots);
    options.gridPhase = request.bodyGridPhase;
    bvh::BodyResult body = bvh::buildBody(skeleton, options);
    if (body.mesh == nullptr) {
        err << request.output << ": warning: no body written (" << body.message << ")\n";
    }
    return body.mesh;
}

} // namespace

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
    const std::shared_ptr<const bvh::BodyMesh> body =
        request.body ? bodyForGltf(request, converted, translation, axes, err) : nullptr;
    options.body = body.get();
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
        << " constant channels, "
        << (body ? "a body of " + std::to_string(body->levels.front().indexCount / 3) +
                       " triangles, "
                 : std::string())
        << written.fileBytes << " bytes\n";
    return kExitOk;
}

} // namespace bvhscope::cli
