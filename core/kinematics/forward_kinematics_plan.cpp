#include "core/kinematics/forward_kinematics_plan.h"

#include "core/kinematics/column_blocks.h"
#include "core/kinematics/degree_trig.h"
#include "core/kinematics/pose_kernels.h"
#include "core/kinematics/vector_clones.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>
#include <utility>

namespace bvh {

ForwardKinematicsPlan::ForwardKinematicsPlan(const Skeleton& skeleton, TranslationMode mode)
    : channels_(skeleton.channels), absolute_(mode == TranslationMode::Absolute) {
    assert(mode != TranslationMode::Auto && "resolve TranslationMode::Auto before planning");
    nodes_.reserve(skeleton.nodeCount());
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        assert((skeleton.parents[node] == kNoParent ||
                static_cast<std::size_t>(skeleton.parents[node]) < node) &&
               "parents must precede children");
        const detail::NodeLayout layout = detail::describeNodeChannels(skeleton, node);
        if (layout.rotation == detail::RotationLayout::ThreeAxes) {
            rotationColumns_.insert(rotationColumns_.end(), std::begin(layout.rotationColumns),
                                    std::end(layout.rotationColumns));
        }
        nodes_.push_back(Node{layout, skeleton.offsets[node], skeleton.parents[node]});
    }
}

namespace {

// Per column of `motion`, ORs into `changes` its bits XOR those of frame `first`, over `frames`
// (orRowBitChanges). Row by row, eight columns an operation: a still column is read in every
// frame whichever way, and a column at a time (each read a row apart, until one differs) cost
// three times as much (13.5 M instructions against 4.3 M over the 178 takes of the README's
// `info --json` figures).
BVHSCOPE_VECTOR_CLONES
void orColumnChanges(const Motion& motion, std::uint32_t first,
                     std::span<const std::uint32_t> frames, std::span<std::uint32_t> changes) {
    const std::size_t stride = motion.channelCount;
    const float* const firstRow = motion.values.data() + first * stride;
    for (const std::uint32_t frame : frames) {
        orRowBitChanges(motion.values.data() + frame * stride, firstRow, stride, changes.data());
    }
}

} // namespace

ForwardKinematicsPlan
ForwardKinematicsPlan::heldOver(const Motion& motion, std::span<const std::uint32_t> frames,
                                std::span<const std::uint32_t> clipChanges) const& {
    return ForwardKinematicsPlan(*this).heldOver(motion, frames, clipChanges);
}

ForwardKinematicsPlan
ForwardKinematicsPlan::heldOver(const Motion& motion, std::span<const std::uint32_t> frames,
                                std::span<const std::uint32_t> clipChanges) && {
    if (frames.empty() || motion.channelCount != channels_.size()) {
        return std::move(*this);
    }
    const float* const firstRow = motion.frame(frames[0]).data();
    const bool known = clipChanges.size() == channels_.size();
    std::vector<std::uint32_t> changes(channels_.size(), 0U);
    if (known) {
        std::copy(clipChanges.begin(), clipChanges.end(), changes.begin());
    }
    auto still = [&](const Node& node) {
        return node.layout.rotation == detail::RotationLayout::ThreeAxes &&
               std::all_of(node.layout.rotationColumns, node.layout.rotationColumns + 3,
                           [&](std::uint32_t column) { return changes[column] == 0; });
    };
    // A few rows at a time, until no joint can be held any more: within a few rows on a take
    // where every joint moves (CMU's 01_01), whatever else stays still.
    constexpr std::size_t kRowsBetweenChecks = 16;
    for (std::size_t begin = 1; !known && begin < frames.size(); begin += kRowsBetweenChecks) {
        const std::size_t count = std::min(kRowsBetweenChecks, frames.size() - begin);
        orColumnChanges(motion, frames[0], frames.subspan(begin, count), changes);
        if (std::ranges::none_of(nodes_, still)) {
            break;
        }
    }
    rotationColumns_.clear();
    std::vector<double> halfAngles; // of the held nodes, three each in node order
    halfAngles.reserve(3 * nodes_.size());
    for (Node& node : nodes_) {
        if (node.layout.rotation != detail::RotationLayout::ThreeAxes) {
            continue;
        }
        const std::uint32_t* const columns = node.layout.rotationColumns;
        node.held = still(node);
        if (!node.held) {
            rotationColumns_.insert(rotationColumns_.end(), columns, columns + 3);
            continue;
        }
        for (int i = 0; i < 3; ++i) {
            halfAngles.push_back(0.5 * firstRow[columns[i]]);
        }
    }
    // As evaluate composes them from the first frame's row (every frame's, bit for bit: an
    // angle's sine and cosine do not depend on its place in a batch), all in one batch: three
    // angles a call cost as much as the call.
    std::vector<double> sinCos(2 * halfAngles.size());
    const std::span<double> sines(sinCos.data(), halfAngles.size());
    const std::span<double> cosines(sinCos.data() + halfAngles.size(), halfAngles.size());
    sinCosDegrees(halfAngles, sines, cosines);
    std::size_t at = 0;
    for (Node& node : nodes_) {
        if (node.held) {
            node.heldRotation = detail::composeAxisRotations(
                node.layout, SinCos{sines[at], cosines[at]}, SinCos{sines[at + 1], cosines[at + 1]},
                SinCos{sines[at + 2], cosines[at + 2]});
            at += 3;
        }
    }
    return std::move(*this);
}

