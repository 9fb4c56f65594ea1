#include "core/body/body_skin_plan.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <limits>

namespace bvh {

namespace {

// Children whose bind directions are nearer parallel than this (sin of about 10 degrees) do not
// span a plane.
constexpr double kPlaneSine = 0.17;
// A bone shorter than this share of its joint's distance from the origin plus one unit has no
// direction.
constexpr double kNoBone = 1e-9;
constexpr std::uint32_t kNoChild = std::numeric_limits<std::uint32_t>::max();

// The skeleton's structure while the plan is made (allocated once per plan, not per frame).
struct Structure {
    std::span<const RigidTransform> bind;
    std::vector<std::vector<std::uint32_t>> children;
    std::vector<std::uint32_t> along;                // per node: the child its bone runs to
    std::vector<std::uint8_t> spansPlane;            // per node: a hub
    std::vector<std::vector<std::uint32_t>> reached; // per node: reachedChildren

    bool isChainJoint(std::uint32_t node) const {
        return along[node] != kNoChild && spansPlane[node] == 0;
    }
};

// The nodes a joint's bones reach: its children, and through any child at the joint's own
// position (CMU's Hips -> LHipJoint, Spine1 -> Neck and the shoulders, all OFFSET 0) that
// child's, so a hub of zero-length bones shows its frame by the bones leaving it.
void reachedChildren(const Structure& s, std::uint32_t node, const glm::dvec3& at, double tiny,
                     std::vector<std::uint32_t>& out) {
    for (const std::uint32_t child : s.children[node]) {
        if (glm::length(s.bind[child].translation - at) > tiny) {
            out.push_back(child);
        } else {
            reachedChildren(s, child, at, tiny, out);
        }
    }
}

// The child a joint's bone runs to (the farthest in the bind pose) and whether two reached
// children span a plane; a joint whose children all sit at its own position has no bone.
void classify(Structure& s, std::uint32_t node) {
    const glm::dvec3 at = s.bind[node].translation;
    const double tiny = kNoBone * (glm::length(at) + 1.0);
    double longest = tiny;
    for (const std::uint32_t child : s.children[node]) {
        const double length = glm::length(s.bind[child].translation - at);
        if (length > longest) {
            longest = length;
            s.along[node] = child;
        }
    }
    reachedChildren(s, node, at, tiny, s.reached[node]);
    const std::vector<std::uint32_t>& reached = s.reached[node];
    for (std::size_t a = 0; a < reached.size() && s.spansPlane[node] == 0; ++a) {
        for (std::size_t b = a + 1; b < reached.size(); ++b) {
            const glm::dvec3 da = glm::normalize(s.bind[reached[a]].translation - at);
            const glm::dvec3 db = glm::normalize(s.bind[reached[b]].translation - at);
            if (glm::length(glm::cross(da, db)) > kPlaneSine) {
                s.spansPlane[node] = 1;
                break;
            }
        }
    }
}

// A hub's two reached children that span the widest plane in the bind pose, and its bind frame.
BodySkinHub makeHub(const Structure& s, std::uint32_t node) {
    const glm::dvec3 at = s.bind[node].translation;
    double widest = 0.0;
    BodySkinHub hub{node, kNoChild, kNoChild, false, {1.0, 0.0, 0.0, 0.0}};
    const std::vector<std::uint32_t>& reached = s.reached[node];
    for (std::size_t ia = 0; ia < reached.size(); ++ia) {
        for (std::size_t ib = ia + 1; ib < reached.size(); ++ib) {
            const glm::dvec3 da = s.bind[reached[ia]].translation - at;
            const glm::dvec3 db = s.bind[reached[ib]].translation - at;
            const double sine = glm::length(glm::cross(da, db)) /
                                std::max(glm::length(da) * glm::length(db), 1e-300);
            if (sine > widest) {
                widest = sine;
                hub.first = reached[ia];
                hub.second = reached[ib];
            }
        }
    }
    glm::dquat bindFrame;
    hub.fits = hub.first != kNoChild &&
               skinPlaneFrame(glm::normalize(s.bind[hub.first].translation - at),
                              glm::normalize(s.bind[hub.second].translation - at), bindFrame);
    if (hub.fits) {
        hub.inverseBindFrame = glm::inverse(bindFrame);
    }
    return hub;
}

// The chain of one-bone joints from `top` down its bones (body_skin_frames.h), marked done.
BodySkinChain makeChain(const Structure& s, std::uint32_t top, std::vector<std::uint8_t>& done,
                        BodySkinPlan& plan) {
    BodySkinChain chain{static_cast<std::uint32_t>(plan.links.size()), 0, 0, false};
    std::uint32_t last = top;
    for (std::uint32_t node = top; node != kNoChild && s.isChainJoint(node) && done[node] == 0;
         node = s.along[node]) {
        const glm::dvec3 direction =
            glm::normalize(s.bind[s.along[node]].translation - s.bind[node].translation);
        plan.links.push_back({node, s.along[node], direction});
        done[node] = 1;
        last = node;
    }
    chain.linkCount = static_cast<std::uint32_t>(plan.links.size()) - chain.firstLink;
    chain.end = s.along[last];
    chain.bounded = s.spansPlane[chain.end] != 0;
    plan.longestChain = std::max<std::size_t>(plan.longestChain, chain.linkCount);
    return chain;
}

// After the hubs, in node order: what sets each remaining joint's frame.
void planSteps(const Structure& s, std::span<const NodeIndex> parents, BodySkinPlan& plan) {
    std::vector<std::uint8_t> done = s.spansPlane;
    for (std::uint32_t i = 0; i < done.size(); ++i) {
        if (done[i] != 0) {
            continue;
        }
        if (s.isChainJoint(i) && parents[i] >= 0) {
            plan.steps.push_back(
                {BodySkinStep::Kind::Chain, static_cast<std::uint32_t>(plan.chains.size())});
            plan.chains.push_back(makeChain(s, i, done, plan));
        } else {
            plan.steps.push_back(
                {s.isChainJoint(i) ? BodySkinStep::Kind::Own : BodySkinStep::Kind::FollowParent,
                 i});
            done[i] = 1;
        }
    }
}

} // namespace

bool skinPlaneFrame(const glm::dvec3& first, const glm::dvec3& second, glm::dquat& out) {
    const glm::dvec3 normal = glm::cross(first, second);
    if (glm::length(normal) < 1e-6) {
        return false;
    }
    const glm::dvec3 z = glm::normalize(normal);
    const glm::dmat3 axes(first, glm::cross(z, first), z);
    out = glm::quat_cast(axes);
    return true;
}

BodySkinPlan makeBodySkinPlan(std::span<const NodeIndex> parents,
                              std::span<const RigidTransform> bindWorld) {
    const std::size_t n = bindWorld.size();
    BodySkinPlan plan;
    plan.bindTranslations.resize(n);
    plan.inverseBindRotations.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        plan.bindTranslations[i] = bindWorld[i].translation;
        plan.inverseBindRotations[i] = glm::inverse(bindWorld[i].rotation);
    }
    if (parents.size() != n || n >= kNoChild) {
        return plan;
    }
    Structure s{bindWorld, std::vector<std::vector<std::uint32_t>>(n),
                std::vector<std::uint32_t>(n, kNoChild), std::vector<std::uint8_t>(n, 0),
                std::vector<std::vector<std::uint32_t>>(n)};
    for (std::size_t i = 0; i < n; ++i) {
        if (parents[i] >= 0 && static_cast<std::size_t>(parents[i]) < i) {
            s.children[static_cast<std::size_t>(parents[i])].push_back(
                static_cast<std::uint32_t>(i));
        } else if (parents[i] >= 0) {
            return plan; // not parent-before-child: the joints' own rotations
        }
    }
    plan.parents.assign(parents.begin(), parents.end());
    for (std::uint32_t i = 0; i < n; ++i) {
        classify(s, i);
        if (s.spansPlane[i] != 0) {
            plan.hubs.push_back(makeHub(s, i));
        }
    }
    planSteps(s, parents, plan);
    plan.fitted = true;
    return plan;
}

} // namespace bvh
