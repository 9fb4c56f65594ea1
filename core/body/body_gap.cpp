#include "core/body/body_gap.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>
#include <vector>

namespace bvh {
namespace {

// How far behind the farther of a pair a volume joined to both bridges it no more, in gaps: a
// wide fade keeps the wall's slope low (a quarter gap made it 30 where the distances' is 1).
constexpr float kBridgeFadeOfGap = 2.0f;
// How far above the nearest volume the nearer of a pair keeps no wall, in gaps: the wall is the
// nearest volume's (with its nearest non-neighbour, as it was), faded out rather than switched
// when another becomes the nearest.
constexpr float kNearestFadeOfGap = 0.5f;
// A limb's root mass lies along a trunk volume whose axis is within this cosine of the limb's
// (about 35 degrees, as FigureBuilder::hangsAlongTrunk's arms).
constexpr float kMassAlongTrunk = 0.8f;
// The armpit's folds (armpitFold): skin joins a hanging upper arm to the chest in front and behind,
// in full from this share of the deltoid's depth before and behind its centre; there the
// deltoid bridges its arm and the trunk this share of its half-length farther down the arm.
// (Half the half-length lowered the slot's top below the deltoid's edge, so the walk's pit went;
// 0.6 and more stretched 12 edges of an arm resting on the torso as it rose.)
constexpr float kFoldWidthOfDepth = 0.5f;
constexpr float kFoldReachOfLength = 0.5f;
// Where a pair overlaps, a volume joined to both bridges it as it falls behind this depth under
// their surfaces, in gaps, however deep the point lies in both (bridgedWeight): deeper in, the
// slot would be cut through flesh the pair shares, and a bridge had to reach the overlap's
// depth, which no thin one does. Every deltoid's centre lies inside the chest's top cone (a tenth
// of its long radius in), and beside a T-posed arm the wall kept between them cut through both,
// its weight lowered only to 0.4 to 0.8 by the chest's cone towards the collar, 0.7 to 1 cell
// outside (threejs_pirouette's left shoulder at x = 15.5, y = 45: the field 1.3 cells outside
// where the union is 1.7 inside); the marching tore the slot's end there into flaps. Measured
// from the surfaces themselves (0) an arm hanging beside the chest fused with it (the arms-down
// biped's chest 0.26 across where its hips are 0.17) and a Poser arm falling from a T-pose
// stretched its armpit 3.28x; from 0.15 to 0.5 gap the Mixamo T-pose's lit chest bent 1.23 % of
// its pixels (0.91 % before); from 0.75 the MakeHuman T-pose's armpit folded more than before.
constexpr float kOverlapBridgeDepthOfGap = 0.6f;

// The distance between two volumes' axes (segments; an ellipsoid's is its centre), after
// Ericson's closest points of two segments.
float gapAxisDistance(const BodyVolume& one, const BodyVolume& two) {
    const glm::vec3 d1 = one.b - one.a;
    const glm::vec3 d2 = two.b - two.a;
    const glm::vec3 r = one.a - two.a;
    const float a = glm::dot(d1, d1);
    const float e = glm::dot(d2, d2);
    const float f = glm::dot(d2, r);
    float s = 0.0f;
    float t = 0.0f;
    if (a <= 1e-12f && e <= 1e-12f) {
        return glm::length(r);
    }
    if (a <= 1e-12f) {
        t = std::clamp(f / e, 0.0f, 1.0f);
    } else {
        const float c = glm::dot(d1, r);
        if (e <= 1e-12f) {
            s = std::clamp(-c / a, 0.0f, 1.0f);
        } else {
            const float b = glm::dot(d1, d2);
            const float denominator = a * e - b * b;
            s = denominator > 1e-12f ? std::clamp((b * f - c * e) / denominator, 0.0f, 1.0f) : 0.0f;
            t = (b * s + f) / e;
            if (t < 0.0f) {
                t = 0.0f;
                s = std::clamp(-c / a, 0.0f, 1.0f);
            } else if (t > 1.0f) {
                t = 1.0f;
                s = std::clamp((b - c) / a, 0.0f, 1.0f);
            }
        }
    }
    return glm::length(one.a + d1 * s - (two.a + d2 * t));
}

// Whether two volumes keep a gap between them at all (a property of the pair, never of the point,
// so that which pairs count cannot jump). Neighbours blend instead; volumes of one mass (trunk
// bones, a hand's parts, fingers below the grid) and volumes whose axes run inside each other
// (bones along one line, as abstract trees have) keep none: a wall would hollow them out.
bool areJoined(const BodyVolume& one, const BodyVolume& two) {
    return areHierarchyNeighbours(one, two) || (one.mass != kNoMass && one.mass == two.mass) ||
           (one.belowGrid && two.belowGrid);
}

bool keepsGap(const BodyVolume& one, const BodyVolume& two) {
    return !areJoined(one, two) &&
           gapAxisDistance(one, two) > std::min(one.largestRadius(), two.largestRadius());
}

// Whether two volumes lie over one bone: the same two joints, in either order.
bool spansSameJoints(const BodyVolume& one, const BodyVolume& two) {
    return one.startJoint != one.endJoint &&
           ((one.startJoint == two.startJoint && one.endJoint == two.endJoint) ||
            (one.startJoint == two.endJoint && one.endJoint == two.startJoint));
}

// Whether the ellipsoid `mass` (a limb's root, its first axis along the limb) lies along the
// trunk volume `trunk` (within about 35 degrees of its axis): an arm hanging beside the chest.
bool liesAlong(const BodyVolume& mass, const BodyVolume& trunk) {
    const glm::vec3 limb(mass.axes[0][0], mass.axes[1][0], mass.axes[2][0]);
    const glm::vec3 axis = trunk.b - trunk.a;
    const float length = glm::length(axis);
    return length > 0.0f && std::abs(glm::dot(limb, axis)) >= kMassAlongTrunk * length;
}

// Whether `volume` is a mass set round a bone's joint rather than along the bone: an ellipsoid
// given the bone's two joints, of no mass (a deltoid, a hip's mass).
bool isMassOverBone(const BodyVolume& volume) {
    return volume.shape == BodyVolume::Shape::Ellipsoid && volume.startJoint != volume.endJoint &&
           volume.mass == kNoMass;
}

// When `one` is a mass set round a bone's joint rather than along the bone (a deltoid over the
// collar's bone, a hip's mass over the pelvis's: linkBonesUnder) and that bone is a trunk volume,
// as `two` is, and the mass lies along `two`: the bone's volume (its position in the figure's
// volumes); else kNoVolume. Such a mass sits on the trunk as its bone does, and keeps no gap wall
// from it (keepsGapAmong): on a chest of several cones (a long spine bone split at the chest) the
// wall kept between the deltoid and the cones its bone does not touch cut a crumpled notch into
// the upper back (the bundled walk's), and on Bandai-style rigs, whose collar bone is thin, a slit
// at the back of the shoulder. The arm's own bones keep their gap from the chest (the deltoid
// bridges nothing more, bridgeDistance): an arm resting on the torso still rises without a sheet.
// The bone is found over every volume, not the point's candidates (linkBonesUnder, once per
// figure): a brick the deltoid reaches but its bone does not would otherwise keep the wall, a
// jump at the brick's edge.
std::uint32_t boneUnder(const BodyVolume& one, const BodyVolume& two) {
    return one.boneUnder != kNoVolume && two.mass == kTrunkMass && liesAlong(one, two)
               ? one.boneUnder
               : kNoVolume;
}

// How far the point `p` lies before or behind the deltoid `mass` (its second axis points the
// figure's facing where known, makeDeltoid; either sign serves): 0 on the plane through its
// centre and its long axis, rising to 1 at kFoldWidthOfDepth of its depth from it, where a
// person's anterior and posterior armpit folds join the upper arm to the chest. Without them the
// slot that the arm's gap wall keeps from the chest ran up to the deltoid front to back,
// narrower than a grid cell at its top, and the marching left a one-cell hole there showing the
// lit inside of the arm (the bundled walk's shoulder in its default view). The slot stays open
// below and along that plane (the armpit's hollow), so that a raised arm still leaves the chest
// without a sheet.
float armpitFold(const BodyVolume& mass, const glm::vec3& p) {
    const glm::vec3 facing(mass.axes[0][1], mass.axes[1][1], mass.axes[2][1]);
    const float off = std::abs(glm::dot(p - mass.a, facing));
    const float width = kFoldWidthOfDepth * mass.radii.y;
    return width > 0.0f ? smoothRamp(off / width) : 1.0f;
}

// The most armpitFold lowers a bridge's distance through `mass` (bridgeDistance): a bound for
// skipping the volumes that cannot bridge a pair.
float mostFold(const BodyVolume& mass) {
    return isMassOverBone(mass) ? kFoldReachOfLength * mass.radii.x : 0.0f;
}

// Whether `bridge` is joined to `limb` (keepsGap) or to the joint its straight run of bones
// starts at (runStart): a volume joined to an unsplit limb's bone at its root (a deltoid, a
// collar) joins every bone of the split limb (MakeHuman's upperarm01 and upperarm02) alike, so
// that the arm's gap from the chest is bridged as far from that volume as the one bone's is.
bool joinsRun(const BodyVolume& bridge, const BodyVolume& limb) {
    return !keepsGap(bridge, limb) ||
           (limb.runStartJoint != kNoParent && touchesJoint(bridge, limb.runStartJoint));
}

// keepsGap, unless either is one mass with the other through the bone it spans.
bool keepsGapAmong(const BodyVolume& one, const BodyVolume& two) {
    return keepsGap(one, two) && boneUnder(one, two) == kNoVolume &&
           boneUnder(two, one) == kNoVolume;
}

// How far k is at the point as a bridge between i and j: its own distance where it is joined to
// both; where i and j are cousins, the first bones of two limbs that leave one joint (the
// thighs, leaving the pelvis by its two hip bones or hip masses), with k the bone before one of
// them, the farther of k and the nearest bone before the other (`other`, within `reach`) from
// that joint: limbs meet where the part they leave is, so the gap between the thighs stops at
// the crotch instead of cutting a notch up into the pelvis. An arm keeps its gap from the chest
// beside it (its bones descend from the chest's: no cousins). Otherwise none (the largest
// float).
float bridgeDistance(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                     std::span<const float> distances, std::size_t i, std::size_t j, std::size_t k,
                     float reach, const glm::vec3& p) {
    const BodyVolume& bridge = volumes[indices[k]];
    const BodyVolume& one = volumes[indices[i]];
    const BodyVolume& two = volumes[indices[j]];
    const float none = std::numeric_limits<float>::max();
    // A mass on the trunk through its bone (boneUnder) bridges its limb and any trunk volume
    // through that bone alone, as far as both reach: a deltoid over a hanging arm bridged the arm
    // to the chest's cones it touches but not to the others beside them (a long spine bone split
    // at the chest), and the arm's wall switched on and off between them, a crumpled notch.
    const bool trunkTwo = two.mass == kTrunkMass;
    const std::uint32_t bone = boneUnder(bridge, trunkTwo ? two : one);
    if (bone != kNoVolume && joinsRun(bridge, trunkTwo ? one : two)) {
        for (std::size_t m = 0; m < indices.size(); ++m) {
            if (indices[m] == bone) {
                // Before and behind, the folds carry the bridge farther down the arm (armpitFold).
                const float fold = armpitFold(bridge, p) * kFoldReachOfLength * bridge.radii.x;
                const float through = std::max(distances[k], distances[m]) - fold;
                return through < reach ? through : none;
            }
        }
        return none;
    }
    if (joinsRun(bridge, one) && joinsRun(bridge, two)) {
        return distances[k];
    }
    // Limbs split into bones along one line are cousins from every bone of the run (runStart).
    if (bridge.endJoint != runStart(one) && bridge.endJoint != runStart(two)) {
        return none;
    }
    const NodeIndex farStart = bridge.endJoint == runStart(one) ? runStart(two) : runStart(one);
    float best = none;
    for (std::size_t other = 0; other < indices.size(); ++other) {
        const BodyVolume& second = volumes[indices[other]];
        if (other != k && distances[other] < reach && distances[other] < best &&
            second.startJoint == bridge.startJoint && second.endJoint == farStart &&
            farStart != bridge.startJoint) {
            best = distances[other];
        }
    }
    return std::max(distances[k], best);
}

// The pair's weight `start` lowered by the volumes that join i and j (j the farther,
// bridgeDistance): 0 where one is nearer than j, rising smoothly to `start` as it falls `fade`
// behind; inside both of the pair, behind kOverlapBridgeDepthOfGap under their surfaces rather
// than behind j's depth.
float bridgedWeight(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                    std::span<const float> distances, std::size_t i, std::size_t j, float start,
                    float fade, const glm::vec3& p) {
    float weight = start;
    const float farther =
        std::max(distances[j], -kOverlapBridgeDepthOfGap * fade / kBridgeFadeOfGap);
    for (std::size_t k = 0; k < indices.size() && weight > 0.0f; ++k) {
        const float least = distances[k] - mostFold(volumes[indices[k]]);
        if (k == i || k == j || !(least < farther + fade) ||
            !(smoothRamp((least - farther) / fade) < weight)) {
            continue;
        }
        const float through =
            bridgeDistance(volumes, indices, distances, i, j, k, farther + fade, p);
        weight = std::min(weight, smoothRamp((through - farther) / fade));
    }
    return weight;
}

// How far under the union's surface (union_ + depth >= 0) a pair's slot reaches where the pair's
// weight (bridgedWeight) is `weight`: gap * w / (1 - w), no depth where a volume bridges the pair
// (w = 0), every depth where none does (w = 1). It is the depth at which the old blend of the
// union and the pair's wall, union_ + w * (pairWall - union_), crossed zero on the bisector
// (pairWall = gap there), so the slot reaches where it did. But the blend's floor was half union,
// half wall, two fields sloping opposite ways across the slot: where a thin bone bridged a pair
// by half (MakeHuman's shoulder01 under a T-posed arm, w = 0.5 along the whole armpit) the blend
// lay within a tenth of a cell of zero from the arm's underside to the chest's side (the field
// along x = 0.105, z = 0.289 of makehuman_tpose_173j: -0.003 to +0.003 over 4 cells), a floor
// the marching cut into notches, flecks and spikes. The union raised by a depth is an offset of
// the union's own surface: the floor lies parallel to the skin, and the slot is the full pair's
// wall wide wherever it is open.
float slotDepth(float weight, float gap) {
    return weight < 1.0f ? gap * weight / (1.0f - weight) : std::numeric_limits<float>::max();
}

} // namespace

void linkBonesUnder(std::span<BodyVolume> volumes) {
    for (std::size_t k = 0; k < volumes.size(); ++k) {
        BodyVolume& mass = volumes[k];
        mass.boneUnder = kNoVolume;
        if (!isMassOverBone(mass)) {
            continue;
        }
        for (std::size_t bone = 0; bone < volumes.size(); ++bone) {
            if (bone != k && volumes[bone].mass == kTrunkMass &&
                spansSameJoints(volumes[bone], mass)) {
                mass.boneUnder = static_cast<std::uint32_t>(bone);
                break;
            }
        }
    }
}

float gapWall(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
              std::span<const float> distances, float least, float union_, float gap,
              const glm::vec3& p) {
    if (!(gap > 0.0f) || union_ >= gap) {
        return union_; // every pair's wall lies at most `gap` above `least`, so below the union
    }
    // A pair's wall rises above the union only if d_i + d_j < gap + 2 least - union_ (pairSum):
    // both lie below pairSum - least, the nearer below half pairSum.
    const float fade = kBridgeFadeOfGap * gap;
    const float nearestFade = kNearestFadeOfGap * gap;
    const float pairSum = gap + 2.0f * least - union_;
    const float nearerLimit = std::min(least + nearestFade, 0.5f * pairSum);
    constexpr std::size_t kMostListed = 32;
    std::array<std::uint32_t, kMostListed> listed;
    std::vector<std::uint32_t> crowd; // all of them, beyond the array's room
    std::size_t count = 0;
    NodeIndex mass = kNoMass; // the candidates' one mass, if they all have one
    bool oneMass = true;
    for (std::size_t k = 0; k < indices.size(); ++k) {
        if (distances[k] < pairSum - least) {
            if (count < kMostListed) {
                listed[count] = static_cast<std::uint32_t>(k);
            } else {
                if (crowd.empty()) {
                    crowd.assign(listed.begin(), listed.end());
                }
                crowd.push_back(static_cast<std::uint32_t>(k));
            }
            const NodeIndex itsMass = volumes[indices[k]].mass;
            oneMass = oneMass && itsMass != kNoMass && (count == 0 || itsMass == mass);
            mass = itsMass;
            ++count;
        }
    }
    // No pair: most points inside one volume, where a second lies far, or inside the trunk.
    if (count < 2 || oneMass) {
        return union_;
    }
    // Only the listed can make a pair: an unlisted j has d_j >= pairSum - least, so its wall
    // with any i (d_i >= least) is at most the union. In a crowd of bones near one point only
    // the kMostListed nearest make pairs: a pair's wall falls as d_i + d_j grows, so the nearest
    // raise it most, and the pairs stay at most 32 x 32 a sample. Every volume of the brick was
    // a candidate before: a 1 555-joint tree of fan-out 6 on 16 384 samples (its 2 860 volumes
    // crowd every brick) built in 20.0 s, 89 % of it in these pairs; now 5.0 s. Every corpus
    // capture's and generated rig's body is the same to the byte at three grid phases.
    if (count > kMostListed) {
        std::nth_element(crowd.begin(), crowd.begin() + kMostListed, crowd.end(),
                         [&](std::uint32_t a, std::uint32_t b) {
                             return distances[a] < distances[b] ||
                                    (distances[a] == distances[b] && a < b);
                         });
        std::copy_n(crowd.begin(), kMostListed, listed.begin());
        std::sort(listed.begin(), listed.end());
        count = kMostListed;
    }
    float wall = union_;
    for (std::size_t x = 0; x < count; ++x) {
        const std::size_t i = listed[x];
        if (!(distances[i] < nearerLimit)) {
            continue;
        }
        // i is the nearer of the pair, within a fade of the nearest volume: farther, another
        // volume is the nearest and its own pairs make the wall.
        const float nearer = smoothRamp(1.0f - (distances[i] - least) / nearestFade);
        const BodyVolume& one = volumes[indices[i]];
        for (std::size_t y = 0; y < count; ++y) {
            const std::size_t j = listed[y];
            if (distances[j] < distances[i] || (distances[j] == distances[i] && j <= i)) {
                continue; // the pair is counted from j, or j is i
            }
            const float pairWall = gap + 2.0f * least - distances[i] - distances[j];
            // The cheap bound first: most pairs cannot raise the wall (slotDepth grows with the
            // weight, which is at most `nearer`).
            if (!(std::min(pairWall, union_ + slotDepth(nearer, gap)) > wall) ||
                !keepsGapAmong(one, volumes[indices[j]])) {
                continue;
            }
            const float weight = bridgedWeight(volumes, indices, distances, i, j, nearer, fade, p);
            wall = std::max(wall, std::min(pairWall, union_ + slotDepth(weight, gap)));
        }
    }
    return wall;
}

namespace {

// The position in `indices` of the bone before volume `limb`'s straight run (ending where the run
// starts, runStart: a split thigh's second bone has its pelvis bone before it, as one bone has),
// the nearest the point if several (a hip bone and a hip mass); indices.size() if none is near.
std::size_t boneBefore(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                       std::span<const float> distances, std::size_t limb) {
    const NodeIndex start = runStart(volumes[indices[limb]]);
    std::size_t found = indices.size();
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const BodyVolume& bone = volumes[indices[k]];
        if (k != limb && bone.endJoint == start && bone.startJoint != start &&
            (found == indices.size() || distances[k] < distances[found])) {
            found = k;
        }
    }
    return found;
}

// The bones before a limb, nearest first: two levels, so that limbs leaving a joint through a
// short bone each (Poser's and Daz's buttocks between the hip and a thigh) are found as cousins.
constexpr std::size_t kBridgeLevels = 2;
struct LimbChain {
    std::array<std::size_t, kBridgeLevels> bones{};
    std::size_t count = 0;
};

LimbChain limbChain(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                    std::span<const float> distances, std::size_t limb) {
    LimbChain chain;
    std::size_t at = limb;
    while (chain.count < kBridgeLevels) {
        at = boneBefore(volumes, indices, distances, at);
        if (at == indices.size()) {
            break;
        }
        chain.bones[chain.count++] = at;
    }
    return chain;
}

// One limb's bone at one level of its limbChain: `limb`, the limb's position in the indices, and
// `level`, the bone's in the chain.
struct ChainBone {
    std::size_t limb;
    const LimbChain& chain;
    std::size_t level;
    // The volume that leaves the end of the bone at `level` on the way to the limb: the bone one
    // level nearer the limb, or the limb itself.
    std::size_t leaving() const { return level == 0 ? limb : chain.bones[level - 1]; }
};

// The node the crotch between two limbs turns about, where `mine` and `theirs`, the bones before
// them, start at one joint; kNoParent where they do not, or where one limb hangs from the other
// (that node moves one of them: no crotch lies between them). Bones leaving one joint apart (the
// hip bones before two thighs) part there: their start's node, as the pelvis. One bone in both
// chains (the trunk's bone before both of MakeHuman's pelvis bones; the abdomen's before a chest's
// cone and, a level farther, before a deltoid hanging from that chest by its collar) parts them
// at its end, where one volume leaves it towards each limb: where one node moves both (the chest:
// its cone and the collar's bone), about that node; where two do (MakeHuman's spine05 and
// pelvis.L, siblings), about the node above them, the shared bone's. So a chest's cone and the
// deltoid or arm hanging from that chest are no crotch: given to the abdomen, the side of a
// Poser-style chest under a T-posed arm (hip, abdomen, chest, rCollar, rShldr) took 0.9 of its
// weight from the abdomen up to the armpit, and the armpit's edges, blending the abdomen with the
// upper arm, stretched 4x as the arm rose and fell (three.js's pirouette); given to the chest,
// still 4x, the chest's weight pulled up the arm's underside.
NodeIndex partingJoint(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                       const ChainBone& mine, const ChainBone& theirs) {
    const BodyVolume& one = volumes[indices[mine.chain.bones[mine.level]]];
    const BodyVolume& two = volumes[indices[theirs.chain.bones[theirs.level]]];
    if (one.startJoint != two.startJoint) {
        return kNoParent;
    }
    NodeIndex joint = one.startJoint;
    if (one.endJoint == two.endJoint) {
        const NodeIndex towardsMine = volumes[indices[mine.leaving()]].joint;
        joint = towardsMine == volumes[indices[theirs.leaving()]].joint ? towardsMine : joint;
    }
    const bool hangs =
        joint == volumes[indices[mine.limb]].joint || joint == volumes[indices[theirs.limb]].joint;
    return hangs ? kNoParent : joint;
}

} // namespace

