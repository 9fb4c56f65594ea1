#include "app/scene/framing.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace bvhscope::scene {

namespace {

// At most this many poses are sampled to frame a follow (as applyAxes bounds a clip), and at
// most kFollowNodeSamples joints in all: a follow is framed again whenever the view changes
// shape (a splitter dragged: every frame), so thousands of joints get fewer, still spread, times.
constexpr int kFollowSamples = 240;
constexpr std::size_t kFollowNodeSamples = 60000;

int followSampleCount(const Scene& scene) {
    std::size_t nodes = 0;
    for (const Character& character : scene.characters()) {
        nodes += character.appearance.visible ? character.clip->document.skeleton.nodeCount() : 0;
    }
    const std::size_t bounded = kFollowNodeSamples / std::max<std::size_t>(nodes, 1);
    return static_cast<int>(std::clamp<std::size_t>(bounded, 16, kFollowSamples));
}

// Calls fn(character, positions) for each visible character sampled in `pose`, static roots
// and goal branches included (the caller skips them).
template <typename Visit>
void forEachShownPose(const Scene& scene, const ScenePose& pose, Visit&& fn) {
    for (std::size_t c = 0; c < scene.characters().size(); ++c) {
        const std::vector<glm::vec3>* positions = scene.positionsIn(pose, c);
        if (positions != nullptr && scene.characters()[c].appearance.visible) {
            fn(scene.characters()[c], *positions);
        }
    }
}

// What posing the bodies' outlines writes, kept across the poses of one framing (frameFollow
// samples up to kFollowSamples of them).
struct OutlineBuffers {
    std::vector<glm::vec3> points;
    bvh::BodySkinScratch skin;
};

// Every shown figure's joints (static roots and goal branches left out: isOutsideFigure) and, drawn
// as a body, its body's outline (bodyOutline), moved by `shift`.
void includeShownFigures(ViewFit& fit, const Scene& scene, const ScenePose& pose,
                         const glm::vec3& shift, OutlineBuffers& outline) {
    forEachShownPose(scene, pose,
                     [&](const Character& character, const std::vector<glm::vec3>& positions) {
                         for (std::size_t i = 0; i < positions.size(); ++i) {
                             if (!isOutsideFigure(character, i)) {
                                 fit.include(positions[i] + shift);
                             }
                         }
                     });
    for (std::size_t c = 0; c < scene.characters().size() && c < pose.characters.size(); ++c) {
        if (scene.characters()[c].appearance.visible) {
            bodyOutline(scene.characters()[c], pose.characters[c].world, outline.skin,
                        outline.points);
            for (const glm::vec3& point : outline.points) {
                fit.include(point + shift);
            }
        }
    }
}

} // namespace

std::optional<float> frontThreeQuarterYaw(const glm::vec3& facing) {
    const glm::vec2 ground(facing.x, facing.z);
    if (!(glm::length(ground) > 1e-6f)) {
        return std::nullopt;
    }
    // The eye sits at (sin yaw, ., cos yaw) from the target: yaw 0 looks at a figure facing +Z
    // straight on.
    return std::atan2(ground.x, ground.y) + kThreeQuarterYawRadians;
}

std::optional<glm::vec3> sceneFacing(const Scene& scene, const ScenePose& pose) {
    static const CharacterPose kNotSampled;
    for (std::size_t i = 0; i < scene.characters().size(); ++i) {
        if (scene.characters()[i].appearance.visible) {
            const CharacterPose& sampled =
                i < pose.characters.size() ? pose.characters[i] : kNotSampled;
            return viewerFacing(scene.characters()[i], sampled);
        }
    }
    return std::nullopt;
}

// [SECTION] ViewFit

FramedRows rowsFreeOfLabels(int height, int coveredTop, int coveredBottom) {
    const int top = std::max(coveredTop, 0);
    const int bottom = std::max(coveredBottom, 0);
    if (height <= 0 || 2 * (top + bottom) > height) {
        return {};
    }
    const float pixel = 2.0f / static_cast<float>(height);
    return {1.0f - pixel * static_cast<float>(top), -1.0f + pixel * static_cast<float>(bottom)};
}

