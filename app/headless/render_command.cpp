#include "app/headless/render_command.h"

#include "app/cli/command_line.h"
#include "app/headless/contact_sheet.h"
#include "app/headless/png_sequence_output.h"
#include "app/headless/render_plan.h"
#include "app/headless/render_request.h"
#include "app/headless/video_output.h"
#include "app/media/media_features.h"
#include "app/pictures/frame_label.h"
#include "app/pictures/scene_drawing.h"
#include "app/pictures/text_painter.h"
#include "app/scene/framing.h"
#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/writer/input_files.h"
#include "render/gl/headless_context.h"
#include "render/gl/image_target.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::headless {

namespace {

namespace fs = std::filesystem;

// [SECTION] Drawing offscreen

// The context first, then what lives in it (destroyed in reverse order, while it is current).
class OffscreenRenderer {
public:
    OffscreenRenderer() {
        if (!context_.ok()) {
            return;
        }
        drawer_ = std::make_unique<pictures::SceneDrawer>();
        target_ = std::make_unique<render::ImageTarget>();
        GLint maxSize = 0;
        glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &maxSize);
        maxSize_ = maxSize;
    }
    // Empty when ready; otherwise why not.
    std::string error() const {
        if (!context_.ok()) {
            return "no OpenGL 3.3 context without a display: " + context_.error();
        }
        return drawer_->error();
    }
    int maxSize() const { return maxSize_; }

    render::Image draw(const scene::Scene& scene, const scene::ScenePose& pose,
                       const render::OrbitCamera& camera, const scene::SceneOverlays* overlays,
                       render::BoneStyle bones, int width, int height) {
        target_->resize(width, height);
        pictures::SceneDrawOptions options;
        options.boneStyle = bones;
        drawer_->draw(scene, pose, camera, std::nullopt, options, width, height,
                      target_->framebuffer(), overlays);
        return target_->read();
    }

private:
    render::HeadlessContext context_;
    std::unique_ptr<pictures::SceneDrawer> drawer_;
    std::unique_ptr<render::ImageTarget> target_;
    int maxSize_ = 0;
};

// [SECTION] Files in and out

// A figure whose joints all land on one point (core/analysis/stance.h, [SECTION] Ground), or that
// a forced --unit makes too large or too small to draw in floats (the 1e20 walk in --unit m,
// 1.6e20 m tall), draws as nothing: the picture is still written, and this says why it shows no
// figure.
void warnIfFigureNotDrawn(const scene::Character& character, std::ostream& err) {
    for (const std::string& note : scene::figureNotDrawnNotes(character)) {
        err << "bvhscope render: " << note << ": the picture shows no figure\n";
    }
}

// Loads a file as the viewer does, printing every diagnostic as FILE:LINE:COL. The first error
// line comes back in `firstError` when it does not load.
std::optional<scene::Character> loadCharacter(const fs::path& path, const RenderRequest& request,
                                              std::ostream& err, std::string* firstError) {
    bvh::Document document = bvh::loadDocument(path, bvh::everyCoreOptions());
    const std::string name = bvh::utf8FromPath(path);
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        err << bvh::formatDiagnostic(name, diagnostic) << '\n';
        if (firstError != nullptr && firstError->empty() &&
            diagnostic.severity == bvh::Severity::Error) {
            *firstError = diagnostic.line > 0 ? "line " + std::to_string(diagnostic.line) + ": " +
                                                    diagnostic.message
                                              : diagnostic.message;
        }
    }
    if (!document.loaded()) {
        return std::nullopt;
    }
    scene::Character character =
        scene::makeCharacter(bvh::utf8FromPath(path.filename()), name, std::move(document));
    scene::applyAxes(character, request.upAxis, request.unit);
    warnIfFigureNotDrawn(character, err);
    return character;
}

// --bones body: every character's body built now (render draws once and wants it); one that
// cannot be made is drawn with capsules, and says why.
void buildBodies(scene::Scene& scene, const RenderRequest& request, std::ostream& err) {
    if (request.boneStyle != render::BoneStyle::Body) {
        return;
    }
    for (const std::string& message :
         scene::requestBodies(scene, scene::BodyBuild::Wait::Yes, request.bodyGridPhase)) {
        err << "bvhscope render: " << message << '\n';
    }
}

// The look the overlays take (ghosts are bodies in the body look).
scene::SceneLook sceneLook(const RenderRequest& request) {
    scene::SceneLook look;
    look.bodies = request.boneStyle == render::BoneStyle::Body;
    return look;
}

bool writeImage(const fs::path& path, const render::Image& image, std::ostream& err) {
    const std::vector<std::string> problems = writePngAtomically(path, image);
    for (const std::string& problem : problems) {
        err << "bvhscope render: " << problem << '\n';
    }
    return problems.empty();
}

