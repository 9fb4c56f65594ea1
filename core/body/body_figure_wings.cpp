// Wings: a flat blade along each wing chain (BoneRole::Wing), broad at the root and tapering to the
// tip, its width in the plane the chain bends in.
#include "core/body/body_figure_builder.h"
#include "core/body/body_grid.h"

namespace bvh::body_figure_detail {

std::size_t FigureBuilder::wingTop(std::size_t node) const {
    for (NodeIndex parent = skeleton.parents[node];
         parent != kNoParent && roles[static_cast<std::size_t>(parent)] == BoneRole::Wing;
         parent = skeleton.parents[node]) {
        node = static_cast<std::size_t>(parent);
    }
    return node;
}

float FigureBuilder::alongWing(std::size_t top, std::size_t node) const {
    float along = 0.0f;
    for (; node != top; node = static_cast<std::size_t>(skeleton.parents[node])) {
        along += boneLength(node);
    }
    return along;
}

std::optional<glm::vec3> FigureBuilder::trunkAxisAbove(std::size_t top) const {
    NodeIndex trunk = skeleton.parents[top];
    while (trunk != kNoParent && roles[static_cast<std::size_t>(trunk)] != BoneRole::Trunk) {
        trunk = skeleton.parents[static_cast<std::size_t>(trunk)];
    }
    if (trunk == kNoParent) {
        return std::nullopt;
    }
    auto base = static_cast<std::size_t>(trunk);
    for (NodeIndex below = skeleton.parents[base];
         below != kNoParent && roles[static_cast<std::size_t>(below)] == BoneRole::Trunk;
         below = skeleton.parents[base]) {
        base = static_cast<std::size_t>(below);
    }
    const glm::vec3 axis = points[static_cast<std::size_t>(trunk)] - points[base];
    if (!(glm::length(axis) > kWingTrunkLeast)) {
        return std::nullopt;
    }
    return glm::normalize(axis);
}

FigureBuilder::WingPlane FigureBuilder::wingPlane(std::size_t top) const {
    // The chain from its top along its longest bones: where it bends, the plane its joints span,
    // the leading edge on the bend's outer side (a folded wing's wrist leads it).
    const glm::vec3 root = points[top];
    glm::vec3 tip = root;
    for (std::size_t node = top;
         roles[node] == BoneRole::Wing && longestChild[node] != kNoParent;) {
        node = static_cast<std::size_t>(longestChild[node]);
        tip = points[node];
    }
    const glm::vec3 chord = tip - root;
    const float span = glm::length(chord);
    glm::vec3 farthest(0.0f);
    for (std::size_t node = top;
         roles[node] == BoneRole::Wing && longestChild[node] != kNoParent;) {
        node = static_cast<std::size_t>(longestChild[node]);
        const glm::vec3 off = points[node] - root;
        const glm::vec3 across =
            span > 0.0f ? off - chord * (glm::dot(off, chord) / (span * span)) : glm::vec3(0.0f);
        farthest = glm::length(across) > glm::length(farthest) ? across : farthest;
    }
    if (glm::length(farthest) > kWingBendShare * span) {
        return {glm::normalize(glm::cross(chord, farthest)), glm::normalize(farthest)};
    }
    // Straight: the plane holding the chain and the trunk's axis, leading towards the trunk's top:
    // up and down an upright figure (as a folded wing's feathers hang), front to back along a
    // bird's level trunk (as a spread wing's chord runs). A chain along that axis leads with the
    // figure's front.
    const glm::vec3 axis = trunkAxisAbove(top).value_or(up);
    const glm::vec3 lead =
        facing && std::abs(glm::dot(chord, axis)) > 0.95f * span ? *facing : axis;
    const glm::vec3 normal = glm::cross(chord, lead);
    if (!(glm::length(normal) > 0.0f)) {
        return {anyPerpendicular(lead), lead};
    }
    return {glm::normalize(normal), lead};
}

FigureBuilder::WingBlade FigureBuilder::wingBlade(std::size_t child) const {
    const auto parent = static_cast<std::size_t>(skeleton.parents[child]);
    const std::size_t top = wingTop(parent);
    // Along the chain: the bones before this one (through whichever branch leads here), this
    // one, and those after it along the longest; a joint two wing bones or more leave (Second
    // Life's mWing3Left, to mWing4Left and mWing4FanLeft) is a fan, which holds the tip spread.
    const float before = alongWing(top, parent);
    const float length = boneLength(child);
    float after = 0.0f;
    for (std::size_t node = child; roles[node] == BoneRole::Wing && longestChild[node] != kNoParent;
         node = static_cast<std::size_t>(longestChild[node])) {
        after += boneLength(static_cast<std::size_t>(longestChild[node]));
    }
    const float run = before + length + after;
    // The fan: the first joint along the chain that two wing bones or more leave.
    float fanAt = run;
    for (std::size_t node = top; roles[node] == BoneRole::Wing && longestChild[node] != kNoParent;
         node = static_cast<std::size_t>(longestChild[node])) {
        std::size_t bones = 0;
        for (std::size_t c = node + 1; c < points.size(); ++c) {
            bones += skeleton.parents[c] == static_cast<NodeIndex>(node) && hasBone[c] != 0 ? 1 : 0;
        }
        if (bones >= 2) {
            fanAt = alongWing(top, node);
            break;
        }
    }
    const auto chordAt = [&](float along) {
        const float share = std::clamp(std::min(along, fanAt) / run, 0.0f, 1.0f);
        return run * glm::mix(kWingRootChord, kWingTipChord, share);
    };
    const glm::vec2 halfChord(0.5f * chordAt(before), 0.5f * chordAt(before + length));
    // One thickness along the whole wing, as thin as the grid keeps or as its root's chord allows.
    const float rim =
        std::max(kWingLeastDepthInCells * kBodyCellOfFigure, 0.5f * chordAt(0.0f) / kWingFlatness);
    const WingPlane plane = wingPlane(top);
    const glm::vec3 bone = points[child] - points[parent];
    glm::vec3 across = glm::cross(plane.normal, bone);
    across = glm::length(across) > 0.0f ? glm::normalize(across) : plane.lead;
    across = glm::dot(across, plane.lead) < 0.0f ? -across : across;
    return {rim, across, glm::max(halfChord, glm::vec2(rim))};
}

void FigureBuilder::addWingBone(std::size_t child) {
    const auto parent = static_cast<std::size_t>(skeleton.parents[child]);
    const WingBlade blade = wingBlade(child);
    // The bone runs along the blade's middle (body_figure_builder.h, kWingRootChord).
    const glm::vec3 from = points[parent];
    const glm::vec3 to = points[child];
    BodyVolume volume = makeRoundCone(from, to, blade.halfChord.x, blade.halfChord.y);
    const glm::vec3 axis = glm::normalize(to - from);
    const glm::vec3 width = glm::normalize(blade.across - axis * glm::dot(blade.across, axis));
    volume.shape = BodyVolume::Shape::EllipticCone;
    volume.axes = glm::transpose(glm::mat3(width, glm::cross(axis, width), axis));
    volume.rim = blade.rim;
    volume.blend = kWingBlend * blade.rim;
    attach(volume, parent, child);
    volume.runStartJoint = runStartJoint(parent, child);
    volume.radiusNode = static_cast<NodeIndex>(child);
    figure.volumes.push_back(volume);
}

} // namespace bvh::body_figure_detail
