// Forward kinematics prepared once per skeleton, for evaluating many frames fast.
//
// The free functions in pose.h look at each node's channel list on every call. A plan decodes
// it once: per node, which row columns set which translation axes, and which feed its rotation
// in declared order; the rotation channels of all nodes are then gathered from a row and their
// sines and cosines computed in one vectorized batch (degree_trig.h) before the nodes are
// composed. Results are the same as the free functions' (equal to the bit, up to the sign of
// zero components: tests/core/kinematics/forward_kinematics_plan_test.cpp). Use it where many
// frames are evaluated (`bvhscope positions`, the benchmarks): on the CMU benchmark skeleton a pose
// takes about 60% of the free functions' time; they stay the simple way to get one pose.
//
// A plan holds no reference to the skeleton (copy and keep it freely) but describes that
// skeleton only: build a new one when the skeleton changes. Its methods are const and allocate
// nothing, so one plan serves any number of threads.
#pragma once

#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <span>
#include <vector>

namespace bvh {

namespace detail {

// How one node's channels feed its local transform. Not API: the plan keeps one per node, the
// free functions in pose.h decode one per node as they go.
enum class RotationLayout : std::uint8_t { None, ThreeAxes, Other };
struct NodeLayout {
    static constexpr std::uint32_t kNoColumn = ~std::uint32_t{0};
    // Per axis X, Y, Z: the row column of the last position channel declared for it (a
    // repeated axis overwrites, as channels are read in order), or kNoColumn.
    std::uint32_t positionColumns[3] = {kNoColumn, kNoColumn, kNoColumn};
    bool hasPositions = false;
    // ThreeAxes: three rotation channels on distinct axes (every real file), their columns and
    // axes (0 = X) in declared order, and +1 when that order is cyclic (XYZ, YZX, ZXY), else
    // -1. Other: one, two or more than three rotation channels, or a repeated axis; the
    // node's channels [channelBegin, channelBegin + channelCount) are then applied one by one.
    RotationLayout rotation = RotationLayout::None;
    std::uint32_t rotationColumns[3] = {0, 0, 0};
    std::uint8_t rotationAxes[3] = {0, 1, 2};
    double cyclicSign = 1.0;
    std::uint32_t channelBegin = 0;
    std::uint32_t channelCount = 0;
};

} // namespace detail

class ForwardKinematicsPlan {
public:
    ForwardKinematicsPlan() = default; // no nodes
    // `mode` must be Absolute or Additive (resolve Auto first).
    ForwardKinematicsPlan(const Skeleton& skeleton, TranslationMode mode);

    // This plan for evaluating only `frames` of `motion` (the clip of the plan's skeleton, each
    // frame below its frame count): a joint whose three rotation angles hold the same bits in
    // every one of those frames (a finger, a face helper or a spine joint the capture never
    // turns: most joints of many takes) has its local rotation composed once, here, instead of
    // its sines, cosines and quaternion on every frame. Its results for those frames are this
    // plan's, to the bit (the rotation is composed by the same operations from the same
    // angles); for any other frame they are wrong. `clipChanges`, where given (one per column):
    // clipColumnChanges(motion) (column_changes.h), read instead of the frames' rows: a joint
    // still over the whole clip is still over any of its frames (one whose angles change only
    // in frames not asked for is then posed per frame, to the same bits).
    ForwardKinematicsPlan heldOver(const Motion& motion, std::span<const std::uint32_t> frames,
                                   std::span<const std::uint32_t> clipChanges = {}) const&;
    // The same, made from this plan in place where the caller no longer needs it: copying every
    // node's layout and the columns was a third of holding the joints of a take.
    ForwardKinematicsPlan heldOver(const Motion& motion, std::span<const std::uint32_t> frames,
                                   std::span<const std::uint32_t> clipChanges = {}) &&;

    std::size_t nodeCount() const { return nodes_.size(); }
    std::size_t channelCount() const { return channels_.size(); }
    TranslationMode mode() const {
        return absolute_ ? TranslationMode::Absolute : TranslationMode::Additive;
    }

    // As computeLocalTransforms in pose.h: row.size() == channelCount(), or empty for the rest
    // pose; out.size() >= nodeCount().
    void computeLocalTransforms(std::span<const float> row, std::span<RigidTransform> out) const;
    // As computeWorldTransforms in pose.h.
    void computeWorldTransforms(std::span<const RigidTransform> local,
                                std::span<RigidTransform> world) const;
    // Both in one pass, for callers that want only world transforms (the fastest way to a
    // pose): no local buffer, and nodes without rotation channels (End Sites) take their
    // parent's world rotation as is rather than multiplying it by the identity.
    void computeWorldTransformsOfRow(std::span<const float> row,
                                     std::span<RigidTransform> world) const;