// [SECTION] Camera

render::OrbitCamera baseCamera(const RenderRequest& request) {
    render::OrbitCamera camera;
    camera.yawRadians = request.yawRadians;
    camera.pitchRadians = request.pitchRadians;
    camera.verticalFovRadians = request.fieldOfViewRadians;
    return camera;
}

// The camera for the figure in `pose`: its front three-quarters unless --yaw was given, framed
// to fill `rows` of the picture.
render::OrbitCamera figureCamera(const scene::Scene& scene, const scene::ScenePose& pose,
                                 const RenderRequest& request, float aspect,
                                 scene::FramedRows rows) {
    render::OrbitCamera camera = baseCamera(request);
    scene::frameFigures(camera, scene, pose, aspect, !request.yawGiven, rows);
    return camera;
}

// The rows of the picture the frame label (with --no-overlay: nothing) leaves free for the
// figures: the label stays over the ground or the sky, never over a head.
scene::FramedRows rowsFreeOfFrameLabel(const RenderRequest& request,
                                       const pictures::TextPainter& text) {
    if (!request.frameOverlay) {
        return {};
    }
    return scene::rowsFreeOfLabels(request.height,
                                   pictures::frameLabelCoveredRows(request.height, text), 0);
}

// [SECTION] Files: an image, a sequence or a video

// The inputs loaded into `scene` (overlaid as captured with --overlaid, bodies built for
// --bones body) and their timings into `timings`. False when one does not load: its
// diagnostics are on `err`.
bool loadRenderScene(const RenderRequest& request, const std::vector<fs::path>& inputs,
                     scene::Scene& scene, std::vector<ClipTiming>& timings, std::ostream& err) {
    for (const fs::path& input : inputs) {
        std::optional<scene::Character> character = loadCharacter(input, request, err, nullptr);
        if (!character) {
            return false;
        }
        const bvh::Motion& motion = character->clip->document.motion;
        timings.push_back({character->clip->displayName, motion.frameCount, motion.frameTime});
        scene.add(std::move(*character));
    }
    if (request.overlaid) {
        for (scene::Character& character : scene.characters()) {
            scene::placeAsCaptured(character); // overlaid as captured, travel included
        }
    }
    buildBodies(scene, request, err);
    return true;
}

// Every output name checked against the inputs and, for a video, the sound it takes (`audio`,
// resolved here). Empty when all is well, else the problem.
std::string checkRenderOutputs(const RenderRequest& request, const RenderPlan& plan,
                               const std::vector<fs::path>& inputs, std::optional<fs::path>& audio,
                               std::ostream& err) {
    bvh::InputFiles inputFiles;
    for (const fs::path& input : inputs) {
        inputFiles.add(input, inputs.size() == 1 ? "the input file" : "an input file");
    }
    if (plan.video) {
        audio = resolveAudio(request, inputs.front(), err);
        if (audio) {
            inputFiles.add(*audio, "the --audio file");
        }
    }
    return checkOutputNames(request, plan, inputFiles);
}

// The camera of the first picture: the figure's front three-quarters as it stands at the first
// image unless --yaw was given, framing the motion of the whole clip.
render::OrbitCamera firstRenderCamera(const scene::Scene& scene, const RenderRequest& request,
                                      const RenderPlan& plan, float aspect) {
    render::OrbitCamera camera = baseCamera(request);
    if (!request.yawGiven) {
        scene::ScenePose pose;
        scene.sample(static_cast<double>(plan.span.first) * plan.frameTime,
                     bvh::Interpolation::Nearest, false, pose);
        if (const std::optional<glm::vec3> facing = scene::sceneFacing(scene, pose)) {
            camera.yawRadians = scene::frontThreeQuarterYaw(*facing).value_or(camera.yawRadians);
        }
    }
    render::frameBounds(camera, scene.motionBounds(), aspect);
    return camera;
}

using ShotDrawing = std::function<render::Image(const VideoShot&)>;

// Writes the plan's pictures, each drawn by `drawShot`: a video, or PNG files encoded and
// written on a worker while the next one is drawn. The exit status.
int writeRenderShots(const RenderRequest& request, const RenderPlan& plan,
                     const std::optional<fs::path>& audio, const ShotDrawing& drawShot,
                     std::ostream& err) {
    std::unique_ptr<VideoOutput> video;
    if (plan.video) {
        video = VideoOutput::open(request, *plan.video, audio, drawShot, err);
        if (!video) {
            return cli::kExitFileError;
        }
    }
    std::optional<PngSequenceOutput> pictures;
    if (!video) {
        pictures.emplace();
    }
    for (std::int64_t k = 0; k < plan.pictureCount(); ++k) {
        render::Image image = drawShot(plan.shot(k));
        const bool written = video ? video->add(image, err)
                                   : pictures->add(bvh::pathFromUtf8(outputName(request, plan, k)),
                                                   std::move(image), err);
        if (!written) {
            return cli::kExitFileError; // the same directory will fail again for the next frame
        }
    }
    const bool finished = video ? video->finish(err) : pictures->finish(err);
    return finished ? cli::kExitOk : cli::kExitFileError;
}

