// Everything loaded: the characters, synced by time, placed side by side, and what the renderer
// needs from them (bone and joint instances) and what picking needs (segments).
#pragma once

#include "app/scene/character.h"
#include "core/body/body_skin_plan.h"
#include "render/math/picking.h"
#include "render/math/skeleton_instances.h"
#include "render/math/skinned_mesh.h"

#include <cstddef>
#include <glm/mat4x4.hpp>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace bvhscope::scene {

struct Selection {
    std::size_t character = 0;
    bvh::NodeIndex node = 0;
    bool operator==(const Selection&) const = default;
};

// How the link from a static root (bvh::Stance::staticRoots: a never-moving root at the
// origin above the moving hips) to its child is drawn: a long stick there reads as a glitch. The
// bones into IK goal branches (bvh::Stance::goalBranches: Unreal's bars from the floor to a hand
// and from hand to hand) are no bones either and are drawn the same way, and so are the marks of
// both kinds of node (half size when dashed). Hidden ones are not picked.
enum class StaticLinkStyle : std::uint8_t { Dashed, Hidden };

struct SceneLook {
    float thickness = 1.0f; // multiplies the bone and joint radii
    glm::vec4 selectionColor{1.0f, 0.85f, 0.25f, 1.0f};
    StaticLinkStyle staticLinks = StaticLinkStyle::Hidden; // an offset, not a bone (issue 42)
    // The body look: characters whose body is ready (CharacterAppearance::body) are drawn and
    // picked as bodies; the others as capsules.
    bool bodies = false;
};

// One character drawn as a body (Scene::buildBodies): its mesh in the file's axes and units,
// the model matrix into the viewer's world (the axis and unit conversion with the ground lift,
// then the placement), and per skeleton node the skin transform (rest pose to this pose, file
// units) and colour (the selection colour on the selected joint's bones).
struct BodyInstance {
    std::shared_ptr<const bvh::BodyMesh> mesh;
    glm::mat4 model{1.0f};
    float thickness = 1.0f;
    std::vector<render::SkinDualQuaternion> skin;
    std::vector<glm::vec4> colors;
    // Poses the skin frames (Scene::poseBody) without allocating once it has its sizes.
    bvh::BodySkinScratch skinScratch;
};

// The default camera's yaw, and how far to a figure's right of straight in front the framing
// looks from (framing.h's kThreeQuarterYawRadians is this).
inline constexpr float kRowDefaultYawRadians = 0.5f;
// The gap between neighbours in the row, in heights of the taller one: figures read apart, and
// three still fill the view (framing.h).
inline constexpr float kRowGapHeights = 0.15f;

// Distinct colours for characters, readable on the dark background, before any repeats.
inline constexpr std::size_t kCharacterPaletteSize = 12;
// A static root's link as dashes: thin bones of kDashLength figure heights with equal gaps
// (at least one dash), appended to `bones`.
void appendDashedLink(const glm::vec3& from, const glm::vec3& to, float radius, float figureHeight,
                      const glm::vec4& color, std::vector<render::BoneInstance>& bones);
inline constexpr float kDashLength = 0.04f;

// Every character's pose at one time (Scene::sample), owned by whoever samples: the live view,
// a video export, framing and thumbnails each keep their own, so sampling one time never changes
// what another shows.
struct ScenePose {
    std::vector<CharacterPose> characters; // in scene order
};

class Scene {
public:
    std::vector<Character>& characters() { return characters_; }
    const std::vector<Character>& characters() const { return characters_; }
    bool empty() const { return characters_.empty(); }

    // Adds a character with the next palette colour (kCharacterPaletteSize colours, then again)
    // and re-arranges everyone.
    void add(Character character);
    void remove(std::size_t index);
    // Removes the character at `index` and hands it back (for undo); the others re-arrange.
    Character take(std::size_t index);
    // Puts a character taken before back at `index` (at most the end), keeping its colour.
    void insert(std::size_t index, Character character);
    // Stands the characters in a row across the view (rowDirection), all at the first's depth,
    // the first put, each beside the last with a gap (kRowGapHeights of the taller one's
    // height). With two or more characters and severalInPlace(), each is shown in place
    // (CharacterArrangement::inPlace) and takes the room of its own body across the row (a walk is
    // as wide as the walker); otherwise each takes a lane as wide as its whole motion across the
    // row, so travelling figures never walk through each other.
    void arrangeSideBySide();
    // Several figures shown in place (the default) or travelling in lanes; arranges again.
    void setSeveralInPlace(bool inPlace);
    bool severalInPlace() const { return severalInPlace_; }
    // The row's direction on the ground: the right of a camera at the first visible character's
    // front three-quarters (its clip's facing turned by kRowDefaultYawRadians, the yaw framing.h
    // frames a file from), or of the default camera's yaw when no facing is known.
    glm::vec3 rowDirection() const;

