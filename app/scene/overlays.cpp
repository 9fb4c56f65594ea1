#include "app/scene/overlays.h"

#include "render/math/grid_layout.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::scene {

namespace {

// Future frames are drawn lighter than past ones, so the direction of time reads at a glance.
glm::vec4 futureTint(const glm::vec4& color) {
    return {glm::mix(glm::vec3(color), glm::vec3(1.0f), 0.3f), color.a};
}

glm::vec4 withAlpha(const glm::vec4& color, float alpha) {
    return {glm::vec3(color), alpha};
}

bool analysable(const Character& character) {
    return character.appearance.visible && !character.loading() &&
           character.clip->document.motion.frameCount > 0;
}

} // namespace

OverlayOptions overlayOptions(const ViewerSettings& settings) {
    OverlayOptions options;
    options.trails = settings.showTrails;
    options.trailFrames = settings.trailFrames;
    options.ghosts = settings.showGhosts;
    options.ghostCount = settings.ghostCount;
    options.ghostStep = settings.ghostStep;
    options.ghostOpacity = settings.ghostOpacity;
    options.footContacts = settings.showFootContacts;
    options.contactThresholds.slideSpeed = settings.footSlideSpeed;
    return options;
}

// [SECTION] Sampling whole frames

void OverlayBuilder::framePositions(const Character& character, std::uint32_t frame,
                                    std::vector<glm::vec3>& out) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    local_.resize(skeleton.nodeCount());
    world_.resize(skeleton.nodeCount());
    out.resize(skeleton.nodeCount());
    bvh::computeLocalTransforms(skeleton, character.clip->document.motion.frame(frame),
                                character.clip->translation, local_);
    bvh::computeWorldTransforms(skeleton, local_, world_);
    const Placement placement = placementFor(character, world_);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = placement.apply(
            glm::vec3(character.axes.fileToViewer * glm::dvec4(world_[i].translation, 1.0)));
    }
}

// [SECTION] Trails

void OverlayBuilder::addTrail(const Character& character, bvh::NodeIndex node, std::uint32_t frame,
                              const OverlayOptions& options, SceneOverlays& out) {
    const std::int64_t last = character.clip->document.motion.frameCount - 1;
    const std::int64_t window = std::max(options.trailFrames, 1);
    const std::int64_t first = std::max<std::int64_t>(0, frame - window);
    const std::int64_t end = std::min<std::int64_t>(last, frame + window);
    if (end <= first) {
        return;
    }
    // Fully opaque at the current frame, down to a tenth at the window's ends.
    const auto colorAt = [&](std::int64_t at) {
        const float distance =
            static_cast<float>(std::abs(at - std::int64_t{frame})) / static_cast<float>(window);
        const glm::vec4 base =
            at > frame ? futureTint(character.appearance.color) : character.appearance.color;
        return withAlpha(base, 1.0f - 0.9f * std::min(distance, 1.0f));
    };
    glm::vec3 previous{0.0f};
    for (std::int64_t at = first; at <= end; ++at) {
        framePositions(character, static_cast<std::uint32_t>(at), positions_);
        const glm::vec3 point = positions_[static_cast<std::size_t>(node)];
        if (at > first) {
            out.trails.push_back(
                {previous, options.trailWidthPixels, point, 0.0f, colorAt(at - 1), colorAt(at)});
        }
        previous = point;
    }
}

// [SECTION] Ghosts

bool OverlayBuilder::ghostSkinKept(const Character& character, std::uint32_t frame,
                                   std::size_t slot, const BodyInstance& body) const {
    if (slot >= ghostSkins_.size() || body.mesh != character.appearance.body->mesh()) {
        return false;
    }
    const GhostSkinSource& source = ghostSkins_[slot];
    return source.frame == frame && source.clip.lock() == character.clip;
}

