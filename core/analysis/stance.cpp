#include "core/analysis/stance.h"

#include "core/analysis/feet_floor.h"
#include "core/analysis/formatted_text.h"
#include "core/analysis/frame_poses.h"
#include "core/analysis/goal_branches.h"
#include "core/analysis/ground_root.h"
#include "core/analysis/hand_fan.h"
#include "core/analysis/joint_side.h"
#include "core/analysis/kept_vectors.h"
#include "core/analysis/percentile.h"
#include "core/analysis/pose_distances.h"
#include "core/analysis/pose_extremes.h"
#include "core/analysis/riding_joints.h"
#include "core/kinematics/column_changes.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/model/ascii_case.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <glm/geometric.hpp>
#include <iterator>
#include <limits>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

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
    case FacingSource::HandBack:
        return "back of the hand";
    case FacingSource::None:
        break;
    }
    return "none";
}

std::string placePrecisionNote(double restHeight) {
    // %.4g: what info's stream printed at precision 4 before the note moved here, to the byte.
    return formatted("%.4g at rest: below the precision of its place, every joint lands on one "
                     "point",
                     restHeight);
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

// How many frames apart a speed is measured: about kSpeedInterval, at least one frame. From one
// frame to the next at 100 or 120 Hz a solver's or an IMU's jitter (a millimetre or a degree a
// frame, largest at the far ends of chains: the feet of a body hung from the headset) outweighs
// the motion, and a planted foot looks busier than the head; over a tenth of a second the
// motion grows tenfold and the jitter does not.
std::uint32_t speedStep(const Motion& motion) {
    constexpr double kSpeedInterval = 0.1; // seconds
    const double frames = std::round(kSpeedInterval / motion.frameTime);
    const double largest = std::max(1.0, std::floor((motion.frameCount - 1) / 2.0));
    return static_cast<std::uint32_t>(std::clamp(frames, 1.0, largest));
}

// Pose storage kept between analyses (kept_vectors.h: in the caller's KeptVectors, where one is
// installed). `info` over a library and the Browser's summary workers analyse take after take,
// and a fresh buffer per take (over 128 KiB for a 21-node rig at 240 samples: an mmap, its pages
// faulted in and zeroed, an munmap) cost more system time than the stance's percentiles. A
// buffer over kKeptPoseBytes (a rig of thousands of joints) is freed as before rather than kept.
constexpr std::size_t kKeptPoseBytes = std::size_t{8} << 20;

// The tag of the one pose buffer kept: as long as it is large, never taken for another use.
struct SampledPositions;

// A buffer of at least `count` positions (their values unspecified until written). The kept
// buffer is as long as it is large (returnPoseBuffer), so a take no larger than the largest
// before it zeroes and copies nothing; resizing it to each take's length zeroed the difference
// whenever a take was longer than the one before (about half of a library in no order of
// length), and copied the previous take's positions when it grew.
std::vector<glm::dvec3> borrowPoseBuffer(std::size_t count) {
    std::vector<glm::dvec3> buffer;
    if (KeptVectors* const kept = KeptVectors::current()) {
        std::vector<std::vector<glm::dvec3>>& spares = kept->spares<glm::dvec3, SampledPositions>();
        if (!spares.empty()) {
            buffer.swap(spares.front());
        }
    }
    if (buffer.size() < count) {
        buffer.clear(); // nothing to carry into the larger allocation
        buffer.resize(count);
    }
    return buffer;
}

// Keeps `buffer` (as its whole capacity) in place of the kept one if it is the larger.
void returnPoseBuffer(std::vector<glm::dvec3>& buffer) {
    KeptVectors* const kept = KeptVectors::current();
    const std::size_t capacity = buffer.capacity();
    if (kept == nullptr || capacity * sizeof(glm::dvec3) > kKeptPoseBytes) {
        return;
    }
    std::vector<std::vector<glm::dvec3>>& spares = kept->spares<glm::dvec3, SampledPositions>();
    if (spares.empty()) {
        spares.emplace_back();
    }
    if (capacity > spares.front().capacity()) {
        buffer.resize(capacity); // no reallocation: zeroes the slack once
        buffer.swap(spares.front());
    }
}

// The kept vectors (kept_vectors.h) of StancePoseSampling's root rotations: a buffer of at least
// the distinct frames, its own so that the samples' cleared ones never shorten it.
struct RootRotationsOfFrames;

// The poses of the sampled frames, each with the frame speedStep later (earlier near the end),
// as world positions per node. Each frame's pose is computed once, however many samples name
// it: a clip of a few hundred frames has most of its sampled frames' neighbours among the
// sampled frames, and `info` on a library of such takes paid forward kinematics twice for
// them. The spans point into `positions`: a SampledPoses is moved, never copied.

struct SampledPoses {
    using Pose = std::span<const glm::dvec3>;
    std::vector<glm::dvec3> positions; // every computed pose, node by node
    std::vector<Pose> at;
    std::vector<Pose> next;
    // Per posed frame (the pose at positions.data() + slot * nodes), the root's world rotation;
    // empty for the rest pose. Read rarely (restUpCarriedByRoot): not copied out per sample.
    std::vector<glm::dquat> frameRootRotations;
    std::size_t nodes = 0;
    std::vector<RigidTransform> firstWorld;
    // Per sample, the extremes of every node of `at` (extremesOfPose with no exclusion) and of
    // every node but node 0 (extremesAfterFirstNode: the figure's where node 0 is a static
    // root), taken while each pose was fresh from forward kinematics; empty where not taken.
    std::vector<PoseExtremes> atExtremes;
    std::vector<PoseExtremes> atExtremesAfterFirst;
    // Per sample, 1 where every coordinate of nodes 1 to n - 1 is known finite (LaneExtremes),
    // 0 where one is not or where it was not told.
    std::vector<std::uint8_t> atFiniteAfterFirst;

    SampledPoses() = default;
    SampledPoses(SampledPoses&&) = default;
    SampledPoses& operator=(SampledPoses&&) = default;
    SampledPoses(const SampledPoses&) = delete;
    SampledPoses& operator=(const SampledPoses&) = delete;
    // The per-sample vectors go back to the thread's kept ones (kept_vectors.h).
    ~SampledPoses() {
        returnPoseBuffer(positions);
        keepVector(at);
        keepVector(next);
        keepVector<RootRotationsOfFrames>(frameRootRotations);
        keepVector(firstWorld);
        keepVector(atExtremes);
        keepVector(atExtremesAfterFirst);
        keepVector(atFiniteAfterFirst);
    }
};

// The sampled frames and their neighbours: frame s * frameCount / samples, and speedStep later.
std::vector<std::pair<std::uint32_t, std::uint32_t>> sampledFrames(const Motion& motion,
                                                                   std::size_t maxFrames) {
    const std::size_t samples = std::min<std::size_t>(motion.frameCount, maxFrames);
    const std::uint32_t step = speedStep(motion);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> frames =
        takeKeptVector<std::pair<std::uint32_t, std::uint32_t>>(samples);
    frames.clear();
    frames.reserve(samples);
    for (std::size_t s = 0; s < samples; ++s) {
        const auto frame = static_cast<std::uint32_t>(s * motion.frameCount / samples);
        const std::uint32_t neighbour = frame + step < motion.frameCount
                                            ? frame + step
                                            : (frame >= step ? frame - step : frame);
        frames.emplace_back(frame, neighbour);
    }
    return frames;
}

// The frames sampledFrames names, each once, in increasing order: each marked in a bitmap of
// the clip's `frameCount` frames, then read out in order. (Two merges of increasing lists, the
// samples with their neighbours after and then before, each pushed one by one, cost 2 M
// instructions over the 175 takes of the README's `info --json` figures.)
std::vector<std::uint32_t>
distinctFrames(std::span<const std::pair<std::uint32_t, std::uint32_t>> frames,
               std::uint32_t frameCount) {
    constexpr std::uint32_t kBits = 64;
    auto marked = KeptVector<std::uint64_t>::cleared(0); // kept_vectors.h
    marked->assign(frameCount / kBits + 1, 0);
    std::uint64_t* const words = marked->data();
    for (const auto& [frame, neighbour] : frames) {
        words[frame / kBits] |= std::uint64_t{1} << (frame % kBits);
        words[neighbour / kBits] |= std::uint64_t{1} << (neighbour % kBits);
    }
    std::vector<std::uint32_t> distinct = takeKeptVector<std::uint32_t>(2 * frames.size());
    distinct.clear();
    distinct.reserve(2 * frames.size());
    for (std::size_t w = 0; w < marked->size(); ++w) {
        for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
            distinct.push_back(static_cast<std::uint32_t>(w * kBits) +
                               static_cast<std::uint32_t>(std::countr_zero(bits)));
        }
    }
    return distinct;
}

