#include "core/kinematics/forward_kinematics_plan.h"

#include "core/kinematics/degree_trig.h"
#include "core/kinematics/pose_kernels.h"

#include <algorithm>
#include <cassert>

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
        if (plan.layout.rotation == detail::RotationLayout::ThreeAxes) {
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
