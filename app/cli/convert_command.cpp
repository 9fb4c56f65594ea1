// bvhscope convert: read a BVH file, apply conversions from core/conversions, write it back.
#include "command_line.h"
#include "commands.h"
#include "core/conversions/conversions.h"
#include "core/document.h"
#include "core/mnm.h"
#include "core/rest_pose_analysis.h"
#include "core/writer.h"

#include <charconv>
#include <cmath>
#include <string>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kConvertHelp = R"(usage: bvhscope convert IN OUT [options]

Reads the BVH file IN, applies the conversions asked for (in the order listed here) and writes
OUT: tab-indented, every number with the digits that read back to the same value, `Frames:`
equal to the rows written. OUT is written to a temporary file beside it and renamed into place
only when complete, so a failure (disk full, no permission) never leaves a partial file.

  --frames A:B            keep frames A to B (inclusive, 0-based; "A:" and ":B" leave an end
                          open, "N" is one frame)
  --in-place              remove the root's horizontal travel: its position along the two
                          horizontal axes stays at frame 0's, its height is kept (horizontal
                          means across the file's own up axis, see --from-up)
  --up y|z                re-express the clip with Y or Z up: every world position is rotated,
                          each joint keeps its rotation order. Character Studio Biped wants z
                          (+Z up, facing -Y, left hand on +X); a Y-up file facing +Z gets that
  --from-up AXIS          the file's current up axis (y, z, -y, -z, x, -x) for --in-place and
                          --up; default: guessed from the rest pose (as `bvhscope info` shows)
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

// Shortest text that reads back as the same double: "0.01", not "0.010000".
std::string numberText(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) {
        text += (text.empty() ? "" : ", ") + name;
    }
    return text;
}

// Everything the command line asks for, checked before any file is read.
struct ConvertRequest {
    std::string input;
    std::string output;
    std::optional<FrameRange> frames;
    bool inPlace = false;
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
    request.overwrite = parsed.has("--overwrite");
    auto translation = translationOption(parsed, err);
    if (!translation) {
        return std::nullopt;
    }
    request.translation = *translation;
    return request;
}

// The clip being converted, and where to report.
class Pipeline {
public:
    Pipeline(bvh::Skeleton skeleton, bvh::Motion motion, const std::string& input,
             std::ostream& out, std::ostream& err)
        : skeleton_(std::move(skeleton)), motion_(std::move(motion)), input_(input), out_(out),
          err_(err) {}

    // Applies a conversion; on failure prints its errors and returns false.
    bool apply(bvh::Conversion conversion, std::string_view note) {
        for (const bvh::Diagnostic& diagnostic : conversion.diagnostics) {
            err_ << bvh::formatDiagnostic(input_, diagnostic) << '\n';
        }
        if (!conversion.ok()) {
            return false;
        }
        skeleton_ = std::move(conversion.skeleton);
        motion_ = std::move(conversion.motion);
        this->note(note);
        return true;
    }

    void note(std::string_view text) { out_ << "  " << text << '\n'; }

    const bvh::Skeleton& skeleton() const { return skeleton_; }
    const bvh::Motion& motion() const { return motion_; }

private:
    bvh::Skeleton skeleton_;
    bvh::Motion motion_;
    const std::string& input_;
    std::ostream& out_;
    std::ostream& err_;
};

std::string axisNote(bvh::UpAxis axis, bool guessed) {
    return std::string(bvh::upAxisName(axis)) + (guessed ? " (guessed)" : " (--from-up)");
}

