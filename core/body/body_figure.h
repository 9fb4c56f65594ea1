// A skeleton's rest pose turned into body volumes (body_volumes.h): one tapered round cone per
// bone with length, sized by its role (body_roles.h) and length and capped by fractions of the
// figure's size, a head ellipsoid with a nose (upright) or a snout (lying along the ground)
// that shows the front, a flattened palm where fingers fan out, and soles reaching forward;
// ends on the ground rest on it rather than sink into it.
#pragma once

#include "core/body/body_builder.h"
#include "core/body/body_volumes.h"

#include <glm/vec3.hpp>
#include <string>
#include <vector>

namespace bvh {

struct BodyFigure {
    // File units = centre + normalised * size.
    glm::dvec3 centre{0.0};
    double size = 1.0;
    std::vector<BodyVolume> volumes;       // normalised space, linked (linkBonesUnder)
    std::vector<RigidTransform> bindWorld; // per node: the pose the volumes stand in, file units
    std::string problem;                   // non-empty: no body can be made (for the user)
};

BodyFigure makeBodyFigure(const Skeleton& skeleton, const BodyOptions& options);

} // namespace bvh
