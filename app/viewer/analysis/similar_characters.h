// "Takes that move like this one" over the files open (issue 39 item 4): the Selected panel's
// Similar when no folder is browsed. The same features and ranking as the Browser's
// right-click and `bvhscope similar` (core/analysis/motion_features.h), measured here from the
// characters' clips, which are already in memory.
#pragma once

#include "app/scene/scene.h"
#include "core/analysis/motion_features.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// The last ranking asked for, kept for the Selected panel. It holds while the query character
// still shows the clip it was ranked for (isFor): a file replaced in place (the Browser's next
// take, a reload) ends it.
struct SimilarCharacters {
    std::optional<std::size_t> query; // the character compared with
    std::weak_ptr<const scene::Clip> queryClip;
    struct Match {
        std::string name; // the character's file name when ranked
        double distance = 0.0;
    };
    // The other characters, nearest first; those without features in common with the query
    // (no motion yet, a header still loading) are left out.
    std::vector<Match> ranked;

    bool isFor(const scene::Scene& scene, std::size_t character) const;
};

// Ranks every character but `query` by how alike its motion is to `query`'s. Empty when
// `query` is out of range or its clip has no features (no frames, no usable body size).
SimilarCharacters rankCharactersByLikeness(const scene::Scene& scene, std::size_t query);

} // namespace bvhscope::viewer
