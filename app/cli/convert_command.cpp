// bvhscope convert: read a BVH file, apply conversions from core/conversions, write it back.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "core/conversions/conversion_request.h"
#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"

#include <charconv>
#include <cmath>
#include <string>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kConvertHelp = R"(usage: bvhscope convert IN OUT [options]

Reads the BVH file IN, applies the conversions asked for (in the order listed here) and writes
OUT: tab-indented, every number with the digits that read back to the same value, `Frames:`
equal to the rows written. OUT is written to a temporary file beside it and renamed into place
only when complete, so a failure (disk full, no permission, out of memory, Ctrl+C, kill)
never leaves a partial file, and OUT is either as it was or completely written.

  --frames A:B            keep frames A to B (inclusive, 0-based; "A:" and ":B" leave an end
                          open, "N" is one frame)
  --in-place              remove the root's horizontal travel: its position along the two
                          horizontal axes stays at frame 0's, its height is kept (horizontal
                          means across the file's own up axis, see --from-up)
  --up y|z                re-express the clip with Y or Z up: every world position is rotated,
                          each joint keeps its rotation order. Y-up to Z-up is a quarter turn
                          about X: a figure facing +Z then faces -Y, its left hand stays on +X.
                          Character Studio Biped reads BVH files Y-up (seed 001's example): a
                          Z-up file facing -Y needs --up y
  --from-up AXIS          the file's current up axis (y, z, -y, -z, x, -x) for --in-place and
                          --up; default: decided from the motion (as `bvhscope info` shows)
  --ground                move the root along up so the figure's contact level over the clip
                          is the ground (0), as the viewer shows a sunk or floating capture;
                          without it the file's values are kept
  --scale S               multiply every offset and position channel by S (0.01: cm to m)
  --rotation-order ORDER  rewrite the rotations of every three-axis joint in ORDER (ZXY, XYZ,
                          ...), keeping each pose and each curve continuous
  --fps F                 resample to F frames per second over the same duration (slerp on
                          rotations, lerp on positions)
  --mnm FILE              rename joints with a Character Studio marker name file (.mnm): the
                          file's names (right column) become Biped's (left column); joints with
                          no entry are listed as a warning
  --reverse               with --mnm: Biped's names become the file's
  --translation MODE      absolute, additive or auto (default): how position channels combine
                          with OFFSET; the output keeps that meaning
  --overwrite             allow OUT to be IN (it is still replaced atomically); refused
                          otherwise. Not to be confused with --in-place, the root-motion change
  --help, --version
Exit status: 0 when OUT is written, 1 when IN or the name map cannot be read, a conversion
fails or OUT cannot be written, 2 for a bad command line.
)";

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

// Everything the command line asks for, checked before any file is read.
struct ConvertRequest {
    std::string input;
    std::string output;
    std::optional<FrameRange> frames;
    bool inPlace = false;
    bool ground = false;
    std::optional<bvh::UpAxis> up;
    std::optional<bvh::UpAxis> fromUp;
    std::optional<double> scale;
    std::optional<bvh::EulerOrder> rotationOrder;
    std::optional<double> framesPerSecond;
    std::optional<std::string> mnm;
    bool reverse = false;
    bool overwrite = false;
    bvh::TranslationMode translation = bvh::TranslationMode::Auto;
};

std::optional<ConvertRequest> readRequest(const ParsedArguments& parsed, std::ostream& err) {
    ConvertRequest request;
    if (parsed.positional.size() != 2) {
        err << "bvhscope convert: expected IN and OUT, got " << parsed.positional.size()
            << (parsed.positional.size() == 1 ? " file name\n" : " file names\n");
        return std::nullopt;
    }
    request.input = parsed.positional[0];
    request.output = parsed.positional[1];
    if (auto text = parsed.option("--frames")) {
        request.frames = parseFrameRange(*text);
        if (!request.frames) {
            err << "--frames must look like A:B, A:, :B or N with 0 <= A <= B, not '" << *text
                << "'\n";
            return std::nullopt;
        }
    }
    if (auto text = parsed.option("--up")) {
        request.up = parseAxis(*text, true);
        if (!request.up) {
            err << "--up must be y or z, not '" << *text << "'\n";
            return std::nullopt;
        }
    }
    if (auto text = parsed.option("--from-up")) {
        request.fromUp = parseAxis(*text, false);
        if (!request.fromUp) {
            err << "--from-up must be one of y, z, x, -y, -z, -x, not '" << *text << "'\n";
            return std::nullopt;
        }
    }
    if (auto text = parsed.option("--scale")) {
        request.scale = parsePositiveNumber(*text);
        if (!request.scale) {
            err << "--scale must be a positive number, not '" << *text << "'\n";
            return std::nullopt;
        }
    }
    if (auto text = parsed.option("--rotation-order")) {
        request.rotationOrder = bvh::parseEulerOrder(*text);
        if (!request.rotationOrder) {
            err << "--rotation-order must be three distinct axes such as ZXY or XYZ, not '" << *text
                << "'\n";
            return std::nullopt;
        }
    }
    if (auto text = parsed.option("--fps")) {
        request.framesPerSecond = parsePositiveNumber(*text);
        if (!request.framesPerSecond) {
            err << "--fps must be a positive number, not '" << *text << "'\n";
            return std::nullopt;
        }
    }
    if (auto text = parsed.option("--mnm")) {
        request.mnm = std::string(*text);
    }
    request.reverse = parsed.has("--reverse");
    if (request.reverse && !request.mnm) {
        err << "--reverse only applies with --mnm FILE\n";
        return std::nullopt;
    }
    request.inPlace = parsed.has("--in-place");
    request.ground = parsed.has("--ground");
    request.overwrite = parsed.has("--overwrite");
    auto translation = translationOption(parsed, err);
    if (!translation) {
        return std::nullopt;
    }
    request.translation = *translation;
    return request;
}