// The stance's request for its sampled frames and their neighbours (sampledFrames), each posed
// once into `poses` (its positions and root rotations, frame 0's world transforms); finish()
// then points each sample at its poses.
class StancePoseSampling {
public:
    StancePoseSampling(std::size_t nodes, const Motion& motion, std::size_t maxFrames)
        : nodes_(nodes), frames_(sampledFrames(motion, maxFrames)) {
        // Every frame named once, in order: where each one's pose will sit in the pool.
        std::vector<std::uint32_t>& distinct = request_.frames;
        distinct = distinctFrames(frames_, motion.frameCount);
        poses_.positions = borrowPoseBuffer(distinct.size() * nodes_);
        // Every distinct frame's root rotation and every sample's extremes are written where
        // its frame is posed: taken with the values of an earlier take, not zeroed first.
        rootRotations_ = takeKeptBuffer<glm::dquat, RootRotationsOfFrames>(distinct.size());
        // The extremes of the samples' own frames (not of their neighbours only: a long clip
        // has as many neighbours as samples, and their extremes are never read), written in
        // sample order where each frame is posed. The samples' frames increase strictly (at
        // most one sample per frame): one walk finds them all.
        poses_.atExtremes = takeKeptVectorOfSize<PoseExtremes>(frames_.size());
        poses_.atExtremesAfterFirst = takeKeptVectorOfSize<PoseExtremes>(frames_.size());
        poses_.atFiniteAfterFirst = takeKeptVectorOfSize<std::uint8_t>(frames_.size());
        poses_.firstWorld = takeKeptVector<RigidTransform>(nodes_);
        poses_.firstWorld.clear(); // written where frame 0 is posed
        sampleAt_ = takeKeptVector<std::size_t>(distinct.size());
        sampleAt_.assign(distinct.size(), kNoSample);
        std::size_t slot = 0;
        for (std::size_t sample = 0; sample < frames_.size(); ++sample) {
            while (distinct[slot] < frames_[sample].first) {
                ++slot;
            }
            sampleAt_[slot] = sample;
        }
        request_.take = [this](std::size_t d, std::span<const RigidTransform> world) {
            glm::dvec3* const pose = poses_.positions.data() + d * nodes_;
            for (std::size_t i = 0; i < nodes_; ++i) {
                pose[i] = world[i].translation;
            }
            if (sampleAt_[d] != kNoSample) {
                const PoseExtremes afterFirst =
                    extremesAfterFirstNode(std::span<const glm::dvec3>(pose, nodes_));
                keepExtremes(d, afterFirst, withFirstNode(pose[0], afterFirst), false);
            }
            rootRotations_[d] = world[0].rotation;
            if (d == 0) {
                poses_.firstWorld.assign(world.begin(), world.begin() + nodes_); // frame 0
            }
        };
        request_.takeLanes = [this](std::span<const ForwardKinematicsPlan::LaneWorld> lanes,
                                    const FramePoseRequest::LaneIndices& indices) {
            takeLanes(lanes, indices);
        };
    }
    StancePoseSampling(const StancePoseSampling&) = delete; // the request points at this
    StancePoseSampling& operator=(const StancePoseSampling&) = delete;
    ~StancePoseSampling() {
        keepVector(frames_);
        keepVector(request_.frames);
        keepVector<RootRotationsOfFrames>(rootRotations_);
        keepVector(sampleAt_);
    }

    FramePoseRequest& request() { return request_; }

    // Once every requested frame was posed.
    SampledPoses finish() {
        const std::vector<std::uint32_t>& distinct = request_.frames;
        // The samples' frames increase, and so do their neighbours' (but where the neighbour
        // turns from speedStep after to speedStep before, near the end): each is found by
        // walking on from the last one found, a binary search only when it lies behind.
        auto slotFrom = [&](std::size_t& cursor, std::uint32_t frame) {
            if (cursor >= distinct.size() || distinct[cursor] > frame) {
                cursor = static_cast<std::size_t>(std::ranges::lower_bound(distinct, frame) -
                                                  distinct.begin());
            }
            while (distinct[cursor] < frame) {
                ++cursor;
            }
            return cursor;
        };
        auto pose = [&](std::size_t index) {
            return SampledPoses::Pose(poses_.positions.data() + index * nodes_, nodes_);
        };
        poses_.at = takeKeptVector<SampledPoses::Pose>(frames_.size());
        poses_.next = takeKeptVector<SampledPoses::Pose>(frames_.size());
        poses_.at.clear();
        poses_.next.clear();
        poses_.at.reserve(frames_.size());
        poses_.next.reserve(frames_.size());
        std::size_t atCursor = 0;
        std::size_t nextCursor = 0;
        for (const auto& [frame, neighbour] : frames_) {
            poses_.at.push_back(pose(slotFrom(atCursor, frame)));
            poses_.next.push_back(pose(slotFrom(nextCursor, neighbour)));
        }
        poses_.frameRootRotations = std::move(rootRotations_);
        poses_.nodes = nodes_;
        return std::move(poses_);
    }

private:
    // A sampled frame's extremes without node 0 and with it (extremesAfterFirstNode,
    // withFirstNode), and whether its nodes after node 0 are known finite.
    void keepExtremes(std::size_t d, const PoseExtremes& afterFirst, const PoseExtremes& whole,
                      bool finite) {
        const std::size_t sample = sampleAt_[d];
        poses_.atExtremesAfterFirst[sample] = afterFirst;
        poses_.atFiniteAfterFirst[sample] = finite ? 1 : 0;
        poses_.atExtremes[sample] = whole;
    }

    // The frames of a group posed together: their positions and root rotations read from the
    // lanes, the sampled ones' extremes taken from the lanes (every lane at once), whole
    // transforms written out for frame 0 only (facing).
    void takeLanes(std::span<const ForwardKinematicsPlan::LaneWorld> lanes,
                   const FramePoseRequest::LaneIndices& indices) {
        // Each lane's pose, sample and root rotation in one walk over the lanes. The extremes
        // only where a lane holds a sample, written where the sample's extremes are kept: built
        // in an array for every group (each one's defaults written, then the lanes' copied over
        // them) they cost 0.8 M instructions over the README's 178 takes.
        std::array<glm::dvec3*, ForwardKinematicsPlan::kLanes> poses{};
        LaneExtremesTargets targets;
        bool anySampled = false;
        const ForwardKinematicsPlan::LaneWorld& root = lanes[0];
        for (std::size_t k = 0; k < indices.size(); ++k) {
            const std::size_t d = indices[k];
            if (d == FramePoseRequest::kNotRequested) {
                continue;
            }
            poses[k] = poses_.positions.data() + d * nodes_;
            if (const std::size_t sample = sampleAt_[d]; sample != kNoSample) {
                targets.of[k] = &poses_.atExtremesAfterFirst[sample];
                targets.finite[k] = &poses_.atFiniteAfterFirst[sample];
                targets.whole[k] = &poses_.atExtremes[sample];
                anySampled = true;
            }
            rootRotations_[d] = glm::dquat(root.rotation[0][k], root.rotation[1][k],
                                           root.rotation[2][k], root.rotation[3][k]);
            if (d == 0) { // frame 0
                poses_.firstWorld.resize(nodes_);
                ForwardKinematicsPlan::laneTransforms(lanes, k, poses_.firstWorld);
            }
        }
        ForwardKinematicsPlan::lanePositions(lanes.first(nodes_), poses);
        if (anySampled) {
            extremesAfterFirstNodeOfLanes(lanes.first(nodes_), targets);
        }
    }

    std::size_t nodes_ = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> frames_;
    FramePoseRequest request_;
    SampledPoses poses_;
    std::vector<glm::dquat> rootRotations_;
    // Per distinct frame, the sample whose own frame it is, or kNoSample.
    static constexpr std::size_t kNoSample = ~std::size_t{0};
    std::vector<std::size_t> sampleAt_;
};

// The stance's sampled poses, posed in one pass with `alsoPose` (other analyses' frames);
// `clipChanges`: poseRequestedFrames's.
SampledPoses samplePoses(const Skeleton& skeleton, const Motion& motion,
                         TranslationMode translation, std::size_t maxFrames,
                         std::span<FramePoseRequest* const> alsoPose,
                         std::span<const std::uint32_t> clipChanges) {
    StancePoseSampling sampling(skeleton.nodeCount(), motion, maxFrames);
    std::vector<FramePoseRequest*> requests(alsoPose.begin(), alsoPose.end());
    requests.push_back(&sampling.request());
    poseRequestedFrames(ForwardKinematicsPlan(skeleton, translation), motion, requests,
                        clipChanges);
    return sampling.finish();
}

