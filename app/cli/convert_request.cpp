#include "app/cli/convert_request.h"

#include "app/cli/table_arguments.h"
#include "app/options/option_help.h"
#include "core/model/output_limits.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kConvertIntro = R"(usage: bvhscope convert IN OUT [options]

Reads the BVH file IN, applies the conversions asked for (in the order listed here) and writes
OUT: tab-indented, every number with the digits that read back to the same value, `Frames:`
equal to the rows written. OUT is written to a temporary file beside it and renamed into place
only when complete, so a failure (disk full, no permission, out of memory, Ctrl+C, kill)
never leaves a partial file, and OUT is either as it was or completely written.

OUT's extension decides its format: BVH, or glTF 2.0 for an OUT ending in .glb (binary) or
.gltf (JSON with its buffer embedded as a base64 data: URI, so it is one file). An OUT named
only .glb, .gltf or .bvh is refused. glTF is written from the converted clip: one node per
joint and End Site, named as `bvhscope positions` names them (a repeated name gets _2, _3...),
rest transforms from OFFSET, one animation with quaternion rotation and translation channels at
the frame times (a channel that never moves is written once). glTF is metres, +Y up, right-handed: the clip
stands as the viewer shows it, turned (never mirrored) from its up axis and scaled from its unit
as `bvhscope info` decides them (a clip no unit fits is scaled to 1.7 m tall, as the viewer
shows it); --from-up (or --up, the axis the conversion gave it) and --unit override them. The
root stays where the file puts it unless --ground is given.

)";

constexpr std::string_view kConvertExitStatus = R"(  --help, --version
Exit status: 0 when OUT is written, 1 when IN or the name map cannot be read, a conversion
fails or OUT cannot be written, 2 for a bad command line (a --frames range past IN's frames, a
resample past the bound and an OUT that is an input included).
)";

// The prose above and every convert option's entry from the options table, the conversions in
// the order they are applied.
std::string composeConvertHelp() {
    std::string help(kConvertIntro);
    help += options::helpEntries(options::kConvert,
                                 {"--frames", "--in-place", "--up", "--from-up", "--ground",
                                  "--scale", "--rotation-order", "--fps", "--mnm", "--reverse",
                                  "--translation", "--overwrite", "--unit", "--interpolation",
                                  "--body", "--body-grid-phase"});
    help += options::unlistedHelpEntries(options::kConvert, help);
    help += kConvertExitStatus;
    return help;
}

std::optional<double> parsePositiveNumber(std::string_view text) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, value);
    if (result.ec != std::errc() || result.ptr != end || !(value > 0.0) || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

std::optional<bvh::UpAxis> parseAxis(std::string_view text, bool positiveOnly) {
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text.size() != 1 || (negative && positiveOnly)) {
        return std::nullopt;
    }
    switch (text.front()) {
    case 'x':
    case 'X':
        return positiveOnly
                   ? std::nullopt
                   : std::optional(negative ? bvh::UpAxis::NegativeX : bvh::UpAxis::PositiveX);
    case 'y':
    case 'Y':
        return negative ? bvh::UpAxis::NegativeY : bvh::UpAxis::PositiveY;
    case 'z':
    case 'Z':
        return negative ? bvh::UpAxis::NegativeZ : bvh::UpAxis::PositiveZ;
    default:
        return std::nullopt;
    }
}

// OUT's file name when it is nothing but one of the extensions that decide OUT's format
// (".glb", ".gltf", ".bvh", any case): the path library takes such a name as a stem with no
// extension, so ".glb" was written as BVH text in a hidden file. Empty otherwise.
std::string extensionOnlyName(const std::string& output) {
    const std::u8string name = bvh::pathFromUtf8(output).filename().u8string();
    std::string lower;
    for (const char8_t c : name) {
        lower += static_cast<char>(c >= u8'A' && c <= u8'Z' ? c - u8'A' + u8'a' : c);
    }
    for (const std::string_view extension : {".glb", ".gltf", ".bvh"}) {
        if (lower == extension) {
            return std::string(name.begin(), name.end());
        }
    }
    return {};
}

