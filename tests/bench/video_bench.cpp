// Writing a rendered clip as a PNG sequence or as a video (issue 18: writing an MP4 at 1280x720
// may cost at most 30 % more than writing the PNG sequence of the same frames). Two views:
//   BM_Write*   the same 60 pictures of the bundled walk (drawn once by `bvhscope render`),
//               encoded and written: the cost of the output alone;
//   BM_EncodePng one of those pictures encoded as PNG, in memory: the encoder alone;
//   BM_Render*  `bvhscope render` end to end, in-process (load, draw through EGL, read back,
//               encode, write), as a user runs it.
// CPU time is the whole process's (every thread: x264 and libvpx encode on threads of their
// own), so it is the work done whatever else the machine runs; wall time is what a user waits.
// Figures are in the README (Performance); no timing is asserted anywhere.
#include "app/headless/render_command.h"
#include "app/media/video_encoder.h"
#include "core/platform/atomic_file.h"
#include "render/gl/frame_capture.h"
#include "tests/support/png_pixels.h"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

constexpr int kWidth = 1280;
constexpr int kHeight = 720;
constexpr int kFrames = 60;

// This run's scratch folder, removed when the benchmark program ends.
const fs::path& scratchRoot() {
    static const struct Root {
        fs::path path =
            fs::temp_directory_path() / ("bvhscope_video_bench_" + std::to_string(::getpid()));
        ~Root() {
            std::error_code error;
            fs::remove_all(path, error);
        }
    } root;
    return root.path;
}

fs::path scratch(const std::string& name) {
    const fs::path path = scratchRoot() / name;
    fs::create_directories(path);
    return path;
}

std::string sample() {
    return std::string(BVHSCOPE_SOURCE_DIR) + "/assets/sample_walk.bvh";
}

int render(std::vector<std::string> arguments) {
    arguments.insert(arguments.begin(), sample());
    std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::ostringstream out;
    std::ostringstream err;
    return bvhscope::headless::runRender(views, out, err);
}

// The walk's frames 0 to 59 at 1280x720 as bvhscope draws them (label included), RGBA.
const std::vector<bvhscope::render::Image>& pictures() {
    static const std::vector<bvhscope::render::Image> images = [] {
        std::vector<bvhscope::render::Image> result;
        const fs::path folder = scratch("pictures");
        if (render({"--frames", "0:59", "--size", "1280x720", "-o",
                    (folder / "f_%02d.png").string()}) != 0) {
            return result;
        }
        for (int frame = 0; frame < kFrames; ++frame) {
            const auto pixels =
                bvhscope::test::loadPng(folder / ("f_" + std::string(frame < 10 ? "0" : "") +
                                                  std::to_string(frame) + ".png"));
            if (!pixels) {
                return std::vector<bvhscope::render::Image>{};
            }
            bvhscope::render::Image image{pixels->width, pixels->height, {}};
            image.rgba.reserve(pixels->rgb.size() / 3 * 4);
            for (std::size_t i = 0; i < pixels->rgb.size(); i += 3) {
                image.rgba.insert(image.rgba.end(),
                                  {pixels->rgb[i], pixels->rgb[i + 1], pixels->rgb[i + 2], 255});
            }
            result.push_back(std::move(image));
        }
        fs::remove_all(folder);
        return result;
    }();
    return images;
}

