#include "app/scene/clip.h"

namespace bvhscope::scene {

Clip analyzeClip(std::string displayName, std::string sourcePath, bvh::Document document) {
    Clip clip;
    clip.displayName = std::move(displayName);
    clip.sourcePath = std::move(sourcePath);
    clip.document = std::move(document);
    clip.summary = bvh::summarize(clip.document, bvh::TranslationMode::Auto);
    clip.translation = clip.summary.translationUsed;
    clip.restAnimation = bvh::compareRestWithAnimation(clip.document.skeleton, clip.document.motion,
                                                       clip.translation, clip.summary.restPose);
    return clip;
}

const bvh::FrameTimeReport& Clip::frameTime() const {
    return frameTime_.get([this] {
        return bvh::checkFrameTime(document.skeleton, document.motion, translation,
                                   summary.restPose);
    });
}

std::shared_ptr<const Clip> makeClip(std::string displayName, std::string sourcePath,
                                     bvh::Document document) {
    return std::make_shared<const Clip>(
        analyzeClip(std::move(displayName), std::move(sourcePath), std::move(document)));
}

} // namespace bvhscope::scene
