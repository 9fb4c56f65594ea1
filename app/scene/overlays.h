// The analysis overlays drawn over the skeletons (GL-free: SceneDrawer draws what this builds):
//
//   trails      the world path of a joint over a window of frames around the current one, a
//               line strip in the character's colour (the future half lighter), fading with the
//               distance in time;
//   ghosts      onion skins: the pose every `ghostStep` frames, `ghostCount` times either side,
//               translucent in the character's colour (future ones lighter), fainter further out;
//   contacts    a disc on the ground under each foot point in contact at the current frame,
//               in a warning colour where the foot slides (core/analysis/foot_contacts.h says
//               how contacts and slides are detected).
//
// Trails and ghosts sample whole frames (the clip's own data, not interpolated): a trail's
// points are the frames, and a ghost at "-10" is exactly frame f-10 where f is the frame shown.
// Characters still loading have no overlays until their file is read.
#pragma once

#include "app/scene/scene.h"
#include "app/scene/settings.h"
#include "core/analysis/foot_contacts.h"
#include "render/math/overlay_instances.h"
#include "render/math/skeleton_instances.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::scene {

struct OverlayOptions {
    bool trails = false;
    int trailFrames = 60; // either side of the current frame
    // The joint whose path is drawn, by exact name, in every character that has it; empty: the
    // selected joint (of the selected character only), else every visible character's root.
    std::string trailJoint;
    float trailWidthPixels = 3.0f;

    bool ghosts = false;
    int ghostCount = 3;         // either side
    int ghostStep = 5;          // frames between ghosts
    float ghostOpacity = 0.35f; // of the nearest ghosts; further ones fade towards zero

    bool footContacts = false;
    bvh::FootContactThresholds contactThresholds;
};
OverlayOptions overlayOptions(const ViewerSettings& settings);

struct SceneOverlays {
    std::vector<render::LineSegment> trails;
    std::vector<render::BoneInstance> ghostBones;
    std::vector<render::BoneInstance> ghostJoints;
    // Ghosts of characters drawn as bodies (SceneLook::bodies): translucent bodies instead.
    std::vector<BodyInstance> ghostBodies;
    std::vector<render::GroundDisc> contactMarkers;
    bool empty() const {
        return trails.empty() && ghostBones.empty() && ghostJoints.empty() && ghostBodies.empty() &&
               contactMarkers.empty();
    }
};

// Marker colours, for tests and the legend in the settings panel.
inline constexpr glm::vec4 kContactColor{0.30f, 0.85f, 0.45f, 0.85f};
inline constexpr glm::vec4 kSlideColor{1.00f, 0.30f, 0.15f, 1.00f};

// One character's foot contact analysis and the foot points it covers.
struct CharacterFootContacts {
    std::vector<bvh::FootPoint> points;
    bvh::FootContactAnalysis analysis;
};

class OverlayBuilder {
public:
    // Builds every overlay `options` asks for, for the scene sampled into `pose` at
    // `timeSeconds`. Foot contact analyses are computed once per character (and clip, up axis
    // and thresholds) and kept; one for a long clip costs a forward-kinematics pass over it.
    void build(const Scene& scene, const ScenePose& pose, const std::optional<Selection>& selected,
               const OverlayOptions& options, const SceneLook& look, double timeSeconds,
               SceneOverlays& out);

    // The analysis of a loaded character, computed now if needed; nullptr while it is loading or
    // when it has no frames or no foot points.
    const CharacterFootContacts* footContacts(const Character& character,
                                              const bvh::FootContactThresholds& thresholds);
    // The analysis footContacts() computed and keeps, without computing one: nullptr also when
    // none is kept for this clip and these thresholds. For readers given a const builder (the
    // viewer's panels; the session keeps the analysis its Settings panel shows).
    const CharacterFootContacts*
    keptFootContacts(const Character& character,
                     const bvh::FootContactThresholds& thresholds) const;

    // How many times a body ghost's skin was computed (Scene::skinBody) since construction. A
    // ghost is skinned only when its frame, its figure (the clip, the body's mesh) or the
    // SceneOverlays it is built into change: a paused viewer redrawn for an orbit skins nothing
    // again.
    std::size_t ghostSkinPasses() const { return ghostSkinPasses_; }

private:
    struct CachedContacts {
        const float* motionData = nullptr; // identifies the clip (a finished load swaps it)
        std::uint32_t frameCount = 0;
        bvh::UpAxis upAxis = bvh::UpAxis::PositiveY;
        double contactHeight = 0, contactSpeed = 0, slideSpeed = 0; // the thresholds
        bool used = false;
        CharacterFootContacts contacts;
    };
    // The cached entry for this clip and these thresholds, or nullptr.
    CachedContacts* cachedContacts(const Character& character,
                                   const bvh::FootContactThresholds& thresholds) const;
    // Viewer-space (placed) positions of every node of `character` at a whole frame.
    void framePositions(const Character& character, std::uint32_t frame,
                        std::vector<glm::vec3>& out);
    void addTrail(const Character& character, bvh::NodeIndex node, std::uint32_t frame,
                  const OverlayOptions& options, SceneOverlays& out);
    void addGhosts(const Character& character, std::uint32_t frame, const OverlayOptions& options,
                   const SceneLook& look, SceneOverlays& out);

    // Poses a body ghost of `character` at `frame` (world_) into the next of out.ghostBodies.
    void addGhostBody(const Character& character, std::uint32_t frame, const SceneLook& look,
                      const glm::vec4& color, SceneOverlays& out);

    // What the skin of out.ghostBodies[i] was computed from (ghostSkins_[i]): posed again with
    // the same, the ghost keeps its skin. The clip is weak (a closed file is not kept alive) and
    // the mesh is the instance's own, so neither address can be a new one's.
    struct GhostSkinSource {
        std::weak_ptr<const Clip> clip;
        std::uint32_t frame = 0;
    };
    // Whether `body` (out.ghostBodies[slot]) already holds the skin of `character` at `frame`.
    bool ghostSkinKept(const Character& character, std::uint32_t frame, std::size_t slot,
                       const BodyInstance& body) const;

    std::vector<std::unique_ptr<CachedContacts>> cache_; // stable addresses for callers
    std::vector<bvh::RigidTransform> local_;
    std::vector<bvh::RigidTransform> world_;
    std::vector<glm::vec3> positions_;
    std::size_t ghostBodiesUsed_ = 0;                // of out.ghostBodies, posed in this build
    std::vector<GhostSkinSource> ghostSkins_;        // per out.ghostBodies slot
    const SceneOverlays* ghostsBuiltInto_ = nullptr; // the `out` whose slots ghostSkins_ describe
    std::size_t ghostSkinPasses_ = 0;
};

} // namespace bvhscope::scene