// [SECTION] Static root links
std::vector<NodeIndex> findStaticRoots(const Skeleton& skeleton, const SampledPoses& poses,
                                       double bodySize) {
    std::vector<NodeIndex> roots;
    if (poses.at.size() < 2 || !(bodySize > 0.0)) {
        return roots;
    }
    const std::size_t n = skeleton.nodeCount();
    // Each spread only grows over the samples: the walk stops at the first sample that settles
    // the test (most roots travel, and a far moving child shows it early), where it measured
    // every sample (the same verdicts: std::max leaves NaN out either way).
    const double rootDrift = kStillRootDrift * bodySize;
    for (const NodeIndex root : skeleton.roots()) {
        const auto r = static_cast<std::size_t>(root);
        double rootSpread = 0.0;
        for (std::size_t s = 0; s < poses.at.size() && !(rootSpread > rootDrift); ++s) {
            rootSpread = std::max(rootSpread, glm::distance(poses.at[s][r], poses.at[0][r]));
        }
        if (rootSpread > rootDrift) {
            continue;
        }
        bool farMovingChild = false;
        for (std::size_t c = r + 1; c < n && !farMovingChild; ++c) {
            // A child without position channels sits at its offset in the root's frame: it moves
            // only as the still root turns it, on a bone (every bone but Hips->Spine of zero
            // length, the root turning: that one bone was left out and the body had none).
            if (skeleton.parents[c] != root || skeleton.isEndSite[c] != 0 ||
                !skeleton.hasPositionChannels(static_cast<NodeIndex>(c))) {
                continue;
            }
            double farthest = 0.0;
            double childSpread = 0.0;
            auto farAndMoving = [&] {
                return farthest >= kStaticLinkDistance * bodySize && childSpread >= 0.01 * bodySize;
            };
            for (std::size_t s = 0; s < poses.at.size() && !farAndMoving(); ++s) {
                const SampledPoses::Pose pose = poses.at[s];
                farthest = std::max(farthest, glm::distance(pose[c], pose[r]));
                childSpread = std::max(childSpread, glm::distance(pose[c], poses.at[0][c]));
            }
            farMovingChild = farAndMoving();
        }
        if (farMovingChild) {
            roots.push_back(root);
        }
    }
    return roots;
}

// A signed axis's file axis and sign, looked up once for a loop over the samples (upAxisIndex
// and upAxisSign are calls: per sample and axis they were 0.7 M instructions over the README's
// 178 takes).
struct SignedAxis {
    std::size_t component;
    bool positive;
    explicit SignedAxis(UpAxis axis)
        : component(static_cast<std::size_t>(upAxisIndex(axis))), positive(upAxisSign(axis) > 0.0) {
    }
};

// The height along `axis` of the lowest and of the highest node `extent` counts (the largest
// double and its negation without one): along -Y the lowest is the highest Y, negated.
double heightOfLowest(const PoseExtremes& extent, const SignedAxis& axis) {
    const auto c = static_cast<int>(axis.component);
    return axis.positive ? extent.low[c] : -extent.high[c];
}
double heightOfHighest(const PoseExtremes& extent, const SignedAxis& axis) {
    const auto c = static_cast<int>(axis.component);
    return axis.positive ? extent.high[c] : -extent.low[c];
}

// Calls `read` with file axis `component` as a constant (std::integral_constant), once for a
// whole loop: glm's indexed access with a component known only at run time is a switch per
// read, and the loops over the samples' extremes and the leaves' coordinates read hundreds
// (over the README's 175 takes of `info --json`, 2 M instructions).
template <typename Read>
void withComponent(std::size_t component, Read&& read) {
    switch (component) {
    case 0:
        read(std::integral_constant<int, 0>{});
        break;
    case 1:
        read(std::integral_constant<int, 1>{});
        break;
    default:
        read(std::integral_constant<int, 2>{});
        break;
    }
}

// A root that never moves, on the ground under its one child far above it, whose child does not
// move away from it either (findStaticRoots leaves it): Unity's `Reference`, Unreal's `root`,
// Bandai Namco's `joint_Root` above hips that carry no translation (a take played in place, or
// written with rotations only below the root). Nothing moves to tell its link from a bone, so
// where it lies along up does (ground_root.h), in at least half the samples (a crouch may take
// the feet under a root that stays where the hips were written). Told once up is decided:
// counted until then, the floor it marks is a fair cue to up (a quadruped played in place has
// little else). Appended to stance.staticRoots; true if any.
bool addGroundRoots(const Skeleton& skeleton, const SampledPoses& poses, Stance& stance,
                    double bodySize) {
    const glm::dvec3 up = upAxisVector(stance.upAxis);
    const SignedAxis along(stance.upAxis);
    bool added = false;
    const std::vector<NodeIndex> roots = skeleton.roots();
    for (const NodeIndex root : roots) {
        const NodeIndex child = branchingOnlyChild(skeleton, root);
        if (child == kNoParent || isExcluded(stance.staticRoots, static_cast<std::size_t>(root))) {
            continue;
        }
        const auto r = static_cast<std::size_t>(root);
        const auto c = static_cast<std::size_t>(child);
        // Node 0's tree holds every other node where it is the only root: its extent along up
        // is then the sample's extremes after node 0, where these were taken from finite
        // coordinates (a height's dot product with up turns an infinite coordinate across it
        // into NaN, which the extremes cannot follow).
        const bool wholeFigure = r == 0 && roots.size() == 1 &&
                                 poses.atFiniteAfterFirst.size() == poses.at.size() &&
                                 poses.atExtremesAfterFirst.size() == poses.at.size();
        std::size_t onGround = 0;
        bool still = true;
        for (std::size_t s = 0; s < poses.at.size(); ++s) {
            const SampledPoses::Pose pose = poses.at[s];
            still = glm::distance(pose[r], poses.at[0][r]) <= kStillRootDrift * bodySize &&
                    glm::distance(pose[c], pose[r]) >= kStaticLinkDistance * bodySize;
            if (!still) {
                break; // a root that moves is none: where it lies no longer matters
            }
            if (wholeFigure && poses.atFiniteAfterFirst[s] != 0) {
                const PoseExtremes& extent = poses.atExtremesAfterFirst[s];
                onGround += liesOnGroundWithin(glm::dot(pose[r], up), glm::dot(pose[c], up),
                                               heightOfLowest(extent, along),
                                               heightOfHighest(extent, along))
                                ? 1
                                : 0;
            } else {
                onGround += liesOnGroundUnder(skeleton, pose, root, child, up) ? 1 : 0;
            }
        }
        if (poses.at.size() >= 2 && still && 2 * onGround >= poses.at.size()) {
            stance.staticRoots.push_back(root);
            added = true;
        }
    }
    return added;
}

// The nodes that count (1) and the excluded ones (0), looked up once instead of per node and
// sample.
std::vector<std::uint8_t> countedNodes(std::size_t nodes, std::span<const NodeIndex> excluded) {
    std::vector<std::uint8_t> counted(nodes, 1);
    for (const NodeIndex node : excluded) {
        counted[static_cast<std::size_t>(node)] = 0;
    }
    return counted;
}

// Per sample, the extremes of the counted nodes (pose_extremes.h): the body's bounding box, the
// lowest node along each of the six signed axes and the ground's range along up.
struct Extremes {
    std::vector<PoseExtremes> of; // per sample

    Extremes() = default;
    Extremes(Extremes&&) = default;
    Extremes& operator=(Extremes&& other) noexcept { // the vector replaced is kept, not freed
        keepVector(of);
        of = std::move(other.of);
        return *this;
    }
    Extremes(const Extremes&) = delete;
    Extremes& operator=(const Extremes&) = delete;
    ~Extremes() { keepVector(of); } // kept_vectors.h

    std::size_t samples() const { return of.size(); }
    // The height along `axis` of each sample's lowest counted node (heightOfLowest: the largest
    // double without one) into `heights` (of samples() values): one loop per
    // sign, not the sign asked per sample (6 axes x 240 samples a take).
    void lowestAlongEach(const SignedAxis& axis, std::span<double> heights) const {
        withComponent(axis.component, [&](auto c) {
            if (axis.positive) {
                for (std::size_t s = 0; s < of.size(); ++s) {
                    heights[s] = of[s].low[c];
                }
            } else {
                for (std::size_t s = 0; s < of.size(); ++s) {
                    heights[s] = -of[s].high[c];
                }
            }
        });
    }
};

Extremes extremesOf(std::span<const SampledPoses::Pose> poses,
                    std::span<const std::uint8_t> counted) {
    Extremes extremes;
    extremes.of = takeKeptVector<PoseExtremes>(poses.size());
    extremes.of.clear();
    extremes.of.reserve(poses.size());
    for (const SampledPoses::Pose& pose : poses) {
        extremes.of.push_back(extremesOfPose(pose, counted));
    }
    return extremes;
}

// The extremes of the figure without its static roots (`counted`: the other nodes): taken in the
// pose pass where node 0 alone is one, else measured again. Takes them from `poses`.
Extremes figureExtremes(SampledPoses& poses, std::span<const std::uint8_t> counted,
                        std::span<const NodeIndex> staticRoots) {
    const bool onlyNodeZero = staticRoots.size() == 1 && staticRoots[0] == 0;
    if (onlyNodeZero && poses.atExtremesAfterFirst.size() == poses.at.size()) {
        Extremes extremes;
        extremes.of = std::move(poses.atExtremesAfterFirst);
        return extremes;
    }
    return extremesOf(poses.at, counted);
}

