#include "app/scene/character_body.h"

#include "app/scene/character.h"
#include "app/scene/scene.h"
#include "core/analysis/stance.h"
#include "core/body/body_bind_pose.h"

#include <algorithm>

namespace bvhscope::scene {

BodyBuild::BodyBuild(std::shared_ptr<const Clip> clip, bvh::BodyOptions options)
    : clip_(std::move(clip)), options_(std::move(options)) {}

std::shared_ptr<BodyBuild> BodyBuild::start(std::shared_ptr<const Clip> clip,
                                            bvh::BodyOptions options, Wait wait) {
    std::shared_ptr<BodyBuild> build(new BodyBuild(std::move(clip), std::move(options)));
#ifdef __EMSCRIPTEN__
    // The page has no threads: the body is built at once (tens of milliseconds, once per file).
    wait = Wait::Yes;
#endif
    if (wait == Wait::Yes) {
        build->run(std::stop_token{});
    } else {
        // The thread touches only *build, which outlives it (the destructor joins it first).
        build->worker_ =
            std::jthread([raw = build.get()](std::stop_token stop) { raw->run(stop); });
    }
    return build;
}

void BodyBuild::run(std::stop_token stop) {
    const bvh::Skeleton& skeleton = clip_->document.skeleton;
    // Bound where the motion agrees with the rest pose (body_bind_pose.h): chosen here, on the
    // build's thread, from the clip alone, so every character sharing the build agrees.
    bvh::BodyOptions options = options_;
    options.bindWorld = bvh::chooseBodyBindPose(skeleton, clip_->document.motion,
                                                clip_->translation, clip_->restAnimation)
                            .world;
    bvh::BodyResult result = bvh::buildBody(skeleton, options, stop);
    message_ = std::move(result.message);
    if (result.mesh && result.mesh->nodeRadii.size() == skeleton.nodeCount() &&
        result.mesh->bindWorld.size() == skeleton.nodeCount()) {
        bindWorld_ = result.mesh->bindWorld;
        skinPlan_ = bvh::makeBodySkinPlan(skeleton.parents, bindWorld_);
        mesh_ = std::move(result.mesh);
        state_.store(State::Ready, std::memory_order_release);
        return;
    }
    if (message_.empty()) {
        message_ = "no body could be made for this skeleton";
    }
    state_.store(State::Fallback, std::memory_order_release);
}

bool BodyBuild::builds(const Clip* clip, const bvh::BodyOptions& options) const {
    return clip_.get() == clip && bvh::sameBodyOptionsBesideBindPose(options_, options);
}

bool BodyBuild::takeFallbackReport() {
    if (state() != State::Fallback || fallbackReported_) {
        return false;
    }
    fallbackReported_ = true;
    return true;
}

bvh::BodyOptions bodyOptionsFor(const Character& character) {
    bvh::BodyOptions options;
    options.up = character.axes.upAxis;
    options.excludedBones = bvh::linksBelowStaticRoots(character.clip->document.skeleton,
                                                       character.axes.stance.staticRoots);
    return options;
}

std::vector<std::string> requestBodies(Scene& scene, BodyBuild::Wait wait,
                                       const glm::vec3& gridPhase, std::size_t maxNodes) {
    std::vector<Character>& characters = scene.characters();
    for (std::size_t c = 0; c < characters.size(); ++c) {
        Character& character = characters[c];
        if (character.loading() || !character.clip) {
            character.appearance.body.reset(); // the finished clip replaces this one: built then
            continue;
        }
        bvh::BodyOptions options = bodyOptionsFor(character);
        options.gridPhase = gridPhase;
        options.maxNodes = maxNodes;
        if (character.appearance.body &&
            character.appearance.body->builds(character.clip.get(), options)) {
            continue;
        }
        character.appearance.body.reset();
        for (std::size_t other = 0; other < c; ++other) {
            if (characters[other].appearance.body &&
                characters[other].appearance.body->builds(character.clip.get(), options)) {
                character.appearance.body = characters[other].appearance.body;
                break;
            }
        }
        if (!character.appearance.body) {
            character.appearance.body = BodyBuild::start(character.clip, options, wait);
        }
    }
    std::vector<std::string> fallbacks;
    for (Character& character : characters) {
        if (character.appearance.body && character.appearance.body->takeFallbackReport()) {
            // The builder's message says why and that capsules are drawn instead.
            fallbacks.push_back(character.clip->displayName + ": " +
                                character.appearance.body->message());
        }
    }
    return fallbacks;
}

bool bodiesBuilding(const Scene& scene) {
    return std::ranges::any_of(scene.characters(), [](const Character& character) {
        return character.appearance.body &&
               character.appearance.body->state() == BodyBuild::State::Building;
    });
}

void dropBodies(Scene& scene) {
    for (Character& character : scene.characters()) {
        character.appearance.body.reset();
    }
}

} // namespace bvhscope::scene