    // How many frames computeWorldTransformsOfRows poses at once.
    static constexpr std::size_t kLanes = 4;
    // One node's world transform in each of kLanes frames, component by component, so that the
    // same operation on every frame is one loop (two SSE2 instructions). Scratch for
    // computeWorldTransformsOfRows and the result of computeWorldLanesOfRows, one per node;
    // rotation holds w, x, y, z.
    struct LaneWorld {
        double translation[3][kLanes];
        double rotation[4][kLanes];
    };
    // As computeWorldTransformsOfRow on each of kLanes rows, with results equal to it to the
    // bit (zeros' signs included: the same operations in the same order per frame), but the
    // frames' independent chains of products and polynomials overlap. Each row holds every
    // channel (channelCount() > 0), each worlds[k] has room for nodeCount() transforms, and
    // scratch.size() >= nodeCount(). For many frames of one clip (frame_poses.h).
    void computeWorldTransformsOfRows(std::span<const float* const, kLanes> rows,
                                      std::span<RigidTransform* const, kLanes> worlds,
                                      std::span<LaneWorld> scratch) const;
    // The same poses left in `lanes` only (lanes[node]: the node's world transform in every
    // frame, lane k from rows[k]; lanes.size() >= nodeCount()), for a caller that reads part of
    // each pose: writing kLanes whole poses out for the stance to copy its positions back was a
    // fifth of the cost of composing them. laneTransforms gives one lane's pose as
    // computeWorldTransformsOfRow would.
    void computeWorldLanesOfRows(std::span<const float* const, kLanes> rows,
                                 std::span<LaneWorld> lanes) const;
    static void laneTransforms(std::span<const LaneWorld> lanes, std::size_t lane,
                               std::span<RigidTransform> world);
    // Each lane's positions (the nodes' world translations) written to positions[k], room for
    // lanes.size(); a null positions[k] skips lane k. Where every lane is wanted, each
    // coordinate of the four lanes is read at once and each lane's x and y written as a pair
    // (the stance copies the positions of every frame it poses: one lane at a time, a double
    // per load and store, cost 8 M instructions over the 178 takes of the README's
    // `info --json` figures). Compiled for SSE2 and AVX2 (vector_clones.h).
    static void lanePositions(std::span<const LaneWorld> lanes,
                              std::span<glm::dvec3* const, kLanes> positions);

private:
    struct Node {
        detail::NodeLayout layout;
        glm::dvec3 offset{0.0};
        NodeIndex parent = kNoParent;
        // A three-axis rotation composed once (heldOver): its angles are not in the batches.
        bool held = false;
        glm::dquat heldRotation{1.0, 0.0, 0.0, 0.0};
    };
    // Whether the node's angles are in the batches of sines and cosines.
    static bool batched(const Node& node) {
        return node.layout.rotation == detail::RotationLayout::ThreeAxes && !node.held;
    }
    // Local transforms of a non-empty row into `out`, or with kWorld, world transforms.
    template <bool kAbsolute, bool kWorld>
    void evaluate(const float* row, std::span<RigidTransform> out) const;
    // World transforms of kLanes non-empty rows into `lanes`; the two modes' entry points.
    template <bool kAbsolute>
    void evaluateLanes(std::span<const float* const, kLanes> rows, LaneWorld* lanes) const;
    void evaluateAbsoluteLanes(std::span<const float* const, kLanes> rows, LaneWorld* lanes) const;
    void evaluateAdditiveLanes(std::span<const float* const, kLanes> rows, LaneWorld* lanes) const;
    // One node's local rotation in every lane (w, x, y, z rows), from its rows' channels and the
    // batch of sines and cosines (`sines` and `cosines` at the node's first angle, one row of
    // kLanes per angle).
    void localRotationLanes(const Node& plan, std::span<const float* const, kLanes> rows,
                            const double (*sines)[kLanes], const double (*cosines)[kLanes],
                            double (&rotation)[4][kLanes]) const;
    // One node's local translation in every lane, for a root or a node with position channels.
    template <bool kAbsolute>
    static void localTranslationLanes(const Node& plan, std::span<const float* const, kLanes> rows,
                                      double (&translation)[3][kLanes]);

    std::vector<Node> nodes_;
    // The columns of every three-axis rotation, node by node in declared order: the angles
    // gathered into one batch of sines and cosines.
    std::vector<std::uint32_t> rotationColumns_;
    std::vector<ChannelType> channels_; // the skeleton's, for RotationLayout::Other
    bool absolute_ = false;
};

} // namespace bvh
