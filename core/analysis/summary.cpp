#include "core/analysis/summary.h"

#include <algorithm>

namespace bvh {

DocumentSummary summarize(const Document& document, TranslationMode requested,
                          std::size_t stanceFrames) {
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
    summary.restPose = analyzeRestPose(skeleton);
    summary.stance = analyzeStance(skeleton, motion, summary.translationUsed, summary.restPose,
                                   std::nullopt, stanceFrames);
    summary.warnings = countWarnings(document.diagnostics);
    summary.errors = document.diagnostics.size() - summary.warnings;
    return summary;
}

} // namespace bvh