// The body's size: the median over the samples of its bounding box's diagonal (samples without
// a box left out). Each diagonal is written and the count raised only for a box, not pushed back
// behind a branch: per sample, the push's capacity check cost as much as the diagonal.
double bodySizeOf(const Extremes& extremes) {
    auto sizes = KeptVector<double, struct BodySizes>::buffer(extremes.samples()); // kept_vectors.h
    std::size_t count = 0;
    for (const PoseExtremes& extent : extremes.of) {
        (*sizes)[count] = glm::length(extent.high - extent.low);
        count += extent.low.x <= extent.high.x ? 1 : 0;
    }
    return percentileInPlace(std::span<double>(*sizes).first(count), 0.5);
}

// [SECTION] Up axis
struct MotionCosts {
    bool measured = false;
    std::array<double, 6> cost{};
    std::array<std::size_t, 6> ends{}; // endsOnTheFloor per axis
    // Per axis, the 10th percentile of every sample's lowest height (the floor endsOnTheFloor
    // reads), where the costs were measured over samples (else floorsTaken is false).
    std::array<double, 6> floor{};
    bool floorsTaken = false;
    // Per file axis, how many of the `samples` poses are flat along it (kFlatExtent).
    std::array<std::size_t, 3> flatSamples{};
    std::size_t samples = 0;
};

// The ends that touch a floor: End Sites and joints without children (leaves), each in a group
// that reaches a floor as one end. A leaf is its own group, except that everything riding on one
// joint (riding_joints.h: a face rig's helpers with the head's own End Site, fingers held still
// under a hand) is one end, the joint's.
struct FigureEnds {
    std::vector<std::size_t> leaves;
    std::vector<std::size_t> group; // per leaf, 0 .. groups - 1
    std::size_t groups = 0;
};

// Leaves: End Sites and joints without children.
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

// The figure's leaves but the `excluded` roots', grouped as FigureEnds says.
FigureEnds endsOf(const Skeleton& skeleton, std::span<const NodeIndex> excluded,
                  const RidingJoints& riding) {
    FigureEnds ends;
    ends.leaves = leavesOf(skeleton, excluded);
    const std::size_t n = skeleton.nodeCount();
    std::vector<std::uint8_t> carriesRiders(n, 0);
    for (std::size_t i = 0; i < n && riding.count > 0; ++i) {
        if (riding.rides[i] != 0) {
            carriesRiders[static_cast<std::size_t>(riding.anchor[i])] = 1;
        }
    }
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> groupOfNode(n, kNone);
    for (const std::size_t leaf : ends.leaves) {
        const NodeIndex parent = skeleton.parents[leaf];
        std::size_t key = leaf;
        if (riding.count > 0 && riding.rides[leaf] != 0) {
            key = static_cast<std::size_t>(riding.anchor[leaf]);
        } else if (parent != kNoParent && carriesRiders[static_cast<std::size_t>(parent)] != 0) {
            key = static_cast<std::size_t>(parent);
        }
        if (groupOfNode[key] == kNone) {
            groupOfNode[key] = ends.groups++;
        }
        ends.group.push_back(groupOfNode[key]);
    }
    return ends;
}

// Per sample, how far the nodes move to its neighbour: the mean over the counted nodes (the
// reference speed) and, per signed axis (index: static_cast<std::size_t>(UpAxis)), the distance
// of the lowest counted node along it. Each node's distance is measured once per sample
// (nodeDistances, four nodes at a time) and serves both.
//
// The mean, the six axes' lowest speeds and a row of scratch (motionCosts' heights) share one
// allocation, left unset (every row is written whole before it is read): eight vectors of 240
// doubles each were allocations past glibc's per-thread cache (1 KiB), each a walk of the
// arena's bins, 8 of the 28 such calls a take made over a library.
class SampleSpeeds {
public:
    explicit SampleSpeeds(std::size_t samples)
        : rows_(KeptVector<double, SampleSpeeds>::buffer(samples * kRows)), samples_(samples) {}
    std::span<double> mean() { return row(0); }
    std::span<double> lowest(std::size_t axis) { return row(1 + axis); }
    std::span<double> scratch() { return row(kRows - 1); }
    // Per file axis, how many samples are flat along it (speedsOf's flatExtent), counted where
    // the speeds read each sample's extent.
    std::array<std::size_t, 3> flatSamples{};

private:
    static constexpr std::size_t kRows = 8;
    std::span<double> row(std::size_t index) {
        return {rows_->data() + index * samples_, samples_};
    }

    KeptVector<double, SampleSpeeds> rows_; // kept_vectors.h
    std::size_t samples_;
};

// Whether a sample's counted nodes lie within `flatExtent` of each other along file axis c: no
// node is lowest along either of its signs then (speedsOf).
bool flatAlong(const PoseExtremes& extent, std::size_t c, double flatExtent) {
    return extent.high[c] - extent.low[c] <= flatExtent;
}

// Where a sample is flat along file axis c (speedsOf), both signs' speed is the sample's mean:
// rewritten after the pass that took every lowest node's speed (most takes have no flat sample).
void giveFlatSamplesTheMeanSpeed(const Extremes& extremes, std::size_t samples, double flatExtent,
                                 const double* mean, const std::array<double*, 3>& alongPositive,
                                 const std::array<double*, 3>& alongNegative) {
    for (std::size_t s = 0; s < samples; ++s) {
        const PoseExtremes& extent = extremes.of[s];
        for (std::size_t c = 0; c < 3; ++c) {
            if (flatAlong(extent, c, flatExtent)) {
                alongPositive[c][s] = mean[s];
                alongNegative[c][s] = mean[s];
            }
        }
    }
}

// How many samples speedsOf measures side by side (sumsInNodeOrder).
constexpr std::size_t kSamplesSideBySide = 4;

// The sums of kSamplesSideBySide samples' counted distances (row b of `distances`, `nodes` long,
// sample b's), each summed in node order from 0 as one sample alone sums it: every node's where
// `everyNode`, else those of `countedIndices`. Each sum is a chain of adds that each wait for the
// one before; four of them side by side overlap, where one sample at a time left a chain of a
// few dozen adds per sample to wait on.
std::array<double, kSamplesSideBySide>
sumsInNodeOrder(const double* distances, std::size_t nodes, bool everyNode,
                std::span<const std::uint32_t> countedIndices) {
    static_assert(kSamplesSideBySide == 4, "one sum per row below");
    const double* const row0 = distances;
    const double* const row1 = row0 + nodes;
    const double* const row2 = row1 + nodes;
    const double* const row3 = row2 + nodes;
    double sum0 = 0.0;
    double sum1 = 0.0;
    double sum2 = 0.0;
    double sum3 = 0.0;
    auto add = [&](std::size_t i) {
        sum0 += row0[i];
        sum1 += row1[i];
        sum2 += row2[i];
        sum3 += row3[i];
    };
    if (everyNode) {
        for (std::size_t i = 0; i < nodes; ++i) {
            add(i);
        }
    } else {
        for (const std::uint32_t i : countedIndices) {
            add(i);
        }
    }
    return {sum0, sum1, sum2, sum3};
}

// The per-file-axis entries of speeds.lowest (SampleSpeeds) of the positive and of the negative
// direction: the lowest node along +c is a sample's lowNode[c], along -c its highNode[c] (the
// highest along c), read without asking each axis's sign per sample.
struct SpeedRows {
    std::array<double*, 3> alongPositive{};
    std::array<double*, 3> alongNegative{};

    explicit SpeedRows(SampleSpeeds& speeds) {
        for (const UpAxis axis : kAllUpAxes) {
            const SignedAxis signedAxis(axis);
            (signedAxis.positive ? alongPositive : alongNegative)[signedAxis.component] =
                speeds.lowest(static_cast<std::size_t>(axis)).data();
        }
    }
};