ViewFit::ViewFit(const render::OrbitCamera& camera, float aspect, float fill, FramedRows rows) {
    const float cosPitch = std::cos(camera.pitchRadians);
    back_ = {cosPitch * std::sin(camera.yawRadians), std::sin(camera.pitchRadians),
             cosPitch * std::cos(camera.yawRadians)};
    right_ = glm::normalize(glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), back_));
    up_ = glm::cross(back_, right_);
    const float tanHalf = std::tan(0.5f * camera.verticalFovRadians);
    slopeX_ = std::max(fill * tanHalf * std::max(aspect, 1e-3f), 1e-4f);
    // `fill` of the framed rows' half-height about their middle; the view's axis stays at its
    // centre, so the two slopes differ when the rows are not centred on it.
    const float middle = 0.5f * (rows.top + rows.bottom);
    const float halfHeight = 0.5f * (rows.top - rows.bottom);
    slopeTop_ = std::max((middle + fill * halfHeight) * tanHalf, 1e-4f);
    slopeBottom_ = std::max((fill * halfHeight - middle) * tanHalf, 1e-4f);
}

void ViewFit::include(const glm::vec3& point) {
    const float x = glm::dot(point, right_);
    const float y = glm::dot(point, up_);
    const float z = glm::dot(point, back_);
    if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) {
        return;
    }
    const float right = x + slopeX_ * z;
    const float left = -x + slopeX_ * z;
    const float top = y + slopeTop_ * z;
    const float bottom = -y + slopeBottom_ * z;
    if (empty_) {
        rightEdge_ = right;
        leftEdge_ = left;
        topEdge_ = top;
        bottomEdge_ = bottom;
        nearest_ = farthest_ = z;
        empty_ = false;
        return;
    }
    rightEdge_ = std::max(rightEdge_, right);
    leftEdge_ = std::max(leftEdge_, left);
    topEdge_ = std::max(topEdge_, top);
    bottomEdge_ = std::max(bottomEdge_, bottom);
    nearest_ = std::max(nearest_, z);
    farthest_ = std::min(farthest_, z);
}

void ViewFit::apply(render::OrbitCamera& camera) const {
    if (empty_) {
        return;
    }
    // A point (x, y, z) is inside when |x - eyeX| <= slopeX (eyeZ - z), y - eyeY <= slopeTop
    // (eyeZ - z) and eyeY - y <= slopeBottom (eyeZ - z): the eye's depth is the least that
    // satisfies the outermost points on every side; its x is the middle of the two planes that
    // meet there, and its y splits what room is left above and below evenly (the middle too
    // when the slopes are equal).
    const float eyeX = 0.5f * (rightEdge_ - leftEdge_);
    const float middleDepth = 0.5f * (nearest_ + farthest_);
    float eyeZ = std::max((rightEdge_ + leftEdge_) / (2.0f * slopeX_),
                          (topEdge_ + bottomEdge_) / (slopeTop_ + slopeBottom_));
    // A single point, or points in a plane across the view: keep the eye a little way off (5 cm,
    // or half the points' depth for a figure smaller than that: issue 38's figures of 1e-5 m).
    const float depthReach = eyeZ - farthest_;
    eyeZ =
        std::max(eyeZ, nearest_ + (depthReach > 0.0f ? std::min(0.05f, 0.5f * depthReach) : 0.05f));
    const float eyeY = 0.5f * (topEdge_ - bottomEdge_ + (slopeBottom_ - slopeTop_) * eyeZ);
    const float distance = eyeZ - middleDepth;
    render::setDistanceRange(camera, distance * 0.5f * (slopeTop_ + slopeBottom_));
    camera.distance = std::clamp(distance, camera.minDistance, camera.maxDistance);
    camera.target = eyeX * right_ + eyeY * up_ + (eyeZ - camera.distance) * back_;
}

// [SECTION] Framing the figures as they stand

void frameFigures(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                  float aspect, bool faceFront, FramedRows rows) {
    if (faceFront) {
        if (const std::optional<glm::vec3> facing = sceneFacing(scene, pose)) {
            if (const std::optional<float> yaw = frontThreeQuarterYaw(*facing)) {
                camera.yawRadians = *yaw;
            }
        }
    }
    ViewFit fit(camera, aspect, kFramedFill, rows);
    OutlineBuffers outline;
    includeShownFigures(fit, scene, pose, glm::vec3(0.0f), outline);
    fit.apply(camera);
}

