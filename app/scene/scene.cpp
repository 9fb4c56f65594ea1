#include "app/scene/scene.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <limits>

namespace bvhscope::scene {

namespace {

// Distinct, readable on a dark background: hues apart first, then the lighter and darker
// variants, so the first few files differ the most.
const glm::vec4 kPalette[kCharacterPaletteSize] = {
    {0.95f, 0.60f, 0.25f, 1.0f}, // orange
    {0.30f, 0.75f, 0.85f, 1.0f}, // cyan
    {0.70f, 0.50f, 0.95f, 1.0f}, // violet
    {0.45f, 0.85f, 0.40f, 1.0f}, // green
    {0.95f, 0.45f, 0.60f, 1.0f}, // pink
    {0.90f, 0.85f, 0.40f, 1.0f}, // yellow
    {0.35f, 0.50f, 0.95f, 1.0f}, // blue
    {0.95f, 0.30f, 0.25f, 1.0f}, // red
    {0.55f, 0.95f, 0.80f, 1.0f}, // mint
    {0.75f, 0.60f, 0.45f, 1.0f}, // tan
    {0.85f, 0.25f, 0.95f, 1.0f}, // magenta
    {0.75f, 0.90f, 0.20f, 1.0f}, // lime
};

glm::vec4 dimmed(const glm::vec4& color) {
    return {glm::vec3(color) * 0.8f, color.a};
}

} // namespace

void Scene::add(Character character) {
    character.appearance.color = kPalette[coloursUsed_++ % std::size(kPalette)];
    characters_.push_back(std::move(character));
    arrangeSideBySide();
}

void Scene::remove(std::size_t index) {
    if (index < characters_.size()) {
        characters_.erase(characters_.begin() + static_cast<std::ptrdiff_t>(index));
        arrangeSideBySide();
    }
}

Character Scene::take(std::size_t index) {
    Character taken = std::move(characters_.at(index));
    characters_.erase(characters_.begin() + static_cast<std::ptrdiff_t>(index));
    arrangeSideBySide();
    return taken;
}

void Scene::insert(std::size_t index, Character character) {
    index = std::min(index, characters_.size());
    characters_.insert(characters_.begin() + static_cast<std::ptrdiff_t>(index),
                       std::move(character));
    arrangeSideBySide();
}

// Figures stand in a row across the view the camera takes when it frames them (the first
// visible one's front three-quarters, framing.h), each at the first's depth: a row along X,
// seen from a figure's side, hides one figure behind another. Each takes the room it reaches
// across that row (GroundReach: exact in any direction, where a box would claim up to 40 %
// more), measured from its reference on the ground: its body root's ground position at each
// frame when shown in place, its first frame's when it travels.
void Scene::arrangeSideBySide() {
    const glm::vec3 across = rowDirection();
    const bool inPlace = severalInPlace_ && characters_.size() >= 2;
    std::optional<glm::vec3> firstStart;
    float nextEdge = 0.0f; // along `across`, where the next figure may begin
    float previousHeight = 0.0f;
    for (Character& character : characters_) {
        character.arrangement.inPlace = inPlace;
        const GroundReach& reach = inPlace ? character.axes.bodyReach : character.axes.travelReach;
        if (reach.empty() || character.axes.motionBounds.empty()) {
            character.arrangement.placement = glm::vec3(0.0f);
            continue;
        }
        const float height = static_cast<float>(character.axes.figureHeightMetres);
        if (!firstStart) {
            firstStart = character.axes.startGround;
            character.arrangement.placement = glm::vec3(0.0f);
        } else {
            const float gap = kRowGapHeights * std::max(height, previousHeight);
            // The slot: this figure's reach behind its reference ends at nextEdge + gap, on the
            // first figure's line.
            const float slot = nextEdge + gap + reach.towards(-across);
            character.arrangement.placement =
                *firstStart + slot * across - character.axes.startGround;
            character.arrangement.placement.y = 0.0f;
        }
        const float placed = glm::dot(
            character.axes.startGround + character.arrangement.placement - *firstStart, across);
        nextEdge = placed + reach.towards(across);
        previousHeight = height;
    }
}

void Scene::setSeveralInPlace(bool inPlace) {
    severalInPlace_ = inPlace;
    arrangeSideBySide();
}

glm::vec3 Scene::rowDirection() const {
    float yaw = kRowDefaultYawRadians;
    for (const Character& character : characters_) {
        if (!character.appearance.visible) {
            continue;
        }
        if (const std::optional<glm::vec3> facing = viewerFacing(character, CharacterPose{})) {
            const glm::vec2 ground(facing->x, facing->z);
            if (glm::length(ground) > 1e-6f) {
                yaw = std::atan2(ground.x, ground.y) + kRowDefaultYawRadians;
            }
        }
        break;
    }
    // The camera's right for that yaw (render/math/camera.h: the eye at (sin, ., cos)).
    return {std::cos(yaw), 0.0f, -std::sin(yaw)};
}

void Scene::sample(double timeSeconds, bvh::Interpolation interpolation, bool loopEach,
                   ScenePose& pose) const {
    pose.characters.resize(characters_.size());
    for (std::size_t i = 0; i < characters_.size(); ++i) {
        samplePose(characters_[i], localTime(characters_[i], timeSeconds, loopEach), interpolation,
                   pose.characters[i]);
    }
}

void Scene::sampleRest(ScenePose& pose) const {
    pose.characters.resize(characters_.size());
    for (std::size_t i = 0; i < characters_.size(); ++i) {
        sampleRestPose(characters_[i], pose.characters[i]);
    }
}

const std::vector<glm::vec3>* Scene::positionsIn(const ScenePose& pose, std::size_t index) const {
    if (index >= characters_.size() || index >= pose.characters.size()) {
        return nullptr;
    }
    const std::vector<glm::vec3>& positions = pose.characters[index].viewerPositions;
    return positions.size() == characters_[index].clip->document.skeleton.nodeCount() ? &positions
                                                                                      : nullptr;
}

double Scene::localTime(const Character& character, double timeSeconds, bool loopEach) {
    const double duration = playableDuration(character);
    if (!loopEach || timeSeconds <= duration || playableFrameCount(character) < 2) {
        return timeSeconds;
    }
    const double period = duration + frameTimeInUse(character);
    return std::fmod(timeSeconds, period);
}

render::Bounds Scene::motionBounds(std::size_t index) const {
    render::Bounds bounds = render::emptyBounds();
    if (index < characters_.size() && !characters_[index].axes.motionBounds.empty()) {
        const Character& character = characters_[index];
        bounds = {character.axes.motionBounds.min + character.arrangement.placement,
                  character.axes.motionBounds.max + character.arrangement.placement};
    }
    return bounds;
}

render::Bounds Scene::poseBounds(const ScenePose& pose) const {
    render::Bounds bounds = render::emptyBounds();
    forEachShown(pose, [&](std::size_t, const Character& character,
                           const std::vector<glm::vec3>& positions) {
        for (std::size_t i = 0; i < positions.size(); ++i) {
            if (!isOutsideFigure(character, i)) {
                render::include(bounds, positions[i]);
            }
        }
    });
    return bounds;
}

render::Bounds Scene::motionBounds() const {
    render::Bounds bounds = render::emptyBounds();
    for (std::size_t i = 0; i < characters_.size(); ++i) {
        if (characters_[i].appearance.visible) {
            render::include(bounds, motionBounds(i));
        }
    }
    return bounds;
}

double Scene::duration() const {
    double longest = 0.0;
    for (const Character& character : characters_) {
        longest = std::max(longest, playableDuration(character)); // loading: frames so far
    }
    return longest;
}

double Scene::frameTime(std::optional<std::size_t> selected) const {
    if (characters_.empty()) {
        return bvh::kAssumedFrameTime;
    }
    const std::size_t index = selected && *selected < characters_.size() ? *selected : 0;
    return frameTimeInUse(characters_[index]);
}

float Scene::boneRadius(const Character& character, const SceneLook& look) {
    return 0.014f * static_cast<float>(character.axes.figureHeightMetres) * look.thickness;
}

float Scene::jointRadius(const Character& character, const SceneLook& look) {
    return 0.022f * static_cast<float>(character.axes.figureHeightMetres) * look.thickness;
}

float Scene::boneRadius(const Character& character, const SceneLook& look, std::size_t node) {
    return node < character.appearance.boneRadii.size()
               ? character.appearance.boneRadii[node] * look.thickness
               : boneRadius(character, look);
}

float Scene::jointRadius(const Character& character, const SceneLook& look, std::size_t node) {
    return node < character.appearance.jointRadii.size()
               ? character.appearance.jointRadii[node] * look.thickness
               : jointRadius(character, look);
}

glm::vec3 Scene::headBallCentre(const HeadBall& ball, std::span<const glm::vec3> positions) {
    glm::vec3 low(std::numeric_limits<float>::infinity());
    glm::vec3 high(-std::numeric_limits<float>::infinity());
    for (const std::size_t node : ball.nodes) {
        if (node < positions.size()) {
            low = glm::min(low, positions[node]);
            high = glm::max(high, positions[node]);
        }
    }
    return low.x <= high.x ? 0.5f * (low + high) : glm::vec3(0.0f);
}

render::BoneInstance Scene::headBallInstance(const HeadBall& ball,
                                             std::span<const glm::vec3> positions,
                                             const SceneLook& look, const glm::vec4& color) {
    const glm::vec3 centre = headBallCentre(ball, positions);
    return {centre, ball.radius * look.thickness, centre, 0.0f, color};
}

void appendDashedLink(const glm::vec3& from, const glm::vec3& to, float radius, float figureHeight,
                      const glm::vec4& color, std::vector<render::BoneInstance>& bones) {
    const float length = glm::distance(from, to);
    const float dash = std::max(kDashLength * figureHeight, 1e-4f);
    // Whole dash-gap periods, at least one dash, at most 200 (a link hundreds of heights long
    // is drawn with longer dashes, not thousands of instances).
    const int periods = std::clamp(static_cast<int>(length / (2.0f * dash)), 1, 200);
    const float step = 1.0f / static_cast<float>(periods);
    for (int k = 0; k < periods; ++k) {
        const float begin = static_cast<float>(k) * step;
        const float end = begin + 0.5f * step;
        bones.push_back({glm::mix(from, to, begin), radius, glm::mix(from, to, end), 0.0f, color});
    }
}

namespace {

// The bone into `node` is no bone of the figure (scene.h StaticLinkStyle): the link from a static
// root to its child, or a bone into an IK goal branch.
bool isLinkNotBone(const Character& character, std::size_t node) {
    const bvh::NodeIndex parent = character.clip->document.skeleton.parents[node];
    return parent != bvh::kNoParent && (isStaticRoot(character, static_cast<std::size_t>(parent)) ||
                                        isGoalBranchNode(character, node));
}

// Scene::Detail: per node, the node its drawn segment starts from (itself once a segment ends
// there). A segment ends at a node when it has grown long enough to see, and always at a leaf,
// so every branch still reaches its tip; a branch node inside a joined run is passed over,
// moving its children's start by less than the visible length.
void buildJoinedBones(const Character& character, const std::vector<glm::vec3>& positions,
                      const Scene::Detail& detail, const SceneLook& look,
                      std::vector<render::BoneInstance>& bones) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const std::size_t count = skeleton.nodeCount();
    std::vector<std::uint32_t> children(count, 0);
    for (std::size_t i = 0; i < count; ++i) {
        if (const bvh::NodeIndex parent = skeleton.parents[i]; parent != bvh::kNoParent) {
            ++children[static_cast<std::size_t>(parent)];
        }
    }
    std::vector<std::size_t> segmentStart(count);
    for (std::size_t i = 0; i < count; ++i) {
        const bvh::NodeIndex parent = skeleton.parents[i];
        if (parent == bvh::kNoParent) {
            segmentStart[i] = i;
            continue;
        }
        const std::size_t start = segmentStart[static_cast<std::size_t>(parent)];
        const glm::vec3& from = positions[start];
        const glm::vec3& to = positions[i];
        const float visible = detail.minimumLengthPerDistance * glm::distance(detail.eye, to);
        if (children[i] == 0 || glm::distance(from, to) >= visible) {
            bones.push_back({from, Scene::boneRadius(character, look, i), to, 0.0f,
                             character.appearance.color});
            segmentStart[i] = i;
        } else {
            segmentStart[i] = start;
        }
    }
}

} // namespace

