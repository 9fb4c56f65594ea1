// The volumes a body is the smooth union of, as signed distances (negative inside), in the
// builder's normalised space (the figure centred, its largest extent 1), so that the same
// tolerances hold for a skeleton in millimetres, in kilometres or at 1e-6.
#pragma once

#include "core/model/skeleton.h"

#include <cstdint>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

inline constexpr NodeIndex kNoMass = -1;
inline constexpr NodeIndex kTrunkMass = -2;
// No volume: a BodyVolume::boneUnder that names none.
inline constexpr std::uint32_t kNoVolume = ~std::uint32_t{0};

struct BodyVolume {
    enum class Shape : std::uint8_t { RoundCone, Ellipsoid, EllipticCone };
    Shape shape = Shape::RoundCone;
    // RoundCone: a sphere of radius radiusA at a swept to radiusB at b (|ra - rb| < |b - a|).
    glm::vec3 a{0.0f}, b{0.0f};
    float radiusA = 0.0f, radiusB = 0.0f;
    // Ellipsoid: centre `a`, semi-axes `radii` along the rows of `axes`.
    // EllipticCone: a round cone from a to b whose cross-section is an ellipse, radiusA/radiusB
    // deep (along the second row of `axes`) and radii.x times as wide (along the first row),
    // closed by half-ellipsoids: a torso wider than it is deep. The one past b, with radii.z < 1,
    // is flatter in the middle: over the axis it reaches radii.z of the depth there, towards its
    // rim as far as a half-ellipsoid (a chest's top under the neck, body_figure_neck.cpp).
    glm::mat3 axes{1.0f};
    glm::vec3 radii{1.0f};
    // The width of the smooth union where this volume joins what came before it.
    float blend = 0.0f;
    NodeIndex joint = kNoParent;      // the node whose transform moves it (the bone's parent end)
    NodeIndex radiusNode = kNoParent; // the node the bone ends at (BodyMesh::nodeRadii)
    // The joints the volume touches, with joints a zero-length bone apart counted as one (a
    // bone's two ends; an ellipsoid's one joint twice): volumes sharing one are hierarchy
    // neighbours (a bone, its parent bone, its children, its siblings), the only ones that blend.
    NodeIndex startJoint = kNoParent;
    NodeIndex endJoint = kNoParent;
    // A third joint a mass over a limb's root touches (kNoParent: none): a hip's mass reaches
    // down its thigh past the first bone of a thigh split into bones along one line (MakeHuman's
    // upperleg01 and upperleg02), so it touches the joint where the segment's last bone starts
    // and blends with the bones into and out of it. Without it the mass met the next bone by a
    // hard union, a crease round the thigh's top where the mass ends.
    NodeIndex reachJoint = kNoParent;
    // Where the straight run of bones this bone ends belongs to starts (kNoParent: at
    // startJoint): a limb split into bones along one line (MakeHuman's upperleg01 and upperleg02,
    // upperarm01 and upperarm02, a forearm's twist bones) is one limb to what joins two limbs
    // (body_gap.h: the crotch between the thighs, its weights), so every bone of the run meets
    // the other limb as the unsplit limb's one bone does. Without it the second bone of a split
    // thigh kept its gap wall from the other thigh up into the crotch.
    NodeIndex runStartJoint = kNoParent;
    // Volumes of one mass keep no gap between them (bodyDistance): the trunk's (however its
    // bones branch: MakeHuman's pelvis bones, breasts; with its neck and collars) are
    // kTrunkMass, one hand's (palm, fingers) the hand's node; kNoMass: none.
    NodeIndex mass = kNoMass;
    // A mass set round a bone's joint (a deltoid, a hip's mass) over a trunk bone: that bone's
    // volume, by its position in the figure's volumes, which this one lies in (linkBonesUnder,
    // body_gap.h, once the figure's volumes are made); kNoVolume otherwise.
    std::uint32_t boneUnder = kNoVolume;
    // Thickened to the grid's least radius: detail finer than the gap, which two such volumes
    // (fingers side by side, toes) do not keep between them (they would vanish in it).
    bool belowGrid = false;
    // The hand (its node) meshed as a piece of its own, on a grid finer than the figure's
    // (body_hand_pieces.h: a full-body figure's fingers, which the figure's cells would thicken
    // into a mitten); kNoMass: the figure's own surface.
    NodeIndex handPiece = kNoMass;
    // A hand piece's cuff (body_hand_pieces.h): the forearm's end, tucked under the figure's
    // shortened forearm.
    bool cuff = false;
    // A trunk's or a neck's bone whose run of such bones is one surface (continuingLinkRaise): set
    // by the figure on a trunk of one radius along its height (no upright torso's hips, waist and
    // chest, whose blends shape it).
    bool trunkRun = false;
    // A flat blade (a wing), when above zero: an elliptic cone (its `axes`) whose section is a
    // stadium radiusA to radiusB wide either side of its axis and `rim` deep (its half-thickness,
    // one along the cone), its rim rounded by that depth. An elliptic section that flat turns its
    // rim within a fraction of a cell (its radius there the depth over the width ratio), and its
    // thickness tapers with its width: the grid's samples stepped Bento's wings' rims into ribs,
    // one a cell, and their tips stood thicker than the grid needs at their roots.
    float rim = 0.0f;
    glm::vec3 boundsMin{0.0f}, boundsMax{0.0f}; // of the volume itself, without the blend