// [SECTION] Following

std::optional<glm::vec3> followAnchor(const Scene& scene, const ScenePose& pose) {
    glm::vec3 sum(0.0f);
    int count = 0;
    forEachShownPose(scene, pose,
                     [&](const Character& character, const std::vector<glm::vec3>& positions) {
                         const std::size_t body = bodyRootNode(character);
                         if (body >= positions.size()) {
                             return;
                         }
                         const glm::vec3& root = positions[body];
                         if (std::isfinite(root.x) && std::isfinite(root.z)) {
                             sum += glm::vec3(root.x, 0.0f, root.z);
                             ++count;
                         }
                     });
    if (count == 0) {
        return std::nullopt;
    }
    return sum / static_cast<float>(count);
}

std::optional<FollowFraming> frameFollow(const Scene& scene, const render::OrbitCamera& camera,
                                         float aspect, double startSeconds, double endSeconds,
                                         FramedRows rows) {
    return frameFollow(scene, camera, aspect, startSeconds, endSeconds, kFollowSamples, rows);
}

std::optional<FollowFraming> frameFollow(const Scene& scene, const render::OrbitCamera& camera,
                                         float aspect, double startSeconds, double endSeconds,
                                         int mostSamples, FramedRows rows) {
    FollowFraming framing{camera, glm::vec3(0.0f)};
    ViewFit fit(camera, aspect, kFramedFill, rows);
    ScenePose pose;
    OutlineBuffers outline;
    const double span =
        std::isfinite(endSeconds - startSeconds) ? std::max(endSeconds - startSeconds, 0.0) : 0.0;
    const int samples = std::clamp(followSampleCount(scene), 2, std::max(mostSamples, 2));
    const double step = span / static_cast<double>(samples - 1);
    for (int k = 0; k < samples; ++k) {
        scene.sample(startSeconds + step * k, bvh::Interpolation::Nearest, false, pose);
        const std::optional<glm::vec3> anchor = followAnchor(scene, pose);
        if (anchor) {
            includeShownFigures(fit, scene, pose, -*anchor, outline);
        }
        if (step <= 0.0) {
            break; // one time: one sample
        }
    }
    if (fit.empty()) {
        return std::nullopt;
    }
    fit.apply(framing.camera);
    framing.offsetFromAnchor = framing.camera.target;
    return framing;
}

render::OrbitCamera followCamera(const FollowFraming& framing, const Scene& scene,
                                 const ScenePose& pose) {
    render::OrbitCamera camera = framing.camera;
    camera.target = framing.offsetFromAnchor + followAnchor(scene, pose).value_or(glm::vec3(0.0f));
    return camera;
}

void FigureFollow::start(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                         float aspect) {
    const std::optional<glm::vec3> anchor = followAnchor(scene, pose);
    const std::optional<FollowFraming> framing =
        anchor ? frameFollow(scene, camera, aspect, 0.0, scene.duration()) : std::nullopt;
    active_ = framing.has_value();
    userMoved_ = false;
    placementChanged_ = false;
    lastAnchor_ = anchor;
    lastShownSeconds_.reset();
    velocity_ = glm::vec3(0.0f);
    offsetVelocity_ = glm::vec3(0.0f);
    distanceVelocity_ = 0.0f;
    if (framing) {
        offset_ = framing->offsetFromAnchor;
        camera.distance = framing->camera.distance;
        camera.target = *anchor + offset_;
    }
}

