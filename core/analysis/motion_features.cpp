#include "core/analysis/motion_features.h"

#include "core/analysis/joint_side.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/model/ascii_case.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>
#include <string>
#include <vector>

namespace bvh {

// [SECTION] Body roles

namespace {

std::string lowerBaseName(const std::string& name) {
    return asciiLowercase(jointBaseName(name));
}

bool isHipsName(const std::string& lower) {
    return lower == "hips" || lower == "hip" || lower == "pelvis" || lower == "bip01 pelvis" ||
           lower == "bip01_pelvis";
}

bool isHeadName(const std::string& lower) {
    return lower.find("head") != std::string::npos && lower.find("end") == std::string::npos &&
           lower.find("top") == std::string::npos && lower.find("nub") == std::string::npos;
}

bool isHandName(const std::string& lower) {
    return lower.find("hand") != std::string::npos || lower.find("wrist") != std::string::npos;
}

bool isFootName(const std::string& lower) {
    return lower.find("foot") != std::string::npos || lower.find("ankle") != std::string::npos;
}

// The first joint with three or more joint children: the pelvis of a figure whose hips are
// not named.
NodeIndex firstThreeWayBranch(const Skeleton& skeleton) {
    std::vector<std::uint32_t> jointChildren(skeleton.nodeCount(), 0);
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent && skeleton.isEndSite[i] == 0) {
            ++jointChildren[static_cast<std::size_t>(parent)];
        }
    }
    for (std::size_t i = 0; i < jointChildren.size(); ++i) {
        if (jointChildren[i] >= 3) {
            return static_cast<NodeIndex>(i);
        }
    }
    return kNoParent;
}

// The ancestor of `node` whose parent is `top` (`node` itself when its parent is); kNoParent
// when `node` does not descend from `top`.
NodeIndex childOnPathTo(const Skeleton& skeleton, NodeIndex top, NodeIndex node) {
    while (node != kNoParent) {
        const NodeIndex parent = skeleton.parents[static_cast<std::size_t>(node)];
        if (parent == top) {
            return node;
        }
        node = parent;
    }
    return kNoParent;
}

void setRole(BodyRoles& roles, BodyRole role, NodeIndex node) {
    NodeIndex& slot = roles.nodes[static_cast<std::size_t>(role)];
    if (slot == kNoParent) {
        slot = node;
    }
}

} // namespace

BodyRoles findBodyRoles(const Skeleton& skeleton) {
    BodyRoles roles;
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (skeleton.isEndSite[i] != 0) {
            continue;
        }
        const auto node = static_cast<NodeIndex>(i);
        const std::string lower = lowerBaseName(skeleton.names[i]);
        const Side side = sideOf(skeleton.names[i]);
        if (isHipsName(lower)) {
            setRole(roles, BodyRole::Hips, node);
        } else if (side == Side::None && isHeadName(lower)) {
            setRole(roles, BodyRole::Head, node);
        } else if (side != Side::None && isHandName(lower)) {
            setRole(roles, side == Side::Left ? BodyRole::LeftHand : BodyRole::RightHand, node);
        } else if (side != Side::None && isFootName(lower)) {
            setRole(roles, side == Side::Left ? BodyRole::LeftFoot : BodyRole::RightFoot, node);
        }
    }
    if (!roles.has(BodyRole::Hips)) {
        setRole(roles, BodyRole::Hips, firstThreeWayBranch(skeleton));
    }
    if (roles.has(BodyRole::Hips)) {
        const NodeIndex hips = roles[BodyRole::Hips];
        if (roles.has(BodyRole::LeftFoot)) {
            setRole(roles, BodyRole::LeftLegTop,
                    childOnPathTo(skeleton, hips, roles[BodyRole::LeftFoot]));
        }
        if (roles.has(BodyRole::RightFoot)) {
            setRole(roles, BodyRole::RightLegTop,
                    childOnPathTo(skeleton, hips, roles[BodyRole::RightFoot]));
        }
        if (roles[BodyRole::LeftLegTop] == roles[BodyRole::RightLegTop]) {
            // Both feet hang below one joint under the hips: no line between the legs.
            roles.nodes[static_cast<std::size_t>(BodyRole::LeftLegTop)] = kNoParent;
            roles.nodes[static_cast<std::size_t>(BodyRole::RightLegTop)] = kNoParent;
        }
    }
    return roles;
}

