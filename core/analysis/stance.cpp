#include "core/analysis/stance.h"

#include "core/analysis/percentile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>
#include <string>

namespace bvh {

std::string_view upAxisSourceName(UpAxisSource source) {
    switch (source) {
    case UpAxisSource::Motion:
        return "motion";
    case UpAxisSource::Anatomy:
        return "anatomy";
    case UpAxisSource::RestPose:
        return "rest pose";
    case UpAxisSource::Override:
        return "override";
    }
    return "rest pose";
}

std::string_view facingSourceName(FacingSource source) {
    switch (source) {
    case FacingSource::LeftRight:
        return "left and right joints";
    case FacingSource::HeadAhead:
        return "head ahead of the root";
    case FacingSource::Travel:
        return "travel direction";
    case FacingSource::None:
        break;
    }
    return "none";
}

UpAxis oppositeUpAxis(UpAxis axis) {
    switch (axis) {
    case UpAxis::PositiveX:
        return UpAxis::NegativeX;
    case UpAxis::NegativeX:
        return UpAxis::PositiveX;
    case UpAxis::PositiveY:
        return UpAxis::NegativeY;
    case UpAxis::NegativeY:
        return UpAxis::PositiveY;
    case UpAxis::PositiveZ:
        return UpAxis::NegativeZ;
    case UpAxis::NegativeZ:
        return UpAxis::PositiveZ;
    }
    return UpAxis::NegativeY;
}

namespace {

std::string lowercase(const std::string& name) {
    std::string lower(name.size(), '\0');
    std::ranges::transform(name, lower.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower;
}

// The part of a joint name after a namespace ("mixamorig:LeftArm" -> "LeftArm").
std::string baseName(const std::string& name) {
    const std::size_t colon = name.find_last_of(":|");
    return colon == std::string::npos ? name : name.substr(colon + 1);
}

enum class Side : std::uint8_t { None, Left, Right };

// Left and right as capture tools spell them: "LeftArm", "left_arm", "lShldr", "LHipJoint",
// "l_hip", "upperleg01.L", "Arm_L". A lone leading "l" counts only before an upper-case letter
// or a separator ("lowerback" and "LowerBack" are not left).
Side sideOf(const std::string& fullName) {
    const std::string name = baseName(fullName);
    const std::string lower = lowercase(name);
    if (lower.find("left") != std::string::npos) {
        return Side::Left;
    }
    if (lower.find("right") != std::string::npos) {
        return Side::Right;
    }
    auto marker = [&](char letter) {
        if (name.size() < 2) {
            return false;
        }
        const char first = name[0];
        const char second = name[1];
        const bool leading = std::tolower(static_cast<unsigned char>(first)) == letter &&
                             (std::isupper(static_cast<unsigned char>(second)) || second == '_' ||
                              second == '.' || second == '-' || second == ' ') &&
                             !(std::isupper(static_cast<unsigned char>(first)) && name.size() > 2 &&
                               std::isupper(static_cast<unsigned char>(name[2])) && second != '_');
        const char last = static_cast<char>(std::tolower(static_cast<unsigned char>(name.back())));
        const char beforeLast = name[name.size() - 2];
        const bool trailing =
            last == letter && (beforeLast == '_' || beforeLast == '.' || beforeLast == '-');
        return leading || trailing;
    };
    if (marker('l')) {
        return Side::Left;
    }
    if (marker('r')) {
        return Side::Right;
    }
    // A lone "L" or "R" between separators: Character Studio's "Bip01 L Thigh", "Bip01_R_Calf".
    std::size_t begin = 0;
    while (begin < lower.size()) {
        std::size_t end = lower.find_first_of(" _.-", begin);
        if (end == std::string::npos) {
            end = lower.size();
        }
        if (end - begin == 1 && (lower[begin] == 'l' || lower[begin] == 'r')) {
            return lower[begin] == 'l' ? Side::Left : Side::Right;
        }
        begin = end + 1;
    }
    return Side::None;
}

bool isExcluded(std::span<const NodeIndex> excluded, std::size_t node) {
    return std::ranges::find(excluded, static_cast<NodeIndex>(node)) != excluded.end();
}

glm::dvec3 horizontal(const glm::dvec3& vector, const glm::dvec3& up) {
    return vector - glm::dot(vector, up) * up;
}

bool motionUsable(const Skeleton& skeleton, const Motion& motion, TranslationMode translation) {
    return motion.frameCount > 0 && motion.channelCount == skeleton.totalChannels() &&
           motion.values.size() == std::size_t{motion.frameCount} * motion.channelCount &&
           translation != TranslationMode::Auto;
}

// The poses of the sampled frames, each with the next frame (the previous for the last one), as
// world positions per node.
struct SampledPoses {
    std::vector<std::vector<glm::dvec3>> at;
    std::vector<std::vector<glm::dvec3>> next;
    std::vector<glm::dquat> rootRotation;
    std::vector<RigidTransform> firstWorld;
};

SampledPoses samplePoses(const Skeleton& skeleton, const Motion& motion,
                         TranslationMode translation, std::size_t maxFrames) {
    const std::size_t n = skeleton.nodeCount();
    SampledPoses poses;
    std::vector<RigidTransform> local(n);
    std::vector<RigidTransform> world(n);
    auto positions = [&](std::uint32_t frame) {
        computeLocalTransforms(skeleton, motion.frame(frame), translation, local);
        computeWorldTransforms(skeleton, local, world);
        std::vector<glm::dvec3> out(n);
        for (std::size_t i = 0; i < n; ++i) {
            out[i] = world[i].translation;
        }
        return out;
    };
    const std::size_t samples = std::min<std::size_t>(motion.frameCount, maxFrames);
    for (std::size_t s = 0; s < samples; ++s) {
        const auto frame = static_cast<std::uint32_t>(s * motion.frameCount / samples);
        const std::uint32_t neighbour =
            frame + 1 < motion.frameCount ? frame + 1 : (frame > 0 ? frame - 1 : frame);
        poses.at.push_back(positions(frame));
        poses.rootRotation.push_back(world[0].rotation);
        if (s == 0) {
            poses.firstWorld = world;
        }
        poses.next.push_back(positions(neighbour));
    }
    return poses;
}

// [SECTION] Static root links
std::vector<NodeIndex> findStaticRoots(const Skeleton& skeleton, const SampledPoses& poses,
                                       double bodySize) {
    std::vector<NodeIndex> roots;
    if (poses.at.size() < 2 || !(bodySize > 0.0)) {
        return roots;
    }
    const std::size_t n = skeleton.nodeCount();
    for (const NodeIndex root : skeleton.roots()) {
        const auto r = static_cast<std::size_t>(root);
        double rootSpread = 0.0;
        for (const auto& pose : poses.at) {
            rootSpread = std::max(rootSpread, glm::distance(pose[r], poses.at[0][r]));
        }
        if (rootSpread > 1e-4 * bodySize) {
            continue;
        }
        bool farMovingChild = false;
        for (std::size_t c = r + 1; c < n && !farMovingChild; ++c) {
            if (skeleton.parents[c] != root || skeleton.isEndSite[c] != 0) {
                continue;
            }
            double farthest = 0.0;
            double childSpread = 0.0;
            for (const auto& pose : poses.at) {
                farthest = std::max(farthest, glm::distance(pose[c], pose[r]));
                childSpread = std::max(childSpread, glm::distance(pose[c], poses.at[0][c]));
            }
            farMovingChild =
                farthest >= kStaticLinkDistance * bodySize && childSpread >= 0.01 * bodySize;
        }
        if (farMovingChild) {
            roots.push_back(root);
        }
    }
    return roots;
}

// The body's size: the median over the samples of its bounding box's diagonal.
double bodySizeOf(const std::vector<std::vector<glm::dvec3>>& poses,
                  std::span<const NodeIndex> excluded) {
    std::vector<double> sizes;
    for (const auto& pose : poses) {
        glm::dvec3 low(std::numeric_limits<double>::max());
        glm::dvec3 high(-std::numeric_limits<double>::max());
        for (std::size_t i = 0; i < pose.size(); ++i) {
            if (!isExcluded(excluded, i)) {
                low = glm::min(low, pose[i]);
                high = glm::max(high, pose[i]);
            }
        }
        if (low.x <= high.x) {
            sizes.push_back(glm::length(high - low));
        }
    }
    return percentile(sizes, 0.5);
}

// [SECTION] Up axis
struct MotionCosts {
    bool measured = false;
    std::array<double, 6> cost{};
};

// Leaves: End Sites and joints without children, the ends that touch a floor.
std::vector<std::size_t> leavesOf(const Skeleton& skeleton, std::span<const NodeIndex> excluded) {
    std::vector<std::uint8_t> hasChild(skeleton.nodeCount(), 0);
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (skeleton.parents[i] != kNoParent) {
            hasChild[static_cast<std::size_t>(skeleton.parents[i])] = 1;
        }
    }
    std::vector<std::size_t> leaves;
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (hasChild[i] == 0 && !isExcluded(excluded, i)) {
            leaves.push_back(i);
        }
    }
    return leaves;
}

MotionCosts motionCosts(const Skeleton& skeleton, const SampledPoses& poses,
                        std::span<const NodeIndex> excluded, double bodySize) {
    MotionCosts costs;
    const std::size_t samples = poses.at.size();
    if (samples == 0 || !(bodySize > 0.0)) {
        return costs;
    }
    const std::size_t n = poses.at[0].size();
    std::vector<double> meanSpeeds;
    for (std::size_t s = 0; s < samples; ++s) {
        double sum = 0.0;
        std::size_t counted = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (!isExcluded(excluded, i)) {
                sum += glm::distance(poses.at[s][i], poses.next[s][i]);
                ++counted;
            }
        }
        meanSpeeds.push_back(counted > 0 ? sum / double(counted) : 0.0);
    }
    const double referenceSpeed = percentile(meanSpeeds, 0.5);
    // Below this nothing moves measurably (a T-pose, a frozen clip): stillness says nothing.
    const bool moving = referenceSpeed > 1e-6 * bodySize;
    const std::vector<std::size_t> leaves = leavesOf(skeleton, excluded);
    for (const UpAxis axis : kAllUpAxes) {
        const glm::dvec3 up = upAxisVector(axis);
        std::vector<double> lows;
        std::vector<double> lowSpeeds;
        for (std::size_t s = 0; s < samples; ++s) {
            double low = std::numeric_limits<double>::max();
            std::size_t lowest = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const double height = glm::dot(poses.at[s][i], up);
                if (!isExcluded(excluded, i) && height < low) {
                    low = height;
                    lowest = i;
                }
            }
            lows.push_back(low);
            lowSpeeds.push_back(glm::distance(poses.at[s][lowest], poses.next[s][lowest]));
        }
        const double spread = (percentile(lows, 0.8) - percentile(lows, 0.2)) / bodySize;
        const double stillness =
            moving ? std::min(percentile(lowSpeeds, 0.5) / referenceSpeed, 3.0) : 1.0;
        // A floor is reached by several ends (two feet, four hooves, a crab's legs); the top of
        // a figure often by one (the head).
        const double floor = percentile(lows, 0.1);
        std::size_t ends = 0;
        for (const std::size_t leaf : leaves) {
            std::vector<double> heights;
            for (std::size_t s = 0; s < samples; ++s) {
                heights.push_back(glm::dot(poses.at[s][leaf], up));
            }
            if (percentile(std::move(heights), 0.1) <= floor + 0.03 * bodySize) {
                ++ends;
            }
        }
        const double singleEnd = ends <= 1 && leaves.size() >= 3 ? kSingleEndPenalty : 0.0;
        costs.cost[static_cast<std::size_t>(axis)] = stillness + 2.0 * spread + singleEnd;
    }
    costs.measured = moving;
    return costs;
}

