#include "app/viewer/platform/imgui_layer.h"

#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <imgui.h>
#include <imgui_internal.h> // the navigation's pending focus request: no public API tells it
#include <span>
#include <string_view>
#include <vector>
// imgui's backends load GL themselves; the font texture's filter is set through glad.
#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>

namespace bvhscope::viewer {

// tools/embed_binary.cmake: the font files named in app/viewer/CMakeLists.txt.
std::span<const unsigned char> embeddedFont(std::string_view fileName);

namespace {

ImFont* gMonospaceFont = nullptr;

// Latin with its European extensions, general punctuation (dashes, quotes, the ellipsis),
// arrows and the degree sign: what names, paths and the UI's own labels use.
const ImWchar kGlyphRanges[] = {0x0020, 0x017F, 0x2010, 0x2027, 0x2190, 0x2193, 0};

// ImGui 1.86's input fields, set from the frame's events: the backend polled the pointer and
// buttons as they are now, which loses a click shorter than a frame and moves it to where the
// pointer went since.
void feedInput(const FrameInput& input) {
    ImGuiIO& io = ImGui::GetIO();
    static_assert(kInputKeyCount <= sizeof io.KeysDown / sizeof io.KeysDown[0]);
    static_assert(kInputMouseButtons <= sizeof io.MouseDown / sizeof io.MouseDown[0]);
    for (std::size_t key = 0; key < kInputKeyCount; ++key) {
        io.KeysDown[key] = input.keysDown[key];
    }
    io.KeyCtrl = input.ctrl;
    io.KeyShift = input.shift;
    io.KeyAlt = input.alt;
    io.KeySuper = input.super;
    for (std::size_t button = 0; button < kInputMouseButtons; ++button) {
        io.MouseDown[button] = input.mouseDown[button];
    }
    io.MousePos =
        input.pointerKnown ? ImVec2(input.pointerX, input.pointerY) : ImVec2(-FLT_MAX, -FLT_MAX);
    io.MouseWheel += input.wheelY;
    io.MouseWheelH += input.wheelX;
    for (const unsigned int codepoint : input.text) {
        io.AddInputCharacter(codepoint);
    }
}

ImFont* addEmbeddedFont(std::string_view name, float pixels) {
    const std::span<const unsigned char> bytes = embeddedFont(name);
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false; // the bytes live in the binary
    // One texel per pixel on whole-pixel positions: nearest sampling draws exactly what
    // bilinear would at whole-number scales (useNearestFontSampling).
    config.OversampleH = 1;
    config.OversampleV = 1;
    config.PixelSnapH = true;
    std::snprintf(config.Name, sizeof config.Name, "%.*s, %.0fpx", static_cast<int>(name.size()),
                  name.data(), static_cast<double>(pixels));
    // ImGui's API takes a non-const pointer but only reads when the atlas does not own the data.
    void* data = const_cast<unsigned char*>(bytes.data());
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(bytes.size()), pixels,
                                                      &config, kGlyphRanges);
}

// The window's content scale (GLFW: the monitor's, on X11 from the Xft.dpi resource), clamped
// to what the UI can use.
float windowContentScale(GLFWwindow* window) {
    float scaleX = 1.0f;
    float scaleY = 1.0f;
#ifdef __EMSCRIPTEN__ // GLFW 3.2 has no content scale; the page's canvas is in CSS pixels
    (void)window;
#else
    glfwGetWindowContentScale(window, &scaleX, &scaleY);
#endif
    return std::clamp(std::max(scaleX, scaleY), 1.0f, 4.0f);
}

} // namespace

ImGuiLayer::ImGuiLayer(GLFWwindow* window, const std::optional<LayoutFile>& layout)
    : window_(window), layout_(layout) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr; // read and written here (LayoutFile)
    if (layout_) {
        const bvh::SmallFile read = bvh::readSmallFile(layout_->path, kLargestLayoutFileBytes);
        if (read.ok) {
            ImGui::LoadIniSettingsFromMemory(read.text.data(), read.text.size());
        } else if (!read.missing) {
            layoutProblem_ = bvh::utf8FromPath(layout_->path) + " " + read.error;
            layout_->keep = false;
        }
    }
    applyContentScale(windowContentScale(window));
    // No callbacks: the window queues the input (glfw_window.h), and each frame feeds ImGui.
    ImGui_ImplGlfw_InitForOpenGL(window, false);
#ifdef __EMSCRIPTEN__
    ImGui_ImplOpenGL3_Init("#version 300 es");
