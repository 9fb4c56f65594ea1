// A head: an ellipsoid along the skull with a nose (upright) or a snout (lying along the ground),
// fitted over a face rig's joints.
#include "core/body/body_figure_builder.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <limits>

namespace bvh::body_figure_detail {

std::size_t FigureBuilder::trunkBaseBelow(std::size_t head) const {
    std::vector<std::uint8_t> joints(points.size(), 0); // per node: joints leaving it, up to 2
    for (std::size_t i = 0; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent && skeleton.isEndSite[i] == 0) {
            std::uint8_t& count = joints[static_cast<std::size_t>(parent)];
            count = static_cast<std::uint8_t>(std::min(count + 1, 2));
        }
    }
    std::size_t base = head;
    std::size_t node = head;
    while (skeleton.parents[node] != kNoParent) {
        node = static_cast<std::size_t>(skeleton.parents[node]);
        if (joints[node] >= 2) {
            base = node;
        }
    }
    return base == head ? node : base;
}

bool FigureBuilder::headAheadOfTrunkBase(std::size_t head) const {
    const glm::vec3 fromBase = points[head] - points[trunkBaseBelow(head)];
    const float length = glm::length(fromBase);
    return length > 0.0f && std::abs(glm::dot(fromBase, up)) < 0.7f * length;
}

NodeIndex FigureBuilder::boneAlong(std::size_t node, const glm::vec3& direction) const {
    NodeIndex longest = kNoParent;
    float longestLength = 0.0f;
    for (std::size_t i = node + 1; i < points.size(); ++i) {
        if (skeleton.parents[i] != static_cast<NodeIndex>(node) || hasBone[i] == 0) {
            continue;
        }
        const glm::vec3 bone = points[i] - points[node];
        const float length = glm::length(bone);
        if (glm::dot(bone, direction) > 0.85f * length && length > longestLength) {
            longest = static_cast<NodeIndex>(i);
            longestLength = length;
        }
    }
    return longest;
}

NodeIndex FigureBuilder::crownBone(std::size_t head, std::size_t bones) const {
    if (bones == 1) {
        return longestChild[head];
    }
    const NodeIndex neck = skeleton.parents[head];
    if (bones == 0 || neck == kNoParent || hasBone[head] == 0) {
        return kNoParent;
    }
    return boneAlong(head, glm::normalize(points[head] - points[static_cast<std::size_t>(neck)]));
}

std::vector<glm::vec3> FigureBuilder::faceJoints(std::size_t head, const glm::mat3& axes,
                                                 float crownAt) const {
    std::vector<glm::vec3> joints;
    std::vector<std::uint8_t> below(points.size(), 0);
    below[head] = 1;
    for (std::size_t i = head + 1; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent || below[static_cast<std::size_t>(parent)] == 0) {
            continue;
        }
        below[i] = 1;
        const glm::vec3 local = axes * (points[i] - points[head]);
        if (skeleton.isEndSite[i] == 0 && local.x <= crownAt) {
            joints.push_back(local);
        }
    }
    return joints;
}

bool FigureBuilder::withinSkullBox(std::span<const glm::vec3> joints, const glm::vec3& centre,
                                   const glm::vec3& semiAxes) {
    return std::all_of(joints.begin(), joints.end(), [&](const glm::vec3& joint) {
        const glm::vec3 d = glm::abs(joint - centre) / semiAxes;
        return std::max({d.x, d.y, d.z}) <= 1.0f;
    });
}

float FigureBuilder::faceReach(std::span<const glm::vec3> joints, const glm::vec3& centre,
                               const glm::vec3& semiAxes) {
    float reach = 0.0f;
    for (const glm::vec3& joint : joints) {
        reach = std::max(reach, glm::length((joint - centre) / semiAxes));
    }
    return reach;
}