// A sample flat along a file axis (every counted node within `flatExtent` along it: a rig drawn
// in a plane, a snake on the floor) has no lowest node along either of its signs: every node
// ties, and the first in node order (the root, which the joints' turns never move) read as a
// still floor under a figure standing in that plane (a biped drawn in XY turning every joint 15
// degrees in one frame stood on +Z, 0 tall). There both signs' speed is the mean: no evidence.
SampleSpeeds speedsOf(const SampledPoses& poses, const Extremes& extremes,
                      std::span<const std::uint8_t> counted, double flatExtent) {
    const std::size_t samples = poses.at.size();
    SampleSpeeds speeds(samples);
    const std::size_t nodes = counted.size();
    const auto countedNodes = static_cast<std::size_t>(std::ranges::count(counted, 1));
    const bool everyNode = countedNodes == nodes; // no static root nor rider
    // Otherwise the counted nodes' indices, looked up once: a face rig's or a hand's riders are
    // most of its nodes, and testing each node of each sample cost more than its distance.
    std::vector<std::uint32_t> countedIndices;
    if (!everyNode) {
        countedIndices.reserve(countedNodes);
        for (std::size_t i = 0; i < nodes; ++i) {
            if (counted[i] != 0) {
                countedIndices.push_back(static_cast<std::uint32_t>(i));
            }
        }
    }
    // A row of distances per sample side by side; past the last sample the rows hold zeros or an
    // earlier block's distances, whose sums are not read.
    std::vector<double> distances(kSamplesSideBySide * nodes);
    const SpeedRows rows(speeds);
    double* const mean = speeds.mean().data();
    std::array<std::size_t, 3> flatSamples{};
    for (std::size_t first = 0; first < samples; first += kSamplesSideBySide) {
        const std::size_t block = std::min(kSamplesSideBySide, samples - first);
        for (std::size_t b = 0; b < block; ++b) {
            nodeDistances(poses.at[first + b], poses.next[first + b],
                          std::span<double>(distances.data() + b * nodes, nodes));
        }
        const auto sums = sumsInNodeOrder(distances.data(), nodes, everyNode, countedIndices);
        for (std::size_t b = 0; b < block; ++b) {
            const std::size_t s = first + b;
            const double* const row = distances.data() + b * nodes;
            mean[s] = countedNodes > 0 ? sums[b] / double(countedNodes) : 0.0;
            // Every read before the first write, spelled out per axis: the rows are doubles, as
            // the extents are, and a write between two reads made the compiler read the extent
            // again.
            const PoseExtremes& extent = extremes.of[s];
            const double positive0 = row[extent.lowNode[0]];
            const double positive1 = row[extent.lowNode[1]];
            const double positive2 = row[extent.lowNode[2]];
            const double negative0 = row[extent.highNode[0]];
            const double negative1 = row[extent.highNode[1]];
            const double negative2 = row[extent.highNode[2]];
            flatSamples[0] += flatAlong(extent, 0, flatExtent) ? 1 : 0;
            flatSamples[1] += flatAlong(extent, 1, flatExtent) ? 1 : 0;
            flatSamples[2] += flatAlong(extent, 2, flatExtent) ? 1 : 0;
            rows.alongPositive[0][s] = positive0;
            rows.alongPositive[1][s] = positive1;
            rows.alongPositive[2][s] = positive2;
            rows.alongNegative[0][s] = negative0;
            rows.alongNegative[1][s] = negative1;
            rows.alongNegative[2][s] = negative2;
        }
    }
    if (flatSamples[0] + flatSamples[1] + flatSamples[2] > 0) {
        giveFlatSamplesTheMeanSpeed(extremes, samples, flatExtent, mean, rows.alongPositive,
                                    rows.alongNegative);
    }
    speeds.flatSamples = flatSamples;
    return speeds;
}

// The leaves' coordinates over the samples: per leaf and file axis, one run of every sample's
// value, so that each signed axis counts a leaf's heights in one pass over a contiguous run
// (countAtMost, two per instruction) instead of reaching into every sample's pose once per axis.
struct LeafCoordinates {
    std::size_t samples = 0;
    std::size_t leaves = 0;
    // [(leaf * 3 + component) * samples + sample], every one written before it is read: not
    // zeroed first (over the 178 takes of the README's figures zeroing cost 4 M instructions,
    // twice the gathering: rigs with dozens of finger tips).
    // (kept_vectors.h: taken with an earlier take's values).
    KeptVector<double, LeafCoordinates> values;

    LeafCoordinates(const SampledPoses& poses, std::span<const std::size_t> leafNodes)
        : samples(poses.at.size()), leaves(leafNodes.size()),
          values(
              KeptVector<double, LeafCoordinates>::buffer(leafNodes.size() * 3 * poses.at.size())) {
        // Each coordinate by name: glm's indexed access in a loop over the three was a switch
        // per read.
        double* const runs = values->data();
        for (std::size_t s = 0; s < samples; ++s) {
            for (std::size_t j = 0; j < leaves; ++j) {
                const glm::dvec3& point = poses.at[s][leafNodes[j]];
                double* const run = runs + j * 3 * samples + s;
                run[0] = point.x;
                run[samples] = point.y;
                run[2 * samples] = point.z;
            }
        }
    }
    std::span<const double> of(std::size_t leaf, int component) const {
        return {values->data() + (leaf * 3 + static_cast<std::size_t>(component)) * samples,
                samples};
    }
};

// How many ends reach the floor along `axis`: the groups (FigureEnds) with a leaf whose 10th
// percentile height (the element at that rank, as percentile() picks it) is within 3 % of the
// body's size of `floor`. The element at rank r is at most the limit exactly when more than r
// heights are: a count, with no sort. A height along a negative axis is the coordinate negated,
// and -v <= limit exactly when v >= -limit (NaN neither).
std::size_t endsOnTheFloor(const LeafCoordinates& leaves, const FigureEnds& ends, UpAxis axis,
                           double floor, double bodySize) {
    const auto rank = static_cast<std::size_t>(0.1 * static_cast<double>(leaves.samples - 1) + 0.5);
    const double limit = floor + 0.03 * bodySize;
    const int component = upAxisIndex(axis);
    const bool positive = upAxisSign(axis) > 0.0;
    std::vector<std::uint8_t> reached(ends.groups, 0);
    std::size_t count = 0;
    for (std::size_t leaf = 0; leaf < leaves.leaves; ++leaf) {
        const std::span<const double> values = leaves.of(leaf, component);
        const std::size_t below =
            positive ? countAtMost(values, limit) : countAtLeast(values, -limit);
        std::uint8_t& group = reached[ends.group[leaf]];
        count += below > rank && group == 0 ? 1 : 0;
        group = below > rank ? 1 : group;
    }
    return count;
}

// `extremes`: the figure's, static roots left out; `counted`: the nodes whose speeds make the
// mean (neither static roots nor riders); `ends`: the figure's (endsOf).
MotionCosts motionCosts(const SampledPoses& poses, const Extremes& extremes,
                        std::span<const std::uint8_t> counted, const FigureEnds& ends,
                        double bodySize) {
    MotionCosts costs;
    const std::size_t samples = poses.at.size();
    if (samples == 0 || !(bodySize > 0.0)) {
        return costs;
    }
    SampleSpeeds speeds = speedsOf(poses, extremes, counted, kFlatExtent * bodySize);
    const double referenceSpeed = percentileInPlace(speeds.mean(), 0.5);
    // Below this nothing moves measurably (a T-pose, a frozen clip): stillness says nothing.
    const bool moving = referenceSpeed > 1e-6 * bodySize;
    const LeafCoordinates leafCoordinates(poses, ends.leaves);
    const std::span<double> lows = speeds.scratch();
    for (const UpAxis axis : kAllUpAxes) {
        extremes.lowestAlongEach(SignedAxis(axis), lows);
        const std::span<double> lowSpeeds = speeds.lowest(static_cast<std::size_t>(axis));
        // In place: nth_element leaves the sample whole, only reordered.
        const auto [upper, lower, floor] = percentilesInPlace(lows, {0.8, 0.2, 0.1});
        const double spread = (upper - lower) / bodySize;
        const double stillness =
            moving ? std::min(percentileInPlace(lowSpeeds, 0.5) / referenceSpeed, 3.0) : 1.0;
        // A floor is reached by several ends (two feet, four hooves, a crab's legs); the top of
        // a figure often by one (the head).
        const std::size_t onTheFloor = endsOnTheFloor(leafCoordinates, ends, axis, floor, bodySize);
        costs.floor[static_cast<std::size_t>(axis)] = floor;
        costs.ends[static_cast<std::size_t>(axis)] = onTheFloor;
        const double singleEnd = onTheFloor <= 1 && ends.groups >= 3 ? kSingleEndPenalty : 0.0;
        costs.cost[static_cast<std::size_t>(axis)] = stillness + 2.0 * spread + singleEnd;
    }
    costs.flatSamples = speeds.flatSamples; // the samples flat within kFlatExtent * bodySize
    costs.samples = samples;
    costs.measured = moving;
    costs.floorsTaken = true;
    return costs;
}

// The motion's costs, the mean speed taken over the nodes that are neither static roots nor
// riders (riding_joints.h; `extremes` and `counted`: without the static roots). The riders stay
// in the extremes: where they lead or trail the figure (a tail held still) they are its shape.
// A chain of fewer than kMinimumFigureNodes nodes that do not ride is no figure, whatever rides
// on it: how its ends move says nothing about gravity (no costs).
MotionCosts motionVote(const Skeleton& skeleton, const Motion& motion, const SampledPoses& poses,
                       const Extremes& extremes, std::span<const std::uint8_t> counted,
                       std::span<const NodeIndex> staticRoots, double bodySize,
                       std::span<const std::uint32_t> clipChanges) {
    const RidingJoints riding =
        findRidingJoints(skeleton, motion, poses.at[0], bodySize, clipChanges);
    if (skeleton.nodeCount() - staticRoots.size() - riding.count < kMinimumFigureNodes) {
        return {};
    }
    const FigureEnds ends = endsOf(skeleton, staticRoots, riding);
    if (riding.count == 0) {
        return motionCosts(poses, extremes, counted, ends, bodySize);
    }
    std::vector<std::uint8_t> voters(counted.begin(), counted.end());
    for (std::size_t i = 0; i < voters.size(); ++i) {
        voters[i] = riding.rides[i] != 0 ? 0 : voters[i];
    }
    return motionCosts(poses, extremes, voters, ends, bodySize);
}