int renderFiles(const RenderRequest& request, std::ostream& err) {
    std::vector<fs::path> inputs{bvh::pathFromUtf8(request.input)};
    for (const std::string& compared : request.comparedInputs) {
        inputs.push_back(bvh::pathFromUtf8(compared));
    }
    scene::Scene scene;
    std::vector<ClipTiming> timings;
    if (!loadRenderScene(request, inputs, scene, timings, err)) {
        return cli::kExitFileError;
    }

    // What is drawn and written, decided before any picture: the frames, how many pictures
    // (bounded), a video's rate and shots, and every output name checked against the inputs.
    std::string planError;
    const std::optional<RenderPlan> plan = planRender(request, timings, planError);
    if (!plan) {
        err << "bvhscope render: " << planError << '\n';
        return cli::kExitUsage;
    }
    std::optional<fs::path> audio;
    if (const std::string problem = checkRenderOutputs(request, *plan, inputs, audio, err);
        !problem.empty()) {
        err << "bvhscope render: " << problem << '\n';
        return cli::kExitUsage;
    }

    OffscreenRenderer renderer;
    if (const std::string error = renderer.error(); !error.empty()) {
        err << "bvhscope render: " << error << '\n';
        return cli::kExitFileError;
    }
    if (std::max(request.width, request.height) > renderer.maxSize()) {
        err << "bvhscope render: " << request.width << "x" << request.height
            << " is larger than this driver's limit of " << renderer.maxSize() << '\n';
        return cli::kExitUsage;
    }

    const float aspect = static_cast<float>(request.width) / static_cast<float>(request.height);
    const CameraMode cameraMode = request.cameraMode();
    render::OrbitCamera camera = firstRenderCamera(scene, request, *plan, aspect);
    // Follow: one distance and height that keep every figure whole over the clip, aimed at
    // their roots as they move (app/scene/framing.h, as the viewer's follow and video export).
    pictures::TextPainter text;
    const scene::FramedRows rows = rowsFreeOfFrameLabel(request, text);
    std::optional<scene::FollowFraming> follow;
    if (cameraMode == CameraMode::Follow) {
        follow = scene::frameFollow(scene, camera, aspect, 0.0, scene.duration(), rows);
    }
    // Between frames (a video at another rate) poses are interpolated, as playback does.
    const bvh::Interpolation interpolation =
        plan->interpolated() ? bvh::Interpolation::Linear : bvh::Interpolation::Nearest;

    scene::OverlayBuilder overlayBuilder;
    scene::SceneOverlays overlays;
    scene::ScenePose pose;
    const auto drawShot = [&](const VideoShot& shot) {
        scene.sample(shot.timeSeconds, interpolation, false, pose);
        if (follow) {
            camera = scene::followCamera(*follow, scene, pose);
        } else if (cameraMode == CameraMode::Figure) {
            render::OrbitCamera framed = camera;
            scene::frameFigures(framed, scene, pose, aspect, false, rows); // the first's yaw
            camera = framed;
        }
        overlayBuilder.build(scene, pose, std::nullopt, request.overlays, sceneLook(request),
                             shot.timeSeconds, overlays);
        render::Image image = renderer.draw(scene, pose, camera, &overlays, request.boneStyle,
                                            request.width, request.height);
        if (request.frameOverlay) {
            pictures::stampFrameLabel(
                image, text,
                pictures::frameLabel(plan->title, shot.frame, plan->lastFrame, plan->frameTime));
        }
        return image;
    };
    return writeRenderShots(request, *plan, audio, drawShot, err);
}

// [SECTION] A folder: the contact sheet

