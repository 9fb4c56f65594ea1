// The shapes where a biped's limbs meet its torso: a deltoid over each shoulder and a hip's mass
// (the gluteal) over each hip joint, so that shoulders and hips read as shoulders and hips
// rather than sticks leaving a tube, and the figure has a human's breadth there.
// Sizes are fractions of the figure's height (the builder's normalised space), scaled by
// `scale` (BodyFigure's capScale), and bounded by the limb's own length so that a short limb
// does not get a balloon.
#pragma once

#include "core/body/body_volumes.h"

#include <glm/vec3.hpp>
#include <optional>
#include <span>

namespace bvh {

// The upper arm a deltoid is sized from: its radius at the shoulder, and whether it hangs beside
// the chest in the bind pose (FigureBuilder::hangsAlongTrunk).
struct DeltoidArm {
    float radius;
    bool hangs;
};

// An ellipsoid over the shoulder joint, elongated along the upper arm (`elbow` is the end of
// the upper arm's run of bones), sized from the arm's own radius: on an arm held out, reaching a
// little past the arm's round cone on every side and further front and back where the figure's
// `facing` is known (not along the arm); on an arm that hangs, within the arm's outline sideways
// and a little past it front and back, where it bridges the chest and the arm.
BodyVolume makeDeltoid(const glm::vec3& shoulder, const glm::vec3& elbow,
                       const std::optional<glm::vec3>& facing, float scale, DeltoidArm arm);

// An ellipsoid over the hip joint, elongated along the thigh (`knee` ends its run of bones), sized
// from the thigh's radius at the joint (`thighRadius`): within the thigh's outline across, deeper
// front to back and set behind the joint where the figure's facing is known (the buttock).
BodyVolume makeHipMass(const glm::vec3& hip, const glm::vec3& knee,
                       const std::optional<glm::vec3>& facing, float scale, float thighRadius);

// A many-legged body's shell (a crab's carapace): a flattened ellipsoid centred on the joint the
// legs leave (`hub`), spread over the plane perpendicular to `up` along the legs' first joints
// (`legJoints`), spanning them and at least `leastHalfWidth` wide each side (a spider's legs
// leave its body close to its centre), and a little under half as thick as it is long.
BodyVolume makeShell(const glm::vec3& hub, std::span<const glm::vec3> legJoints,
                     const glm::vec3& up, float leastHalfWidth);

} // namespace bvh