FigureBuilder::FaceSplit FigureBuilder::splitJaw(std::span<const glm::vec3> joints,
                                                 const glm::vec3& centre, const glm::vec3& semiAxes,
                                                 bool lying) {
    FaceSplit split;
    // A lying head's face lies ahead of it, not below: it has no jaw.
    split.jawLine = lying ? -std::numeric_limits<float>::max() : centre.x - kJawLine * semiAxes.x;
    for (const glm::vec3& joint : joints) {
        const bool jaw =
            joint.x < split.jawLine && std::abs(joint.z - centre.z) <= kJawHalfWidth * semiAxes.z;
        (jaw ? split.jaw : split.skull).push_back(joint);
    }
    return split;
}

glm::vec3 FigureBuilder::fitHeadToFace(std::span<const glm::vec3> joints, glm::vec3 centre,
                                       glm::vec3& semiAxes) {
    glm::vec3 low(0.0f);
    glm::vec3 high(0.0f);
    for (const glm::vec3& joint : joints) {
        low = glm::min(low, joint);
        high = glm::max(high, joint);
    }
    // Along the skull, the centre moves down towards a face that hangs lower than the skull the
    // crown and the neck put (headSpan), by at most half its half-height, never up. Holding its
    // chin too, ahead of its bottom, a head stood a third taller than a head (MakeHuman's, 0.17
    // of the height) and hid the neck: the chin is the jaw's (jawUnder). Front to back and across
    // it moves towards the face, within 0.8 of the semi-axis, so that the head joint stays
    // inside, but only as far as holds the face: a face rig's joints (eyes, jaw, tongue) all lie
    // in the head's front, and centred on their middle MakeHuman's skull (its walk's) sat 0.031
    // of the height ahead of its head joint (a person's about 0.01), its back over the neck: the
    // head pushed forward. First as far as brings the joints' box within the skull's
    // (kFaceMargin), then on towards their middle until they lie inside it; where even the middle
    // does not hold them, it grows alike along and across (an ovoid still), up to kHeadGrowth.
    const auto within = [&](glm::vec3 at) {
        at.x = std::clamp(at.x, centre.x - 0.5f * semiAxes.x, centre.x);
        at.y = std::clamp(at.y, -0.8f * semiAxes.y, 0.8f * semiAxes.y);
        at.z = std::clamp(at.z, -0.8f * semiAxes.z, 0.8f * semiAxes.z);
        return at;
    };
    const glm::vec3 middle = within(0.5f * (low + high));
    glm::vec3 least = middle;
    for (int k = 1; k < 3; ++k) {
        const float half = semiAxes[k] / kFaceMargin;
        least[k] = high[k] - low[k] > 2.0f * half
                       ? middle[k]
                       : std::clamp(centre[k], high[k] - half, low[k] + half);
    }
    least = within(least);
    const auto holds = [&](float share) {
        return kFaceMargin * faceReach(joints, least + share * (middle - least), semiAxes) <= 1.0f;
    };
    float share = holds(0.0f) ? 0.0f : 1.0f;
    if (share > 0.0f && holds(1.0f)) {
        float enough = 1.0f;
        float tooLittle = 0.0f;
        for (int step = 0; step < 12; ++step) {
            const float half = 0.5f * (enough + tooLittle);
            (holds(half) ? enough : tooLittle) = half;
        }
        share = enough;
    }
    centre = least + share * (middle - least);
    semiAxes *= std::clamp(kFaceMargin * faceReach(joints, centre, semiAxes), 1.0f, kHeadGrowth);
    return centre;
}

std::optional<BodyVolume> FigureBuilder::jawUnder(std::span<const glm::vec3> joints, float jawLine,
                                                  const glm::vec3& centre,
                                                  const glm::vec3& semiAxes, float length) {
    if (faceReach(joints, centre, semiAxes) * kFaceMargin <= 1.0f) {
        return std::nullopt; // inside the skull
    }
    glm::vec3 low(std::numeric_limits<float>::max());
    glm::vec3 high(-std::numeric_limits<float>::max());
    for (const glm::vec3& joint : joints) {
        low = glm::min(low, joint);
        high = glm::max(high, joint);
    }
    // Up to the jaw's line, so that it reaches into the skull rather than hanging under it.
    high.x = std::max(high.x, jawLine);
    const glm::vec3 middle = 0.5f * (low + high);
    glm::vec3 radii = glm::max(0.5f * (high - low), glm::vec3(kJawLeastPerHeadLength * length));
    radii *= std::max(kFaceMargin * faceReach(joints, middle, radii), 1.0f);
    BodyVolume volume;
    volume.a = middle;
    volume.radii = glm::min(radii, semiAxes);
    return volume;
}

