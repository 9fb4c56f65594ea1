// The joint hierarchy of every character, collapsible, with a search box. Clicking selects the
// joint (highlighted in the viewport); a pick in the viewport opens the tree down to it. While
// A/B compare runs, A's and B's joints show their distance to the other's, right-aligned.
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/retarget_panels.h"

#include <algorithm>
#include <cctype>
#include <imgui_stdlib.h>
#include <span>
#include <string>
#include <vector>

namespace bvhscope::viewer {

namespace {

// The name a row keeps room for at the deepest level shown, in font sizes ("LeftForeArm").
constexpr float kJointNameEms = 6.0f;

bool containsIgnoringCase(std::string_view text, std::string_view needle) {
    return std::search(text.begin(), text.end(), needle.begin(), needle.end(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           }) != text.end();
}

std::string nodeLabel(const bvh::Skeleton& skeleton, std::size_t node) {
    return skeleton.isEndSite[node] ? "End Site" : skeleton.names[node];
}

void recordRect(PanelContext& panel, std::size_t character, const bvh::Skeleton& skeleton,
                std::size_t node) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    panel.rects.rects["tree:" + std::to_string(character) + ":" + skeleton.names[node]] = {
        min.x, min.y, max.x - min.x, max.y - min.y};
}

// The compare distance of a node of A or B as text ("" when not comparing it).
std::string compareDistanceText(const ViewerState& state, std::size_t character, std::size_t node) {
    const CompareView& compare = state.analysis.compare;
    if (!compare.active) {
        return {};
    }
    const std::vector<double>* distances = character == compare.a   ? &compare.distanceOfNodeA
                                           : character == compare.b ? &compare.distanceOfNodeB
                                                                    : nullptr;
    if (distances == nullptr || node >= distances->size()) {
        return {};
    }
    const double distance = (*distances)[node];
    return distance < 0.0 ? "no match" : formatMetres(distance);
}

// A row's label, elided so that it and the compare distance both fit beside each other and it
// reads apart from its siblings' (the whole name in a tooltip); at least a few characters,
// where the horizontal scroll takes over.
std::string fittedLabel(const std::string& label, std::span<const std::string> siblings,
                        const std::string& distance, float indent) {
    const float reserve = distance.empty() ? 0.0f
                                           : ImGui::CalcTextSize(distance.c_str()).x +
                                                 2.0f * ImGui::GetStyle().ItemSpacing.x;
    const float width =
        std::max(ImGui::GetContentRegionAvail().x - indent - reserve, ImGui::GetFontSize() * 3.0f);
    return elideAmongToWidth(label, siblings, width);
}

// Each node's siblings as linked lists (parents come before children, so one backward pass),
// to tell a shortened name from its siblings' ("Left...der", "Right...").
class Siblings {
public:
    explicit Siblings(const bvh::Skeleton& skeleton)
        : skeleton_(skeleton), firstChild_(skeleton.nodeCount() + 1, kNone),
          next_(skeleton.nodeCount(), kNone) {
        for (std::size_t i = skeleton.nodeCount(); i-- > 0;) {
            std::size_t& first = firstChild_[slotOfParent(i)];
            next_[i] = first;
            first = i;
        }
    }
    // The labels of `node`'s siblings and its own; a flat hierarchy's thousand children are
    // cut to the first kMostCompared (the names nearest in the file are the likely twins).
    std::vector<std::string> labelsBeside(std::size_t node) const {
        std::vector<std::string> labels;
        for (std::size_t i = firstChild_[slotOfParent(node)];
             i != kNone && labels.size() < kMostCompared; i = next_[i]) {
            labels.push_back(nodeLabel(skeleton_, i));
        }
        return labels;
    }

private:
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    static constexpr std::size_t kMostCompared = 64;
    std::size_t slotOfParent(std::size_t node) const {
        const bvh::NodeIndex parent = skeleton_.parents[node];
        return parent == bvh::kNoParent ? skeleton_.nodeCount() : static_cast<std::size_t>(parent);
    }
    const bvh::Skeleton& skeleton_;
    std::vector<std::size_t> firstChild_; // per node, and the roots' at the end
    std::vector<std::size_t> next_;
};

// The compare distance of a node of A or B, drawn at the right end of the last item's row, or
// after its label (`labelRight`) when a deep row's label leaves no room (the tree then scrolls
// sideways).
void drawCompareDistance(const ViewerState& state, std::size_t character, std::size_t node,
                         float labelRight) {
    const CompareView& compare = state.analysis.compare;
    const std::string text = compareDistanceText(state, character, node);
    if (text.empty()) {
        return;
    }
    const double distance =
        (compare.a == character ? compare.distanceOfNodeA : compare.distanceOfNodeB)[node];
    const glm::vec4 color =
        distance < 0.0 ? unmatchedNodeColor() : differenceColor(distance, compare.redAtMetres);
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    ImGui::GetWindowDrawList()->AddText(
        ImVec2(std::max(max.x - size.x - 4.0f, labelRight + ImGui::GetStyle().ItemSpacing.x),
               min.y + (max.y - min.y - size.y) * 0.5f),
        ImGui::ColorConvertFloat4ToU32(ImVec4(color.r, color.g, color.b, 1.0f)), text.c_str());
}

void select(PanelContext& panel, std::size_t character, std::size_t node) {
    panel.commands.push(
        command::SelectJoint{scene::Selection{character, static_cast<bvh::NodeIndex>(node)}});
}

// The hierarchy without recursion (files can nest thousands deep): parents come before
// children, so one pass with a stack of open tree nodes draws it. Returns how deep the deepest
// row drawn is (0: the roots).
std::size_t drawHierarchy(PanelContext& panel, std::size_t characterIndex) {
    const ViewerState& state = panel.state;
    const bvh::Skeleton& skeleton =
        state.scene.characters()[characterIndex].clip->document.skeleton;
    const std::size_t count = skeleton.nodeCount();
    std::vector<std::uint8_t> shown(count, 0);    // drawn (its parent is open)
    std::vector<std::uint8_t> expanded(count, 0); // drawn and open
    std::vector<bvh::NodeIndex> openStack;
    const Siblings siblings(skeleton);
    std::size_t deepest = 0;

    // When the viewport picked a joint, open its ancestors.
    std::vector<std::uint8_t> onSelectionPath(count, 0);
    const bool reveal = state.revealSelectionInTree && state.selection &&
                        state.selection->character == characterIndex;
    if (reveal) {
        for (bvh::NodeIndex node =
                 skeleton.parents[static_cast<std::size_t>(state.selection->node)];
             node != bvh::kNoParent; node = skeleton.parents[static_cast<std::size_t>(node)]) {
            onSelectionPath[static_cast<std::size_t>(node)] = 1;
        }
    }

    for (std::size_t i = 0; i < count; ++i) {
        const bvh::NodeIndex parent = skeleton.parents[i];
        if (parent != bvh::kNoParent && !expanded[static_cast<std::size_t>(parent)]) {
            continue;
        }
        while (!openStack.empty() && openStack.back() != parent) {
            ImGui::TreePop();
            openStack.pop_back();
        }
        shown[i] = 1;
        deepest = std::max(deepest, openStack.size());
        const bool selected = state.selection && state.selection->character == characterIndex &&
                              state.selection->node == static_cast<bvh::NodeIndex>(i);
        const bool leaf =
            i + 1 >= count || skeleton.parents[i + 1] != static_cast<bvh::NodeIndex>(i);
        ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow |
                                   ImGuiTreeNodeFlags_OpenOnDoubleClick |
                                   ImGuiTreeNodeFlags_SpanAvailWidth;
        if (leaf) {
            flags |= ImGuiTreeNodeFlags_Leaf;
        }
        if (selected) {
            flags |= ImGuiTreeNodeFlags_Selected;
        }
        if (parent == bvh::kNoParent || i < 6) {
            flags |= ImGuiTreeNodeFlags_DefaultOpen;
        }
        if (onSelectionPath[i]) {
            ImGui::SetNextItemOpen(true);
        }
        ImGui::PushID(static_cast<int>(i));
        if (skeleton.isEndSite[i]) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        }
        const std::string label = nodeLabel(skeleton, i);
        const std::string distance = compareDistanceText(state, characterIndex, i);
        std::string shown = fittedLabel(label, {}, distance, ImGui::GetTreeNodeToLabelSpacing());
        if (shown != label) {
            shown = fittedLabel(label, siblings.labelsBeside(i), distance,
                                ImGui::GetTreeNodeToLabelSpacing());
        }
        const bool open = ImGui::TreeNodeEx("node", flags, "%s", shown.c_str());
        if (skeleton.isEndSite[i]) {
            ImGui::PopStyleColor();
        }
        if (shown.size() != label.size() && ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", label.c_str());
        }
        ImGui::PopID();
        recordRect(panel, characterIndex, skeleton, i);
        if (shown != label) {
            recordShownText(panel.rects, "tree:" + std::to_string(characterIndex) + ":" + label,
                            shown);
        }
        drawCompareDistance(state, characterIndex, i,
                            ImGui::GetItemRectMin().x + ImGui::GetTreeNodeToLabelSpacing() +
                                ImGui::CalcTextSize(shown.c_str()).x);
        if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
            select(panel, characterIndex, i);
        }
        if (selected && reveal) {
            ImGui::SetScrollHereY(0.5f);
        }
        if (open) {
            expanded[i] = 1;
            openStack.push_back(static_cast<bvh::NodeIndex>(i));
        }
    }
    while (!openStack.empty()) {
        ImGui::TreePop();
        openStack.pop_back();
    }
    return deepest;
}