    float largestRadius() const;
    // The nearest point of the volume's axis to p (an ellipsoid's axis is its centre).
    glm::vec3 nearestAxisPoint(const glm::vec3& p) const;
};

BodyVolume makeRoundCone(const glm::vec3& a, const glm::vec3& b, float radiusA, float radiusB);
BodyVolume makeEllipsoid(const glm::vec3& centre, const glm::mat3& axes, const glm::vec3& radii);
// An elliptic cone from a to b, `widthRatio` (>= 1) times as wide along `across` (made
// perpendicular to the axis) as it is deep. The width is full while the axis lies at least
// 60 degrees from `across` (the sine kEllipticWidthFadeEnd), fades smoothly to none at 30 degrees
// (kEllipticWidthFadeStart), and the cone is round below: a bone along the hips' line (a pelvis
// to a hip joint) is round, whichever way it tilts.
inline constexpr float kEllipticWidthFadeStart = 0.5f;
inline constexpr float kEllipticWidthFadeEnd = 0.866f;
BodyVolume makeEllipticCone(const glm::vec3& a, const glm::vec3& b, float radiusA, float radiusB,
                            const glm::vec3& across, float widthRatio);

// Signed distance to one volume (exact for the round cone, the usual first-order estimate for the
// ellipsoid and the elliptic cone, which is exact on their surfaces).
float signedDistance(const BodyVolume& volume, const glm::vec3& p);

// 0 at or below 0, 1 at or above 1, smooth (C1) between.
inline float smoothRamp(float x) {
    const float t = x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
    return t * t * (3.0f - 2.0f * t);
}

// Polynomial smooth minimum (Quilez): min(a, b) rounded over a width k; exactly min when
// |a - b| >= k, so volumes farther apart than k do not touch each other's distance.
inline float smoothMin(float a, float b, float k) {
    const float difference = a - b;
    const float h = k - (difference < 0.0f ? -difference : difference);
    const float m = a < b ? a : b;
    return h > 0.0f ? m - h * h * 0.25f / k : m;
}

// Whether `volume` touches `joint` (kNoParent touches nothing).
inline bool touchesJoint(const BodyVolume& volume, NodeIndex joint) {
    return joint != kNoParent &&
           (volume.startJoint == joint || volume.endJoint == joint || volume.reachJoint == joint);
}

// Bones of one role whose directions lie within this cosine (about 15 degrees) continue one
// straight limb (BodyVolume::runStartJoint): MakeHuman's split thigh and upper arm lie within 4
// degrees, a bent knee or elbow between two bones of one role (a crab's leg) far beyond.
inline constexpr float kRunAlignment = 0.966f;

