#include "app/viewer/analysis/analysis_views.h"

#include "app/scene/start_alignment.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>

namespace bvhscope::viewer {

namespace {

const glm::vec4 kGreen{0.25f, 0.85f, 0.35f, 1.0f};
const glm::vec4 kYellow{0.95f, 0.85f, 0.20f, 1.0f};
const glm::vec4 kRed{0.95f, 0.25f, 0.20f, 1.0f};

// From a character's file into the space A and B are compared in: the viewer's, without the
// placement that stands them side by side; for B with Align start, turned and moved onto A's
// start as the overlay shows it (alignStartWith, less A's own placement).
glm::dmat4 comparedFrame(const CompareView& compare, const scene::Character& character,
                         const scene::Character& a) {
    if (!compare.alignStart || &character == &a) {
        return character.axes.fileToViewer;
    }
    const glm::vec3 onto = a.axes.startGround - character.axes.startGround;
    const scene::Placement aligned{
        {onto.x, 0.0f, onto.z}, character.arrangement.heading, character.axes.startGround};
    return glm::dmat4(aligned.matrix()) * character.axes.fileToViewer;
}

// World positions in that space: what the eye compares.
std::vector<glm::dvec3> comparablePositions(const glm::dmat4& frame,
                                            const scene::CharacterPose& pose) {
    std::vector<glm::dvec3> positions(pose.world.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        positions[i] = glm::dvec3(frame * glm::dvec4(pose.world[i].translation, 1.0));
    }
    return positions;
}

bvh::ComparedClip comparedClip(const scene::Character& character, const glm::dmat4& frame) {
    return {&character.clip->document.skeleton, &character.clip->document.motion,
            character.clip->translation, frame, scene::frameTimeInUse(character)};
}

// Relative to root measures from each figure's body root: its hips where the file's root is a
// static link (a `joint_Root` at the origin above the travelling `Hips`; issue 39), else node 0.
bvh::PoseComparisonOptions comparisonOptions(const CompareView& compare, const scene::Character& a,
                                             const scene::Character& b) {
    bvh::PoseComparisonOptions options;
    options.relativeToRoot = compare.relativeToRoot;
    options.bodyOnly = compare.alignStart; // a static root stays where its take began
    options.rootA = bvh::bodyRootOf(a.clip->document.skeleton, a.clip->summary.stance.staticRoots);
    options.rootB = bvh::bodyRootOf(b.clip->document.skeleton, b.clip->summary.stance.staticRoots);
    return options;
}

// [SECTION] A/B compare

void restoreSideBySide(CompareView& compare, scene::Scene& scene, scene::ScenePose& pose) {
    if (!compare.placementOverridden) {
        return;
    }
    compare.placementOverridden = false;
    for (scene::Character& character : scene.characters()) {
        scene::setHeading(character, 0.0f); // only compare turns a character
    }
    scene.arrangeSideBySide();
    for (std::size_t i = 0; i < scene.characters().size() && i < pose.characters.size(); ++i) {
        scene::placePose(scene.characters()[i], pose.characters[i]);
    }
}

// Why A and B cannot be compared now, or "" when they can. Recomputes the matching when the pair
// changed.
std::string checkPair(CompareView& compare, const std::vector<scene::Character>& characters) {
    if (characters.size() < 2) {
        return "Open a second file to compare with.";
    }
    if (compare.a >= characters.size() || compare.b >= characters.size()) {
        compare.a = 0;
        compare.b = 1;
    }
    if (compare.a == compare.b) {
        return "Choose two different files.";
    }
    const bvh::Skeleton& a = characters[compare.a].clip->document.skeleton;
    const bvh::Skeleton& b = characters[compare.b].clip->document.skeleton;
    if (compare.matchedA != compare.a || compare.matchedB != compare.b ||
        compare.matching.partnerInB.size() != a.nodeCount() ||
        compare.matching.partnerInA.size() != b.nodeCount()) {
        compare.matching = bvh::matchNodesByName(a, b);
        compare.matchedA = compare.a;
        compare.matchedB = compare.b;
        compare.clip.reset();
        compare.clipKey.clear();
    }
    if (compare.matching.matchedFraction() < kMinMatchedFraction) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "Only %zu of %zu joint names match: these files do not share a skeleton.",
                      compare.matching.pairs.size(), std::max(a.nodeCount(), b.nodeCount()));
        return text;
    }
    return {};
}

