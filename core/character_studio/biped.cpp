#include "core/character_studio/biped.h"

#include "core/analysis/up_axis_rotation.h"
#include "core/kinematics/pose.h"

#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

namespace bvh {

namespace {

// [SECTION] The hierarchy of seed 001

constexpr std::array<BipedJoint, 18> kBiped = {{
    {"Hips", "", "", false},
    {"LeftHip", "LeftUpLeg", "Hips", false},
    {"LeftKnee", "LeftLowLeg", "LeftHip", false},
    {"LeftAnkle", "LeftFoot", "LeftKnee", true},
    {"RightHip", "RightUpLeg", "Hips", false},
    {"RightKnee", "RightLowLeg", "RightHip", false},
    {"RightAnkle", "RightFoot", "RightKnee", true},
    {"Chest", "", "Hips", false},
    {"LeftCollar", "", "Chest", false},
    {"LeftShoulder", "LeftUpArm", "LeftCollar", false},
    {"LeftElbow", "LeftLowArm", "LeftShoulder", false},
    {"LeftWrist", "LeftHand", "LeftElbow", true},
    {"RightCollar", "", "Chest", false},
    {"RightShoulder", "RightUpArm", "RightCollar", false},
    {"RightElbow", "RightLowArm", "RightShoulder", false},
    {"RightWrist", "RightHand", "RightElbow", true},
    {"Neck", "", "Chest", false},
    {"Head", "", "Neck", true},
}};

constexpr std::string_view kRootChannels =
    "Xposition Yposition Zposition Zrotation Xrotation Yrotation";
constexpr std::string_view kJointChannels = "Zrotation Xrotation Yrotation";

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) {
            return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        };
        if (lower(a[i]) != lower(b[i])) {
            return false;
        }
    }
    return true;
}

int specIndex(std::string_view name) {
    for (std::size_t s = 0; s < kBiped.size(); ++s) {
        if (kBiped[s].name == name) {
            return static_cast<int>(s);
        }
    }
    return -1;
}

// "LeftKnee (LeftLowLeg)", as seed 001 writes the alternatives.
std::string describeSpec(const BipedJoint& joint) {
    std::string text(joint.name);
    if (!joint.alternative.empty()) {
        text += " (" + std::string(joint.alternative) + ")";
    }
    return text;
}

std::string channelLayout(const Skeleton& skeleton, std::size_t node) {
    std::string text;
    for (ChannelType type : skeleton.channelsOf(static_cast<NodeIndex>(node))) {
        text += (text.empty() ? "" : " ") + std::string(channelTypeName(type));
    }
    return text.empty() ? "none" : text;
}

// [SECTION] Neutral pose

// A direction's dominant signed axis ("+Z"), or nothing when no axis holds most of it (within
// 45 degrees) or the vector is too short to say.
std::optional<UpAxis> dominantAxis(const glm::dvec3& direction) {
    const double length = glm::length(direction);
    if (!(length > 1e-9)) {
        return std::nullopt;
    }
    int axis = 0;
    for (int a = 1; a < 3; ++a) {
        if (std::abs(direction[a]) > std::abs(direction[axis])) {
            axis = a;
        }
    }
    if (std::abs(direction[axis]) < std::sqrt(0.5) * length) {
        return std::nullopt;
    }
    static constexpr UpAxis kPositive[3] = {UpAxis::PositiveX, UpAxis::PositiveY,
                                            UpAxis::PositiveZ};
    static constexpr UpAxis kNegative[3] = {UpAxis::NegativeX, UpAxis::NegativeY,
                                            UpAxis::NegativeZ};
    return direction[axis] > 0 ? kPositive[axis] : kNegative[axis];
}

std::string axisText(std::optional<UpAxis> axis) {
    return axis ? std::string(upAxisName(*axis)) : std::string("no single axis");
}

struct DirectionCheck {
    std::string_view from;
    std::string_view to;
    UpAxis expected;
    std::string_view what;        // followed by the direction found: "... along +Y"
    std::string_view expectation; // what Biped's neutral pose has instead
};

