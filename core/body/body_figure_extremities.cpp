// The ends of limbs whose bones alone do not shape them: a palm where fingers fan out, a sole
// forward of an ankle.
#include "core/analysis/hand_fan.h"
#include "core/body/body_figure_builder.h"
#include "core/model/ascii_case.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <limits>
#include <span>
#include <string>

namespace bvh::body_figure_detail {

FigureBuilder::HandFingers FigureBuilder::handFingers(std::size_t hand) const {
    HandFingers fingers;
    // The hand's subtree is the run of nodes after it whose parents lie within it
    // (parent-before-child, depth-first order).
    for (std::size_t i = hand + 1; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent || static_cast<std::size_t>(parent) < hand) {
            break;
        }
        if (roles[i] == BoneRole::Finger &&
            roles[static_cast<std::size_t>(parent)] != BoneRole::Finger && hasBone[i] != 0) {
            fingers.roots.push_back(i);
        }
    }
    std::vector<float> reach;
    for (const std::size_t root : fingers.roots) {
        fingers.knuckles.push_back(fingerKnuckle(root, hand));
        reach.push_back(glm::length(points[fingers.knuckles.back()] - points[hand]));
    }
    std::vector<float> sorted = reach;
    std::sort(sorted.begin(), sorted.end());
    const float median = sorted.empty() ? 0.0f : sorted[sorted.size() / 2];
    for (std::size_t k = 0; k < fingers.roots.size(); ++k) {
        const auto namedThumb = [this](std::size_t node) {
            return asciiLowercase(skeleton.names[node]).find("thumb") != std::string::npos;
        };
        const bool named = namedThumb(fingers.roots[k]) || namedThumb(fingers.knuckles[k]);
        fingers.thumbs.push_back(named || reach[k] < kThumbRootShare * median ? 1 : 0);
    }
    for (std::size_t k = 0; k < fingers.roots.size(); ++k) {
        fingers.radii.push_back(fingerRootRadius(fingers, k));
    }
    return fingers;
}

const FigureBuilder::HandFingers& FigureBuilder::fingersOfHand(std::size_t hand) const {
    if (handFingersMade.size() != points.size()) {
        handFingersMade.assign(points.size(), std::nullopt);
    }
    std::optional<HandFingers>& made = handFingersMade[hand];
    if (!made) {
        made = handFingers(hand);
    }
    return *made;
}

std::size_t FigureBuilder::fingerKnuckle(std::size_t root, std::size_t hand) const {
    std::size_t node = root;
    for (NodeIndex next = longestChild[node];
         next != kNoParent && roles[static_cast<std::size_t>(next)] == BoneRole::Finger;
         next = longestChild[node]) {
        const float here = glm::length(points[node] - points[hand]);
        if (!(glm::length(points[static_cast<std::size_t>(next)] - points[hand]) >
              kPalmJointReach * here)) {
            break;
        }
        node = static_cast<std::size_t>(next);
    }
    return node;
}

float FigureBuilder::fingerRootRadius(const HandFingers& fingers, std::size_t k) const {
    const std::size_t root = fingers.knuckles[k];
    const NodeIndex next = longestChild[root];
    float radius = next == kNoParent
                       ? roleSize(BoneRole::Finger).perLength * boneLength(root)
                       : kFingerWidthPerLength * boneLength(static_cast<std::size_t>(next));
    if (k < fingers.thumbs.size() && fingers.thumbs[k] != 0) {
        radius *= kThumbThickness;
    }
    for (const std::size_t other : fingers.knuckles) {
        const float apart = glm::length(points[other] - points[root]);
        if (other != root && apart > static_cast<float>(kZeroLength)) {
            radius = std::min(radius, kFingerSpacingShare * apart);
        }
    }
    return std::min(radius, kFingerCap * capScale);
}

namespace {

// The finger root that a Hand joint's bones lead to (Neuron's InHandIndex, MakeHuman's
// metacarpal, whose longest child is the knuckle), or `node` itself when it is a root.
std::optional<std::size_t> fingerRootAt(std::size_t node, std::span<const BoneRole> roles,
                                        std::span<const NodeIndex> longestChild) {
    if (roles[node] == BoneRole::Finger) {
        return node;
    }
    const NodeIndex next = longestChild[node];
    if (roles[node] == BoneRole::Hand && next != kNoParent &&
        roles[static_cast<std::size_t>(next)] == BoneRole::Finger) {
        return static_cast<std::size_t>(next);
    }
    return std::nullopt;
}

struct PalmAcross {
    glm::vec3 across;
    float spread; // the knuckles' spread along it
};

// The direction across a palm (perpendicular to `forward`): the widest spread of its knuckles
// `roots` or, where they sit at one point (MakeHuman's helper joints), the side the thumb lies
// on (`thumbSide`, from the wrist).
PalmAcross palmAcrossKnuckles(std::span<const glm::vec3> roots, const glm::vec3& forward,
                              const glm::vec3& thumbSide, float length) {
    PalmAcross palm{anyPerpendicular(forward), 0.0f};
    for (const glm::vec3& a : roots) {
        for (const glm::vec3& b : roots) {
            const glm::vec3 d = b - a - forward * glm::dot(b - a, forward);
            if (glm::length(d) > std::max(palm.spread, 1e-3f * length)) {
                palm.spread = glm::length(d);
                palm.across = glm::normalize(d);
            }
        }
    }
    const glm::vec3 side = thumbSide - forward * glm::dot(thumbSide, forward);
    if (!(palm.spread > 0.0f) && glm::length(side) > 1e-3f * length) {
        palm.across = glm::normalize(side);
    }
    return palm;
}

} // namespace

