// Builds a body (body_mesh.h) from a skeleton alone: a tapered volume per bone, sized by the
// bone's role (from joint names, else from the topology) and length, united as signed distances
// (smoothly only between hierarchy neighbours, others a gap apart: bodyDistance), meshed once in
// the bind pose (the rest pose, or BodyOptions::bindWorld) by marching tetrahedra (closed by
// construction), weighted for skinning and simplified into coarser levels with meshoptimizer.
//
// Bounded work for any input: the grid's sample count is capped whatever the scale or joint
// count, and the finest level holds at most 16 000 triangles: a surface no simplification closes
// within that (a crowd of spokes from one joint) is meshed again on coarser grids, at most
// twice. When a body cannot be made well (too many nodes, no bone with length, non-finite
// offsets, the work over its cap, no closed level even so, cancelled) the mesh is null and
// `message` says why: the caller draws capsules instead. Never throws, never prints.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/body/body_mesh.h"
#include "core/kinematics/pose.h"
#include "core/model/skeleton.h"

#include <cstddef>
#include <glm/vec3.hpp>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

namespace bvh {

// Skeletons with more nodes than this get no body (a 100 000-joint file is not a figure).
inline constexpr std::size_t kDefaultBodyMaxNodes = 4096;
// The most signed-distance samples the grid may hold (about 4 MB of floats): the cap on work
// and memory whatever the scale or the skeleton's shape.
inline constexpr std::size_t kDefaultBodyMaxSamples = std::size_t{1} << 20;

struct BodyOptions {
    // The figure's up axis in the file: decides which way the head and feet face and where the
    // soles are.
    UpAxis up = UpAxis::PositiveY;
    // Nodes whose incoming bone gets no body: static links to a fixed root (Stance::staticRoots'
    // children), whose link would otherwise be a long limb from the origin to the figure. The
    // links from a root on the ground to the hips are left out too (body_ground_links.h).
    std::vector<NodeIndex> excludedBones;
    // The pose to make and bind the body in (body_bind_pose.h): world transforms per node, file
    // units. Empty: the OFFSET rest pose.
    std::vector<RigidTransform> bindWorld;
    std::size_t maxNodes = kDefaultBodyMaxNodes;
    std::size_t maxSamples = kDefaultBodyMaxSamples;
    // For tests and sweeps only: the sampling grid's lattice moved by this share of a cell along
    // each axis (planBodyGrid; whole cells are dropped). The body must not depend on it: an
    // unseen capture's extent puts its samples at any phase, so tests rebuild a figure at
    // several. 0: the grid planBodyGrid lays alone.
    glm::vec3 gridPhase{0.0f};
    // Issue 38: a hand whose fingers the figure's cells do not resolve (a full-body figure's,
    // cells of about 2.6 cm) is meshed as a piece of its own on a grid kBodyHandCellDivisor times
    // finer, bounded by the hand (body_hand_pieces.h), and gets a hand-only rig's palm, heel,
    // thumb apart and round fingers instead of a mitten, gloved in a cuff the forearm's end dives
    // into; the figure's own piece then holds body_builder.cpp's kFineTrianglesBesideHands. False:
    // one surface, hands and all (mittens), as where a hand's piece does not close. What the
    // pieces cost: the capsules' area falls by up to 0.11 where mittens were (MakeHuman's T-pose
    // 2.13 -> 2.03, a Bento Second Life rig 2.10 -> 2.03): the pieces' hands are a person's width
    // (MakeHuman's T-pose palm 5.6 % of the figure wide, Second Life's 5.7 %), and the mittens'
    // area was what the coarse cells inflated; a person's palm thickness and 1 %-wide fingers on
    // top win 0.01 and bulge the wrist and fuse the fingers. Fewer edges pass 4x (Mixamo's 4 -> 0,
    // Neuron's 2 -> 0), and a 65-joint build takes half as long again (two hands' fine grids).
    bool handPieces = true;
    // With hands as pieces (handPieces): the hands' pieces are meshed on a thread of their own
    // while the calling thread meshes the figure's (on a grid planned first: the hands' cells are
    // a fraction of the figure's), which takes a 65-joint build from the three pieces' time to
    // about the figure's. The body is the same to the byte either way (each piece is meshed alone
    // from its own volumes); where no thread can be started (the web page) all are meshed on the
    // calling thread. False: all on the calling thread (the one-core cost, as benchmarked).
    bool concurrentHands = true;
};

// Whether `a` and `b` ask one skeleton for the same body, their bind poses (bindWorld) aside:
// every option that shapes it (concurrentHands only says how it is built). A caller that keeps a
// body for a clip, whose bind pose is the clip's own, compares this alone.
bool sameBodyOptionsBesideBindPose(const BodyOptions& a, const BodyOptions& b);

struct BodyResult {
    std::shared_ptr<const BodyMesh> mesh; // null: fall back to capsules
    std::string message;                  // why, for the user, when null or degraded
};

// `stop`: requested when the caller no longer wants the body (the file was closed); the build
// then ends soon with a null mesh.
BodyResult buildBody(const Skeleton& skeleton, const BodyOptions& options,
                     std::stop_token stop = {});

} // namespace bvh