// findBodyLandmarks, with the neck standing in for a head that is not named (video2bvh's CMU-like
// skeleton ends at Neck1) and hooves and paws for feet.
BodyLandmarks headAndFeet(const Skeleton& skeleton) {
    BodyLandmarks landmarks = findBodyLandmarks(skeleton);
    if (landmarks.feet.empty()) { // animal rigs
        for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
            const std::string name = lowercase(skeleton.names[i]);
            if (skeleton.isEndSite[i] == 0 &&
                (name.find("hoof") != std::string::npos || name.find("paw") != std::string::npos)) {
                landmarks.feet.push_back(static_cast<NodeIndex>(i));
            }
        }
    }
    if (landmarks.heads.empty()) {
        for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
            if (skeleton.isEndSite[i] == 0 &&
                lowercase(skeleton.names[i]).find("neck") != std::string::npos) {
                landmarks.heads.push_back(static_cast<NodeIndex>(i));
            }
        }
    }
    return landmarks;
}

// The animated feet-to-head direction (findBodyLandmarks) when at least 60 % consistent.
std::optional<UpAxis> animatedAnatomyUp(const Skeleton& skeleton, const SampledPoses& poses) {
    const BodyLandmarks landmarks = headAndFeet(skeleton);
    if (!landmarks.complete() || poses.at.empty()) {
        return std::nullopt;
    }
    glm::dvec3 sum(0.0);
    for (const auto& pose : poses.at) {
        glm::dvec3 head(0.0);
        glm::dvec3 feet(0.0);
        for (const NodeIndex node : landmarks.heads) {
            head += pose[static_cast<std::size_t>(node)];
        }
        for (const NodeIndex node : landmarks.feet) {
            feet += pose[static_cast<std::size_t>(node)];
        }
        const glm::dvec3 up =
            head / double(landmarks.heads.size()) - feet / double(landmarks.feet.size());
        const double length = glm::length(up);
        if (length > 0.0) {
            sum += up / length;
        }
    }
    const glm::dvec3 mean = sum / double(poses.at.size());
    if (glm::length(mean) < 0.6) {
        return std::nullopt;
    }
    return nearestUpAxis(mean);
}

