// Issue 25, "the figure stays in the picture", in the real viewer at 1280x720 and 1366x768:
// three captures stand side by side across the view and each fills a quarter of its height; a
// panel opening under the view (Curves) re-frames the figure; the follow camera keeps the whole
// walking figure, feet included, inside the view while it plays, and F re-frames it while
// following. Each figure's joints projected into the window come from --state-out (`figure`
// lines, app/viewer/state_dump.h), the view's rectangle from `rect ... view`.
#include "tests/core/analysis/creature_clips.h"
#include "tests/gui/gui_test_support.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

using Figure = ViewerStateFile::Figure;

// A figure's joints inside the view, give or take a pixel of rounding.
bool insideView(const ViewerStateFile& state, const Figure& figure) {
    const Rect view = viewRect(state);
    return !figure.behindEye && view.contains(figure.left, figure.top, 1.0f) &&
           view.contains(figure.right, figure.bottom, 1.0f);
}

bool allInside(const ViewerStateFile& state) {
    return !state.figures.empty() && std::ranges::all_of(state.figures, [&](const Figure& figure) {
        return insideView(state, figure);
    });
}

std::string describe(const ViewerStateFile& state) {
    const Rect view = viewRect(state);
    std::ostringstream out;
    out << "frame " << state.frame << ", view " << view.x << "," << view.y << " " << view.width
        << "x" << view.height;
    for (const Figure& figure : state.figures) {
        out << "; figure " << figure.character << " " << figure.left << "," << figure.top << " to "
            << figure.right << "," << figure.bottom;
    }
    return out.str();
}

class Framing : public testing::TestWithParam<const char*> {
protected:
    // Starts the viewer at the parameter's size on `files`; waits until they are loaded, framed
    // and followed and the layout has settled (the timeline measures its height a frame late).
    void start(std::vector<std::string> files, int frame = 0) {
        files.insert(files.end(), {"--size", GetParam(), "--frame", std::to_string(frame)});
        viewer_.emplace(dir_, files);
        const std::size_t count = files.size() - 4;
        const auto loaded = settle([&](const ViewerStateFile& state) {
            return state.fileNames.size() == count && !state.loading &&
                   state.figures.size() == count && state.following && allInside(state);
        });
        ASSERT_TRUE(loaded.has_value()) << "the viewer did not load and frame the files";
        initial_ = *loaded;
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty()) << "no window found for the viewer";
    }

    // A settled state for which `ok` holds (a framing asked for by a layout change is done on
    // the next frame: it holds once the layout has stayed put over frames), or nullopt with the
    // test failed and the last state said.
    std::optional<ViewerStateFile> settle(const std::function<bool(const ViewerStateFile&)>& ok) {
        std::optional<ViewerStateFile> state = viewer_->waitForSettledState(ok);
        if (state) {
            lastSeen_ = state;
        } else {
            lastSeen_ = viewer_->currentState();
        }
        return state;
    }

    std::string lastSeen() const { return lastSeen_ ? describe(*lastSeen_) : "no state"; }

    // Keys go to the focused window: the pointer over the view first, so ImGui does not take
    // them.
    void press(const std::string& key) {
        const Rect view = viewRect(initial_);
        ASSERT_TRUE(xdotool("mousemove --window " + window_ + " " +
                            xdotoolPoint(view.centerX(), view.y + 0.1f * view.height) +
                            " windowfocus --sync " + window_ + " key " + key));
    }

    TempDir dir_;
    std::optional<ViewerProcess> viewer_;
    ViewerStateFile initial_;
    std::optional<ViewerStateFile> lastSeen_;
    std::string window_;
};

// Each figure inside the view, at least a quarter of its height, and none over another.
void expectSideBySideFillingTheView(const ViewerStateFile& state) {
    const Rect view = viewRect(state);
    std::vector<std::pair<float, float>> columns;
    for (const Figure& figure : state.figures) {
        EXPECT_TRUE(insideView(state, figure)) << describe(state);
        // The bounding-sphere framing left each at 14-18 % of the view's height.
        EXPECT_GE((figure.bottom - figure.top) / view.height, 0.25f) << describe(state);
        columns.emplace_back(figure.left, figure.right);
    }
    std::ranges::sort(columns);
    for (std::size_t k = 1; k < columns.size(); ++k) {
        EXPECT_LT(columns[k - 1].second, columns[k].first)
            << "side by side across the screen, none behind another: " << describe(state);
    }
}

TEST_P(Framing, ThreeCapturesStandSideBySideAcrossTheViewAndFillIt) {
    BVHSCOPE_REQUIRE_DISPLAY();
    std::vector<std::string> files;
    for (const char* name : {"a.bvh", "b.bvh", "c.bvh"}) {
        std::filesystem::copy_file(kSample, dir_.path() / name);
        files.push_back((dir_.path() / name).string());
    }
    start(files);
    ASSERT_FALSE(HasFatalFailure()) << lastSeen();
    ASSERT_EQ(initial_.figures.size(), 3u);
    expectSideBySideFillingTheView(initial_);
}

