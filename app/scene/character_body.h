// The body look (core/body/body_builder.h) for characters: one build per skeleton and body
// options, run on a thread of its own so the UI never waits for it, and shared by every
// character showing the same clip the same way. Until a build is ready the character is drawn
// with capsules; a build that falls back (a huge or degenerate skeleton) stays on capsules and
// says why (fallbackMessage).
//
// The build reads the clip's skeleton only: the clip is immutable and shared (clip.h), so the
// worker holds a reference to it and nothing the UI thread changes.
#pragma once

#include "app/scene/clip.h"
#include "core/body/body_builder.h"
#include "core/body/body_mesh.h"
#include "core/body/body_skin_plan.h"
#include "core/kinematics/pose.h"

#include <atomic>
#include <glm/vec3.hpp>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::scene {

struct Character;
class Scene;

class BodyBuild {
public:
    enum class State : std::uint8_t { Building, Ready, Fallback };
    enum class Wait : std::uint8_t { No, Yes };

    // Starts building the body of `clip`'s skeleton with `options`: on a thread of its own, or
    // with Wait::Yes on the caller's (render and thumbnail draw once and want the body).
    static std::shared_ptr<BodyBuild> start(std::shared_ptr<const Clip> clip,
                                            bvh::BodyOptions options, Wait wait);
    // Destroying the last reference asks the thread to stop and waits for it (the builder checks
    // its stop_token, so a closed file ends its build within milliseconds).
    ~BodyBuild() = default;
    BodyBuild(const BodyBuild&) = delete;
    BodyBuild& operator=(const BodyBuild&) = delete;

    State state() const { return state_.load(std::memory_order_acquire); }
    bool ready() const { return state() == State::Ready; }
    // Set once the state is Ready (and never changed after).
    const std::shared_ptr<const bvh::BodyMesh>& mesh() const { return mesh_; }
    // The world transforms of the pose the body is bound in (file units; the mesh's bindWorld:
    // the rest pose, or a frame of the motion where the rest pose disagrees with it): skin
    // transforms are taken against them. Set once the state is Ready.
    const std::vector<bvh::RigidTransform>& bindWorld() const { return bindWorld_; }
    // The skin frames' plan of the clip's skeleton bound at bindWorld (body_skin_plan.h): made
    // once with the body, so a frame only evaluates it. Set once the state is Ready.
    const bvh::BodySkinPlan& skinPlan() const { return skinPlan_; }
    // Why there is no body (Fallback), or what was degraded (Ready); set once not Building.
    const std::string& message() const { return message_; }

    // Whether this build is the one for `clip` with `options`.
    bool builds(const Clip* clip, const bvh::BodyOptions& options) const;
    // True the first time it is asked after the build fell back (UI thread only): the message is
    // shown once however many characters share the build.
    bool takeFallbackReport();

private:
    BodyBuild(std::shared_ptr<const Clip> clip, bvh::BodyOptions options);
    void run(std::stop_token stop);

    std::shared_ptr<const Clip> clip_;
    bvh::BodyOptions options_;
    std::shared_ptr<const bvh::BodyMesh> mesh_;
    std::vector<bvh::RigidTransform> bindWorld_;
    bvh::BodySkinPlan skinPlan_;
    std::string message_;
    std::atomic<State> state_{State::Building};
    bool fallbackReported_ = false;
    // Last: destroyed first, so the thread is stopped and joined before what it writes goes.
    std::jthread worker_;
};

// The body options for a character as it stands: its up axis in use and, excluded, the links
// from its static roots (bvh::Stance::staticRoots) to their children.
bvh::BodyOptions bodyOptionsFor(const Character& character);

// Gives every character whose file is read (not while loading) the build for its clip and
// options as they are now: kept when it still fits, shared with another character showing the
// same clip the same way, else started (with Wait::Yes, finished before returning). Returns
// the messages of builds that fell back since the last call (each build says it once).
// `gridPhase` (BodyOptions::gridPhase: render --body-grid-phase, for tests and sweeps) moves the
// bodies' sampling grids by that share of a cell. `maxNodes` (BodyOptions::maxNodes): a larger
// skeleton keeps its capsules.
std::vector<std::string> requestBodies(Scene& scene, BodyBuild::Wait wait,
                                       const glm::vec3& gridPhase = glm::vec3(0.0f),
                                       std::size_t maxNodes = bvh::kDefaultBodyMaxNodes);

// Whether a build some character waits for is still running (the viewer keeps drawing frames
// until it shows the body; a screenshot and the render benchmark wait for it).
bool bodiesBuilding(const Scene& scene);

// The outline of the character's body (BodyMesh::outlineVertices, at thickness 1) posed at
// `world` (file units), in viewer space, into `out` (emptied first; left empty without a ready
// body): framing fits these points, so the body is never cut off. `scratch` is the caller's, kept
// between calls so skinning allocates nothing once it has its sizes.
void bodyOutline(const Character& character, std::span<const bvh::RigidTransform> world,
                 bvh::BodySkinScratch& scratch, std::vector<glm::vec3>& out);

// Drops every character's build (another look chosen: no thread keeps working for nothing).
void dropBodies(Scene& scene);

} // namespace bvhscope::scene