// The rest pose's up turned by the root's animated rotation, averaged over the samples.
UpAxis restUpCarriedByRoot(const SampledPoses& poses, UpAxis restUp) {
    const glm::dvec3 up = upAxisVector(restUp);
    glm::dvec3 sum(0.0);
    for (const glm::dquat& rotation : poses.rootRotation) {
        sum += rotation * up;
    }
    return nearestUpAxis(sum);
}

// [SECTION] Ground
void measureGround(Stance& stance, const std::vector<std::vector<glm::dvec3>>& poses) {
    const glm::dvec3 up = upAxisVector(stance.upAxis);
    std::vector<double> lows;
    std::vector<double> heights;
    for (const auto& pose : poses) {
        double low = std::numeric_limits<double>::max();
        double high = -std::numeric_limits<double>::max();
        for (std::size_t i = 0; i < pose.size(); ++i) {
            if (!isExcluded(stance.staticRoots, i)) {
                const double height = glm::dot(pose[i], up);
                low = std::min(low, height);
                high = std::max(high, height);
            }
        }
        if (low <= high) {
            lows.push_back(low);
            heights.push_back(high - low);
        }
    }
    stance.groundLevel = percentile(lows, 0.1);
    stance.height = percentile(heights, 0.5);
    stance.unit = guessLengthUnit(percentile(heights, 0.9));
}

} // namespace

