// The gap kept between volumes that are not hierarchy neighbours (an arm resting on the torso in
// the rest pose), so that skinning moves the two surfaces apart without stretching a sheet
// between them. bodyDistance raises the smooth union to this wall where it lies above it.
#pragma once

#include "core/body/body_volumes.h"

#include <span>

namespace bvh {

// Sets every volume's boneUnder (body_volumes.h) from the figure's whole list, once its volumes
// are made (none is added, removed or moved after): for a mass set round a bone's joint rather
// than along the bone (an ellipsoid given the bone's two joints, of no mass: a deltoid over the
// collar's bone, a hip's mass over the pelvis's), the first trunk volume over that bone, its two
// joints in either order; kNoVolume for every other volume. Found once per figure, so that the
// field's evaluations (gapWall, millions per build) search for none.
void linkBonesUnder(std::span<BodyVolume> volumes);

// The wall at one point: the highest, over pairs of volumes (i, j) that keep a gap (not
// neighbours, not of one mass, not both below the grid, their axes not inside each other), of
//     min(wall_ij, union_ + gap * t_ij / (1 - t_ij)),
//     wall_ij = gap - (d_i - least) - (d_j - least),
// wall_ij a slab `gap` wide about their bisector where the two are the nearest (with i the
// nearest: gap - (d_j - d_i), the wall the old rule kept), continuous wherever the nearest volume
// or the nearest non-neighbour changes: the slot is the slab, cut from the union's surface down to
// the depth gap * t / (1 - t) (none at t = 0, through the whole union at t = 1; body_gap.cpp's
// slotDepth), its floor parallel to the skin. t_ij in [0, 1] is the product of two smooth fades:
// the nearer of the two must lie within half a gap of the nearest volume (farther, another volume
// is the nearest and its pairs make the wall), and a volume k joined to both (a neighbour, one mass
// with it, or running inside it: a deltoid between the chest and the arm, the pelvis's bone between
// the spine and a thigh) bridges them: 0 where k is nearer than the farther of the two, rising to 1
// as k falls two gaps behind it. Where no pair qualifies the wall is `union_` itself. A deltoid
// over an arm that hangs along the trunk bridges the arm and the trunk farther down the arm
// before and behind the plane through its centre and the arm (the armpit's folds, by the point
// `p`'s distance from that plane): the slot between them opens only below and along that plane.
//
// `volumes`: the figure's, linked (linkBonesUnder). `distances`: the volumes' signed distances at
// the point (positions in `indices`), `least` the least of them, `union_` the smooth union there.
// The result never lies below `union_`, is continuous wherever the union is (no jump for the
// marching or the normals to crumple on), changes at most a few times as fast as the distances do
// near the union's surface (a slot's floor deep under it, where t nears 1, is steeper: the
// depth's slope grows as 1 / (1 - t)^2), and equals `union_` wherever union_ >= gap. In a crowd
// of more than 32 volumes within reach of a pair only the 32 nearest pair up (bounded work): there
// the wall may jump where the nearest 32 change.
float gapWall(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
              std::span<const float> distances, float least, float union_, float gap,
              const glm::vec3& p);

// The joint two limbs leave (the pelvis between two thighs, a chest between two front legs) and
// the share of a surface point's weight it takes there: the point lies where the two limbs meet
// below that joint (the crotch the gap wall bridges), and a triangle there whose corners follow
// one limb each stretches by the whole distance the limbs move apart (legs spread 90 degrees:
// 8 times its length under linear blending). Weighted to the joint both limbs turn about, the
// crotch moves half as far from either, and spreads that over twice the width.
//
// `nearest`: the position in `indices` of the nearest volume i (a limb's first bone). The limbs
// are i and a volume j that keeps a gap from it (as gapWall's pairs) and is its cousin: one of
// the bones before each (ending where it starts; two levels up, for rigs whose thighs leave the
// hip through a short buttock bone, as Poser's and Daz's) starts at one joint, whose node the
// share goes to; where one bone comes before both, the node that moves both volumes leaving its
// end towards the two limbs, or else that bone's. None where that node moves i or j: one limb
// hangs from the other (a chest's cone and an arm or a deltoid hanging from that chest by its
// collar), and no crotch lies between them. share = r(1 - (d_j - d_i) / `width`) * r(1 - (d_b -
// d_j) / `width`), r a smooth ramp from 0 to 1 and d_b the farther of the two bones that leave that
// joint: 1 on the limbs' bisector close to the bones they leave, none on a limb's far side or down
// the limbs where they only run side by side (thighs touching to the knees keep their own weights);
// the largest over the j. {kNoParent, 0} where no such pair lies near.
struct LimbBridgeWeight {
    NodeIndex joint = kNoParent;
    float share = 0.0f;
};
LimbBridgeWeight limbBridgeWeight(std::span<const BodyVolume> volumes,
                                  std::span<const std::uint32_t> indices,
                                  std::span<const float> distances, std::size_t nearest,
                                  float width);

} // namespace bvh