float FigureBuilder::neckRunBelow(std::size_t head) const {
    float run = 0.0f;
    for (std::size_t node = head; skeleton.parents[node] != kNoParent;) {
        const auto parent = static_cast<std::size_t>(skeleton.parents[node]);
        if (roles[parent] != BoneRole::Neck) {
            break;
        }
        run += hasBone[node] != 0 ? boneLength(node) : 0.0f;
        node = parent;
    }
    return run;
}

FigureBuilder::HeadSpan FigureBuilder::headSpan(std::size_t head) const {
    HeadSpan span{up, kHeadLengthDefault * capScale, 0.0f, 0};
    const NodeIndex neck = skeleton.parents[head];
    const bool ahead = headAheadOfTrunkBase(head);
    for (std::size_t i = head + 1; i < points.size(); ++i) {
        span.bones += skeleton.parents[i] == static_cast<NodeIndex>(head) && hasBone[i] != 0;
    }
    // A face rig's helpers (a jaw, an eye's aim, MakeHuman's temporalis) say nothing of where
    // the skull goes: its crown bone does, found among them as a lone head bone is. With 120
    // helpers the skull sat on its head joint (none of it below), its neck a neck shorter.
    NodeIndex crown = crownBone(head, span.bones);
    // An upright head's crown bone far off its neck's line says nothing of the skull, neither
    // where it points nor how long it is: Rokoko's head End Site (22 cm; its rest pose lies
    // along +X), in the frame of its motion it is bound in, points 100 degrees off its neck,
    // sideways and down. A skull along it lay on its side, flat on top over the shoulder. The
    // head is then a head joint's with no crown bone: along the neck's line, a head's length,
    // reaching down the neck as room allows. The corpus's other heads lie within 42 degrees of
    // their necks.
    if (crown != kNoParent && !ahead && neck != kNoParent && hasBone[head] != 0 &&
        glm::dot(glm::normalize(points[static_cast<std::size_t>(crown)] - points[head]),
                 glm::normalize(points[head] - points[static_cast<std::size_t>(neck)])) <
            kCrownOffNeck) {
        crown = kNoParent;
    }
    // A bone far shorter than any head (Bandai Namco's and LAFAN1's head End Site, a
    // centimetre long) is a marker: it says where the skull points, not how large it is.
    if (crown != kNoParent) {
        const glm::vec3 bone = points[static_cast<std::size_t>(crown)] - points[head];
        span.direction = glm::normalize(bone);
        const float headBoneLength = glm::length(bone);
        span.crown = headBoneLength;
        if (headBoneLength >= kHeadMarkerLength * capScale) {
            span.length = headBoneLength;
            // A short crown bone over a long neck chain (CMU's: the head joint at the skull's
            // base, 0.07 of the height below the crown, over a neck of 0.14) is the skull's
            // top only: the head reaches down the neck to a head's length, leaving a neck.
            // Where the neck leaves no room for all of it (PyMO's, with no neck joint), the rest
            // rises past the crown bone's end: a head of a head's size on a neck.
            // Not a quadruped's head, which lies ahead along its neck.
            const float wanted = std::max(kHeadLengthDefault * capScale - span.length, 0.0f);
            span.below = std::min(wanted, headRoomBelow(head, span.length));
            span.length += ahead ? span.below : wanted;
        }
    } else if (neck != kNoParent && hasBone[head] != 0) {
        span.direction = glm::normalize(points[head] - points[static_cast<std::size_t>(neck)]);
        // Face joints but no crown bone (eyes alone leave Daz's and Poser's heads): the face
        // hangs ahead of a head joint at the skull's base, and the skull reaches down the neck
        // as under a short crown bone, as far as it leaves room (on three.js's pirouette as far
        // as the eyes had placed it). A head joint that no bone leaves says nothing of it.
        const bool faceOnly = span.bones > 0 && !ahead;
        span.below = faceOnly ? std::min(span.length, headRoomBelow(head, 0.0f)) : 0.0f;
    }
    // A face rig's head is a whole head however short its crown bone (MakeHuman's special06
    // reaches 7 % of the height): never smaller than a plain head.
    const float least = span.bones > 1 ? kHeadLengthDefault : kHeadLengthMin;
    span.length = std::clamp(span.length, least * capScale, kHeadLengthMax * capScale);
    return ahead ? quadrupedHeadSpan(head, span) : span;
}

