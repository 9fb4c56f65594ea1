// Dual quaternions for skinning: a rigid transform as real + eps * dual, blended linearly and
// normalised (Kavan et al. 2007, "Skinning with dual quaternions"), which keeps volume where
// linear blending of matrices collapses a twisted joint into a "candy wrapper".
//
// Convention (shared with shaders/body.vert): real = rotation q (w, x, y, z), dual = 0.5 * (0, t)
// * q for the transform p' = q p q* + t. Blending: sum of w_i * dq_i, with dq_i's sign flipped
// where dot(real_i, real_0) < 0 (q and -q are the same rotation; the blend needs one hemisphere),
// then both parts divided by |real|.
#pragma once

#include "core/kinematics/pose.h"

#include <cmath>
#include <glm/ext/quaternion_double.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bvh {

struct DualQuaternion {
    glm::dquat real{1.0, 0.0, 0.0, 0.0};
    glm::dquat dual{0.0, 0.0, 0.0, 0.0};
};

inline DualQuaternion toDualQuaternion(const RigidTransform& transform) {
    const glm::dquat t(0.0, transform.translation.x, transform.translation.y,
                       transform.translation.z);
    return {transform.rotation, 0.5 * (t * transform.rotation)};
}

// The skin transform of a node: S = world * inverse(restWorld). BVH rest rotations are identity,
// but restWorld's rotation is honoured anyway, so any rest pose works.
inline RigidTransform skinTransform(const RigidTransform& world, const RigidTransform& restWorld) {
    const glm::dquat rotation = world.rotation * glm::inverse(restWorld.rotation);
    return {world.translation - rotation * restWorld.translation, rotation};
}

// Adds weight * dq to `sum`, on the hemisphere of `pivot` (the first blended real part).
inline void accumulateDualQuaternion(DualQuaternion& sum, const DualQuaternion& dq, double weight,
                                     const glm::dquat& pivot) {
    const double signedWeight = glm::dot(dq.real, pivot) < 0.0 ? -weight : weight;
    sum.real = sum.real + signedWeight * dq.real;
    sum.dual = sum.dual + signedWeight * dq.dual;
}

// Divides both parts by |real|; a zero blend (weights cancelling) gives identity.
inline DualQuaternion normalizedDualQuaternion(const DualQuaternion& dq) {
    const double length = glm::length(dq.real);
    if (!(length > 1e-12)) {
        return {};
    }
    return {dq.real / length, dq.dual / length};
}

// Applies a unit dual quaternion to a point: rotation then translation t = 2 * dual * real*.
inline glm::dvec3 transformPoint(const DualQuaternion& dq, const glm::dvec3& point) {
    const glm::dquat t = 2.0 * (dq.dual * glm::conjugate(dq.real));
    return dq.real * point + glm::dvec3(t.x, t.y, t.z);
}

inline glm::dvec3 rotateVector(const DualQuaternion& dq, const glm::dvec3& vector) {
    return dq.real * vector;
}

} // namespace bvh
