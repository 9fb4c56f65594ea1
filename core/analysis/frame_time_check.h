// Is the Frame Time right? Two checks, both conservative (a finding is worth a user's attention;
// a clean file says nothing).
//
// [SECTION] A common rate written short
// Writers print 1/30 as 0.033333, 0.0333333 or .03333, which plays at 30.0003, 30.00003 or
// 30.003 fps and drifts against video and sound. findWrittenCommonRate() recovers the digits the
// file wrote (the reader rounds correctly, so the shortest decimal that reads back to the same
// double is what the file says, trailing zeros aside) and reports the common rate whose exact
// frame time, truncated or rounded to that many decimals, gives exactly those digits. A Frame
// Time whose rate is already a whole or round number (0.01 is 100 fps, 0.008 is 125 fps,
// 0.0417083750417 is 23.976 fps to 12 digits) is taken as meant and never reported, however few
// digits it has.
//
// [SECTION] A rate the motion disagrees with
// Human motion has speed limits that do not depend on units: the typical joint of a moving body
// turns at tens to a few hundred degrees per second. checkMotionSpeed() measures, at the
// declared rate, how fast the typical joint turns (per pair of frames the median over the
// joints of their rotation's change, then the 90th percentile over the clip), and, when the
// root has position channels, how fast the root travels horizontally (the 90th percentile over
// quarter-second windows, in figure heights per second). When the typical joint turns faster
// than any performer's (default 600 deg/s; the liveliest corpus captures, a dance, a pirouette
// and a climb, measure 170-180) over at least 20 frame pairs, the rate is suspected too high,
// and the report names the highest common rate at which the figures become ordinary (joints
// under half the limit, root under 4 heights/s, a run). Root travel alone never raises the
// suspicion (a unit error moves the root too, see rest_animation_agreement.h), it only adds its
// numbers. So a declared rate 4x too high is caught for lively motion and 10x for a calm walk.
// A rate that is too low cannot be told from a slow performance (standing, tai chi), so it is
// not reported.
//
// Pure; never throws or prints.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace bvh {

struct CommonFrameRate {
    double framesPerSecond = 30.0; // exact: 30000/1001 for 29.97
    std::string_view name;         // "30", "29.97"
};
// 8 ... 1000 fps: film, PAL, NTSC (24000/1001, 30000/1001, 60000/1001, 120000/1001) and the
// rates capture systems run at. Whole rates first.
std::span<const CommonFrameRate> commonFrameRates();

// The shortest decimal that reads back as `value` ("0.033333"), and its digits after the point.
std::string shortestDecimal(double value);
int decimalsWritten(double frameTime);

// How the exact frame time became the written digits: cut (1/24 -> 0.0416666), rounded
// (1/24 -> 0.041667), or either, when both give the same digits (1/30 -> 0.033333).
enum class Shortening : std::uint8_t { Cut, Rounded, CutOrRounded };

struct WrittenCommonRate {
    double frameTime = 0.0;      // as in the file
    int decimals = 0;            // written after the decimal point
    CommonFrameRate rate;        // what it stands for
    double exactFrameTime = 0.0; // 1 / rate
    Shortening shortening = Shortening::CutOrRounded;
    double relativeError = 0.0; // |frameTime - exact| / exact
    std::string message;        // "Frame Time 0.033333 is 1/30 s cut to 6 decimals: ..."
};
std::optional<WrittenCommonRate> findWrittenCommonRate(double frameTime);

struct MotionSpeed {
    std::size_t framePairs = 0; // frame pairs measured (every one, or an even sample of them)
    double typicalJointDegreesPerSecond = 0.0;
    std::optional<double> rootHeightsPerSecond; // none without root position channels
};

struct MotionSpeedOptions {
    double implausibleJointDegreesPerSecond = 600.0;
    double ordinaryRootHeightsPerSecond = 4.0;
    std::size_t minimumFramePairs = 20; // fewer is no evidence (a T-pose frame 0 dominates)
    std::size_t maxFramePairs = 4000;   // longer clips are sampled evenly
};

struct SpeedSuspicion {
    double declaredFramesPerSecond = 0.0;
    CommonFrameRate suggested; // the highest common rate below the declared one that fits
    MotionSpeed atSuggested;   // the same measures at that rate
    std::string message;
};

struct MotionSpeedCheck {
    MotionSpeed atDeclared;
    std::optional<SpeedSuspicion> suspicion;
};

// `rest` gives the up axis (for horizontal travel) and the figure height (for heights/s).
// Clips of fewer than 3 frames are not measured.
MotionSpeedCheck checkMotionSpeed(const Skeleton& skeleton, const Motion& motion,
                                  TranslationMode translation, const RestPoseAnalysis& rest,
                                  const MotionSpeedOptions& options = {});

// Both checks for a file. A Frame Time the reader assumed (none in the file) gets neither.
struct FrameTimeReport {
    std::optional<WrittenCommonRate> written;
    MotionSpeedCheck speed;
    bool any() const { return written.has_value() || speed.suspicion.has_value(); }
};
FrameTimeReport checkFrameTime(const Skeleton& skeleton, const Motion& motion,
                               TranslationMode translation, const RestPoseAnalysis& rest,
                               const MotionSpeedOptions& options = {});

} // namespace bvh
