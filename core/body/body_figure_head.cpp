// A head: an ellipsoid along the skull with a nose (upright) or a snout (lying along the ground),
// fitted over a face rig's joints.
#include "core/body/body_figure_builder.h"

#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

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

float FigureBuilder::boneAlong(std::size_t node, const glm::vec3& direction) const {
    float longest = 0.0f;
    for (std::size_t i = node + 1; i < points.size(); ++i) {
        if (skeleton.parents[i] != static_cast<NodeIndex>(node) || hasBone[i] == 0) {
            continue;
        }
        const glm::vec3 bone = points[i] - points[node];
        const float length = glm::length(bone);
        if (glm::dot(bone, direction) > 0.85f * length) {
            longest = std::max(longest, length);
        }
    }
    return longest;
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

glm::vec3 FigureBuilder::fitHeadToFace(std::size_t head, const glm::mat3& axes,
                                       glm::vec3& semiAxes) const {
    const std::vector<glm::vec3> joints = faceJoints(head, axes, 2.0f * semiAxes.x);
    glm::vec3 low(0.0f);
    glm::vec3 high(0.0f);
    for (const glm::vec3& joint : joints) {
        low = glm::min(low, joint);
        high = glm::max(high, joint);
    }
    // Along the skull's axis the centre stays between a chin hanging below the head joint
    // (0.15 of its height above it) and a skull sitting on it; across, within 0.8 of the
    // semi-axis, so the head joint stays inside.
    const glm::vec3 middle = 0.5f * (low + high);
    const glm::vec3 centre(std::clamp(middle.x, 0.27f * semiAxes.x, 0.91f * semiAxes.x),
                           std::clamp(middle.y, -0.8f * semiAxes.y, 0.8f * semiAxes.y),
                           std::clamp(middle.z, -0.8f * semiAxes.z, 0.8f * semiAxes.z));
    float reach = 0.0f; // the farthest joint, in the ellipsoid's own measure (1: on it)
    for (const glm::vec3& joint : joints) {
        reach = std::max(reach, glm::length((joint - centre) / semiAxes));
    }
    semiAxes *= std::clamp(kFaceMargin * reach, 1.0f, kHeadGrowth);
    return centre;
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
    const NodeIndex child = longestChild[head];
    HeadSpan span{up, kHeadLengthDefault * capScale, 0.0f, 0};
    const NodeIndex neck = skeleton.parents[head];
    const bool ahead = headAheadOfTrunkBase(head);
    // A face rig's longest bone from the head (a jaw, an eye's aim, MakeHuman's temporalis)
    // does not say where the skull goes: with several bones leaving the head, the neck does.
    for (std::size_t i = head + 1; i < points.size(); ++i) {
        span.bones += skeleton.parents[i] == static_cast<NodeIndex>(head) && hasBone[i] != 0;
    }
    // A bone far shorter than any head (Bandai Namco's and LAFAN1's head End Site, a
    // centimetre long) is a marker: it says where the skull points, not how large it is.
    if (child != kNoParent && span.bones == 1) {
        const glm::vec3 bone = points[static_cast<std::size_t>(child)] - points[head];
        span.direction = glm::normalize(bone);
        const float headBoneLength = glm::length(bone);
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
        const float crown = boneAlong(head, span.direction);
        span.length = crown >= kHeadMarkerLength * capScale ? crown : span.length;
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
    const float headWidth = kHeadWidthPerLength * span.length;
    const float atHead =
        std::min(runStart * roleSize(BoneRole::Neck).taper, 0.5f * kNeckPerHeadWidth * headWidth);
    // It is that narrow where the skull's bottom meets it, and within the skull.
    const float run = neckRunBelow(node) - span.below;
    const float toSkull = toHead - span.below;
    return run > 0.0f && toSkull > 0.0f
               ? atHead + (runStart - atHead) * std::min(toSkull / run, 1.0f)
               : atHead;
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
    if (bones > 1) {
        centre = points[head] + glm::transpose(axes) * fitHeadToFace(head, axes, semiAxes);
    }
    BodyVolume skull = makeEllipsoid(centre, axes, semiAxes);
    skull.blend = 0.2f * length;
    attach(skull, head, head);
    skull.radiusNode = child;
    figure.volumes.push_back(skull);
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
