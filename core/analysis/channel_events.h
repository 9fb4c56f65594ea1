// A node's channels over the whole clip, and the frames where they misbehave: Euler flips and
// jitter. What the viewer's Curves panel plots and marks on the timeline.
//
// [SECTION] Euler flips: what is detected, exactly
// A flip is a frame t where a rotation channel of a node jumps by more than
// FlipOptions::minimumJumpDegrees from frame t-1 while the node's orientation (its rotation
// channels composed in declared order, pose.h) turns by less than FlipOptions::maximumTurnDegrees.
// The curve jumps, the pose does not: the jump is an artefact of the Euler representation. Two
// kinds:
//   Wrap          only this channel jumped, by a multiple of 360 (within maximumTurnDegrees):
//                 the writer wrapped the angle into (-180, 180] (179 -> -179).
//   BranchSwitch  anything else: several channels jumped together because the writer switched
//                 to the other Euler solution of the same orientation ((a, b, c) ->
//                 (a+180, 180-b, c+180), see euler.h) or spun the first and last angles near
//                 gimbal lock (middle +-90); or one channel jumped by other than a whole turn
//                 while the others moved less than the jump threshold to make up for it.
// A real fast turn (the orientation changes as much as the channel) is not a flip. Both kinds
// break per-channel interpolation and curve editing; `bvhscope convert --rotation-order` writes
// continuous curves.
//
// [SECTION] Jitter: what is detected, exactly
// For each channel, the second difference d2[t] = v[t+1] - 2 v[t] + v[t-1] (rotation channels
// unwrapped first, so wraps are not counted twice, and frames next to a flip skipped). The
// channel's typical level is the median of |d2| over the clip, raised to a floor
// (JitterOptions::rotationFloorDegrees, or positionFloorFraction of the rest-pose height for
// position channels) so that a still channel's rounding noise never counts. A frame is jitter
// when |d2[t]| exceeds `factor` times that level, is a local maximum, and one of its neighbours'
// d2 has the opposite sign with at least a third of its size: a one-frame spike (+1, -2, +1) or
// a pop (a step: +J, -J). A smooth strong acceleration (a kick starting) keeps one sign over
// several frames and is not flagged, however large.
//
// Pure: spans in, values out; never throws, never prints.
#pragma once

#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <span>
#include <vector>

namespace bvh {

// One channel's value at every frame, as in the file (degrees or file units).
struct ChannelSeries {
    std::uint32_t column = 0; // in the motion row
    ChannelType type = ChannelType::Unknown;
    std::vector<float> values; // frameCount values
    float minimum = 0.0f;
    float maximum = 0.0f;
};

// The node's channels in declared order (none for End Sites or channel-less joints).
std::vector<ChannelSeries> channelSeries(const Skeleton& skeleton, const Motion& motion,
                                         NodeIndex node);

enum class ChannelEventKind : std::uint8_t { Wrap, BranchSwitch, Jitter };
std::string_view channelEventKindName(ChannelEventKind kind); // "wrap", "branch", "jitter"

struct ChannelEvent {
    std::uint32_t frame = 0;  // the frame the jump lands on (flips) or the spike's frame (jitter)
    std::uint32_t column = 0; // the channel's column in the motion row
    NodeIndex node = 0;
    ChannelEventKind kind = ChannelEventKind::Jitter;
    // Flips: the channel's jump v[t] - v[t-1] (degrees, signed). Jitter: |d2[t]| (degrees or
    // file units).
    double magnitude = 0.0;
    // Flips: how far the orientation turned over the same frame (degrees). Jitter: |d2[t]|
    // divided by the channel's typical level (how many times the usual).
    double detail = 0.0;
};

struct FlipOptions {
    double minimumJumpDegrees = 90.0;
    double maximumTurnDegrees = 30.0;
};

struct JitterOptions {
    double factor = 15.0;
    double rotationFloorDegrees = 1.0;
    double positionFloorFraction = 0.0025; // of the rest-pose height
};

struct ChannelEventOptions {
    FlipOptions flips;
    JitterOptions jitter;
};

// Events of one node's channels, ordered by frame, then column. Nodes without channels, and
// clips of fewer than 2 frames (3 for jitter), have none.
std::vector<ChannelEvent> findChannelEvents(const Skeleton& skeleton, const Motion& motion,
                                            NodeIndex node,
                                            const ChannelEventOptions& options = {});

// Every node's events, ordered by frame, then column.
std::vector<ChannelEvent> findAllChannelEvents(const Skeleton& skeleton, const Motion& motion,
                                               const ChannelEventOptions& options = {});

} // namespace bvh