FigureBuilder::HeadSpan FigureBuilder::quadrupedHeadSpan(std::size_t head, HeadSpan span) const {
    const NamedQuadruped quadruped = namedQuadruped();
    const NodeIndex neck = skeleton.parents[head];
    if (quadruped.legs.empty() || neck == kNoParent) {
        return span;
    }
    span.length = kHeadPerBarrelLength * quadruped.length;
    span.below = 0.0f;
    // A head whose only bone is a hanging trunk (markHangingTrunk) points along its neck.
    const NodeIndex child = longestChild[head];
    if (child == kNoParent || boneRole[static_cast<std::size_t>(child)] == BoneRole::Tail) {
        span.direction = glm::normalize(points[head] - points[static_cast<std::size_t>(neck)]);
    }
    return span;
}

float FigureBuilder::neckRadiusAt(std::size_t child, float runStart) const {
    float toHead = 0.0f;
    std::size_t node = child;
    while (roles[node] == BoneRole::Neck && longestChild[node] != kNoParent) {
        node = static_cast<std::size_t>(longestChild[node]);
        toHead += boneLength(node);
    }
    // A head ahead of the figure (a quadruped's) hangs on a neck of its own kind.
    if (roles[node] != BoneRole::Head || headAheadOfTrunkBase(node)) {
        return runStart;
    }
    const HeadSpan span = headSpan(node);
    const float headWidth = kCraniumWidthShare * kHeadWidthPerLength * span.length;
    const float atHead =
        std::min(runStart * roleSize(BoneRole::Neck).taper, 0.5f * kNeckPerHeadWidth * headWidth);
    // It is that narrow where the skull's bottom meets it, and within the skull.
    const float run = neckRunBelow(node) - span.below;
    const float toSkull = toHead - span.below;
    return run > 0.0f && toSkull > 0.0f
               ? atHead + (runStart - atHead) * std::min(toSkull / run, 1.0f)
               : atHead;
}