void OverlayBuilder::addGhostBody(const Character& character, std::uint32_t frame,
                                  const SceneLook& look, const glm::vec4& color,
                                  SceneOverlays& out) {
    // The instances of the last build are posed again in place: their skin, colours and skin
    // scratch keep their sizes, so a frame with as many ghosts of the same skeletons allocates
    // nothing (a ghost's skin is a joint count of dual quaternions, its scratch the plan's).
    if (ghostBodiesUsed_ == out.ghostBodies.size()) {
        out.ghostBodies.emplace_back();
    }
    const std::size_t slot = ghostBodiesUsed_;
    BodyInstance& body = out.ghostBodies[slot];
    // A ghost of the same frame of the same figure keeps its skin: the paused viewer, redrawn
    // for every step of an orbit, would otherwise skin every ghost again each frame.
    const bool kept =
        Scene::drawnAsBody(character, look) && ghostSkinKept(character, frame, slot, body);
    const Scene::BodySkin skinning = kept ? Scene::BodySkin::Keep : Scene::BodySkin::Compute;
    if (!Scene::poseBody(character, world_, look, body, skinning)) {
        return;
    }
    std::ranges::fill(body.colors, color);
    ++ghostBodiesUsed_;
    if (!kept) {
        ++ghostSkinPasses_;
        if (ghostSkins_.size() <= slot) {
            ghostSkins_.resize(slot + 1);
        }
        ghostSkins_[slot] = {character.clip, frame};
    }
}

void OverlayBuilder::addGhosts(const Character& character, std::uint32_t frame,
                               const OverlayOptions& options, const SceneLook& look,
                               SceneOverlays& out) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const std::int64_t last = character.clip->document.motion.frameCount - 1;
    const int count = std::max(options.ghostCount, 0);
    const int step = std::max(options.ghostStep, 1);
    for (int k = 1; k <= count; ++k) {
        const float alpha =
            options.ghostOpacity * (1.0f - static_cast<float>(k - 1) / static_cast<float>(count));
        for (const int direction : {-1, 1}) {
            const std::int64_t at = std::int64_t{frame} + std::int64_t{direction} * k * step;
            if (at < 0 || at > last) {
                continue;
            }
            const glm::vec4 color = withAlpha(direction > 0 ? futureTint(character.appearance.color)
                                                            : character.appearance.color,
                                              alpha);
            framePositions(character, static_cast<std::uint32_t>(at), positions_);
            if (Scene::drawnAsBody(character, look)) {
                addGhostBody(character, static_cast<std::uint32_t>(at), look, color, out);
                continue;
            }
            for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
                const bvh::NodeIndex parent = skeleton.parents[i];
                if (parent != bvh::kNoParent) {
                    out.ghostBones.push_back({positions_[static_cast<std::size_t>(parent)],
                                              Scene::boneRadius(character, look, i), positions_[i],
                                              0.0f, color});
                }
                if (skeleton.isEndSite[i] == 0) {
                    out.ghostJoints.push_back({positions_[i],
                                               Scene::jointRadius(character, look, i),
                                               positions_[i], 0.0f, color});
                }
            }
            for (const HeadBall& ball : character.appearance.headBalls) {
                out.ghostJoints.push_back(Scene::headBallInstance(ball, positions_, look, color));
            }
        }
    }
}

// [SECTION] Foot contacts

OverlayBuilder::CachedContacts*
OverlayBuilder::cachedContacts(const Character& character,
                               const bvh::FootContactThresholds& thresholds) const {
    const bvh::Motion& motion = character.clip->document.motion;
    for (const std::unique_ptr<CachedContacts>& entry : cache_) {
        if (entry->motionData == motion.values.data() && entry->frameCount == motion.frameCount &&
            entry->upAxis == character.axes.upAxis &&
            entry->contactHeight == thresholds.contactHeight &&
            entry->contactSpeed == thresholds.contactSpeed &&
            entry->slideSpeed == thresholds.slideSpeed) {
            return entry.get();
        }
    }
    return nullptr;
}

const CharacterFootContacts*
OverlayBuilder::keptFootContacts(const Character& character,
                                 const bvh::FootContactThresholds& thresholds) const {
    if (character.loading()) {
        return nullptr;
    }
    const CachedContacts* entry = cachedContacts(character, thresholds);
    return entry == nullptr || entry->contacts.points.empty() ? nullptr : &entry->contacts;
}