// [SECTION] Facing
std::optional<glm::dvec3> facingOfPose(const Skeleton& skeleton,
                                       std::span<const RigidTransform> world, UpAxis upAxis,
                                       std::span<const NodeIndex> excluded, FacingSource* source) {
    const glm::dvec3 up = upAxisVector(upAxis);
    const std::size_t n = std::min(skeleton.nodeCount(), world.size());
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    // Per depth along a side's chain (1: where it starts, the hip or the clavicle; 2: the joint
    // after it), the sums of left and right places. The starts stay put on the pelvis and the
    // chest while hands and feet swing, so they are used first.
    struct Sides {
        glm::dvec3 left{0.0};
        glm::dvec3 right{0.0};
        std::size_t lefts = 0;
        std::size_t rights = 0;
    };
    Sides byDepth[2];
    std::vector<int> sideDepth(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (isExcluded(excluded, i)) {
            continue;
        }
        low = glm::min(low, world[i].translation);
        high = glm::max(high, world[i].translation);
        if (skeleton.isEndSite[i] != 0) {
            continue;
        }
        const Side side = sideOf(skeleton.names[i]);
        if (side == Side::None) {
            continue;
        }
        const NodeIndex parent = skeleton.parents[i];
        const bool continues = parent != kNoParent && static_cast<std::size_t>(parent) < i &&
                               sideOf(skeleton.names[static_cast<std::size_t>(parent)]) == side;
        sideDepth[i] = continues ? sideDepth[static_cast<std::size_t>(parent)] + 1 : 1;
        if (sideDepth[i] > 2) {
            continue;
        }
        Sides& sides = byDepth[sideDepth[i] - 1];
        if (side == Side::Left) {
            sides.left += world[i].translation;
            ++sides.lefts;
        } else {
            sides.right += world[i].translation;
            ++sides.rights;
        }
    }
    if (!(low.x <= high.x)) {
        return std::nullopt;
    }
    const double size = glm::length(high - low);
    for (const Sides& sides : byDepth) {
        if (sides.lefts == 0 || sides.rights == 0) {
            continue;
        }
        const glm::dvec3 lateral =
            horizontal(sides.left / double(sides.lefts) - sides.right / double(sides.rights), up);
        if (glm::length(lateral) > 0.02 * size) {
            if (source != nullptr) {
                *source = FacingSource::LeftRight;
            }
            return glm::normalize(glm::cross(lateral, up));
        }
    }
    const BodyLandmarks landmarks = findBodyLandmarks(skeleton);
    const std::vector<NodeIndex> roots = skeleton.roots();
    auto root = std::ranges::find_if(roots, [&](NodeIndex node) {
        return !isExcluded(excluded, static_cast<std::size_t>(node));
    });
    NodeIndex rootNode = root != roots.end() ? *root : kNoParent;
    if (rootNode != kNoParent && static_cast<std::size_t>(rootNode) < n &&
        !landmarks.heads.empty()) {
        // The first child of a static root is the moving body's root.
        for (std::size_t i = 0; i < n; ++i) {
            if (skeleton.parents[i] != kNoParent &&
                isExcluded(excluded, static_cast<std::size_t>(skeleton.parents[i]))) {
                rootNode = static_cast<NodeIndex>(i);
                break;
            }
        }
        glm::dvec3 head(0.0);
        for (const NodeIndex node : landmarks.heads) {
            head += world[static_cast<std::size_t>(node)].translation;
        }
        const glm::dvec3 ahead =
            horizontal(head / double(landmarks.heads.size()) -
                           world[static_cast<std::size_t>(rootNode)].translation,
                       up);
        if (glm::length(ahead) > 0.1 * size) {
            if (source != nullptr) {
                *source = FacingSource::HeadAhead;
            }
            return glm::normalize(ahead);
        }
    }
    return std::nullopt;
}