namespace {

// A part of a shaped head, in the head's axes (along the skull, towards the face, to the side)
// and in shares of the envelope's semi-axes: its centre from the envelope's, its semi-axes.
struct HeadPart {
    glm::vec3 offset;
    glm::vec3 radii;
};

// A person's head (crown to chin about 0.13 of the height, 0.085 wide, 0.105 deep) is no ovoid
// about its neck: the cranium, the widest and deepest part, is its top two thirds, its back
// overhanging the nape; the face hangs ahead of the neck under it, narrower than the cranium,
// and the chin under the face's front is the lowest point, ahead of the throat; the neck leaves
// the cranium's underside behind the jaw, about level with the mouth. An ovoid round the neck's
// line read as an alien's egg, the same from every side, with no chin: on the generated bipeds
// 0.108-0.124 of the height from crown to chin, 0.096-0.100 wide and as low at the back as
// under the face; shaped, 0.122-0.138, 0.088-0.092 wide, 1.34-1.38 times as deep, the
// occiput's underside 0.024-0.080 above the chin (tests/core/body/body_head_test.cpp, measured
// on the surface). The cranium's bounding sphere (body_volumes' ellipsoid bounds) reaches no
// higher than the ovoid's, so that the grid centred on the volumes' bounds keeps its phase.
constexpr HeadPart kCranium{{0.28f, 0.05f, 0.0f}, {0.72f, 0.88f, kCraniumWidthShare}};
constexpr HeadPart kFace{{-0.40f, 0.60f, 0.0f}, {0.56f, 0.50f, 0.66f}};
constexpr HeadPart kChin{{-0.80f, 0.85f, 0.0f}, {0.2f, 0.3f, 0.4f}};
// The nose, on the face's front at its middle height; its radius of the envelope's half-height.
constexpr glm::vec3 kNoseAt{-0.12f, 1.1f, 0.0f};
constexpr float kNoseRadius = 0.2f;
// The nape, from the head joint up into the cranium's underside behind the jaw, as thick as a
// neck where it meets the head (kNeckPerHeadWidth of the head's width, of the envelope's
// half-width).
constexpr glm::vec3 kNapeTop{-0.2f, -0.35f, 0.0f};
constexpr float kNapeRadius = 0.55f;

bool insidePart(const glm::vec3& joint, const glm::vec3& centre, const glm::vec3& radii) {
    const glm::vec3 d = (joint - centre) / radii;
    return kFaceMargin * kFaceMargin * glm::dot(d, d) <= 1.0f;
}

} // namespace

bool FigureBuilder::addShapedHead(std::size_t head, const glm::mat3& axes,
                                  const HeadEnvelope& envelope, std::span<const glm::vec3> joints) {
    const glm::vec3& semi = envelope.semiAxes;
    const glm::vec3 craniumAt = envelope.centre + kCranium.offset * semi;
    const glm::vec3 craniumRadii = kCranium.radii * semi;
    const glm::vec3 faceAt = envelope.centre + kFace.offset * semi;
    const glm::vec3 faceRadii = kFace.radii * semi;
    // Face helpers stay inside the head: a face the two do not hold keeps the ovoid.
    if (!std::all_of(joints.begin(), joints.end(), [&](const glm::vec3& joint) {
            return insidePart(joint, craniumAt, craniumRadii) ||
                   insidePart(joint, faceAt, faceRadii);
        })) {
        return false;
    }
    const glm::mat3 toWorld = glm::transpose(axes);
    const glm::vec3 at = points[head];
    const NodeIndex child = longestChild[head];
    const auto add = [&](BodyVolume volume, float blend) {
        volume.blend = blend;
        attach(volume, head, head);
        volume.radiusNode = child;
        figure.volumes.push_back(volume);
    };
    add(makeEllipsoid(at + toWorld * craniumAt, axes, craniumRadii), 0.36f * semi.x);
    add(makeEllipsoid(at + toWorld * faceAt, axes, faceRadii), 0.3f * semi.x);
    add(makeEllipsoid(at + toWorld * (envelope.centre + kChin.offset * semi), axes,
                      kChin.radii * semi),
        0.15f * semi.x);
    const glm::vec3 napeTop = envelope.centre + kNapeTop * semi;
    if (napeTop.x > 0.0f) { // a head joint below the cranium: the neck goes on into it
        const float radius = kNapeRadius * semi.z;
        add(makeRoundCone(at, at + toWorld * napeTop, radius, radius), 0.6f * radius);
    }
    const float nose = kNoseRadius * semi.x;
    add(makeEllipsoid(at + toWorld * (envelope.centre + kNoseAt * semi), glm::mat3(1.0f),
                      glm::vec3(nose)),
        0.5f * nose);
    return true;
}

