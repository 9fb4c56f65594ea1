// Skinning weights smoothed along a body's surface: the weights each vertex takes from the
// volumes near it (body_builder.cpp) change abruptly where two bones' volumes meet (an upper
// arm hanging against the chest, a thigh against the pelvis), and a triangle whose corners
// follow different bones stretches by the whole distance they move apart. Spreading the weights
// over a few rings of the surface's own edges makes that distance fall over several triangles,
// each stretched a little, as linear blend skinning (glTF viewers) and dual quaternions (the
// viewer) both need. Weights travel only along the surface, so they never cross a gap between
// volumes (an arm's surface and the torso's are not connected there).
#pragma once

#include "core/body/body_mesh.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <span>

namespace bvh {

// Where a limb lay against the trunk in the bind pose (an elbow on the waist, a kicked thigh
// along the belly), their surfaces are one, and smoothing blends them there, far from the joint
// the two bones turn about. Under linear blending a vertex a distance r from that joint whose
// weights differ from its neighbour's by dw moves dw * 2 sin(angle / 2) * r away from it, so there
// the change of weights must spread over many more edges than at a knee or an elbow, where r is
// about the limb's radius (and where spreading it wider thins the joint as it bends).
// A vertex blends far when its heaviest joint d and another joint j holding 2 % of its weight or
// more are neither an ancestor of the other within 3 generations (an arm and the hips) nor within
// `reach` times the lower one's radius (mesh.nodeRadii) of its bind position (mesh.bindWorld),
// the joint they turn about. Joints without a radius blend near.
// Where one is a trunk bone and the other a limb's root (`limbRoots`: a hip), whatever the
// distance, the vertex blends far and goes on for `junctionRounds`: a thigh turns 110 degrees
// and more about the hip (kicks, a lying take's bind pose), and the groin's crease leaves edges
// a third of the mean; stopped after the first rounds there, Hips' weight stepped 0.1 to 0.15
// across 1 cm edges and linear blending stretched them 6.4x (a CMU take lying along +X, in
// metres, under big motions). A vertex that also blends a third bone (2 % or more) of neither
// kind, at a knee or an ankle, keeps `rounds` (spread wider, it thins as it bends: a Bandai-like
// biped's Hips' weight reached its ankle, whose 4 mm edges stretched 4.2x).
struct FarBlendSmoothing {
    std::span<const NodeIndex> parents; // per node: its parent, kNoParent for a root
    float reach = 0.0f;
    int rounds = 0; // rounds in all, at and next to far blends
    // Per vertex (or empty: none): vertices never smoothed past the first rounds. On fingers
    // thickened to the grid, a fist's phalanges blended so far along each other that dual
    // quaternions stretched its edges 12x at 110 degrees (6x after 8 rounds).
    std::span<const std::uint8_t> held;
    // Per node (or empty: none): whether its bones are the trunk's (body_roles' Trunk), a spine
    // whose joints bend a little each, so that a vertex's motion follows its place along them.
    std::span<const std::uint8_t> trunk;
    // Per node (or empty: none): whether its bones are a limb's root that meets the trunk (the
    // builder marks thighs, body_roles' Thigh: a shoulder's collar and upper arm so marked thinned
    // the flap a wild arm swing folds over a shoulder, 2.48 to 2.46 times the capsules' area).
    std::span<const std::uint8_t> limbRoots;
    int junctionRounds = 0; // rounds in all where a trunk bone and a limb's root blend
    // Rounds more, after all others, for the vertices with an edge shorter than half the mean
    // edge (a crease's, a sliver's), but held ones and a head's: their weights then change along
    // those edges in proportion to their length, as they do elsewhere.
    int shortEdgeRounds = 0;
    // Per node (or empty: none): whether its bones are a head's (body_roles' Head); a vertex
    // whose heaviest joint is one takes no short edge rounds, and one whose heaviest joint was one
    // before smoothing (the head's volumes made it) hands its trunk bones' weight to the neck,
    // where one lies between the head and the trunk, before those rounds.
    std::span<const std::uint8_t> heads;
};

// Smooths mesh.vertices' joints and weights over the triangles `indices` (a closed level of
// `mesh`): `rounds` rounds, each averaging a vertex's weights with its edge neighbours' mean
// (half and half, neighbours by inverse distance), then gives the ends of edges under a tenth of
// the mean edge one set of weights; keeps the 4 largest, in descending order, summing to 1.
// With `far`, the vertices that blend far (FarBlendSmoothing) and their edge neighbours go on
// smoothing up to far->rounds rounds, the others keeping their weights (still neighbours); and
// where a joint beyond the 4 largest and the 4 kept all lie on one line of descent (a spine of
// many short bones), it gives its weight to the nearest kept ancestor or descendant within 3
// generations rather than to all four (far->held vertices excepted), so the weights stay
// continuous where the kept set changes. On a line of trunk bones (far->trunk) it keeps the
// line's two ends and shares each middle bone it drops between the kept bones on either side;
// in the last of the first `rounds`, held vertices fold too, and joints off the kept ones' line
// fold into a kept ancestor, so that the skin's weights never drop a phalanx its parent carries.
// Last, the vertices with an edge under half the mean (a crease's, a sliver's) smooth on for
// far->shortEdgeRounds rounds (held vertices and a head's excepted), once the head's surface has
// handed the trunk's weight to its neck (FarBlendSmoothing::heads).
void smoothBodyWeights(BodyMesh& mesh, std::span<const std::uint32_t> indices, int rounds,
                       const FarBlendSmoothing* far = nullptr);

// The weights at a point `shares` of the way among `corners` (each corner's weights scaled by its
// share, summed by joint) into `vertex`: the 4 largest, in descending order, summing to 1, as
// smoothBodyWeights keeps them. `vertex` is left as it is where no corner's share has weight.
void blendWeightsAmong(std::span<const BodyVertex* const> corners, std::span<const float> shares,
                       BodyVertex& vertex);

} // namespace bvh