Stance analyzeStance(const Skeleton& skeleton, const Motion& motion, TranslationMode translation,
                     const RestPoseAnalysis& rest, std::optional<UpAxis> forcedUp,
                     std::size_t maxFrames) {
    Stance stance;
    stance.restPoseUp = rest.upAxis;
    stance.upAxis = forcedUp.value_or(rest.upAxis);
    stance.source = forcedUp ? UpAxisSource::Override : UpAxisSource::RestPose;
    const std::size_t n = skeleton.nodeCount();
    if (n == 0) {
        return stance;
    }

    SampledPoses poses;
    if (motionUsable(skeleton, motion, translation) && maxFrames > 0) {
        poses = samplePoses(skeleton, motion, translation, maxFrames);
    } else {
        // The rest pose alone: one "frame" with no movement.
        std::vector<RigidTransform> local(n);
        std::vector<RigidTransform> world(n);
        computeRestTransforms(skeleton, local);
        computeWorldTransforms(skeleton, local, world);
        std::vector<glm::dvec3> positions(n);
        for (std::size_t i = 0; i < n; ++i) {
            positions[i] = world[i].translation;
        }
        poses.firstWorld = world;
        poses.at.push_back(positions);
        poses.next.push_back(std::move(positions));
    }
    stance.framesSampled = motionUsable(skeleton, motion, translation) ? poses.at.size() : 0;

    const double roughSize = bodySizeOf(poses.at, {});
    stance.staticRoots = findStaticRoots(skeleton, poses, roughSize);
    const double bodySize = bodySizeOf(poses.at, stance.staticRoots);

    // A chain of a few nodes is no figure: how its ends move says nothing about gravity.
    const std::size_t counted = n - stance.staticRoots.size();
    if (!forcedUp && stance.framesSampled > 0) {
        const MotionCosts costs = counted >= kMinimumFigureNodes
                                      ? motionCosts(skeleton, poses, stance.staticRoots, bodySize)
                                      : MotionCosts{};
        stance.anatomyUp = animatedAnatomyUp(skeleton, poses);
        if (costs.measured) {
            stance.motionMeasured = true;
            stance.motionCost = costs.cost;
            UpAxis best = UpAxis::PositiveY;
            double bestCost = std::numeric_limits<double>::max();
            for (const UpAxis axis : kAllUpAxes) {
                if (costs.cost[static_cast<std::size_t>(axis)] < bestCost) {
                    bestCost = costs.cost[static_cast<std::size_t>(axis)];
                    best = axis;
                }
            }
            double second = std::numeric_limits<double>::max();
            for (const UpAxis axis : kAllUpAxes) {
                if (axis != best) {
                    second = std::min(second, costs.cost[static_cast<std::size_t>(axis)]);
                }
            }
            stance.motionMargin = second - bestCost;
            auto close = [&](UpAxis axis) {
                return costs.cost[static_cast<std::size_t>(axis)] <= bestCost + kDecisiveMargin;
            };
            const UpAxis carried = restUpCarriedByRoot(poses, rest.upAxis);
            if (stance.anatomyUp && *stance.anatomyUp == oppositeUpAxis(best)) {
                stance.upAxis = *stance.anatomyUp; // hanging: hands still above, feet swinging
                stance.source = UpAxisSource::Anatomy;
            } else if (stance.motionMargin >= kDecisiveMargin) {
                stance.upAxis = best;
                stance.source = UpAxisSource::Motion;
            } else if (stance.anatomyUp && close(*stance.anatomyUp)) {
                stance.upAxis = *stance.anatomyUp;
                stance.source = UpAxisSource::Anatomy;
            } else if (close(carried)) {
                stance.upAxis = carried;
                stance.source = UpAxisSource::RestPose;
            } else if (close(rest.upAxis)) {
                stance.upAxis = rest.upAxis;
                stance.source = UpAxisSource::RestPose;
            } else {
                stance.upAxis = best;
                stance.source = UpAxisSource::Motion;
            }
        } else if (stance.anatomyUp) {
            stance.upAxis = *stance.anatomyUp;
            stance.source = UpAxisSource::Anatomy;
        }
    }

    measureGround(stance, poses.at);
    if (upAxisIndex(rest.upAxis) == upAxisIndex(stance.upAxis) &&
        rest.unit != LengthUnit::Unknown) {
        stance.unit = rest.unit;
    } else if (stance.unit == LengthUnit::Unknown) {
        stance.unit = rest.unit;
    }

    FacingSource facingSource = FacingSource::None;
    stance.facing =
        facingOfPose(skeleton, poses.firstWorld, stance.upAxis, stance.staticRoots, &facingSource);
    if (!stance.facing && poses.at.size() >= 2) {
        // Creatures without names: they walk forward (most of them).
        const std::size_t body = stance.staticRoots.empty() ? 0 : [&] {
            for (std::size_t i = 0; i < n; ++i) {
                if (skeleton.parents[i] != kNoParent &&
                    isExcluded(stance.staticRoots, static_cast<std::size_t>(skeleton.parents[i]))) {
                    return i;
                }
            }
            return std::size_t{0};
        }();
        const glm::dvec3 travel =
            horizontal(poses.at.back()[body] - poses.at.front()[body], upAxisVector(stance.upAxis));
        if (glm::length(travel) > 0.5 * bodySize) {
            stance.facing = glm::normalize(travel);
            facingSource = FacingSource::Travel;
        }
    }
    stance.facingSource = facingSource;
    return stance;
}

} // namespace bvh