// Biped's neutral pose in BVH axes (see biped.h): +Y up, left on +X, limbs down along -Y.
constexpr std::array<DirectionCheck, 7> kPoseChecks = {{
    {"Hips", "Head", UpAxis::PositiveY, "the head, seen from the hips, is along",
     "Biped's figure stands upright along +Y in the file (+Z in 3ds Max)"},
    {"RightHip", "LeftHip", UpAxis::PositiveX, "LeftHip, seen from RightHip, is along",
     "Biped has its left side on +X"},
    {"RightShoulder", "LeftShoulder", UpAxis::PositiveX,
     "LeftShoulder, seen from RightShoulder, is along", "Biped has its left side on +X"},
    {"LeftHip", "LeftAnkle", UpAxis::NegativeY, "the left leg points along",
     "Biped's legs are straight down, along -Y"},
    {"RightHip", "RightAnkle", UpAxis::NegativeY, "the right leg points along",
     "Biped's legs are straight down, along -Y"},
    {"LeftShoulder", "LeftWrist", UpAxis::NegativeY, "the left arm points along",
     "Biped's arms hang down along -Y, palms against the thighs"},
    {"RightShoulder", "RightWrist", UpAxis::NegativeY, "the right arm points along",
     "Biped's arms hang down along -Y, palms against the thighs"},
}};

struct PoseResult {
    int checked = 0;
    bool upAndLeftChecked = false;
    std::vector<std::string> differences;
    std::string summary;
    std::optional<UpAxis> up;
};

// `positions` by Biped joint (kBiped order); nullopt where the joint is missing.
PoseResult checkPose(const std::array<std::optional<glm::dvec3>, kBiped.size()>& positions) {
    PoseResult result;
    const auto position = [&](std::string_view name) {
        return positions[static_cast<std::size_t>(specIndex(name))];
    };
    std::optional<UpAxis> left;
    bool upChecked = false;
    bool leftChecked = false;
    const auto run = [&](const DirectionCheck& check) {
        const auto from = position(check.from);
        const auto to = position(check.to);
        if (!from || !to) {
            return;
        }
        ++result.checked;
        const std::optional<UpAxis> direction = dominantAxis(*to - *from);
        if (check.to == "Head") {
            result.up = direction;
            upChecked = true;
        } else if (check.to == "LeftHip") {
            left = direction;
            leftChecked = true;
        }
        if (direction != check.expected) {
            result.differences.push_back(std::string(check.what) + " " + axisText(direction) +
                                         "; " + std::string(check.expectation));
        }
    };
    for (const DirectionCheck& check : kPoseChecks) {
        run(check);
    }
    result.upAndLeftChecked = upChecked && leftChecked;

    result.summary = "upright along " + axisText(result.up) + ", left side on " + axisText(left);
    if (result.up && left) {
        // A figure's left is up x forward, so forward = left x up (right-handed axes).
        glm::dvec3 upVector(0.0);
        glm::dvec3 leftVector(0.0);
        upVector[upAxisIndex(*result.up)] = upAxisSign(*result.up);
        leftVector[upAxisIndex(*left)] = upAxisSign(*left);
        result.summary += ", facing " + axisText(dominantAxis(glm::cross(leftVector, upVector)));
    }
    return result;
}

// [SECTION] Which node is which Biped joint
struct BipedNodes {
    std::vector<int> specOfNode;                       // per node: its kBiped index, or -1
    std::array<NodeIndex, kBiped.size()> nodeOfSpec{}; // per kBiped joint: its node, or kNoParent
};

// Matches nodes to kBiped by name (or alternative name), first come first served; a joint
// that matches none is listed in check.extra.
BipedNodes matchBipedNodes(const Skeleton& skeleton, BipedCheck& check) {
    const std::size_t nodes = skeleton.nodeCount();
    BipedNodes match;
    match.specOfNode.assign(nodes, -1);
    match.nodeOfSpec.fill(kNoParent);
    for (std::size_t node = 0; node < nodes; ++node) {
        if (skeleton.isEndSite[node] != 0) {
            continue;
        }
        for (std::size_t s = 0; s < kBiped.size(); ++s) {
            const BipedJoint& joint = kBiped[s];
            const bool named = equalsIgnoringCase(skeleton.names[node], joint.name) ||
                               (!joint.alternative.empty() &&
                                equalsIgnoringCase(skeleton.names[node], joint.alternative));
            if (named && match.nodeOfSpec[s] == kNoParent) {
                match.nodeOfSpec[s] = static_cast<NodeIndex>(node);
                match.specOfNode[node] = static_cast<int>(s);
                break;
            }
        }
        if (match.specOfNode[node] < 0) {
            check.extra.push_back(skeleton.names[node]);
        }
    }
    return match;
}

