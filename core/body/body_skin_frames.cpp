#include "core/body/body_skin_frames.h"

#include "core/body/dual_quaternion.h"
#include "core/kinematics/shortest_turn.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <numbers>

namespace bvh {

namespace {

// Children whose bind directions are nearer parallel than this (sin of about 10 degrees) do not
// span a plane.
constexpr double kPlaneSine = 0.17;
// A bone shorter than this share of its joint's distance from the origin plus one unit has no
// direction.
constexpr double kNoBone = 1e-9;
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

struct Frames {
    std::span<const NodeIndex> parents;
    std::span<const RigidTransform> world;
    std::span<const RigidTransform> bind;
    std::vector<std::vector<std::size_t>> children;
    std::vector<RigidTransform> own; // per node: world · inverse(bind), as skinTransform
    std::vector<glm::dquat> frame;   // per node: the skin rotation chosen
    std::vector<std::uint8_t> isOwn; // frame[i] is own[i].rotation exactly
    std::vector<std::uint8_t> done;  // frame[i] is set
    std::vector<std::uint8_t> spansPlane;
    std::vector<std::size_t> along; // per node: the child its bone runs to; npos: no bone
    std::vector<std::vector<std::size_t>> reached; // per node: reachedChildren

    std::size_t parentOf(std::size_t node) const { return static_cast<std::size_t>(parents[node]); }
    glm::dvec3 bindDirection(std::size_t node) const {
        return glm::normalize(bind[along[node]].translation - bind[node].translation);
    }
    glm::dvec3 posedDirection(std::size_t node) const {
        const glm::dvec3 d = world[along[node]].translation - world[node].translation;
        const double length = glm::length(d);
        return length > 0.0 ? d / length : bindDirection(node);
    }
};

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// The nodes a joint's bones reach: its children, and through any child at the joint's own
// position (CMU's Hips -> LHipJoint, Spine1 -> Neck and the shoulders, all OFFSET 0) that
// child's, so a hub of zero-length bones shows its frame by the bones leaving it.
void reachedChildren(const Frames& f, std::size_t node, const glm::dvec3& at, double tiny,
                     std::vector<std::size_t>& out) {
    for (const std::size_t child : f.children[node]) {
        if (glm::length(f.bind[child].translation - at) > tiny) {
            out.push_back(child);
        } else {
            reachedChildren(f, child, at, tiny, out);
        }
    }
}

// The child a joint's bone runs to (the farthest in the bind pose) and whether two reached
// children span a plane; a joint whose children all sit at its own position has no bone.
void classify(Frames& f, std::size_t node) {
    const glm::dvec3 at = f.bind[node].translation;
    const double tiny = kNoBone * (glm::length(at) + 1.0);
    double longest = tiny;
    for (const std::size_t child : f.children[node]) {
        const double length = glm::length(f.bind[child].translation - at);
        if (length > longest) {
            longest = length;
            f.along[node] = child;
        }
    }
    reachedChildren(f, node, at, tiny, f.reached[node]);
    const std::vector<std::size_t>& reached = f.reached[node];
    for (std::size_t a = 0; a < reached.size() && f.spansPlane[node] == 0; ++a) {
        for (std::size_t b = a + 1; b < reached.size(); ++b) {
            const glm::dvec3 da = glm::normalize(f.bind[reached[a]].translation - at);
            const glm::dvec3 db = glm::normalize(f.bind[reached[b]].translation - at);
            if (glm::length(glm::cross(da, db)) > kPlaneSine) {
                f.spansPlane[node] = 1;
                break;
            }
        }
    }
}

// An orthonormal frame (as a rotation) whose first axis is `first` and whose plane holds
// `second`; false where the two are nearly parallel.
bool planeFrame(const glm::dvec3& first, const glm::dvec3& second, glm::dquat& out) {
    const glm::dvec3 normal = glm::cross(first, second);
    if (glm::length(normal) < 1e-6) {
        return false;
    }
    const glm::dvec3 z = glm::normalize(normal);
    const glm::dmat3 axes(first, glm::cross(z, first), z);
    out = glm::quat_cast(axes);
    return true;
}

// The turn carrying the bind pose's child directions onto the posed ones: the two children that
// span the widest plane in the bind pose; the joint's own rotation where the capture is rigid.
void fitPlaneFrame(Frames& f, std::size_t node) {
    const glm::dvec3 at = f.bind[node].translation;
    const glm::dvec3 posedAt = f.world[node].translation;
    double widest = 0.0;
    std::size_t first = kNone;
    std::size_t second = kNone;
    const std::vector<std::size_t>& reached = f.reached[node];
    for (std::size_t ia = 0; ia < reached.size(); ++ia) {
        for (std::size_t ib = ia + 1; ib < reached.size(); ++ib) {
            const glm::dvec3 da = f.bind[reached[ia]].translation - at;
            const glm::dvec3 db = f.bind[reached[ib]].translation - at;
            const double sine = glm::length(glm::cross(da, db)) /
                                std::max(glm::length(da) * glm::length(db), 1e-300);
            if (sine > widest) {
                widest = sine;
                first = reached[ia];
                second = reached[ib];
            }
        }
    }
    glm::dquat bindFrame;
    glm::dquat posedFrame;
    const auto unit = [](const glm::dvec3& v) { return glm::normalize(v); };
    if (first == kNone ||
        !planeFrame(unit(f.bind[first].translation - at), unit(f.bind[second].translation - at),
                    bindFrame) ||
        !planeFrame(unit(f.world[first].translation - posedAt),
                    unit(f.world[second].translation - posedAt), posedFrame)) {
        f.frame[node] = f.own[node].rotation;
        f.isOwn[node] = 1;
        return;
    }
    glm::dquat fitted = glm::normalize(posedFrame * glm::inverse(bindFrame));
    const glm::dquat own = f.own[node].rotation;
    if (glm::dot(fitted, own) < 0.0) {
        fitted = -fitted;
    }
    const double apart = 2.0 * std::acos(std::min(1.0, glm::dot(fitted, own)));
    const double shown = smoothStep(kRealTwistStep * kDegree, kInvisibleRollStep * kDegree, apart);
    f.frame[node] = shown > 0.0 ? glm::normalize(glm::slerp(own, fitted, shown)) : own;
    f.isOwn[node] = shown > 0.0 ? 0 : 1;
}

// A joint with no bone to measure (or an End Site): its parent's frame times its own local turn.
void followParent(Frames& f, std::size_t node) {
    const NodeIndex parent = f.parents[node];
    if (parent < 0 || f.isOwn[static_cast<std::size_t>(parent)] != 0) {
        f.frame[node] = f.own[node].rotation;
        f.isOwn[node] = 1;
        return;
    }
    const auto p = static_cast<std::size_t>(parent);
    f.frame[node] =
        glm::normalize(f.frame[p] * glm::inverse(f.own[p].rotation) * f.own[node].rotation);
    f.isOwn[node] = 0;
}

bool isChainJoint(const Frames& f, std::size_t node) {
    return f.along[node] != kNone && f.spansPlane[node] == 0;
}

// The chain of one-bone joints from `top` down its bones, and the twist of each about its bone
// from the least-swing chain hung from `topFrame` (see body_skin_frames.h).
void fitChain(Frames& f, std::size_t top, const glm::dquat& topFrame, const glm::dquat& topOwn) {
    std::vector<std::size_t> chain;
    for (std::size_t node = top; node != kNone && isChainJoint(f, node) && f.done[node] == 0;
         node = f.along[node]) {
        chain.push_back(node);
    }
    const std::size_t k = chain.size();
    std::vector<glm::dquat> swing(k);
    std::vector<double> twist(k); // the capture's, from the chain hung from the top's own frame
    glm::dquat hung = topFrame;
    glm::dquat ownHung = topOwn;
    double step = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t node = chain[i];
        const glm::dvec3 bound = f.bindDirection(node);
        const glm::dvec3 posed = f.posedDirection(node);
        swing[i] = glm::normalize(shortestTurn(hung * bound, posed) * hung);
        hung = swing[i];
        ownHung = glm::normalize(shortestTurn(ownHung * bound, posed) * ownHung);
        const glm::dquat own = f.own[node].rotation;
        const glm::dquat onBone = shortestTurn(own * bound, posed) * own;
        twist[i] = twistAbout(onBone * glm::inverse(ownHung), posed);
        step = std::max(step, std::abs(wrapAngle(twist[i] - (i == 0 ? 0.0 : twist[i - 1]))));
    }
    const std::size_t end = f.along[chain.back()];
    const bool bounded = end != kNone && f.spansPlane[end] != 0;
    const std::size_t last = chain.back();
    const glm::dvec3 lastAxis = f.posedDirection(last);
    double endTwist = 0.0;
    if (bounded) {
        // A chain ending at a joint whose bones span a plane: the turn that joint's frame shows.
        endTwist = twistAbout(f.frame[end] * glm::inverse(swing[k - 1]), lastAxis);
        const double shown = twistAbout(f.frame[end] * glm::inverse(ownHung), lastAxis);
        step = std::max(step, std::abs(wrapAngle(shown - twist[k - 1])));
    } else {
        // A chain ending in an End Site: its last joint's own turn about its bone, while that
        // stays within kRealEndTwist of the chain hung from the top (a foot facing as the hips
        // do, over shins a capture rolls and unrolls), none where it turns past
        // kInvisibleEndTwist (a forearm rolled half a turn over a hand that does not show it).
        const glm::dquat lastOwn = f.own[last].rotation;
        const double endOwn = twistAbout(shortestTurn(lastOwn * f.bindDirection(last), lastAxis) *
                                             lastOwn * glm::inverse(swing[k - 1]),
                                         lastAxis);
        endTwist = endOwn * (1.0 - smoothStep(kRealEndTwist * kDegree, kInvisibleEndTwist * kDegree,
                                              std::abs(endOwn)));
    }
    const double spread = smoothStep(kRealTwistStep * kDegree, kInvisibleRollStep * kDegree, step);
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t node = chain[i];
        f.done[node] = 1;
        if (spread <= 0.0 && f.isOwn[f.parentOf(top)] != 0) {
            f.frame[node] = f.own[node].rotation;
            f.isOwn[node] = 1;
            continue;
        }
        const double share = static_cast<double>(i + 1) / static_cast<double>(bounded ? k + 1 : k);
        const double even = wrapAngle(endTwist * share);
        const double angle = twist[i] + spread * wrapAngle(even - twist[i]);
        f.frame[node] = glm::normalize(turnAbout(f.posedDirection(node), angle) * swing[i]);
        f.isOwn[node] = 0;
    }
}

} // namespace

