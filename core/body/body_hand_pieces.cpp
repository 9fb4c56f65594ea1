#include "core/body/body_hand_pieces.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace bvh {
namespace {

// The cuff reaches this many of the forearm's end radii back from the wrist, at most
// kCuffMostOfForearm of the forearm's length; the forearm itself ends kSleeveShortening radii
// before the wrist (at most kSleeveMostOfCuff of the cuff), so its rounded end (a radius more)
// lies inside the cuff, and the two overlap over the rest.
constexpr float kCuffLengthInRadii = 2.5f;
constexpr float kCuffMostOfForearm = 0.5f;
constexpr float kSleeveShorteningInRadii = 1.0f;
constexpr float kSleeveMostOfCuff = 0.4f;

// Whether `volume` is the figure's bone into `wrist` (a forearm's last bone): a round cone ending
// at that joint that is no hand's.
bool endsAtWrist(const BodyVolume& volume, NodeIndex wrist) {
    return volume.handPiece == kNoMass && volume.shape == BodyVolume::Shape::RoundCone &&
           volume.endJoint == wrist && volume.startJoint != wrist;
}

// The cuff over `forearm`'s end, part of `hand`'s piece: the forearm's own cone from the cuff's
// start to the wrist, `margin` thinner (a glove tucked into a sleeve). Shortens `forearm` to end
// a radius before the wrist, so its rounded end dives into the cuff: it crosses the cuff's surface
// where the sphere has turned steeply inwards (about 37 degrees for a margin of 0.3 cell on a
// person's wrist; body_builder.cpp's kCuffMarginInCells), so the seam is a short, clean line
// whatever the figure's coarser facets do there. (A cuff wider than the forearm read as a bracelet
// round every wrist; one tapered from inside to outside the forearm crossed its facets at 7
// degrees, a ragged line a cuff long.) Nothing changes for a forearm too short or thin to hold a
// cuff.
void addCuff(BodyVolume& forearm, NodeIndex hand, float margin, std::vector<BodyVolume>& piece) {
    const glm::vec3 axis = forearm.b - forearm.a;
    const float length = glm::length(axis);
    if (!(length > 0.0f)) {
        return;
    }
    const glm::vec3 direction = axis / length;
    const float cuffLength =
        std::min(kCuffLengthInRadii * forearm.radiusB, kCuffMostOfForearm * length);
    const auto radiusAt = [&](float along) {
        return forearm.radiusA + (forearm.radiusB - forearm.radiusA) * along / length;
    };
    const float cuffStart = length - cuffLength;
    const float startRadius = radiusAt(cuffStart) - margin;
    const float endRadius = forearm.radiusB - margin;
    if (!(startRadius > 0.0f) || !(endRadius > 0.0f) ||
        std::abs(endRadius - startRadius) >= cuffLength) {
        return; // not a round cone (body_volumes.h)
    }
    BodyVolume cuff =
        makeRoundCone(forearm.a + direction * cuffStart, forearm.b, startRadius, endRadius);
    cuff.blend = forearm.blend;
    cuff.joint = forearm.joint;
    cuff.startJoint = forearm.startJoint;
    cuff.endJoint = forearm.endJoint;
    cuff.mass = hand;
    cuff.handPiece = hand;
    cuff.cuff = true;
    piece.push_back(cuff);
    // The sleeve: the same cone, ended before the wrist.
    const float sleeveLength = length - std::min(kSleeveShorteningInRadii * forearm.radiusB,
                                                 kSleeveMostOfCuff * cuffLength);
    const BodyVolume sleeve = makeRoundCone(forearm.a, forearm.a + direction * sleeveLength,
                                            forearm.radiusA, radiusAt(sleeveLength));
    forearm.b = sleeve.b;
    forearm.radiusB = sleeve.radiusB;
    forearm.boundsMin = sleeve.boundsMin;
    forearm.boundsMax = sleeve.boundsMax;
}

// The wrist joint of a hand's piece: where its volumes attached to the hand's node start.
NodeIndex wristOf(std::span<const BodyVolume> piece, NodeIndex hand) {
    for (const BodyVolume& volume : piece) {
        if (volume.joint == hand) {
            return volume.startJoint;
        }
    }
    return kNoParent;
}

} // namespace

BodyPieceVolumes splitHandPieces(std::span<const BodyVolume> volumes, float cuffMargin) {
    BodyPieceVolumes split;
    std::vector<NodeIndex> hands;
    std::vector<std::uint32_t> renumbered(volumes.size(), kNoVolume);
    for (std::size_t k = 0; k < volumes.size(); ++k) {
        const NodeIndex hand = volumes[k].handPiece;
        if (hand == kNoMass) {
            renumbered[k] = static_cast<std::uint32_t>(split.figure.size());
            split.figure.push_back(volumes[k]);
            continue;
        }
        const auto at = std::find(hands.begin(), hands.end(), hand);
        const auto piece = static_cast<std::size_t>(at - hands.begin());
        if (at == hands.end()) {
            hands.push_back(hand);
            split.hands.emplace_back();
        }
        split.hands[piece].push_back(volumes[k]);
    }
    for (BodyVolume& volume : split.figure) {
        volume.boneUnder =
            volume.boneUnder < renumbered.size() ? renumbered[volume.boneUnder] : kNoVolume;
    }
    for (std::vector<BodyVolume>& piece : split.hands) {
        for (BodyVolume& volume : piece) {
            volume.boneUnder = kNoVolume;
        }
    }
    for (std::size_t h = 0; h < hands.size(); ++h) {
        const NodeIndex wrist = wristOf(split.hands[h], hands[h]);
        for (BodyVolume& volume : split.figure) {
            if (wrist != kNoParent && endsAtWrist(volume, wrist)) {
                addCuff(volume, hands[h], cuffMargin, split.hands[h]);
            }
        }
    }
    return split;
}

} // namespace bvh
