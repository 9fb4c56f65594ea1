#include "core/analysis/rest_pose_analysis.h"

#include "core/analysis/feet_floor.h"
#include "core/analysis/kept_vectors.h"
#include "core/kinematics/pose.h"
#include "core/model/ascii_case.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bvh {

std::string_view upAxisName(UpAxis axis) {
    switch (axis) {
    case UpAxis::PositiveY:
        return "+Y";
    case UpAxis::PositiveZ:
        return "+Z";
    case UpAxis::NegativeY:
        return "-Y";
    case UpAxis::NegativeZ:
        return "-Z";
    case UpAxis::PositiveX:
        return "+X";
    case UpAxis::NegativeX:
        return "-X";
    }
    return "+Y";
}

std::string_view lengthUnitName(LengthUnit unit) {
    switch (unit) {
    case LengthUnit::Millimetre:
        return "mm";
    case LengthUnit::Centimetre:
        return "cm";
    case LengthUnit::Metre:
        return "m";
    case LengthUnit::Inch:
        return "inch";
    case LengthUnit::Unknown:
        break;
    }
    return "unknown";
}

double metresPerUnit(LengthUnit unit) {
    switch (unit) {
    case LengthUnit::Millimetre:
        return 0.001;
    case LengthUnit::Centimetre:
        return 0.01;
    case LengthUnit::Metre:
        return 1.0;
    case LengthUnit::Inch:
        return 0.0254;
    case LengthUnit::Unknown:
        break;
    }
    return 1.0;
}

int upAxisIndex(UpAxis axis) {
    switch (axis) {
    case UpAxis::PositiveX:
    case UpAxis::NegativeX:
        return 0;
    case UpAxis::PositiveY:
    case UpAxis::NegativeY:
        return 1;
    case UpAxis::PositiveZ:
    case UpAxis::NegativeZ:
        return 2;
    }
    return 1;
}

int upAxisSign(UpAxis axis) {
    return axis == UpAxis::NegativeX || axis == UpAxis::NegativeY || axis == UpAxis::NegativeZ ? -1
                                                                                               : 1;
}

namespace {

UpAxis makeUpAxis(int axis, int sign) {
    static constexpr UpAxis kPositive[3] = {UpAxis::PositiveX, UpAxis::PositiveY,
                                            UpAxis::PositiveZ};
    static constexpr UpAxis kNegative[3] = {UpAxis::NegativeX, UpAxis::NegativeY,
                                            UpAxis::NegativeZ};
    return sign >= 0 ? kPositive[axis] : kNegative[axis];
}

// upFromFeet (feet_floor.h) of the rest pose's world transforms.
std::optional<UpAxis> restUpFromFeet(const Skeleton& skeleton,
                                     std::span<const RigidTransform> world) {
    std::vector<glm::dvec3> positions;
    positions.reserve(world.size());
    for (const RigidTransform& transform : world) {
        positions.push_back(transform.translation);
    }
    return upFromFeet(skeleton, positions);
}

} // namespace

// Heights of adult performers: 1.5-2.1 m. The ranges are wide so children, props and
// partial skeletons (upper body only) still land in the right unit.
LengthUnit guessLengthUnit(double height) {
    if (height >= 0.3 && height <= 3.0) {
        return LengthUnit::Metre;
    }
    if (height > 40.0 && height <= 100.0) {
        return LengthUnit::Inch;
    }
    if (height > 100.0 && height <= 300.0) {
        return LengthUnit::Centimetre;
    }
    if (height > 500.0 && height <= 3000.0) {
        return LengthUnit::Millimetre;
    }
    return LengthUnit::Unknown;
}

BodyLandmarks findBodyLandmarks(const Skeleton& skeleton) {
    BodyLandmarks landmarks;
    landmarks.sides.assign(skeleton.nodeCount(), Side::None);
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (skeleton.isEndSite[i] != 0) {
            continue;
        }
        // Folded once per name, not once per word looked for (every `info` and summary of a
        // take finds the landmarks twice: for the rest pose and for the stance).
        const std::string name = asciiLowercase(skeleton.names[i]);
        auto contains = [&name](std::string_view word) {
            return name.find(word) != std::string::npos;
        };
        if (contains("head") && !contains("end")) {
            landmarks.heads.push_back(static_cast<NodeIndex>(i));
        } else if (contains("foot") || contains("ankle") || contains("toe")) {
            landmarks.feet.push_back(static_cast<NodeIndex>(i));
        }
        landmarks.sides[i] = sideOfFolded(skeleton.names[i], name);
    }
    return landmarks;
}