const CharacterFootContacts*
OverlayBuilder::footContacts(const Character& character,
                             const bvh::FootContactThresholds& thresholds) {
    if (character.loading() || character.clip->document.motion.frameCount == 0 ||
        character.clip->summary.restPose.height <= 0.0) {
        return nullptr;
    }
    const bvh::Motion& motion = character.clip->document.motion;
    if (CachedContacts* kept = cachedContacts(character, thresholds)) {
        kept->used = true;
        return kept->contacts.points.empty() ? nullptr : &kept->contacts;
    }
    auto entry = std::make_unique<CachedContacts>();
    entry->motionData = motion.values.data();
    entry->frameCount = motion.frameCount;
    entry->upAxis = character.axes.upAxis;
    entry->contactHeight = thresholds.contactHeight;
    entry->contactSpeed = thresholds.contactSpeed;
    entry->slideSpeed = thresholds.slideSpeed;
    entry->used = true;
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    entry->contacts.points = bvh::findFootPoints(skeleton, character.axes.upAxis);
    entry->contacts.analysis = bvh::analyzeFootContacts(
        skeleton, motion, character.clip->translation, entry->contacts.points,
        character.axes.upAxis, character.clip->summary.restPose.height, thresholds);
    cache_.push_back(std::move(entry));
    return cache_.back()->contacts.points.empty() ? nullptr : &cache_.back()->contacts;
}

// [SECTION] Everything

void OverlayBuilder::build(const Scene& scene, const ScenePose& pose,
                           const std::optional<Selection>& selected, const OverlayOptions& options,
                           const SceneLook& look, double timeSeconds, SceneOverlays& out) {
    out.trails.clear();
    out.ghostBones.clear();
    out.ghostJoints.clear();
    ghostBodiesUsed_ = 0; // out.ghostBodies is kept for addGhostBody to pose again
    if (ghostsBuiltInto_ != &out) {
        ghostSkins_.clear(); // another SceneOverlays: its instances' skins are not known
        ghostsBuiltInto_ = &out;
    }
    out.contactMarkers.clear();
    // Analyses nobody asked for since the last build belong to closed files or old settings.
    std::erase_if(cache_,
                  [](const std::unique_ptr<CachedContacts>& entry) { return !entry->used; });
    for (const std::unique_ptr<CachedContacts>& entry : cache_) {
        entry->used = false;
    }

    const float groundHeight = render::gridForBounds(scene.motionBounds()).groundHeight;
    const std::vector<Character>& characters = scene.characters();
    for (std::size_t c = 0; c < characters.size(); ++c) {
        const Character& character = characters[c];
        if (!analysable(character)) {
            continue;
        }
        const std::uint32_t frame = frameAt(character, timeSeconds);
        if (options.trails) {
            std::optional<bvh::NodeIndex> node;
            if (!options.trailJoint.empty()) {
                const bvh::NodeIndex found =
                    character.clip->document.skeleton.find(options.trailJoint);
                if (found != bvh::kNoParent) {
                    node = found;
                }
            } else if (selected) {
                if (selected->character == c) {
                    node = selected->node;
                }
            } else {
                node = 0;
            }
            if (node &&
                static_cast<std::size_t>(*node) < character.clip->document.skeleton.nodeCount()) {
                addTrail(character, *node, frame, options, out);
            }
        }
        if (options.ghosts) {
            addGhosts(character, frame, options, look, out);
        }
        if (options.footContacts) {
            const CharacterFootContacts* contacts =
                footContacts(character, options.contactThresholds);
            const std::vector<glm::vec3>* positions = scene.positionsIn(pose, c);
            if (contacts == nullptr || positions == nullptr ||
                frame >= contacts->analysis.frameCount) {
                continue;
            }
            const float radius = 0.045f * static_cast<float>(character.axes.figureHeightMetres);
            for (const bvh::FootContactTrack& track : contacts->analysis.feet) {
                if (track.contact[frame] == 0) {
                    continue;
                }
                const glm::vec3 foot = (*positions)[static_cast<std::size_t>(track.node)];
                const bool sliding = track.sliding[frame] != 0;
                out.contactMarkers.push_back({glm::vec3(foot.x, groundHeight, foot.z),
                                              sliding ? 1.3f * radius : radius,
                                              sliding ? kSlideColor : kContactColor});
            }
        }
    }
    out.ghostBodies.resize(ghostBodiesUsed_);
    ghostSkins_.resize(std::min(ghostSkins_.size(), ghostBodiesUsed_));
}

} // namespace bvhscope::scene
