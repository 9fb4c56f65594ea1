#include "core/body/body_skin_frames.h"

#include "core/kinematics/shortest_turn.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <numbers>

namespace bvh {

namespace {

constexpr double kDegree = std::numbers::pi / 180.0;
constexpr double kRealEndTwist = 90.0;
constexpr double kInvisibleEndTwist = 135.0;

double wrapAngle(double angle) {
    constexpr double kTurn = 2.0 * std::numbers::pi;
    angle = std::fmod(angle, kTurn);
    if (angle > std::numbers::pi) {
        angle -= kTurn;
    } else if (angle <= -std::numbers::pi) {
        angle += kTurn;
    }
    return angle;
}

// The angle a rotation turns about unit `axis` (its twist about it), in (-pi, pi].
double twistAbout(const glm::dquat& rotation, const glm::dvec3& axis) {
    const double along = rotation.x * axis.x + rotation.y * axis.y + rotation.z * axis.z;
    return wrapAngle(2.0 * std::atan2(along, rotation.w));
}

glm::dquat turnAbout(const glm::dvec3& axis, double angle) {
    const double half = 0.5 * angle;
    const double s = std::sin(half);
    return {std::cos(half), s * axis.x, s * axis.y, s * axis.z};
}

double smoothStep(double from, double to, double x) {
    const double t = std::clamp((x - from) / (to - from), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// One evaluation of a plan: `own` holds world · inverse(bind) of every node (the caller's output,
// overwritten only after every frame is chosen).
struct Evaluation {
    const BodySkinPlan& plan;
    std::span<const RigidTransform> world;
    std::span<const RigidTransform> own;
    BodySkinScratch& scratch;

    void keepOwn(std::size_t node) const {
        scratch.frame[node] = own[node].rotation;
        scratch.isOwn[node] = 1;
    }
    glm::dvec3 posedDirection(const BodySkinLink& link) const {
        const glm::dvec3 d = world[link.along].translation - world[link.node].translation;
        const double length = glm::length(d);
        return length > 0.0 ? d / length : link.bindDirection;
    }
};

// The turn carrying the bind pose's child directions onto the posed ones (the hub's widest pair);
// the joint's own rotation where the capture is rigid.
void fitPlaneFrame(const Evaluation& e, const BodySkinHub& hub) {
    const glm::dvec3 posedAt = e.world[hub.node].translation;
    glm::dquat posedFrame;
    if (!hub.fits ||
        !skinPlaneFrame(glm::normalize(e.world[hub.first].translation - posedAt),
                        glm::normalize(e.world[hub.second].translation - posedAt), posedFrame)) {
        e.keepOwn(hub.node);
        return;
    }
    glm::dquat fitted = glm::normalize(posedFrame * hub.inverseBindFrame);
    const glm::dquat own = e.own[hub.node].rotation;
    if (glm::dot(fitted, own) < 0.0) {
        fitted = -fitted;
    }
    const double apart = 2.0 * std::acos(std::min(1.0, glm::dot(fitted, own)));
    const double shown = smoothStep(kRealTwistStep * kDegree, kInvisibleRollStep * kDegree, apart);
    e.scratch.frame[hub.node] = shown > 0.0 ? glm::normalize(glm::slerp(own, fitted, shown)) : own;
    e.scratch.isOwn[hub.node] = shown > 0.0 ? 0 : 1;
}

// A joint with no bone to measure (or an End Site): its parent's frame times its own local turn.
void followParent(const Evaluation& e, std::size_t node) {
    const NodeIndex parent = e.plan.parents[node];
    if (parent < 0 || e.scratch.isOwn[static_cast<std::size_t>(parent)] != 0) {
        e.keepOwn(node);
        return;
    }
    const auto p = static_cast<std::size_t>(parent);
    e.scratch.frame[node] =
        glm::normalize(e.scratch.frame[p] * glm::inverse(e.own[p].rotation) * e.own[node].rotation);
    e.scratch.isOwn[node] = 0;
}

// tan(36 degrees): two twist turns (w, along) whose quotient leans less than this stand less than
// 72 degrees apart about the bone, short of kRealTwistStep by more than any rounding.
constexpr double kSureStepTangent = 0.7265;
static_assert(kRealTwistStep >= 73.0, "the sure step must stay below kRealTwistStep");

// Whether the twist of `turn` surely stands within kRealTwistStep of `from`'s (both (w, along) of
// a rotation about one bone, as twistAbout reads them): their quotient turn * conj(from) leans
// less than kSureStepTangent. Decides a calm chain without atan2.
bool surelyCalmStep(const glm::dvec2& turn, const glm::dvec2& from) {
    const double real = turn.x * from.x + turn.y * from.y;
    const double imaginary = turn.y * from.x - turn.x * from.y;
    return std::abs(imaginary) < kSureStepTangent * std::abs(real);
}

// twistAbout's (w, along) of `rotation` about unit `axis`.
glm::dvec2 twistTurn(const glm::dquat& rotation, const glm::dvec3& axis) {
    return {rotation.w, rotation.x * axis.x + rotation.y * axis.y + rotation.z * axis.z};
}

double twistAngle(const glm::dvec2& turn) {
    return wrapAngle(2.0 * std::atan2(turn.y, turn.x));
}

// The turn taking unit `from` onto unit `to` as shortestTurn's, unnormalised (a positive multiple),
// for measuring angles alone; false where the two stand 120 degrees or more apart (towards
// shortestTurn's case of opposite directions, left to the full fit).
bool scaledShortestTurn(const glm::dvec3& from, const glm::dvec3& to, glm::dquat& out) {
    const double cosine = glm::dot(from, to);
    const glm::dvec3 axis = glm::cross(from, to);
    out = glm::dquat(1.0 + cosine, axis.x, axis.y, axis.z);
    return cosine > -0.5;
}

// Whether a chain hung from a joint that keeps its own rotation surely keeps its joints' own:
// every step of the capture's twist along it (and to a bounded chain's end frame) stands under
// kRealTwistStep, measured without atan2 and with turns left unnormalised where only their angle
// is read (rounding moves them by far less than the 3 degrees kSureStepTangent leaves). The
// quantities are hangOwnChain's.
bool surelyCalmChain(const Evaluation& e, const BodySkinChain& chain,
                     std::span<const BodySkinLink> links) {
    const auto top = static_cast<std::size_t>(e.plan.parents[links[0].node]);
    glm::dquat ownHung = e.own[top].rotation;
    glm::dvec2 previous(1.0, 0.0);
    glm::dvec3 posed(0.0);
    for (const BodySkinLink& link : links) {
        posed = e.posedDirection(link);
        glm::dquat swing;
        glm::dquat toBone;
        const glm::dquat own = e.own[link.node].rotation;
        if (!scaledShortestTurn(ownHung * link.bindDirection, posed, swing) ||
            !scaledShortestTurn(own * link.bindDirection, posed, toBone)) {
            return false;
        }
        ownHung = glm::normalize(swing * ownHung);
        const glm::dvec2 turn = twistTurn(toBone * own * glm::conjugate(ownHung), posed);
        if (!surelyCalmStep(turn, previous)) {
            return false;
        }
        previous = turn;
    }
    return !chain.bounded ||
           surelyCalmStep(twistTurn(e.scratch.frame[chain.end] * glm::conjugate(ownHung), posed),
                          previous);
}

// Per link: the bone's posed direction (scratch.posed), the chain hung by least swing from the
// top's parent's own rotation (scratch.ownHung) and the capture's twist about the bone from it
// (scratch.twistTurn); a bounded chain's end frame's twist from the last (`endTurn`).
void hangOwnChain(const Evaluation& e, const BodySkinChain& chain,
                  std::span<const BodySkinLink> links, glm::dvec2& endTurn) {
    const auto top = static_cast<std::size_t>(e.plan.parents[links[0].node]);
    glm::dquat ownHung = e.own[top].rotation;
    for (std::size_t i = 0; i < links.size(); ++i) {
        const glm::dvec3& bound = links[i].bindDirection;
        const glm::dvec3 posed = e.posedDirection(links[i]);
        e.scratch.posed[i] = posed;
        ownHung = glm::normalize(shortestTurn(ownHung * bound, posed) * ownHung);
        e.scratch.ownHung[i] = ownHung;
        const glm::dquat own = e.own[links[i].node].rotation;
        const glm::dquat onBone = shortestTurn(own * bound, posed) * own;
        e.scratch.twistTurn[i] = twistTurn(onBone * glm::inverse(ownHung), posed);
    }
    if (chain.bounded) {
        endTurn = twistTurn(e.scratch.frame[chain.end] * glm::inverse(ownHung),
                            e.scratch.posed[links.size() - 1]);
    }
}

// The capture's twists (scratch.twist) from their turns, the largest step between neighbours
// (to a bounded chain's end frame too), and the least swing of the chain hung from the top's
// parent's frame (scratch.swing: the chain hung from its own rotation where that is its frame).
double twistsAndSwing(const Evaluation& e, const BodySkinChain& chain,
                      std::span<const BodySkinLink> links, const glm::dvec2& endTurn) {
    const std::size_t k = links.size();
    double step = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
        e.scratch.twist[i] = twistAngle(e.scratch.twistTurn[i]);
        step = std::max(step, std::abs(wrapAngle(e.scratch.twist[i] -
                                                 (i == 0 ? 0.0 : e.scratch.twist[i - 1]))));
    }
    if (chain.bounded) {
        step = std::max(step, std::abs(wrapAngle(twistAngle(endTurn) - e.scratch.twist[k - 1])));
    }
    const auto top = static_cast<std::size_t>(e.plan.parents[links[0].node]);
    glm::dquat hung = e.scratch.frame[top];
    for (std::size_t i = 0; i < k; ++i) {
        if (e.scratch.isOwn[top] != 0) {
            e.scratch.swing[i] = e.scratch.ownHung[i]; // the same turns from the same frame
            continue;
        }
        const glm::dvec3& posed = e.scratch.posed[i];
        e.scratch.swing[i] =
            glm::normalize(shortestTurn(hung * links[i].bindDirection, posed) * hung);
        hung = e.scratch.swing[i];
    }
    return step;
}

// The twist a chain's bottom shows (see body_skin_frames.h).
double endTwist(const Evaluation& e, const BodySkinChain& chain, const BodySkinLink& last) {
    const std::size_t k = chain.linkCount;
    const glm::dvec3 lastAxis = e.scratch.posed[k - 1];
    const glm::dquat& lastSwing = e.scratch.swing[k - 1];
    if (chain.bounded) {
        // A chain ending at a joint whose bones span a plane: the turn that joint's frame shows.
        return twistAbout(e.scratch.frame[chain.end] * glm::inverse(lastSwing), lastAxis);
    }
    // A chain ending in an End Site: its last joint's own turn about its bone, while that stays
    // within kRealEndTwist of the chain hung from the top (a foot facing as the hips do, over
    // shins a capture rolls and unrolls), none where it turns past kInvisibleEndTwist (a forearm
    // rolled half a turn over a hand that does not show it).
    const glm::dquat lastOwn = e.own[last.node].rotation;
    const double endOwn = twistAbout(shortestTurn(lastOwn * last.bindDirection, lastAxis) *
                                         lastOwn * glm::inverse(lastSwing),
                                     lastAxis);
    return endOwn * (1.0 - smoothStep(kRealEndTwist * kDegree, kInvisibleEndTwist * kDegree,
                                      std::abs(endOwn)));
}

// The chain of one-bone joints and the twist of each about its bone from the least-swing chain
// hung from its top's parent's frame (see body_skin_frames.h). A chain hung from a joint that
// keeps its own rotation, whose twists surely step less than kRealTwistStep, keeps its own
// rotations without an angle measured (a rigid capture's every chain).
void fitChain(const Evaluation& e, const BodySkinChain& chain) {
    const std::span<const BodySkinLink> links(e.plan.links.data() + chain.firstLink,
                                              chain.linkCount);
    const std::size_t k = links.size();
    const auto top = static_cast<std::size_t>(e.plan.parents[links[0].node]);
    if (e.scratch.isOwn[top] != 0 && surelyCalmChain(e, chain, links)) {
        for (const BodySkinLink& link : links) {
            e.keepOwn(link.node);
        }
        return;
    }
    glm::dvec2 endTurn(1.0, 0.0);
    hangOwnChain(e, chain, links, endTurn);
    const double step = twistsAndSwing(e, chain, links, endTurn);
    const double twistAtEnd = endTwist(e, chain, links[k - 1]);
    const double spread = smoothStep(kRealTwistStep * kDegree, kInvisibleRollStep * kDegree, step);
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t node = links[i].node;
        if (spread <= 0.0 && e.scratch.isOwn[top] != 0) {
            e.keepOwn(node);
            continue;
        }
        const double share =
            static_cast<double>(i + 1) / static_cast<double>(chain.bounded ? k + 1 : k);
        const double even = wrapAngle(twistAtEnd * share);
        const double twist = e.scratch.twist[i];
        const double angle = twist + spread * wrapAngle(even - twist);
        e.scratch.frame[node] =
            glm::normalize(turnAbout(e.scratch.posed[i], angle) * e.scratch.swing[i]);
        e.scratch.isOwn[node] = 0;
    }
}

void sizeScratch(const BodySkinPlan& plan, BodySkinScratch& scratch) {
    scratch.frame.resize(plan.nodeCount());
    scratch.isOwn.resize(plan.nodeCount());
    scratch.swing.resize(plan.longestChain);
    scratch.twist.resize(plan.longestChain);
    scratch.ownHung.resize(plan.longestChain);
    scratch.twistTurn.resize(plan.longestChain);
    scratch.posed.resize(plan.longestChain);
}

} // namespace

void bodySkinFrames(const BodySkinPlan& plan, std::span<const RigidTransform> world,
                    BodySkinScratch& scratch, std::span<RigidTransform> out) {
    const std::size_t n = plan.nodeCount();
    const std::size_t count = std::min({world.size(), n, out.size()});
    for (std::size_t i = 0; i < count; ++i) {
        // skinTransform's world · inverse(bind), with the inverse kept by the plan.
        const glm::dquat rotation = world[i].rotation * plan.inverseBindRotations[i];
        out[i] = {world[i].translation - rotation * plan.bindTranslations[i], rotation};
    }
    if (!plan.fitted || world.size() != n || out.size() != n) {
        return;
    }
    sizeScratch(plan, scratch);
    const Evaluation e{plan, world, out, scratch};
    for (const BodySkinHub& hub : plan.hubs) {
        fitPlaneFrame(e, hub);
    }
    for (const BodySkinStep& step : plan.steps) {
        if (step.kind == BodySkinStep::Kind::Chain) {
            fitChain(e, plan.chains[step.index]);
        } else if (step.kind == BodySkinStep::Kind::Own) {
            e.keepOwn(step.index); // a root: nothing above to hang a chain from
        } else {
            followParent(e, step.index);
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (scratch.isOwn[i] == 0) {
            out[i] = {world[i].translation - scratch.frame[i] * plan.bindTranslations[i],
                      scratch.frame[i]};
        }
    }
}

void bodySkinFrames(std::span<const NodeIndex> parents, std::span<const RigidTransform> world,
                    std::span<const RigidTransform> bindWorld, std::vector<RigidTransform>& out) {
    const BodySkinPlan plan = makeBodySkinPlan(parents, bindWorld);
    BodySkinScratch scratch;
    out.resize(std::min(world.size(), bindWorld.size()));
    bodySkinFrames(plan, world, scratch, out);
}

} // namespace bvh
