// Humanoid skeletons and motions built in the tests, whose retargeting answer is known: one
// 21-joint figure spelled in every naming scheme issue 40 lists, children in any order, any
// rotation order, OFFSETs scaled or turned per bone.
#pragma once

#include "core/kinematics/pose.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <array>
#include <functional>
#include <glm/ext/quaternion_double.hpp>
#include <string>
#include <vector>

namespace bvh::retarget_test {

// The figure's joints; End Sites follow the Head, hands and toes.
inline constexpr std::size_t kFigureJoints = 21;
using JointNames = std::array<std::string, kFigureJoints>;

// Mixamo's spelling (the canonical one), then the others.
JointNames mixamoNames(const std::string& prefix = "mixamorig:");
JointNames cmuNames();
JointNames dazNames();
JointNames motionBuilderNames();
JointNames bipedNames();
JointNames bandaiNamcoNames();
JointNames secondLifeNames();
JointNames smplNames();

struct FigureOptions {
    JointNames names = mixamoNames();
    std::string rotationOrder = "ZXY";
    bool reverseChildren = false; // children listed in the opposite order
    double scale = 1.0;           // every OFFSET times this
    // Per figure joint: a rest rotation the OFFSETs below it are posed with (identity: none).
    std::function<glm::dquat(std::size_t joint)> restTurn;
};

struct Figure {
    Skeleton skeleton;
    std::array<NodeIndex, kFigureJoints> node{}; // figure joint -> skeleton node
};

Figure buildFigure(const FigureOptions& options);

// A smooth motion of `frames` frames: every joint turns, the hips travel and bob.
Motion figureMotion(const Figure& figure, std::uint32_t frames);

// World positions of the figure's joints at one frame.
std::array<glm::dvec3, kFigureJoints> figurePositions(const Figure& figure, const Motion& motion,
                                                      std::uint32_t frame);

} // namespace bvh::retarget_test