int renderContactSheet(const RenderRequest& request, std::ostream& err) {
    const fs::path folder = bvh::pathFromUtf8(request.input);
    std::string error;
    const std::vector<fs::path> files = bvhFilesIn(folder, error);
    if (!error.empty()) {
        err << bvh::utf8FromPath(folder) << ": error: " << error << '\n';
        return cli::kExitFileError;
    }
    if (files.empty()) {
        err << bvh::utf8FromPath(folder) << ": error: no .bvh files in this folder\n";
        return cli::kExitFileError;
    }
    const SheetLayout layout = sheetLayout(static_cast<int>(files.size()), request.columns,
                                           request.tileWidth, request.tileHeight);
    if (std::int64_t{layout.width()} * layout.height() > kMaxSheetPixels) {
        err << "bvhscope render: a sheet of " << layout.width() << "x" << layout.height()
            << " pixels is too large; use fewer or smaller tiles (--tile, --columns)\n";
        return cli::kExitUsage;
    }
    const fs::path output = bvh::pathFromUtf8(request.pattern.format(0));
    bvh::InputFiles inputs;
    for (const fs::path& file : files) {
        inputs.add(file, "an input file");
    }
    if (const std::string refusal = inputs.refusal(output); !refusal.empty()) {
        err << "bvhscope render: " << refusal << '\n';
        return cli::kExitUsage;
    }

    OffscreenRenderer renderer;
    if (const std::string problem = renderer.error(); !problem.empty()) {
        err << "bvhscope render: " << problem << '\n';
        return cli::kExitFileError;
    }
    pictures::TextPainter text;
    render::Image sheet;
    sheet.width = layout.width();
    sheet.height = layout.height();
    sheet.rgba.assign(static_cast<std::size_t>(sheet.width) * sheet.height * 4, 0);
    pictures::fillRectangle(sheet, 0, 0, sheet.width, sheet.height,
                            pictures::Rgba{20, 21, 24, 255});
    const float aspect =
        static_cast<float>(layout.tileWidth) / static_cast<float>(layout.tileHeight);
    // Each tile's figure stands above its name plate.
    const scene::FramedRows tileRows =
        scene::rowsFreeOfLabels(layout.tileHeight, 0, tileLabelRows(layout.tileHeight, text));

    int status = cli::kExitOk;
    scene::OverlayBuilder overlayBuilder;
    scene::SceneOverlays overlays;
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string name = bvh::utf8FromPath(files[i].filename());
        std::string firstError;
        std::optional<scene::Character> character =
            loadCharacter(files[i], request, err, &firstError);
        render::Image tile;
        if (!character) {
            status = cli::kExitFileError;
            tile = failedTile(layout.tileWidth, layout.tileHeight, text, name,
                              firstError.empty() ? "no skeleton" : firstError);
        } else {
            scene::Scene scene;
            scene.add(std::move(*character));
            buildBodies(scene, request, err);
            const scene::Character& shown = scene.characters().front();
            const std::int64_t lastFrame =
                std::max<std::int64_t>(shown.clip->document.motion.frameCount, 1) - 1;
            const std::int64_t frame = std::min(request.frame, lastFrame);
            const double time = static_cast<double>(frame) * shown.clip->document.motion.frameTime;
            scene::ScenePose pose;
            scene.sample(time, bvh::Interpolation::Nearest, false, pose);
            render::OrbitCamera camera = baseCamera(request);
            if (request.cameraMode() == CameraMode::Clip) {
                render::frameBounds(camera, scene.motionBounds(), aspect);
            } else {
                camera = figureCamera(scene, pose, request, aspect, tileRows);
            }
            overlayBuilder.build(scene, pose, std::nullopt, request.overlays, sceneLook(request),
                                 time, overlays);
            tile = renderer.draw(scene, pose, camera, &overlays, request.boneStyle,
                                 layout.tileWidth, layout.tileHeight);
            labelTile(
                tile, text, name,
                pictures::shortFrameLabel(frame, lastFrame, shown.clip->document.motion.frameTime),
                false);
        }
        pasteImage(sheet, tile, layout.tileX(static_cast<int>(i)),
                   layout.tileY(static_cast<int>(i)));
    }
    if (!writeImage(output, sheet, err)) {
        return cli::kExitFileError;
    }
    return status;
}

} // namespace

int runRender(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    ParsedRender parsed = parseRenderArguments(arguments, out, err);
    if (!parsed.request) {
        return parsed.exitCode.value_or(cli::kExitUsage);
    }
    if (parsed.request->mode == RenderMode::ContactSheet) {
        return renderContactSheet(*parsed.request, err);
    }
    if (parsed.request->mode == RenderMode::Video && !media::videoAvailable()) {
        err << "bvhscope render: " << media::kNoVideoMessage
            << "; render PNG frames instead (-o NAME_%04d.png --frames A:B)\n";
        return cli::kExitUsage;
    }
    // A temporary file (a PNG, a video) is removed when Ctrl+C or a kill ends the command.
    bvh::removeTemporaryFilesOnTerminationSignals();
    return renderFiles(*parsed.request, err);
}

} // namespace bvhscope::headless
