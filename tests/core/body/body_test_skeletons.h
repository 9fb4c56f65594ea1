// Skeletons for the body tests and benchmark, as BVH text: a 65-joint Mixamo-style biped in
// T-pose, a hand on its own and a 160-joint face rig (Y up, centimetres, facing +Z, left +X).
#pragma once

#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace bvh::test {

// A hierarchy written joint by joint: add() returns the joint's index for its children.
class BvhTextBuilder {
public:
    int add(const std::string& name, int parent, glm::dvec3 offset) {
        joints_.push_back({name, parent, offset, false});
        return static_cast<int>(joints_.size()) - 1;
    }
    void endSite(int parent, glm::dvec3 offset) { joints_.push_back({"", parent, offset, true}); }

    // An End Site `length` on along its joint's bone (straight up where that bone has no length)
    // on every joint without children, as exporters close a rig's leaves.
    void addEndSitesOnLeaves(double length) {
        const std::size_t count = joints_.size();
        std::vector<bool> parentOfAny(count, false);
        for (const Joint& joint : joints_) {
            if (joint.parent >= 0) {
                parentOfAny[static_cast<std::size_t>(joint.parent)] = true;
            }
        }
        for (std::size_t i = 0; i < count; ++i) {
            if (parentOfAny[i] || joints_[i].endSite) {
                continue;
            }
            const glm::dvec3 bone = joints_[i].offset;
            const double boneLength =
                std::sqrt(bone.x * bone.x + bone.y * bone.y + bone.z * bone.z);
            endSite(static_cast<int>(i), boneLength > 1e-9 ? bone * (length / boneLength)
                                                           : glm::dvec3(0.0, length, 0.0));
        }
    }

    glm::dvec3 offsetOf(int joint) const { return joints_[static_cast<std::size_t>(joint)].offset; }

    int indexOf(const std::string& name) const {
        for (std::size_t i = 0; i < joints_.size(); ++i) {
            if (joints_[i].name == name && !joints_[i].endSite) {
                return static_cast<int>(i);
            }
        }
        return -1;
    }

    // One frame of zeros: the rest pose.
    std::string text() const { return text({Frame{}}); }

    // One motion row per frame. Roots have 6 channels (X, Y, Z position, then Z, X, Y
    // rotation), other joints 3 (Z, X, Y rotation, degrees).
    struct Frame {
        glm::dvec3 rootPosition{0.0};
        std::vector<glm::dvec3> rotations; // per joint index (add()'s): Z, X, Y; missing: zero
    };
    std::string text(const std::vector<Frame>& frames) const {
        std::string out = "HIERARCHY\n";
        std::size_t channels = 0;
        std::vector<int> order; // joints in the file's order, which the rows follow
        for (std::size_t i = 0; i < joints_.size(); ++i) {
            if (joints_[i].parent < 0) {
                write(out, i, 0, channels, order);
            }
        }
        out += "MOTION\nFrames: " + std::to_string(frames.size()) + "\nFrame Time: 0.033333\n";
        for (const Frame& frame : frames) {
            std::string row;
            const auto value = [&row](double v) {
                char number[48];
                std::snprintf(number, sizeof number, row.empty() ? "%.9g" : " %.9g", v);
                row += number;
            };
            for (const int joint : order) {
                const auto index = static_cast<std::size_t>(joint);
                if (joints_[index].parent < 0) {
                    for (int axis = 0; axis < 3; ++axis) {
                        value(frame.rootPosition[axis]);
                    }
                }
                const glm::dvec3 r =
                    index < frame.rotations.size() ? frame.rotations[index] : glm::dvec3(0.0);
                value(r.x);
                value(r.y);
                value(r.z);
            }
            out += row + "\n";
        }
        return out;
    }

private:
    struct Joint {
        std::string name;
        int parent;
        glm::dvec3 offset;
        bool endSite;
    };
    void write(std::string& out, std::size_t index, int depth, std::size_t& channels,
               std::vector<int>& order) const {
        const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
        const Joint& joint = joints_[index];
        char offset[128];
        std::snprintf(offset, sizeof offset, "OFFSET %.17g %.17g %.17g\n", joint.offset.x,
                      joint.offset.y, joint.offset.z);
        if (joint.endSite) {
            out += indent + "End Site\n" + indent + "{\n" + indent + "  " + offset + indent + "}\n";
            return;
        }
        const bool root = joint.parent < 0;
        order.push_back(static_cast<int>(index));
        out += indent + (root ? "ROOT " : "JOINT ") + joint.name + "\n" + indent + "{\n";
        out += indent + "  " + offset;
        out += indent +
               (root ? "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
                     : "  CHANNELS 3 Zrotation Xrotation Yrotation\n");
        channels += root ? 6 : 3;
        for (std::size_t child = index + 1; child < joints_.size(); ++child) {
            if (joints_[child].parent == static_cast<int>(index)) {
                write(out, child, depth + 1, channels, order);
            }
        }
        out += indent + "}\n";
    }
    std::vector<Joint> joints_;
};