void bodySkinFrames(std::span<const NodeIndex> parents, std::span<const RigidTransform> world,
                    std::span<const RigidTransform> bindWorld, std::vector<RigidTransform>& out) {
    const std::size_t n = std::min(world.size(), bindWorld.size());
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = skinTransform(world[i], bindWorld[i]);
    }
    if (parents.size() != n || world.size() != bindWorld.size()) {
        return;
    }
    Frames f{parents,
             world,
             bindWorld,
             std::vector<std::vector<std::size_t>>(n),
             out,
             std::vector<glm::dquat>(n),
             std::vector<std::uint8_t>(n, 0),
             std::vector<std::uint8_t>(n, 0),
             std::vector<std::uint8_t>(n, 0),
             std::vector<std::size_t>(n, kNone),
             std::vector<std::vector<std::size_t>>(n)};
    for (std::size_t i = 0; i < n; ++i) {
        if (parents[i] >= 0 && static_cast<std::size_t>(parents[i]) < i) {
            f.children[static_cast<std::size_t>(parents[i])].push_back(i);
        } else if (parents[i] >= 0) {
            return; // not parent-before-child: the joints' own rotations
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        classify(f, i);
        if (f.spansPlane[i] != 0) {
            fitPlaneFrame(f, i);
            f.done[i] = 1;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (f.done[i] != 0) {
            continue;
        }
        const NodeIndex parent = parents[i];
        if (isChainJoint(f, i) && parent >= 0) {
            const auto p = static_cast<std::size_t>(parent);
            fitChain(f, i, f.frame[p], f.own[p].rotation);
        } else if (isChainJoint(f, i)) {
            f.frame[i] = f.own[i].rotation; // a root: nothing above to hang a chain from
            f.isOwn[i] = 1;
            f.done[i] = 1;
        } else {
            followParent(f, i);
            f.done[i] = 1;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (f.isOwn[i] == 0) {
            out[i] = {world[i].translation - f.frame[i] * bindWorld[i].translation, f.frame[i]};
        }
    }
}

} // namespace bvh
