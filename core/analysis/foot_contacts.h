// Foot contacts and foot slide: which foot points touch the ground in each frame, and how fast a
// touching foot moves along the ground (slide, the artefact retargeting and cleanup leave).
//
// [SECTION] Which points are feet
// By name first, case-insensitively and after any namespace prefix ("mixamorig:LeftFoot"): a
// node whose name holds "foot", "ankle" or "heel" is an ankle point (LeftFoot, Foot_L, foot.R,
// l_foot, LeftAnkle, rFoot, "Bip01 L Foot"), and under each ankle point its first child whose name
// holds "toe" is a toe point (LeftToeBase, Toes_L, toe1-1.L, "Bip01 L Toe0"). An ankle point below
// another one (a "LeftFootEnd" joint) is not a second foot. Files with no such names (a robot, a
// test rig) fall back to the lowest End Sites of the rest pose: every End Site within 10 % of the
// figure's height of the lowest one.
//
// [SECTION] When a point is in contact
// Per point and frame, with H the figure's height (rest pose, file units) and speeds in file units
// per second (so thresholds do not depend on the frame rate):
//   - height: the point is within `contactHeight` x H of its own resting height, the 5th
//     percentile of its height over the clip (each point has its own: an ankle stands ~8 cm above
//     the floor when a toe touches it; a percentile, not the minimum, so one glitched frame through
//     the floor does not move the ground). The ground is assumed flat over the clip.
//   - speed: its 3D speed is below `contactSpeed` x H per second, so a swing foot skimming the
//     floor is not a contact, while a skating foot (the slide this finds) still is.
// Speeds are central differences over +/- k frames, k = the frames in about 1/30 s (1 at 30 fps,
// 4 at 120 fps), so sub-millimetre capture jitter at high rates does not read as motion.
// A contact point slides when its speed along the ground (the two axes that are not up) exceeds
// `slideSpeed` x H per second, unless another point of the same foot is in contact and still:
// a foot rolling from heel to toe pivots about its ball, and its ankle then moves while nothing
// slides on the floor. Nor does a point slide in the first or last 1/10 s of a contact: a foot
// still coming down decelerates, and one rolling off pivots about its toe tip, which no joint
// tracks. (A contact that runs from the clip's start, or to its end, is not trimmed there.)
//
// Pure: positions in, per-frame flags out; no allocation beyond the result, no printing.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

// Fractions of the figure's height (H), per second where it is a speed. The defaults, for a
// 1.7 m figure: within 6 cm of the resting height, slower than 1 m/s, sliding above 17 cm/s.
// (With 8.5 cm/s, clean CMU walks flag 10-25 % of their contact frames; with 17 cm/s, 2-8 %,
// while a procedural walk whose feet skate flags about half.)
struct FootContactThresholds {
    double contactHeight = 0.035; // x H above the point's resting height
    double contactSpeed = 0.6;    // x H per second, 3D speed
    double slideSpeed = 0.1;      // x H per second, speed along the ground
};

enum class FootPointKind : std::uint8_t { Ankle, Toe, EndEffector };

struct FootPoint {
    NodeIndex node = 0;
    FootPointKind kind = FootPointKind::Ankle;
    std::uint32_t foot = 0; // points of one foot (an ankle and its toe) share this number
};

// The foot points of a skeleton, in node order (see the header comment). `upAxis` orders End
// Sites by height for the fallback. Empty only for a skeleton with neither names nor End Sites.
std::vector<FootPoint> findFootPoints(const Skeleton& skeleton, UpAxis upAxis);

// One point's contact over the clip.
struct FootContactTrack {
    NodeIndex node = 0;
    double restingHeight = 0.0;        // along the up axis, file units
    std::vector<std::uint8_t> contact; // per frame, 0 or 1
    std::vector<std::uint8_t> sliding; // per frame: in contact and sliding
    std::vector<float> groundSpeed;    // per frame, file units per second
    std::uint32_t contactFrames = 0;   // frames with contact
    std::uint32_t slidingFrames = 0;   // frames with contact and slide
};

struct FootContactAnalysis {
    std::vector<FootContactTrack> feet; // in the order of the points given
    std::uint32_t frameCount = 0;
    // The thresholds in file units (per second for speeds), as applied.
    double contactHeight = 0.0;
    double contactSpeed = 0.0;
    double slideSpeed = 0.0;
};

// From positions: `positions` holds frameCount x points.size() points, frame-major (all points
// of frame 0, then of frame 1, ...), in file units and axes. `figureHeight` > 0 in file units,
// `frameTime` > 0 in seconds. A clip of one frame has no speeds (all zero): a point there is in
// contact when it is at its resting height.
FootContactAnalysis detectFootContacts(std::span<const glm::dvec3> positions,
                                       std::span<const FootPoint> points, double frameTime,
                                       UpAxis upAxis, double figureHeight,
                                       const FootContactThresholds& thresholds = {});

// From a clip: forward kinematics of every frame for the points given (translation `mode` must
// be resolved), then detectFootContacts. A motion with no frames gives tracks with no frames.
FootContactAnalysis analyzeFootContacts(const Skeleton& skeleton, const Motion& motion,
                                        TranslationMode mode, std::span<const FootPoint> points,
                                        UpAxis upAxis, double figureHeight,
                                        const FootContactThresholds& thresholds = {});

} // namespace bvh
