// Issue 42: File > Save picture... (Ctrl+Shift+S) in the desktop app, driven with xdotool: the
// view as drawn, without the panels, at a chosen size or at the view's own size, written as a
// PNG where the dialog says; the next picture starts in the folder the last one went to.
#include "tests/gui/gui_test_support.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

// A PNG's width and height from its IHDR chunk (big-endian, bytes 16 to 23); 0 x 0 when the
// file is no PNG.
std::pair<std::uint32_t, std::uint32_t> pngSize(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < 24 || bytes.compare(1, 3, "PNG") != 0) {
        return {0, 0};
    }
    const auto word = [&](std::size_t at) {
        std::uint32_t value = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            value = (value << 8) | static_cast<unsigned char>(bytes[at + k]);
        }
        return value;
    };
    return {word(16), word(20)};
}

class SavePictureGui : public testing::Test {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        viewer_.emplace(dir_, std::vector<std::string>{kSample, "--size", "1280x720"});
        const auto started = viewer_->waitForSettledState([](const ViewerStateFile& state) {
            return !state.loading && state.fileNames.size() == 1 && hasRect(state, "menu:File");
        });
        ASSERT_TRUE(started.has_value()) << "the viewer did not start";
        initial_ = *started;
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty());
    }

    void click(const std::string& rect, float fraction = 0.5f) {
        ASSERT_TRUE(clickSettledRect(*viewer_, window_, rect, Click::atFraction(fraction)));
    }

    // Ctrl+Shift+S over the view, then the file typed into the dialog.
    void openAndName(const std::filesystem::path& target) {
        const Rect view = viewRect(initial_);
        ASSERT_TRUE(xdotool("mousemove --window " + window_ + " " +
                            xdotoolPoint(view.centerX(), view.y + 0.1f * view.height) +
                            " windowfocus --sync " + window_ + " key ctrl+shift+s"));
        ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
            return hasRect(state, "picture:save");
        })) << "Ctrl+Shift+S did not open Save picture";
        click("picture:path");
        ASSERT_TRUE(viewer_->waitForState(
            [](const ViewerStateFile& state) { return hasRect(state, "picture:path (typing)"); }));
        // The proposed path replaced as a person does: Ctrl+A, then the new one typed.
        ASSERT_TRUE(xdotool("key ctrl+a type --delay 2 '" + target.string() + "'"));
        ASSERT_TRUE(viewer_->waitForState([&](const ViewerStateFile& state) {
            return hasRect(state, "shown:picture:path=" + target.string());
        })) << "the file typed was not taken";
    }

    void saveAndWaitFor(const std::filesystem::path& target) {
        click("picture:save");
        ASSERT_TRUE(viewer_->waitForState([&](const ViewerStateFile& state) {
            return !hasRect(state, "picture:save") && std::filesystem::exists(target);
        })) << "no picture written to "
            << target;
    }

    TempDir dir_;
    std::optional<ViewerProcess> viewer_;
    ViewerStateFile initial_;
    std::string window_;
};

TEST_F(SavePictureGui, AChosenSizeAndTheViewsSizeAreWrittenWhereAsked) {
    const std::filesystem::path sized = dir_.path() / "pictures" / "sized.png";
    std::filesystem::create_directories(sized.parent_path());
    openAndName(sized);
    click("picture:chosen-size");
    click("picture:size", 0.2f); // the width
    ASSERT_TRUE(xdotool("key --clearmodifiers ctrl+a type '640'"));
    click("picture:size", 0.7f); // the height
    ASSERT_TRUE(xdotool("key --clearmodifiers ctrl+a type '360'"));
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "shown:picture:size=640x360");
    })) << "the size typed was not taken";
    saveAndWaitFor(sized);
    EXPECT_EQ(pngSize(sized), std::make_pair(640u, 360u));

    // Again: the dialog starts in the folder the last picture went to; the view's own size.
    const Rect view = viewRect(initial_);
    const std::filesystem::path whole = dir_.path() / "pictures" / "view.png";
    openAndName(whole);
    click("picture:view-size");
    saveAndWaitFor(whole);
    EXPECT_EQ(pngSize(whole), std::make_pair(static_cast<std::uint32_t>(view.width),
                                             static_cast<std::uint32_t>(view.height)));
}

TEST_F(SavePictureGui, TheNextPictureStartsInTheFolderOfTheLast) {
    const std::filesystem::path first = dir_.path() / "kept" / "first.png";
    std::filesystem::create_directories(first.parent_path());
    openAndName(first);
    saveAndWaitFor(first);
    const Rect view = viewRect(initial_);
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " " +
                        xdotoolPoint(view.centerX(), view.y + 0.1f * view.height) +
                        " key ctrl+shift+s"));
    const auto again = viewer_->waitForState([&](const ViewerStateFile& state) {
        return std::ranges::any_of(state.rects, [&](const auto& entry) {
            return entry.first.starts_with("shown:picture:path=");
        });
    });
    ASSERT_TRUE(again.has_value());
    for (const auto& [name, rect] : again->rects) {
        if (name.starts_with("shown:picture:path=")) {
            EXPECT_TRUE(name.ends_with(".png")) << name;
            EXPECT_NE(name.find("kept/sample_walk-frame-"), std::string::npos) << name;
        }
    }
}

} // namespace