void FigureBuilder::addHead(std::size_t head) {
    const NodeIndex child = longestChild[head];
    const HeadSpan span = headSpan(head);
    const glm::vec3 direction = span.direction;
    const float length = span.length;
    const std::size_t bones = span.bones;
    glm::vec3 centre = points[head] + direction * (0.5f * length - span.below);
    glm::vec3 front = anyPerpendicular(direction);
    // A head lying along the ground (a quadruped's, along its neck) looks where it points:
    // it gets a snout whether or not the pose says which way the figure faces.
    // Only on a figure whose head is ahead of its root rather than above it: a biped bound
    // in a frame where it looks down (body_bind_pose.h) keeps an upright head.
    const bool figureLies = headAheadOfTrunkBase(head);
    const bool horizontal = figureLies && std::abs(glm::dot(direction, up)) < 0.6f;
    const bool knowsFront = facing.has_value() || horizontal;
    const bool lying =
        horizontal || (figureLies && facing && std::abs(glm::dot(*facing, direction)) > 0.7f);
    if (lying) {
        const glm::vec3 above = up - direction * glm::dot(up, direction);
        front = glm::length(above) > 1e-3f ? glm::normalize(above) : front;
    } else if (facing) {
        front = glm::normalize(*facing - direction * glm::dot(*facing, direction));
    }
    const glm::vec3 side = glm::cross(direction, front);
    const glm::mat3 axes = glm::transpose(glm::mat3(direction, front, side));
    glm::vec3 semiAxes =
        glm::vec3(0.5f + kSkullOvershoot, 0.45f, 0.5f * kHeadWidthPerLength) * length;
    std::optional<BodyVolume> jaw;
    std::vector<glm::vec3> joints;
    glm::vec3 local(0.5f * length - span.below, 0.0f, 0.0f);
    bool fitted = false;
    if (bones > 1) {
        // The crown bone's end tops the skull, which reaches past it (kSkullOvershoot): joints
        // level with it are the skull's top, not a face to hold.
        const float crownAt =
            span.crown >= kHeadMarkerLength * capScale ? 0.99f * span.crown : 2.0f * semiAxes.x;
        joints = faceJoints(head, axes, crownAt);
        // Helpers within the skull's box (120 face joints about a CMU head joint at the skull's
        // base, where the ellipsoid narrows) change neither its place nor its size: they moved
        // the skull down by 0.02 of the height and grew it by a fifth, over the neck.
        fitted = !withinSkullBox(joints, local, semiAxes);
        if (fitted) {
            const FaceSplit split = splitJaw(joints, local, semiAxes, lying);
            local = fitHeadToFace(split.skull, local, semiAxes);
            centre = points[head] + glm::transpose(axes) * local;
            jaw = jawUnder(split.jaw, split.jawLine, local, semiAxes, length);
        }
    }
    // An upright head that knows its front is a cranium over a face and a jaw; a face larger
    // than the skull the skeleton says keeps the ovoid fitted over it.
    if (!fitted && !figureLies && facing &&
        addShapedHead(head, axes, HeadEnvelope{local, semiAxes}, joints)) {
        return;
    }
    BodyVolume skull = makeEllipsoid(centre, axes, semiAxes);
    skull.blend = 0.2f * length;
    attach(skull, head, head);
    skull.radiusNode = child;
    figure.volumes.push_back(skull);
    if (jaw) {
        BodyVolume chin =
            makeEllipsoid(points[head] + glm::transpose(axes) * jaw->a, axes, jaw->radii);
        chin.blend = 0.5f * std::min({jaw->radii.x, jaw->radii.y, jaw->radii.z});
        attach(chin, head, head);
        chin.radiusNode = child;
        figure.volumes.push_back(chin);
    }
    if (!knowsFront) {
        return; // nothing says which way it looks: a plain head
    }
    // A nose (upright heads) or a snout (heads along the facing): the head shows the front.
    const glm::vec3 noseAt = centre + front * (0.42f * length) - direction * (0.12f * length);
    const float noseRadius = 0.12f * length;
    BodyVolume nose =
        lying ? makeRoundCone(centre + direction * (0.2f * length),
                              centre + direction * (0.85f * length), 0.3f * length, 0.17f * length)
              : makeEllipsoid(noseAt, glm::mat3(1.0f), glm::vec3(noseRadius));
    nose.blend = 0.5f * (lying ? 0.17f * length : noseRadius);
    attach(nose, head, head);
    figure.volumes.push_back(nose);
}

} // namespace bvh::body_figure_detail
