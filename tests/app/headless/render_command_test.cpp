// `bvhscope render` end to end, as a child process with no DISPLAY: every test here proves the
// headless (EGL) path, whatever X server the suite itself runs under.
#include "app/headless/contact_sheet.h"
#include "app/pictures/text_painter.h"
#include "app/scene/framing.h"
#include "app/scene/scene.h"
#include "app/scene/settings.h"
#include "app/viewer/io/file_loading.h"
#include "core/analysis/foot_contacts.h"
#include "render/math/grid_layout.h"
#include "tests/app/headless/headless_test_support.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <memory>
#include <set>

namespace bvhscope::headless::test {
namespace {

namespace fs = std::filesystem;

// The viewer's scene and camera for a file as `render` frames it at `frame`: by default the
// figure as it stands there from its front three-quarters (app/scene/framing.h), or with
// `--camera clip` the whole clip from the default view.
struct ExpectedView {
    scene::Scene scene;
    scene::ScenePose pose; // the scene at `frame`
    render::OrbitCamera camera;
    glm::vec2 viewport;
};

enum class Framing { Figure, Clip };

std::unique_ptr<ExpectedView> expectedView(const std::string& file, int frame, int width,
                                           int height, Framing framing = Framing::Clip) {
    viewer::LoadOutcome loaded = viewer::loadCharacterFile(file);
    if (!loaded.character) {
        return nullptr;
    }
    auto view = std::make_unique<ExpectedView>();
    view->scene.add(std::move(*loaded.character));
    view->viewport = glm::vec2(width, height);
    const float aspect = static_cast<float>(width) / static_cast<float>(height);
    view->scene.sample(frame * view->scene.frameTime(), bvh::Interpolation::Nearest, false,
                       view->pose);
    if (framing == Framing::Clip) {
        render::frameBounds(view->camera, view->scene.motionBounds(), aspect);
    } else {
        scene::frameFigures(view->camera, view->scene, view->pose, aspect, true);
    }
    return view;
}

bool warm(const std::uint8_t* rgb) {
    return rgb[0] > rgb[2] + 30; // characters are orange first; floor and sky are cool greys
}

// [SECTION] One image

struct ImageCase {
    const char* file;
    int frame;
};

class RenderImage : public testing::TestWithParam<ImageCase> {};

TEST_P(RenderImage, JointsAreDrawnWhereTheyProjectAndBackgroundElsewhere) {
    const TempDir dir;
    const std::string file = sourceFile(GetParam().file);
    const fs::path png = dir.path() / "shot.png";
    const RunResult run =
        runBvhscope(dir, {"render", file, "-o", png.string(), "--frame",
                          std::to_string(GetParam().frame), "--size", "800x450", "--no-overlay"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto pixels = loadPng(png);
    ASSERT_TRUE(pixels.has_value());
    EXPECT_EQ(pixels->width, 800);
    EXPECT_EQ(pixels->height, 450);

    const auto view = expectedView(file, GetParam().frame, 800, 450, Framing::Figure);
    ASSERT_TRUE(view);
    const scene::Character& character = view->scene.characters().front();
    const std::vector<glm::vec3>& positions = view->pose.characters.front().viewerPositions;
    int checked = 0;
    float top = 1e9f;
    float bottom = -1e9f;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (character.clip->document.skeleton.isEndSite[i] != 0) {
            continue;
        }
        const auto pixel = render::projectToPixel(view->camera, view->viewport, positions[i]);
        ASSERT_TRUE(pixel.has_value());
        const int x = static_cast<int>(pixel->x);
        const int y = static_cast<int>(pixel->y);
        ASSERT_TRUE(pixels->inside(x, y)) << "framing left a joint outside the image";
        top = std::min(top, pixel->y);
        bottom = std::max(bottom, pixel->y);
        const std::uint8_t* rgb = pixels->at(x, y);
        EXPECT_TRUE(warm(rgb)) << character.clip->document.skeleton.names[i] << " at " << x << ","
                               << y << ": " << int(rgb[0]) << " " << int(rgb[1]) << " "
                               << int(rgb[2]);
        ++checked;
    }
    EXPECT_GE(checked, 8);
    // Issue 16: the figure fills a good part of the picture (joints only: the head's top and the
    // toes' tips are End Sites, so the drawn figure is taller still).
    EXPECT_GE(bottom - top, 0.35f * 450.0f) << "the figure is " << bottom - top << " px tall";

    // Above the figure: the background colour, exactly as the viewer clears.
    const glm::vec3 background = scene::ViewerSettings{}.backgroundColor * 255.0f;
    for (const int x : {3, 400, 796}) {
        const std::uint8_t* rgb = pixels->at(x, 2);
        EXPECT_NEAR(rgb[0], background.r, 2.0f) << "x " << x;
        EXPECT_NEAR(rgb[1], background.g, 2.0f) << "x " << x;
        EXPECT_NEAR(rgb[2], background.b, 2.0f) << "x " << x;
    }
}

INSTANTIATE_TEST_SUITE_P(KnownFiles, RenderImage,
                         testing::Values(ImageCase{"assets/sample_walk.bvh", 20},
                                         ImageCase{"tests/data/seed_cmu_example.bvh", 1},
                                         ImageCase{"tests/data/seed_character_studio_example.bvh",
                                                   0}),
                         [](const testing::TestParamInfo<ImageCase>& info) {
                             return fs::path(info.param.file).stem().string() + "_frame" +
                                    std::to_string(info.param.frame);
                         });

// [SECTION] Labels over the picture

// The figure's own orange, also under the labels' translucent black; the X axis's red line on
// the ground (green and blue about equal) and the cool greys are not.
bool figureOrange(const std::uint8_t* rgb) {
    return rgb[0] > rgb[1] + 25 && rgb[1] > rgb[2] + 20;
}

// The rows [first, last) of the image that hold a figure pixel: {first row, last row + 1}, or
// {-1, -1} when none does.
std::pair<int, int> figureRows(const Pixels& pixels) {
    std::pair<int, int> rows{-1, -1};
    for (int y = 0; y < pixels.height; ++y) {
        for (int x = 0; x < pixels.width; ++x) {
            if (figureOrange(pixels.at(x, y))) {
                rows.first = rows.first < 0 ? y : rows.first;
                rows.second = y + 1;
                break;
            }
        }
    }
    return rows;
}

// A portrait picture: the frame label is wider than half of it, so framed in the whole picture
// the walker's head stood under the label (its top at row 38 of 640, the label down to row 92).
// Framed in the rows the label leaves free, the figure starts below the label and still fills
// those rows as it filled the picture.
TEST(RenderLabels, TheFrameLabelCoversNoPartOfTheFigure) {
    const TempDir dir;
    const fs::path png = dir.path() / "tall.png";
    const RunResult run = runBvhscope(dir, {"render", sourceFile("assets/sample_walk.bvh"), "-o",
                                            png.string(), "--frame", "20", "--size", "360x640"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto pixels = loadPng(png);
    ASSERT_TRUE(pixels.has_value());
    const pictures::TextPainter text;
    const int covered = pictures::frameLabelCoveredRows(640, text);
    ASSERT_GT(covered, 60) << "the label is 2 lines of a 2x font: the case this test is for";
    const auto [first, last] = figureRows(*pixels);
    ASSERT_GE(first, 0) << "no figure drawn";
    EXPECT_GE(first, covered) << "the figure reaches under the label";
    EXPECT_GE(last - first, static_cast<int>(0.75f * static_cast<float>(640 - covered)))
        << "the figure no longer fills the rows left to it";
}

// A contact sheet's tile: the name plate lies over the tile's bottom, and the figure stands
// above it (framed in the whole tile, the walker's feet reached row 167 of 180, the plate
// starting at row 145).
TEST(RenderLabels, AContactSheetsNamePlateCoversNoPartOfTheFigure) {
    const TempDir dir;
    const fs::path folder = dir.path() / "clips";
    fs::create_directories(folder);
    fs::copy_file(sourceFile("assets/sample_walk.bvh"), folder / "walk.bvh");
    const fs::path sheet = dir.path() / "sheet.png";
    const RunResult run = runBvhscope(dir, {"render", "--contact-sheet", folder.string(), "-o",
                                            sheet.string(), "--tile", "240x180", "--frame", "20"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto pixels = loadPng(sheet);
    ASSERT_TRUE(pixels.has_value());
    ASSERT_EQ(pixels->height, 180);
    const pictures::TextPainter text;
    const int plateTop = 180 - tileLabelRows(180, text);
    const auto [first, last] = figureRows(*pixels);
    ASSERT_GE(first, 0) << "no figure drawn";
    EXPECT_LE(last, plateTop) << "the figure reaches under the name plate";
    EXPECT_GE(last - first, static_cast<int>(0.75f * static_cast<float>(plateTop)));
}

// [SECTION] Sequences

TEST(RenderSequence, WritesExactlyTheFramesAskedEachDifferent) {
    const TempDir dir;
    const fs::path out = dir.path() / "seq";
    fs::create_directories(out);
    const RunResult run =
        runBvhscope(dir, {"render", sourceFile("assets/sample_walk.bvh"), "--frames", "10:14", "-o",
                          (out / "walk_%03d.png").string(), "--size", "320x180", "--no-overlay"});
    ASSERT_EQ(run.status, 0) << run.err;
    std::set<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(out)) {
        names.insert(entry.path().filename().string());
    }
    EXPECT_EQ(names, (std::set<std::string>{"walk_010.png", "walk_011.png", "walk_012.png",
                                            "walk_013.png", "walk_014.png"}));
    std::optional<Pixels> previous;
    for (const std::string& name : names) {
        auto pixels = loadPng(out / name);
        ASSERT_TRUE(pixels.has_value()) << name;
        if (previous) {
            int changed = 0;
            for (int y = 0; y < pixels->height; ++y) {
                for (int x = 0; x < pixels->width; ++x) {
                    changed += pixelDifference(*previous, *pixels, x, y) > 30;
                }
            }
            EXPECT_GT(changed, 30) << name << " looks like the frame before it";
        }
        previous = std::move(pixels);
    }
}

TEST(RenderSequence, AnOpenRangeRunsToTheLastFrame) {
    const TempDir dir;
    const RunResult run =
        runBvhscope(dir, {"render", sourceFile("tests/data/seed_cmu_example.bvh"), "--frames",
                          "2:", "-o", (dir.path() / "f%d.png").string(), "--size", "64x64"});
    ASSERT_EQ(run.status, 0) << run.err;
    // The seed CMU sample has 4 frames (it declares 344): 2 and 3 are written, nothing else.
    EXPECT_FALSE(fs::exists(dir.path() / "f1.png"));
    EXPECT_TRUE(fs::exists(dir.path() / "f2.png"));
    EXPECT_TRUE(fs::exists(dir.path() / "f3.png"));
    EXPECT_FALSE(fs::exists(dir.path() / "f4.png"));
}

// [SECTION] The frame overlay

TEST(RenderOverlay, DrawsTextInTheTopLeftCornerOnly) {
    const TempDir dir;
    const std::string file = sourceFile("assets/sample_walk.bvh");
    const fs::path with = dir.path() / "with.png";
    const fs::path without = dir.path() / "without.png";
    // Both with the whole clip's framing, which the label does not move (the figure's own
    // framing keeps it below the label: RenderLabels below).
    ASSERT_EQ(runBvhscope(dir, {"render", file, "--frame", "12", "-o", with.string(), "--size",
                                "640x360", "--camera", "clip"})
                  .status,
              0);
    ASSERT_EQ(runBvhscope(dir, {"render", file, "--frame", "12", "-o", without.string(), "--size",
                                "640x360", "--no-overlay", "--camera", "clip"})
                  .status,
              0);
    const auto a = loadPng(with);
    const auto b = loadPng(without);
    ASSERT_TRUE(a && b);
    int changedInCorner = 0;
    int whiteInCorner = 0;
    int changedElsewhere = 0;
    for (int y = 0; y < a->height; ++y) {
        for (int x = 0; x < a->width; ++x) {
            const bool corner = x < a->width / 2 && y < a->height / 4;
            const bool changed = pixelDifference(*a, *b, x, y) > 0;
            (corner ? changedInCorner : changedElsewhere) += changed;
            const std::uint8_t* rgb = a->at(x, y);
            whiteInCorner += corner && rgb[0] > 200 && rgb[1] > 200 && rgb[2] > 200;
        }
    }
    EXPECT_GT(changedInCorner, 1000); // the plate and its text
    EXPECT_GT(whiteInCorner, 100);    // the file name is white
    EXPECT_EQ(changedElsewhere, 0);   // the drawing itself is the same
}

// [SECTION] Overlays: trails, ghosts, contacts

struct OverlayImages {
    std::optional<Pixels> plain;
    std::optional<Pixels> overlaid;
};

OverlayImages renderWithAndWithout(const TempDir& dir, const std::string& file, int frame,
                                   const std::vector<std::string>& options) {
    // The whole clip's framing: the overlays reach frames the figure's own framing leaves out.
    std::vector<std::string> base = {"render", file,      "--frame",      std::to_string(frame),
                                     "--size", "800x450", "--no-overlay", "--camera",
                                     "clip",   "--yaw",   "28.6479",      "-o"};
    std::vector<std::string> plain = base;
    plain.push_back((dir.path() / "plain.png").string());
    std::vector<std::string> overlaid = base;
    overlaid.push_back((dir.path() / "overlaid.png").string());
    overlaid.insert(overlaid.end(), options.begin(), options.end());
    OverlayImages images;
    if (runBvhscope(dir, plain).status == 0) {
        images.plain = loadPng(dir.path() / "plain.png");
    }
    const RunResult run = runBvhscope(dir, overlaid);
    EXPECT_EQ(run.status, 0) << run.err;
    if (run.status == 0) {
        images.overlaid = loadPng(dir.path() / "overlaid.png");
    }
    return images;
}

TEST(RenderOverlays, TheTrailIsDrawnAlongTheRootsPath) {
    const TempDir dir;
    const std::string file = sourceFile("assets/sample_walk.bvh");
    constexpr int kFrame = 32;
    const OverlayImages images =
        renderWithAndWithout(dir, file, kFrame, {"--trail", "--trail-frames", "30"});
    ASSERT_TRUE(images.plain && images.overlaid);
    const auto view = expectedView(file, kFrame, 800, 450);
    ASSERT_TRUE(view);
    int sampled = 0;
    int drawn = 0;
    // Frames 5 to 20 away from the current one: off the body, and at least 40 % opaque.
    for (int frame = kFrame - 20; frame <= kFrame + 20; ++frame) {
        if (std::abs(frame - kFrame) < 5) {
            continue;
        }
        view->scene.sample(frame * view->scene.frameTime(), bvh::Interpolation::Nearest, false,
                           view->pose);
        const glm::vec3 root = view->pose.characters.front().viewerPositions.front();
        const auto pixel = render::projectToPixel(view->camera, view->viewport, root);
        ASSERT_TRUE(pixel.has_value());
        ++sampled;
        drawn += pixelDifference(*images.plain, *images.overlaid, static_cast<int>(pixel->x),
                                 static_cast<int>(pixel->y)) > 30;
    }
    EXPECT_GE(drawn, sampled * 8 / 10) << drawn << " of " << sampled << " trail points drawn";
    // Far from the path (the image's top corners) nothing changed.
    EXPECT_EQ(pixelDifference(*images.plain, *images.overlaid, 5, 5), 0);
    EXPECT_EQ(pixelDifference(*images.plain, *images.overlaid, 794, 5), 0);
}

TEST(RenderOverlays, GhostsAreDrawnWhereTheirPosesProject) {
    const TempDir dir;
    const std::string file = sourceFile("assets/sample_walk.bvh");
    constexpr int kFrame = 32;
    constexpr int kStep = 16;
    const OverlayImages images = renderWithAndWithout(
        dir, file, kFrame, {"--ghosts", "1", "--ghost-step", std::to_string(kStep)});
    ASSERT_TRUE(images.plain && images.overlaid);
    const auto view = expectedView(file, kFrame, 800, 450);
    ASSERT_TRUE(view);
    for (const int frame : {kFrame - kStep, kFrame + kStep}) {
        view->scene.sample(frame * view->scene.frameTime(), bvh::Interpolation::Nearest, false,
                           view->pose);
        const scene::Character& character = view->scene.characters().front();
        const std::vector<glm::vec3>& positions = view->pose.characters.front().viewerPositions;
        int sampled = 0;
        int drawn = 0;
        for (std::size_t i = 0; i < positions.size(); ++i) {
            if (character.clip->document.skeleton.isEndSite[i] != 0) {
                continue;
            }
            const auto pixel = render::projectToPixel(view->camera, view->viewport, positions[i]);
            ASSERT_TRUE(pixel.has_value());
            const int x = static_cast<int>(pixel->x);
            const int y = static_cast<int>(pixel->y);
            if (warm(images.plain->at(x, y))) {
                continue; // the live pose is there: a ghost behind it is hidden by design
            }
            ++sampled;
            // Translucent, so a tint of the character's orange rather than the orange itself.
            const std::uint8_t* ghost = images.overlaid->at(x, y);
            drawn += pixelDifference(*images.plain, *images.overlaid, x, y) > 20 &&
                     ghost[0] > ghost[2] + 15;
        }
        EXPECT_GE(sampled, 5) << "frame " << frame;
        EXPECT_GE(drawn, sampled * 8 / 10)
            << "frame " << frame << ": " << drawn << " of " << sampled << " ghost joints drawn";
    }
}

TEST(RenderOverlays, ContactMarkersLieUnderTheFeetInContact) {
    const TempDir dir;
    const std::string file = sourceFile("assets/sample_walk.bvh");
    constexpr int kFrame = 20;
    const OverlayImages images = renderWithAndWithout(dir, file, kFrame, {"--contacts"});
    ASSERT_TRUE(images.plain && images.overlaid);
    const auto view = expectedView(file, kFrame, 800, 450);
    ASSERT_TRUE(view);
    const scene::Character& character = view->scene.characters().front();
    const std::vector<bvh::FootPoint> points =
        bvh::findFootPoints(character.clip->document.skeleton, character.axes.upAxis);
    const bvh::FootContactAnalysis analysis =
        bvh::analyzeFootContacts(character.clip->document.skeleton, character.clip->document.motion,
                                 character.clip->translation, points, character.axes.upAxis,
                                 character.clip->summary.restPose.height);
    const float ground = render::gridForBounds(view->scene.motionBounds()).groundHeight;
    int inContact = 0;
    for (const bvh::FootContactTrack& track : analysis.feet) {
        if (track.contact[kFrame] == 0) {
            continue;
        }
        ++inContact;
        const glm::vec3 foot =
            view->pose.characters.front().viewerPositions[static_cast<std::size_t>(track.node)];
        // The marker's rim, beside the foot (its centre may be hidden by the foot itself).
        const float radius = 0.045f * static_cast<float>(character.axes.figureHeightMetres);
        bool rimSeen = false;
        for (const glm::vec3 offset :
             {glm::vec3(-0.85f * radius, 0, 0), glm::vec3(0.85f * radius, 0, 0),
              glm::vec3(0, 0, -0.85f * radius), glm::vec3(0, 0, 0.85f * radius)}) {
            const auto pixel = render::projectToPixel(view->camera, view->viewport,
                                                      glm::vec3(foot.x, ground, foot.z) + offset);
            ASSERT_TRUE(pixel.has_value());
            rimSeen = rimSeen ||
                      pixelDifference(*images.plain, *images.overlaid, static_cast<int>(pixel->x),
                                      static_cast<int>(pixel->y)) > 40;
        }
        EXPECT_TRUE(rimSeen) << character.clip->document.skeleton.names[track.node];
    }
    EXPECT_GE(inContact, 1) << "frame " << kFrame << " of the walk should have a planted foot";
    EXPECT_EQ(pixelDifference(*images.plain, *images.overlaid, 400, 5), 0);
}

// [SECTION] Contact sheets

constexpr std::string_view kBadBvh = "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n}\n";

TEST(RenderContactSheet, HasATilePerFileAndSaysWhichFileFailed) {
    const TempDir dir;
    const fs::path folder = dir.path() / "clips";
    fs::create_directories(folder);
    fs::copy_file(sourceFile("assets/sample_walk.bvh"), folder / "b_walk.bvh");
    fs::copy_file(sourceFile("tests/data/seed_cmu_example.bvh"), folder / "c_cmu.BVH");
    std::ofstream(folder / "a_bad.bvh") << kBadBvh;
    std::ofstream(folder / "notes.txt") << "not a clip";
    const fs::path sheet = dir.path() / "sheet.png";
    const RunResult run =
        runBvhscope(dir, {"render", "--contact-sheet", folder.string(), "-o", sheet.string(),
                          "--columns", "2", "--tile", "160x120", "--frame", "2"});
    EXPECT_EQ(run.status, 1) << "a file failed, so the exit status says so";
    EXPECT_NE(run.err.find("a_bad.bvh:5:1: error: "), std::string::npos) << run.err;
    const auto pixels = loadPng(sheet);
    ASSERT_TRUE(pixels.has_value()) << "the sheet is written all the same";
    EXPECT_EQ(pixels->width, 320);
    EXPECT_EQ(pixels->height, 240);

    const auto warmPixels = [&](int tileX, int tileY) {
        int count = 0;
        for (int y = tileY; y < tileY + 120; ++y) {
            for (int x = tileX; x < tileX + 160; ++x) {
                count += warm(pixels->at(x, y));
            }
        }
        return count;
    };
    // Sorted by name: a_bad (dark red, "does not load"), b_walk, c_cmu; the fourth slot empty.
    const std::uint8_t* failed = pixels->at(10, 10);
    EXPECT_NEAR(failed[0], 52, 3);
    EXPECT_NEAR(failed[1], 26, 3);
    EXPECT_NEAR(failed[2], 28, 3);
    EXPECT_GT(warmPixels(160, 0), 50) << "the walk's tile shows a skeleton";
    EXPECT_GT(warmPixels(0, 120), 50) << "the CMU sample's tile shows a skeleton";
    const std::uint8_t* empty = pixels->at(240, 180);
    EXPECT_EQ(empty[0], 20);
    EXPECT_EQ(empty[1], 21);
    EXPECT_EQ(empty[2], 24);
}

TEST(RenderContactSheet, AFolderWithoutClipsIsAnError) {
    const TempDir dir;
    const RunResult run = runBvhscope(dir, {"render", "--contact-sheet", dir.path().string(), "-o",
                                            (dir.path() / "s.png").string()});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("no .bvh files"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(dir.path() / "s.png"));
}

// [SECTION] Files and failures

TEST(RenderFiles, NeverWritesOverTheInput) {
    const TempDir dir;
    const fs::path input = dir.path() / "in.bvh";
    fs::copy_file(sourceFile("assets/sample_walk.bvh"), input);
    const auto size = fs::file_size(input);
    const RunResult run = runBvhscope(dir, {"render", input.string(), "-o", input.string()});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("refusing to write over it"), std::string::npos) << run.err;
    EXPECT_EQ(fs::file_size(input), size);
}

TEST(RenderFiles, ABadFileIsReportedWithItsLineAndColumn) {
    const TempDir dir;
    std::ofstream(dir.path() / "bad.bvh") << kBadBvh;
    const RunResult run = runBvhscope(
        dir, {"render", (dir.path() / "bad.bvh").string(), "-o", (dir.path() / "x.png").string()});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("bad.bvh:5:1: error: OFFSET needs 3 numbers"), std::string::npos)
        << run.err;
    EXPECT_FALSE(fs::exists(dir.path() / "x.png"));
}

TEST(RenderFiles, AMissingFileIsAFileError) {
    const TempDir dir;
    const RunResult run = runBvhscope(dir, {"render", (dir.path() / "missing.bvh").string(), "-o",
                                            (dir.path() / "x.png").string()});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("missing.bvh: error:"), std::string::npos) << run.err;
}

TEST(RenderFiles, AFramePastTheClipIsAUsageError) {
    const TempDir dir;
    const RunResult run =
        runBvhscope(dir, {"render", sourceFile("assets/sample_walk.bvh"), "--frame", "9999", "-o",
                          (dir.path() / "x.png").string()});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("frames 0 to 65"), std::string::npos) << run.err;
}

TEST(RenderFiles, AnUnwritableOutputFailsAndLeavesNoTemporaryFile) {
    const TempDir dir;
    const RunResult run =
        runBvhscope(dir, {"render", sourceFile("assets/sample_walk.bvh"), "-o",
                          (dir.path() / "no-such-dir" / "x.png").string(), "--size", "64x64"});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("no-such-dir"), std::string::npos) << run.err;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir.path())) {
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
    }
}

