// Thumbnails drawn offscreen from each file's middle pose: a few per call, the figure is in
// the picture (pixels of the character's colour on the background), files that do not load get
// none, poses are freed once drawn, and closing the folder deletes every texture. The textures
// are a cache bounded in bytes: rows off screen are evicted least recently shown first, their
// poses freed once it is full, and rows back on screen are read and drawn again.
#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/session/folder_navigation.h"
#include "app/viewer/session/session.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/gui/gl_test_context.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::folder;
using bvhscope::folder_test::pumpUntil;
using bvhscope::folder_test::ScratchFolder;

namespace {

struct PixelCounts {
    int background = 0;
    int figure = 0; // close to the first palette colour (orange), lit or shaded
    int other = 0;
};

PixelCounts countPixels(const render::Image& image, const glm::vec3& background) {
    PixelCounts counts;
    for (std::size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
        const int r = image.rgba[i];
        const int g = image.rgba[i + 1];
        const int b = image.rgba[i + 2];
        const glm::ivec3 bg(glm::round(background * 255.0f));
        if (std::abs(r - bg.r) <= 3 && std::abs(g - bg.g) <= 3 && std::abs(b - bg.b) <= 3) {
            ++counts.background;
        } else if (r > 90 && r > g + 20 && g > b + 10) {
            ++counts.figure;
        } else {
            ++counts.other;
        }
    }
    return counts;
}

class FolderThumbnailsTest : public testing::Test {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_GL(context_);
        folder_.fillStandard();
        openPaths(state_, {folder_.path().string()});
        ASSERT_TRUE(
            pumpUntil([&] { updateFolderBrowsing(state_); },
                      [&] { return !state_.folder.summarizing() && !state_.folder.browseLoad; }));
        thumbnails_.emplace();
    }

    gl_test::HiddenContext context_;
    ScratchFolder folder_;
    SessionState state_;
    std::optional<FolderThumbnails> thumbnails_; // after the context: dies first
};

TEST_F(FolderThumbnailsTest, EachThumbnailShowsTheFigureOnTheBackground) {
    constexpr int kSize = 64;
    thumbnails_->update(state_.folder, state_.settings, kSize, 100);
    ASSERT_TRUE(thumbnails_->error().empty()) << thumbnails_->error();
    const auto& entries = state_.folder.entries();
    ASSERT_EQ(entries.size(), 4u);
    EXPECT_EQ(thumbnails_->textureCount(), 3u);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const FolderEntry& entry = entries[i];
        if (entry.name == "broken.bvh") {
            EXPECT_EQ(entry.thumbnail, ThumbnailState::None);
            EXPECT_EQ(thumbnails_->texture(i), 0u);
            continue;
        }
        EXPECT_EQ(entry.thumbnail, ThumbnailState::Drawn) << entry.name;
        EXPECT_FALSE(entry.thumbnailPose.has_value()) << entry.name << ": pose kept";
        const render::Image image = thumbnails_->read(i);
        ASSERT_EQ(image.width, kSize);
        ASSERT_EQ(image.height, kSize);
        const PixelCounts counts = countPixels(image, state_.settings.backgroundColor);
        // A standing figure framed in a square: a few percent of the pixels, not all of them.
        EXPECT_GT(counts.figure, kSize * kSize / 50) << entry.name;
        EXPECT_GT(counts.background, kSize * kSize / 2) << entry.name;
    }
}

TEST_F(FolderThumbnailsTest, AFewAreDrawnPerCallRowsOnScreenFirst) {
    state_.folder.setVisibleRows(3, 4); // walk10.bvh on screen
    thumbnails_->update(state_.folder, state_.settings, 32, 1);
    const auto& entries = state_.folder.entries();
    EXPECT_EQ(thumbnails_->textureCount(), 1u);
    EXPECT_EQ(entries[3].thumbnail, ThumbnailState::Drawn);
    EXPECT_EQ(entries[1].thumbnail, ThumbnailState::Pending);
    EXPECT_TRUE(state_.folder.busy());
    thumbnails_->update(state_.folder, state_.settings, 32, 1);
    EXPECT_EQ(thumbnails_->textureCount(), 2u);
    EXPECT_EQ(entries[1].thumbnail, ThumbnailState::Drawn); // then in list order
    thumbnails_->update(state_.folder, state_.settings, 32, 1);
    EXPECT_EQ(thumbnails_->textureCount(), 3u);
    EXPECT_FALSE(state_.folder.busy());
}

