// The analysis views' state and their once-per-frame update: the rest-pose toggle, the selected
// joint's curves with their flips and jitter, A/B comparison, the per-file fps override. No GL
// and no ImGui: the panels (curves_panel.cpp, compare_panel.cpp, info_panel.cpp, ...) draw
// from this and edit it; tests drive it without a window.
#pragma once

#include "app/scene/playback.h"
#include "app/scene/scene.h"
#include "app/viewer/analysis/similar_characters.h"
#include "core/analysis/channel_events.h"
#include "core/analysis/pose_difference.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// [SECTION] Curves of the selected joint

struct CurveView {
    // What the series were computed from; recomputed when any of it changes.
    std::optional<scene::Selection> selection;
    const float* valuesData = nullptr;
    std::uint32_t frameCount = 0;

    std::vector<bvh::ChannelSeries> series;
    std::vector<bvh::ChannelEvent> events; // of the selected node, by frame
    // Whether the panel is up is the user's (ViewerSettings::showCurves), not the selection's.
};

// [SECTION] A/B compare

enum class CompareLayout : std::uint8_t { Overlay, SideBySide };

struct CompareView {
    bool enabled = false;
    std::size_t a = 0;
    std::size_t b = 1;
    CompareLayout layout = CompareLayout::Overlay;
    bool relativeToRoot = false;
    // B turned and moved so that its first frame stands where A's does, facing A's way (in
    // Side by side: turned only, each in its slot); the numbers measure B so aligned.
    bool alignStart = false;

    // Derived each frame while enabled and valid.
    bool active = false; // enabled, A and B exist, differ, are loaded and share joint names
    std::string inactiveReason;
    bvh::NodeMatching matching;
    bvh::PoseDifference now;                 // at the current time, viewer metres
    std::optional<bvh::ClipDifference> clip; // over A's frames, once both are fully loaded
    std::vector<double> distanceOfNodeA;     // per node of A: metres, or -1 when unmatched
    std::vector<double> distanceOfNodeB;     // per node of B
    double redAtMetres = 0.0;                // where the colour ramp reaches red

    // Cache keys.
    std::size_t matchedA = SIZE_MAX;
    std::size_t matchedB = SIZE_MAX;
    std::string clipKey;
    bool placementOverridden = false; // B stands where A does until the layout changes back
};

// Pairs with at least this fraction of names in common may be compared.
inline constexpr double kMinMatchedFraction = 0.5;
// The colour ramp: green at 0, yellow at half, red from this fraction of B's figure height.
inline constexpr double kRedAtFigureFraction = 0.10;
glm::vec4 differenceColor(double metres, double redAtMetres);
glm::vec4 unmatchedNodeColor();

// [SECTION] Everything

struct AnalysisViews {
    bool showRestPose = false; // P, or the checkbox on the timeline
    CurveView curves;
    CompareView compare;
    SimilarCharacters similar; // the Selected panel's Similar over the files open
};

// Once per frame, after the live view sampled `pose` (the rest pose instead of the animation
// when showRestPose): B's placement (re-placing its pose, not sampling it again) and bone
// colours and the difference numbers, the selected joint's curves.
void updateAnalysisViews(AnalysisViews& views, scene::Scene& scene, scene::ScenePose& pose,
                         const std::optional<scene::Selection>& selection,
                         bvh::Interpolation interpolation);

// A character was removed: A/B indices follow the characters that stay (compare ends when A or
// B is the one removed).
void onCharacterRemoved(AnalysisViews& views, std::size_t index);
// A character put back at `index` (undo of Remove): A and B follow their characters.
void onCharacterInserted(AnalysisViews& views, std::size_t index);

// Sets or clears a character's fps override and keeps the timeline coherent: the clip length
// is updated at once and, when it is the character that numbers the timeline (the first), the
// current frame stays the current frame. False when the rate is refused (character.h).
bool applyFramesPerSecondOverride(scene::Scene& scene, scene::Playback& playback, std::size_t index,
                                  std::optional<double> framesPerSecond);

// "2.3 cm", "1.24 m": a distance in the viewer's metres for a label.
std::string formatMetres(double metres);

} // namespace bvhscope::viewer