template <bool kAbsolute, bool kWorld>
void ForwardKinematicsPlan::evaluate(const float* row, std::span<RigidTransform> out) const {
    // Sines and cosines of the three-axis rotations come in batches of whole nodes, computed
    // just before the nodes that use them (a bounded buffer on the stack, any skeleton size).
    constexpr std::size_t kBatch = 48; // a multiple of 3: a node's angles never straddle two
    double halfAngles[kBatch];
    double sines[kBatch];
    double cosines[kBatch];
    std::size_t batchBegin = 0; // index in rotationColumns_ of halfAngles[0]
    std::size_t batchEnd = 0;
    std::size_t next = 0; // index in rotationColumns_ of the next ThreeAxes node's first angle

    for (std::size_t node = 0; node < nodes_.size(); ++node) {
        const Node& plan = nodes_[node];
        const glm::dvec3 translation =
            detail::localTranslation<kAbsolute>(plan.layout, plan.offset, row);
        glm::dquat rotation(1.0, 0.0, 0.0, 0.0);
        if (plan.held) {
            rotation = plan.heldRotation;
        } else if (plan.layout.rotation == detail::RotationLayout::ThreeAxes) {
            if (next == batchEnd) {
                batchBegin = next;
                batchEnd = std::min(next + kBatch, rotationColumns_.size());
                const std::size_t count = batchEnd - batchBegin;
                for (std::size_t i = 0; i < count; ++i) {
                    halfAngles[i] = 0.5 * row[rotationColumns_[batchBegin + i]];
                }
                sinCosDegrees(std::span<const double>(halfAngles, count),
                              std::span<double>(sines, count), std::span<double>(cosines, count));
            }
            const std::size_t i = next - batchBegin;
            rotation = detail::composeAxisRotations(plan.layout, SinCos{sines[i], cosines[i]},
                                                    SinCos{sines[i + 1], cosines[i + 1]},
                                                    SinCos{sines[i + 2], cosines[i + 2]});
            next += 3;
        } else if (plan.layout.rotation == detail::RotationLayout::Other) {
            rotation = detail::applyRotationChannels(plan.layout, channels_, row);
        }

        // Stored field by field, never as a whole RigidTransform built on the stack and copied:
        // GCC copies those with vector loads over the scalar stores just made, and each such
        // load stalls (a failed store-to-load forward).
        RigidTransform& result = out[node];
        if (!kWorld || plan.parent == kNoParent) {
            result.translation = translation;
            result.rotation = rotation;
            continue;
        }
        // world = parentWorld * local.
        const RigidTransform& parentWorld = out[static_cast<std::size_t>(plan.parent)];
        result.translation = parentWorld.translation + parentWorld.rotation * translation;
        result.rotation = plan.layout.rotation == detail::RotationLayout::None
                              ? parentWorld.rotation
                              : parentWorld.rotation * rotation;
    }
}

