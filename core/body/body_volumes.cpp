#include "core/body/body_volumes.h"

#include "core/body/body_gap.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
#include <vector>

namespace bvh {

float BodyVolume::largestRadius() const {
    if (shape == Shape::Ellipsoid) {
        return std::max({radii.x, radii.y, radii.z});
    }
    const float widest = shape == Shape::EllipticCone ? radii.x : 1.0f;
    return widest * std::max(radiusA, radiusB);
}

glm::vec3 BodyVolume::nearestAxisPoint(const glm::vec3& p) const {
    if (shape == Shape::Ellipsoid) {
        return a;
    }
    const glm::vec3 ab = b - a;
    const float lengthSquared = glm::dot(ab, ab);
    const float t =
        lengthSquared > 0.0f ? std::clamp(glm::dot(p - a, ab) / lengthSquared, 0.0f, 1.0f) : 0.0f;
    return a + t * ab;
}

BodyVolume makeRoundCone(const glm::vec3& a, const glm::vec3& b, float radiusA, float radiusB) {
    BodyVolume volume;
    volume.shape = BodyVolume::Shape::RoundCone;
    volume.a = a;
    volume.b = b;
    // A round cone is only a cone while one sphere does not swallow the other: keep the
    // difference of the radii under the length.
    const float length = glm::length(b - a);
    const float limit = 0.9f * length;
    if (radiusA - radiusB > limit) {
        radiusB = radiusA - limit;
    } else if (radiusB - radiusA > limit) {
        radiusA = radiusB - limit;
    }
    volume.radiusA = radiusA;
    volume.radiusB = radiusB;
    volume.boundsMin = glm::min(a - glm::vec3(radiusA), b - glm::vec3(radiusB));
    volume.boundsMax = glm::max(a + glm::vec3(radiusA), b + glm::vec3(radiusB));
    return volume;
}

BodyVolume makeEllipsoid(const glm::vec3& centre, const glm::mat3& axes, const glm::vec3& radii) {
    BodyVolume volume;
    volume.shape = BodyVolume::Shape::Ellipsoid;
    volume.a = centre;
    volume.b = centre;
    volume.axes = axes;
    volume.radii = radii;
    const float largest = std::max({radii.x, radii.y, radii.z});
    volume.boundsMin = centre - glm::vec3(largest);
    volume.boundsMax = centre + glm::vec3(largest);
    return volume;
}

BodyVolume makeEllipticCone(const glm::vec3& a, const glm::vec3& b, float radiusA, float radiusB,
                            const glm::vec3& across, float widthRatio) {
    BodyVolume volume = makeRoundCone(a, b, radiusA, radiusB);
    const glm::vec3 along = b - a;
    const float length = glm::length(along);
    if (!(length > 0.0f) || !(widthRatio > 1.0f)) {
        return volume;
    }
    const glm::vec3 axis = along / length;
    const glm::vec3 side = across - axis * glm::dot(across, axis);
    const float sideLength = glm::length(side);
    // The width fades out as the axis turns towards `across`, whose part across the axis then
    // points anywhere (a pelvis-to-hip bone a few degrees off the hips' line was widened front
    // to back and up, into a pot belly with a fold at its top).
    const float sine = sideLength / glm::length(across);
    const float fade = std::clamp((sine - kEllipticWidthFadeStart) /
                                      (kEllipticWidthFadeEnd - kEllipticWidthFadeStart),
                                  0.0f, 1.0f);
    const float ratio = 1.0f + (widthRatio - 1.0f) * fade * fade * (3.0f - 2.0f * fade);
    if (!(ratio > 1.0f)) {
        return volume; // `across` runs along the axis: no width to give
    }
    volume.shape = BodyVolume::Shape::EllipticCone;
    const glm::vec3 width = side / sideLength;
    const glm::vec3 depth = glm::cross(axis, width);
    volume.axes = glm::transpose(glm::mat3(width, depth, axis)); // rows: width, depth, axis
    volume.radii = glm::vec3(ratio, 1.0f, 1.0f);
    const glm::vec3 reachA(ratio * volume.radiusA);
    const glm::vec3 reachB(ratio * volume.radiusB);
    volume.boundsMin = glm::min(a - reachA, b - reachB);
    volume.boundsMax = glm::max(a + reachA, b + reachB);
    return volume;
}

namespace {

// Quilez's exact round cone, with a single square root.
float roundConeDistance(const BodyVolume& v, const glm::vec3& p) {
    const glm::vec3 ba = v.b - v.a;
    const float l2 = glm::dot(ba, ba);
    if (!(l2 > 0.0f)) {
        return glm::length(p - v.a) - std::max(v.radiusA, v.radiusB);
    }
    const float rr = v.radiusA - v.radiusB;
    const float a2 = l2 - rr * rr;
    const float il2 = 1.0f / l2;
    const glm::vec3 pa = p - v.a;
    const float y = glm::dot(pa, ba);
    const float z = y - l2;
    const glm::vec3 side = pa * l2 - ba * y;
    const float x2 = glm::dot(side, side);
    const float y2 = y * y * l2;
    const float z2 = z * z * l2;
    const float k = (rr < 0.0f ? -1.0f : (rr > 0.0f ? 1.0f : 0.0f)) * rr * rr * x2;
    const float signZ = z < 0.0f ? -1.0f : (z > 0.0f ? 1.0f : 0.0f);
    const float signY = y < 0.0f ? -1.0f : (y > 0.0f ? 1.0f : 0.0f);
    if (signZ * a2 * z2 > k) {
        return std::sqrt(x2 + z2) * il2 - v.radiusB;
    }
    if (signY * a2 * y2 < k) {
        return std::sqrt(x2 + y2) * il2 - v.radiusA;
    }
    return (std::sqrt(x2 * a2 * il2) + y * rr) * il2 - v.radiusA;
}

float ellipsoidDistance(const BodyVolume& v, const glm::vec3& p) {
    const glm::vec3 local = v.axes * (p - v.a); // rows of `axes` are the ellipsoid's axes
    const glm::vec3 scaled = local / v.radii;
    const float k0 = glm::length(scaled);
    const float k1 = glm::length(local / (v.radii * v.radii));
    const float least = std::min({v.radii.x, v.radii.y, v.radii.z});
    if (!(k1 > 0.0f)) {
        return -least;
    }
    // As the elliptic cone's: no deeper than the least semi-axis, continuous at the centre.
    return std::max(k0 * (k0 - 1.0f) / k1, -least);
}

// The ellipsoid's estimate about the axis's nearest point, whose depth is the cone's radius there
// and whose width is radii.x times that: an elliptic cylinder between two half-ellipsoids. The one
// past b is radii.z of the depth high over the axis, rising to the full depth's height with the
// square of the distance from the axis (of the section's): its rim and its sides are the
// half-ellipsoid's.
float ellipticConeDistance(const BodyVolume& v, const glm::vec3& p) {
    const glm::vec3 ba = v.b - v.a;
    const float l2 = glm::dot(ba, ba);
    const float t = l2 > 0.0f ? std::clamp(glm::dot(p - v.a, ba) / l2, 0.0f, 1.0f) : 0.0f;
    const float depth = v.radiusA + t * (v.radiusB - v.radiusA);
    const glm::vec3 local = v.axes * (p - (v.a + t * ba));
    if (v.rim > 0.0f) {
        // The segment across its width swept by a sphere of the rim's depth.
        const float flat = std::max(std::abs(local.x) - std::max(depth - v.rim, 0.0f), 0.0f);
        return glm::length(glm::vec3(flat, local.y, local.z)) - v.rim;
    }
    // A flattened top (radii.z < 1) is the cap past the end, `cap` of the depth high over the
    // axis and whole at its rim; where the point is measured from the end itself (t == 1), not
    // from a point along the axis, whose `local` lies across it up to rounding: there a local
    // a hair along the axis took the cap's height for the nearest side's.
    const bool flattened = v.radii.z < 1.0f;
    const float beyondEnd = l2 > 0.0f ? glm::dot(p - v.b, ba) / std::sqrt(l2) : 0.0f;
    float cap = 1.0f;
    if (flattened) {
        const glm::vec2 across(local.x / (depth * v.radii.x), local.y / (depth * v.radii.y));
        cap = v.radii.z + (1.0f - v.radii.z) * std::min(glm::dot(across, across), 1.0f);
    }
    const glm::vec3 radii =
        depth * glm::vec3(v.radii.x, v.radii.y, flattened && beyondEnd > 0.0f ? cap : 1.0f);
    const float k0 = glm::length(local / radii);
    const float k1 = glm::length(local / (radii * radii));
    // No point lies deeper than the cone's depth (its least radius there). Near the axis the
    // estimate itself depends on the direction (down to radii.x times the depth across): it
    // jumped there, and the gap's wall, measured from the nearest volume, jumped with it.
    float distance = k1 > 0.0f ? std::max(k0 * (k0 - 1.0f) / k1, -depth) : -depth;
    if (flattened && distance < 0.0f) {
        // Nor deeper than the flattened top lies above it: just below the end the cross section
        // alone said a whole depth deep, past the end the cap said its lower height, a step of
        // the difference (a slope of 30 through a chest's top under the neck).
        distance = std::max(distance, beyondEnd - depth * cap);
    }
    return distance;
}

} // namespace

float signedDistance(const BodyVolume& volume, const glm::vec3& p) {
    switch (volume.shape) {
    case BodyVolume::Shape::Ellipsoid:
        return ellipsoidDistance(volume, p);
    case BodyVolume::Shape::EllipticCone:
        return ellipticConeDistance(volume, p);
    case BodyVolume::Shape::RoundCone:
        break;
    }
    return roundConeDistance(volume, p);
}

namespace {

// How far a volume's chain of blends may sink below the nearest of its links, in the volume's
// blend width: as deep as the chain sinks up to kChainLinearDepth, then ever more slowly towards
// kChainMostDepth, however many neighbours overlap there. A chain sinks about as deep as one
// blend of two volumes (a quarter width) and little more: the union is the least of the chains,
// so a chain that sinks deeper than those beside it (four volumes meeting at a joint: the
// spine's top, the neck and the collars) stands out of the surface with a fold where it gives
// way to the others. (Three quarters made MakeHuman's belly round only while its three
// coincident pelvis bones were three volumes; the figure now makes them one.)
constexpr float kChainLinearDepth = 0.25f;
constexpr float kChainMostDepth = 0.375f;
// A neighbour counts no nearer than this many widths below the chain's volume.
constexpr float kChainLinkFloor = 0.25f;

// x up to `linear`, then rising ever more slowly towards `most` (continuous slope at `linear`).
float saturatedDepth(float x, float linear, float most) {
    if (x <= linear) {
        return x;
    }
    const float room = most - linear;
    return most - room * std::exp(-(x - linear) / room);
}

// How far below its volume a chain of `links` links over `blend` can sink at most: its links
// count at most kChainLinkFloor widths below the volume, and each sinks it at most a quarter width
// further, up to kChainMostDepth (boundedSmoothUnion prunes the chains that cannot reach below).
float chainSink(float blend, float links) {
    const float deepest = kChainLinkFloor + std::min(kChainMostDepth, 0.25f * links);
    return deepest * blend;
}

// How much of a blend width a neighbour's link is raised by where the two volumes are one limb's
// consecutive bones that continue each other: the smooth minimum of two equally near volumes
// sinks a quarter width below both, a bead round a straight elbow, knee or wrist (the Mixamo-like
// biped's elbow 15 % thicker than its bones). Raised by a whole width, the pair's blend is exactly
// their hard union, which for two round cones sharing a joint's sphere is one smooth tube. The
// raise fades to none (the full blend, which fills the crease) as the bones bend to 40 degrees, as
// their radii at the joint step apart by kContinuingStepFull of the larger, or as their ends part
// by kContinuingOffsetFull of it: a concave crease for the blend to fill. Symmetric in the pair,
// fixed per pair, so the field stays continuous and independent of the volumes' order.
constexpr float kContinuingBendFullCosine = 0.766f; // 40 degrees
constexpr float kContinuingStepFull = 0.3f;
constexpr float kContinuingOffsetFull = 0.25f;

// The first volume's end joins the second's start (see above); 0 when it does not.
float continuingLinkRaiseFrom(const BodyVolume& first, const BodyVolume& second) {
    if (first.endJoint != second.startJoint || first.startJoint == first.endJoint ||
        second.startJoint == second.endJoint) {
        return 0.0f;
    }
    const float firstLength = glm::length(first.b - first.a);
    const float secondLength = glm::length(second.b - second.a);
    const float larger = std::max(first.radiusB, second.radiusA);
    if (!(firstLength > 0.0f) || !(secondLength > 0.0f) || !(larger > 0.0f)) {
        return 0.0f;
    }
    const float cosine =
        glm::dot(first.b - first.a, second.b - second.a) / (firstLength * secondLength);
    const float bend = smoothRamp((1.0f - cosine) / (1.0f - kContinuingBendFullCosine));
    const float step =
        smoothRamp(std::abs(first.radiusB - second.radiusA) / (kContinuingStepFull * larger));
    const float offset =
        smoothRamp(glm::length(second.a - first.b) / (kContinuingOffsetFull * larger));
    return 1.0f - std::max({bend, step, offset});
}

// A trunk whose radius turns outward at a joint (a waist narrowing from the hips and widening to
// the chest; a neck narrowing less steeply past a joint) meets there in a concave crease that only
// the blend fills: raised anyway (by three quarters of the width), a Mixamo-like torso's lit front
// showed lines across it, 5.4 % of a block's pixels bending against 0.24 % blended
// (render_body_test.cpp). The raise fades to none as the surface's line turns outward by
// kTrunkKinkFull; a run of one radius, or one that turns inward (about a chest's fullest), stays
// smooth as the union of its cones, which share their section at the joint.
constexpr float kTrunkKinkFull = 0.0873f; // 5 degrees, in radians

// A trunk's bone volume that a run of its bones may continue straight (a spine's, a neck's): a
// round or an elliptic cone of the trunk's mass the figure marks (BodyVolume::trunkRun). Each
// smooth union of two such bones sank a quarter width below both around their joint: a run of spine
// bones longer than the blend stood as a column of rings (a face rig's 25 cm bones 15 % thicker at
// each joint than between), while one of short bones swelled alike all along. Raised, the run is
// the union of its cones, the same surface whatever the number of joints along it.
bool trunkRunVolume(const BodyVolume& v) {
    return v.trunkRun && v.mass == kTrunkMass && !v.belowGrid &&
           (v.shape == BodyVolume::Shape::RoundCone || v.shape == BodyVolume::Shape::EllipticCone);
}

// continuingLinkRaiseFrom for two trunk volumes: a chest's top flattened under the neck
// (radii.z < 1) continues into nothing, its cap being no section of the bone above.
float trunkLinkRaiseFrom(const BodyVolume& first, const BodyVolume& second) {
    const float firstLength = glm::length(first.b - first.a);
    const float secondLength = glm::length(second.b - second.a);
    if (first.radii.z < 1.0f || !(firstLength > 0.0f) || !(secondLength > 0.0f)) {
        return 0.0f;
    }
    const float turn = std::atan((second.radiusB - second.radiusA) / secondLength) -
                       std::atan((first.radiusB - first.radiusA) / firstLength);
    return continuingLinkRaiseFrom(first, second) * (1.0f - smoothRamp(turn / kTrunkKinkFull));
}

// How far (0 to 1) two trunk cones' sections differ in width where they meet: an elliptic
// cone's width fades as its bone tilts across the figure (makeEllipticCone), and a wider section
// meeting a narrower one leaves a crease at the joint, which the blend fills as a limb's step of
// radii (kContinuingStepFull of the wider).
float sectionWidthStep(const BodyVolume& a, const BodyVolume& b) {
    const auto widthRatio = [](const BodyVolume& v) {
        return v.shape == BodyVolume::Shape::EllipticCone ? v.radii.x : 1.0f;
    };
    const auto widthAxis = [](const BodyVolume& v) {
        return v.shape == BodyVolume::Shape::EllipticCone
                   ? glm::vec3(v.axes[0][0], v.axes[1][0], v.axes[2][0])
                   : glm::vec3(0.0f);
    };
    const float ratioA = widthRatio(a);
    const float ratioB = widthRatio(b);
    // Two elliptic sections turned apart about the axis step as much as their widths' difference
    // shows along one's width (the sine of the turn).
    const glm::vec3 turn = glm::cross(widthAxis(a), widthAxis(b));
    const float turned = std::sqrt(glm::dot(turn, turn)) * (std::min(ratioA, ratioB) - 1.0f);
    const float step = std::abs(ratioA - ratioB) + turned;
    return smoothRamp(step / (kContinuingStepFull * std::max(ratioA, ratioB)));
}

} // namespace

float continuingLinkRaise(const BodyVolume& a, const BodyVolume& b) {
    // Limbs, and a trunk's run of bones (a spine, a neck): a hand's volumes are shaped as one
    // mass with their blends, and volumes thickened to the grid (belowGrid) fuse with their
    // neighbours on purpose (gaps thinner than a cell pinch in simplification: a 1000-joint rig's
    // legs frayed apart).
    const auto limb = [](const BodyVolume& v) {
        return v.shape == BodyVolume::Shape::RoundCone && v.mass != kTrunkMass && !v.belowGrid;
    };
    if (trunkRunVolume(a) && trunkRunVolume(b)) {
        return std::max(trunkLinkRaiseFrom(a, b), trunkLinkRaiseFrom(b, a)) *
               (1.0f - sectionWidthStep(a, b));
    }
    if (!limb(a) || !limb(b) || (a.mass != kNoMass && a.mass == b.mass)) {
        return 0.0f;
    }
    return std::max(continuingLinkRaiseFrom(a, b), continuingLinkRaiseFrom(b, a));
}

namespace {

// Volume i smoothly united with its hierarchy neighbours, one after another nearest first, over
// its own blend width (one width for the whole chain: links at one distance then give one chain
// whichever comes first, and the order the figure made the volumes in does not matter). A
// neighbour counts no nearer than kChainLinkFloor widths below the volume: the volume does not
// blend what lies far below it (that neighbour's own chain does), and a neighbour fades in
// continuously rather than appearing at an edge. `neighbours`: positions in `indices`.
template <typename Neighbours>
float boundedChain(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                   std::span<const float> distances, std::size_t i, Neighbours&& neighbours) {
    const BodyVolume& volume = volumes[indices[i]];
    const float own = distances[i];
    const float width = volume.blend;
    constexpr std::size_t kStackLinks = 16;
    std::array<float, kStackLinks> onStack;
    std::vector<float> onHeap;
    std::size_t count = 0;
    neighbours([&](std::size_t j, float raise) {
        // Farther above than the width, smoothMin is min: nothing to add.
        const float raised = distances[j] + raise * width;
        if (!(raised - own < width)) {
            return;
        }
        const float link = std::max(raised, own - kChainLinkFloor * width);
        if (count == kStackLinks) {
            onHeap.assign(onStack.begin(), onStack.end());
        }
        if (count >= kStackLinks) {
            onHeap.push_back(link);
        } else {
            onStack[count] = link;
        }
        ++count;
    });
    if (count == 0) {
        return own; // no neighbour within the width: the volume alone
    }
    const std::span<float> links =
        count > kStackLinks ? std::span<float>(onHeap) : std::span(onStack).first(count);
    // Insertion sort: a volume has a few neighbours near a point.
    for (std::size_t k = 1; k < links.size(); ++k) {
        const float moving = links[k];
        std::size_t at = k;
        for (; at > 0 && moving < links[at - 1]; --at) {
            links[at] = links[at - 1];
        }
        links[at] = moving;
    }
    float chain = own;
    for (const float link : links) {
        chain = smoothMin(chain, link, width);
    }
    const float least = std::min(own, links.front());
    return least -
           saturatedDepth(least - chain, kChainLinearDepth * width, kChainMostDepth * width);
}

} // namespace

namespace {

// The volumes (positions in a list) that touch one joint, in increasing position.
struct JointMembers {
    std::span<const std::pair<NodeIndex, std::uint32_t>> members;
};

// Appends to `out`, in increasing position, the positions in `one` or `two` (both increasing)
// other than `self`, each once.
void mergeJointMembers(JointMembers one, JointMembers two, std::uint32_t self,
                       std::vector<std::uint32_t>& out) {
    std::size_t i = 0;
    std::size_t j = 0;
    bool any = false;
    std::uint32_t last = 0;
    while (i < one.members.size() || j < two.members.size()) {
        std::uint32_t next;
        if (j == two.members.size() ||
            (i < one.members.size() && one.members[i].second <= two.members[j].second)) {
            next = one.members[i++].second;
        } else {
            next = two.members[j++].second;
        }
        // (A volume sharing both joints with `self` is in both lists: once.)
        if (next != self && (!any || next != last)) {
            out.push_back(next);
            any = true;
            last = next;
        }
    }
}

// Appends to `table` indices[k]'s neighbours, in increasing position, by testing every volume.
void appendNeighboursByPairs(std::span<const BodyVolume> volumes,
                             std::span<const std::uint32_t> indices, std::size_t k,
                             BodyNeighbourTable& table) {
    for (std::size_t j = 0; j < indices.size(); ++j) {
        if (j != k && areHierarchyNeighbours(volumes[indices[k]], volumes[indices[j]])) {
            table.positions.push_back(static_cast<std::uint32_t>(j));
            table.raises.push_back(continuingLinkRaise(volumes[indices[k]], volumes[indices[j]]));
        }
    }
}

// listBodyNeighbours by testing every pair: quicker than grouping for a few volumes.
void listBodyNeighboursByPairs(std::span<const BodyVolume> volumes,
                               std::span<const std::uint32_t> indices, BodyNeighbourTable& table) {
    table.start.assign(indices.size() + 1, 0);
    table.positions.clear();
    table.raises.clear();
    for (std::size_t k = 0; k < indices.size(); ++k) {
        appendNeighboursByPairs(volumes, indices, k, table);
        table.start[k + 1] = static_cast<std::uint32_t>(table.positions.size());
    }
}

// Up to this many volumes, listBodyNeighbours tests every pair (a 65-joint human's bricks list
// a few dozen); beyond, it groups them by joint.
constexpr std::size_t kNeighbourPairsUpTo = 48;

// BodyNeighbourTable::sinks, from the listed neighbours.
void listChainSinks(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                    BodyNeighbourTable& table) {
    table.sinks.resize(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        table.sinks[k] = chainSink(volumes[indices[k]].blend,
                                   static_cast<float>(table.start[k + 1] - table.start[k]));
    }
}

void listBodyNeighboursByJoints(std::span<const BodyVolume> volumes,
                                std::span<const std::uint32_t> indices, BodyNeighbourTable& table) {
    // Hierarchy neighbours share a joint (areHierarchyNeighbours): group the volumes by the
    // joints they touch rather than test every pair (a brick of a 1000-joint rig lists hundreds
    // of volumes: the pairs cost a seventh of its build). The table is the same: each volume's
    // neighbours in increasing position.
    std::vector<std::pair<NodeIndex, std::uint32_t>> byJoint;
    byJoint.reserve(2 * indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const BodyVolume& volume = volumes[indices[k]];
        byJoint.emplace_back(volume.startJoint, static_cast<std::uint32_t>(k));
        if (volume.endJoint != volume.startJoint) {
            byJoint.emplace_back(volume.endJoint, static_cast<std::uint32_t>(k));
        }
        if (volume.reachJoint != kNoParent && volume.reachJoint != volume.startJoint &&
            volume.reachJoint != volume.endJoint) {
            byJoint.emplace_back(volume.reachJoint, static_cast<std::uint32_t>(k));
        }
    }
    std::sort(byJoint.begin(), byJoint.end());
    // Each volume's run of byJoint for its start joint and for its end joint.
    std::vector<JointMembers> startMembers(indices.size());
    std::vector<JointMembers> endMembers(indices.size());
    for (std::size_t begin = 0; begin < byJoint.size();) {
        std::size_t end = begin + 1;
        while (end < byJoint.size() && byJoint[end].first == byJoint[begin].first) {
            ++end;
        }
        const JointMembers run{std::span(byJoint).subspan(begin, end - begin)};
        for (std::size_t e = begin; e < end; ++e) {
            const std::uint32_t k = byJoint[e].second;
            if (volumes[indices[k]].startJoint == byJoint[e].first) {
                startMembers[k] = run;
            } else if (volumes[indices[k]].endJoint == byJoint[e].first) {
                endMembers[k] = run;
            }
        }
        begin = end;
    }
    table.start.assign(indices.size() + 1, 0);
    table.positions.clear();
    table.raises.clear();
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const BodyVolume& volume = volumes[indices[k]];
        // A volume with a third joint (a hip's mass: a few per figure) tests every volume.
        if (volume.reachJoint != kNoParent) {
            appendNeighboursByPairs(volumes, indices, k, table);
            table.start[k + 1] = static_cast<std::uint32_t>(table.positions.size());
            continue;
        }
        const std::size_t first = table.positions.size();
        mergeJointMembers(startMembers[k], endMembers[k], static_cast<std::uint32_t>(k),
                          table.positions);
        for (std::size_t n = first; n < table.positions.size(); ++n) {
            table.raises.push_back(
                continuingLinkRaise(volume, volumes[indices[table.positions[n]]]));
        }
        table.start[k + 1] = static_cast<std::uint32_t>(table.positions.size());
    }
}

} // namespace