void Scene::buildInstances(const ScenePose& pose, const std::optional<Selection>& selected,
                           const SceneLook& look, std::vector<render::BoneInstance>& bones,
                           std::vector<render::BoneInstance>& joints,
                           const std::optional<Detail>& detail) const {
    bones.clear();
    joints.clear();
    forEachShown(pose, [&](std::size_t c, const Character& character,
                           const std::vector<glm::vec3>& positions) {
        if (detail) {
            buildJoinedBones(character, positions, *detail, look, bones);
            return;
        }
        const bvh::Skeleton& skeleton = character.clip->document.skeleton;
        const bool painted = character.comparePaint.nodeColors.size() == skeleton.nodeCount();
        // A body (buildBodies) replaces the bones and joints; its static links stay as they are.
        const bool asBody = drawnAsBody(character, look);
        for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
            const auto node = static_cast<bvh::NodeIndex>(i);
            const glm::vec4& color =
                painted ? character.comparePaint.nodeColors[i] : character.appearance.color;
            const bool isSelected = selected && selected->character == c && selected->node == node;
            const bvh::NodeIndex parent = skeleton.parents[i];
            // A static root's or a goal's mark is drawn as faint as its link, or not at all.
            const bool outside = isOutsideFigure(character, i);
            if (isLinkNotBone(character, i)) {
                if (look.staticLinks == StaticLinkStyle::Dashed) {
                    appendDashedLink(positions[static_cast<std::size_t>(parent)], positions[i],
                                     0.35f * boneRadius(character, look),
                                     static_cast<float>(character.axes.figureHeightMetres),
                                     dimmed(color), bones);
                }
            } else if (parent != bvh::kNoParent && !asBody) {
                const bool boneSelected =
                    selected && selected->character == c && selected->node == parent;
                bones.push_back({positions[static_cast<std::size_t>(parent)],
                                 boneRadius(character, look, i), positions[i], 0.0f,
                                 boneSelected ? look.selectionColor : color});
            }
            if ((outside && look.staticLinks == StaticLinkStyle::Hidden) || asBody) {
                continue;
            }
            if (!skeleton.isEndSite[i]) {
                joints.push_back({positions[i],
                                  outside ? 0.5f * jointRadius(character, look, i)
                                          : jointRadius(character, look, i),
                                  positions[i], 0.0f,
                                  isSelected ? look.selectionColor : dimmed(color)});
            }
        }
        if (!asBody) {
            // Selected, the head or a face joint (hidden inside it, or beside it) shows the ball
            // in the selection's colour.
            for (const HeadBall& ball : character.appearance.headBalls) {
                const bool isSelected =
                    selected && selected->character == c &&
                    std::ranges::find(ball.nodes, static_cast<std::size_t>(selected->node)) !=
                        ball.nodes.end();
                joints.push_back(headBallInstance(ball, positions, look,
                                                  isSelected ? look.selectionColor
                                                             : character.appearance.color));
            }
        }
    });
}