void drawSearchResults(PanelContext& panel, std::size_t characterIndex, const std::string& filter) {
    const ViewerState& state = panel.state;
    const bvh::Skeleton& skeleton =
        state.scene.characters()[characterIndex].clip->document.skeleton;
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (skeleton.isEndSite[i] || !containsIgnoringCase(skeleton.names[i], filter)) {
            continue;
        }
        const bool selected = state.selection && state.selection->character == characterIndex &&
                              state.selection->node == static_cast<bvh::NodeIndex>(i);
        ImGui::PushID(static_cast<int>(i));
        const std::string shown =
            fittedLabel(skeleton.names[i], {}, compareDistanceText(state, characterIndex, i), 0.0f);
        if (ImGui::Selectable(shown.c_str(), selected)) {
            select(panel, characterIndex, i);
        }
        ImGui::PopID();
        recordRect(panel, characterIndex, skeleton, i);
        drawCompareDistance(state, characterIndex, i,
                            ImGui::GetItemRectMin().x + ImGui::CalcTextSize(shown.c_str()).x);
    }
}

// The panel, from what it may read and change (panel_context.h); whether it was drawn.
bool drawJointTree(PanelContext panel) {
    const ViewerState& state = panel.state;
    if (!beginDockedPanel(panel.rects, "Joints", state.layout.joints)) {
        return false;
    }
    static std::string filter;
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputTextWithHint("##search", "Search joints", &filter);
    // Sideways scrolling for hierarchies nested deeper than the column is wide.
    ImGui::BeginChild("tree", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    // The indentation shrinks so that the deepest row drawn last frame keeps room for a name
    // ("LeftForeArm" five levels down in a 170-pixel column), down to half a character.
    static std::size_t deepestShown = 0;
    const float labelRoom =
        ImGui::GetFontSize() * kJointNameEms + ImGui::GetTreeNodeToLabelSpacing();
    const float indent =
        deepestShown == 0
            ? ImGui::GetStyle().IndentSpacing
            : std::clamp((ImGui::GetContentRegionAvail().x - labelRoom) /
                             static_cast<float>(deepestShown),
                         ImGui::GetFontSize() * 0.5f, ImGui::GetStyle().IndentSpacing);
    ImGui::PushStyleVar(ImGuiStyleVar_IndentSpacing, indent);
    panel.rects.rects["tree:indent"] = {0.0f, 0.0f, indent, 0.0f};
    std::size_t deepest = 0;
    const std::vector<std::string> fileNames = openFileNames(state);
    const std::vector<scene::Character>& characters = state.scene.characters();
    for (std::size_t c = 0; c < characters.size(); ++c) {
        ImGui::PushID(static_cast<int>(c));
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(characters[c].appearance.color.r,
                                                    characters[c].appearance.color.g,
                                                    characters[c].appearance.color.b, 1.0f));
        // The file's name elided to the header ("###file": the same header whatever is shown).
        const std::string header =
            elideAmongToWidth(characters[c].clip->displayName, fileNames,
                              ImGui::GetContentRegionAvail().x -
                                  ImGui::GetTreeNodeToLabelSpacing() -
                                  2.0f * ImGui::GetStyle().FramePadding.x) + // a framed header
            "###file";
        const bool open = ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
        ImGui::PopStyleColor();
        recordShownText(panel.rects, "tree:file:" + std::to_string(c),
                        std::string_view(header).substr(0, header.size() - 7)); // "###file"
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", characters[c].clip->displayName.c_str());
        }
        if (ImGui::BeginPopupContextItem("##file")) { // the file's own menu (issue 40)
            drawRetargetOntoMenu(panel, c);
            ImGui::EndPopup();
        }
        if (open) {
            if (filter.empty()) {
                deepest = std::max(deepest, drawHierarchy(panel, c));
            } else {
                drawSearchResults(panel, c, filter);
            }
        }
        ImGui::PopID();
    }
    deepestShown = deepest;
    ImGui::PopStyleVar();
    ImGui::EndChild();
    ImGui::End();
    return true;
}

} // namespace

// The viewport's pick is revealed once the tree has been drawn with it (a collapsed column
// keeps it until the tree shows again): the interface's own request, consumed here.
void drawJointTreePanel(ViewerState& state) {
    if (drawJointTree(PanelContext::of(state))) {
        state.revealSelectionInTree = false;
    }
}

} // namespace bvhscope::viewer