// OUT's format from its name, and the options only glTF takes; the usage error, or empty.
std::string readGltfOptions(const ParsedArguments& parsed, ConvertRequest& request) {
    request.gltf = bvh::gltfContainerFor(bvh::pathFromUtf8(request.output));
    // In the order of the table's words (options::kUnitWords): auto, mm, cm, m, inch.
    static constexpr std::array<std::optional<bvh::LengthUnit>, options::kUnitWords.size()> kUnits{
        std::nullopt, bvh::LengthUnit::Millimetre, bvh::LengthUnit::Centimetre,
        bvh::LengthUnit::Metre, bvh::LengthUnit::Inch};
    std::optional<std::size_t> unit;
    if (std::string error = readTableChoice(parsed, options::kUnit, unit); !error.empty()) {
        return error;
    }
    if (unit) {
        request.unit = kUnits[*unit];
    }
    // options::kInterpolationWords: linear, step.
    std::optional<std::size_t> interpolation;
    if (std::string error = readTableChoice(parsed, options::kConvertInterpolation, interpolation);
        !error.empty()) {
        return error;
    }
    if (interpolation) {
        request.interpolation =
            *interpolation == 1 ? bvh::GltfInterpolation::Step : bvh::GltfInterpolation::Linear;
    }
    request.body = parsed.has("--body");
    if (!request.gltf && request.body) {
        return "--body applies to glTF output only (OUT ending in .glb or .gltf)";
    }
    if (std::string error = readGridPhase(parsed, request.bodyGridPhase); !error.empty()) {
        return error;
    }
    if (parsed.option("--body-grid-phase") && !request.body) {
        return "--body-grid-phase applies with --body only";
    }
    if (!request.gltf && (parsed.option("--unit") || parsed.option("--interpolation"))) {
        return std::string(parsed.option("--unit") ? "--unit" : "--interpolation") +
               " applies to glTF output only (OUT ending in .glb or .gltf)";
    }
    return {};
}

// Everything the command line asks for, checked before any file is read; the usage error, or
// empty.
std::string readRequest(const ParsedArguments& parsed, ConvertRequest& request) {
    if (parsed.positional.size() != 2) {
        return "bvhscope convert: expected IN and OUT, got " +
               std::to_string(parsed.positional.size()) +
               (parsed.positional.size() == 1 ? " file name" : " file names");
    }
    request.input = parsed.positional[0];
    request.output = parsed.positional[1];
    if (const std::string name = extensionOnlyName(request.output); !name.empty()) {
        return "bvhscope convert: OUT '" + request.output + "' is only an extension; name the " +
               "file, such as walk" + name + " (OUT's extension decides its format: .glb or " +
               ".gltf for glTF, any other BVH)";
    }
    if (auto text = parsed.option("--frames")) {
        request.frames = parseFrameRange(*text);
        request.framesText = std::string(*text);
        if (!request.frames) {
            return "--frames must look like A:B, A:, :B or N with 0 <= A <= B, not '" +
                   std::string(*text) + "'";
        }
    }
    if (auto text = parsed.option("--up")) {
        request.up = parseAxis(*text, true);
        if (!request.up) {
            return options::choiceRefusal(options::kConvertUp, *text);
        }
    }
    if (auto text = parsed.option("--from-up")) {
        request.fromUp = parseAxis(*text, false);
        if (!request.fromUp) {
            return options::choiceRefusal(options::kConvertFromUp, *text);
        }
    }
    if (parsed.option("--scale")) {
        double scale = 0.0;
        if (std::string error = readTableNumber(parsed, options::kConvertScale, scale);
            !error.empty()) {
            return error;
        }
        request.scale = scale;
    }
    if (auto text = parsed.option("--rotation-order")) {
        request.rotationOrder = bvh::parseEulerOrder(*text);
        if (!request.rotationOrder) {
            return "--rotation-order must be three distinct axes such as ZXY or XYZ, not '" +
                   std::string(*text) + "'";
        }
    }
    if (auto text = parsed.option("--fps")) {
        // The written Frame Time is 1 / F: outside the reader's bounds it would be read back as
        // an assumed 30 fps (core/model/output_limits.h).
        request.framesPerSecond = parsePositiveNumber(*text);
        const options::Option& fps = options::kConvertFps;
        if (!request.framesPerSecond || !options::inRange(fps, *request.framesPerSecond) ||
            !bvh::isWritableFrameRate(*request.framesPerSecond)) {
            return "--fps must be from " + options::rateText(*fps.minimum) +
                   " (a frame an hour) to " + options::rateText(*fps.maximum) +
                   " (a frame a microsecond), the Frame Times a BVH file holds, not '" +
                   std::string(*text) + "'";
        }
    }
    if (auto text = parsed.option("--mnm")) {
        request.mnm = std::string(*text);
    }
    request.reverse = parsed.has("--reverse");
    if (request.reverse && !request.mnm) {
        return "--reverse only applies with --mnm FILE";
    }
    if (std::string error = readGltfOptions(parsed, request); !error.empty()) {
        return error;
    }
    request.inPlace = parsed.has("--in-place");
    request.ground = parsed.has("--ground");
    request.overwrite = parsed.has("--overwrite");
    return {};
}

} // namespace

