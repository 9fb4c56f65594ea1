// Scene's body look (scene.h): which characters are drawn as bodies, their skin transforms and
// colours for the renderer, and their volumes' radii for picking.
#include "app/scene/scene.h"
#include "core/body/body_skin_frames.h"
#include "core/body/body_skinning.h"
#include "core/body/dual_quaternion.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace bvhscope::scene {

namespace {

// Metres per file unit: the length fileToViewer gives a unit vector (a rotation and a uniform
// scale).
float metresPerFileUnit(const Character& character) {
    return static_cast<float>(glm::length(glm::dvec3(character.axes.fileToViewer[0])));
}

} // namespace

void bodyOutline(const Character& character, std::span<const bvh::RigidTransform> world,
                 bvh::BodySkinScratch& scratch, std::vector<glm::vec3>& out) {
    out.clear();
    if (!character.appearance.body || !character.appearance.body->ready()) {
        return;
    }
    const bvh::BodyMesh& mesh = *character.appearance.body->mesh();
    std::vector<bvh::DualQuaternion>& skin = scratch.skin;
    bvh::bodySkinTransforms(character.appearance.body->skinPlan(), world, scratch, skin);
    out.reserve(mesh.outlineVertices.size());
    const Placement placement = placementFor(character, world);
    for (const std::uint32_t vertex : mesh.outlineVertices) {
        const glm::dvec3 file = bvh::skinVertex(mesh.vertices[vertex], skin, 1.0f);
        out.push_back(
            placement.apply(glm::vec3(character.axes.fileToViewer * glm::dvec4(file, 1.0))));
    }
}

bool Scene::drawnAsBody(const Character& character, const SceneLook& look) {
    return look.bodies && character.appearance.body && character.appearance.body->ready() &&
           character.appearance.body->mesh()->nodeRadii.size() ==
               character.clip->document.skeleton.nodeCount();
}

std::vector<float> Scene::bodyRadii(const Character& character, const SceneLook& look) {
    if (!character.appearance.body || !character.appearance.body->ready()) {
        return {};
    }
    std::vector<float> radii = character.appearance.body->mesh()->nodeRadii;
    const float scale = metresPerFileUnit(character) * look.thickness;
    for (float& radius : radii) {
        radius *= scale;
    }
    return radii;
}

bool Scene::poseBody(const Character& character, std::span<const bvh::RigidTransform> world,
                     const SceneLook& look, BodyInstance& body, BodySkin skinning) {
    if (!drawnAsBody(character, look) ||
        world.size() != character.appearance.body->bindWorld().size()) {
        return false;
    }
    body.mesh = character.appearance.body->mesh();
    body.model = placementFor(character, world).matrix() * glm::mat4(character.axes.fileToViewer);
    body.thickness = look.thickness;
    body.colors.assign(world.size(), character.appearance.color);
    if (skinning == BodySkin::Keep && body.skin.size() == world.size()) {
        return true;
    }
    // The plan kept with the body and the scratch kept with the instance: posing it again
    // allocates nothing.
    std::vector<bvh::RigidTransform>& frames = body.skinScratch.transforms;
    frames.resize(world.size());
    body.skin.resize(world.size());
    bvh::bodySkinFrames(character.appearance.body->skinPlan(), world, body.skinScratch, frames);
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const bvh::RigidTransform& skin = frames[i];
        body.skin[i] =
            render::skinDualQuaternion(glm::quat(skin.rotation), glm::vec3(skin.translation));
    }
    return true;
}

void Scene::buildBodies(const ScenePose& pose, const std::optional<Selection>& selected,
                        const SceneLook& look, std::vector<BodyInstance>& bodies) const {
    std::size_t count = 0;
    forEachShown(
        pose, [&](std::size_t c, const Character& character, const std::vector<glm::vec3>&) {
            if (count == bodies.size()) {
                bodies.emplace_back();
            }
            BodyInstance& body = bodies[count];
            if (!poseBody(character, pose.characters[c].world, look, body)) {
                return;
            }
            ++count;
            // A vertex is moved by the node its bone starts from (BodyVertex's contract),
            // so a node's colour is its bones' colour: the selected joint lights its
            // bones, as buildInstances does for capsules.
            const bool painted = character.comparePaint.nodeColors.size() == body.colors.size();
            for (std::size_t i = 0; i < body.colors.size(); ++i) {
                if (selected && selected->character == c &&
                    selected->node == static_cast<bvh::NodeIndex>(i)) {
                    body.colors[i] = look.selectionColor;
                } else if (painted) {
                    body.colors[i] = character.comparePaint.nodeColors[i];
                }
            }
        });
    bodies.resize(count);
}

} // namespace bvhscope::scene