    // Every character sampled at the same absolute time into `pose` (resized to one pose per
    // character, in scene order): time is the common axis of files at different rates. Each
    // clamps to its own clip, or with `loopEach` (Loop on) a clip shorter than the time plays
    // again from its start (localTime). The scene is not changed: each caller samples into
    // buffers of its own.
    void sample(double timeSeconds, bvh::Interpolation interpolation, bool loopEach,
                ScenePose& pose) const;
    // Every character's OFFSET rest pose into `pose`.
    void sampleRest(ScenePose& pose) const;
    // Character `index`'s placed positions in `pose`; nullptr when the pose holds none that fit
    // it (not sampled since the character was added).
    const std::vector<glm::vec3>* positionsIn(const ScenePose& pose, std::size_t index) const;
    // The time within `character`'s own clip at the common time: the time itself, or with
    // `loopEach` past the clip's end, wrapped by its length (duration + one frame: the last
    // frame is held one frame time, as a cycle plays).
    static double localTime(const Character& character, double timeSeconds, bool loopEach);

    // The visible characters' poses in `pose`, placed, without their static roots and goal
    // branches (isOutsideFigure): what framing a figure looks at.
    render::Bounds poseBounds(const ScenePose& pose) const;

    // Placed motion bounds of the visible characters (or one of them).
    render::Bounds motionBounds() const;
    render::Bounds motionBounds(std::size_t index) const;
    // The longest clip (of a loading file: the frames loaded so far), and the frame time that
    // numbers the timeline and that stepping steps by: the selected file's (`selected`, else
    // the first file's), with its fps override.
    double duration() const;
    double frameTime(std::optional<std::size_t> selected = std::nullopt) const;

    // Level of detail for pictures of more bones than meshes are drawn for (scene_drawing.h):
    // along each branch, bones shorter than `minimumLengthPerDistance` times their distance
    // from `eye` are joined into one segment, so a hierarchy of thousands of sub-pixel bones is
    // drawn as the few segments the eye can tell apart. No joints are built.
    struct Detail {
        glm::vec3 eye{0.0f};
        float minimumLengthPerDistance = 0.0f;
    };

    // Instances for the renderer, from `pose`: bones from each node's parent to
    // the node (End Sites included), joints at every non-End-Site node, in the character's
    // colour or, where ComparePaint::nodeColors is set, the node's. With `detail`: joined bones
    // in the character's colour, and no joints.
    void buildInstances(const ScenePose& pose, const std::optional<Selection>& selected,
                        const SceneLook& look, std::vector<render::BoneInstance>& bones,
                        std::vector<render::BoneInstance>& joints,
                        const std::optional<Detail>& detail = std::nullopt) const;

    // Characters drawn as bodies (SceneLook::bodies, the body ready) into `bodies`, resized to
    // their count; buildInstances gives them no capsules or joints (only their static links).
    void buildBodies(const ScenePose& pose, const std::optional<Selection>& selected,
                     const SceneLook& look, std::vector<BodyInstance>& bodies) const;
    static bool drawnAsBody(const Character& character, const SceneLook& look);
    // `body` for `character` drawn as a body (drawnAsBody) in the pose of `world` (its world
    // transforms, file units), every node in the character's colour; false, and `body` not
    // usable, when it is not drawn as a body. BodySkin::Keep leaves body.skin as it is, for a
    // caller that knows it holds this pose's skin already (a ghost of an unchanged frame).
    enum class BodySkin { Compute, Keep };
    static bool poseBody(const Character& character, std::span<const bvh::RigidTransform> world,
                         const SceneLook& look, BodyInstance& body,
                         BodySkin skin = BodySkin::Compute);
    // Per node, the radius of the body's volume around the bone ending at it, in viewer metres
    // with the look's thickness (the body's nodeRadii, converted); empty without a ready body.
    static std::vector<float> bodyRadii(const Character& character, const SceneLook& look);

    // The joint under a ray: a joint sphere, else the joint a bone starts from. A character
    // drawn as a body is hit where its body is: each bone with its volume's radius, no spheres.
    std::optional<Selection> pick(const ScenePose& pose, const render::Ray& ray,
                                  const SceneLook& look) const;

    // Radii for one character, from its height.
    static float boneRadius(const Character& character, const SceneLook& look);
    static float jointRadius(const Character& character, const SceneLook& look);
    // Per node (CharacterAppearance::boneRadii): the bone ending at `node`, and the joint at it.
    static float boneRadius(const Character& character, const SceneLook& look, std::size_t node);
    static float jointRadius(const Character& character, const SceneLook& look, std::size_t node);
    // Where a face rig's head ball (CharacterAppearance::headBalls) is in a pose: the centre of
    // the box around its nodes' `positions`.
    static glm::vec3 headBallCentre(const HeadBall& ball, std::span<const glm::vec3> positions);
    // Its sphere in a pose, as the joints' instances are, in `color`.
    static render::BoneInstance headBallInstance(const HeadBall& ball,
                                                 std::span<const glm::vec3> positions,
                                                 const SceneLook& look, const glm::vec4& color);

private:
    // Calls fn(index, character, positions) for each visible character sampled in `pose`.
    template <typename Visit>
    void forEachShown(const ScenePose& pose, Visit&& fn) const {
        for (std::size_t c = 0; c < characters_.size(); ++c) {
            if (const std::vector<glm::vec3>* positions = positionsIn(pose, c);
                characters_[c].appearance.visible && positions != nullptr) {
                fn(c, characters_[c], *positions);
            }
        }
    }

    std::vector<Character> characters_;
    std::size_t coloursUsed_ = 0;
    bool severalInPlace_ = true;
};

} // namespace bvhscope::scene