// Walkers facing +X cross 5.6 m along X: a row along X by their whole walks put them 6 m apart
// in a line the camera (at their front three-quarters) looks almost along, one hiding another,
// each a speck.
TEST_P(Framing, ThreeWalkersFacingAlongXStandSideBySideAcrossTheView) {
    BVHSCOPE_REQUIRE_DISPLAY();
    bvh::test::CreatureFileOptions options;
    options.canonicalToFile = glm::dmat3(0, 0, -1, 0, 1, 0, 1, 0, 0); // +Z to +X, Y up
    std::vector<std::string> files;
    for (const char* name : {"walk_a.bvh", "walk_b.bvh", "walk_c.bvh"}) {
        std::ofstream(dir_.path() / name)
            << bvh::test::creatureFile(bvh::test::biped(140.0), options).text;
        files.push_back((dir_.path() / name).string());
    }
    start(files);
    ASSERT_FALSE(HasFatalFailure()) << lastSeen();
    ASSERT_EQ(initial_.figures.size(), 3u);
    expectSideBySideFillingTheView(initial_);
}

// Issue 42: three figures that travel 34 m each, in different directions (walks facing +Z, +X
// and -X, 24 s), at frames 0, 240, 480 and 720: each stands at least 0.45 of the view's height,
// the row is centred, and no figure's box overlaps another's. Several figures are shown in place
// (the default), and Info says so.
TEST_P(Framing, ThreeTravellingFiguresStayLargeCentredAndApart) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const glm::dmat3 facings[] = {glm::dmat3(1.0), glm::dmat3(0, 0, -1, 0, 1, 0, 1, 0, 0),
                                  glm::dmat3(0, 0, 1, 0, 1, 0, -1, 0, 0)};
    std::vector<std::string> files;
    for (const glm::dmat3& facing : facings) {
        bvh::test::CreatureFileOptions options;
        options.canonicalToFile = facing;
        options.frames = 721;
        const auto path = dir_.path() / ("walk_" + std::to_string(files.size()) + ".bvh");
        std::ofstream(path) << bvh::test::creatureFile(bvh::test::biped(140.0), options).text;
        files.push_back(path.string());
    }
    for (const int frame : {0, 240, 480, 720}) {
        start(files, frame);
        ASSERT_FALSE(HasFatalFailure()) << lastSeen();
        const ViewerStateFile& state = initial_;
        ASSERT_EQ(state.figures.size(), 3u);
        EXPECT_EQ(state.frame, frame);
        const Rect view = viewRect(state);
        float left = 1e9f, right = -1e9f, top = 1e9f, bottom = -1e9f;
        for (const Figure& figure : state.figures) {
            EXPECT_GE((figure.bottom - figure.top) / view.height, 0.45f) << describe(state);
            left = std::min(left, figure.left);
            right = std::max(right, figure.right);
            top = std::min(top, figure.top);
            bottom = std::max(bottom, figure.bottom);
        }
        EXPECT_NEAR(0.5f * (left + right), view.centerX(), 0.1f * view.width) << describe(state);
        EXPECT_NEAR(0.5f * (top + bottom), view.centerY(), 0.1f * view.height) << describe(state);
        for (std::size_t a = 0; a < 3; ++a) {
            for (std::size_t b = a + 1; b < 3; ++b) {
                const Figure& one = state.figures[a];
                const Figure& other = state.figures[b];
                EXPECT_TRUE(one.right < other.left || other.right < one.left ||
                            one.bottom < other.top || other.bottom < one.top)
                    << "figures " << a << " and " << b << " overlap: " << describe(state);
            }
        }
        EXPECT_TRUE(std::ranges::any_of(state.rects, [](const auto& entry) {
            return entry.first.starts_with("shown:info:Root motion:0=in place");
        })) << "Info does not say the figures are shown in place";
        // The timeline's "[ In" and "Out ]" stay one bracket, on one row.
        ASSERT_TRUE(state.rects.contains("timeline:in") && state.rects.contains("timeline:out"));
        EXPECT_EQ(state.rects.at("timeline:in").y, state.rects.at("timeline:out").y);
    }
}