void listBodyNeighbours(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                        BodyNeighbourTable& table) {
    if (indices.size() <= kNeighbourPairsUpTo) {
        listBodyNeighboursByPairs(volumes, indices, table);
    } else {
        listBodyNeighboursByJoints(volumes, indices, table);
    }
    listChainSinks(volumes, indices, table);
}

float boundedSmoothUnion(std::span<const BodyVolume> volumes,
                         std::span<const std::uint32_t> indices, std::span<const float> distances,
                         std::size_t nearest, const BodyNeighbourTable* table) {
    float distance = distances[nearest];
    const auto chainOf = [&](std::size_t i) {
        if (table != nullptr) {
            return boundedChain(volumes, indices, distances, i, [&](auto&& visit) {
                for (std::uint32_t k = table->start[i]; k < table->start[i + 1]; ++k) {
                    visit(table->positions[k], table->raises[k]);
                }
            });
        }
        return boundedChain(volumes, indices, distances, i, [&](auto&& visit) {
            const float above = distances[i] + volumes[indices[i]].blend;
            for (std::size_t j = 0; j < indices.size(); ++j) {
                // (boundedChain skips those farther above: test that first, it is cheaper.)
                if (distances[j] < above && j != i &&
                    areHierarchyNeighbours(volumes[indices[i]], volumes[indices[j]])) {
                    visit(j, continuingLinkRaise(volumes[indices[i]], volumes[indices[j]]));
                }
            }
        });
    };
    // The nearest volume's chain first: usually the deepest, it prunes the others most.
    distance = std::min(distance, chainOf(nearest));
    for (std::size_t i = 0; i < indices.size(); ++i) {
        // A chain's links count at most kChainLinkFloor of its width below its volume, and it
        // sinks at most kChainMostDepth widths below them: farther up, it cannot be the least.
        // Each link sinks the chain at most a quarter width below what it had reached, so a
        // volume with few neighbours (a limb's bone: two) sinks less than kChainMostDepth.
        const float below = table != nullptr
                                ? table->sinks[i]
                                : chainSink(volumes[indices[i]].blend, 4.0f * kChainMostDepth);
        if (i != nearest && distances[i] - below < distance) {
            distance = std::min(distance, chainOf(i));
        }
    }
    return distance;
}

float bodyDistance(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                   const glm::vec3& p, float far, float gap, const BodyNeighbourTable* neighbours) {
    if (indices.empty()) {
        return far;
    }
    constexpr std::size_t kStackVolumes = 64;
    std::array<float, kStackVolumes> onStack; // (every one used is written first: no zeroing)
    std::vector<float> onHeap;
    float* distances = onStack.data();
    if (indices.size() > kStackVolumes) {
        onHeap.resize(indices.size());
        distances = onHeap.data();
    }
    std::size_t nearest = 0;
    for (std::size_t k = 0; k < indices.size(); ++k) {
        distances[k] = signedDistance(volumes[indices[k]], p);
        if (distances[k] < distances[nearest]) {
            nearest = k;
        }
    }
    const float distance =
        std::min(far, boundedSmoothUnion(volumes, indices, std::span(distances, indices.size()),
                                         nearest, neighbours));
    return gapWall(volumes, indices, std::span(distances, indices.size()), distances[nearest],
                   distance, gap, p);
}

} // namespace bvh