std::string_view convertHelp() {
    static const std::string kHelp = composeConvertHelp();
    return kHelp;
}

ParsedConvert parseConvertArguments(std::span<const std::string_view> arguments, std::ostream& out,
                                    std::ostream& err) {
    auto parsed = parseArguments(arguments, tableArgumentSpec(options::kConvert), err);
    if (!parsed) {
        return {std::nullopt, kExitUsage};
    }
    if (auto answered = answerHelpOrVersion(*parsed, convertHelp(), out)) {
        return {std::nullopt, *answered};
    }
    ConvertRequest request;
    if (const std::string error = readRequest(*parsed, request); !error.empty()) {
        err << error << '\n';
        err << "run \"bvhscope convert --help\" for the options\n";
        return {std::nullopt, kExitUsage};
    }
    const auto translation = translationOption(*parsed, err);
    if (!translation) {
        err << "run \"bvhscope convert --help\" for the options\n";
        return {std::nullopt, kExitUsage};
    }
    request.translation = *translation;
    return {std::move(request), std::nullopt};
}

bvh::InputFiles convertInputs(const ConvertRequest& request) {
    bvh::InputFiles inputs;
    if (!request.overwrite) {
        inputs.add(bvh::pathFromUtf8(request.input), std::string(kInputFileRole));
    }
    if (request.mnm) {
        inputs.add(bvh::pathFromUtf8(*request.mnm), "the --mnm file");
    }
    return inputs;
}

std::optional<bvh::ConversionRequest>
conversionRequestFor(const ConvertRequest& request, std::int64_t frameCount, std::string& error) {
    bvh::ConversionRequest conversions;
    if (request.frames) {
        const auto span = resolveFrameRange(*request.frames, frameCount - 1,
                                            "--frames " + request.framesText, request.input, error);
        if (!span) {
            return std::nullopt;
        }
        conversions.frames = bvh::FrameSpan{span->first, span->last};
    }
    conversions.inPlace = request.inPlace;
    conversions.ground = request.ground;
    conversions.up = request.up;
    conversions.fromUp = request.fromUp;
    conversions.scale = request.scale;
    conversions.rotationOrder = request.rotationOrder;
    conversions.framesPerSecond = request.framesPerSecond;
    conversions.mnmPath = request.mnm;
    conversions.reverseMnm = request.reverse;
    conversions.translation = request.translation;
    return conversions;
}

} // namespace bvhscope::cli
