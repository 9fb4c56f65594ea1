// opaquePanelRects / areaOutsidePanels over a real ImGui context without a window or GL: which
// windows count as covering the 3D view. The pictures (drawing only outside the panels gives the
// same screenshot) are checked in opaque_panels_gui_test.cpp.
#include "app/viewer/panels/opaque_panels.h"

#include <gtest/gtest.h>
#include <imgui.h>

namespace bvhscope::viewer {
namespace {

using render::PixelRect;

// An ImGui context with built fonts and the viewer's opaque, square panels, torn down after.
class ImGuiFrames : public testing::Test {
protected:
    ImGuiFrames() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280.0f, 720.0f);
        io.DeltaTime = 1.0f / 60.0f;
        unsigned char* pixels = nullptr;
        int width = 0;
        int height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
        ImGui::StyleColorsDark();
        ImGui::GetStyle().WindowRounding = 0.0f;
        ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 1.0f;
    }
    ~ImGuiFrames() override { ImGui::DestroyContext(); }

    static void panel(const char* name, ImVec2 position, ImVec2 size, bool collapsed = false) {
        ImGui::SetNextWindowPos(position, ImGuiCond_Always);
        ImGui::SetNextWindowSize(size, ImGuiCond_Always);
        ImGui::SetNextWindowCollapsed(collapsed, ImGuiCond_Always);
        ImGui::Begin(name);
        ImGui::TextUnformatted("content");
        ImGui::End();
    }

    // Two frames of `build` (a new window settles in its first), ended with ImGui::Render.
    template <typename Build>
    std::vector<PixelRect> rectsAfter(Build build) {
        for (int frame = 0; frame < 2; ++frame) {
            ImGui::NewFrame();
            build();
            ImGui::Render();
        }
        return opaquePanelRects();
    }
};

TEST_F(ImGuiFrames, EachOpenPanelCoversItsRectangle) {
    const auto rects = rectsAfter([] {
        panel("Left", ImVec2(0, 0), ImVec2(270, 608));
        panel("Timeline", ImVec2(0, 608), ImVec2(1280, 112));
    });
    // Square panels: the two rectangles of the rounded-corner cross are the same.
    const std::vector<PixelRect> expected = {
        {0, 0, 270, 608}, {0, 0, 270, 608}, {0, 608, 1280, 112}, {0, 608, 1280, 112}};
    EXPECT_EQ(rects, expected);
    EXPECT_EQ(areaOutsidePanels(1280, 720), (PixelRect{270, 0, 1010, 608}));
}

TEST_F(ImGuiFrames, CollapsedPanelsPopupsTooltipsAndTheUnusedDebugWindowDoNotCover) {
    const auto rects = rectsAfter([] {
        panel("Collapsed", ImVec2(0, 0), ImVec2(270, 600), true);
        panel("Open", ImVec2(300, 0), ImVec2(100, 100));
        ImGui::Begin("Open");
        ImGui::BeginChild("child", ImVec2(50, 50));
        ImGui::EndChild();
        ImGui::End();
        ImGui::OpenPopup("popup");
        ImGui::SetNextWindowPos(ImVec2(600, 300), ImGuiCond_Always);
        if (ImGui::BeginPopup("popup")) {
            ImGui::TextUnformatted("a menu");
            ImGui::EndPopup();
        }
        ImGui::SetNextWindowPos(ImVec2(700, 500), ImGuiCond_Always);
        ImGui::BeginTooltip();
        ImGui::TextUnformatted("a tooltip");
        ImGui::EndTooltip();
    });
    const std::vector<PixelRect> expected = {{300, 0, 100, 100}, {300, 0, 100, 100}};
    EXPECT_EQ(rects, expected);
}

TEST_F(ImGuiFrames, RoundedCornersAreLeftOut) {
    ImGui::GetStyle().WindowRounding = 4.0f;
    const auto rects = rectsAfter([] { panel("Rounded", ImVec2(10, 20), ImVec2(100, 50)); });
    const std::vector<PixelRect> expected = {{14, 20, 92, 50}, {10, 24, 100, 42}};
    EXPECT_EQ(rects, expected);
}

TEST_F(ImGuiFrames, RectanglesAreInFramebufferPixels) {
    ImGui::GetIO().DisplayFramebufferScale = ImVec2(2.0f, 2.0f);
    const auto rects = rectsAfter([] { panel("Panel", ImVec2(10, 20), ImVec2(100, 50)); });
    ASSERT_FALSE(rects.empty());
    EXPECT_EQ(rects.front(), (PixelRect{20, 40, 200, 100}));
}

TEST_F(ImGuiFrames, TranslucentPanelsCoverNothing) {
    ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 0.94f; // ImGui's own dark style
    EXPECT_FALSE(panelsAreOpaque());
    const auto rects = rectsAfter([] { panel("Panel", ImVec2(0, 0), ImVec2(1280, 720)); });
    EXPECT_TRUE(rects.empty());
    EXPECT_EQ(areaOutsidePanels(1280, 720), (PixelRect{0, 0, 1280, 720}));
}

} // namespace
} // namespace bvhscope::viewer