// Five fingers of 4 joints (Mixamo: Thumb1..Thumb4, each finger's last joint with an End Site)
// along `side` (+1 left, -1 right) from `hand`, in a T-pose along X. `scale` 1 is a human's.
// Each thumb bone steps `thumbAcross` cm forward (+Z) for its 3 cm along the hand: 0.8 lays the
// thumb beside the index finger (Perception Neuron's rest pose), 2.5 spreads it 40 degrees out
// (MakeHuman's).
inline void addFingers(BvhTextBuilder& b, int hand, const std::string& prefix, double side,
                       double scale = 1.0, double thumbAcross = 0.8) {
    const char* names[5] = {"Thumb", "Index", "Middle", "Ring", "Pinky"};
    const double spread[5] = {3.0, 1.8, 0.0, -1.8, -3.5};
    const double start[5] = {2.5, 9.0, 9.2, 8.8, 8.0};
    const double segment[5] = {3.0, 3.5, 3.8, 3.5, 2.8};
    for (int f = 0; f < 5; ++f) {
        int parent = b.add(prefix + names[f] + "1", hand,
                           glm::dvec3(side * start[f], f == 0 ? -1.0 : 0.0, spread[f]) * scale);
        for (int k = 2; k <= 4; ++k) {
            parent = b.add(prefix + names[f] + std::to_string(k), parent,
                           glm::dvec3(side * segment[f], 0.0, f == 0 ? thumbAcross : 0.0) * scale);
        }
        b.endSite(parent, glm::dvec3(side * 2.0, 0.0, 0.0) * scale);
    }
}

// How mixamoBiped names and lays out its figure.
struct BipedStyle {
    std::string prefix = "mixamorig:"; // before every joint's name (LAFAN1's have none)
    bool fingers = true;
    // The rest pose turned this many quarters about Z: 1 lays the head along +X (Bandai Namco's
    // rest pose), -1 along -X (LAFAN1's); their motion stands them up.
    int restQuarterTurns = 0;
    double thumbAcross = 0.8; // addFingers's
};

// For gtest's value-parameterised tests: without it gtest prints the struct's bytes, padding
// included, and valgrind reports a read of uninitialised memory.
inline void PrintTo(const BipedStyle& style, std::ostream* out) {
    *out << "{prefix \"" << style.prefix << "\", fingers " << style.fingers << ", quarter turns "
         << style.restQuarterTurns << ", thumb across " << style.thumbAcross << "}";
}