// Issue 38: a chain 2e-30 tall at rest whose root stands at y = 100 lands every joint on one
// point (100 + 1e-30 is 100 in double): the picture is written as ever, and stderr says why it
// shows no figure. The same chain with OFFSETs of 10 stands 20 tall and is not warned about.
TEST(RenderFiles, AFigureBelowThePrecisionOfItsPlaceIsDrawnAndSaysWhyNothingShows) {
    const TempDir dir;
    const auto chain = [&](const char* name, const char* offset) {
        std::ofstream(dir.path() / name)
            << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition "
               "Zrotation Xrotation Yrotation\nJOINT Chest\n{\nOFFSET 0 "
            << offset << " 0\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 "
            << offset
            << " 0\n}\n}\n}\nMOTION\nFrames: 2\nFrame Time: 0.04\n0 100 0 0 0 0 0 0 0\n"
               "0 100 0 0 0 0 0 0 0\n";
        return (dir.path() / name).string();
    };
    const std::string dwarfed = chain("dwarfed.bvh", "1e-30");
    const RunResult run = runBvhscope(
        dir, {"render", dwarfed, "-o", (dir.path() / "dwarfed.png").string(), "--size", "64x48"});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "bvhscope render: dwarfed.bvh: figure 0 tall (2e-30 at rest: below the "
                       "precision of its place, every joint lands on one point): the picture "
                       "shows no figure\n");
    const auto picture = loadPng(dir.path() / "dwarfed.png");
    ASSERT_TRUE(picture.has_value());
    EXPECT_EQ(picture->width, 64);
    EXPECT_EQ(picture->height, 48);
    // The ground is under it: the grid's X axis (red) and Z axis (blue) cross the picture. The
    // point stood at y = 100 (0 tall, so not lifted) over a grid 2 mm wide: main's picture had
    // neither axis, only the background (measured: 482 red and 675 blue pixels; main 0 and 0).
    const RunResult big =
        runBvhscope(dir, {"render", dwarfed, "-o", (dir.path() / "big.png").string(), "--size",
                          "320x240", "--no-overlay"});
    EXPECT_EQ(big.status, 0) << big.err;
    const auto ground = loadPng(dir.path() / "big.png");
    ASSERT_TRUE(ground.has_value());
    std::size_t red = 0;
    std::size_t blue = 0;
    for (int y = 0; y < ground->height; ++y) {
        for (int x = 0; x < ground->width; ++x) {
            const std::uint8_t* rgb = ground->at(x, y);
            red += rgb[0] > 150 && rgb[1] < 110 && rgb[2] < 110 ? 1 : 0;
            blue += rgb[2] > 150 && rgb[0] < 110 && rgb[1] < 150 ? 1 : 0;
        }
    }
    EXPECT_GT(red, 200u);
    EXPECT_GT(blue, 200u);

    const std::string ordinary = chain("ordinary.bvh", "10");
    const RunResult plain = runBvhscope(
        dir, {"render", ordinary, "-o", (dir.path() / "ordinary.png").string(), "--size", "64x48"});
    EXPECT_EQ(plain.status, 0) << plain.err;
    EXPECT_EQ(plain.err.find("figure 0 tall"), std::string::npos) << plain.err;
    EXPECT_TRUE(fs::exists(dir.path() / "ordinary.png"));
}

TEST(RenderFiles, HelpListsTheOptions) {
    const TempDir dir;
    const RunResult run = runBvhscope(dir, {"render", "--help"});
    EXPECT_EQ(run.status, 0);
    EXPECT_NE(run.out.find("--contact-sheet"), std::string::npos);
    const RunResult top = runBvhscope(dir, {"--help"});
    EXPECT_NE(top.out.find("bvhscope render"), std::string::npos);
}

} // namespace
} // namespace bvhscope::headless::test
