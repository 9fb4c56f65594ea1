#include "core/retarget/foot_lock.h"

#include "core/analysis/foot_contacts.h"
#include "core/retarget/node_slot.h"
#include "core/retarget/retarget_alignment.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

namespace bvh {
namespace {

// The target's leg on one side, from its roles (the foot's parent is the shin, its parent the
// thigh, by rig_roles.h's construction).
FootLockLeg legOf(const Skeleton& target, const RigRoles& roles, RigSide side) {
    FootLockLeg leg;
    for (std::size_t node = 0; node < roles.joints.size(); ++node) {
        if (roles.joints[node].role == RigRole::Foot && roles.joints[node].side == side) {
            leg.foot = static_cast<NodeIndex>(node);
            leg.shin = target.parents[node];
            leg.thigh = leg.shin == kNoParent ? kNoParent : target.parents[nodeSlot(leg.shin)];
        }
    }
    return leg;
}

std::vector<std::uint32_t> contactStarts(std::span<const std::uint8_t> contact) {
    std::vector<std::uint32_t> starts(contact.size(), 0);
    std::uint32_t start = 0;
    for (std::size_t f = 0; f < contact.size(); ++f) {
        if (contact[f] != 0 && (f == 0 || contact[f - 1] == 0)) {
            start = static_cast<std::uint32_t>(f);
        }
        starts[f] = start;
    }
    return starts;
}

} // namespace

std::vector<float> footLockWeights(std::span<const std::uint8_t> contact,
                                   std::uint32_t blendFrames) {
    const std::size_t frames = contact.size();
    std::vector<float> weights(frames, 0.0f);
    std::size_t f = 0;
    while (f < frames) {
        if (contact[f] == 0) {
            ++f;
            continue;
        }
        std::size_t end = f;
        while (end + 1 < frames && contact[end + 1] != 0) {
            ++end;
        }
        const bool fromStart = f == 0;
        const bool toEnd = end + 1 == frames;
        for (std::size_t g = f; g <= end; ++g) {
            const double in = fromStart ? 1.0 : static_cast<double>(g - f + 1) / (blendFrames + 1);
            const double out = toEnd ? 1.0 : static_cast<double>(end - g + 1) / (blendFrames + 1);
            weights[g] = static_cast<float>(std::min({1.0, in, out}));
        }
        f = end + 1;
    }
    return weights;
}

FootLockPlan planFootLock(const Skeleton& source, const Motion& motion,
                          TranslationMode sourceTranslation, UpAxis sourceUp, double sourceHeight,
                          const Skeleton& target, const RigRoles& targetRoles,
                          const JointMap& map) {
    FootLockPlan plan;
    if (motion.frameCount == 0 || !(sourceHeight > 0.0)) {
        return plan;
    }
    const auto blendFrames = static_cast<std::uint32_t>(
        std::clamp(std::lround(kFootLockBlendSeconds / motion.frameTime), 1L, 30L));
    for (const RigSide side : {RigSide::Left, RigSide::Right}) {
        FootLockLeg leg = legOf(target, targetRoles, side);
        if (leg.thigh == kNoParent || map.sourceOf[nodeSlot(leg.foot)] == kNoParent) {
            continue;
        }
        const FootPoint point{map.sourceOf[nodeSlot(leg.foot)], FootPointKind::Ankle, 0};
        const FootContactAnalysis contacts = analyzeFootContacts(
            source, motion, sourceTranslation, std::span(&point, 1), sourceUp, sourceHeight);
        if (contacts.feet.empty()) {
            continue;
        }
        leg.weight = footLockWeights(contacts.feet.front().contact, blendFrames);
        leg.contactStart = contactStarts(contacts.feet.front().contact);
        plan.legs.push_back(std::move(leg));
    }
    return plan;
}

void solveTwoBoneLeg(const Skeleton& skeleton, const FootLockLeg& leg, const glm::dvec3& goal,
                     std::span<RigidTransform> local, std::span<RigidTransform> world) {
    RigidTransform& thigh = world[nodeSlot(leg.thigh)];
    RigidTransform& shin = world[nodeSlot(leg.shin)];
    RigidTransform& foot = world[nodeSlot(leg.foot)];
    const glm::dvec3 hip = thigh.translation;
    const glm::dvec3 knee = shin.translation;
    const glm::dvec3 ankle = foot.translation;
    const double upper = glm::length(knee - hip);
    const double lower = glm::length(ankle - knee);
    if (upper <= 0.0 || lower <= 0.0) {
        return;
    }
    // The knee's interior angle that puts the ankle at the goal's distance (law of cosines),
    // the distance kept inside what the leg reaches.
    const double reach =
        std::clamp(glm::length(goal - hip), std::abs(upper - lower) + 1e-9, upper + lower - 1e-9);
    const auto interior = [](const glm::dvec3& a, const glm::dvec3& b) {
        return std::acos(std::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0, 1.0));
    };
    const double wanted = std::acos(std::clamp(
        (upper * upper + lower * lower - reach * reach) / (2.0 * upper * lower), -1.0, 1.0));
    glm::dvec3 bendAxis = glm::cross(knee - hip, ankle - knee);
    if (glm::length(bendAxis) < 1e-9 * upper * lower) {
        bendAxis = thigh.rotation * glm::dvec3(1.0, 0.0, 0.0); // a straight leg bends about X
    }
    const glm::dquat bend =
        glm::angleAxis(interior(hip - knee, ankle - knee) - wanted, glm::normalize(bendAxis));
    const glm::dvec3 bentAnkle = knee + bend * (ankle - knee);
    const glm::dquat swing =
        retarget_detail::shortestTurn(glm::normalize(bentAnkle - hip), glm::normalize(goal - hip));
    const glm::dquat footWorld = foot.rotation;
    thigh.rotation = glm::normalize(swing * thigh.rotation);
    shin.rotation = glm::normalize(swing * bend * shin.rotation);
    shin.translation = hip + swing * (knee - hip);
    foot.translation = hip + swing * (bentAnkle - hip);
    const NodeIndex above = skeleton.parents[nodeSlot(leg.thigh)];
    const glm::dquat aboveWorld =
        above == kNoParent ? glm::dquat(1.0, 0.0, 0.0, 0.0) : world[nodeSlot(above)].rotation;
    local[nodeSlot(leg.thigh)].rotation = glm::inverse(aboveWorld) * thigh.rotation;
    local[nodeSlot(leg.shin)].rotation = glm::inverse(thigh.rotation) * shin.rotation;
    local[nodeSlot(leg.foot)].rotation = glm::inverse(shin.rotation) * footWorld;
}

void lockFeet(const Skeleton& skeleton, const FootLockPlan& plan, std::uint32_t frame,
              std::vector<glm::dvec3>& planted, std::span<RigidTransform> local,
              std::span<RigidTransform> world) {
    planted.resize(plan.legs.size());
    for (std::size_t i = 0; i < plan.legs.size(); ++i) {
        const FootLockLeg& leg = plan.legs[i];
        const double weight = leg.weight[frame];
        if (weight <= 0.0) {
            continue;
        }
        const glm::dvec3 ankle = world[nodeSlot(leg.foot)].translation;
        if (leg.contactStart[frame] == frame) {
            planted[i] = ankle;
        }
        solveTwoBoneLeg(skeleton, leg, ankle + weight * (planted[i] - ankle), local, world);
    }
}

} // namespace bvh
