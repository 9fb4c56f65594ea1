// The facts about a loaded file that `bvhscope info` and the viewer's info panel show.
#pragma once

#include "core/analysis/motion_features.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/analysis/stance.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bvh {

struct DocumentSummary {
    std::size_t joints = 0;
    std::size_t endSites = 0;
    std::vector<std::string> rootNames;
    std::size_t channels = 0;
    std::uint32_t framesPresent = 0;
    std::optional<std::int64_t> framesDeclared;
    double frameTime = kAssumedFrameTime;
    bool frameTimeAssumed = true;
    double framesPerSecond = 30.0;
    double durationSeconds = 0.0;
    // Rotation orders in first-seen order with the number of joints using each ("ZXY", 30).
    // Joints without rotation channels are not counted.
    std::vector<std::pair<std::string, std::size_t>> rotationOrders;
    TranslationMode translationRequested = TranslationMode::Auto;
    TranslationMode translationUsed = TranslationMode::Additive;
    std::size_t jointsWithPositionChannels = 0;
    RestPoseAnalysis restPose;
    // How the clip stands (core/analysis/stance.h): up axis with its source, facing, ground.
    Stance stance;
    std::size_t warnings = 0;
    std::size_t errors = 0;
};

// `stanceFrames`: the frames the stance samples (analyzeStance's maxFrames); fewer for a
// preview that needs only up and facing (the Browser's summaries of a whole library).
DocumentSummary summarize(const Document& document, TranslationMode requested,
                          std::size_t stanceFrames = 240);

// summarize(), and the clip's motion features (computeMotionFeatures with the translation mode
// the summary uses) into `features`, in one pass over the frames: a frame both sample is posed
// once (the Browser's summary of each take of a library, issue 44). Both results are the same
// as the separate calls', to the bit.
DocumentSummary summarize(const Document& document, TranslationMode requested,
                          std::size_t stanceFrames, MotionFeatures& features);

} // namespace bvh
