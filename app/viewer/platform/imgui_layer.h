// Dear ImGui's context and its GLFW + OpenGL 3 backends as one owner, in the frame order of
// imgui's example_glfw_opengl3. The layout file lives in the config directory (never the
// working directory), and fonts and sizes follow the window's content scale, also when it
// changes (the window moved to a monitor of another scale, or the desktop's scale changed):
// checked at the start of every frame. Text is DejaVu Sans (numbers that line up in DejaVu Sans
// Mono: monospaceFont()), rasterised at the drawn size on whole pixels, so it is crisp at 1x and
// 2x (sampled nearest) and smooth at 1.5x.
#pragma once

#include "app/viewer/platform/input_queue.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

struct GLFWwindow;
struct ImFont;

namespace bvhscope::viewer {

// The monospaced face for numbers, or ImGui's current font before the first ImGuiLayer.
ImFont* monospaceFont();

// Where Dear ImGui's window layout (imgui.ini) is kept. The layer reads and writes it itself,
// never through ImGui's own file calls, so a file that is not a regular one (a FIFO would block
// the start, a device would be read forever) or is larger than kLargestLayoutFileBytes is left
// alone, and a save goes through a temporary file renamed into place.
struct LayoutFile {
    std::filesystem::path path;
    bool keep = true; // false: read it, but never write it (a screenshot must not change it)
};
inline constexpr std::uint64_t kLargestLayoutFileBytes = std::uint64_t{1} << 20;

class ImGuiLayer {
public:
    // No layout file: the layout is not persisted.
    ImGuiLayer(GLFWwindow* window, const std::optional<LayoutFile>& layout);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // Starts the frame's UI with `input`, the events the window's queue gave this frame
    // (input_queue.h): Dear ImGui's backend reads no input of its own.
    void beginFrame(const FrameInput& input);
    // Ends the frame's UI (ImGui::Render): what it draws is settled, see opaque_panels.h.
    void endFrame();
    // For the next frame's input (InputQueue::takeFrame): ForTextField when the frame just
    // ended asked Dear ImGui to give a text field the keyboard (SetKeyboardFocusHere), which
    // 1.86 does in the next frame; the keys wait for it. Never more than kLongestKeyboardHold
    // frames in a row, so a field that never takes the keyboard cannot keep the keys for ever.
    KeyboardHold keyboardHold() const { return keyboardHold_; }
    static constexpr int kLongestKeyboardHold = 3;
    // Draws the UI ended last into the bound framebuffer, over the scene.
    void draw();
    float contentScale() const { return contentScale_; }
    // Why the layout file was not read and will not be written ("" when it was, or is missing).
    const std::string& layoutProblem() const { return layoutProblem_; }
    // Writes the layout back when the file is kept; the reason when it cannot be.
    std::string saveLayout() const;
    // The UI font's size in pixels at scale 1 (DejaVu Sans, embedded at build time).
    static constexpr float kFontPixels = 14.0f;

private:
    // Rebuilds the style's sizes and the font atlas for `scale` (between frames only).
    void applyContentScale(float scale);
    void useNearestFontSampling();

    GLFWwindow* window_;
    std::optional<LayoutFile> layout_;
    std::string layoutProblem_;
    float contentScale_ = 0.0f;
    bool backendReady_ = false;
    unsigned int nearestFontTexture_ = 0; // the font texture whose filter is set (GLuint)
    KeyboardHold keyboardHold_ = KeyboardHold::None;
    int framesHeld_ = 0; // frames in a row that have held the keyboard
};

} // namespace bvhscope::viewer