// [SECTION] Parents and End Sites: each Biped joint's place, into check.missing and
// check.misplaced.
void checkBipedParents(const Skeleton& skeleton, const BipedNodes& match, BipedCheck& check) {
    const std::size_t nodes = skeleton.nodeCount();
    for (std::size_t s = 0; s < kBiped.size(); ++s) {
        const BipedJoint& joint = kBiped[s];
        const NodeIndex node = match.nodeOfSpec[s];
        if (node == kNoParent) {
            check.missing.push_back(describeSpec(joint));
            continue;
        }
        const std::string& name = skeleton.names[static_cast<std::size_t>(node)];
        const NodeIndex parent = skeleton.parents[static_cast<std::size_t>(node)];
        if (joint.parent.empty()) {
            if (parent != kNoParent) {
                check.misplaced.push_back(name + ": child of " +
                                          skeleton.names[static_cast<std::size_t>(parent)] +
                                          "; Biped expects it to be the ROOT");
            }
        } else {
            const int expected = specIndex(joint.parent);
            const std::string expectedText =
                describeSpec(kBiped[static_cast<std::size_t>(expected)]);
            if (parent == kNoParent) {
                check.misplaced.push_back(name + ": a ROOT; Biped expects it under " +
                                          expectedText);
            } else if (match.specOfNode[static_cast<std::size_t>(parent)] != expected) {
                check.misplaced.push_back(name + ": child of " +
                                          skeleton.names[static_cast<std::size_t>(parent)] +
                                          "; Biped expects it under " + expectedText);
            }
        }
        if (joint.hasEndSite) {
            bool found = false;
            for (std::size_t child = static_cast<std::size_t>(node) + 1; child < nodes; ++child) {
                if (skeleton.parents[child] == node && skeleton.isEndSite[child] != 0) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                check.missing.push_back("End Site under " + name);
            }
        }
    }
}

// [SECTION] Channel layouts (informational), into check.channelNotes.
void noteBipedChannelLayouts(const Skeleton& skeleton, const BipedNodes& match, BipedCheck& check) {
    // Grouped by layout so a file that uses one order throughout gets one line, not seventeen.
    std::map<std::string, std::vector<std::string>> jointsByLayout;
    for (std::size_t s = 0; s < kBiped.size(); ++s) {
        const NodeIndex node = match.nodeOfSpec[s];
        if (node == kNoParent) {
            continue;
        }
        const std::string layout = channelLayout(skeleton, static_cast<std::size_t>(node));
        const std::string_view expected = s == 0 ? kRootChannels : kJointChannels;
        if (layout != expected) {
            jointsByLayout["CHANNELS " + layout + " (seed 001: " + std::string(expected) + ")"]
                .push_back(skeleton.names[static_cast<std::size_t>(node)]);
        }
    }
    for (const auto& [layout, names] : jointsByLayout) {
        std::string list;
        for (const std::string& name : names) {
            list += (list.empty() ? "" : ", ") + name;
        }
        check.channelNotes.push_back(list + ": " + layout);
    }
}

// [SECTION] Neutral pose: the rest pose against kPoseChecks, and whether changing the up axis
// would make it match.
void checkBipedNeutralPose(const Skeleton& skeleton, const BipedNodes& match, BipedCheck& check) {
    const std::size_t nodes = skeleton.nodeCount();
    std::vector<RigidTransform> local(nodes);
    std::vector<RigidTransform> world(nodes);
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, world);
    std::array<std::optional<glm::dvec3>, kBiped.size()> positions;
    for (std::size_t s = 0; s < kBiped.size(); ++s) {
        if (match.nodeOfSpec[s] != kNoParent) {
            positions[s] = world[static_cast<std::size_t>(match.nodeOfSpec[s])].translation;
        }
    }
    const PoseResult pose = checkPose(positions);
    check.poseChecked = pose.upAndLeftChecked;
    check.poseMatches = pose.upAndLeftChecked && pose.differences.empty();
    check.poseSummary = pose.summary;
    check.poseDifferences = pose.differences;
    if (!check.poseChecked) {
        check.poseDifferences.push_back(
            "not enough Biped joints to tell (needs Hips, Head, LeftHip and RightHip)");
    }
    if (check.poseChecked && !check.poseMatches && pose.up && *pose.up != kBipedUpAxis) {
        // Would re-expressing the clip with +Y up (what `bvhscope convert --up y` does) fix it?
        const glm::dmat3 rotation = glm::mat3_cast(upAxisRotation(*pose.up, kBipedUpAxis));
        for (auto& position : positions) {
            if (position) {
                position = rotation * *position;
            }
        }
        if (checkPose(positions).differences.empty()) {
            check.matchesAfterUpAxisChangeFrom = pose.up;
        }
    }
}

} // namespace

std::span<const BipedJoint> bipedHierarchy() {
    return kBiped;
}

BipedCheck checkBiped(const Skeleton& skeleton) {
    BipedCheck check;
    const BipedNodes match = matchBipedNodes(skeleton, check);
    checkBipedParents(skeleton, match, check);
    check.hierarchyMatches = check.missing.empty() && check.misplaced.empty();
    noteBipedChannelLayouts(skeleton, match, check);
    checkBipedNeutralPose(skeleton, match, check);
    return check;
}

} // namespace bvh
