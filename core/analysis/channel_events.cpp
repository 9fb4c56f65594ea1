#include "core/analysis/channel_events.h"

#include "core/analysis/percentile.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/analysis/turn_angle.h"
#include "core/kinematics/euler.h"

#include <algorithm>
#include <cmath>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <limits>
#include <numbers>

namespace bvh {

std::string_view channelEventKindName(ChannelEventKind kind) {
    switch (kind) {
    case ChannelEventKind::Wrap:
        return "wrap";
    case ChannelEventKind::BranchSwitch:
        return "branch";
    case ChannelEventKind::Jitter:
        return "jitter";
    }
    return "jitter";
}

std::vector<ChannelSeries> channelSeries(const Skeleton& skeleton, const Motion& motion,
                                         NodeIndex node) {
    std::vector<ChannelSeries> series;
    if (node < 0 || static_cast<std::size_t>(node) >= skeleton.nodeCount() ||
        motion.channelCount != skeleton.totalChannels()) {
        return series;
    }
    const auto index = static_cast<std::size_t>(node);
    const std::uint32_t begin = skeleton.channelBegin[index];
    for (std::uint32_t k = 0; k < skeleton.channelCount[index]; ++k) {
        ChannelSeries channel;
        channel.column = begin + k;
        channel.type = skeleton.channels[channel.column];
        channel.values.resize(motion.frameCount);
        for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
            channel.values[frame] =
                motion.values[std::size_t{frame} * motion.channelCount + channel.column];
        }
        if (!channel.values.empty()) {
            const auto [low, high] = std::ranges::minmax(channel.values);
            channel.minimum = low;
            channel.maximum = high;
        }
        series.push_back(std::move(channel));
    }
    return series;
}

namespace {

float valueAt(const Motion& motion, std::uint32_t frame, std::uint32_t column) {
    return motion.values[std::size_t{frame} * motion.channelCount + column];
}

// The node's rotation channels composed in declared order, as forward kinematics does.
glm::dquat orientationAt(const Skeleton& skeleton, const Motion& motion, std::size_t node,
                         std::uint32_t frame) {
    glm::dquat rotation(1.0, 0.0, 0.0, 0.0);
    const std::uint32_t begin = skeleton.channelBegin[node];
    for (std::uint32_t k = 0; k < skeleton.channelCount[node]; ++k) {
        const ChannelType type = skeleton.channels[begin + k];
        if (isRotation(type)) {
            glm::dvec3 axis(0.0);
            axis[channelAxis(type)] = 1.0;
            rotation =
                rotation *
                glm::angleAxis(glm::radians(double(valueAt(motion, frame, begin + k))), axis);
        }
    }
    return rotation;
}

// The angle of the rotation taking `a` to `b`, degrees in [0, 180].
// Flip events of one node; marks flipFrames[t] = 1 where any channel of it flipped.
void findFlips(const Skeleton& skeleton, const Motion& motion, std::size_t node,
               const FlipOptions& options, std::vector<std::uint8_t>& flipFrames,
               std::vector<ChannelEvent>& events) {
    const std::uint32_t begin = skeleton.channelBegin[node];
    const std::uint32_t count = skeleton.channelCount[node];
    std::vector<std::uint32_t> jumped;
    glm::dquat previous = orientationAt(skeleton, motion, node, 0);
    for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
        const glm::dquat current = orientationAt(skeleton, motion, node, frame);
        jumped.clear();
        for (std::uint32_t k = 0; k < count; ++k) {
            const std::uint32_t column = begin + k;
            if (!isRotation(skeleton.channels[column])) {
                continue;
            }
            const double jump =
                double(valueAt(motion, frame, column)) - valueAt(motion, frame - 1, column);
            if (std::abs(jump) > options.minimumJumpDegrees) {
                jumped.push_back(column);
            }
        }
        if (!jumped.empty()) {
            const double turn = turnDegrees(previous, current);
            if (turn < options.maximumTurnDegrees) {
                for (const std::uint32_t column : jumped) {
                    const double jump =
                        double(valueAt(motion, frame, column)) - valueAt(motion, frame - 1, column);
                    const double turns = std::round(jump / 360.0);
                    const bool wrapped =
                        jumped.size() == 1 && turns != 0.0 &&
                        std::abs(jump - 360.0 * turns) <= options.maximumTurnDegrees;
                    events.push_back(
                        {frame, column, static_cast<NodeIndex>(node),
                         wrapped ? ChannelEventKind::Wrap : ChannelEventKind::BranchSwitch, jump,
                         turn});
                }
                flipFrames[frame] = 1;
            }
        }
        previous = current;
    }
}

