// The ends of limbs whose bones alone do not shape them: a palm where fingers fan out, a sole
// forward of an ankle.
#include "core/analysis/hand_fan.h"
#include "core/body/body_figure_builder.h"
#include "core/body/body_grid.h"
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

std::optional<FigureBuilder::PalmShape> FigureBuilder::palmShape(std::size_t hand) const {
    const HandFingers& fingers = fingersOfHand(hand);
    PalmShape shape;
    shape.wrist = points[hand];
    glm::vec3 knuckles(0.0f);
    std::vector<glm::vec3> roots;
    float meanRadius = 0.0f;
    float farthest = -1.0f;
    for (std::size_t k = 0; k < fingers.roots.size(); ++k) {
        const glm::vec3& root = points[fingers.knuckles[k]];
        if (fingers.thumbs[k] != 0) {
            shape.thumb = k;
            continue;
        }
        roots.push_back(root);
        knuckles += root;
        meanRadius += fingers.radii[k];
        const NodeIndex next = longestChild[fingers.knuckles[k]];
        if (next != kNoParent) {
            shape.web += boneLength(static_cast<std::size_t>(next));
        }
        if (glm::length(root - shape.wrist) > farthest) {
            farthest = glm::length(root - shape.wrist);
            shape.middle = k;
        }
    }
    if (roots.size() < 2) {
        return std::nullopt; // no fan of fingers: the hand bone's cone is the hand
    }
    knuckles /= static_cast<float>(roots.size());
    meanRadius /= static_cast<float>(roots.size());
    shape.web *= kPalmWebShare / static_cast<float>(roots.size());
    shape.length = glm::length(knuckles - shape.wrist);
    if (!(shape.length > static_cast<float>(kZeroLength))) {
        return std::nullopt;
    }
    shape.forward = (knuckles - shape.wrist) / shape.length;
    const std::optional<glm::vec3> thumb =
        shape.thumb ? std::optional<glm::vec3>(points[fingers.knuckles[*shape.thumb]])
                    : std::nullopt;
    const auto [across, spread] = palmAcrossKnuckles(
        roots, shape.forward, thumb ? *thumb - shape.wrist : shape.forward, shape.length);
    shape.across = across;
    // A hand whose fingers the figure's cells thicken (a full-body figure's, cells of about 2.6
    // cm) is one paddle with them whatever its palm's shape: its heel, the thumb's ball and the
    // webs are finer than a cell. Given them, such a fist's curling fingers stretched edges 7x to
    // 10x under dual quaternions instead of 6x. Meshed as a piece of its own
    // (BodyOptions::handPieces) on cells kBodyHandCellDivisor times finer, it is resolved there.
    const float leastRadius = kMinimumRadiusInCells * kBodyCellOfFigure;
    const float divisor = options.handPieces ? static_cast<float>(kBodyHandCellDivisor) : 1.0f;
    shape.resolved = meanRadius >= leastRadius / divisor;
    shape.ownPiece = shape.resolved && meanRadius < leastRadius;
    // As wide as the outer fingers' sides at the knuckles and a little more (the palm's edge
    // beyond the index and little fingers), kPalmThicknessPerWidth as thick.
    shape.halfWidth = std::max({0.5f * spread + kPalmEdgePerFinger * meanRadius,
                                shape.resolved ? 0.5f * kPalmWidthPerSpread * spread : 0.0f,
                                0.35f * shape.length});
    shape.depth = std::max(kPalmThicknessPerWidth * shape.halfWidth, kPalmThinnest);
    shape.web = std::max(shape.resolved ? shape.web : 0.0f, 0.5f * shape.depth);
    // The palm's side is the one the thumb's root lies on: a thumb leaves the hand below the
    // plane of the knuckles (its metacarpal lies in front of the others').
    const glm::vec3 normal = glm::normalize(glm::cross(shape.forward, shape.across));
    const float below = thumb ? glm::dot(*thumb - shape.wrist, normal) : 0.0f;
    if (std::abs(below) > kPalmSideShare * shape.depth) {
        shape.palmSide = below > 0.0f ? normal : -normal;
    }
    return shape;
}

