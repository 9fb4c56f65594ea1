#include "app/scene/clip.h"

namespace bvhscope::scene {

Clip analyzeClip(std::string displayName, std::string sourcePath, bvh::Document document) {
    Clip clip;
    clip.displayName = std::move(displayName);
    clip.sourcePath = std::move(sourcePath);
    clip.document = std::move(document);
    clip.summary = bvh::summarize(clip.document, bvh::TranslationMode::Auto);
    clip.translation = clip.summary.translationUsed;
    const bvh::Skeleton& skeleton = clip.document.skeleton;
    const bvh::Motion& motion = clip.document.motion;
    clip.frameTime = bvh::checkFrameTime(skeleton, motion, clip.translation, clip.summary.restPose);
    clip.restAnimation =
        bvh::compareRestWithAnimation(skeleton, motion, clip.translation, clip.summary.restPose);
    return clip;
}

std::shared_ptr<const Clip> makeClip(std::string displayName, std::string sourcePath,
                                     bvh::Document document) {
    return std::make_shared<const Clip>(
        analyzeClip(std::move(displayName), std::move(sourcePath), std::move(document)));
}

} // namespace bvhscope::scene