// findBodyLandmarks, with the neck standing in for a head that is not named (video2bvh's CMU-like
// skeleton ends at Neck1) and hooves and paws for feet.
// `named`: findBodyLandmarks(skeleton).
BodyLandmarks headAndFeet(const Skeleton& skeleton, BodyLandmarks named) {
    BodyLandmarks landmarks = std::move(named);
    if (landmarks.feet.empty()) { // animal rigs
        for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
            const std::string name = asciiLowercase(skeleton.names[i]);
            if (skeleton.isEndSite[i] == 0 &&
                (name.find("hoof") != std::string::npos || name.find("paw") != std::string::npos)) {
                landmarks.feet.push_back(static_cast<NodeIndex>(i));
            }
        }
    }
    if (landmarks.heads.empty()) {
        for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
            if (skeleton.isEndSite[i] == 0 &&
                asciiLowercase(skeleton.names[i]).find("neck") != std::string::npos) {
                landmarks.heads.push_back(static_cast<NodeIndex>(i));
            }
        }
    }
    return landmarks;
}

// Where each leg leaves the trunk: for every foot landmark with no foot landmark above it (the
// ankle, not the toes below it), the first ancestor where the tree branches into two or more
// joints. That is the pelvis whichever joint is the root (the hips; a headset with the body
// hanging from it through neck, chest, waist and hips), and the hips or shoulders of a four-
// legged rig. Pairs of (foot, leg root); a foot whose chain never branches has none.
std::vector<std::pair<std::size_t, std::size_t>> legsOf(const Skeleton& skeleton,
                                                        const BodyLandmarks& landmarks) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<int> jointChildren(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (skeleton.parents[i] != kNoParent && skeleton.isEndSite[i] == 0) {
            ++jointChildren[static_cast<std::size_t>(skeleton.parents[i])];
        }
    }
    auto isFoot = [&](std::size_t node) {
        return std::ranges::find(landmarks.feet, static_cast<NodeIndex>(node)) !=
               landmarks.feet.end();
    };
    std::vector<std::pair<std::size_t, std::size_t>> legs;
    for (const NodeIndex foot : landmarks.feet) {
        std::size_t node = static_cast<std::size_t>(foot);
        bool topmost = true;
        std::optional<std::size_t> branch;
        while (skeleton.parents[node] != kNoParent) {
            node = static_cast<std::size_t>(skeleton.parents[node]);
            if (isFoot(node)) {
                topmost = false;
                break;
            }
            if (jointChildren[node] >= 2) {
                branch = node;
                break;
            }
        }
        if (topmost && branch) {
            legs.emplace_back(static_cast<std::size_t>(foot), *branch);
        }
    }
    return legs;
}

// The anatomy's up over the clip: per sampled frame, the mean of two unit directions, from the
// feet to the head (headAndFeet) and from each foot up its leg to where the leg leaves the
// trunk (legsOf), averaged over the frames. Its length says how consistent it is (1: the same
// direction in every frame). Legs hang from the trunk to the ground in a stand, a walk, a
// crouch and on four legs alike, where the head of an animal is well ahead of its feet; the
// head says more than the legs when sitting. nullopt without a foot, or with neither a head nor
// a leg.
std::optional<glm::dvec3> anatomyDirection(const Skeleton& skeleton, const SampledPoses& poses,
                                           const BodyLandmarks& named) {
    const BodyLandmarks landmarks = headAndFeet(skeleton, named);
    const auto legs = legsOf(skeleton, landmarks);
    if (landmarks.feet.empty() || (landmarks.heads.empty() && legs.empty()) || poses.at.empty()) {
        return std::nullopt;
    }
    auto unit = [](const glm::dvec3& vector) { // 0 for a point on top of another or not finite
        const double length = glm::length(vector);
        return length > 0.0 && std::isfinite(length) ? vector / length : glm::dvec3(0.0);
    };
    auto centroid = [](SampledPoses::Pose pose, std::span<const NodeIndex> nodes) {
        glm::dvec3 sum(0.0);
        for (const NodeIndex node : nodes) {
            sum += pose[static_cast<std::size_t>(node)];
        }
        return sum / double(nodes.size());
    };
    glm::dvec3 sum(0.0);
    for (const auto& pose : poses.at) {
        glm::dvec3 direction(0.0);
        int measures = 0;
        if (!landmarks.heads.empty()) {
            direction += unit(centroid(pose, landmarks.heads) - centroid(pose, landmarks.feet));
            ++measures;
        }
        if (!legs.empty()) {
            glm::dvec3 up(0.0);
            for (const auto& [foot, root] : legs) {
                up += unit(pose[root] - pose[foot]);
            }
            direction += up / double(legs.size());
            ++measures;
        }
        sum += direction / double(measures);
    }
    return sum / double(poses.at.size());
}

// The share of `direction` along its nearest axis (1 for a direction on an axis).
double alongNearestAxis(const glm::dvec3& direction) {
    return glm::dot(direction, upAxisVector(nearestUpAxis(direction)));
}

// The rest pose's up turned by the root's animated rotation, averaged over the samples.
UpAxis restUpCarriedByRoot(const SampledPoses& poses, UpAxis restUp) {
    const glm::dvec3 up = upAxisVector(restUp);
    glm::dvec3 sum(0.0);
    if (!poses.frameRootRotations.empty() && poses.nodes > 0) { // none for the rest pose
        for (const SampledPoses::Pose& pose : poses.at) {
            const auto slot =
                static_cast<std::size_t>(pose.data() - poses.positions.data()) / poses.nodes;
            sum += poses.frameRootRotations[slot] * up;
        }
    }
    return nearestUpAxis(sum);
}

// The motion's cheapest axis and its margin over the next (MotionCosts).
std::pair<UpAxis, double> cheapestAxis(const MotionCosts& costs) {
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
    return {best, second - bestCost};
}

// Where the motion is not decisive, the floor most ends reach (at least kManyEndsOnTheFloor:
// a crab's eight leg tips, a quadruped's hooves), of the axes close to the cheapest (`close`)
// or, where the cheapest axis's opposite is as cheap (`best`: a trunk held in place, still at
// both sides while the planted feet slide under it), of any. A floor's opposite is the top of the
// figure: an axis whose opposite is close too is no floor (a still T-pose's hands at both sides).
// nullopt where no axis stands out.
std::optional<UpAxis> floorOfMostEnds(const MotionCosts& costs, UpAxis best, const auto& close) {
    const bool heldInPlace = close(oppositeUpAxis(best));
    std::optional<UpAxis> most;
    std::size_t mostEnds = kManyEndsOnTheFloor - 1;
    bool tied = false;
    for (const UpAxis axis : kAllUpAxes) {
        const std::size_t ends = costs.ends[static_cast<std::size_t>(axis)];
        if (!(close(axis) || heldInPlace) || close(oppositeUpAxis(axis)) || ends < mostEnds) {
            continue;
        }
        tied = ends == mostEnds && most.has_value();
        if (ends > mostEnds) {
            most = axis;
            mostEnds = ends;
        }
    }
    return tied ? std::nullopt : most;
}

// A figure flat along the voted up in most samples (no height: its median) but not in all is
// drawn in that plane and leaves it as it moves (a biped drawn in XY, every joint turning 15
// degrees in one frame): no floor holds it, and it stands on the file's own up, +Y, where it
// has height along Y, else on the rest pose's up. One flat in every sample keeps the vote: a
// snake or a figure lying on the floor, which the motion never lifts off it.
void standFigureDrawnInAPlane(const MotionCosts& costs, Stance& stance) {
    const auto flatMostly = [&](UpAxis axis) {
        return 2 * costs.flatSamples[static_cast<std::size_t>(upAxisIndex(axis))] >= costs.samples;
    };
    const auto flatAlways = [&](UpAxis axis) {
        return costs.flatSamples[static_cast<std::size_t>(upAxisIndex(axis))] == costs.samples;
    };
    if (costs.samples == 0 || !flatMostly(stance.upAxis) || flatAlways(stance.upAxis)) {
        return;
    }
    if (!flatMostly(UpAxis::PositiveY)) {
        stance.upAxis = UpAxis::PositiveY;
        stance.source = UpAxisSource::RestPose;
    } else if (!flatMostly(stance.restPoseUp)) {
        stance.upAxis = stance.restPoseUp;
        stance.source = UpAxisSource::RestPose;
    }
}