void updateClipSummary(CompareView& compare, const scene::Character& a, const scene::Character& b,
                       bvh::Interpolation interpolation) {
    // The whole-clip summary needs every frame: not while a file loads, nor of a live stream
    // (its frames keep coming; the pose-by-pose comparison still runs).
    if (a.loading() || b.loading() || a.isLive() || b.isLive()) {
        compare.clip.reset();
        compare.clipKey.clear();
        return;
    }
    // Everything the summary depends on: the pair, their frames, rates, axes and scales.
    auto side = [](const scene::Character& character) {
        char text[160];
        std::snprintf(text, sizeof text, "%p %u %.17g %d %.17g|",
                      static_cast<const void*>(character.clip->document.motion.values.data()),
                      character.clip->document.motion.frameCount, scene::frameTimeInUse(character),
                      static_cast<int>(character.axes.upAxis),
                      glm::length(glm::dvec3(character.axes.fileToViewer[0]))); // axis and scale
        return std::string(text);
    };
    const glm::dmat4 frameB = comparedFrame(compare, b, a);
    char aligned[96];
    std::snprintf(aligned, sizeof aligned, "%.9g %.9g %.9g", frameB[3][0], frameB[3][2],
                  frameB[0][2]); // Align start's move and turn
    const std::string key = side(a) + side(b) + std::to_string(compare.relativeToRoot) +
                            std::to_string(compare.alignStart) +
                            std::to_string(static_cast<int>(interpolation)) + aligned;
    if (compare.clip && compare.clipKey == key) {
        return;
    }
    compare.clipKey = key;
    compare.clip =
        bvh::compareClips(comparedClip(a, a.axes.fileToViewer), comparedClip(b, frameB),
                          compare.matching, interpolation, 600, comparisonOptions(compare, a, b));
}

// B on A (Overlay), or each in its slot (Side by side); with Align start, B turned to face A's
// way at the first frame and, overlaid, moved so that both start on one ground point.
void placeCompared(CompareView& compare, scene::Scene& scene, scene::ScenePose& pose) {
    scene::Character& a = scene.characters()[compare.a];
    scene::Character& b = scene.characters()[compare.b];
    if (compare.layout == CompareLayout::Overlay) {
        if (compare.alignStart) {
            scene::alignStartWith(b, a);
        } else {
            scene::standWith(b, a);
        }
        compare.placementOverridden = true;
    } else {
        restoreSideBySide(compare, scene, pose);
        if (compare.alignStart) {
            scene::setHeading(b, scene::headingToFace(b, a));
            compare.placementOverridden = true;
        }
    }
    scene::placePose(b, pose.characters[compare.b]);
}

void updateCompare(CompareView& compare, scene::Scene& scene, scene::ScenePose& pose,
                   bvh::Interpolation interpolation) {
    std::vector<scene::Character>& characters = scene.characters();
    for (scene::Character& character : characters) {
        character.comparePaint.nodeColors.clear();
    }
    compare.active = false;
    compare.inactiveReason.clear();
    if (!compare.enabled) {
        restoreSideBySide(compare, scene, pose);
        return;
    }
    compare.inactiveReason = checkPair(compare, characters);
    if (!compare.inactiveReason.empty()) {
        restoreSideBySide(compare, scene, pose);
        return;
    }
    if (pose.characters.size() != characters.size()) {
        return; // not sampled since the characters changed: next frame
    }
    compare.active = true;
    scene::Character& a = characters[compare.a];
    scene::Character& b = characters[compare.b];
    placeCompared(compare, scene, pose);

    compare.now = bvh::measurePoseDifference(
        compare.matching, comparablePositions(a.axes.fileToViewer, pose.characters[compare.a]),
        comparablePositions(comparedFrame(compare, b, a), pose.characters[compare.b]),
        comparisonOptions(compare, a, b));
    compare.distanceOfNodeA.assign(a.clip->document.skeleton.nodeCount(), -1.0);
    compare.distanceOfNodeB.assign(b.clip->document.skeleton.nodeCount(), -1.0);
    for (std::size_t k = 0; k < compare.matching.pairs.size(); ++k) {
        const auto [nodeA, nodeB] = compare.matching.pairs[k];
        compare.distanceOfNodeA[static_cast<std::size_t>(nodeA)] = compare.now.distances[k];
        compare.distanceOfNodeB[static_cast<std::size_t>(nodeB)] = compare.now.distances[k];
    }
    compare.redAtMetres = kRedAtFigureFraction * b.axes.figureHeightMetres;
    b.comparePaint.nodeColors.resize(compare.distanceOfNodeB.size());
    for (std::size_t i = 0; i < b.comparePaint.nodeColors.size(); ++i) {
        const double distance = compare.distanceOfNodeB[i];
        b.comparePaint.nodeColors[i] =
            distance < 0.0 ? unmatchedNodeColor() : differenceColor(distance, compare.redAtMetres);
    }
    updateClipSummary(compare, a, b, interpolation);
}

