#include "app/viewer/imgui_layer.h"

#include <algorithm>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <cmath>
#include <imgui.h>
// imgui's backends load GL themselves; GLFW only needs its own header here.
#include <GLFW/glfw3.h>

namespace bvhscope::viewer {

namespace {

// The window's content scale (GLFW: the monitor's, on X11 from the Xft.dpi resource), clamped
// to what the UI can use.
float windowContentScale(GLFWwindow* window) {
    float scaleX = 1.0f;
    float scaleY = 1.0f;
    glfwGetWindowContentScale(window, &scaleX, &scaleY);
    return std::clamp(std::max(scaleX, scaleY), 1.0f, 4.0f);
}

} // namespace

ImGuiLayer::ImGuiLayer(GLFWwindow* window, const std::optional<std::filesystem::path>& iniFile)
    : window_(window) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    if (iniFile) {
        iniPath_ = iniFile->string();
        io.IniFilename = iniPath_.c_str();
    } else {
        io.IniFilename = nullptr;
    }
    applyContentScale(windowContentScale(window));
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    backendReady_ = true;
}

void ImGuiLayer::applyContentScale(float scale) {
    contentScale_ = scale;
    // ScaleAllSizes multiplies what is there, so each change starts from the unscaled style.
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 4.0f;
    style.FrameRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.Colors[ImGuiCol_WindowBg].w = 0.92f;
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;

    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig font;
    font.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&font);
    if (backendReady_) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
}

ImGuiLayer::~ImGuiLayer() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::beginFrame() {
    if (const float scale = windowContentScale(window_); std::abs(scale - contentScale_) > 0.01f) {
        applyContentScale(scale);
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void ImGuiLayer::render() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

} // namespace bvhscope::viewer