void FigureBuilder::markHandPieces() {
    std::vector<std::uint8_t> ownPiece(points.size(), 0);
    for (std::size_t node = 0; node < points.size(); ++node) {
        if (handOf[node] == static_cast<NodeIndex>(node)) {
            const std::optional<PalmShape> shape = palmShape(node);
            ownPiece[node] = shape && shape->ownPiece ? 1 : 0;
        }
    }
    for (BodyVolume& volume : figure.volumes) {
        if (volume.joint == kNoParent) {
            continue;
        }
        const NodeIndex hand = handOf[static_cast<std::size_t>(volume.joint)];
        if (hand != kNoMass && ownPiece[static_cast<std::size_t>(hand)] != 0) {
            volume.handPiece = hand;
        }
    }
}

void FigureBuilder::addPalm(std::size_t hand) {
    const std::optional<PalmShape> shape = palmShape(hand);
    if (!shape) {
        return;
    }
    const float depth = shape->depth;
    const float halfWidth = shape->halfWidth;
    // Its width over its depth holds from the wrist to the knuckles: a wrist no wider than the
    // forearm's end is a thinner one too.
    float wristDepth = kPalmWristShare * depth;
    if (const std::optional<float> forearm = boneEndRadius(hand)) {
        const float blend = 0.5f * depth;
        wristDepth = std::min(wristDepth, std::max(*forearm - blend, 0.0f) * depth / halfWidth);
    }
    // A slab from the heel's middle to the knuckles, reaching past them to the web between the
    // fingers (PalmShape::web); the heel (addPalmHeel) rounds its near end.
    const glm::vec3 knuckles = shape->wrist + shape->forward * shape->length;
    const float start = shape->resolved ? kPalmSlabStart * shape->length : 0.0f;
    BodyVolume palm =
        makeEllipticCone(shape->wrist + shape->forward * std::max(start, 0.5f * wristDepth),
                         knuckles + shape->forward * (shape->web - depth), wristDepth, depth,
                         shape->across, halfWidth / depth);
    palm.blend = 0.5f * depth;
    palm.mass = static_cast<NodeIndex>(hand);
    attach(palm, hand, hand);
    palm.radiusNode = static_cast<NodeIndex>(fingersOfHand(hand).knuckles[shape->middle]);
    figure.volumes.push_back(palm);
    if (shape->resolved) {
        addPalmHeel(hand, *shape);
        addThenar(hand, *shape);
    }
}

void FigureBuilder::addPalmHeel(std::size_t hand, const PalmShape& shape) {
    // The heel of the hand (the thenar and hypothenar pads over the carpal bones) is rounded seen
    // from the back and thicker than the palm towards the palm's side: an ellipsoid over the
    // palm's near half, its far end inside the slab.
    const float halfLength = kPalmHeelLength * shape.length;
    float halfWidth = kPalmHeelWidth * shape.halfWidth;
    float thickness = kPalmHeelThickness * shape.depth;
    // Where a forearm ends at the wrist, the heel is no wider than the forearm (less the
    // blend): wider, a bump showed at every wrist of a full-body figure.
    if (const std::optional<float> forearm = boneEndRadius(hand)) {
        const float room = std::max(*forearm - 0.5f * shape.depth, 0.0f);
        halfWidth = std::min(halfWidth, room);
        thickness = std::min(thickness, room);
    }
    const glm::vec3 centre = shape.wrist +
                             shape.forward * (halfLength - kPalmHeelPast * shape.length) +
                             shape.palmSide * (kPalmHeelBelow * shape.depth);
    const glm::vec3 normal = glm::normalize(glm::cross(shape.forward, shape.across));
    const glm::mat3 axes = glm::transpose(glm::mat3(shape.across, normal, shape.forward));
    BodyVolume heel = makeEllipsoid(centre, axes, glm::vec3(halfWidth, thickness, halfLength));
    heel.blend = 0.5f * shape.depth;
    heel.mass = static_cast<NodeIndex>(hand);
    attach(heel, hand, hand);
    figure.volumes.push_back(heel);
}

