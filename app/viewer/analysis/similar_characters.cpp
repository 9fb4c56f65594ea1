#include "app/viewer/analysis/similar_characters.h"

namespace bvhscope::viewer {

SimilarCharacters rankCharactersByLikeness(const scene::Scene& scene, std::size_t query) {
    const std::vector<scene::Character>& characters = scene.characters();
    if (query >= characters.size()) {
        return {};
    }
    std::vector<bvh::MotionFeatures> features(characters.size());
    for (std::size_t i = 0; i < characters.size(); ++i) {
        const scene::Clip& clip = *characters[i].clip;
        features[i] = bvh::computeMotionFeatures(clip.document.skeleton, clip.document.motion,
                                                 clip.translation);
    }
    if (features[query].empty()) {
        return {};
    }
    SimilarCharacters result;
    result.query = query;
    result.queryClip = characters[query].clip;
    for (const bvh::RankedTake& ranked : bvh::rankBySimilarity(features[query], features)) {
        if (ranked.take != query) {
            result.ranked.push_back({characters[ranked.take].clip->displayName, ranked.distance});
        }
    }
    return result;
}

bool SimilarCharacters::isFor(const scene::Scene& scene, std::size_t character) const {
    const std::vector<scene::Character>& characters = scene.characters();
    return query == character && character < characters.size() &&
           queryClip.lock() == characters[character].clip;
}

} // namespace bvhscope::viewer
