// The top of an upright figure's trunk and the neck above it: the trunk's rounded top ends at the
// shoulder line, so that a neck shows between the shoulders and the head however the skeleton
// cuts its neck chain (CMU's starts inside the chest, PyMO's has none).
#include "core/body/body_figure_builder.h"

namespace bvh::body_figure_detail {

void FigureBuilder::measureShoulderLine() {
    float sum = 0.0f;
    int count = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (roles[i] == BoneRole::UpperArm && parent != kNoParent &&
            roles[static_cast<std::size_t>(parent)] != BoneRole::UpperArm &&
            longestChild[i] != kNoParent) {
            // Arms hanging beside the chest in the bind pose lie against its top's sides: with
            // the top lowered, the gap kept between the chest and the arm (body_gap.h) opened
            // a notch under the collar there. Such a figure keeps its chest's top.
            if (hangsAlongTrunk(i)) {
                return;
            }
            sum += glm::dot(points[i], up);
            ++count;
        }
    }
    if (count > 0) {
        shoulderLine = sum / static_cast<float>(count);
    }
}

bool FigureBuilder::armless() const {
    return std::none_of(roles.begin(), roles.end(),
                        [](BoneRole role) { return role == BoneRole::UpperArm; });
}

glm::vec3 FigureBuilder::trunkEnd(std::size_t parent, std::size_t child, float endRadius) const {
    const glm::vec3 bone = points[child] - points[parent];
    const float length = glm::length(bone);
    // A chest ending at the neck's root stops short of it whatever the arms say; with no arms
    // at all (a face rig's trunk and head), no shoulders hide the neck's root either: the dome's
    // top stops at it. (Reaching 0.2 of its radius past it, it met the skull's bottom, which the
    // face's joints bring down ahead of the neck, within the gap kept between volumes that are no
    // hierarchy neighbours, and the gap's wall carved a slot between them: a seam under the chin.)
    const float below = armless() ? 1.0f : kChestTopBelowNeck;
    float cut = roles[child] == BoneRole::Neck
                    ? std::min(below * endRadius, kLongestTrunkCut * length)
                    : 0.0f;
    const float rise = glm::dot(bone, up) / length;
    if (shoulderLine && rise > kUprightTrunk) {
        const float over = glm::dot(points[child], up) + endRadius - *shoulderLine;
        // A trunk bone that runs into the head (PyMO's spine to head) gives way to a neck
        // (addNeckOverTrunk): it may stop well short of its end.
        const float most =
            (roles[child] == BoneRole::Head ? kLongestTrunkCutUnderHead : kLongestTrunkCut) *
            length;
        cut = std::max(cut, std::min(over / rise, most));
    }
    return points[child] - bone * (cut / length);
}

void FigureBuilder::flattenChestTop(std::size_t parent, std::size_t child, BodyVolume& top) const {
    const glm::vec3 bone = top.b - top.a;
    const float length = glm::length(bone);
    const bool underNeck = roles[child] == BoneRole::Neck || roles[child] == BoneRole::Head;
    if (!shoulderLine || !underNeck || top.shape == BodyVolume::Shape::Ellipsoid ||
        !(length > 0.0f) ||
        glm::dot(points[child] - points[parent], up) <=
            kUprightTrunk * glm::length(points[child] - points[parent])) {
        return;
    }
    if (top.shape == BodyVolume::Shape::RoundCone) {
        const glm::vec3 axis = bone / length;
        const glm::vec3 width = anyPerpendicular(axis);
        top.shape = BodyVolume::Shape::EllipticCone;
        top.axes = glm::transpose(glm::mat3(width, glm::cross(axis, width), axis));
        top.radii = glm::vec3(1.0f);
    }
    top.radii.z = kChestTopHeight;
}

void FigureBuilder::addNeckOverTrunk(std::size_t parent, std::size_t head,
                                     const glm::vec3& trunkTop) {
    if (roles[head] != BoneRole::Head || headAheadOfTrunkBase(head) ||
        glm::length(points[head] - trunkTop) < kZeroLength) {
        return;
    }
    const float start = roleSize(BoneRole::Neck).cap * capScale;
    BodyVolume neck = makeRoundCone(trunkTop, points[head], start, neckRadiusAt(head, start));
    neck.blend = 0.6f * std::min(neck.radiusA, neck.radiusB);
    neck.mass = kTrunkMass;
    attach(neck, parent, head);
    neck.radiusNode = static_cast<NodeIndex>(head);
    figure.volumes.push_back(neck);
}

