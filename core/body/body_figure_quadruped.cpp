// Quadrupeds whose joints are named (a horse's Hips, Spine, Neck, Head, Tail; Character Studio's
// Bip01 names on an elephant, whose front legs are "arms"): found from the bind pose (a trunk
// along the ground with four legs or more standing under it) and sized as an animal, not a
// human: a barrel, legs that taper, a neck to a head of a head's size, a trunk that hangs apart.
#include "core/body/body_figure_builder.h"

namespace bvh::body_figure_detail {

namespace {

// The roles a named quadruped's leg may start with: a hind leg's (thigh, shin, foot) or a front
// leg named as an arm (collar, upper arm, forearm, hand).
bool startsQuadrupedLeg(BoneRole role) {
    return isLegRole(role) || role == BoneRole::Shoulder || role == BoneRole::UpperArm ||
           role == BoneRole::Forearm || role == BoneRole::Hand;
}

// A leg stands: its tip this share of its length or more below its root (a biped lying in its
// rest pose has its limbs along the ground).
constexpr float kStandingLegDrop = 0.6f;
constexpr std::size_t kQuadrupedLegs = 4;

} // namespace

float FigureBuilder::chainRun(std::span<const std::size_t> chain) const {
    float run = 0.0f;
    for (std::size_t k = 1; k < chain.size(); ++k) {
        run += boneLength(chain[k]);
    }
    return run;
}

FigureBuilder::NamedQuadruped FigureBuilder::namedQuadruped() const {
    NamedQuadruped found;
    std::size_t node = 0;
    while (node < points.size() &&
           (skeleton.parents[node] != kNoParent || roles[node] != BoneRole::Trunk)) {
        ++node;
    }
    // The trunk: its longest run of trunk bones from the root.
    while (node < points.size()) {
        found.trunk.push_back(node);
        NodeIndex next = kNoParent;
        for (std::size_t c = node + 1; c < points.size(); ++c) {
            if (skeleton.parents[c] == static_cast<NodeIndex>(node) && hasBone[c] != 0 &&
                roles[c] == BoneRole::Trunk &&
                (next == kNoParent || boneLength(c) > boneLength(static_cast<std::size_t>(next)))) {
                next = static_cast<NodeIndex>(c);
            }
        }
        node = next == kNoParent ? points.size() : static_cast<std::size_t>(next);
    }
    if (found.trunk.size() < 2) {
        return {};
    }
    const glm::vec3 along = points[found.trunk.back()] - points[found.trunk.front()];
    found.length = glm::length(along);
    if (!(found.length > 0.0f) || std::abs(glm::dot(along, up)) > 0.5f * found.length) {
        return {}; // an upright trunk: a biped's
    }
    for (const std::size_t joint : found.trunk) {
        for (std::size_t c = joint + 1; c < points.size(); ++c) {
            if (skeleton.parents[c] != static_cast<NodeIndex>(joint) || hasBone[c] == 0 ||
                !startsQuadrupedLeg(roles[c])) {
                continue;
            }
            std::vector<std::size_t> leg = chainFrom(c);
            const float run = chainRun(leg);
            const float drop = glm::dot(points[joint] - points[leg.back()], up);
            if (glm::dot(points[leg.back()], up) - lowest < kOffTheGround &&
                drop >= kStandingLegDrop * run) {
                found.legs.push_back(std::move(leg));
            }
        }
    }
    if (found.legs.size() < kQuadrupedLegs) {
        return {};
    }
    return found;
}

void FigureBuilder::findNamedQuadruped() {
    const bool named = std::any_of(roles.begin(), roles.end(),
                                   [](BoneRole role) { return role != BoneRole::Unknown; });
    // An upright torso (torsoSpan: the arms' roots well above the thighs') is a biped's, whatever
    // else runs along the ground from its pelvis: Bento's hind limbs, legs by their bones
    // (body_limb_copies.h), hang from a trunk bone 0.2 m behind it, which made the walking
    // avatar a quadruped whose legs stayed as thick as at the hip down to the toes.
    const NamedQuadruped quadruped = named && !torsoSpan ? namedQuadruped() : NamedQuadruped{};
    if (quadruped.legs.empty()) {
        return;
    }
    const float barrel = takeBarrel(static_cast<NodeIndex>(quadruped.trunk.front()),
                                    quadruped.trunk.back(), quadruped.length, quadruped.legs);
    // One barrel from the pelvis to the chest (addBarrel), not a round cone per spine bone, each
    // rounded a barrel's radius past its ends (an egg on a dog's short back).
    for (std::size_t k = 1; k < quadruped.trunk.size(); ++k) {
        boneRole[quadruped.trunk[k]] = BoneRole::Inner;
    }
    const float headHalfHeight = kQuadrupedHeadHalfHeight * kHeadPerBarrelLength * quadruped.length;
    for (std::size_t c = quadruped.trunk.back() + 1; c < points.size(); ++c) {
        if (skeleton.parents[c] != static_cast<NodeIndex>(quadruped.trunk.back()) ||
            roles[c] != BoneRole::Neck) {
            continue;
        }
        std::vector<std::size_t> neck = chainFrom(c);
        const auto head = std::find_if(neck.begin() + 1, neck.end(), [&](std::size_t node) {
            return roles[node] == BoneRole::Head;
        });
        if (head != neck.end()) {
            taperChain(neck, 1, static_cast<std::size_t>(head - neck.begin()),
                       std::max(kNeckPerBarrel * barrel, headHalfHeight),
                       kNeckAtHeadPerHeadHeight * headHalfHeight);
            markHangingTrunk(*head, headHalfHeight);
        }
    }
}

void FigureBuilder::markHangingTrunk(std::size_t head, float headHalfHeight) {
    for (std::size_t c = head + 1; c < points.size(); ++c) {
        if (skeleton.parents[c] != static_cast<NodeIndex>(head) || hasBone[c] == 0 ||
            leafCount[c] != 1.0f) {
            continue;
        }
        const std::vector<std::size_t> chain = chainFrom(c);
        // Hanging: its tip lower than the head by more than a head's height (an elephant's trunk),
        // not an ear, a jaw or a horse's muzzle.
        if (glm::dot(points[head] - points[chain.back()], up) < 2.0f * headHalfHeight ||
            chain.size() < 3) {
            continue;
        }
        for (std::size_t k = 1; k < chain.size(); ++k) {
            boneRole[chain[k]] = BoneRole::Tail;
        }
        taperChain(chain, 1, chain.size() - 1, kSnoutPerHeadHeight * headHalfHeight,
                   kSnoutTipPerHeadHeight * headHalfHeight);
    }
}

} // namespace bvh::body_figure_detail