namespace {

constexpr std::size_t kPlanLanes = ForwardKinematicsPlan::kLanes;
using PlanLaneWorld = ForwardKinematicsPlan::LaneWorld;

// One double per lane, in a GCC/Clang vector: each operator is the IEEE operation on every lane
// (two SSE2 instructions for four lanes), which the loop vectorizer did not find on its own for
// loops over the lanes. No contraction into FMA (this file is built with -ffp-contract=off).
using LaneVector = double __attribute__((vector_size(kPlanLanes * sizeof(double))));

// As in degree_trig.cpp, the node loop over four frames (evaluateLanes, with the lane helpers
// below always inlined into it) is compiled for SSE2 and AVX2 (a vector of four lanes per
// instruction; vector_clones.h): the same IEEE operations either way, so the same bits.

// A 32-byte vector passed or returned by value goes in registers in the AVX2 clones and in
// memory in the default code (GCC's -Wpsabi note; Clang refuses such a call in the default code
// outright), so no lane vector crosses a call: lanes are read with __builtin_bit_cast (a
// builtin, not a call) and written by storeLanes, which takes the vector by reference and is
// inlined into each clone at every optimisation level (at -O0, the sanitizer build, a call that
// returned a vector by value gave garbage lanes: no rotation, and a "load of null pointer" from
// UBSan).
#define BVHSCOPE_LANES_OF(array) __builtin_bit_cast(LaneVector, array)

[[gnu::always_inline]] inline void storeLanes(double (&lanes)[kPlanLanes], const LaneVector& v) {
    std::memcpy(lanes, &v, sizeof v);
}

// world = parentWorld * local in every lane, written out as glm computes parentWorld.rotation *
// local.translation (v + ((uv * w) + uuv) * 2 with uv = cross(q.xyz, v), uuv = cross(q.xyz, uv))
// and the quaternion product, operation for operation, so that each lane's bits are those of
// the one-frame path. `localRotation` null: the node has no rotation channels and takes its
// parent's world rotation as is.
// `tx`, `ty`, `tz`: the local translation's coordinates in every lane.
[[gnu::always_inline]] inline void composeWorldLanes(const PlanLaneWorld& parent,
                                                     const LaneVector& tx, const LaneVector& ty,
                                                     const LaneVector& tz,
                                                     const double (*localRotation)[kPlanLanes],
                                                     PlanLaneWorld& world) {
    const LaneVector pw = BVHSCOPE_LANES_OF(parent.rotation[0]);
    const LaneVector px = BVHSCOPE_LANES_OF(parent.rotation[1]);
    const LaneVector py = BVHSCOPE_LANES_OF(parent.rotation[2]);
    const LaneVector pz = BVHSCOPE_LANES_OF(parent.rotation[3]);
    const LaneVector uvx = py * tz - ty * pz;
    const LaneVector uvy = pz * tx - tz * px;
    const LaneVector uvz = px * ty - tx * py;
    const LaneVector uuvx = py * uvz - uvy * pz;
    const LaneVector uuvy = pz * uvx - uvz * px;
    const LaneVector uuvz = px * uvy - uvx * py;
    storeLanes(world.translation[0],
               BVHSCOPE_LANES_OF(parent.translation[0]) + (tx + ((uvx * pw) + uuvx) * 2.0));
    storeLanes(world.translation[1],
               BVHSCOPE_LANES_OF(parent.translation[1]) + (ty + ((uvy * pw) + uuvy) * 2.0));
    storeLanes(world.translation[2],
               BVHSCOPE_LANES_OF(parent.translation[2]) + (tz + ((uvz * pw) + uuvz) * 2.0));
    // No rotation channels: the parent's rotation, stored from the lanes read above (a std::copy
    // of its 128 bytes was a call to memmove for every End Site in every group of frames).
    if (localRotation == nullptr) {
        storeLanes(world.rotation[0], pw);
        storeLanes(world.rotation[1], px);
        storeLanes(world.rotation[2], py);
        storeLanes(world.rotation[3], pz);
        return;
    }
    const LaneVector qw = BVHSCOPE_LANES_OF(localRotation[0]);
    const LaneVector qx = BVHSCOPE_LANES_OF(localRotation[1]);
    const LaneVector qy = BVHSCOPE_LANES_OF(localRotation[2]);
    const LaneVector qz = BVHSCOPE_LANES_OF(localRotation[3]);
    storeLanes(world.rotation[0], pw * qw - px * qx - py * qy - pz * qz);
    storeLanes(world.rotation[1], pw * qx + px * qw + py * qz - pz * qy);
    storeLanes(world.rotation[2], pw * qy + py * qw + pz * qx - px * qz);
    storeLanes(world.rotation[3], pw * qz + pz * qw + px * qy - py * qx);
}

// composeAxisRotations (pose_kernels.h) in every lane, the same expressions: a, b, c are the
// node's three angles, each one row of kPlanLanes in `sines` and `cosines`.
[[gnu::always_inline]] inline void composeAxisRotationLanes(const detail::NodeLayout& layout,
                                                            const double (*sines)[kPlanLanes],
                                                            const double (*cosines)[kPlanLanes],
                                                            double (&rotation)[4][kPlanLanes]) {
    const double sign = layout.cyclicSign;
    const LaneVector sa = BVHSCOPE_LANES_OF(sines[0]);
    const LaneVector ca = BVHSCOPE_LANES_OF(cosines[0]);
    const LaneVector sb = BVHSCOPE_LANES_OF(sines[1]);
    const LaneVector cb = BVHSCOPE_LANES_OF(cosines[1]);
    const LaneVector sc = BVHSCOPE_LANES_OF(sines[2]);
    const LaneVector cc = BVHSCOPE_LANES_OF(cosines[2]);
    const LaneVector cacb = ca * cb;
    const LaneVector sasb = sa * sb;
    const LaneVector sacb = sa * cb;
    const LaneVector casb = ca * sb;
    storeLanes(rotation[0], cacb * cc - sign * (sasb * sc));
    storeLanes(rotation[1 + layout.rotationAxes[0]], sacb * cc + sign * (casb * sc));
    storeLanes(rotation[1 + layout.rotationAxes[1]], casb * cc - sign * (sacb * sc));
    storeLanes(rotation[1 + layout.rotationAxes[2]], cacb * sc + sign * (sasb * cc));
}

// Half of one channel's angle in every lane (0.5 * row[column], as the one-frame path), four
// floats converted and halved as one vector: a loop over the lanes was a tenth of the stance.
[[gnu::always_inline]] inline void gatherHalfAngles(std::span<const float* const, kPlanLanes> rows,
                                                    std::uint32_t column,
                                                    double (&halfAngles)[kPlanLanes]) {
    static_assert(kPlanLanes == 4, "one initializer per lane");
    const LaneVector angles = {rows[0][column], rows[1][column], rows[2][column], rows[3][column]};
    storeLanes(halfAngles, 0.5 * angles);
}

#undef BVHSCOPE_LANES_OF

} // namespace

