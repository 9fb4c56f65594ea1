// The skeleton's flat arrays and what its accessors derive from them (core/model/skeleton.h).
#include "core/model/skeleton.h"

#include <array>
#include <cstdint>
#include <gtest/gtest.h>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace bvh {
namespace {

using enum ChannelType;

// By hand, as the reader would build it from:
//
//   ROOT Hips          CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
//     JOINT LeftLeg    CHANNELS 3 Yrotation Xrotation Zrotation
//       End Site
//     JOINT Spine      CHANNELS 4 Xrotation Zrotation Xscale Yrotation
//       End Site
//
// Columns: Hips [0, 6), LeftLeg [6, 9), its End Site [9, 9), Spine [9, 13), its End Site [13, 13).
// Spine's columns start at 9 although it is node 3: channel ranges follow the channels, not
// the node index.
Skeleton handBuiltSkeleton() {
    Skeleton skeleton;
    skeleton.names = {"Hips", "LeftLeg", "EndSite_LeftLeg", "Spine", "EndSite_Spine"};
    skeleton.parents = {kNoParent, 0, 1, 0, 3};
    skeleton.offsets = {{1, 2, 3}, {4, 0, 0}, {0, -5, 0}, {0, 6, 0}, {0, 7, 0}};
    skeleton.isEndSite = {0, 0, 1, 0, 1};
    skeleton.channelBegin = {0, 6, 9, 9, 13};
    skeleton.channelCount = {6, 3, 0, 4, 0};
    skeleton.channels = {Xposition, Yposition, Zposition, Zrotation, Xrotation,
                         Yrotation, Yrotation, Xrotation, Zrotation, Xrotation,
                         Zrotation, Unknown,   Yrotation};
    skeleton.channelNames = {"Xposition", "Yposition", "Zposition", "Zrotation", "Xrotation",
                             "Yrotation", "Yrotation", "Xrotation", "Zrotation", "Xrotation",
                             "Zrotation", "Xscale",    "Yrotation"};
    return skeleton;
}

// Appends one node; `types` become its columns, after every column so far.
void appendNode(Skeleton& skeleton, std::string name, NodeIndex parent, bool endSite,
                std::vector<ChannelType> types) {
    skeleton.names.push_back(std::move(name));
    skeleton.parents.push_back(parent);
    skeleton.offsets.emplace_back(0.0);
    skeleton.isEndSite.push_back(endSite ? 1 : 0);
    skeleton.channelBegin.push_back(static_cast<std::uint32_t>(skeleton.channels.size()));
    skeleton.channelCount.push_back(static_cast<std::uint32_t>(types.size()));
    for (ChannelType type : types) {
        skeleton.channels.push_back(type);
        skeleton.channelNames.emplace_back(channelTypeName(type));
    }
}

// [SECTION] Counts

TEST(Skeleton, CountsNodesJointsEndSitesAndChannels) {
    const Skeleton skeleton = handBuiltSkeleton();
    EXPECT_EQ(skeleton.nodeCount(), 5u);
    EXPECT_EQ(skeleton.jointCount(), 3u);
    EXPECT_EQ(skeleton.endSiteCount(), 2u);
    EXPECT_EQ(skeleton.totalChannels(), 13u);
}

TEST(Skeleton, EmptySkeletonHasNothing) {
    const Skeleton skeleton;
    EXPECT_EQ(skeleton.nodeCount(), 0u);
    EXPECT_EQ(skeleton.jointCount(), 0u);
    EXPECT_EQ(skeleton.endSiteCount(), 0u);
    EXPECT_EQ(skeleton.totalChannels(), 0u);
    EXPECT_TRUE(skeleton.roots().empty());
    EXPECT_EQ(skeleton.find("Hips"), kNoParent);
    EXPECT_EQ(skeleton.find(""), kNoParent);
}

TEST(Skeleton, JointCountIgnoresEndSitesWhereverTheyAre) {
    // End Sites first and last, joints between: the count is by flag, not by position.
    Skeleton skeleton;
    appendNode(skeleton, "A", kNoParent, false, {Xrotation});
    appendNode(skeleton, "EndSite_A", 0, true, {});
    appendNode(skeleton, "B", kNoParent, false, {});
    appendNode(skeleton, "C", 2, false, {Yrotation});
    appendNode(skeleton, "EndSite_C", 3, true, {});
    appendNode(skeleton, "EndSite_B", 2, true, {});
    EXPECT_EQ(skeleton.jointCount(), 3u);
    EXPECT_EQ(skeleton.endSiteCount(), 3u);
    EXPECT_EQ(skeleton.totalChannels(), 2u);
}

// [SECTION] Roots and lookup

TEST(Skeleton, RootsAreTheNodesWithNoParent) {
    EXPECT_EQ(handBuiltSkeleton().roots(), std::vector<NodeIndex>{0});

    // Two ROOTs in one file (two characters): both, in file order.
    Skeleton twoCharacters;
    appendNode(twoCharacters, "Hips", kNoParent, false, {Xposition, Yposition, Zposition});
    appendNode(twoCharacters, "EndSite_Hips", 0, true, {});
    appendNode(twoCharacters, "Pelvis", kNoParent, false, {Zrotation});
    appendNode(twoCharacters, "Chest", 2, false, {Xrotation});
    appendNode(twoCharacters, "Head", kNoParent, false, {});
    EXPECT_EQ(twoCharacters.roots(), (std::vector<NodeIndex>{0, 2, 4}));
}

TEST(Skeleton, FindReturnsTheIndexOfAnExactName) {
    const Skeleton skeleton = handBuiltSkeleton();
    EXPECT_EQ(skeleton.find("Hips"), 0);
    EXPECT_EQ(skeleton.find("LeftLeg"), 1);
    EXPECT_EQ(skeleton.find("Spine"), 3);
    EXPECT_EQ(skeleton.find("EndSite_Spine"), 4); // made names are found like any other
}

TEST(Skeleton, FindMissesNamesThatOnlyResembleOne) {
    const Skeleton skeleton = handBuiltSkeleton();
    EXPECT_EQ(skeleton.find("hips"), kNoParent); // case matters
    EXPECT_EQ(skeleton.find("Hip"), kNoParent);  // a prefix is not the name
    EXPECT_EQ(skeleton.find("Hips "), kNoParent);
    EXPECT_EQ(skeleton.find("Leg"), kNoParent);
    EXPECT_EQ(skeleton.find(""), kNoParent);
    EXPECT_EQ(skeleton.find("Neck"), kNoParent);
}

TEST(Skeleton, FindReturnsTheFirstOfDuplicateNames) {
    // Files do repeat names (two "Hand" joints, left and right): find gives the first.
    Skeleton skeleton;
    appendNode(skeleton, "Hips", kNoParent, false, {Zrotation});
    appendNode(skeleton, "Arm", 0, false, {Zrotation});
    appendNode(skeleton, "Hand", 1, false, {Zrotation});
    appendNode(skeleton, "Arm", 0, false, {Zrotation});
    appendNode(skeleton, "Hand", 3, false, {Zrotation});
    EXPECT_EQ(skeleton.find("Arm"), 1);
    EXPECT_EQ(skeleton.find("Hand"), 2);
}

// [SECTION] Channels per node

TEST(Skeleton, ChannelsOfANodeAreItsOwnColumns) {
    const Skeleton skeleton = handBuiltSkeleton();
    const std::span<const ChannelType> hips = skeleton.channelsOf(0);
    EXPECT_EQ(std::vector(hips.begin(), hips.end()),
              (std::vector{Xposition, Yposition, Zposition, Zrotation, Xrotation, Yrotation}));
    const std::span<const ChannelType> leg = skeleton.channelsOf(1);
    EXPECT_EQ(std::vector(leg.begin(), leg.end()), (std::vector{Yrotation, Xrotation, Zrotation}));
    const std::span<const ChannelType> spine = skeleton.channelsOf(3);
    EXPECT_EQ(std::vector(spine.begin(), spine.end()),
              (std::vector{Xrotation, Zrotation, Unknown, Yrotation}));
    // A view of the skeleton's own array at channelBegin, not a copy.
    EXPECT_EQ(spine.data(), skeleton.channels.data() + 9);
}

TEST(Skeleton, EndSitesHaveNoChannels) {
    const Skeleton skeleton = handBuiltSkeleton();
    EXPECT_TRUE(skeleton.channelsOf(2).empty());
    EXPECT_TRUE(skeleton.channelsOf(4).empty()); // begins at the end of the array
    EXPECT_EQ(skeleton.rotationOrder(2), "");
    EXPECT_FALSE(skeleton.hasPositionChannels(4));
}

TEST(Skeleton, RotationOrderIsTheDeclaredOrderOfRotationChannels) {
    const Skeleton skeleton = handBuiltSkeleton();
    EXPECT_EQ(skeleton.rotationOrder(0), "ZXY"); // position channels are skipped
    EXPECT_EQ(skeleton.rotationOrder(1), "YXZ"); // as declared, not sorted
    EXPECT_EQ(skeleton.rotationOrder(3), "XZY"); // the Xscale between them is skipped too
}

TEST(Skeleton, RotationOrderOfANodeWithoutRotationsIsEmpty) {
    Skeleton skeleton;
    appendNode(skeleton, "Root", kNoParent, false, {Zposition, Xposition, Yposition});
    appendNode(skeleton, "Scaled", 0, false, {Unknown, Unknown});
    appendNode(skeleton, "Repeated", 0, false, {Xrotation, Xrotation, Zrotation});
    EXPECT_EQ(skeleton.rotationOrder(0), "");
    EXPECT_EQ(skeleton.rotationOrder(1), "");
    EXPECT_EQ(skeleton.rotationOrder(2), "XXZ"); // each channel once, as the file has it
}

TEST(Skeleton, HasPositionChannelsLooksAtTheNodesOwnChannels) {
    Skeleton skeleton;
    appendNode(skeleton, "Root", kNoParent, false, {Zrotation, Xrotation, Yrotation});
    appendNode(skeleton, "Slider", 0, false, {Xrotation, Zposition}); // one is enough
    appendNode(skeleton, "Scaled", 1, false, {Unknown, Xrotation});
    appendNode(skeleton, "Free", 2, false, {Xposition, Yposition, Zposition});
    EXPECT_FALSE(skeleton.hasPositionChannels(0));
    EXPECT_TRUE(skeleton.hasPositionChannels(1));
    EXPECT_FALSE(skeleton.hasPositionChannels(2)); // Unknown is not a position
    EXPECT_TRUE(skeleton.hasPositionChannels(3));

    const Skeleton handBuilt = handBuiltSkeleton();
    EXPECT_TRUE(handBuilt.hasPositionChannels(0));
    EXPECT_FALSE(handBuilt.hasPositionChannels(1));
    EXPECT_FALSE(handBuilt.hasPositionChannels(3));
}

// [SECTION] Channel types

TEST(Skeleton, ChannelTypesSortIntoPositionsRotationsAndUnknown) {
    constexpr std::array kPositions = {Xposition, Yposition, Zposition};
    constexpr std::array kRotations = {Xrotation, Yrotation, Zrotation};
    for (std::size_t axis = 0; axis < 3; ++axis) {
        EXPECT_TRUE(isPosition(kPositions[axis])) << axis;
        EXPECT_FALSE(isRotation(kPositions[axis])) << axis;
        EXPECT_EQ(channelAxis(kPositions[axis]), static_cast<int>(axis));
        EXPECT_FALSE(isPosition(kRotations[axis])) << axis;
        EXPECT_TRUE(isRotation(kRotations[axis])) << axis;
        EXPECT_EQ(channelAxis(kRotations[axis]), static_cast<int>(axis));
    }
    EXPECT_FALSE(isPosition(Unknown));
    EXPECT_FALSE(isRotation(Unknown));
    EXPECT_EQ(channelAxis(Unknown), -1);
}

TEST(Skeleton, ChannelTypeNamesAreTheFilesSpelling) {
    EXPECT_EQ(channelTypeName(Xposition), "Xposition");
    EXPECT_EQ(channelTypeName(Yposition), "Yposition");
    EXPECT_EQ(channelTypeName(Zposition), "Zposition");
    EXPECT_EQ(channelTypeName(Xrotation), "Xrotation");
    EXPECT_EQ(channelTypeName(Yrotation), "Yrotation");
    EXPECT_EQ(channelTypeName(Zrotation), "Zrotation");
    EXPECT_EQ(channelTypeName(Unknown), "Unknown");
}

// [SECTION] End Site names

TEST(Skeleton, EndSiteNameOfAShortOrEmptyParentKeepsItWhole) {
    EXPECT_EQ(endSiteName(""), "EndSite_");
    EXPECT_EQ(endSiteName("LeftToe"), "EndSite_LeftToe");
    EXPECT_EQ(endSiteName("Kopf \xc3\xa9"), "EndSite_Kopf \xc3\xa9");
    // Exactly at the limit and ending in a two-byte character: nothing is cut.
    const std::string atLimit = std::string(126, 'a') + "\xc3\xa9";
    EXPECT_EQ(endSiteName(atLimit), "EndSite_" + atLimit);
}

TEST(Skeleton, EndSiteNameOfALongParentIsCutAt128Bytes) {
    EXPECT_EQ(endSiteName(std::string(129, 'b')), "EndSite_" + std::string(128, 'b') + "...");
    const std::string huge(20000, 'c');
    EXPECT_EQ(endSiteName(huge), "EndSite_" + std::string(128, 'c') + "...");
    EXPECT_EQ(endSiteName(huge).size(), 8 + kEndSiteParentNameBytes + 3);
}

TEST(Skeleton, EndSiteNameCutBacksUpToTheStartOfACharacter) {
    // A three-byte euro sign in bytes 126..128 straddles the cut: it goes whole.
    const std::string euro = "\xe2\x82\xac";
    EXPECT_EQ(endSiteName(std::string(126, 'a') + euro + "tail"),
              "EndSite_" + std::string(126, 'a') + "...");
    // In bytes 125..127 it ends right at the cut: it stays whole.
    EXPECT_EQ(endSiteName(std::string(125, 'a') + euro + "tail"),
              "EndSite_" + std::string(125, 'a') + euro + "...");
    // A four-byte character in bytes 127..130: cut back to 127 bytes.
    const std::string grin = "\xf0\x9f\x98\x80";
    EXPECT_EQ(endSiteName(std::string(127, 'a') + grin),
              "EndSite_" + std::string(127, 'a') + "...");
}

} // namespace
} // namespace bvh