void BM_WritePngSequence(benchmark::State& state) {
    const auto& images = pictures();
    if (images.empty()) {
        state.SkipWithError("no OpenGL to draw the pictures with");
        return;
    }
    const fs::path folder = scratch("png");
    std::uintmax_t bytes = 0;
    for (auto _ : state) {
        bytes = 0;
        for (std::size_t i = 0; i < images.size(); ++i) {
            const std::string png = bvhscope::render::encodePng(images[i]);
            bvh::AtomicFile file(folder / ("f_" + std::to_string(i) + ".png"));
            file.write(png);
            file.commit();
            bytes += png.size();
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(images.size()));
    state.counters["MB"] = static_cast<double>(bytes) / 1e6;
    fs::remove_all(folder);
}

// The PNG encoding alone, a picture at a time (render/gl/png_encoding.h: filtered, deflated in
// bands on every core): the part of a PNG sequence that was 60 ms and more a frame with stb.
void BM_EncodePng(benchmark::State& state) {
    const auto& images = pictures();
    if (images.empty()) {
        state.SkipWithError("no OpenGL to draw the pictures with");
        return;
    }
    std::size_t bytes = 0;
    std::size_t next = 0;
    for (auto _ : state) {
        const std::string png = bvhscope::render::encodePng(images[next]);
        bytes += png.size();
        next = (next + 1) % images.size();
        benchmark::DoNotOptimize(png.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["KB/picture"] =
        static_cast<double>(bytes) / 1e3 / static_cast<double>(state.iterations());
}

void writeVideo(benchmark::State& state, bvhscope::media::VideoContainer container,
                const char* name) {
    const auto& images = pictures();
    if (images.empty()) {
        state.SkipWithError("no OpenGL to draw the pictures with");
        return;
    }
    const fs::path path = scratch("video") / name;
    bvhscope::media::GifPalette palette;
    if (container == bvhscope::media::VideoContainer::Gif) {
        for (std::size_t i = 0; i < images.size(); i += images.size() / 8) {
            palette.addSample(images[i].rgba);
        }
        palette.build();
    }
    for (auto _ : state) {
        bvhscope::media::VideoSettings settings;
        settings.container = container;
        settings.width = kWidth;
        settings.height = kHeight;
        settings.frameRate = {30, 1};
        settings.palette = &palette;
        std::string error;
        auto encoder = bvhscope::media::VideoEncoder::create(path, settings, error);
        if (!encoder) {
            state.SkipWithError(error.c_str());
            return;
        }
        for (const auto& image : images) {
            encoder->addFrame(image.rgba.data(), image.width * 4);
        }
        if (!encoder->finish()) {
            state.SkipWithError(encoder->error().c_str());
            return;
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(images.size()));
    state.counters["MB"] = static_cast<double>(fs::file_size(path)) / 1e6;
    fs::remove_all(path.parent_path());
}

void BM_WriteMp4(benchmark::State& state) {
    writeVideo(state, bvhscope::media::VideoContainer::Mp4, "clip.mp4");
}
void BM_WriteWebm(benchmark::State& state) {
    writeVideo(state, bvhscope::media::VideoContainer::WebM, "clip.webm");
}
void BM_WriteGif(benchmark::State& state) {
    writeVideo(state, bvhscope::media::VideoContainer::Gif, "clip.gif");
}

void renderEndToEnd(benchmark::State& state, const std::string& output) {
    const fs::path folder = scratch("render");
    for (auto _ : state) {
        if (render({"--frames", "0:59", "--size", "1280x720", "-o", (folder / output).string()}) !=
            0) {
            state.SkipWithError("bvhscope render failed (no OpenGL?)");
            return;
        }
    }
    state.SetItemsProcessed(state.iterations() * kFrames);
    fs::remove_all(folder);
}

void BM_RenderPngSequence(benchmark::State& state) {
    renderEndToEnd(state, "f_%02d.png");
}
void BM_RenderMp4(benchmark::State& state) {
    renderEndToEnd(state, "clip.mp4");
}

BENCHMARK(BM_WritePngSequence)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->MeasureProcessCPUTime();
BENCHMARK(BM_EncodePng)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WriteMp4)->Unit(benchmark::kMillisecond)->Iterations(3)->MeasureProcessCPUTime();
BENCHMARK(BM_WriteWebm)->Unit(benchmark::kMillisecond)->Iterations(2)->MeasureProcessCPUTime();
BENCHMARK(BM_WriteGif)->Unit(benchmark::kMillisecond)->Iterations(3)->MeasureProcessCPUTime();
BENCHMARK(BM_RenderPngSequence)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2)
    ->MeasureProcessCPUTime();
BENCHMARK(BM_RenderMp4)->Unit(benchmark::kMillisecond)->Iterations(2)->MeasureProcessCPUTime();

} // namespace