void FigureFollow::update(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                          double shownSeconds, double elapsedSeconds) {
    if (!active_) {
        return;
    }
    const std::optional<glm::vec3> anchor = followAnchor(scene, pose);
    if (!anchor) {
        return;
    }
    const glm::vec3 wanted = *anchor + offset_;
    if (placementChanged_ && lastAnchor_) {
        lastAnchor_ = *anchor; // a jump of the anchor that is neither motion nor a seek
    }
    placementChanged_ = false;
    // The anchor's motion is measured over the time shown (the clip's or the stream's seconds),
    // not the wall's: a live stream that stalls and then delivers a burst shows no motion for a
    // while and then much of it in one UI frame, while the figure walked at its pace all along.
    const float shownStep = lastShownSeconds_ && std::isfinite(shownSeconds - *lastShownSeconds_)
                                ? static_cast<float>(shownSeconds - *lastShownSeconds_)
                                : 0.0f;
    const glm::vec3 moved = lastAnchor_ ? *anchor - *lastAnchor_ : glm::vec3(0.0f);
    const bool first = !lastAnchor_;
    lastAnchor_ = *anchor;
    lastShownSeconds_ = shownSeconds;
    // A seek or a loop back to the start is taken at once (so is the first update): a move more
    // than a quarter of the distance off what the anchor's velocity makes of the time shown. A
    // burst of a stalled stream is not one, nor a seek along a straight walk (the target moves
    // with the figure then, as a cut would put it).
    if (first || glm::length(moved - velocity_ * shownStep) > 0.25f * camera.distance) {
        camera.target = wanted;
        velocity_ = glm::vec3(0.0f);
        return;
    }
    glideTowards(camera, wanted, moved, shownStep, elapsedSeconds);
}

void FigureFollow::glideTowards(render::OrbitCamera& camera, const glm::vec3& wanted,
                                const glm::vec3& moved, float shownStep, double elapsedSeconds) {
    // Half the way in 0.15 s: the anchor's velocity (which averages out a swaying root) over the
    // time shown, and, over the wall's, what remains between the target and where it should be
    // (an offset or a placement that changed glides while the figure stands). The target moves
    // with the velocity: a figure walking steadily is not trailed behind by its speed times the
    // smoothing's time (0.2 m at a walk, enough to lose the leading foot at the view's edge).
    if (shownStep != 0.0f) {
        const float motionBlend = 1.0f - std::exp2(-std::abs(shownStep) / 0.15f);
        velocity_ += (moved / shownStep - velocity_) * motionBlend;
    }
    const float seconds = static_cast<float>(std::clamp(elapsedSeconds, 0.0, 0.25));
    const float blend = 1.0f - std::exp2(-seconds / 0.15f);
    glm::vec3 target = camera.target + velocity_ * shownStep;
    target += (wanted - target) * blend;
    target.y = wanted.y;
    camera.target = target;
}

// [SECTION] Keeping a live figure framed

float dampTowards(float current, float goal, float& velocity, float smoothSeconds,
                  float stepSeconds) {
    if (!std::isfinite(current) || !std::isfinite(goal) || !(stepSeconds > 0.0f)) {
        velocity = 0.0f;
        return std::isfinite(goal) ? goal : current;
    }
    const float omega = 2.0f / std::max(smoothSeconds, 1e-3f);
    const float x = omega * stepSeconds;
    const float decay = 1.0f / (1.0f + x + 0.48f * x * x + 0.235f * x * x * x);
    const float change = current - goal;
    const float pull = (velocity + omega * change) * stepSeconds;
    velocity = (velocity - omega * pull) * decay;
    return goal + (change + pull) * decay;
}

void FigureFollow::keepLiveFraming(render::OrbitCamera& camera, const Scene& scene, float aspect,
                                   double startSeconds, double endSeconds, double elapsedSeconds) {
    if (!framingKept()) {
        return;
    }
    const std::optional<FollowFraming> framing =
        frameFollow(scene, camera, aspect, startSeconds, endSeconds, kLiveSamples);
    if (!framing) {
        return;
    }
    const float seconds = static_cast<float>(std::clamp(elapsedSeconds, 0.0, 0.25));
    // Widening is at once: the fit moves as continuously as the figure does, and a spring behind
    // it would let a figure that stretches leave the view (a raised arm, a first stride). The
    // framing is taken whole then (distance and offset belong together). Narrowing is slow: a
    // stride that ends is no reason to swing the camera in.
    if (framing->camera.distance >= camera.distance) {
        camera.distance = framing->camera.distance;
        offset_ = framing->offsetFromAnchor;
        distanceVelocity_ = 0.0f;
        offsetVelocity_ = glm::vec3(0.0f);
        return;
    }
    camera.distance = dampTowards(camera.distance, framing->camera.distance, distanceVelocity_,
                                  kLiveNarrowSeconds, seconds);
    for (int axis = 0; axis < 3; ++axis) {
        offset_[axis] = dampTowards(offset_[axis], framing->offsetFromAnchor[axis],
                                    offsetVelocity_[axis], kLiveNarrowSeconds, seconds);
    }
}

} // namespace bvhscope::scene