// 65 joints, like Mixamo's characters (fewer without fingers): about 180 cm tall, arms out
// along X, unless `style` turns the rest pose.
inline BvhTextBuilder mixamoBiped(double scale = 1.0, const BipedStyle& style = {}) {
    BvhTextBuilder b;
    const auto s = [scale, &style](double x, double y, double z) {
        const glm::dvec3 turned = style.restQuarterTurns > 0   ? glm::dvec3(y, -x, z)
                                  : style.restQuarterTurns < 0 ? glm::dvec3(-y, x, z)
                                                               : glm::dvec3(x, y, z);
        return turned * scale;
    };
    const std::string& p = style.prefix;
    const int hips = b.add(p + "Hips", -1, s(0, 100, 0));
    const int spine = b.add(p + "Spine", hips, s(0, 10, 0));
    const int spine1 = b.add(p + "Spine1", spine, s(0, 12, 0));
    const int spine2 = b.add(p + "Spine2", spine1, s(0, 13, 0));
    const int neck = b.add(p + "Neck", spine2, s(0, 17, 0));
    const int head = b.add(p + "Head", neck, s(0, 10, 2));
    const int top = b.add(p + "HeadTop_End", head, s(0, 20, 1));
    b.endSite(top, s(0, 1, 0));
    for (int sideIndex = 0; sideIndex < 2; ++sideIndex) {
        const double side = sideIndex == 0 ? 1.0 : -1.0;
        const std::string prefix = p + (sideIndex == 0 ? "Left" : "Right");
        const int shoulder = b.add(prefix + "Shoulder", spine2, s(side * 6, 12, 0));
        const int arm = b.add(prefix + "Arm", shoulder, s(side * 12, 0, 0));
        const int forearm = b.add(prefix + "ForeArm", arm, s(side * 28, 0, 0));
        const int hand = b.add(prefix + "Hand", forearm, s(side * 25, 0, 0));
        if (style.fingers) {
            addFingers(b, hand, prefix + "Hand", side, scale, style.thumbAcross);
        } else {
            b.endSite(hand, s(side * 18, 0, 0));
        }
    }
    for (int sideIndex = 0; sideIndex < 2; ++sideIndex) {
        const double side = sideIndex == 0 ? 1.0 : -1.0;
        const std::string prefix = p + (sideIndex == 0 ? "Left" : "Right");
        const int upLeg = b.add(prefix + "UpLeg", hips, s(side * 9, -6, 0));
        const int leg = b.add(prefix + "Leg", upLeg, s(0, -44, 0));
        const int foot = b.add(prefix + "Foot", leg, s(0, -42, -1));
        const int toe = b.add(prefix + "ToeBase", foot, s(0, -7, 13));
        const int toeEnd = b.add(prefix + "Toe_End", toe, s(0, 0, 6));
        b.endSite(toeEnd, s(0, 0, 1));
    }
    return b;
}

// A 183 cm biped whose arms hang straight down beside the chest (as bvhio's and mocapbank's rest
// poses do): shoulders (the upper arms' roots) 18 cm from the spine at y = 145, elbows at
// y = 117, wrists at y = 92, 9.2 cm from the hips' joint to the thigh at (9, 94); the head joint
// at y = 162, its End Site `headEnd` cm above it and `headEndAcross` to its left (+X); the hands'
// End Sites `handEnd` cm below the wrists; the feet's End Sites at y = 1.
inline BvhTextBuilder armsDownBiped(double headEnd = 21.0, double handEnd = 8.0,
                                    double headEndAcross = 0.0) {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 100, 0});
    const int spine = b.add("Spine", hips, {0, 10, 0});
    const int spine1 = b.add("Spine1", spine, {0, 12, 0});
    const int spine2 = b.add("Spine2", spine1, {0, 13, 0});
    const int neck = b.add("Neck", spine2, {0, 17, 0});
    const int head = b.add("Head", neck, {0, 10, 2});
    b.endSite(head, {headEndAcross, headEnd, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(prefix + "Shoulder", spine2, {side * 6, 10, 0});
        const int arm = b.add(prefix + "Arm", shoulder, {side * 12, 0, 0});
        const int forearm = b.add(prefix + "ForeArm", arm, {0, -28, 0});
        const int hand = b.add(prefix + "Hand", forearm, {0, -25, 0});
        b.endSite(hand, {0, -handEnd, 0});
        const int upLeg = b.add(prefix + "UpLeg", hips, {side * 9, -6, 0});
        const int leg = b.add(prefix + "Leg", upLeg, {0, -44, 0});
        const int foot = b.add(prefix + "Foot", leg, {0, -42, -1});
        b.endSite(foot, {0, -7, 14});
    }
    return b;
}