std::optional<glm::vec2> FigureBuilder::fingerBoneRadii(std::size_t child) const {
    const auto parent = static_cast<std::size_t>(skeleton.parents[child]);
    std::size_t root = parent;
    if (roles[parent] == BoneRole::Finger) {
        while (skeleton.parents[root] != kNoParent &&
               roles[static_cast<std::size_t>(skeleton.parents[root])] == BoneRole::Finger) {
            root = static_cast<std::size_t>(skeleton.parents[root]);
        }
    } else if (roles[parent] == BoneRole::Hand) {
        const std::optional<std::size_t> ahead = fingerRootAt(child, roles, longestChild);
        if (!ahead) {
            return std::nullopt;
        }
        root = *ahead;
    } else {
        return std::nullopt;
    }
    const HandFingers alone{{root}, {root}, {0}, {}};
    const HandFingers& fingers =
        handOf[root] == kNoMass ? alone : fingersOfHand(static_cast<std::size_t>(handOf[root]));
    const auto at = std::find(fingers.roots.begin(), fingers.roots.end(), root);
    if (at == fingers.roots.end()) {
        return std::nullopt;
    }
    const auto k = static_cast<std::size_t>(at - fingers.roots.begin());
    const float radius = k < fingers.radii.size() ? fingers.radii[k] : fingerRootRadius(fingers, k);
    // The finger from its knuckle: how far along it the bone starts, and its whole length.
    const std::size_t knuckle = fingers.knuckles[k];
    float before = 0.0f;
    for (std::size_t node = parent; node != knuckle;
         node = static_cast<std::size_t>(skeleton.parents[node])) {
        if (node == root || roles[parent] != BoneRole::Finger) {
            return glm::vec2(radius); // through the palm to the knuckle: its thickness
        }
        before += boneLength(node);
    }
    const float length = boneLength(child);
    float run = before + length;
    for (std::size_t node = child;
         roles[node] == BoneRole::Finger && longestChild[node] != kNoParent;) {
        node = static_cast<std::size_t>(longestChild[node]);
        run += boneLength(node);
    }
    const float perRun = (1.0f - kFingerTipShare) / run;
    return glm::vec2(radius * (1.0f - perRun * before),
                     radius * (1.0f - perRun * (before + length)));
}

void FigureBuilder::addPalm(std::size_t hand) {
    const HandFingers& fingers = fingersOfHand(hand);
    glm::vec3 knuckles(0.0f);
    std::vector<glm::vec3> roots;
    float meanRadius = 0.0f;
    std::optional<glm::vec3> thumb;
    for (std::size_t k = 0; k < fingers.roots.size(); ++k) {
        const glm::vec3& root = points[fingers.knuckles[k]];
        if (fingers.thumbs[k] != 0) {
            thumb = root;
            continue;
        }
        roots.push_back(root);
        knuckles += root;
        meanRadius += fingers.radii[k];
    }
    if (roots.size() < 2) {
        return; // no fan of fingers: the hand bone's cone is the hand
    }
    knuckles /= static_cast<float>(roots.size());
    meanRadius /= static_cast<float>(roots.size());
    const glm::vec3 reach = knuckles - points[hand];
    const float length = glm::length(reach);
    if (!(length > static_cast<float>(kZeroLength))) {
        return;
    }
    const glm::vec3 forward = reach / length;
    const auto [across, spread] =
        palmAcrossKnuckles(roots, forward, thumb ? *thumb - points[hand] : forward, length);
    // As wide as the outer fingers' sides at the knuckles and a little more (the palm's edge
    // beyond the index and little fingers), kPalmThicknessPerWidth as thick; a little narrower
    // and thinner at the wrist. It reaches half its thickness past the knuckles (the web
    // between the fingers).
    const float halfWidth =
        std::max(0.5f * spread + kPalmEdgePerFinger * meanRadius, 0.35f * length);
    const float depth = std::max(kPalmThicknessPerWidth * halfWidth, kPalmThinnest);
    // Its width over its depth holds from the wrist to the knuckles: a wrist no wider than the
    // forearm's end is a thinner one too.
    float wristDepth = kPalmWristShare * depth;
    if (const std::optional<float> forearm = boneEndRadius(hand)) {
        const float blend = 0.5f * depth;
        wristDepth = std::min(wristDepth, std::max(*forearm - blend, 0.0f) * depth / halfWidth);
    }
    BodyVolume palm = makeEllipticCone(points[hand] + forward * (0.5f * wristDepth),
                                       knuckles - forward * (0.5f * depth), wristDepth, depth,
                                       across, halfWidth / depth);
    palm.blend = 0.5f * depth;
    palm.mass = static_cast<NodeIndex>(hand);
    attach(palm, hand, hand);
    // Picking: the palm is the volume of the bone to the middle knuckle, the farthest.
    std::size_t middle = 0;
    for (std::size_t k = 0; k < fingers.roots.size(); ++k) {
        if (fingers.thumbs[k] == 0 &&
            (fingers.thumbs[middle] != 0 ||
             glm::length(points[fingers.knuckles[k]] - points[hand]) >
                 glm::length(points[fingers.knuckles[middle]] - points[hand]))) {
            middle = k;
        }
    }
    palm.radiusNode = static_cast<NodeIndex>(fingers.knuckles[middle]);
    figure.volumes.push_back(palm);
}