[[gnu::always_inline]] inline void ForwardKinematicsPlan::localRotationLanes(
    const Node& plan, std::span<const float* const, kLanes> rows, const double (*sines)[kLanes],
    const double (*cosines)[kLanes], double (&rotation)[4][kLanes]) const {
    if (plan.held) {
        const glm::dquat& q = plan.heldRotation;
        std::fill_n(rotation[0], kLanes, q.w);
        std::fill_n(rotation[1], kLanes, q.x);
        std::fill_n(rotation[2], kLanes, q.y);
        std::fill_n(rotation[3], kLanes, q.z);
        return;
    }
    if (plan.layout.rotation == detail::RotationLayout::ThreeAxes) {
        composeAxisRotationLanes(plan.layout, sines, cosines, rotation);
        return;
    }
    for (std::size_t k = 0; k < kLanes; ++k) {
        const glm::dquat q = plan.layout.rotation == detail::RotationLayout::Other
                                 ? detail::applyRotationChannels(plan.layout, channels_, rows[k])
                                 : glm::dquat(1.0, 0.0, 0.0, 0.0);
        rotation[0][k] = q.w;
        rotation[1][k] = q.x;
        rotation[2][k] = q.y;
        rotation[3][k] = q.z;
    }
}

// A node's local translation in every lane (its position channels read from each row, else its
// OFFSET): for roots and the odd joint with position channels.
template <bool kAbsolute>
[[gnu::always_inline]] inline void
ForwardKinematicsPlan::localTranslationLanes(const Node& plan,
                                             std::span<const float* const, kLanes> rows,
                                             double (&translation)[3][kLanes]) {
    if (plan.layout.hasPositions) {
        for (std::size_t k = 0; k < kLanes; ++k) {
            const glm::dvec3 t =
                detail::localTranslation<kAbsolute>(plan.layout, plan.offset, rows[k]);
            translation[0][k] = t.x;
            translation[1][k] = t.y;
            translation[2][k] = t.z;
        }
        return;
    }
    for (int axis = 0; axis < 3; ++axis) {
        std::fill_n(translation[axis], kLanes, plan.offset[axis]);
    }
}