// Five MakeHuman-named fingers off `wrist` (finger1 the thumb, finger2 to finger5 from knuckles
// 8 cm along `along`, 1.9 cm apart across z), each three phalanges of 4, 2.5 and 2 cm.
inline void addMakeHumanFingers(BvhTextBuilder& b, int wrist, glm::dvec3 along,
                                const std::string& suffix) {
    const glm::dvec3 across(0.0, 0.0, 1.0);
    for (int finger = 1; finger <= 5; ++finger) {
        const bool thumb = finger == 1;
        const glm::dvec3 way = thumb ? glm::normalize(along + across) : along;
        const glm::dvec3 root =
            thumb ? 2.5 * along + 3.0 * across : 8.0 * along + (3.5 - finger) * 1.9 * across;
        int joint = b.add("finger" + std::to_string(finger) + "-1" + suffix, wrist, root);
        for (const auto& [phalanx, length] : {std::pair{2, 4.0}, std::pair{3, 2.5}}) {
            joint =
                b.add("finger" + std::to_string(finger) + "-" + std::to_string(phalanx) + suffix,
                      joint, length * way);
        }
        b.endSite(joint, 2.0 * way);
    }
}

// A MakeHuman-like biped (Y up, centimetres, about 160 cm tall, arms half down): its root's
// three bones (pelvis.L, pelvis.R, spine05) end at one point 8 cm in front of it, five short
// spine bones (6 to 15 cm) run up from there, and the neck is three short bones. The class of
// rig whose overlapping volumes sank a smooth union built of blends of blends. With a
// `thighSplit` (0 to 1), each thigh is two bones along one line, upperleg01 to upperleg02 that
// share of the way to the knee and upperleg02 to the knee, as MakeHuman's default rig has them;
// `armSplit` splits each upper arm so (upperarm01 to upperarm02), and `forearmSplit` each
// forearm (lowerarm01 to lowerarm02, a twist bone); `fingers` gives each wrist MakeHuman's five
// fingers (addMakeHumanFingers).
inline BvhTextBuilder shortSpineBiped(double thighSplit = 0.0, double armSplit = 0.0,
                                      double forearmSplit = 0.0, bool fingers = false) {
    BvhTextBuilder b;
    const int root = b.add("root", -1, {0, 95, 0});
    const glm::dvec3 pelvisEnd{0, 0.4, 7.9};
    int spine = b.add("spine05", root, pelvisEnd);
    const glm::dvec3 spineBones[4] = {{0, 8, -3.9}, {0, 6.7, 1.6}, {0, 7.6, 0.2}, {0, 14.6, -1.1}};
    for (int k = 0; k < 4; ++k) {
        spine = b.add("spine0" + std::to_string(4 - k), spine, spineBones[k]);
    }
    int neck = b.add("neck01", spine, {0, 17.6, 2.4});
    neck = b.add("neck02", neck, {0, 3.4, 0.2});
    neck = b.add("neck03", neck, {0, 4.0, 0});
    const int head = b.add("head", neck, {0, 3.7, 0});
    b.endSite(head, {0, 20, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string suffix = side > 0 ? ".L" : ".R";
        const int pelvis = b.add("pelvis" + suffix, root, pelvisEnd);
        const int thigh = b.add("upperleg01" + suffix, pelvis, {side * 10, -1, -1});
        const glm::dvec3 thighBone{side * 2, -40, 1};
        const int split =
            thighSplit > 0.0 ? b.add("upperleg02" + suffix, thigh, thighSplit * thighBone) : thigh;
        const int knee = b.add("lowerleg01" + suffix, split, (1.0 - thighSplit) * thighBone);
        const int foot = b.add("foot" + suffix, knee, {side * 1, -42, -1});
        b.endSite(foot, {0, -4, 14});
        const int clavicle = b.add("clavicle" + suffix, spine, {side * 2.3, 10.5, 4.1});
        const int shoulder = b.add("shoulder01" + suffix, clavicle, {side * 7.7, 1.7, 0});
        const int arm = b.add("upperarm01" + suffix, shoulder, {side * 11.5, -8.7, -0.3});
        const glm::dvec3 armBone{side * 18, -20, 0};
        const int armEnd =
            armSplit > 0.0 ? b.add("upperarm02" + suffix, arm, armSplit * armBone) : arm;
        const int forearm = b.add("lowerarm01" + suffix, armEnd, (1.0 - armSplit) * armBone);
        const glm::dvec3 forearmBone{side * 15, -16, 0};
        const int forearmEnd =
            forearmSplit > 0.0 ? b.add("lowerarm02" + suffix, forearm, forearmSplit * forearmBone)
                               : forearm;
        const int wrist = b.add("wrist" + suffix, forearmEnd, (1.0 - forearmSplit) * forearmBone);
        if (fingers) {
            addMakeHumanFingers(b, wrist, glm::normalize(forearmBone), suffix);
        } else {
            b.endSite(wrist, {side * 6, -6, 0});
        }
    }
    return b;
}

// A CMU-like biped (Y up, CMU's units, about 25 tall, arms out, legs splayed as in CMU's rest
// pose), symmetric about x = 0: the hips' children LHipJoint, RHipJoint and LowerBack sit on the
// hips (zero-length bones), so each thigh's first bone runs from the pelvis's middle to its hip
// joint, LeftUpLeg; the shoulders, on the chest's top, likewise.
inline BvhTextBuilder cmuLikeBiped() {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 17, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int hipJoint = b.add(side > 0 ? "LHipJoint" : "RHipJoint", hips, {0, 0, 0});
        const int upLeg = b.add(prefix + "UpLeg", hipJoint, {side * 1.35, -1.8, 0.84});
        const int leg = b.add(prefix + "Leg", upLeg, {side * 2.5, -6.9, 0});
        const int foot = b.add(prefix + "Foot", leg, {side * 2.55, -7.05, 0});
        const int toe = b.add(prefix + "ToeBase", foot, {side * 0.16, -0.44, 2.34});
        b.endSite(toe, {0, 0, 1.2});
    }
    const int lowerBack = b.add("LowerBack", hips, {0, 0, 0});
    const int spine = b.add("Spine", lowerBack, {0, 2.04, -0.19});
    const int spine1 = b.add("Spine1", spine, {0, 2.05, -0.04});
    const int neck = b.add("Neck", spine1, {0, 0, 0});
    const int neck1 = b.add("Neck1", neck, {0, 1.75, 0.17});
    const int head = b.add("Head", neck1, {0, 1.76, -0.12});
    b.endSite(head, {0, 1.77, -0.06});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(prefix + "Shoulder", spine1, {0, 0, 0});
        const int arm = b.add(prefix + "Arm", shoulder, {side * 3.3, 1.3, -0.35});
        const int forearm = b.add(prefix + "ForeArm", arm, {side * 5.1, 0, 0});
        const int hand = b.add(prefix + "Hand", forearm, {side * 3.46, 0, 0});
        b.endSite(hand, {side * 1.3, 0, 0});
    }
    return b;
}