// [SECTION] Curves

void updateCurves(CurveView& curves, const scene::Scene& scene,
                  const std::optional<scene::Selection>& selection) {
    const std::vector<scene::Character>& characters = scene.characters();
    if (!selection || selection->character >= characters.size()) {
        curves.selection.reset();
        curves.series.clear();
        curves.events.clear();
        curves.valuesData = nullptr;
        return;
    }
    const scene::Character& character = characters[selection->character];
    const bvh::Motion& motion = character.clip->document.motion;
    const float* values = character.loading() ? nullptr : motion.values.data();
    const std::uint32_t frames = character.loading() ? 0 : motion.frameCount;
    if (curves.selection == selection && curves.valuesData == values &&
        curves.frameCount == frames) {
        return;
    }
    curves.selection = selection;
    curves.valuesData = values;
    curves.frameCount = frames;
    curves.series.clear();
    curves.events.clear();
    if (character.loading()) {
        return; // the curves need every frame: they come when the file is read
    }
    curves.series = bvh::channelSeries(character.clip->document.skeleton, motion, selection->node);
    curves.events =
        bvh::findChannelEvents(character.clip->document.skeleton, motion, selection->node);
}

} // namespace

glm::vec4 differenceColor(double metres, double redAtMetres) {
    const float t =
        redAtMetres > 0.0 ? static_cast<float>(std::clamp(metres / redAtMetres, 0.0, 1.0)) : 1.0f;
    return t < 0.5f ? kGreen + (kYellow - kGreen) * (t * 2.0f)
                    : kYellow + (kRed - kYellow) * ((t - 0.5f) * 2.0f);
}

glm::vec4 unmatchedNodeColor() {
    return {0.45f, 0.45f, 0.48f, 1.0f};
}

void updateAnalysisViews(AnalysisViews& views, scene::Scene& scene, scene::ScenePose& pose,
                         const std::optional<scene::Selection>& selection,
                         bvh::Interpolation interpolation) {
    updateCompare(views.compare, scene, pose, interpolation);
    updateCurves(views.curves, scene, selection);
}

void onCharacterRemoved(AnalysisViews& views, std::size_t index) {
    CompareView& compare = views.compare;
    if (index == compare.a || index == compare.b) {
        compare.enabled = false;
        // Scene::remove arranges everyone again; a heading Align start gave is still to undo.
        compare.placementOverridden = compare.alignStart;
    }
    if (compare.a > index) {
        --compare.a;
    }
    if (compare.b > index) {
        --compare.b;
    }
    compare.matchedA = compare.matchedB = SIZE_MAX;
}

void onCharacterInserted(AnalysisViews& views, std::size_t index) {
    CompareView& compare = views.compare;
    if (compare.a >= index) {
        ++compare.a;
    }
    if (compare.b >= index) {
        ++compare.b;
    }
    compare.matchedA = compare.matchedB = SIZE_MAX;
}

bool applyFramesPerSecondOverride(scene::Scene& scene, scene::Playback& playback, std::size_t index,
                                  std::optional<double> framesPerSecond) {
    if (index >= scene.characters().size()) {
        return false;
    }
    const std::int64_t frame = playback.frame();
    if (!scene::setFramesPerSecondOverride(scene.characters()[index], framesPerSecond)) {
        return false;
    }
    playback.setClip(scene.duration(), scene.frameTime());
    if (index == 0) {
        playback.seekFrame(frame); // the timeline's frames are the first file's
    }
    return true;
}

std::string formatMetres(double metres) {
    char text[32];
    if (metres < 0.01) {
        std::snprintf(text, sizeof text, "%.1f mm", metres * 1000.0);
    } else if (metres < 1.0) {
        std::snprintf(text, sizeof text, "%.1f cm", metres * 100.0);
    } else {
        std::snprintf(text, sizeof text, "%.2f m", metres);
    }
    return text;
}

} // namespace bvhscope::viewer