// Issue 42: a static root 5 m behind the figure (as Bandai Namco's takes have) leaves the
// framing to the body, and Info says where that root is, its link to the body not being drawn.
TEST_P(Framing, AStaticRootIsNamedWithItsPlaceInInfoAndLeftOutOfTheFraming) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const auto path = dir_.path() / "kick.bvh";
    std::ofstream(path) << bvh::test::creatureFile(
                               bvh::test::withStaticRoot(bvh::test::biped(140.0),
                                                         glm::dvec3(0, 0, -500)),
                               {})
                               .text;
    start({path.string()});
    ASSERT_FALSE(HasFatalFailure()) << lastSeen();
    const Figure& figure = initial_.figures.front();
    EXPECT_GE((figure.bottom - figure.top) / viewRect(initial_).height, 0.5f) << lastSeen();
    // The row's lines as wrapped in the column ("shown:info:Static root:LINE=TEXT"), joined.
    std::string row;
    for (int line = 0; line < 10; ++line) {
        const std::string key = "shown:info:Static root:" + std::to_string(line) + "=";
        for (const auto& [name, rect] : initial_.rects) {
            if (name.starts_with(key)) {
                row += (row.empty() ? "" : " ") + name.substr(key.size());
            }
        }
    }
    EXPECT_TRUE(row.starts_with("joint_Root at (0, 0, -500)")) << row;
}

TEST_P(Framing, APanelOpeningUnderTheViewReframesTheFigure) {
    BVHSCOPE_REQUIRE_DISPLAY();
    start({kSample});
    ASSERT_FALSE(HasFatalFailure()) << lastSeen();
    ASSERT_TRUE(clickSettledRect(*viewer_, window_, "tree:0:Hips", Click::atFraction(0.15f)));
    ASSERT_TRUE(clickSettledRect(*viewer_, window_, "selection:curves"));
    const float before = viewRect(initial_).height;
    const auto shrunk = settle([&](const ViewerStateFile& state) {
        return state.curves.has_value() && viewRect(state).height < before - 20.0f &&
               state.followFramingKept && allInside(state);
    });
    ASSERT_TRUE(shrunk.has_value())
        << "Curves opened under the view and the figure was not framed in what is left: "
        << lastSeen();
    const Figure& figure = shrunk->figures.front();
    EXPECT_GE((figure.bottom - figure.top) / viewRect(*shrunk).height, 0.5f) << describe(*shrunk);
}

TEST_P(Framing, TheFollowKeepsTheFeetInViewWhilePlayingAndFReframes) {
    BVHSCOPE_REQUIRE_DISPLAY();
    start({kSample});
    ASSERT_FALSE(HasFatalFailure()) << lastSeen();
    press("space");
    // Two loops of the 66-frame walk: frame 41, where the leading foot used to leave the view
    // behind the timeline, among them. Every state read while it plays is kept.
    std::vector<ViewerStateFile> seen;
    int loops = 0;
    ASSERT_TRUE(viewer_->waitForState(
        [&](const ViewerStateFile& state) {
            if (!seen.empty() && state.playing && seen.back().playing &&
                state.frame < seen.back().frame) {
                ++loops;
            }
            seen.push_back(state);
            return loops >= 2;
        },
        ViewerProcess::kStateTimeout, "two loops of the walk"));
    std::size_t playing = 0;
    bool sawFrame41 = false;
    for (const ViewerStateFile& state : seen) {
        if (!state.playing || state.figures.empty()) {
            continue;
        }
        ++playing;
        sawFrame41 = sawFrame41 || (state.frame >= 38 && state.frame <= 44);
        EXPECT_TRUE(state.following) << describe(state);
        EXPECT_TRUE(allInside(state)) << describe(state);
    }
    EXPECT_GE(playing, 5u) << "too few states while playing";
    EXPECT_TRUE(sawFrame41);
    press("space");

    // Zoomed in by the user, the camera is theirs; F frames the figure again and keeps
    // following.
    const Rect view = viewRect(initial_);
    ASSERT_TRUE(clickAt(window_, view.centerX(), view.centerY(), Click::ofButton(4, 3)));
    const auto zoomed = settle(
        [](const ViewerStateFile& state) { return !state.followFramingKept && !state.playing; });
    ASSERT_TRUE(zoomed.has_value()) << "the wheel did not zoom: " << lastSeen();
    press("f");
    const auto framed = settle([&](const ViewerStateFile& state) {
        return state.following && state.followFramingKept && allInside(state);
    });
    ASSERT_TRUE(framed.has_value()) << "F did not frame the figure again: " << lastSeen();
    EXPECT_GT(framed->camera.distance, zoomed->camera.distance * 1.2f)
        << "the eye went back from the zoomed-in view";
    const Figure& figure = framed->figures.front();
    EXPECT_GE((figure.bottom - figure.top) / viewRect(*framed).height, 0.5f) << describe(*framed);
}

INSTANTIATE_TEST_SUITE_P(WindowSizes, Framing, testing::Values("1280x720", "1366x768"),
                         [](const testing::TestParamInfo<const char*>& info) {
                             return std::string(info.param).replace(4, 1, "_");
                         });

} // namespace