glm::dvec3 upAxisVector(UpAxis axis) {
    glm::dvec3 vector(0.0);
    vector[upAxisIndex(axis)] = upAxisSign(axis);
    return vector;
}

UpAxis nearestUpAxis(const glm::dvec3& direction) {
    if (!(glm::dot(direction, direction) > 0.0)) {
        return UpAxis::PositiveY;
    }
    const glm::dvec3 magnitude = glm::abs(direction);
    const int axis = magnitude.x > magnitude.y ? (magnitude.x > magnitude.z ? 0 : 2)
                                               : (magnitude.y > magnitude.z ? 1 : 2);
    return makeUpAxis(axis, direction[axis] >= 0.0 ? 1 : -1);
}

RestPoseAnalysis analyzeRestPose(const Skeleton& skeleton) {
    RestPoseAnalysis analysis;
    const std::size_t n = skeleton.nodeCount();
    if (n == 0) {
        return analysis;
    }
    KeptVector<RigidTransform> keptLocal(takeKeptVector<RigidTransform>(n)); // kept_vectors.h
    KeptVector<RigidTransform> keptWorld(takeKeptVector<RigidTransform>(n));
    std::vector<RigidTransform>& local = *keptLocal;
    std::vector<RigidTransform>& world = *keptWorld;
    local.assign(n, RigidTransform{});
    world.assign(n, RigidTransform{});
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, world);

    analysis.boundsMin = analysis.boundsMax = world[0].translation;
    for (std::size_t i = 0; i < n; ++i) {
        analysis.boundsMin = glm::min(analysis.boundsMin, world[i].translation);
        analysis.boundsMax = glm::max(analysis.boundsMax, world[i].translation);
    }
    const BodyLandmarks& landmarks = analysis.landmarks.emplace(findBodyLandmarks(skeleton));
    glm::dvec3 headSum(0.0);
    glm::dvec3 footSum(0.0);
    for (NodeIndex head : landmarks.heads) {
        headSum += world[static_cast<std::size_t>(head)].translation;
    }
    for (NodeIndex foot : landmarks.feet) {
        footSum += world[static_cast<std::size_t>(foot)].translation;
    }
    const glm::dvec3 extent = analysis.boundsMax - analysis.boundsMin;

    // Prefer anatomy: up is from the feet to the head. Without those names, up is away from the
    // floor the feet end on (feet_floor.h: a centipede 220 long and 40 tall, feet at Y = 0, stood
    // on its tail), else the longest extent of the rest pose (a standing figure is taller than it
    // is deep), positive.
    const glm::dvec3 footToHead = landmarks.complete() ? headSum / double(landmarks.heads.size()) -
                                                             footSum / double(landmarks.feet.size())
                                                       : glm::dvec3(0.0);
    if (glm::dot(footToHead, footToHead) > 0.0) {
        analysis.upAxis = nearestUpAxis(footToHead);
        analysis.upFromAnatomy = true;
    } else if (const std::optional<UpAxis> fromFeet = restUpFromFeet(skeleton, world)) {
        analysis.upAxis = *fromFeet;
        analysis.upFromFeet = true;
    } else {
        int axis = 1;
        if (extent.x > extent.y || extent.z > extent.y) {
            axis = extent.x > extent.z ? 0 : 2;
        }
        analysis.upAxis = makeUpAxis(axis, 1);
    }
    const int axis = upAxisIndex(analysis.upAxis);
    analysis.height = extent[axis];
    analysis.unit = guessLengthUnit(analysis.height);
    const double lowest =
        upAxisSign(analysis.upAxis) > 0 ? analysis.boundsMin[axis] : -analysis.boundsMax[axis];
    analysis.rootHeight = upAxisSign(analysis.upAxis) * world[0].translation[axis] - lowest;
    return analysis;
}

} // namespace bvh