// How a biped whose joints are named after the bones they start holds its arms at rest.
enum class RestArms { Out, Down };

// A Biovision-named biped (BVH's original spelling, Motion Analysis' and many mocap houses'):
// Hips, Chest, Neck, Head; LeftCollar to LeftShoulder (the upper arm's root) to LeftElbow to
// LeftWrist; LeftHip (the thigh's root) to LeftKnee to LeftAnkle. About 175 cm tall, Y up, facing
// +Z: shoulders 19 cm from the spine at y = 145, hips 10 cm from it at y = 95, the head joint at
// y = 157 under a 20 cm skull. The arms are held out along X, or hang down beside the trunk with
// the elbows at y = 117 and the wrists at y = 92, 19 cm from the spine.
inline BvhTextBuilder biovisionBiped(RestArms arms = RestArms::Out) {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 97, 0});
    const int chest = b.add("Chest", hips, {0, 20, 0});
    const int neck = b.add("Neck", chest, {0, 30, 0});
    const int head = b.add("Head", neck, {0, 10, 1});
    b.endSite(head, {0, 20, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int collar = b.add(prefix + "Collar", chest, {side * 3, 26, 0});
        const int shoulder = b.add(prefix + "Shoulder", collar, {side * 16, 2, 0});
        const glm::dvec3 upper =
            arms == RestArms::Out ? glm::dvec3(side * 28, 0, 0) : glm::dvec3(0, -28, 0);
        const glm::dvec3 lower =
            arms == RestArms::Out ? glm::dvec3(side * 25, 0, 0) : glm::dvec3(0, -25, 0);
        const int elbow = b.add(prefix + "Elbow", shoulder, upper);
        const int wrist = b.add(prefix + "Wrist", elbow, lower);
        b.endSite(wrist,
                  arms == RestArms::Out ? glm::dvec3(side * 17, 0, 0) : glm::dvec3(0, -17, 0));
        const int hip = b.add(prefix + "Hip", hips, {side * 10, -2, 0});
        const int knee = b.add(prefix + "Knee", hip, {0, -44, 0});
        const int ankle = b.add(prefix + "Ankle", knee, {0, -43, -1});
        b.endSite(ankle, {0, -7, 15});
    }
    return b;
}