// The request as core's ConversionRequest, which `bvhscope convert` shares with the viewer's
// File > Export.
bvh::ConversionRequest conversionRequest(const ConvertRequest& request) {
    bvh::ConversionRequest conversions;
    if (request.frames) {
        conversions.frames = bvh::FrameSpan{request.frames->first, request.frames->last};
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

// Applies the conversions, printing each step done to `out` and each problem to `err`.
std::optional<bvh::ConversionOutcome> runConversions(const ConvertRequest& request,
                                                     const bvh::Document& document,
                                                     std::ostream& out, std::ostream& err) {
    if (request.frames && request.frames->first >= document.motion.frameCount) {
        const std::int64_t frameCount = document.motion.frameCount;
        err << request.input << ": --frames starts at " << request.frames->first
            << " but the file has " << frameCount << (frameCount == 1 ? " frame\n" : " frames\n");
        return std::nullopt;
    }
    bvh::ConversionOutcome outcome = bvh::applyConversionRequest(
        document.skeleton, document.motion, conversionRequest(request), request.input);
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
    auto parsed = parseArguments(arguments,
                                 {{"--frames", "--up", "--from-up", "--scale", "--rotation-order",
                                   "--fps", "--mnm", "--translation"},
                                  {"--in-place", "--ground", "--reverse", "--overwrite"}},
                                 err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, kConvertHelp, out)) {
        return *answered;
    }
    const std::optional<ConvertRequest> request = readRequest(*parsed, err);
    if (!request) {
        err << "run \"bvhscope convert --help\" for the options\n";
        return kExitUsage;
    }

    bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(request->input));
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        err << bvh::formatDiagnostic(request->input, diagnostic) << '\n';
    }
    if (!document.loaded()) {
        return kExitFileError;
    }
    out << request->input << " -> " << request->output << '\n';
    const std::optional<bvh::ConversionOutcome> converted =
        runConversions(*request, document, out, err);
    if (!converted) {
        return kExitFileError;
    }

    // Ctrl+C or a kill during the write removes the temporary file before the process ends
    // (an uncaught exception is main()'s to handle, see app/cli/fatal_errors.h).
    bvh::removeTemporaryFilesOnTerminationSignals();
    bvh::WriteOptions options;
    options.inputPath = bvh::pathFromUtf8(request->input);
    options.allowOverwritingInput = request->overwrite;
    const std::vector<bvh::Diagnostic> written = bvh::writeBvhFile(
        bvh::pathFromUtf8(request->output), converted->skeleton, converted->motion, options);
    for (const bvh::Diagnostic& diagnostic : written) {
        err << bvh::formatDiagnostic(request->output, diagnostic) << '\n';
    }
    if (bvh::hasErrors(written)) {
        if (!request->overwrite) {
            std::error_code error;
            const std::filesystem::path output = bvh::pathFromUtf8(request->output);
            if (std::filesystem::exists(output, error) &&
                std::filesystem::equivalent(output, bvh::pathFromUtf8(request->input), error)) {
                err << "(pass --overwrite to replace the input file)\n";
            }
        }
        return kExitFileError;
    }
    const bvh::Motion& motion = converted->motion;
    out << "wrote " << request->output << ": " << converted->skeleton.jointCount() << " joints, "
        << motion.frameCount << (motion.frameCount == 1 ? " frame" : " frames") << " at "
        << motion.framesPerSecond() << " fps\n";
    return kExitOk;
}

} // namespace bvhscope::cli
