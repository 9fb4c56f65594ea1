#include "tests/core/retarget/retarget_test_rigs.h"

#include "core/kinematics/euler.h"

#include <cmath>

namespace bvh::retarget_test {
namespace {

constexpr std::array<int, kFigureJoints> kParents{-1, 0,  1, 2,  3,  2,  5, 6,  7,  2, 9,
                                                  10, 11, 0, 13, 14, 15, 0, 17, 18, 19};
const std::array<glm::dvec3, kFigureJoints> kOffsets{{
    {0, 90, 0},  {0, 10, 0},  {0, 15, 0},  {0, 20, 0},  {0, 10, 0},  {5, 15, 0},  {12, 0, 0},
    {28, 0, 0},  {25, 0, 0},  {-5, 15, 0}, {-12, 0, 0}, {-28, 0, 0}, {-25, 0, 0}, {9, 0, 0},
    {0, -42, 0}, {0, -40, 0}, {0, -5, 12}, {-9, 0, 0},  {0, -42, 0}, {0, -40, 0}, {0, -5, 12},
}};

// The End Site below a figure joint, if it has one.
bool endSiteBelow(std::size_t joint, glm::dvec3& offset) {
    switch (joint) {
    case 4:
        offset = {0, 15, 0};
        return true;
    case 8:
        offset = {10, 0, 0};
        return true;
    case 12:
        offset = {-10, 0, 0};
        return true;
    case 16:
    case 20:
        offset = {0, 0, 5};
        return true;
    default:
        return false;
    }
}

JointNames sided(const std::array<std::string, 5>& trunk, const std::array<std::string, 8>& left,
                 const std::array<std::string, 8>& right) {
    // left/right: collar, upper arm, forearm, hand, thigh, shin, foot, toes
    return {trunk[0], trunk[1], trunk[2], trunk[3], trunk[4], left[0],  left[1],
            left[2],  left[3],  right[0], right[1], right[2], right[3], left[4],
            left[5],  left[6],  left[7],  right[4], right[5], right[6], right[7]};
}

struct Builder {
    const FigureOptions& options;
    Figure figure;
    std::vector<glm::dquat> restWorld = std::vector<glm::dquat>(kFigureJoints);

    void addChannels(bool root) {
        Skeleton& s = figure.skeleton;
        s.channelBegin.push_back(static_cast<std::uint32_t>(s.channels.size()));
        std::vector<ChannelType> types;
        if (root) {
            types = {ChannelType::Xposition, ChannelType::Yposition, ChannelType::Zposition};
        }
        for (const char axis : options.rotationOrder) {
            types.push_back(
                static_cast<ChannelType>(static_cast<int>(ChannelType::Xrotation) + (axis - 'X')));
        }
        for (const ChannelType type : types) {
            s.channels.push_back(type);
            s.channelNames.emplace_back(channelTypeName(type));
        }
        s.channelCount.push_back(static_cast<std::uint32_t>(types.size()));
    }

    void addNode(const std::string& name, NodeIndex parent, const glm::dvec3& offset, bool end) {
        Skeleton& s = figure.skeleton;
        s.names.push_back(name);
        s.parents.push_back(parent);
        s.offsets.push_back(offset);
        s.isEndSite.push_back(end ? 1 : 0);
        if (end) {
            s.channelBegin.push_back(static_cast<std::uint32_t>(s.channels.size()));
            s.channelCount.push_back(0);
        } else {
            addChannels(parent == kNoParent);
        }
    }

    glm::dquat restTurn(std::size_t joint) const {
        return options.restTurn ? options.restTurn(joint) : glm::dquat(1.0, 0.0, 0.0, 0.0);
    }

