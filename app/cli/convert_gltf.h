// The glTF end of `bvhscope convert` (OUT ending in .glb or .gltf): the converted clip's up axis
// and unit decided as the viewer and `bvhscope info` decide them (core/analysis/stance.h) unless
// the command line says, then written by core/gltf.
#pragma once

#include "app/cli/convert_request.h"
#include "core/conversions/conversion_request.h"

#include <ostream>
#include <vector>

namespace bvhscope::cli {

// The clip's up axis for glTF: --up (the axis the conversions gave it), else --from-up, else
// the stance of the converted clip. Its unit: --unit, else the stance's. A clip no unit fits
// is scaled to bvh::kUnknownUnitHeightMetres tall (core/analysis/stance.h), as the viewer shows
// it.
struct GltfAxes {
    bvh::UpAxis upAxis = bvh::UpAxis::PositiveY;
    bvh::LengthUnit unit = bvh::LengthUnit::Unknown;
    double metresPerUnit = 1.0;
    std::string upSource; // "--up", "--from-up", or the stance's source ("anatomy", ...)
    std::vector<bvh::NodeIndex> staticRoots; // the stance's: their links get no body
};
GltfAxes decideGltfAxes(const ConvertRequest& request, const bvh::Skeleton& skeleton,
                        const bvh::Motion& motion, bvh::TranslationMode translation);

// Writes `converted` to request.output as glTF; the exit status (kExitOk or kExitFileError),
// the result line on `out`, problems on `err`.
int writeConvertedGltf(const ConvertRequest& request, const bvh::ConversionOutcome& converted,
                       std::ostream& out, std::ostream& err);

} // namespace bvhscope::cli