// While a summary is still to come, only rows on screen are drawn: the list's columns come
// before thumbnails nobody sees yet. Rows off screen are drawn ahead once every summary is in,
// or while no row is on screen (the first frame, before the panel has laid out its rows).
TEST_F(FolderThumbnailsTest, RowsOffScreenWaitForTheLastSummary) {
    std::vector<FolderEntry>& entries = state_.folder.entries();
    ASSERT_EQ(entries[3].thumbnail, ThumbnailState::Pending);
    // walk10.bvh back on screen without its pose: the browser asks for it to be read again.
    entries[3].thumbnailPose.reset();
    entries[3].thumbnail = ThumbnailState::Evicted;
    state_.folder.setVisibleRows(3, 4);
    state_.folder.update();
    ASSERT_TRUE(state_.folder.summarizing()); // until update() takes the summary read again
    EXPECT_EQ(thumbnails_->update(state_.folder, state_.settings, 32, 100), 0);
    EXPECT_EQ(thumbnails_->textureCount(), 0u);
    EXPECT_EQ(entries[1].thumbnail, ThumbnailState::Pending);
    EXPECT_EQ(entries[2].thumbnail, ThumbnailState::Pending);
    state_.folder.setVisibleRows(0, 0); // no row on screen: the first rows are drawn
    EXPECT_EQ(thumbnails_->update(state_.folder, state_.settings, 32, 1), 1);
    EXPECT_EQ(entries[1].thumbnail, ThumbnailState::Drawn);
    state_.folder.setVisibleRows(3, 4);
    EXPECT_EQ(thumbnails_->update(state_.folder, state_.settings, 32, 100), 0);
    EXPECT_EQ(entries[2].thumbnail, ThumbnailState::Pending);
    ASSERT_TRUE(
        pumpUntil([&] { state_.folder.update(); }, [&] { return !state_.folder.summarizing(); }));
    EXPECT_EQ(entries[3].thumbnail, ThumbnailState::Pending);
    EXPECT_EQ(thumbnails_->update(state_.folder, state_.settings, 32, 100), 2);
    EXPECT_EQ(thumbnails_->textureCount(), 3u);
    EXPECT_FALSE(state_.folder.busy());
}

TEST_F(FolderThumbnailsTest, ClosingTheFolderDeletesEveryTexture) {
    thumbnails_->update(state_.folder, state_.settings, 32, 100);
    ASSERT_EQ(thumbnails_->textureCount(), 3u);
    const GLuint texture = thumbnails_->texture(1);
    ASSERT_TRUE(glIsTexture(texture));
    std::ostringstream err;
    applyCommand(state_, command::CloseFolder{}, 1.0f, err); // the Browser's Close folder
    updateFolderBrowsing(state_);
    thumbnails_->update(state_.folder, state_.settings, 32, 100);
    EXPECT_EQ(thumbnails_->textureCount(), 0u);
    EXPECT_EQ(thumbnails_->texture(1), 0u);
    EXPECT_FALSE(glIsTexture(texture));
}

// A folder of many copies, with a cache of a few thumbnails.
class BoundedThumbnailsTest : public testing::Test {
protected:
    static constexpr int kSize = 32;
    static constexpr std::size_t kTextureBytes = kSize * kSize * 4;
    static constexpr std::size_t kFiles = 24;
    static constexpr std::size_t kCached = 5;

