// What a file manager pays per thumbnail (`bvhscope thumbnail`, as the thumbnailer runs it: a new
// process with no display), and where that time goes, in-process: the EGL context (Mesa's
// start), the drawer (shader compiles), reading the file, drawing and reading back, PNG.
// The capture is cmu_01_01_assimp.bvh (31 joints, 2752 frames) from ../shared/corpus when
// present, else the bundled walk. Wall clock throughout: a thumbnailer's cost is wall time.
#include "app/folder/folder_summaries.h"
#include "app/pictures/scene_drawing.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "render/gl/frame_capture.h"
#include "render/gl/headless_context.h"
#include "render/gl/image_target.h"
#include "render/gl/texture_target.h"

#include <benchmark/benchmark.h>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace bvhscope::bench {
namespace {

namespace fs = std::filesystem;

fs::path typicalCapture() {
    const fs::path corpus = fs::path(BVHSCOPE_SHARED_DIR) / "corpus" / "cmu_01_01_assimp.bvh";
    return fs::exists(corpus) ? corpus : fs::path(BVHSCOPE_SOURCE_DIR) / "assets/sample_walk.bvh";
}

// The typical capture's thumbnail scene (its summary's pose) with `settings`, as the Browser
// and `bvhscope thumbnail` build it.
pictures::ThumbnailScene typicalThumbnail(const scene::ViewerSettings& settings) {
    bvh::LoadProgress progress;
    folder::FileFacts facts = folder::summarizeFile(typicalCapture(), progress);
    return pictures::thumbnailScene(std::move(*facts.thumbnailPose), &facts, settings);
}

fs::path outputImage() {
    return fs::temp_directory_path() /
           ("bvhscope_thumbnail_bench_" + std::to_string(getpid()) + ".png");
}

// [SECTION] The whole command, as a new process

void BM_ThumbnailProcess(benchmark::State& state) {
    const std::string input = typicalCapture().string();
    const std::string output = outputImage().string();
    const std::string size = std::to_string(state.range(0));
    for (auto _ : state) {
        const pid_t pid = fork();
        if (pid == 0) {
            unsetenv("DISPLAY");
            unsetenv("WAYLAND_DISPLAY");
            execl(BVHSCOPE_EXECUTABLE, BVHSCOPE_EXECUTABLE, "thumbnail", "--size", size.c_str(),
                  input.c_str(), output.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            state.SkipWithError("bvhscope thumbnail failed");
            break;
        }
    }
    fs::remove(output);
    state.SetLabel(typicalCapture().filename().string());
}
BENCHMARK(BM_ThumbnailProcess)
    ->Arg(128)
    ->Arg(256)
    ->Arg(512)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// [SECTION] Its parts, in-process

void BM_ThumbnailEglContext(benchmark::State& state) {
    for (auto _ : state) {
        render::HeadlessContext context;
        if (!context.ok()) {
            state.SkipWithError(context.error().c_str());
            break;
        }
        benchmark::DoNotOptimize(context.renderer());
    }
}
BENCHMARK(BM_ThumbnailEglContext)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ThumbnailDrawerShaders(benchmark::State& state) {
    render::HeadlessContext context;
    if (!context.ok()) {
        state.SkipWithError(context.error().c_str());
        return;
    }
    for (auto _ : state) {
        pictures::SceneDrawer drawer;
        glFinish();
    }
    state.SetLabel(context.renderer());
}
BENCHMARK(BM_ThumbnailDrawerShaders)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ThumbnailReadFile(benchmark::State& state) {
    const fs::path input = typicalCapture();
    for (auto _ : state) {
        bvh::LoadProgress progress;
        folder::FileFacts facts = folder::summarizeFile(input, progress);
        benchmark::DoNotOptimize(facts.thumbnailPose);
    }
    state.SetLabel(input.filename().string() + ", " + std::to_string(fs::file_size(input)) +
                   " bytes");
}
BENCHMARK(BM_ThumbnailReadFile)->Unit(benchmark::kMillisecond)->UseRealTime();

// What the command does once it has read the file, from scratch each time: a new context, the
// drawer's shaders, the first draw (where llvmpipe compiles each pipeline variant to machine
// code, unless Mesa's shader cache has it) and the read-back.
void BM_ThumbnailFirstDraw(benchmark::State& state) {
    const int size = static_cast<int>(state.range(0));
    const scene::ViewerSettings settings;
    const pictures::ThumbnailScene thumbnail = typicalThumbnail(settings);
    for (auto _ : state) {
        render::HeadlessContext context;
        if (!context.ok()) {
            state.SkipWithError(context.error().c_str());
            break;
        }
        pictures::SceneDrawer drawer;
        pictures::SceneDrawOptions options = pictures::thumbnailDrawOptions(settings);
        options.backgroundAlpha = 0.0f;
        options.msaaSamples = 4;
        render::ImageTarget target;
        target.resize(size, size);
        drawer.draw(thumbnail.scene, thumbnail.pose,
                    pictures::thumbnailCamera(thumbnail.scene, thumbnail.pose), std::nullopt,
                    options, size, size, target.framebuffer());
        benchmark::DoNotOptimize(target.readWithAlpha());
    }
}
BENCHMARK(BM_ThumbnailFirstDraw)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

// Drawing and reading back one thumbnail of `size` with `samples` (the command uses 4), again
// and again in one context: the drawing itself, every pipeline variant compiled.
void BM_ThumbnailDraw(benchmark::State& state) {
    const int size = static_cast<int>(state.range(0));
    render::HeadlessContext context;
    if (!context.ok()) {
        state.SkipWithError(context.error().c_str());
        return;
    }
    const scene::ViewerSettings settings;
    const pictures::ThumbnailScene thumbnail = typicalThumbnail(settings);
    pictures::SceneDrawer drawer;
    pictures::SceneDrawOptions options = pictures::thumbnailDrawOptions(settings);
    options.backgroundAlpha = 0.0f;
    options.msaaSamples = static_cast<int>(state.range(1));
    render::ImageTarget target;
    target.resize(size, size);
    for (auto _ : state) {
        drawer.draw(thumbnail.scene, thumbnail.pose,
                    pictures::thumbnailCamera(thumbnail.scene, thumbnail.pose), std::nullopt,
                    options, size, size, target.framebuffer());
        benchmark::DoNotOptimize(target.readWithAlpha());
    }
    state.SetLabel(std::to_string(options.msaaSamples) + "x MSAA");
}
BENCHMARK(BM_ThumbnailDraw)
    ->Args({256, 1})
    ->Args({256, 4})
    ->Args({1024, 1})
    ->Args({1024, 4})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_ThumbnailPng(benchmark::State& state) {
    const int size = static_cast<int>(state.range(0));
    render::Image image;
    image.width = image.height = size;
    image.rgba.assign(static_cast<std::size_t>(size) * size * 4, 0);
    for (std::size_t i = 0; i < image.rgba.size(); i += 4) { // a figure's worth of content
        if ((i / 4) % 7 < 2) {
            image.rgba[i] = 230;
            image.rgba[i + 1] = 140;
            image.rgba[i + 3] = 255;
        }
    }
    for (auto _ : state) {
        benchmark::DoNotOptimize(render::encodePng(image, render::PngAlpha::Keep));
    }
}
BENCHMARK(BM_ThumbnailPng)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

// The Browser's thumbnails (app/viewer/folder/folder_thumbnails.h): 16 of 96 pixels, each drawn
// into a texture of its own as FolderThumbnails draws them, with the look of the default
// settings, glFinish included: what kThumbnailsPerFrame costs a UI frame.
void BM_BrowserThumbnails(benchmark::State& state) {
    render::HeadlessContext context;
    if (!context.ok()) {
        state.SkipWithError(context.error().c_str());
        return;
    }
    const scene::ViewerSettings settings;
    const pictures::ThumbnailScene thumbnail = typicalThumbnail(settings);
    pictures::SceneDrawer drawer;
    const pictures::SceneDrawOptions options = pictures::thumbnailDrawOptions(settings);
    const render::OrbitCamera camera = pictures::thumbnailCamera(thumbnail.scene, thumbnail.pose);
    constexpr int kThumbnails = 16;
    for (auto _ : state) {
        std::vector<render::TextureTarget> targets;
        for (int k = 0; k < kThumbnails; ++k) {
            targets.emplace_back(viewer::kThumbnailSize, viewer::kThumbnailSize);
            drawer.draw(thumbnail.scene, thumbnail.pose, camera, std::nullopt, options,
                        viewer::kThumbnailSize, viewer::kThumbnailSize,
                        targets.back().framebuffer());
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glFinish();
    }
    state.SetItemsProcessed(state.iterations() * kThumbnails);
}
BENCHMARK(BM_BrowserThumbnails)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
} // namespace bvhscope::bench
