#include "app/viewer/panels/folder_take.h"

#include "app/viewer/panels/panel_layout.h"
#include "core/platform/utf8_path.h"

#include <cstdint>
#include <imgui.h>
#include <string>

namespace bvhscope::viewer {

const ImVec4 kTakeOkColor{0.55f, 0.85f, 0.45f, 1.0f};
const ImVec4 kTakeWarningColor{0.95f, 0.80f, 0.30f, 1.0f};
const ImVec4 kTakeErrorColor{1.0f, 0.45f, 0.40f, 1.0f};

void takeItemClicks(PanelContext& panel, std::size_t index) {
    const folder::FolderBrowser& folder = panel.state.folder;
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) {
        panel.commands.push(command::RankTakesLike{index}); // Similar: takes that move like it
    }
    // On the press, not the release: Ctrl is read while it is surely held.
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {
        if (ImGui::GetIO().KeyCtrl) {
            // An ordinary character: it stays.
            panel.commands.push(command::Open{{bvh::utf8FromPath(folder.entries()[index].path)}});
        } else {
            panel.commands.push(command::BrowseTake{index});
        }
    }
}

void showTakeRows(PanelContext& panel, std::size_t first, std::size_t last) {
    if (panel.state.folder.visibleRowsDiffer(first, last)) {
        panel.commands.push(command::ShowTakeRows{first, last});
    }
}

void drawTakeStatus(const folder::FolderBrowser& folder, const folder::FolderEntry& entry,
                    std::size_t index, float width) {
    if (folder.browseLoad && folder.browseLoad->entry == index) {
        ImGui::ProgressBar(static_cast<float>(folder.browseLoad->load->fraction()),
                           ImVec2(width, 0.0f), "opening");
        return;
    }
    switch (entry.status) {
    case folder::FileStatus::Queued:
        ImGui::TextDisabled("queued");
        break;
    case folder::FileStatus::Reading:
        ImGui::ProgressBar(static_cast<float>(entry.readFraction), ImVec2(width, 0.0f), "reading");
        break;
    case folder::FileStatus::Ok:
        ImGui::TextColored(kTakeOkColor, "ok");
        break;
    case folder::FileStatus::Warnings: {
        const std::size_t warnings = entry.facts ? entry.facts->summary.warnings : 0;
        ImGui::TextColored(kTakeWarningColor, "%zu warning%s", warnings, warnings == 1 ? "" : "s");
        break;
    }
    case folder::FileStatus::Error:
        ImGui::TextColored(kTakeErrorColor, "error");
        break;
    case folder::FileStatus::TooLarge:
        ImGui::TextColored(kTakeWarningColor, "too large");
        break;
    }
}

void drawTakeTooltip(const folder::FolderEntry& entry) {
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(elideMiddleToBytes(bvh::utf8FromPath(entry.path)).c_str());
    if (entry.facts && entry.facts->loaded) {
        const bvh::DocumentSummary& summary = entry.facts->summary;
        ImGui::TextDisabled("%zu joints (+%zu end sites), %zu channels, %s", summary.joints,
                            summary.endSites, summary.channels,
                            summary.frameTimeAssumed ? "frame time assumed (30 fps)"
                                                     : "frame time from the file");
        ImGui::TextDisabled("thumbnail: frame %u (the middle one)", entry.facts->thumbnailFrame);
        if (entry.facts->rowsSampled) {
            // The summary's bounded read (folder_summaries.h) took some rows of a long motion.
            ImGui::TextDisabled("a long motion: rows sampled, their warnings shown once opened");
        }
    }
    if (entry.facts && !entry.facts->diagnosticLines.empty()) {
        ImGui::Separator();
        for (const std::string& line : entry.facts->diagnosticLines) {
            const bool error = line.find(": error: ") != std::string::npos;
            ImGui::TextColored(error ? kTakeErrorColor : kTakeWarningColor, "%s", line.c_str());
        }
    }
    ImGui::Separator();
    ImGui::TextDisabled("Click: show it in place of the browsed file. Ctrl+click: add it.");
    ImGui::TextDisabled("Right-click: rank the takes by how alike they move to it (Similar).");
    ImGui::EndTooltip();
}

void takeItemHover(FolderHoverPlay& hoverPlay, const folder::FolderEntry& entry, std::size_t index,
                   std::size_t position) {
    if (ImGui::IsItemHovered()) {
        drawTakeTooltip(entry);
        hoverPlay.hover(index, position);
    }
}

bool drawTakePicture(const FolderThumbnails& thumbnails, const FolderHoverPlay& hoverPlay,
                     const folder::FolderEntry& entry, std::size_t index, float size) {
    GLuint texture = hoverPlay.texture(index);
    if (texture == 0 && entry.thumbnail == folder::ThumbnailState::Drawn) {
        texture = thumbnails.texture(index);
    }
    if (texture == 0) {
        return false;
    }
    // GL textures start at the bottom row: flip v.
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture)),
                 ImVec2(size, size), ImVec2(0.0f, 1.0f), ImVec2(1.0f, 0.0f));
    return true;
}

} // namespace bvhscope::viewer