    void SetUp() override {
        BVHSCOPE_REQUIRE_GL(context_);
        for (std::size_t i = 0; i < kFiles; ++i) {
            folder_.copy("assets/sample_walk.bvh", "take" + std::to_string(i) + ".bvh");
        }
        openPaths(state_, {folder_.path().string()});
        state_.folder.setVisibleRows(0, 3);
        ASSERT_TRUE(pumpUntil([&] { updateFolderBrowsing(state_); },
                              [&] { return !state_.folder.summarizing(); }));
        thumbnails_.emplace(kCached * kTextureBytes);
    }

    // Pumps summaries and thumbnails until nothing is pending or waiting on screen.
    bool settle() {
        return pumpUntil(
            [&] {
                updateFolderBrowsing(state_);
                thumbnails_->update(state_.folder, state_.settings, kSize, 100);
            },
            [&] { return !state_.folder.busy(); });
    }
    std::size_t count(ThumbnailState wanted) const {
        const auto& entries = state_.folder.entries();
        return static_cast<std::size_t>(
            std::count_if(entries.begin(), entries.end(),
                          [&](const FolderEntry& entry) { return entry.thumbnail == wanted; }));
    }
    void expectDrawnWithTheFigure(std::size_t row) {
        EXPECT_EQ(state_.folder.entries()[row].thumbnail, ThumbnailState::Drawn) << row;
        const PixelCounts counts =
            countPixels(thumbnails_->read(row), state_.settings.backgroundColor);
        EXPECT_GT(counts.figure, kSize * kSize / 50) << row;
    }

    gl_test::HiddenContext context_;
    ScratchFolder folder_;
    SessionState state_;
    std::optional<FolderThumbnails> thumbnails_; // after the context: dies first
};

TEST_F(BoundedThumbnailsTest, TheCacheHoldsItsBoundAndPosesOffScreenAreFreedOnceItIsFull) {
    ASSERT_TRUE(settle());
    // The rows on screen, then rows ahead in list order while there is room; the rest freed.
    EXPECT_EQ(thumbnails_->textureCount(), kCached);
    EXPECT_EQ(thumbnails_->textureBytes(), kCached * kTextureBytes);
    EXPECT_EQ(count(ThumbnailState::Drawn), kCached);
    EXPECT_EQ(count(ThumbnailState::Evicted), kFiles - kCached);
    for (std::size_t row = 0; row < kCached; ++row) {
        expectDrawnWithTheFigure(row);
    }
    for (const FolderEntry& entry : state_.folder.entries()) {
        EXPECT_FALSE(entry.thumbnailPose.has_value()) << entry.name << ": pose kept";
    }
}

TEST_F(BoundedThumbnailsTest, RowsBackOnScreenAreReadAndDrawnAgain) {
    ASSERT_TRUE(settle());
    for (const std::size_t first : {std::size_t{10}, std::size_t{20}, std::size_t{0}}) {
        state_.folder.setVisibleRows(first, first + 3);
        ASSERT_TRUE(settle()) << "rows from " << first;
        for (std::size_t row = first; row < first + 3; ++row) {
            expectDrawnWithTheFigure(row);
        }
        EXPECT_LE(thumbnails_->textureBytes(), kCached * kTextureBytes);
        EXPECT_EQ(count(ThumbnailState::Drawn), thumbnails_->textureCount());
    }
    // The least recently shown went first: back at the top, rows 0..2 took the places of the
    // rows of 10..12 still kept (shown before rows 20..22), then of one row of 20..22.
    const auto drawnOf = [&](std::size_t first) {
        std::size_t drawn = 0;
        for (std::size_t row = first; row < first + 3; ++row) {
            drawn += state_.folder.entries()[row].thumbnail == ThumbnailState::Drawn ? 1 : 0;
        }
        return drawn;
    };
    EXPECT_EQ(drawnOf(10), 0u);
    EXPECT_EQ(drawnOf(20), 2u);
}

} // namespace

namespace {

TEST(ThumbnailBudget, SixteenWhenFramesAreQuickEightWhenSlow) {
    EXPECT_EQ(thumbnailBudget(0.0), 16);  // the first frame
    EXPECT_EQ(thumbnailBudget(16.7), 16); // a 60 Hz display
    EXPECT_EQ(thumbnailBudget(45.0), 8);  // a software renderer
}

} // namespace