void FigureBuilder::addTrapezius(std::size_t arm) {
    const NodeIndex collar = skeleton.parents[arm];
    if (!shoulderLine || collar == kNoParent ||
        roles[static_cast<std::size_t>(collar)] != BoneRole::Shoulder ||
        longestChild[arm] == kNoParent) {
        return;
    }
    auto top = static_cast<std::size_t>(collar);
    while (skeleton.parents[top] != kNoParent &&
           roles[static_cast<std::size_t>(skeleton.parents[top])] == BoneRole::Shoulder) {
        top = static_cast<std::size_t>(skeleton.parents[top]);
    }
    const NodeIndex trunk = skeleton.parents[top];
    if (trunk == kNoParent || roles[static_cast<std::size_t>(trunk)] != BoneRole::Trunk) {
        return;
    }
    std::optional<std::size_t> neck;
    for (std::size_t i = 0; i < points.size() && !neck; ++i) {
        if (skeleton.parents[i] == trunk && roles[i] == BoneRole::Neck) {
            neck = i;
        }
    }
    if (!neck) {
        return;
    }
    // The cone ends over the arm's joint, its underside at the joint: round the joint, it reached
    // down to the armpit, where the collar that moves it took the armpit's back from the chest
    // and the arm (dme's, which moves its collars, stretched 4.3x there, 99.975 % within 4x).
    const auto elbow = static_cast<std::size_t>(longestChild[arm]);
    const float end =
        kTrapeziusEndPerArm * startRadius(BoneRole::UpperArm, boneLength(elbow), elbow);
    const glm::vec3 to = points[arm] + up * end;
    const float start = kTrapeziusPerNeck * roleSize(BoneRole::Neck).cap * capScale;
    const glm::vec3 root = points[static_cast<std::size_t>(trunk)];
    glm::vec3 from = root + up * glm::dot(points[*neck] - root, up);
    const glm::vec3 out = to - from;
    const float across = glm::length(out - up * glm::dot(out, up));
    const float wanted = glm::dot(to, up) + end + kTrapeziusFall * across - start;
    from += up * std::clamp(wanted - glm::dot(from, up), 0.0f, kTrapeziusMostRise * capScale);
    if (glm::length(to - from) <= std::abs(end - start) + kZeroLength) {
        return;
    }
    BodyVolume volume = makeRoundCone(from, to, start, end);
    volume.blend = 0.6f * std::min(start, end);
    volume.mass = kTrunkMass;
    volume.joint = collar;
    volume.startJoint = jointOf[top];
    volume.endJoint = jointOf[arm];
    volume.radiusNode = static_cast<NodeIndex>(arm);
    figure.volumes.push_back(volume);
}

float FigureBuilder::headRoomBelow(std::size_t head, float crownLength) const {
    if (headAheadOfTrunkBase(head)) {
        return 0.0f; // a quadruped's head lies ahead along its neck
    }
    const float aboveShoulders = shoulderLine ? glm::dot(points[head], up) - *shoulderLine : -1.0f;
    if (!(aboveShoulders > 0.0f)) {
        // With no arms to say where the shoulders are and no neck joint, the head sits on a
        // trunk bone: it reaches down along that bone (at most half of it) rather than rising
        // past the crown bone's end, which would stand the body taller than its skeleton.
        const float run = neckRunBelow(head);
        const float below = run > 0.0f ? run : 0.5f * boneLength(head);
        return std::max(below - kShortestNeck * capScale, 0.0f);
    }
    // The skull's ellipsoid reaches kSkullOvershoot of its length past the span's ends (its
    // length: the crown, what it reaches down and what rises past the crown, kHeadLengthDefault).
    const float length = std::max(crownLength, kHeadLengthDefault * capScale);
    return std::max(aboveShoulders - kShortestNeck * capScale - kSkullOvershoot * length, 0.0f);
}

} // namespace bvh::body_figure_detail
