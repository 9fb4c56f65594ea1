// How thumbnails are drawn (app/pictures/thumbnail_picture.h): without the grid, with the
// renderer's own multisampling whatever the view's setting, and with lines when the figure
// would cover the picture many times over. No GL needed.
#include "app/pictures/thumbnail_picture.h"

#include <gtest/gtest.h>
#include <string>

namespace bvhscope::viewer {
namespace {

// One root with `children` End Sites 10 units long fanned out, and one frame.
bvh::Document fan(int children) {
    std::string text = "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 3 Xrotation Yrotation "
                       "Zrotation\n";
    for (int k = 0; k < children; ++k) {
        text += "  End Site\n  {\n    OFFSET " + std::to_string(k % 3) + " 10 " +
                std::to_string(k % 5) + "\n  }\n";
    }
    text += "}\nMOTION\nFrames: 1\nFrame Time: 0.0333333\n0 0 0\n";
    return bvh::parseDocument(text);
}

TEST(ThumbnailDrawOptions, TheRendererChoosesTheSamplesWhateverTheView) {
    scene::ViewerSettings settings;
    settings.msaaSamples = 8;
    settings.showGrid = true;
    const pictures::SceneDrawOptions options = pictures::thumbnailDrawOptions(settings);
    EXPECT_EQ(options.msaaSamples, scene::kAutomaticMsaaSamples);
    EXPECT_FALSE(options.showGrid);
}

TEST(ThumbnailDrawOptions, AFigureCoveringThePictureManyTimesIsDrawnWithLines) {
    const scene::ViewerSettings settings;
    const pictures::ThumbnailScene few = pictures::thumbnailScene(fan(3), nullptr, settings);
    const pictures::ThumbnailScene many = pictures::thumbnailScene(fan(2000), nullptr, settings);
    const pictures::SceneDrawOptions fewOptions = pictures::thumbnailDrawOptions(settings, few, 96);
    const pictures::SceneDrawOptions manyOptions =
        pictures::thumbnailDrawOptions(settings, many, 96);
    EXPECT_EQ(fewOptions.boneStyle, settings.boneStyle);
    EXPECT_EQ(manyOptions.boneStyle, render::BoneStyle::Line);
    EXPECT_FALSE(manyOptions.showJoints);
    EXPECT_FALSE(manyOptions.showShadow);
    EXPECT_EQ(manyOptions.msaaSamples, scene::kAutomaticMsaaSamples);
}

} // namespace
} // namespace bvhscope::viewer