LimbBridgeWeight limbBridgeWeight(std::span<const BodyVolume> volumes,
                                  std::span<const std::uint32_t> indices,
                                  std::span<const float> distances, std::size_t nearest,
                                  float width) {
    LimbBridgeWeight best;
    if (!(width > 0.0f) || nearest >= indices.size()) {
        return best;
    }
    const LimbChain chain = limbChain(volumes, indices, distances, nearest);
    if (chain.count == 0) {
        return best;
    }
    const BodyVolume& one = volumes[indices[nearest]];
    const float least = distances[nearest];
    for (std::size_t j = 0; j < indices.size(); ++j) {
        const float closeness = smoothRamp(1.0f - (distances[j] - least) / width);
        if (j == nearest || !(closeness > best.share) || !keepsGap(one, volumes[indices[j]])) {
            continue;
        }
        const LimbChain other = limbChain(volumes, indices, distances, j);
        for (std::size_t a = 0; a < chain.count; ++a) {
            for (std::size_t b = 0; b < other.count; ++b) {
                const NodeIndex joint =
                    partingJoint(volumes, indices, {nearest, chain, a}, {j, other, b});
                if (joint == kNoParent) {
                    continue;
                }
                const float bridge = std::max(distances[chain.bones[a]], distances[other.bones[b]]);
                const float share = closeness * smoothRamp(1.0f - (bridge - distances[j]) / width);
                if (share > best.share) {
                    best = {joint, share};
                }
            }
        }
    }
    return best;
}

} // namespace bvh