template <bool kAbsolute>
[[gnu::always_inline]] inline void
ForwardKinematicsPlan::evaluateLanes(std::span<const float* const, kLanes> rows,
                                     LaneWorld* lanes) const {
    // As evaluate: sines and cosines in batches of whole nodes, here of every lane (one row of
    // kLanes per angle).
    constexpr std::size_t kBatch = 48; // angles per lane, a multiple of 3
    double halfAngles[kBatch][kLanes];
    double sines[kBatch][kLanes];
    double cosines[kBatch][kLanes];
    std::size_t batchBegin = 0;
    std::size_t batchEnd = 0;
    std::size_t next = 0;
    // The plan's vectors read once into locals: the lanes are written through memcpy
    // (storeLanes), which may alias anything, so a member vector's size and data were read
    // again from memory at every node (2 M instructions over the README's 175 takes).
    const Node* const nodes = nodes_.data();
    const std::size_t nodeCount = nodes_.size();
    const std::uint32_t* const rotationColumns = rotationColumns_.data();
    const std::size_t rotationColumnCount = rotationColumns_.size();

    for (std::size_t node = 0; node < nodeCount; ++node) {
        const Node& plan = nodes[node];
        std::size_t angle = 0; // the node's first angle in the batch
        if (batched(plan)) {
            if (next == batchEnd) {
                batchBegin = next;
                batchEnd = std::min(next + kBatch, rotationColumnCount);
                const std::size_t count = (batchEnd - batchBegin) * kLanes;
                for (std::size_t i = 0; i < batchEnd - batchBegin; ++i) {
                    gatherHalfAngles(rows, rotationColumns[batchBegin + i], halfAngles[i]);
                }
                sinCosDegrees(std::span<const double>(&halfAngles[0][0], count),
                              std::span<double>(&sines[0][0], count),
                              std::span<double>(&cosines[0][0], count));
            }
            angle = next - batchBegin;
            next += 3;
        }
        double rotation[4][kLanes];
        const bool rotates = plan.layout.rotation != detail::RotationLayout::None;
        if (rotates || plan.parent == kNoParent) {
            localRotationLanes(plan, rows, sines + angle, cosines + angle, rotation);
        }
        LaneWorld& world = lanes[node];
        const double(*const localRotation)[kLanes] = rotates ? rotation : nullptr;
        if (plan.parent == kNoParent || plan.layout.hasPositions) {
            double translation[3][kLanes];
            localTranslationLanes<kAbsolute>(plan, rows, translation);
            if (plan.parent == kNoParent) {
                std::copy(&translation[0][0], &translation[0][0] + 3 * kLanes,
                          &world.translation[0][0]);
                std::copy(&rotation[0][0], &rotation[0][0] + 4 * kLanes, &world.rotation[0][0]);
            } else {
                composeWorldLanes(lanes[static_cast<std::size_t>(plan.parent)],
                                  __builtin_bit_cast(LaneVector, translation[0]),
                                  __builtin_bit_cast(LaneVector, translation[1]),
                                  __builtin_bit_cast(LaneVector, translation[2]), localRotation,
                                  world);
            }
        } else {
            // Only roots (and the odd joint) have position channels: the others' local
            // translation is their OFFSET in every frame, each coordinate in every lane in a
            // register (filled into an array, they were twelve stores a node and the loads that
            // read them back).
            static_assert(kLanes == 4, "one initializer per lane");
            const glm::dvec3& o = plan.offset;
            composeWorldLanes(lanes[static_cast<std::size_t>(plan.parent)],
                              LaneVector{o.x, o.x, o.x, o.x}, LaneVector{o.y, o.y, o.y, o.y},
                              LaneVector{o.z, o.z, o.z, o.z}, localRotation, world);
        }
    }
}

// The node loop with every lane helper inlined, compiled for SSE2 and AVX2 (each helper was
// its own clone: a call through the loader's choice per node and helper, the lanes passed in
// memory). Not templates: Clang 14 leaves a template's clones unresolved.
BVHSCOPE_VECTOR_CLONES
void ForwardKinematicsPlan::evaluateAbsoluteLanes(std::span<const float* const, kLanes> rows,
                                                  LaneWorld* lanes) const {
    evaluateLanes<true>(rows, lanes);
}