// A Second Life-named biped (the Bento skeleton's body, avatar_skeleton.xml's joints and
// positions in centimetres, Y up, facing +Z, arms out along X): mPelvis, mTorso, mChest, mNeck,
// mHead; mCollarLeft to mShoulderLeft (the upper arm's root) to mElbowLeft to mWristLeft;
// mHipLeft (the thigh's root) to mKneeLeft to mAnkleLeft to mFootLeft to mToeLeft. About 180 cm
// tall: shoulders 16.4 cm from the spine at y = 152.1, hips 12.7 cm from it at y = 102.6.
inline BvhTextBuilder secondLifeBiped() {
    BvhTextBuilder b;
    const int pelvis = b.add("mPelvis", -1, {0, 106.7, 0});
    const int torso = b.add("mTorso", pelvis, {0, 8.4, 0});
    const int chest = b.add("mChest", torso, {0, 20.5, -1.5});
    const int neck = b.add("mNeck", chest, {0, 25.1, -1});
    const int head = b.add("mHead", neck, {0, 7.6, 0});
    const int skull = b.add("mSkull", head, {0, 7.9, 0});
    b.endSite(skull, {0, 3.3, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string suffix = side > 0 ? "Left" : "Right";
        const int collar = b.add("mCollar" + suffix, chest, {side * 8.5, 16.5, -2.1});
        const int shoulder = b.add("mShoulder" + suffix, collar, {side * 7.9, 0, 0});
        const int elbow = b.add("mElbow" + suffix, shoulder, {side * 24.8, 0, 0});
        const int wrist = b.add("mWrist" + suffix, elbow, {side * 20.5, 0, 0});
        b.endSite(wrist, {side * 10, 0, 0});
        const int hip = b.add("mHip" + suffix, pelvis, {side * 12.7, -4.1, 3.4});
        const int knee = b.add("mKnee" + suffix, hip, {side * -4.6, -49.1, -0.1});
        const int ankle = b.add("mAnkle" + suffix, knee, {side * 0.1, -46.8, -2.9});
        const int foot = b.add("mFoot" + suffix, ankle, {0, -6.1, 11.2});
        const int toe = b.add("mToe" + suffix, foot, {0, 0, 10.9});
        b.endSite(toe, {0, 0, 2});
    }
    return b;
}

inline std::string mixamoBipedText(double scale = 1.0) {
    return mixamoBiped(scale).text();
}

// A lying biped (mixamoBiped with `style`, by default Bandai Namco's rest pose along +X) walking
// 3 m along +X in `frames` frames, stood up in +Y by its hips' quarter turn about Z: upper arms 15
// to 75 degrees down from the T-pose and swinging, elbows and knees bending, thighs swinging, two
// strides. The pose nearest the rest pose's shape (arms 15 degrees down, everything else straight)
// is at 5/12 of the clip (frame 25 of 61).
inline std::string lyingBipedWalkText(int frames,
                                      const BipedStyle& style = {"mixamorig:", true, 1}) {
    const BvhTextBuilder b = mixamoBiped(1.0, style);
    // The lying figure's X and Y axes swap with the turn's direction; Z stays.
    const double turn = style.restQuarterTurns < 0 ? -1.0 : 1.0;
    std::vector<BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        const double t = frames > 1 ? static_cast<double>(f) / (frames - 1) : 0.0;
        const double phase = 4.0 * 3.14159265358979 * t + 3.14159265358979 / 3.0;
        BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {300.0 * t - 100.0, 95.0, 0.0};
        row.rotations.assign(200, glm::dvec3(0.0));
        const auto set = [&](const std::string& name, glm::dvec3 zxy) {
            row.rotations[static_cast<std::size_t>(b.indexOf(style.prefix + name))] =
                glm::dvec3(zxy.x, turn * zxy.y, turn * zxy.z);
        };
        set("Hips", {90.0 * turn, 0.0, 5.0 * std::sin(phase)});
        const double armDown = 45.0 - 30.0 * std::cos(phase);
        const double bend = 30.0 * (1.0 - std::cos(phase));
        const double swing = 30.0 * std::sin(phase);
        set("LeftArm", {-armDown, swing, 0.0});
        set("RightArm", {armDown, -swing, 0.0});
        set("LeftForeArm", {0.0, bend, 0.0});
        set("RightForeArm", {0.0, -bend, 0.0});
        set("LeftUpLeg", {0.0, 0.0, swing});
        set("RightUpLeg", {0.0, 0.0, -swing});
        set("LeftLeg", {0.0, 0.0, -2.0 * bend});
        set("RightLeg", {0.0, 0.0, -bend});
        set("Spine1", {0.0, 0.3 * swing, 0.0});
    }
    return b.text(rows);
}