bool runConversions(const ConvertRequest& request, const bvh::Document& document,
                    Pipeline& pipeline, std::ostream& err) {
    const bvh::TranslationMode mode =
        bvh::resolveTranslationMode(request.translation, document.skeleton, document.motion);
    const bool guessedUp = !request.fromUp;
    const bvh::UpAxis fromUp =
        request.fromUp.value_or(bvh::analyzeRestPose(document.skeleton).upAxis);

    if (request.frames) {
        const std::int64_t frameCount = pipeline.motion().frameCount;
        if (request.frames->first >= frameCount) {
            err << request.input << ": --frames starts at " << request.frames->first
                << " but the file has " << frameCount
                << (frameCount == 1 ? " frame\n" : " frames\n");
            return false;
        }
        const std::int64_t last =
            std::min(request.frames->last.value_or(frameCount - 1), frameCount - 1);
        const auto first = static_cast<std::uint32_t>(request.frames->first);
        if (!pipeline.apply(bvh::trimFrames(pipeline.skeleton(), pipeline.motion(), first,
                                            static_cast<std::uint32_t>(last)),
                            "frames " + std::to_string(first) + " to " + std::to_string(last) +
                                " kept")) {
            return false;
        }
    }
    if (request.inPlace && !pipeline.apply(bvh::removeRootHorizontalMotion(
                                               pipeline.skeleton(), pipeline.motion(), fromUp),
                                           "root horizontal travel removed, height kept; up axis " +
                                               axisNote(fromUp, guessedUp))) {
        return false;
    }
    if (request.up) {
        if (*request.up == fromUp) {
            pipeline.note("up axis already " + axisNote(fromUp, guessedUp) + "; unchanged");
        } else if (!pipeline.apply(bvh::changeUpAxis(pipeline.skeleton(), pipeline.motion(), mode,
                                                     fromUp, *request.up),
                                   "up axis " + axisNote(fromUp, guessedUp) + " -> " +
                                       std::string(bvh::upAxisName(*request.up)))) {
            return false;
        }
    }
    if (request.scale &&
        !pipeline.apply(bvh::scaleSkeleton(pipeline.skeleton(), pipeline.motion(), *request.scale),
                        "scaled by " + numberText(*request.scale))) {
        return false;
    }
    if (request.rotationOrder &&
        !pipeline.apply(bvh::changeRotationOrder(pipeline.skeleton(), pipeline.motion(),
                                                 *request.rotationOrder),
                        "rotation order " + request.rotationOrder->name())) {
        return false;
    }
    if (request.framesPerSecond &&
        !pipeline.apply(
            bvh::resampleMotion(pipeline.skeleton(), pipeline.motion(), *request.framesPerSecond),
            "resampled to " + numberText(*request.framesPerSecond) + " fps")) {
        return false;
    }
    if (request.mnm) {
        const bvh::MnmFile mnm = bvh::loadMnm(*request.mnm);
        for (const bvh::Diagnostic& diagnostic : mnm.diagnostics) {
            err << bvh::formatDiagnostic(*request.mnm, diagnostic) << '\n';
        }
        if (bvh::hasErrors(mnm.diagnostics)) {
            return false;
        }
        const bvh::JointNameMapping mapping = bvh::mapJointNames(
            mnm, pipeline.skeleton(),
            request.reverse ? bvh::MnmDirection::BipedToCustom : bvh::MnmDirection::CustomToBiped);
        if (!mapping.unmapped.empty()) {
            err << request.input << ": warning: " << mapping.unmapped.size()
                << (mapping.unmapped.size() == 1 ? " joint has" : " joints have") << " no entry in "
                << *request.mnm << " and keep their names: " << joinNames(mapping.unmapped) << '\n';
        }
        if (!pipeline.apply(
                bvh::renameJoints(pipeline.skeleton(), pipeline.motion(), mapping.renames),
                std::to_string(mapping.renames.size()) + " joints renamed by " + *request.mnm +
                    ", " + std::to_string(mapping.unmapped.size()) + " unmapped")) {
            return false;
        }
    }
    return true;
}

} // namespace

int runConvert(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    auto parsed = parseArguments(arguments,
                                 {{"--frames", "--up", "--from-up", "--scale", "--rotation-order",
                                   "--fps", "--mnm", "--translation"},
                                  {"--in-place", "--reverse", "--overwrite"}},
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

    bvh::Document document = bvh::loadDocument(request->input);
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        err << bvh::formatDiagnostic(request->input, diagnostic) << '\n';
    }
    if (!document.loaded()) {
        return kExitFileError;
    }
    out << request->input << " -> " << request->output << '\n';
    Pipeline pipeline(document.skeleton, document.motion, request->input, out, err);
    if (!runConversions(*request, document, pipeline, err)) {
        return kExitFileError;
    }

    bvh::WriteOptions options;
    options.inputPath = request->input;
    options.allowOverwritingInput = request->overwrite;
    const std::vector<bvh::Diagnostic> written =
        bvh::writeBvhFile(request->output, pipeline.skeleton(), pipeline.motion(), options);
    for (const bvh::Diagnostic& diagnostic : written) {
        err << bvh::formatDiagnostic(request->output, diagnostic) << '\n';
    }
    if (bvh::hasErrors(written)) {
        if (!request->overwrite) {
            std::error_code error;
            if (std::filesystem::exists(request->output, error) &&
                std::filesystem::equivalent(request->output, request->input, error)) {
                err << "(pass --overwrite to replace the input file)\n";
            }
        }
        return kExitFileError;
    }
    const bvh::Motion& motion = pipeline.motion();
    out << "wrote " << request->output << ": " << pipeline.skeleton().jointCount() << " joints, "
        << motion.frameCount << (motion.frameCount == 1 ? " frame" : " frames") << " at "
        << motion.framesPerSecond() << " fps\n";
    return kExitOk;
}

} // namespace bvhscope::cli