// [SECTION] Features

namespace {

// The per-frame signals, in feature order (feature 2i is signal i's mean, 2i + 1 its deviation).
// Ends: head, left hand, right hand, left foot, right foot; four signals each.
constexpr std::array<BodyRole, 5> kEnds = {BodyRole::Head, BodyRole::LeftHand, BodyRole::RightHand,
                                           BodyRole::LeftFoot, BodyRole::RightFoot};
constexpr std::size_t kEndSignals = 4; // up, forward, sideways, speed
constexpr std::size_t kRootSignalsBegin = kEnds.size() * kEndSignals; // 20
enum RootSignal : std::size_t {
    HipsHeight = kRootSignalsBegin,
    ForwardVelocity,
    SidewaysVelocity,
    VerticalVelocity,
    TurningRate,
    HandSpread,
    FootSpread,
    SignalEnd,
};
static_assert(SignalEnd == kMotionSignalCount);

std::uint32_t roleBit(BodyRole role) {
    return 1U << static_cast<unsigned>(role);
}

constexpr std::uint32_t kHeadingRoles = (1U << static_cast<unsigned>(BodyRole::Hips)) |
                                        (1U << static_cast<unsigned>(BodyRole::LeftLegTop)) |
                                        (1U << static_cast<unsigned>(BodyRole::RightLegTop));

// The roles each signal needs.
std::array<std::uint32_t, kMotionSignalCount> signalRoles() {
    std::array<std::uint32_t, kMotionSignalCount> needs{};
    const std::uint32_t hips = roleBit(BodyRole::Hips);
    for (std::size_t end = 0; end < kEnds.size(); ++end) {
        const std::uint32_t endBit = roleBit(kEnds[end]) | hips;
        needs[end * kEndSignals + 0] = endBit;
        needs[end * kEndSignals + 1] = endBit | kHeadingRoles;
        needs[end * kEndSignals + 2] = endBit | kHeadingRoles;
        needs[end * kEndSignals + 3] = endBit;
    }
    const std::uint32_t feet = roleBit(BodyRole::LeftFoot) | roleBit(BodyRole::RightFoot);
    needs[HipsHeight] = hips | feet;
    needs[ForwardVelocity] = kHeadingRoles;
    needs[SidewaysVelocity] = kHeadingRoles;
    needs[VerticalVelocity] = hips;
    needs[TurningRate] = kHeadingRoles;
    needs[HandSpread] = roleBit(BodyRole::LeftHand) | roleBit(BodyRole::RightHand);
    needs[FootSpread] = feet;
    return needs;
}

std::uint32_t presentRoleBits(const BodyRoles& roles) {
    std::uint32_t bits = 0;
    for (std::size_t role = 0; role < kBodyRoleCount; ++role) {
        if (roles.nodes[role] != kNoParent) {
            bits |= 1U << role;
        }
    }
    return bits;
}

// Bone lengths from `node` up to (not including) `top`; 0 when `node` is not below `top`.
double restChainLength(const Skeleton& skeleton, NodeIndex top, NodeIndex node) {
    double length = 0.0;
    while (node != kNoParent && node != top) {
        length += glm::length(skeleton.offsets[static_cast<std::size_t>(node)]);
        node = skeleton.parents[static_cast<std::size_t>(node)];
    }
    return node == top ? length : 0.0;
}

// The body's size: hips to head plus hips to a foot along the rest pose's bones; without those
// joints, the rest pose's extent.
double roleBodySize(const Skeleton& skeleton, const BodyRoles& roles) {
    const NodeIndex hips = roles[BodyRole::Hips];
    double legs = 0.0;
    int legCount = 0;
    for (const BodyRole foot : {BodyRole::LeftFoot, BodyRole::RightFoot}) {
        if (hips != kNoParent && roles.has(foot)) {
            legs += restChainLength(skeleton, hips, roles[foot]);
            ++legCount;
        }
    }
    const double head =
        roles.has(BodyRole::Head) ? restChainLength(skeleton, hips, roles[BodyRole::Head]) : 0.0;
    if (head > 0.0 && legCount > 0 && legs > 0.0) {
        return head + legs / legCount;
    }
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, world);
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(std::numeric_limits<double>::lowest());
    for (const RigidTransform& transform : world) {
        low = glm::min(low, transform.translation);
        high = glm::max(high, transform.translation);
    }
    return world.empty() ? 0.0 : glm::length(high - low);
}