// A right hand on its own: the wrist at the origin, fingers along -X.
inline std::string handAloneText() {
    BvhTextBuilder b;
    const int hand = b.add("RightHand", -1, {0, 0, 0});
    addFingers(b, hand, "RightHand", -1.0);
    return b.text();
}

// A head on a short spine with 160 face joints: jaw, lips, cheeks, brows and eyes, some of them
// with long aim bones reaching 25 cm in front of the face (as face rigs have).
inline std::string faceRigText() {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 100, 0});
    const int spine = b.add("Spine", hips, {0, 25, 0});
    const int chest = b.add("Chest", spine, {0, 25, 0});
    const int neck = b.add("Neck", chest, {0, 18, 0});
    const int head = b.add("Head", neck, {0, 10, 2});
    const int top = b.add("HeadTop", head, {0, 20, 0});
    b.endSite(top, {0, 1, 0});
    const char* parts[4] = {"Lip", "Cheek", "Brow", "Eye"};
    for (int k = 0; k < 160; ++k) {
        const double angle = 0.37 * k;
        const glm::dvec3 at(6.0 * std::sin(angle), 4.0 + 8.0 * std::cos(1.3 * angle), 8.0);
        const int joint = b.add(std::string(parts[k % 4]) + "_" + std::to_string(k), head, at);
        // Every fourth reaches far forward (an eye's aim), the others are a centimetre long.
        b.endSite(joint, k % 4 == 3 ? glm::dvec3(0, 0, 25) : glm::dvec3(0, 0, 1));
    }
    return b.text();
}

// An unnamed many-legged rig of exactly 1000 joints (the benchmark's large figure): a spine of
// 40 segments along +Z, each with a leg of 12 joints on either side reaching out and down.
inline std::string thousandJointRigText() {
    BvhTextBuilder b;
    int segment = b.add("J0", -1, {0, 40, 0});
    for (int k = 0; k < 40; ++k) {
        if (k > 0) {
            segment = b.add("J" + std::to_string(k), segment, {0, 0, 5});
        }
        for (const double side : {1.0, -1.0}) {
            int joint = segment;
            for (int j = 0; j < 12; ++j) {
                const glm::dvec3 offset =
                    j == 0 ? glm::dvec3(side * 3, 0, 0)
                           : (j < 4 ? glm::dvec3(side * 3, 1, 0) : glm::dvec3(side * 0.5, -4, 0));
                joint = b.add("L" + std::to_string(k) + (side > 0 ? "a" : "b") + std::to_string(j),
                              joint, offset);
            }
            b.endSite(joint, {0, -1, 0});
        }
    }
    return b.text();
}

