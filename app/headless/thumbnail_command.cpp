#include "app/headless/thumbnail_command.h"

#include "app/cli/command_line.h"
#include "app/cli/table_arguments.h"
#include "app/folder/folder_summaries.h"
#include "app/headless/thumbnail_watchdog.h"
#include "app/options/option_help.h"
#include "app/pictures/scene_drawing.h"
#include "app/pictures/thumbnail_picture.h"
#include "app/scene/bone_style_names.h"
#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "core/writer/input_files.h"
#include "render/gl/frame_capture.h"
#include "render/gl/headless_context.h"
#include "render/gl/image_target.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <vector>

namespace bvhscope::headless {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kThumbnailIntro =
    R"(usage: bvhscope thumbnail [--size N] [--bones STYLE] INPUT OUTPUT.png

The file manager's thumbnailer (installed as bvhscope.thumbnailer): draws the representative
pose of the BVH file INPUT (its middle frame: frame 0 is often a calibration T-pose) upright and
framed as the viewer's folder Browser shows it, on a transparent background, into a square
RGBA PNG of N x N pixels. Shows no window (on Linux it needs no display either: EGL). OUTPUT
is written to a temporary file and renamed into place; never over INPUT.

  INPUT                  a path, or a file:// URI (percent-escapes decoded)
)";

constexpr std::string_view kThumbnailExitStatus = R"(  --help, --version
Exit status: 0 when the image is written (also when the time ran out with it already in
place); 1 when INPUT does not load (its FILE:LINE:COL errors on stderr), no OpenGL context can
be made, OUTPUT cannot be written or the time ran out before it was in place (then no image and
no temporary file are left); 2 for a bad command line.
)";

struct Usage {
    std::ostream& err;
    ParsedThumbnail fail(const std::string& message) const {
        err << "bvhscope thumbnail: " << message << "\n(see bvhscope thumbnail --help)\n";
        return {std::nullopt, cli::kExitUsage};
    }
};

int hexValue(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

// A thumbnail's figure of more nodes than this keeps its capsules under --bones body (with the
// builder's notice). No capture or rig here comes near it (the largest, a face rig, 327 nodes;
// MakeHuman's 222), while bodies past it cost seconds a picture and at 256 px are a blob of their
// crowded bones: the 300-spoke hub (601 nodes) 3.2 s of CPU (past the watchdog's 20 s at a load
// of 9), the fan-out-8 tree's simplified figure (913 nodes) 3.5 s, the fan-out-6 tree's (646)
// 2.1-2.7 s; their capsules 0.2-0.3 s each.
constexpr std::size_t kThumbnailBodyMaxNodes = 512;

int drawThumbnail(const ThumbnailRequest& request, Watchdog& watchdog, std::ostream& err) {
    const fs::path input = bvh::pathFromUtf8(request.input);
    const fs::path output = bvh::pathFromUtf8(request.output);
    if (bvh::sameFile(input, output)) {
        err << "bvhscope thumbnail: " << bvh::utf8FromPath(output)
            << " is the input file; refusing to write over it\n";
        return cli::kExitUsage;
    }
    // The folder Browser's reading (the summary, the rest pose against the clip: which way is
    // up, and one pose, the middle frame) within the thumbnailer's memory bound: a huge
    // hierarchy refused, a long motion sampled, a huge skeleton simplified.
    bvh::LoadProgress progress;
    folder::FileFacts facts = folder::summarizeFileForThumbnail(input, progress);
    for (const std::string& line : facts.diagnosticLines) {
        err << line << '\n';
    }
    if (!facts.loaded || !facts.thumbnailPose) {
        if (facts.diagnosticLines.empty()) {
            err << bvh::utf8FromPath(input) << ":0:0: error: no skeleton to draw\n";
        }
        return cli::kExitFileError;
    }
    scene::ViewerSettings settings; // the default look, not this user's settings
    settings.boneStyle = request.boneStyle;
    pictures::ThumbnailScene thumbnail = pictures::thumbnailScene(
        std::move(*facts.thumbnailPose), &facts, settings, bvh::utf8FromPath(input));
    // A figure whose joints all land on one point (core/analysis/stance.h, [SECTION] Ground)
    // draws as nothing: the thumbnail is still written, and this says why it is empty, as
    // `render` does.
    if (const std::optional<std::string> note =
            scene::figureOnOnePointNote(thumbnail.scene.characters().front())) {
        err << "bvhscope thumbnail: " << *note << ": the picture shows no figure\n";
    }
    if (request.boneStyle == render::BoneStyle::Body) {
        for (const std::string& message :
             scene::requestBodies(thumbnail.scene, scene::BodyBuild::Wait::Yes, glm::vec3(0.0f),
                                  kThumbnailBodyMaxNodes)) {
            err << "bvhscope thumbnail: " << message << '\n';
        }
    }

    render::HeadlessContext context;
    if (!context.ok()) {
        err << "bvhscope thumbnail: no OpenGL 3.3 context without a display: " << context.error()
            << '\n';
        return cli::kExitFileError;
    }
    render::Image image;
    {
        pictures::SceneDrawer drawer; // GL objects die before the context
        if (const std::string error = drawer.error(); !error.empty()) {
            err << "bvhscope thumbnail: " << error << '\n';
            return cli::kExitFileError;
        }
        pictures::SceneDrawOptions options =
            pictures::thumbnailDrawOptions(settings, thumbnail, request.size);
        options.backgroundColor = glm::vec3(0.0f); // transparent: premultiplied black
        options.backgroundAlpha = 0.0f;
        // 4x MSAA even on a software renderer: a thumbnail is drawn once, and llvmpipe spends
        // about 10 ms more on it at 256 px (the viewer turns MSAA off there to keep 60 fps).
        options.msaaSamples = 4;
        render::ImageTarget target;
        target.resize(request.size, request.size);
        drawer.draw(thumbnail.scene, thumbnail.pose,
                    pictures::thumbnailCamera(thumbnail.scene, thumbnail.pose), std::nullopt,
                    options, request.size, request.size, target.framebuffer());
        image = target.readWithAlpha();
    }
    const std::string bytes = render::encodePng(image, render::PngAlpha::Keep);
    if (bytes.empty()) {
        err << "bvhscope thumbnail: cannot encode " << bvh::utf8FromPath(output) << " as PNG\n";
        return cli::kExitFileError;
    }
    return watchdog.write(output, bytes, err) ? cli::kExitOk : cli::kExitFileError;
}

} // namespace