BVHSCOPE_VECTOR_CLONES
void ForwardKinematicsPlan::evaluateAdditiveLanes(std::span<const float* const, kLanes> rows,
                                                  LaneWorld* lanes) const {
    evaluateLanes<false>(rows, lanes);
}

void ForwardKinematicsPlan::computeWorldLanesOfRows(std::span<const float* const, kLanes> rows,
                                                    std::span<LaneWorld> lanes) const {
    assert(!channels_.empty() && "rows of a skeleton with channels");
    assert(lanes.size() >= nodes_.size() && "one lane entry per node");
    if (absolute_) {
        evaluateAbsoluteLanes(rows, lanes.data());
    } else {
        evaluateAdditiveLanes(rows, lanes.data());
    }
}

void ForwardKinematicsPlan::laneTransforms(std::span<const LaneWorld> lanes, std::size_t lane,
                                           std::span<RigidTransform> world) {
    assert(lane < kLanes && world.size() >= lanes.size() && "one transform per node");
    for (std::size_t node = 0; node < lanes.size(); ++node) {
        const LaneWorld& from = lanes[node];
        RigidTransform& result = world[node];
        result.translation = glm::dvec3(from.translation[0][lane], from.translation[1][lane],
                                        from.translation[2][lane]);
        result.rotation = glm::dquat(from.rotation[0][lane], from.rotation[1][lane],
                                     from.rotation[2][lane], from.rotation[3][lane]);
    }
}

namespace {

// lanePositions' work, cloned here behind the plain member: Clang 14 names a target_clones
// function's entry `NAME.ifunc`, which a call from another file (the stance's) cannot link to
// (`make fuzz`'s Clang build failed so); GCC links either way.
BVHSCOPE_VECTOR_CLONES
void writeLanePositions(std::span<const ForwardKinematicsPlan::LaneWorld> lanes,
                        std::span<glm::dvec3* const, ForwardKinematicsPlan::kLanes> positions) {
    using LaneWorld = ForwardKinematicsPlan::LaneWorld;
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    static_assert(sizeof(glm::dvec3) == 3 * sizeof(double) && kLanes % 2 == 0);
    if (std::ranges::any_of(positions, [](const glm::dvec3* p) { return p == nullptr; })) {
        for (std::size_t k = 0; k < kLanes; ++k) {
            for (std::size_t node = 0; node < lanes.size() && positions[k] != nullptr; ++node) {
                const LaneWorld& from = lanes[node];
                positions[k][node] = glm::dvec3(from.translation[0][k], from.translation[1][k],
                                                from.translation[2][k]);
            }
        }
        return;
    }
    using TwoDoubles = double __attribute__((vector_size(2 * sizeof(double))));
    // The outputs in locals: stores through them cannot change them, so they are not read
    // again per node.
    std::array<unsigned char*, kLanes> out{};
    for (std::size_t k = 0; k < kLanes; ++k) {
        out[k] = reinterpret_cast<unsigned char*>(positions[k]);
    }
    // Each coordinate of every lane in one load (with AVX2; a pair of loads without), x and y
    // interleaved; each lane's x and y then go out as one pair and its z alone, three doubles
    // exactly (a fourth store over the next node's x, half the stores, split more of them across
    // cache lines and cost a fifth more CPU time). Loaded a pair of lanes at a time, six loads
    // a node, this took 6.3 M instructions over the README's 175 takes of `info --json`; 5.2 M.
    static_assert(kLanes == 4, "two pairs of lanes");
    for (std::size_t node = 0; node < lanes.size(); ++node) {
        const LaneWorld& from = lanes[node];
        const std::size_t at = node * sizeof(glm::dvec3);
        LaneVector x;
        LaneVector y;
        LaneVector z;
        std::memcpy(&x, from.translation[0], sizeof x);
        std::memcpy(&y, from.translation[1], sizeof y);
        std::memcpy(&z, from.translation[2], sizeof z);
        const LaneVector xyEven = __builtin_shufflevector(x, y, 0, 4, 2, 6); // x0 y0 x2 y2
        const LaneVector xyOdd = __builtin_shufflevector(x, y, 1, 5, 3, 7);  // x1 y1 x3 y3
        const TwoDoubles xy0 = __builtin_shufflevector(xyEven, xyEven, 0, 1);
        const TwoDoubles xy1 = __builtin_shufflevector(xyOdd, xyOdd, 0, 1);
        const TwoDoubles xy2 = __builtin_shufflevector(xyEven, xyEven, 2, 3);
        const TwoDoubles xy3 = __builtin_shufflevector(xyOdd, xyOdd, 2, 3);
        const double z0 = z[0];
        const double z1 = z[1];
        const double z2 = z[2];
        const double z3 = z[3];
        std::memcpy(out[0] + at, &xy0, sizeof xy0);
        std::memcpy(out[0] + at + sizeof xy0, &z0, sizeof z0);
        std::memcpy(out[1] + at, &xy1, sizeof xy1);
        std::memcpy(out[1] + at + sizeof xy1, &z1, sizeof z1);
        std::memcpy(out[2] + at, &xy2, sizeof xy2);
        std::memcpy(out[2] + at + sizeof xy2, &z2, sizeof z2);
        std::memcpy(out[3] + at, &xy3, sizeof xy3);
        std::memcpy(out[3] + at + sizeof xy3, &z3, sizeof z3);
    }
}

} // namespace

