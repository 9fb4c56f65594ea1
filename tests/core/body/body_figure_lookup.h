// Looking up a BodyFigure's volumes by the skeleton's names, for the body tests.
#pragma once

#include "core/body/body_figure.h"

#include <glm/vec3.hpp>
#include <gtest/gtest.h>
#include <string>

namespace bvh::test {

inline NodeIndex nodeNamed(const Skeleton& skeleton, const std::string& name) {
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (skeleton.names[i] == name && skeleton.isEndSite[i] == 0) {
            return static_cast<NodeIndex>(i);
        }
    }
    ADD_FAILURE() << "no joint " << name;
    return kNoParent;
}

// The volume of the bone from `from` to `to`.
inline const BodyVolume* boneVolume(const BodyFigure& figure, NodeIndex from, NodeIndex to) {
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape != BodyVolume::Shape::Ellipsoid && volume.joint == from &&
            volume.radiusNode == to) {
            return &volume;
        }
    }
    return nullptr;
}

inline glm::vec3 normalised(const BodyFigure& figure, NodeIndex node) {
    return glm::vec3(
        (figure.bindWorld[static_cast<std::size_t>(node)].translation - figure.centre) /
        figure.size);
}

} // namespace bvh::test
