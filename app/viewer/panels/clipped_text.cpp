#include "app/viewer/panels/clipped_text.h"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <imgui_internal.h> // the window list and draw lists of every window
#include <string>

namespace bvhscope::viewer {

namespace {

// Half a pixel of slack: anti-aliased glyph quads may touch an edge they do not cross.
constexpr float kSlack = 0.5f;

// The first glyph vertex of `window` that lies left or right of its draw command's clip
// rectangle, if any. Glyphs are the vertices textured from the font atlas other than its white
// pixel (which every shape uses).
bool findCutGlyph(const ImGuiWindow& window, ImVec2& where) {
    const ImDrawList* draw = window.DrawList;
    if (draw == nullptr) {
        return false;
    }
    const ImTextureID fontTexture = ImGui::GetIO().Fonts->TexID;
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    for (const ImDrawCmd& command : draw->CmdBuffer) {
        if (command.UserCallback != nullptr || command.TextureId != fontTexture) {
            continue;
        }
        const ImVec4 clip = command.ClipRect;
        for (unsigned int i = 0; i < command.ElemCount; ++i) {
            const ImDrawVert& vertex = draw->VtxBuffer[static_cast<int>(
                command.VtxOffset + draw->IdxBuffer[static_cast<int>(command.IdxOffset + i)])];
            if (vertex.uv.x == white.x && vertex.uv.y == white.y) {
                continue;
            }
            // Only vertices on rows that are visible: a list scrolled past the top or bottom
            // is not cut text.
            if (vertex.pos.y < std::max(clip.y, window.InnerClipRect.Min.y) ||
                vertex.pos.y > std::min(clip.w, window.InnerClipRect.Max.y)) {
                continue;
            }
            if (vertex.pos.x > clip.z + kSlack || vertex.pos.x < clip.x - kSlack) {
                where = vertex.pos;
                return true;
            }
        }
    }
    return false;
}

} // namespace

std::vector<std::string> findClippedText() {
    std::vector<std::string> findings;
    for (const ImGuiWindow* window : ImGui::GetCurrentContext()->Windows) {
        if (!window->Active || window->Hidden || window->Collapsed || window->SkipItems) {
            continue;
        }
        if ((window->Flags & ImGuiWindowFlags_Tooltip) != 0) {
            continue; // a tooltip sizes itself to its text
        }
        // The part of the window's name before "##" or "/" names the panel.
        std::string name = window->Name;
        if (const std::size_t hashes = name.find("##"); hashes != std::string::npos) {
            name.resize(hashes);
        }
        for (char& c : name) {
            c = c == ' ' ? '_' : c;
        }
        // A window that scrolls sideways (the joint tree, for hierarchies nested deeper than
        // its column) shows the rest of a line when scrolled: nothing there is lost.
        if ((window->Flags & ImGuiWindowFlags_HorizontalScrollbar) != 0) {
            continue;
        }
        const float overflow = window->DC.CursorMaxPos.x - window->InnerClipRect.Max.x;
        if (overflow > kSlack) {
            findings.push_back(name + " overflow " + std::to_string(std::lround(overflow)));
        }
        ImVec2 where;
        if (findCutGlyph(*window, where)) {
            findings.push_back(name + " glyph " + std::to_string(std::lround(where.x)) + "," +
                               std::to_string(std::lround(where.y)));
        }
    }
    return findings;
}

} // namespace bvhscope::viewer