// See [SECTION] Up axis in stance.h: a consistent anatomy decides; a weak one is weighed with
// the motion; without one, the motion, then the rest pose (`restUp`) carried by the root, then
// the rest pose, then the file's own +Y (standFigureDrawnInAPlane has the last word). Where nothing
// moves and no names say, the first sampled pose stands on its feet (feet_floor.h), which the rest
// pose's own guess misses where the root turns it (a centipede's one frame turned 90 degrees about
// Z from its OFFSETs stood on its side) or the frame poses the legs anew.
void decideUpAxis(const Skeleton& skeleton, const SampledPoses& poses, Stance& stance,
                  const MotionCosts& costs, const std::optional<glm::dvec3>& anatomy,
                  UpAxis restUp) {
    UpAxis best = stance.upAxis;
    if (costs.measured) {
        stance.motionMeasured = true;
        stance.motionCost = costs.cost;
        std::tie(best, stance.motionMargin) = cheapestAxis(costs);
    }
    const bool motionDecisive = costs.measured && stance.motionMargin >= kDecisiveMargin;
    auto choose = [&](UpAxis axis, UpAxisSource otherwise) {
        stance.upAxis = axis;
        stance.source = motionDecisive && axis == best ? UpAxisSource::Motion : otherwise;
    };
    if (anatomy && alongNearestAxis(*anatomy) >= kStrongAnatomy) {
        choose(nearestUpAxis(*anatomy), UpAxisSource::Anatomy);
        return;
    }
    if (!costs.measured) {
        if (stance.anatomyUp) {
            choose(*stance.anatomyUp, UpAxisSource::Anatomy);
        } else if (const std::optional<UpAxis> feet = upFromFeet(skeleton, poses.at[0])) {
            choose(*feet, UpAxisSource::RestPose);
        }
        return;
    }
    if (anatomy && glm::length(*anatomy) >= kWeakAnatomy) {
        UpAxis weighed = best;
        double lowest = std::numeric_limits<double>::max();
        for (const UpAxis axis : kAllUpAxes) {
            const double cost = costs.cost[static_cast<std::size_t>(axis)] -
                                kAnatomyWeight * glm::dot(*anatomy, upAxisVector(axis));
            if (cost < lowest) {
                lowest = cost;
                weighed = axis;
            }
        }
        choose(weighed, UpAxisSource::Anatomy);
        return;
    }
    const double bestCost = costs.cost[static_cast<std::size_t>(best)];
    auto close = [&](UpAxis axis) {
        return costs.cost[static_cast<std::size_t>(axis)] <= bestCost + kDecisiveMargin;
    };
    if (motionDecisive) {
        choose(best, UpAxisSource::Motion);
    } else if (const std::optional<UpAxis> floor = floorOfMostEnds(costs, best, close)) {
        choose(*floor, UpAxisSource::Motion);
    } else if (const UpAxis carried = restUpCarriedByRoot(poses, restUp); close(carried)) {
        // Read only here: the root's turns are a pass over every sample, and most takes are
        // decided before (anatomy, a decisive motion, a floor most ends reach).
        choose(carried, UpAxisSource::RestPose);
    } else if (close(stance.restPoseUp)) {
        choose(stance.restPoseUp, UpAxisSource::RestPose);
    } else if (2 * costs.flatSamples[1] < costs.samples) {
        // No evidence: the file's own convention, Y up (a biped drawn in XY turning every joint
        // 15 degrees in one frame: its legs' sides read +X by 0.25, lying it 20 tall).
        choose(UpAxis::PositiveY, UpAxisSource::RestPose);
    } else {
        choose(best, UpAxisSource::Motion);
    }
    standFigureDrawnInAPlane(costs, stance);
}

// [SECTION] Ground
// Whether the figure is 0 tall only because its size at rest is below the precision of its
// place (stance.h, [SECTION] Ground): under kSpacings spacings of doubles at the contact level,
// for rounding. The fuzzed walk standing at 91.6 is 1.65e-28 tall at rest against a spacing of
// 1.4e-14 there.
bool belowPlacePrecision(const Stance& stance, double restHeight) {
    constexpr double kSpacings = 16.0;
    return stance.height == 0.0 && restHeight > 0.0 &&
           restHeight <
               kSpacings * std::numeric_limits<double>::epsilon() * std::abs(stance.groundLevel);
}

// `extremes`: of the nodes that are not static roots. `voteFloors`: the vote's floors
// (MotionCosts::floor) where the vote read these same extremes. The ground level is the same
// percentile of the same heights where every sample has a box (none left out): taken from the
// vote then, unless it is zero, whose sign (-0 from a height negated) depends on the order the
// selection met equal zeros in, and the JSON prints it. `restHeight`: RestPoseAnalysis::height.
void measureGround(Stance& stance, const Extremes& extremes,
                   const std::optional<std::array<double, 6>>& voteFloors, double restHeight) {
    auto keptLows = KeptVector<double>::cleared(extremes.samples()); // kept_vectors.h
    auto keptHeights = KeptVector<double>::cleared(extremes.samples());
    std::vector<double>& lows = *keptLows;
    std::vector<double>& heights = *keptHeights;
    const SignedAxis up(stance.upAxis);
    const SignedAxis down(oppositeUpAxis(stance.upAxis));
    // lowestAlong(up) and the negated lowestAlong(down), their signs and component read once.
    withComponent(up.component, [&](auto c) {
        for (const PoseExtremes& extent : extremes.of) {
            const double low = up.positive ? extent.low[c] : -extent.high[c];
            const double high = -(down.positive ? extent.low[c] : -extent.high[c]);
            if (low <= high) {
                lows.push_back(low);
                heights.push_back(high - low);
            }
        }
    });
    const double voteFloor =
        voteFloors ? (*voteFloors)[static_cast<std::size_t>(stance.upAxis)] : 0.0;
    const bool sameHeights = voteFloors && lows.size() == extremes.samples() && voteFloor != 0.0;
    stance.groundLevel = sameHeights ? voteFloor : percentileInPlace(lows, 0.1);
    const auto [tallest, middle] = percentilesInPlace(heights, {0.9, 0.5});
    stance.height = middle;
    stance.unit = guessLengthUnit(tallest);
    stance.belowPlacePrecision = belowPlacePrecision(stance, restHeight);
}

} // namespace

// [SECTION] Facing
namespace {

// A hand alone (hand_fan.h) faces the way the back of the hand does, seen with `up`: the view
// then shows the hand, not its edge. nullopt for other skeletons or a hand lying flat.
std::optional<glm::dvec3> handBackFacing(const Skeleton& skeleton,
                                         std::span<const RigidTransform> world,
                                         const glm::dvec3& up, FacingSource* source) {
    if (world.size() != skeleton.nodeCount()) {
        return std::nullopt;
    }
    std::vector<glm::dvec3> positions(world.size());
    for (std::size_t i = 0; i < world.size(); ++i) {
        positions[i] = world[i].translation;
    }
    const std::optional<HandFan> hand = findHandFan(skeleton, positions);
    const std::optional<glm::dvec3> back =
        hand ? handBackDirection(*hand, positions) : std::nullopt;
    if (!back) {
        return std::nullopt;
    }
    const glm::dvec3 level = horizontal(*back, up);
    if (!(glm::length(level) > 0.5)) {
        return std::nullopt;
    }
    if (source != nullptr) {
        *source = FacingSource::HandBack;
    }
    return glm::normalize(level);
}

// The sums of left and right places of side-named joints: per depth along a side's chain (1:
// where it starts, the hip or the clavicle; 2: the joint after it), and the face's apart. The
// starts stay put on the pelvis and the chest while hands and feet swing, so they are used
// first. A face rig's helpers under the head name sides too (eyelid.L, oris03.R): a hundred of
// them outvoted the two hips and two clavicles, and a face's sides are only its own, so they
// count only where no limb names one.
struct SideSums {
    struct Sides {
        glm::dvec3 left{0.0};
        glm::dvec3 right{0.0};
        std::size_t lefts = 0;
        std::size_t rights = 0;
    };
    Sides byDepth[3]; // the chains' starts, the joints after them, the face's
};

SideSums sumSides(const Skeleton& skeleton, std::span<const RigidTransform> world,
                  std::span<const NodeIndex> excluded, std::span<const NodeIndex> goals,
                  const BodyLandmarks& landmarks) {
    const std::size_t n = std::min(skeleton.nodeCount(), world.size());
    std::vector<std::uint8_t> inFace(n, 0); // below a head (findBodyLandmarks)
    for (const NodeIndex head : landmarks.heads) {
        if (static_cast<std::size_t>(head) < n) {
            inFace[static_cast<std::size_t>(head)] = 2; // the head itself is no part of its face
        }
    }
    SideSums sums;
    std::vector<int> sideDepth(n, 0);
    // Each name's side read once, where findBodyLandmarks folded it, else here: a joint's is
    // asked again as the parent of each of its children (a name is copied and folded per reading).
    constexpr auto kUnread = static_cast<Side>(0xFF);
    const bool found = landmarks.sides.size() == skeleton.nodeCount();
    std::vector<Side> sides(found ? 0 : n, kUnread);
    auto sideAt = [&](std::size_t node) {
        if (found) {
            return landmarks.sides[node];
        }
        if (sides[node] == kUnread) {
            sides[node] = sideOf(skeleton.names[node]);
        }
        return sides[node];
    };
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        const auto parentIndex = static_cast<std::size_t>(parent);
        const bool parentKnown = parent != kNoParent && parentIndex < i;
        if (parentKnown && inFace[i] == 0 && inFace[parentIndex] != 0) {
            inFace[i] = 1;
        }
        if (isExcluded(excluded, i) || skeleton.isEndSite[i] != 0 ||
            std::binary_search(goals.begin(), goals.end(), static_cast<NodeIndex>(i))) {
            continue;
        }
        const Side side = sideAt(i);
        if (side == Side::None) {
            continue;
        }
        const bool continues = parentKnown && sideAt(parentIndex) == side;
        sideDepth[i] = continues ? sideDepth[parentIndex] + 1 : 1;
        if (sideDepth[i] > 2 && inFace[i] != 1) {
            continue;
        }
        SideSums::Sides& sides = sums.byDepth[inFace[i] == 1 ? 2 : sideDepth[i] - 1];
        if (side == Side::Left) {
            sides.left += world[i].translation;
            ++sides.lefts;
        } else {
            sides.right += world[i].translation;
            ++sides.rights;
        }
    }
    return sums;
}

