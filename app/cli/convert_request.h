// The command line of `bvhscope convert`, parsed and checked before any file is read, and what it
// asks of a file once read: the core's ConversionRequest (core/conversions/conversion_request.h)
// and the inputs no output may replace. Separate from the command so that tests and the option
// fuzzer (tests/fuzz) run it without reading or writing anything.
#pragma once

#include "app/cli/command_line.h"
#include "core/conversions/conversion_request.h"
#include "core/gltf/gltf_export.h"
#include "core/writer/input_files.h"

#include <glm/vec3.hpp>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace bvhscope::cli {

struct ConvertRequest {
    std::string input;
    std::string output;
    std::optional<FrameRange> frames;
    std::string framesText; // --frames as given, for messages
    bool inPlace = false;
    bool ground = false;
    std::optional<bvh::UpAxis> up;
    std::optional<bvh::UpAxis> fromUp;
    std::optional<double> scale;
    std::optional<bvh::EulerOrder> rotationOrder;
    // A rate whose Frame Time the reader accepts (bvh::isWritableFrameRate).
    std::optional<double> framesPerSecond;
    std::optional<std::string> mnm;
    bool reverse = false;
    bool overwrite = false;
    bvh::TranslationMode translation = bvh::TranslationMode::Auto;
    // glTF output (OUT ending in .glb or .gltf, core/gltf/gltf_export.h); --unit and
    // --interpolation apply to it only. unit nullopt: decided from the converted clip.
    std::optional<bvh::GltfContainer> gltf;
    std::optional<bvh::LengthUnit> unit;
    bvh::GltfInterpolation interpolation = bvh::GltfInterpolation::Linear;
    // --body: the skeleton's body (core/body) added as a skinned mesh; glTF output only.
    bool body = false;
    // --body-grid-phase: BodyOptions::gridPhase, for tests and sweeps.
    glm::vec3 bodyGridPhase{0.0f};
};

std::string_view convertHelp();

// Parses the arguments after "convert". On a usage error it writes the message to `err` and
// returns the exit code; --help and --version are answered on `out` the same way.
struct ParsedConvert {
    std::optional<ConvertRequest> request;
    std::optional<int> exitCode; // set when nothing is to be converted
};
ParsedConvert parseConvertArguments(std::span<const std::string_view> arguments, std::ostream& out,
                                    std::ostream& err);

// The files the command reads, which OUT may not be: IN (unless --overwrite), in the role
// kInputFileRole, and the --mnm map.
inline constexpr std::string_view kInputFileRole = "the input file";
bvh::InputFiles convertInputs(const ConvertRequest& request);

// The core's request for a file of `frameCount` frames: --frames resolved by resolveFrameRange
// (both ends must be frames of the file). nullopt with `error` otherwise.
std::optional<bvh::ConversionRequest>
conversionRequestFor(const ConvertRequest& request, std::int64_t frameCount, std::string& error);

} // namespace bvhscope::cli