// Sums for a mean and a standard deviation.
struct SignalSums {
    double sum = 0.0;
    double squares = 0.0;
    std::uint32_t count = 0;
    void add(double value) {
        if (std::isfinite(value)) {
            sum += value;
            squares += value * value;
            ++count;
        }
    }
};

// The frames sampled: about kFeatureSampleRate a second, at most kMaxFeatureSamples, and at
// most some four million node transforms in all for skeletons of thousands of nodes.
std::vector<std::uint32_t> featureFrames(const Skeleton& skeleton, const Motion& motion,
                                         double& secondsPerSample) {
    const double framesPerSample =
        std::max(1.0, std::round(motion.framesPerSecond() / kFeatureSampleRate));
    std::size_t step = static_cast<std::size_t>(framesPerSample);
    const std::size_t nodes = std::max<std::size_t>(1, skeleton.nodeCount());
    const std::size_t maxSamples =
        std::clamp<std::size_t>((std::size_t{4} << 20) / nodes, 2, kMaxFeatureSamples);
    const std::size_t frames = motion.frameCount;
    step = std::max(step, (frames + maxSamples - 1) / maxSamples);
    secondsPerSample = static_cast<double>(step) * motion.frameTime;
    std::vector<std::uint32_t> sampled;
    sampled.reserve((frames + step - 1) / step);
    for (std::size_t frame = 0; frame < frames; frame += step) {
        sampled.push_back(static_cast<std::uint32_t>(frame));
    }
    return sampled;
}

const glm::dvec3& rolePosition(const std::array<glm::dvec3, kBodyRoleCount>& sample,
                               BodyRole role) {
    return sample[static_cast<std::size_t>(role)];
}

// Up from the feet to the head over the samples, snapped to the nearest axis (captures are
// axis-aligned; a bow or a lean must not tilt it); the rest pose's guess without those joints
// or when they disagree over the clip.
glm::dvec3 upDirection(const Skeleton& skeleton, const BodyRoles& roles,
                       const MotionRoleSamples& track) {
    if (roles.has(BodyRole::Head) && roles.has(BodyRole::LeftFoot) &&
        roles.has(BodyRole::RightFoot)) {
        glm::dvec3 mean(0.0);
        for (const auto& sample : track.samples) {
            const glm::dvec3 feet = 0.5 * (rolePosition(sample, BodyRole::LeftFoot) +
                                           rolePosition(sample, BodyRole::RightFoot));
            const glm::dvec3 toHead = rolePosition(sample, BodyRole::Head) - feet;
            const double length = glm::length(toHead);
            if (length > 0.0) {
                mean += toHead / length;
            }
        }
        if (!track.samples.empty() &&
            glm::length(mean) >= 0.5 * static_cast<double>(track.samples.size())) {
            return upAxisVector(nearestUpAxis(mean));
        }
    }
    return upAxisVector(analyzeRestPose(skeleton).upAxis);
}

glm::dvec3 horizontalPart(const glm::dvec3& vector, const glm::dvec3& up) {
    return vector - glm::dot(vector, up) * up;
}

// The body's forward direction at a sample (horizontal, unit): left x up, where left runs from
// the right leg's top to the left's. The previous heading when the legs' tops coincide.
glm::dvec3 headingAt(const std::array<glm::dvec3, kBodyRoleCount>& sample, const glm::dvec3& up,
                     const glm::dvec3& previous) {
    const glm::dvec3 left = horizontalPart(rolePosition(sample, BodyRole::LeftLegTop) -
                                               rolePosition(sample, BodyRole::RightLegTop),
                                           up);
    const double length = glm::length(left);
    return length > 1e-12 ? glm::cross(left / length, up) : previous;
}

double signedAngle(const glm::dvec3& from, const glm::dvec3& to, const glm::dvec3& up) {
    return std::atan2(glm::dot(glm::cross(from, to), up), glm::dot(from, to));
}

struct FrameContext {
    glm::dvec3 up;
    double size = 1.0;
    double seconds = 1.0; // between samples
};