// facingOfPose, with `landmarks` = findBodyLandmarks(skeleton): the stance finds them once for
// its anatomy and its facing (with the rest pose's, that was four searches of every name).
std::optional<glm::dvec3> facingWithLandmarks(const Skeleton& skeleton,
                                              std::span<const RigidTransform> world, UpAxis upAxis,
                                              std::span<const NodeIndex> excluded,
                                              FacingSource* source, const BodyLandmarks& landmarks,
                                              std::span<const NodeIndex> goals) {
    const glm::dvec3 up = upAxisVector(upAxis);
    const std::size_t n = std::min(skeleton.nodeCount(), world.size());
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    for (std::size_t i = 0; i < n; ++i) {
        if (!isExcluded(excluded, i) &&
            !std::binary_search(goals.begin(), goals.end(), static_cast<NodeIndex>(i))) {
            low = glm::min(low, world[i].translation);
            high = glm::max(high, world[i].translation);
        }
    }
    const SideSums sums = sumSides(skeleton, world, excluded, goals, landmarks);
    if (!(low.x <= high.x)) {
        return std::nullopt;
    }
    const double size = glm::length(high - low);
    for (const SideSums::Sides& sides : sums.byDepth) {
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
    if (landmarks.heads.empty() && landmarks.feet.empty() && excluded.empty()) {
        return handBackFacing(skeleton, world, up, source);
    }
    return std::nullopt;
}

// The clip's front (Stance::facing and facingSource) once up and the static roots are known: from
// the first pose's names or head, else, for creatures without names, their travel, compared with
// `bodySize()` (asked only then: see analyzeStance).
void measureFacing(const Skeleton& skeleton, const SampledPoses& poses,
                   const BodyLandmarks& landmarks, const std::invocable auto& bodySize,
                   Stance& stance) {
    const std::size_t n = skeleton.nodeCount();
    FacingSource facingSource = FacingSource::None;
    stance.facing =
        facingWithLandmarks(skeleton, poses.firstWorld, stance.upAxis, stance.staticRoots,
                            &facingSource, landmarks, stance.goalBranches);
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
        if (glm::length(travel) > 0.5 * bodySize()) {
            stance.facing = glm::normalize(travel);
            facingSource = FacingSource::Travel;
        }
    }
    stance.facingSource = facingSource;
}

} // namespace

std::optional<glm::dvec3> facingOfPose(const Skeleton& skeleton,
                                       std::span<const RigidTransform> world, UpAxis upAxis,
                                       std::span<const NodeIndex> excluded, FacingSource* source,
                                       std::span<const NodeIndex> goals) {
    return facingWithLandmarks(skeleton, world, upAxis, excluded, source,
                               findBodyLandmarks(skeleton), goals);
}

Stance analyzeStance(const Skeleton& skeleton, const Motion& motion, TranslationMode translation,
                     const RestPoseAnalysis& rest, std::optional<UpAxis> forcedUp,
                     std::size_t maxFrames, std::span<FramePoseRequest* const> alsoPose) {
    Stance stance;
    stance.restPoseUp = rest.upAxis;
    stance.upAxis = forcedUp.value_or(rest.upAxis);
    stance.source = forcedUp ? UpAxisSource::Override : UpAxisSource::RestPose;
    const std::size_t n = skeleton.nodeCount();
    if (n == 0) {
        return stance;
    }
    stance.goalBranches = goalBranchNodes(skeleton);

    std::optional<BodyLandmarks> found; // where `rest` came without them (made by hand)
    const BodyLandmarks& landmarks =
        rest.landmarks ? *rest.landmarks : found.emplace(findBodyLandmarks(skeleton));
    SampledPoses poses;
    // Which columns ever change, found in one pass where the vote reads them (its riders) and
    // the forward kinematics too (its held joints), rather than in a walk of the rows each.
    std::vector<std::uint32_t> clipChanges;
    if (motionUsable(skeleton, motion, translation) && maxFrames > 0) {
        if (!forcedUp && motion.frameCount >= 2) {
            clipChanges = clipColumnChanges(motion);
        }
        poses = samplePoses(skeleton, motion, translation, maxFrames, alsoPose, clipChanges);
    } else {
        if (motionUsable(skeleton, motion, translation) && !alsoPose.empty()) {
            poseRequestedFrames(ForwardKinematicsPlan(skeleton, translation), motion, alsoPose);
        }
        // The rest pose alone: one "frame" with no movement.
        std::vector<RigidTransform> local(n);
        std::vector<RigidTransform> world(n);
        computeRestTransforms(skeleton, local);
        computeWorldTransforms(skeleton, local, world);
        poses.positions.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            poses.positions[i] = world[i].translation;
        }
        poses.firstWorld = world;
        poses.at.emplace_back(poses.positions);
        poses.next.emplace_back(poses.positions);
    }
    stance.framesSampled = motionUsable(skeleton, motion, translation) ? poses.at.size() : 0;

    // Every node's extremes give the rough size that finds static roots; without any (most
    // files) they are the figure's own, and where node 0 alone is one (a `joint_Root` above the
    // hips) the figure's were taken in the pose pass too: not measured twice.
    std::vector<std::uint8_t> counted = countedNodes(n, {});
    Extremes extremes;
    if (poses.atExtremes.size() == poses.at.size()) {
        extremes.of = std::move(poses.atExtremes); // taken in the pose pass
    } else {
        extremes = extremesOf(poses.at, counted);
    }
    const double roughSize = bodySizeOf(extremes);
    stance.staticRoots = findStaticRoots(skeleton, poses, roughSize);
    double bodySize = roughSize;
    const auto leaveOutStaticRoots = [&] {
        counted = countedNodes(n, stance.staticRoots);
        extremes = figureExtremes(poses, counted, stance.staticRoots);
    };
    if (!stance.staticRoots.empty()) {
        leaveOutStaticRoots();
        bodySize = bodySizeOf(extremes);
    }

    std::optional<std::array<double, 6>> voteFloors;
    if (!forcedUp && stance.framesSampled > 0) {
        const MotionCosts costs = motionVote(skeleton, motion, poses, extremes, counted,
                                             stance.staticRoots, bodySize, clipChanges);
        const std::optional<glm::dvec3> anatomy = anatomyDirection(skeleton, poses, landmarks);
        if (anatomy && glm::length(*anatomy) >= kConsistentAnatomy) {
            stance.anatomyUp = nearestUpAxis(*anatomy);
        }
        decideUpAxis(skeleton, poses, stance, costs, anatomy, rest.upAxis);
        voteFloors = costs.floorsTaken ? std::optional(costs.floor) : std::nullopt;
    }
    // Once ground roots are told, the figure's size without them is read only by the travel of a
    // creature without names (measureFacing): measured then, not for every take with a
    // `joint_Root` (a median over the samples each).
    bool bodySizeCurrent = true; // false: bodySize still counts the ground roots left out
    if (addGroundRoots(skeleton, poses, stance, bodySize)) {
        leaveOutStaticRoots();
        bodySizeCurrent = false;
        voteFloors.reset(); // the vote read the extremes with the ground roots in
    }

    measureGround(stance, extremes, voteFloors, rest.height);
    if (upAxisIndex(rest.upAxis) == upAxisIndex(stance.upAxis) &&
        rest.unit != LengthUnit::Unknown) {
        stance.unit = rest.unit;
    } else if (stance.unit == LengthUnit::Unknown) {
        stance.unit = rest.unit;
    }

    measureFacing(
        skeleton, poses, landmarks,
        [&] { return bodySizeCurrent ? bodySize : bodySizeOf(extremes); }, stance);
    return stance;
}

std::vector<NodeIndex> linksBelowStaticRoots(const Skeleton& skeleton,
                                             std::span<const NodeIndex> staticRoots) {
    std::vector<NodeIndex> links;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const NodeIndex parent = skeleton.parents[node];
        if (parent != kNoParent && std::ranges::find(staticRoots, parent) != staticRoots.end()) {
            links.push_back(static_cast<NodeIndex>(node));
        }
    }
    return links;
}

} // namespace bvh