std::optional<Selection> Scene::pick(const ScenePose& pose, const render::Ray& ray,
                                     const SceneLook& look) const {
    std::vector<render::PickSegment> joints;
    std::vector<Selection> jointOwners;
    std::vector<render::PickSegment> bones;
    std::vector<Selection> boneOwners;
    forEachShown(pose, [&](std::size_t c, const Character& character,
                           const std::vector<glm::vec3>& positions) {
        const bvh::Skeleton& skeleton = character.clip->document.skeleton;
        // Generous radii: a thin bone is hard to hit with a mouse.
        const float jointSize = 1.6f * jointRadius(character, look);
        const float boneSize = 1.6f * boneRadius(character, look) + 0.2f * jointSize;
        // A body is hit where it is drawn: each bone with its volume's radius, no spheres.
        const std::vector<float> bodyRadii =
            drawnAsBody(character, look) ? Scene::bodyRadii(character, look) : std::vector<float>{};
        const bool asBody = bodyRadii.size() == skeleton.nodeCount();
        // What buildInstances hides is not hit either: a click on the empty floor under a hidden
        // link, or between the hands where Unreal's ik_hand_gun reaches ik_hand_l, picks nothing.
        const bool hidden = look.staticLinks == StaticLinkStyle::Hidden;
        // A face rig's head ball is its head's: a click on it selects the head, and the face's
        // joints and bones inside it, hidden by it, are not hit.
        std::vector<render::PickSegment> balls;
        if (!asBody) {
            for (const HeadBall& ball : character.appearance.headBalls) {
                const glm::vec3 centre = headBallCentre(ball, positions);
                balls.push_back({centre, centre, ball.radius * look.thickness});
                joints.push_back(balls.back());
                jointOwners.push_back({c, static_cast<bvh::NodeIndex>(ball.head)});
            }
        }
        const auto insideBall = [&](const glm::vec3& point) {
            return std::ranges::any_of(balls, [&](const render::PickSegment& ball) {
                return glm::distance(point, ball.start) < ball.radius;
            });
        };
        // The face's joints beside a ball are hit where their beads are drawn, not with the
        // figure's generous radius: that took most clicks on MakeHuman's and Bento's balls.
        std::vector<std::uint8_t> onBall(asBody ? 0 : skeleton.nodeCount(), 0);
        for (const HeadBall& ball :
             asBody ? std::span<const HeadBall>()
                    : std::span<const HeadBall>(character.appearance.headBalls)) {
            for (const std::size_t node : ball.nodes) {
                if (node < onBall.size()) {
                    onBall[node] = 1;
                }
            }
        }
        for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
            const glm::vec3& position = positions[i];
            const bool hiddenByBall = insideBall(position);
            if (!skeleton.isEndSite[i] && !asBody && !(hidden && isOutsideFigure(character, i)) &&
                !hiddenByBall) {
                joints.push_back(
                    {position, position,
                     onBall[i] != 0 ? 1.6f * jointRadius(character, look, i) : jointSize});
                jointOwners.push_back({c, static_cast<bvh::NodeIndex>(i)});
            }
            const bvh::NodeIndex parent = skeleton.parents[i];
            if (parent == bvh::kNoParent || (asBody && bodyRadii[i] <= 0.0f) ||
                (hidden && isLinkNotBone(character, i)) ||
                (hiddenByBall && insideBall(positions[static_cast<std::size_t>(parent)]))) {
                continue; // no bone, one the body leaves out, a hidden link, or inside a ball
            }
            bones.push_back({positions[static_cast<std::size_t>(parent)], position,
                             asBody ? bodyRadii[i] : boneSize});
            boneOwners.push_back({c, parent});
        }
    });
    if (const auto joint = render::pickNearest(ray, joints)) {
        return jointOwners[*joint];
    }
    if (const auto bone = render::pickNearest(ray, bones)) {
        return boneOwners[*bone];
    }
    return std::nullopt;
}

} // namespace bvhscope::scene