void addEndSignals(std::array<SignalSums, kMotionSignalCount>& sums, const FrameContext& context,
                   const std::array<glm::dvec3, kBodyRoleCount>& sample,
                   const std::array<glm::dvec3, kBodyRoleCount>* before,
                   const glm::dvec3& forward) {
    const glm::dvec3 hips = rolePosition(sample, BodyRole::Hips);
    const glm::dvec3 left = glm::cross(context.up, forward);
    for (std::size_t end = 0; end < kEnds.size(); ++end) {
        const glm::dvec3 relative = (rolePosition(sample, kEnds[end]) - hips) / context.size;
        sums[end * kEndSignals + 0].add(glm::dot(relative, context.up));
        sums[end * kEndSignals + 1].add(glm::dot(relative, forward));
        sums[end * kEndSignals + 2].add(glm::dot(relative, left));
        if (before != nullptr) {
            const glm::dvec3 was =
                (rolePosition(*before, kEnds[end]) - rolePosition(*before, BodyRole::Hips)) /
                context.size;
            sums[end * kEndSignals + 3].add(glm::length(relative - was) / context.seconds);
        }
    }
}

void addRootSignals(std::array<SignalSums, kMotionSignalCount>& sums, const FrameContext& context,
                    const std::array<glm::dvec3, kBodyRoleCount>& sample,
                    const std::array<glm::dvec3, kBodyRoleCount>* before, const glm::dvec3& forward,
                    const glm::dvec3& forwardBefore) {
    const glm::dvec3& up = context.up;
    const double lowerFoot = std::min(glm::dot(rolePosition(sample, BodyRole::LeftFoot), up),
                                      glm::dot(rolePosition(sample, BodyRole::RightFoot), up));
    sums[HipsHeight].add((glm::dot(rolePosition(sample, BodyRole::Hips), up) - lowerFoot) /
                         context.size);
    sums[HandSpread].add(glm::length(rolePosition(sample, BodyRole::LeftHand) -
                                     rolePosition(sample, BodyRole::RightHand)) /
                         context.size);
    sums[FootSpread].add(glm::length(rolePosition(sample, BodyRole::LeftFoot) -
                                     rolePosition(sample, BodyRole::RightFoot)) /
                         context.size);
    if (before == nullptr) {
        return;
    }
    const glm::dvec3 velocity =
        (rolePosition(sample, BodyRole::Hips) - rolePosition(*before, BodyRole::Hips)) /
        (context.size * context.seconds);
    sums[ForwardVelocity].add(glm::dot(velocity, forward));
    sums[SidewaysVelocity].add(glm::dot(velocity, glm::cross(up, forward)));
    sums[VerticalVelocity].add(glm::dot(velocity, up));
    sums[TurningRate].add(signedAngle(forwardBefore, forward, up) / context.seconds);
}

MotionFeatures summariseSignals(const std::array<SignalSums, kMotionSignalCount>& sums,
                                std::uint32_t roleBits) {
    MotionFeatures features;
    const auto needs = signalRoles();
    for (std::size_t signal = 0; signal < kMotionSignalCount; ++signal) {
        const SignalSums& sum = sums[signal];
        if ((needs[signal] & roleBits) != needs[signal] || sum.count == 0) {
            continue;
        }
        const double mean = sum.sum / sum.count;
        const double variance = std::max(0.0, sum.squares / sum.count - mean * mean);
        features.values[2 * signal] = static_cast<float>(mean);
        features.values[2 * signal + 1] = static_cast<float>(std::sqrt(variance));
        features.present |= std::uint64_t{3} << (2 * signal);
    }
    return features;
}

bool motionMatchesSkeleton(const Skeleton& skeleton, const Motion& motion) {
    return motion.frameCount > 0 && motion.channelCount == skeleton.totalChannels() &&
           motion.values.size() == std::size_t{motion.frameCount} * motion.channelCount;
}

} // namespace

MotionFeatureSampling::MotionFeatureSampling(const Skeleton& skeleton, const Motion& motion,
                                             TranslationMode translation) {
    if (!motionMatchesSkeleton(skeleton, motion) || translation == TranslationMode::Auto) {
        return;
    }
    roles_ = findBodyRoles(skeleton);
    if (!roles_.has(BodyRole::Hips)) {
        return;
    }
    bodySize_ = roleBodySize(skeleton, roles_);
    if (!(bodySize_ > 0.0) || !std::isfinite(bodySize_)) {
        return;
    }
    request_.frames = featureFrames(skeleton, motion, track_.secondsPerSample);
    track_.samples.resize(request_.frames.size());
    request_.take = [this](std::size_t index, std::span<const RigidTransform> world) {
        auto& sample = track_.samples[index];
        for (std::size_t role = 0; role < kBodyRoleCount; ++role) {
            const NodeIndex node = roles_.nodes[role];
            sample[role] = node == kNoParent ? glm::dvec3(0.0)
                                             : world[static_cast<std::size_t>(node)].translation;
        }
    };
}