void FigureBuilder::addThenar(std::size_t hand, const PalmShape& shape) {
    if (!shape.thumb) {
        return;
    }
    const HandFingers& fingers = fingersOfHand(hand);
    const std::size_t knuckle = fingers.knuckles[*shape.thumb];
    const NodeIndex next = longestChild[knuckle];
    if (next == kNoParent || roles[static_cast<std::size_t>(next)] != BoneRole::Finger) {
        return;
    }
    // The ball of the thumb: from the heel's thumb side, on the palm's side, to the end of the
    // thumb's first bone beyond the palm (its metacarpal), as thick as the thumb there. It
    // moves with the thumb's root, so the thumb leaves the palm at its side with its muscle,
    // not from the middle of the heel as a stick.
    const glm::vec3 thumbSide = points[knuckle] - shape.wrist;
    const float side = glm::dot(thumbSide, shape.across) < 0.0f ? -1.0f : 1.0f;
    const glm::vec3 base = shape.wrist + shape.forward * (kThenarAlong * shape.length) +
                           shape.across * (side * kThenarAcross * shape.halfWidth) +
                           shape.palmSide * (kPalmHeelBelow * shape.depth);
    const float radius = fingers.radii[*shape.thumb];
    const float thickness = std::max(kThenarThickness * shape.depth, radius);
    BodyVolume thenar = makeEllipticCone(base, points[static_cast<std::size_t>(next)], thickness,
                                         radius, shape.across, kThenarWidthRatio);
    thenar.blend = 0.5f * shape.depth;
    thenar.mass = static_cast<NodeIndex>(hand);
    attach(thenar, hand, static_cast<std::size_t>(next));
    thenar.joint = static_cast<NodeIndex>(knuckle);
    figure.volumes.push_back(thenar);
    // The web between the thumb and the index finger: from the thumb's joint there to the
    // palm's edge at the knuckles, thinner than the palm.
    const glm::vec3 edge = shape.wrist + shape.forward * (kThumbWebAlong * shape.length) +
                           shape.across * (side * kThumbWebAcross * shape.halfWidth);
    BodyVolume web = makeRoundCone(points[static_cast<std::size_t>(next)], edge,
                                   kThumbWebThickness * radius, kThumbWebThickness * shape.depth);
    web.blend = 0.5f * shape.depth;
    web.mass = static_cast<NodeIndex>(hand);
    attach(web, hand, static_cast<std::size_t>(next));
    web.joint = static_cast<NodeIndex>(knuckle);
    figure.volumes.push_back(web);
}

bool FigureBuilder::beyondThumbWeb(std::size_t node) const {
    if (handOf[node] == kNoMass || roles[node] != BoneRole::Finger) {
        return false;
    }
    const auto hand = static_cast<std::size_t>(handOf[node]);
    const std::optional<PalmShape> shape = palmShape(hand);
    if (!shape || !shape->resolved || !shape->thumb) {
        return false;
    }
    const std::size_t knuckle = fingersOfHand(hand).knuckles[*shape->thumb];
    // The thumb's joints past its first beyond the palm (the web's end) down to the tip.
    for (NodeIndex at = skeleton.parents[node];
         at != kNoParent && at != static_cast<NodeIndex>(hand);
         at = skeleton.parents[static_cast<std::size_t>(at)]) {
        if (at == static_cast<NodeIndex>(knuckle)) {
            return true;
        }
    }
    return false;
}

std::optional<float> FigureBuilder::boneEndRadius(std::size_t node) const {
    // A bone may be made of pieces (a trunk bone split at the chest's fullest): the piece
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
    // Names say what it is, where a bone leaves the joint they name: a "Root" at the wrist (a
    // still root over a glove's take) names nothing of the hand.
    for (std::size_t i = 0; i < roles.size(); ++i) {
        if (roles[i] != BoneRole::Unknown && longestChild[i] != kNoParent) {
            return std::nullopt;
        }
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