std::optional<std::string> localPathFromArgument(std::string_view argument) {
    constexpr std::string_view kScheme = "file://";
    const auto colon = argument.find(':');
    const auto slash = argument.find('/');
    const bool hasScheme = colon != std::string_view::npos && colon > 1 &&
                           (slash == std::string_view::npos || colon < slash);
    if (!hasScheme) {
        return std::string(argument); // a path (a one-letter "scheme" would be a drive, not ours)
    }
    if (argument.size() < kScheme.size() ||
        !std::equal(kScheme.begin(), kScheme.end(), argument.begin(),
                    [](char a, char b) { return std::tolower(a) == std::tolower(b); })) {
        return std::nullopt;
    }
    std::string_view rest = argument.substr(kScheme.size());
    if (rest.starts_with("localhost/")) {
        rest.remove_prefix(std::string_view("localhost").size());
    }
    if (!rest.starts_with('/')) {
        return std::nullopt; // file://host/path: another machine's file
    }
    const std::string_view path = rest.substr(0, rest.find_first_of("?#"));
    std::string decoded;
    decoded.reserve(path.size());
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path[i] != '%') {
            decoded += path[i];
            continue;
        }
        const int high = i + 2 < path.size() ? hexValue(path[i + 1]) : -1;
        const int low = i + 2 < path.size() ? hexValue(path[i + 2]) : -1;
        if (high < 0 || low < 0 || (high == 0 && low == 0)) {
            return std::nullopt; // "%zz", a cut escape, or a NUL inside a path
        }
        decoded += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return decoded;
}

std::string_view thumbnailHelp() {
    static const std::string kHelp = [] {
        std::string help(kThumbnailIntro);
        help += options::helpEntries(options::kThumbnail, {"--size", "--timeout", "--bones"});
        help += options::unlistedHelpEntries(options::kThumbnail, help);
        return help + std::string(kThumbnailExitStatus);
    }();
    return kHelp;
}

ParsedThumbnail parseThumbnailArguments(std::span<const std::string_view> arguments,
                                        std::ostream& out, std::ostream& err) {
    const Usage usage{err};
    const std::vector<std::string_view> normalized =
        cli::withTableFlags(arguments, options::kThumbnail);
    const auto parsed =
        cli::parseArguments(normalized, cli::tableArgumentSpec(options::kThumbnail), err);
    if (!parsed) {
        err << "(see bvhscope thumbnail --help)\n";
        return {std::nullopt, cli::kExitUsage};
    }
    if (auto answered = cli::answerHelpOrVersion(*parsed, thumbnailHelp(), out)) {
        return {std::nullopt, *answered};
    }
    if (parsed->positional.size() != 2) {
        return usage.fail("an INPUT file and an OUTPUT image are needed");
    }
    ThumbnailRequest request;
    const auto input = localPathFromArgument(parsed->positional[0]);
    if (!input || input->empty()) {
        return usage.fail("'" + parsed->positional[0] + "' is not a path or a local file:// URI");
    }
    const auto output = localPathFromArgument(parsed->positional[1]);
    if (!output || output->empty()) {
        return usage.fail("'" + parsed->positional[1] + "' is not a path or a local file:// URI");
    }
    request.input = *input;
    request.output = *output;
    for (const std::string& error :
         {cli::readTableNumber(*parsed, options::kThumbnailSize, request.size),
          cli::readTableNumber(*parsed, options::kThumbnailTimeout, request.timeoutSeconds)}) {
        if (!error.empty()) {
            return usage.fail(error);
        }
    }
    if (const auto text = parsed->option("--bones")) {
        const std::optional<render::BoneStyle> style = scene::boneStyleNamed(*text);
        if (!style) {
            return usage.fail("--bones must be " + std::string(scene::kBoneStyleChoices) +
                              ", not '" + std::string(*text) + "'");
        }
        request.boneStyle = *style;
    }
    return {request, std::nullopt};
}

int runThumbnail(std::span<const std::string_view> arguments, std::ostream& out,
                 std::ostream& err) {
    ParsedThumbnail parsed = parseThumbnailArguments(arguments, out, err);
    if (!parsed.request) {
        return parsed.exitCode.value_or(cli::kExitUsage);
    }
    // A file manager that gives up on a thumbnailer ends it with SIGTERM: the PNG's temporary
    // file goes with it.
    bvh::removeTemporaryFilesOnTerminationSignals();
    TimeUpStage seam = TimeUpStage::None;
    if (const char* stage = std::getenv(kThumbnailTimeUpSeam); stage != nullptr) {
        const std::optional<TimeUpStage> named = timeUpStageNamed(stage);
        if (!named) {
            err << "bvhscope thumbnail: " << kThumbnailTimeUpSeam << "='" << stage
                << "' names no stage of the test seam (thumbnail_watchdog.h)\n";
            return cli::kExitUsage;
        }
        seam = *named;
    }
    Watchdog watchdog(parsed.request->timeoutSeconds, seam);
    return drawThumbnail(*parsed.request, watchdog, err);
}

} // namespace bvhscope::headless