// Jitter events of one channel. `flipFrames[t]`: the node's curves jump between t-1 and t.
void findJitter(const Motion& motion, std::uint32_t column, ChannelType type, NodeIndex node,
                double floor, double factor, const std::vector<std::uint8_t>& flipFrames,
                std::vector<ChannelEvent>& events) {
    const std::uint32_t n = motion.frameCount;
    std::vector<double> values(n);
    for (std::uint32_t frame = 0; frame < n; ++frame) {
        const double value = valueAt(motion, frame, column);
        values[frame] =
            isRotation(type) && frame > 0 ? unwrapDegrees(value, values[frame - 1]) : value;
    }
    // d2[t] for t in [1, n-2]; NaN where a flip step is inside its three frames.
    std::vector<double> d2(n, std::numeric_limits<double>::quiet_NaN());
    std::vector<double> magnitudes;
    magnitudes.reserve(n);
    for (std::uint32_t t = 1; t + 1 < n; ++t) {
        if (flipFrames[t] || flipFrames[t + 1]) {
            continue;
        }
        d2[t] = values[t + 1] - 2.0 * values[t] + values[t - 1];
        if (std::isfinite(d2[t])) {
            magnitudes.push_back(std::abs(d2[t]));
        }
    }
    const double level = std::max(median(magnitudes), floor);
    if (!(level > 0.0)) {
        return;
    }
    const double threshold = factor * level;
    auto magnitudeAt = [&](std::int64_t t) {
        return t >= 1 && t + 1 < std::int64_t{n} && std::isfinite(d2[t]) ? std::abs(d2[t]) : 0.0;
    };
    auto opposes = [&](std::int64_t neighbour, std::uint32_t t) {
        return magnitudeAt(neighbour) >= std::abs(d2[t]) / 3.0 &&
               (d2[static_cast<std::size_t>(neighbour)] > 0.0) != (d2[t] > 0.0);
    };
    for (std::uint32_t t = 1; t + 1 < n; ++t) {
        const double magnitude = magnitudeAt(t);
        if (!(magnitude > threshold) || !(magnitude > magnitudeAt(std::int64_t{t} - 1)) ||
            !(magnitude >= magnitudeAt(std::int64_t{t} + 1))) {
            continue;
        }
        if (!opposes(std::int64_t{t} - 1, t) && !opposes(std::int64_t{t} + 1, t)) {
            continue; // one sign over several frames: a smooth acceleration
        }
        events.push_back({t, column, node, ChannelEventKind::Jitter, magnitude, magnitude / level});
    }
}

void findNodeEvents(const Skeleton& skeleton, const Motion& motion, std::size_t node,
                    double restHeight, const ChannelEventOptions& options,
                    std::vector<ChannelEvent>& events) {
    const std::uint32_t count = skeleton.channelCount[node];
    if (count == 0 || motion.frameCount < 2) {
        return;
    }
    const std::size_t first = events.size();
    std::vector<std::uint8_t> flipFrames(motion.frameCount, 0);
    findFlips(skeleton, motion, node, options.flips, flipFrames, events);
    if (motion.frameCount >= 3) {
        const std::uint32_t begin = skeleton.channelBegin[node];
        for (std::uint32_t k = 0; k < count; ++k) {
            const ChannelType type = skeleton.channels[begin + k];
            if (type == ChannelType::Unknown) {
                continue; // forward kinematics ignores it: nothing on screen jitters
            }
            const double floor = isRotation(type)
                                     ? options.jitter.rotationFloorDegrees
                                     : options.jitter.positionFloorFraction * restHeight;
            findJitter(motion, begin + k, type, static_cast<NodeIndex>(node), floor,
                       options.jitter.factor, flipFrames, events);
        }
    }
    std::sort(events.begin() + static_cast<std::ptrdiff_t>(first), events.end(),
              [](const ChannelEvent& a, const ChannelEvent& b) {
                  return a.frame != b.frame ? a.frame < b.frame : a.column < b.column;
              });
}

bool validInputs(const Skeleton& skeleton, const Motion& motion) {
    return motion.channelCount == skeleton.totalChannels() &&
           motion.values.size() == std::size_t{motion.frameCount} * motion.channelCount;
}

} // namespace

std::vector<ChannelEvent> findChannelEvents(const Skeleton& skeleton, const Motion& motion,
                                            NodeIndex node, const ChannelEventOptions& options) {
    std::vector<ChannelEvent> events;
    if (node < 0 || static_cast<std::size_t>(node) >= skeleton.nodeCount() ||
        !validInputs(skeleton, motion)) {
        return events;
    }
    findNodeEvents(skeleton, motion, static_cast<std::size_t>(node),
                   analyzeRestPose(skeleton).height, options, events);
    return events;
}

std::vector<ChannelEvent> findAllChannelEvents(const Skeleton& skeleton, const Motion& motion,
                                               const ChannelEventOptions& options) {
    std::vector<ChannelEvent> events;
    if (!validInputs(skeleton, motion)) {
        return events;
    }
    const double restHeight = analyzeRestPose(skeleton).height;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        findNodeEvents(skeleton, motion, node, restHeight, options, events);
    }
    std::stable_sort(events.begin(), events.end(),
                     [](const ChannelEvent& a, const ChannelEvent& b) {
                         return a.frame != b.frame ? a.frame < b.frame : a.column < b.column;
                     });
    return events;
}

} // namespace bvh