// A CMU-like biped (the cgspeed conversion's offsets, Y up, facing +Z): Neck on Spine1 with no
// offset, Neck1 1.75 up, Head 1.76 up and its End Site 1.77 up, so the head joint sits at the
// skull's base and the neck chain is twice the head bone. Written into `b`; returns the head's
// index, for a face to hang on it.
inline int addCmuLikeBiped(test::BvhTextBuilder& b) {
    const int hips = b.add("Hips", -1, {0, 17, 0});
    const int spine = b.add("Spine", hips, {0, 2.04, -0.19});
    const int spine1 = b.add("Spine1", spine, {0, 2.05, -0.04});
    const int neck = b.add("Neck", spine1, {0, 0, 0});
    const int neck1 = b.add("Neck1", neck, {0, 1.75, 0.17});
    const int head = b.add("Head", neck1, {0, 1.76, -0.12});
    b.endSite(head, {0, 1.77, -0.06});
    for (const double side : {1.0, -1.0}) {
        const std::string s = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(s + "Shoulder", spine1, {0, 0, 0});
        const int arm = b.add(s + "Arm", shoulder, {side * 3.36, 1.2, -0.31});
        const int forearm = b.add(s + "ForeArm", arm, {side * 4.98, 0, 0});
        const int hand = b.add(s + "Hand", forearm, {side * 3.48, 0, 0});
        b.endSite(hand, {side * 1.5, 0, 0});
        const int hipJoint = b.add(s.substr(0, 1) + "HipJoint", hips, {0, 0, 0});
        const int upLeg = b.add(s + "UpLeg", hipJoint, {side * 1.36, -1.8, 0.84});
        const int leg = b.add(s + "Leg", upLeg, {side * 2.54, -6.98, 0});
        const int foot = b.add(s + "Foot", leg, {side * 2.57, -7.06, 0});
        const int toe = b.add(s + "ToeBase", foot, {0, -0.39, 2.3});
        b.endSite(toe, {0, 0, 1.2});
    }
    return head;
}

inline std::string cmuLikeBipedText() {
    test::BvhTextBuilder b;
    addCmuLikeBiped(b);
    return b.text();
}

// A PyMO-like biped (its sample walk's offsets, Y up, facing +Z, 60.5 tall): no neck joint, the
// spine's bone runs straight into the head joint 3.9 above the shoulders' line, and the head's
// bone is 4.5 long (0.075 of the height).
inline std::string pymoLikeBipedText() {
    BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 35.4, 0});
    const int spine = b.add("Spine", hips, {0, 8.47, 0});
    b.endSite(b.add("Head", spine, {0, 13.82, 0}), {0, 4.53, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string s = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(s + "Shoulder", spine, {0, 9.96, 0});
        const int arm = b.add(s + "Arm", shoulder, {side * 7.31, 0, 0});
        const int forearm = b.add(s + "ForeArm", arm, {side * 10.71, 0, 0});
        const int hand = b.add(s + "Hand", forearm, {side * 8.5, 0, 0});
        b.endSite(hand, {side * 3.94, 0, 0});
        const int upLeg = b.add(s + "UpLeg", hips, {side * 4.03, 0, 0});
        const int leg = b.add(s + "Leg", upLeg, {0, -16.79, 0});
        const int foot = b.add(s + "Foot", leg, {0, -15.49, 0});
        const int toe = b.add(s + "ToeBase", foot, {0, -1.45, 5.42});
        b.endSite(toe, {0, 0, 2.95});
    }
    return b.text();
}

} // namespace bvh::test
