// Issue 38: a full-body figure's hands as pieces of their own (BodyOptions::handPieces). The
// figure's cells (1.45 % of it: 2.6 cm on a person) thicken every finger to three quarters of a
// cell and blend them into a mitten; a hand-only rig's grid, the hand's own size, keeps a palm,
// a thumb apart and separate fingers. So each such hand (the volumes BodyVolume::handPiece
// names) is meshed on a grid of its own, bounded by the hand and kBodyHandCellDivisor times
// finer, and the body is the figure's surface plus one closed surface per hand. The hand's
// piece wears a cuff in the forearm's end (a glove tucked into a sleeve): the figure's forearm is
// shortened so that its rounded end dives into it, and the pieces draw one silhouette.
#pragma once

#include "core/body/body_volumes.h"

#include <span>
#include <vector>

namespace bvh {

struct BodyPieceVolumes {
    // The figure's own volumes, forearms under a hand's cuff shortened; BodyVolume::boneUnder
    // renumbered to these.
    std::vector<BodyVolume> figure;
    // Per hand meshed apart: its volumes and its cuff; empty when no volume names a hand.
    std::vector<std::vector<BodyVolume>> hands;
};

// Splits the figure's volumes (linked: linkBonesUnder) by BodyVolume::handPiece. `cuffMargin`:
// how much thinner than the forearm the cuff is (normalised units), so the forearm's surface as
// the figure's coarser cells march it stays outside the cuff's until its rounded end dives in.
BodyPieceVolumes splitHandPieces(std::span<const BodyVolume> volumes, float cuffMargin);

} // namespace bvh
