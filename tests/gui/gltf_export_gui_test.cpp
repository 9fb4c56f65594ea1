// File > Export glTF... in the real viewer at 1280x720: the dialog opens from the File menu and
// fits the window, Export writes walk_export.glb beside the input, and that file is a whole GLB
// (header, JSON chunk with one node per joint and End Site named as the capture names them, one
// animation, a BIN chunk as long as the buffer says); the input is unchanged.
#include "core/reader/document.h"
#include "tests/gui/gui_test_support.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

std::uint32_t littleEndian32(const std::string& bytes, std::size_t at) {
    std::uint32_t value = 0;
    for (int i = 3; i >= 0; --i) {
        value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
    }
    return value;
}

class GltfExportGui : public SampleCopyGui {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        startOnSampleCopy({"--size", "1280x720"}, [](const ViewerStateFile& state) {
            return hasRect(state, "menu:File") && state.fileNames.size() == 1 && !state.loading;
        });
    }

    // Kept for a person to look at when BVHSCOPE_GUI_SHOTS names a folder.
    void keepScreenshot(const std::string& tag) {
        const char* keep = std::getenv("BVHSCOPE_GUI_SHOTS");
        if (keep == nullptr) {
            return;
        }
        const std::filesystem::path path = std::filesystem::path(keep) / (tag + ".png");
        EXPECT_TRUE(runCommand("import -window " + window_ + " '" + path.string() + "'"));
    }
};

TEST_F(GltfExportGui, ExportsAGlbBesideTheInput) {
    click("menu:File");
    click("menu:File>Export glTF");
    const auto opened = viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "export:Export") && hasRect(state, "export:dialog");
    });
    ASSERT_TRUE(opened.has_value()) << "the glTF export dialog did not open";
    // The whole dialog is in the 1280x720 window.
    const Rect dialog = opened->rects.at("export:dialog");
    const Rect exportButton = opened->rects.at("export:Export");
    EXPECT_GE(dialog.x, 0.0f);
    EXPECT_GE(dialog.y, 0.0f);
    EXPECT_LE(exportButton.x + exportButton.width, 1280.0f);
    EXPECT_LE(exportButton.y + exportButton.height, 720.0f);
    keepScreenshot("gltf_export_dialog");

    click("export:Export");
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "export:result:ok");
    })) << "no success message";
    keepScreenshot("gltf_export_result");

    const std::filesystem::path exported = dir_.path() / "walk_export.glb";
    ASSERT_TRUE(std::filesystem::exists(exported));
    const std::string glb = readAll(exported);
    ASSERT_GE(glb.size(), 20u);
    EXPECT_EQ(glb.substr(0, 4), "glTF");
    EXPECT_EQ(littleEndian32(glb, 4), 2u);         // version
    EXPECT_EQ(littleEndian32(glb, 8), glb.size()); // total length
    const std::uint32_t jsonLength = littleEndian32(glb, 12);
    ASSERT_EQ(glb.substr(16, 4), "JSON");
    ASSERT_LE(20u + jsonLength + 8u, glb.size());
    const nlohmann::json json =
        nlohmann::json::parse(glb.substr(20, jsonLength), nullptr, /*allow_exceptions=*/false);
    ASSERT_FALSE(json.is_discarded()) << "the JSON chunk does not parse";
    EXPECT_EQ(json["asset"]["version"], "2.0");

    const bvh::Document document = bvh::loadDocument(input_);
    ASSERT_TRUE(document.loaded());
    ASSERT_EQ(json["nodes"].size(), document.skeleton.nodeCount());
    for (std::size_t node = 0; node < document.skeleton.nodeCount(); ++node) {
        EXPECT_EQ(json["nodes"][node]["name"], document.skeleton.names[node]) << node;
    }
    EXPECT_EQ(json["animations"].size(), 1u);
    const std::size_t binAt = 20u + jsonLength;
    EXPECT_EQ(glb.substr(binAt + 4, 4), std::string("BIN\0", 4));
    EXPECT_GE(littleEndian32(glb, binAt), json["buffers"][0]["byteLength"].get<std::uint32_t>());
    EXPECT_EQ(readAll(input_), inputBytes_);
}

} // namespace