void ForwardKinematicsPlan::lanePositions(std::span<const LaneWorld> lanes,
                                          std::span<glm::dvec3* const, kLanes> positions) {
    writeLanePositions(lanes, positions);
}

void ForwardKinematicsPlan::computeWorldTransformsOfRows(
    std::span<const float* const, kLanes> rows, std::span<RigidTransform* const, kLanes> worlds,
    std::span<LaneWorld> scratch) const {
    computeWorldLanesOfRows(rows, scratch);
    for (std::size_t k = 0; k < kLanes; ++k) {
        laneTransforms(scratch.first(nodes_.size()), k, std::span(worlds[k], nodes_.size()));
    }
}

void ForwardKinematicsPlan::computeLocalTransforms(std::span<const float> row,
                                                   std::span<RigidTransform> out) const {
    assert(out.size() >= nodes_.size() && "output span smaller than the skeleton");
    assert((row.empty() || row.size() == channels_.size()) &&
           "a motion row must hold every channel of the skeleton");
    if (row.empty()) {
        for (std::size_t node = 0; node < nodes_.size(); ++node) {
            out[node].translation = nodes_[node].offset;
            out[node].rotation = glm::dquat(1.0, 0.0, 0.0, 0.0);
        }
    } else if (absolute_) {
        evaluate<true, false>(row.data(), out);
    } else {
        evaluate<false, false>(row.data(), out);
    }
}

void ForwardKinematicsPlan::computeWorldTransforms(std::span<const RigidTransform> local,
                                                   std::span<RigidTransform> world) const {
    assert(local.size() >= nodes_.size() && world.size() >= nodes_.size() &&
           "spans smaller than the skeleton");
    for (std::size_t node = 0; node < nodes_.size(); ++node) {
        const NodeIndex parent = nodes_[node].parent;
        if (parent == kNoParent) {
            world[node] = local[node];
        } else {
            detail::composeWorld(world[static_cast<std::size_t>(parent)], local[node], world[node]);
        }
    }
}

void ForwardKinematicsPlan::computeWorldTransformsOfRow(std::span<const float> row,
                                                        std::span<RigidTransform> world) const {
    assert(world.size() >= nodes_.size() && "output span smaller than the skeleton");
    assert((row.empty() || row.size() == channels_.size()) &&
           "a motion row must hold every channel of the skeleton");
    if (row.empty()) { // the rest pose
        for (std::size_t node = 0; node < nodes_.size(); ++node) {
            const RigidTransform rest{nodes_[node].offset, glm::dquat(1.0, 0.0, 0.0, 0.0)};
            const NodeIndex parent = nodes_[node].parent;
            if (parent == kNoParent) {
                world[node] = rest;
            } else {
                detail::composeWorld(world[static_cast<std::size_t>(parent)], rest, world[node]);
            }
        }
    } else if (absolute_) {
        evaluate<true, true>(row.data(), world);
    } else {
        evaluate<false, true>(row.data(), world);
    }
}

} // namespace bvh