MotionFeatures MotionFeatureSampling::features(const Skeleton& skeleton) const {
    if (request_.frames.empty()) {
        return {};
    }
    const MotionRoleSamples& track = track_;
    const FrameContext context{upDirection(skeleton, roles_, track), bodySize_,
                               track.secondsPerSample};
    std::array<SignalSums, kMotionSignalCount> sums{};
    glm::dvec3 forwardBefore = glm::cross(glm::dvec3(1.0, 0.0, 0.0), context.up);
    if (glm::length(forwardBefore) < 0.5) {
        forwardBefore = glm::cross(glm::dvec3(0.0, 0.0, 1.0), context.up);
    }
    for (std::size_t i = 0; i < track.samples.size(); ++i) {
        const auto& sample = track.samples[i];
        const auto* before = i > 0 ? &track.samples[i - 1] : nullptr;
        const glm::dvec3 forward = headingAt(sample, context.up, forwardBefore);
        addEndSignals(sums, context, sample, before, forward);
        addRootSignals(sums, context, sample, before, forward, i > 0 ? forwardBefore : forward);
        forwardBefore = forward;
    }
    return summariseSignals(sums, presentRoleBits(roles_));
}

MotionFeatures computeMotionFeatures(const Skeleton& skeleton, const Motion& motion,
                                     TranslationMode translation) {
    MotionFeatureSampling sampling(skeleton, motion, translation);
    if (!sampling.request().frames.empty()) {
        FramePoseRequest* const request = &sampling.request();
        poseRequestedFrames(ForwardKinematicsPlan(skeleton, translation), motion,
                            std::span(&request, 1));
    }
    return sampling.features(skeleton);
}

// [SECTION] Comparing

FeatureSpread measureFeatureSpread(std::span<const MotionFeatures> takes) {
    FeatureSpread spread;
    for (std::size_t feature = 0; feature < kMotionFeatureCount; ++feature) {
        SignalSums sums;
        for (const MotionFeatures& take : takes) {
            if (take.hasFeature(feature)) {
                sums.add(take.values[feature]);
            }
        }
        double deviation = 0.0;
        if (sums.count > 1) {
            const double mean = sums.sum / sums.count;
            deviation = std::sqrt(std::max(0.0, sums.squares / sums.count - mean * mean));
        }
        // A feature that does not vary tells nothing apart: a unit scale keeps it harmless.
        spread.deviation[feature] = deviation > 1e-9 ? static_cast<float>(deviation) : 1.0F;
    }
    return spread;
}

double motionDistance(const MotionFeatures& a, const MotionFeatures& b,
                      const FeatureSpread& spread) {
    const std::uint64_t shared = a.present & b.present;
    double sum = 0.0;
    std::size_t count = 0;
    for (std::size_t feature = 0; feature < kMotionFeatureCount; ++feature) {
        if (((shared >> feature) & 1U) == 0) {
            continue;
        }
        const double difference = (static_cast<double>(a.values[feature]) - b.values[feature]) /
                                  spread.deviation[feature];
        sum += difference * difference;
        ++count;
    }
    return count == 0 ? std::numeric_limits<double>::infinity()
                      : std::sqrt(sum / static_cast<double>(count));
}

std::vector<RankedTake> rankBySimilarity(const MotionFeatures& query,
                                         std::span<const MotionFeatures> takes) {
    std::vector<MotionFeatures> measured;
    measured.reserve(takes.size() + 1);
    measured.push_back(query);
    for (const MotionFeatures& take : takes) {
        if (!take.empty()) {
            measured.push_back(take);
        }
    }
    const FeatureSpread spread = measureFeatureSpread(measured);
    std::vector<RankedTake> ranked;
    ranked.reserve(takes.size());
    for (std::size_t i = 0; i < takes.size(); ++i) {
        const double distance = motionDistance(query, takes[i], spread);
        if (std::isfinite(distance)) {
            ranked.push_back({i, distance});
        }
    }
    std::ranges::stable_sort(ranked, {}, &RankedTake::distance);
    return ranked;
}

} // namespace bvh