#else
    ImGui_ImplOpenGL3_Init("#version 330 core");
#endif
    backendReady_ = true;
}

void ImGuiLayer::applyContentScale(float scale) {
    contentScale_ = scale;
    // ScaleAllSizes multiplies what is there, so each change starts from the unscaled style.
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    // Square panels: where two meet, rounded corners would show the 3D view through a few
    // pixels, and it could not be left out under them (opaque_panels.h).
    style.WindowRounding = 0.0f;
    style.FrameRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    // Opaque panels: the 3D view is drawn only where none covers it (opaque_panels.h).
    style.Colors[ImGuiCol_WindowBg].w = 1.0f;
    // The font texture may be sampled nearest (useNearestFontSampling), and ImGui's
    // texture-based thick lines need bilinear: lines are anti-aliased polygons instead.
    style.AntiAliasedLinesUseTex = false;
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;

    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const float pixels = std::round(kFontPixels * scale);
    ImFont* text = addEmbeddedFont("DejaVuSans.ttf", pixels);
    gMonospaceFont = addEmbeddedFont("DejaVuSansMono.ttf", pixels);
    if (text == nullptr) { // cannot happen with the embedded files; ImGui's own font then
        ImFontConfig font;
        font.SizePixels = 13.0f * scale;
        text = io.Fonts->AddFontDefault(&font);
    }
    io.FontDefault = text;
    nearestFontTexture_ = 0; // a new texture may reuse the old one's name
    if (backendReady_) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
}

std::string ImGuiLayer::saveLayout() const {
    if (!layout_ || !layout_->keep) {
        return "";
    }
    std::size_t size = 0;
    const char* text = ImGui::SaveIniSettingsToMemory(&size);
    const std::vector<bvh::Diagnostic> problems =
        bvh::writeSmallFile(layout_->path, std::string_view(text, size));
    if (!bvh::hasErrors(problems)) {
        return "";
    }
    std::string reason = "cannot write " + bvh::utf8FromPath(layout_->path);
    for (const bvh::Diagnostic& diagnostic : problems) {
        reason = diagnostic.message;
    }
    return reason;
}

ImGuiLayer::~ImGuiLayer() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::beginFrame(const FrameInput& input) {
    if (const float scale = windowContentScale(window_); std::abs(scale - contentScale_) > 0.01f) {
        applyContentScale(scale);
    }
    ImGui_ImplOpenGL3_NewFrame(); // (re)creates the font texture when there is none
    useNearestFontSampling();
    ImGui_ImplGlfw_NewFrame(); // the display's size, the time step, the cursor's shape
    feedInput(input);          // over what the backend polled
    ImGui::NewFrame();
}

void ImGuiLayer::useNearestFontSampling() {
    // At a whole-number scale glyphs sit on whole pixels of an atlas built at the drawn size:
    // every sample lands on a texel centre, and nearest sampling draws exactly the pixels of the
    // backend's bilinear filter (compared at 96 and 192 dpi) for about a fifth less of the UI's
    // cost on a software renderer. At 1.5 some glyphs fall between texels: kept bilinear there.
    const auto texture =
        static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(ImGui::GetIO().Fonts->TexID));
    if (texture == 0 || texture == nearestFontTexture_ ||
        contentScale_ != std::round(contentScale_)) {
        return;
    }
    GLint bound = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
    nearestFontTexture_ = texture;
}

namespace {

// True when a SetKeyboardFocusHere (or ActivateItem) of this frame will activate an item at the
// start of the next one (ImGui 1.86 resolves it through the navigation's move request).
bool keyboardFocusRequested() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    return (g.NavMoveSubmitted && (g.NavMoveFlags & ImGuiNavMoveFlags_FocusApi) != 0) ||
           g.NavNextActivateId != 0;
}

} // namespace

void ImGuiLayer::endFrame() {
    ImGui::Render();
    framesHeld_ =
        keyboardFocusRequested() ? std::min(framesHeld_ + 1, kLongestKeyboardHold + 1) : 0;
    keyboardHold_ = framesHeld_ > 0 && framesHeld_ <= kLongestKeyboardHold
                        ? KeyboardHold::ForTextField
                        : KeyboardHold::None;
}

void ImGuiLayer::draw() {
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

ImFont* monospaceFont() {
    return gMonospaceFont != nullptr ? gMonospaceFont : ImGui::GetFont();
}

} // namespace bvhscope::viewer
