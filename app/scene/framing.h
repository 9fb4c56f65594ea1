// Where the camera looks when a file opens, after Page Down, on F, and in `bvhscope render`:
// the figure at the current frame, seen from its front three-quarters, filling the view; a
// travelling clip is followed. The whole clip's framing (a walk across a room makes the figure a
// speck) stays one key away (A) and `render --camera clip`.
//
// Framing is tight: the eye is placed where the outermost joints touch a frame kFramedFill of
// the view (ViewFit), not around the figures' bounding sphere, which leaves a standing figure
// about half the view's height, and three side by side under a fifth of it.
//
// GL-free: tested in tests/app/scene/framing_test.cpp.
#pragma once

#include "app/scene/scene.h"
#include "render/math/camera.h"

#include <glm/vec3.hpp>
#include <optional>

namespace bvhscope::scene {

// The yaw (render/math/camera.h) that puts the eye this far to the figure's right of straight
// in front: the viewer's default view of a figure facing +Z.
inline constexpr float kThreeQuarterYawRadians = kRowDefaultYawRadians;

// The share of the view's half-width and half-height that framed figures fill at most: close,
// with room for the joint spheres, the file name above the head and the shadow under the feet.
inline constexpr float kFramedFill = 0.86f;

// The rows of a view that framing fills, in normalised device y (the view's bottom edge -1, its
// top edge +1). A picture with a label across its top or bottom (`render`'s frame label, a
// contact sheet's name plate) frames its figures in the rows the label leaves free, so the label
// covers no head and no feet; the view itself, and so its perspective, stays whole.
struct FramedRows {
    float top = 1.0f;
    float bottom = -1.0f;
};

// The rows of a view `height` pixels tall that labels covering `coveredTop` pixels from its top
// and `coveredBottom` from its bottom leave free. The whole view when the labels would leave less
// than half of it (a picture too small for its label: the figure stays as large as it can be).
FramedRows rowsFreeOfLabels(int height, int coveredTop, int coveredBottom);

// The yaw looking at a figure facing `facing` (viewer axes; its Y is ignored) from its front
// three-quarters; nullopt for a vertical or zero direction.
std::optional<float> frontThreeQuarterYaw(const glm::vec3& facing);

// The front of the first visible character in `pose`, in viewer axes: from its
// joints' names or head (bvh::facingOfPose), else the clip's (bvh::Stance::facing).
std::optional<glm::vec3> sceneFacing(const Scene& scene, const ScenePose& pose);

// The smallest view that holds a set of points, seen from a fixed direction. Points are added
// one by one (four running maxima, no list), then apply() moves the camera (yaw, pitch and field
// of view kept) so that every point projects inside `fill` of the view's half-extents (of the
// half-height of `rows`, about their middle), and the tighter direction touches it: the eye is
// where the outermost points' planes meet, and the target on the view's axis at the points'
// middle depth. Perspective is exact: a point nearer the eye needs more room, and gets it.
class ViewFit {
public:
    ViewFit(const render::OrbitCamera& camera, float aspect, float fill = kFramedFill,
            FramedRows rows = {});
    void include(const glm::vec3& point);
    bool empty() const { return empty_; }
    // Nothing changes when no point was included.
    void apply(render::OrbitCamera& camera) const;

private:
    glm::vec3 right_{1.0f, 0.0f, 0.0f};
    glm::vec3 up_{0.0f, 1.0f, 0.0f};
    glm::vec3 back_{0.0f, 0.0f, 1.0f};
    float slopeX_ = 1.0f; // fill · tan(half the horizontal field of view)
    // tan(half the vertical field of view) times the framed top's y, and minus the framed
    // bottom's y (each after `fill`): equal when the framed rows are the whole view.
    float slopeTop_ = 1.0f;
    float slopeBottom_ = 1.0f;
    // max(x + slopeX·z), max(-x + slopeX·z), max(y + slopeTop·z), max(-y + slopeBottom·z), and
    // the depth range, in the view's axes (z towards the eye).
    float rightEdge_ = 0.0f;
    float leftEdge_ = 0.0f;
    float topEdge_ = 0.0f;
    float bottomEdge_ = 0.0f;
    float nearest_ = 0.0f;
    float farthest_ = 0.0f;
    bool empty_ = true;
};

// Frames the visible characters' poses in `pose` (their joints, static roots left out) with
// ViewFit, in `rows` of the view. With `faceFront`, the yaw turns to the first one's front
// three-quarters (pitch kept).
void frameFigures(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                  float aspect, bool faceFront, FramedRows rows = {});

// The point the camera follows: the visible characters' body roots (below a static root, its
// child: bvhscope's `bodyRootNode`), averaged, on the ground (Y = 0). nullopt when none is shown.
std::optional<glm::vec3> followAnchor(const Scene& scene, const ScenePose& pose);

// One framing kept while following: the distance, direction and height that keep every visible
// figure inside the view at every time of a range while the target moves with followAnchor.
// Used by the viewer's follow (FigureFollow), File > Export video and `bvhscope render`.
struct FollowFraming {
    render::OrbitCamera camera;       // aimed as if the anchor were at the origin
    glm::vec3 offsetFromAnchor{0.0f}; // camera.target minus the anchor
};

// Samples the scene at up to 240 times (fewer for thousands of joints) of [startSeconds,
// endSeconds] (each clip clamped to its own end) and fits, from the camera's direction and field of
// view, every visible figure's joints relative to the anchor of their time: the legs of a walk, a
// crouch or a jump stay in view, not just the pose framing started from. nullopt when no figure is
// shown. The figures are kept in `rows` of the view.
std::optional<FollowFraming> frameFollow(const Scene& scene, const render::OrbitCamera& camera,
                                         float aspect, double startSeconds, double endSeconds,
                                         FramedRows rows = {});
// The same with at most `mostSamples` times (at least 2): the live view refits every UI frame.
std::optional<FollowFraming> frameFollow(const Scene& scene, const render::OrbitCamera& camera,
                                         float aspect, double startSeconds, double endSeconds,
                                         int mostSamples, FramedRows rows = {});
// The camera of `framing` for the figures in `pose`: its target at their anchor plus the offset.
render::OrbitCamera followCamera(const FollowFraming& framing, const Scene& scene,
                                 const ScenePose& pose);

// The viewer's follow: start() frames the whole clip for following (frameFollow, keeping the
// camera's direction) and aims at the figures as they stand; update() then moves the camera's
// target with the anchor's smoothed velocity and towards the anchor plus that offset, so a
// swaying root does not shake the picture and a steady walk is not trailed behind. Only the
// ground-plane position follows; height and distance stay as framed.
//
// update() takes the time `pose` shows (`shownSeconds`: the playback's, a live stream's newest
// frame's) and the wall seconds since the last UI frame. The anchor's velocity is per second
// shown: a live stream that stalls and then delivers what it held at once (a Wi-Fi hiccup, a
// busy capture PC) moves the target with the figure's walk, as a steady stream does, where a
// velocity per wall second fell to nothing in the stall and left the target behind the burst.
// What is left between the target and the anchor plus the offset closes over wall seconds.
class FigureFollow {
public:
    void start(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
               float aspect);
    void stop() { active_ = false; }
    bool active() const { return active_; }
    void update(render::OrbitCamera& camera, const Scene& scene, const ScenePose& pose,
                double shownSeconds, double elapsedSeconds);
    // The user orbited or zoomed since the last framing: the view is theirs from now on (a
    // pan stops the follow). framingKept() is true while the camera is as start() left it
    // apart from the follow's own moves: then a change of the view's shape re-frames.
    void noteUserMoved() { userMoved_ = true; }
    // The figures were placed anew where they stand (a live figure's stance measured again):
    // the next update() glides the target to the moved anchor, as it follows a walk, where a
    // jump of the anchor is otherwise taken as a seek (a cut).
    void notePlacementChanged() { placementChanged_ = true; }
    bool framingKept() const { return active_ && !userMoved_; }
    // A live figure (issue 41): its clip grows while it is shown, so the framing start() made
    // from its first frames does not hold a walk, a crouch or a jump that comes later. Called
    // each UI frame while following now, before update(): frames the figures over
    // [startSeconds, endSeconds] (the recent frames, relative to their anchor, as frameFollow)
    // and moves the kept offset and the camera's distance towards that framing with a
    // critically damped spring (no overshoot, no jitter) when the framing narrows, in about
    // kLiveNarrowSeconds; a framing that widens is taken as it comes (it moves as continuously as
    // the figure), so a figure that stretches never leaves the view. Does nothing once the user
    // moved the camera (framingKept() false).
    static constexpr double kLiveWindowSeconds = 2.0;
    static constexpr float kLiveNarrowSeconds = 0.8f;
    static constexpr int kLiveSamples = 24;
    void keepLiveFraming(render::OrbitCamera& camera, const Scene& scene, float aspect,
                         double startSeconds, double endSeconds, double elapsedSeconds);

private:
    // update()'s glide: the velocity from the anchor's move over `shownStep` seconds shown, the
    // target moved with it and towards `wanted` over the wall's `elapsedSeconds`.
    void glideTowards(render::OrbitCamera& camera, const glm::vec3& wanted, const glm::vec3& moved,
                      float shownStep, double elapsedSeconds);

    bool active_ = false;
    bool userMoved_ = false;
    bool placementChanged_ = false;
    glm::vec3 offset_{0.0f};
    std::optional<glm::vec3> lastAnchor_;    // at the last update: the anchor's velocity from it
    std::optional<double> lastShownSeconds_; // the time shown then
    glm::vec3 velocity_{0.0f};               // the anchor's, smoothed (metres per second shown)
    glm::vec3 offsetVelocity_{0.0f};         // keepLiveFraming's springs (per second)
    float distanceVelocity_ = 0.0f;
};

// One step of a critically damped spring from `current` towards `goal`, reaching it in about
// `smoothSeconds` without overshoot; `velocity` is the spring's state. Exact for a still goal
// whatever the step (the usual Padé form of exp), so frame rate does not change the path much.
float dampTowards(float current, float goal, float& velocity, float smoothSeconds,
                  float stepSeconds);

} // namespace bvhscope::scene