std::optional<float> FigureBuilder::boneEndRadius(std::size_t node) const {
    // A bone may be made of pieces (a forearm's bulge, then its run to the wrist): the piece
    // ending nearest the joint ends there.
    const BodyVolume* last = nullptr;
    float nearest = std::numeric_limits<float>::max();
    for (const BodyVolume& volume : figure.volumes) {
        const float away = glm::length(volume.b - points[node]);
        if (volume.radiusNode == static_cast<NodeIndex>(node) &&
            volume.shape != BodyVolume::Shape::Ellipsoid && away < nearest) {
            last = &volume;
            nearest = away;
        }
    }
    if (last == nullptr) {
        return std::nullopt;
    }
    return last->shape == BodyVolume::Shape::EllipticCone ? last->radiusB * last->radii.x
                                                          : last->radiusB;
}

std::optional<std::size_t> FigureBuilder::unnamedHandJoint() const {
    if (std::any_of(roles.begin(), roles.end(),
                    [](BoneRole role) { return role != BoneRole::Unknown; })) {
        return std::nullopt; // names say what it is
    }
    const std::optional<HandFan> hand = findHandFan(skeleton, rest.positions);
    return hand ? std::optional<std::size_t>(static_cast<std::size_t>(hand->wrist)) : std::nullopt;
}

void FigureBuilder::readUnnamedHand() {
    const std::optional<std::size_t> hand = unnamedHandJoint();
    if (!hand) {
        return;
    }
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (skeleton.isEndSite[i] == 0) {
            roles[i] = i < *hand    ? BoneRole::Forearm
                       : i == *hand ? BoneRole::Hand
                                    : BoneRole::Finger;
        }
    }
}

void FigureBuilder::addSole(std::size_t ankle) {
    if (!facing) {
        return;
    }
    // The ankle's subtree is the run of nodes after it whose parents lie within it
    // (parent-before-child, depth-first order).
    float reach = 0.0f;
    for (std::size_t i = ankle + 1; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent || static_cast<std::size_t>(parent) < ankle) {
            break;
        }
        reach = std::max(reach, glm::dot(points[i] - points[ankle], *facing));
    }
    const float heelRadius = 0.028f * capScale;
    const float toeRadius = 0.022f * capScale;
    // A foot whose bones reach forward gets a sole too, rigid with the ankle, its front ending
    // at the ball (the foot bone's end): the toes bend beyond it, and a sole reaching past the
    // ball stretched its skin there when they did.
    float soleLength = kSoleLength * capScale;
    if (reach >= kShortFoot * capScale) {
        const NodeIndex ball = longestChild[ankle];
        if (ball == kNoParent) {
            return;
        }
        const float ballReach =
            glm::dot(points[static_cast<std::size_t>(ball)] - points[ankle], *facing);
        if (ballReach < kShortFoot * capScale) {
            return;
        }
        soleLength = ballReach - toeRadius;
    }
    // The sole rests on the lowest joint's level (the ground in the rest pose), never below,
    // and never farther below the ankle than a foot is tall: a foot raised in the bind
    // frame (body_bind_pose.h) keeps its sole under the ankle, not a piece on the ground.
    const float height = glm::dot(points[ankle], up) - lowest;
    const float tallest = kAnkleHeight * capScale;
    const glm::vec3 heel =
        points[ankle] - up * std::clamp(height - heelRadius, 0.0f, tallest - heelRadius);
    const glm::vec3 toes = points[ankle] -
                           up * std::clamp(height - toeRadius, 0.0f, tallest - toeRadius) +
                           *facing * soleLength;
    BodyVolume sole = makeRoundCone(heel, toes, heelRadius, toeRadius);
    sole.blend = 0.5f * sole.radiusB;
    attach(sole, ankle, ankle);
    figure.volumes.push_back(sole);
}

} // namespace bvh::body_figure_detail