// The joint the volume's straight run of bones starts at (BodyVolume::runStartJoint).
inline NodeIndex runStart(const BodyVolume& volume) {
    return volume.runStartJoint != kNoParent ? volume.runStartJoint : volume.startJoint;
}

// Whether two volumes touch the same joint (see startJoint, reachJoint): only these blend and
// share weights.
inline bool areHierarchyNeighbours(const BodyVolume& a, const BodyVolume& b) {
    return a.startJoint == b.startJoint || a.startJoint == b.endJoint ||
           a.endJoint == b.startJoint || a.endJoint == b.endJoint ||
           touchesJoint(b, a.reachJoint) || touchesJoint(a, b.reachJoint);
}

// The smooth union of the volumes (indices into `volumes`, their signed distances at one point in
// `distances`, `nearest` the index of the least). Each volume is blended with its hierarchy
// neighbours in a chain of smoothMins over its own blend width, nearest first, a neighbour
// counting no nearer than a quarter width below the volume (it does not blend what lies far
// below it: that neighbour's own chain does); the union is the least of the chains. A chain's
// depth below its nearest link is kept up to half its width and saturates towards three quarters
// beyond, so the union lies less than one blend width below the nearest volume however many
// volumes overlap (a run of short spine bones, coincident pelvis bones: the blends of blends
// sank without bound and broke the pruning, which made the field jump). It is continuous (one
// width per chain: links at one distance give one chain whichever comes first) and does not
// depend on the volumes' order. A neighbour that continues the volume straight along one limb
// counts up to a width higher (continuingLinkRaise). Chains that cannot reach below the least
// found so far (their volume more than a quarter and their possible depth above it) are not
// evaluated.
//
// `neighbours`: listBodyNeighbours' table for `indices`, or null to find the neighbours here
// (the same result, more slowly: a brick's samples share one table).
struct BodyNeighbourTable {
    // The neighbours of indices[k]: positions[start[k] .. start[k + 1]), positions in `indices`.
    std::vector<std::uint32_t> start;
    std::vector<std::uint32_t> positions;
    std::vector<float> raises; // continuingLinkRaise of each (indices[k], positions' volume)
    // Per indices[k]: how far below the volume its chain can sink (its blend times the floor and
    // depth its neighbours allow), which boundedSmoothUnion prunes by.
    std::vector<float> sinks;
};
// How far (in blend widths, 0 to 1) a neighbour's distance is raised in a volume's chain: 1 where
// the two are round cones of one limb that continue each other straight through their joint
// (their smooth union would bead the joint; raised by a width it is their exact union), fading
// to 0, the full blend that fills a crease, as the bones bend, their radii step apart at the
// joint, or their ends part. Symmetric.
float continuingLinkRaise(const BodyVolume& a, const BodyVolume& b);
void listBodyNeighbours(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                        BodyNeighbourTable& table);
float boundedSmoothUnion(std::span<const BodyVolume> volumes,
                         std::span<const std::uint32_t> indices, std::span<const float> distances,
                         std::size_t nearest, const BodyNeighbourTable* neighbours = nullptr);

// The body's signed distance at p over the given volumes (indices into `volumes`); `far` when the
// list is empty. Volumes are smoothly united with their hierarchy neighbours (boundedSmoothUnion);
// other volumes only meet by a hard union, and where two that are not neighbours lie within `gap`
// of each other with nothing nearer to bridge them (an arm resting on the torso in the rest
// pose), the point is outside: two surfaces a gap apart about the bisector, so skinning moves them
// apart without stretching a sheet (gapWall, body_gap.h: continuous, so the surface does not
// crumple where the wall begins). Volumes of one mass (BodyVolume::mass), both below the grid, or
// whose axes run inside each other keep none.
float bodyDistance(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
                   const glm::vec3& p, float far, float gap,
                   const BodyNeighbourTable* neighbours = nullptr);

} // namespace bvh