    void visit(std::size_t joint) {
        const int parentJoint = kParents[joint];
        const glm::dquat parentWorld = parentJoint < 0
                                           ? glm::dquat(1.0, 0.0, 0.0, 0.0)
                                           : restWorld[static_cast<std::size_t>(parentJoint)];
        restWorld[joint] = parentWorld * restTurn(joint);
        const NodeIndex parent =
            parentJoint < 0 ? kNoParent : figure.node[static_cast<std::size_t>(parentJoint)];
        figure.node[joint] = static_cast<NodeIndex>(figure.skeleton.nodeCount());
        addNode(options.names[joint], parent, parentWorld * (kOffsets[joint] * options.scale),
                false);
        glm::dvec3 endOffset;
        if (endSiteBelow(joint, endOffset)) {
            addNode(endSiteName(options.names[joint]), figure.node[joint],
                    restWorld[joint] * (endOffset * options.scale), true);
        }
        std::vector<std::size_t> children;
        for (std::size_t child = 0; child < kFigureJoints; ++child) {
            if (kParents[child] == static_cast<int>(joint)) {
                children.push_back(child);
            }
        }
        if (options.reverseChildren) {
            std::reverse(children.begin(), children.end());
        }
        for (const std::size_t child : children) {
            visit(child);
        }
    }
};

} // namespace

JointNames mixamoNames(const std::string& p) {
    return sided({p + "Hips", p + "Spine", p + "Spine1", p + "Neck", p + "Head"},
                 {p + "LeftShoulder", p + "LeftArm", p + "LeftForeArm", p + "LeftHand",
                  p + "LeftUpLeg", p + "LeftLeg", p + "LeftFoot", p + "LeftToeBase"},
                 {p + "RightShoulder", p + "RightArm", p + "RightForeArm", p + "RightHand",
                  p + "RightUpLeg", p + "RightLeg", p + "RightFoot", p + "RightToeBase"});
}
JointNames cmuNames() {
    return mixamoNames("");
}
JointNames dazNames() {
    return sided({"hip", "abdomen", "chest", "neck", "head"},
                 {"lCollar", "lShldr", "lForeArm", "lHand", "lThigh", "lShin", "lFoot", "lToe"},
                 {"rCollar", "rShldr", "rForeArm", "rHand", "rThigh", "rShin", "rFoot", "rToe"});
}
JointNames motionBuilderNames() {
    return sided({"Hips", "Chest", "Chest2", "Neck", "Head"},
                 {"LeftCollar", "LeftShoulder", "LeftElbow", "LeftWrist", "LeftHip", "LeftKnee",
                  "LeftAnkle", "LeftToe"},
                 {"RightCollar", "RightShoulder", "RightElbow", "RightWrist", "RightHip",
                  "RightKnee", "RightAnkle", "RightToe"});
}
JointNames bipedNames() {
    return sided({"Bip01 Pelvis", "Bip01 Spine", "Bip01 Spine1", "Bip01 Neck", "Bip01 Head"},
                 {"Bip01 L Clavicle", "Bip01 L UpperArm", "Bip01 L Forearm", "Bip01 L Hand",
                  "Bip01 L Thigh", "Bip01 L Calf", "Bip01 L Foot", "Bip01 L Toe0"},
                 {"Bip01 R Clavicle", "Bip01 R UpperArm", "Bip01 R Forearm", "Bip01 R Hand",
                  "Bip01 R Thigh", "Bip01 R Calf", "Bip01 R Foot", "Bip01 R Toe0"});
}
JointNames bandaiNamcoNames() {
    return sided({"Hips", "Spine", "Chest", "Neck", "Head"},
                 {"Shoulder_L", "UpperArm_L", "LowerArm_L", "Hand_L", "UpperLeg_L", "LowerLeg_L",
                  "Foot_L", "Toes_L"},
                 {"Shoulder_R", "UpperArm_R", "LowerArm_R", "Hand_R", "UpperLeg_R", "LowerLeg_R",
                  "Foot_R", "Toes_R"});
}
JointNames secondLifeNames() {
    return sided({"mPelvis", "mTorso", "mChest", "mNeck", "mHead"},
                 {"mCollarLeft", "mShoulderLeft", "mElbowLeft", "mWristLeft", "mHipLeft",
                  "mKneeLeft", "mAnkleLeft", "mFootLeft"},
                 {"mCollarRight", "mShoulderRight", "mElbowRight", "mWristRight", "mHipRight",
                  "mKneeRight", "mAnkleRight", "mFootRight"});
}
JointNames smplNames() {
    return sided(
        {"Pelvis", "Spine1", "Spine2", "Neck", "Head"},
        {"L_Collar", "L_Shoulder", "L_Elbow", "L_Wrist", "L_Hip", "L_Knee", "L_Ankle", "L_Foot"},
        {"R_Collar", "R_Shoulder", "R_Elbow", "R_Wrist", "R_Hip", "R_Knee", "R_Ankle", "R_Foot"});
}

Figure buildFigure(const FigureOptions& options) {
    Builder builder{options, {}};
    builder.visit(0);
    return std::move(builder.figure);
}

Motion figureMotion(const Figure& figure, std::uint32_t frames) {
    const Skeleton& s = figure.skeleton;
    Motion motion;
    motion.frameCount = frames;
    motion.channelCount = static_cast<std::uint32_t>(s.totalChannels());
    motion.frameTime = 1.0 / 30.0;
    motion.frameTimeAssumed = false;
    motion.values.assign(std::size_t{frames} * motion.channelCount, 0.0f);
    for (std::uint32_t f = 0; f < frames; ++f) {
        float* row = motion.values.data() + std::size_t{f} * motion.channelCount;
        for (std::size_t node = 0; node < s.nodeCount(); ++node) {
            const std::uint32_t begin = s.channelBegin[node];
            for (std::uint32_t c = 0; c < s.channelCount[node]; ++c) {
                const ChannelType type = s.channels[begin + c];
                const double phase = 0.07 * f * (1.0 + 0.05 * static_cast<double>(node)) +
                                     static_cast<double>(node) + c;
                double value = 25.0 * std::sin(phase);
                if (type == ChannelType::Xposition) {
                    value = 1.5 * f;
                } else if (type == ChannelType::Yposition) {
                    value = 90.0 + 3.0 * std::sin(0.1 * f);
                } else if (type == ChannelType::Zposition) {
                    value = 0.5 * f;
                }
                row[begin + c] = static_cast<float>(value);
            }
        }
    }
    return motion;
}

std::array<glm::dvec3, kFigureJoints> figurePositions(const Figure& figure, const Motion& motion,
                                                      std::uint32_t frame) {
    std::vector<RigidTransform> local(figure.skeleton.nodeCount());
    std::vector<RigidTransform> world(figure.skeleton.nodeCount());
    computeLocalTransforms(figure.skeleton, motion.frame(frame), TranslationMode::Absolute, local);
    computeWorldTransforms(figure.skeleton, local, world);
    std::array<glm::dvec3, kFigureJoints> positions{};
    for (std::size_t joint = 0; joint < kFigureJoints; ++joint) {
        positions[joint] = world[static_cast<std::size_t>(figure.node[joint])].translation;
    }
    return positions;
}

} // namespace bvh::retarget_test
