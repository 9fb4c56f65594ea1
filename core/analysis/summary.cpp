#include "core/analysis/summary.h"

#include <algorithm>

namespace bvh {

namespace {

// What summarize() counts and reads from the document, without the rest pose and the stance.
DocumentSummary summaryCounts(const Document& document, TranslationMode requested) {
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    DocumentSummary summary;
    summary.joints = skeleton.jointCount();
    summary.endSites = skeleton.endSiteCount();
    for (NodeIndex root : skeleton.roots()) {
        summary.rootNames.push_back(skeleton.names[static_cast<std::size_t>(root)]);
    }
    summary.channels = skeleton.totalChannels();
    summary.framesPresent = motion.frameCount;
    summary.framesDeclared = document.declaredFrameCount;
    summary.frameTime = motion.frameTime;
    summary.frameTimeAssumed = motion.frameTimeAssumed;
    summary.framesPerSecond = motion.framesPerSecond();
    summary.durationSeconds = motion.duration();
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const auto index = static_cast<NodeIndex>(node);
        if (skeleton.hasPositionChannels(index)) {
            ++summary.jointsWithPositionChannels;
        }
        std::string order = skeleton.rotationOrder(index);
        if (order.empty()) {
            continue;
        }
        auto found = std::ranges::find(summary.rotationOrders, order,
                                       &std::pair<std::string, std::size_t>::first);
        if (found == summary.rotationOrders.end()) {
            summary.rotationOrders.emplace_back(std::move(order), 1);
        } else {
            ++found->second;
        }
    }
    summary.translationRequested = requested;
    summary.translationUsed = resolveTranslationMode(requested, skeleton, motion);
    summary.warnings = countWarnings(document.diagnostics);
    summary.errors = document.diagnostics.size() - summary.warnings;
    return summary;
}

} // namespace

DocumentSummary summarize(const Document& document, TranslationMode requested,
                          std::size_t stanceFrames) {
    DocumentSummary summary = summaryCounts(document, requested);
    summary.restPose = analyzeRestPose(document.skeleton);
    summary.stance = analyzeStance(document.skeleton, document.motion, summary.translationUsed,
                                   summary.restPose, std::nullopt, stanceFrames);
    return summary;
}

DocumentSummary summarize(const Document& document, TranslationMode requested,
                          std::size_t stanceFrames, MotionFeatures& features) {
    DocumentSummary summary = summaryCounts(document, requested);
    summary.restPose = analyzeRestPose(document.skeleton);
    MotionFeatureSampling sampling(document.skeleton, document.motion, summary.translationUsed);
    FramePoseRequest* const request = &sampling.request();
    const std::size_t requests = request->frames.empty() ? 0 : 1;
    summary.stance =
        analyzeStance(document.skeleton, document.motion, summary.translationUsed, summary.restPose,
                      std::nullopt, stanceFrames, std::span(&request, requests));
    features = sampling.features(document.skeleton);
    return summary;
}

} // namespace bvh
