#include "core/live/osc_packet.h"
#include "core/live/osc_writer.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace bvh::live {
namespace {

OscBytes boneMessage(std::string_view name, float x) {
    const std::vector<OscArgument> arguments{oscString(name), oscFloat(x), oscInt(7)};
    return writeOscMessage("/VMC/Ext/Bone/Pos", arguments);
}

std::vector<OscMessage> read(const OscBytes& bytes, OscCounters& counters) {
    std::vector<OscMessage> messages;
    readOscPacket(bytes, messages, counters);
    return messages;
}

TEST(OscPacketTest, ReadsAMessageItsArgumentsAndPaddingByHand) {
    // "/a" NUL NUL, ",if" NUL, int 258, float 1.5 (0x3fc00000): 16 bytes, written by hand.
    const OscBytes bytes{'/', 'a', 0, 0, ',', 'i', 'f', 0, 0, 0, 1, 2, 0x3f, 0xc0, 0, 0};
    OscCounters counters;
    const auto messages = read(bytes, counters);
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0].address, "/a");
    ASSERT_EQ(messages[0].arguments.size(), 2u);
    EXPECT_EQ(messages[0].arguments[0].integer, 258);
    EXPECT_EQ(messages[0].arguments[1].number, 1.5f);
    EXPECT_FALSE(messages[0].inBundle);
    EXPECT_EQ(writeOscMessage("/a", std::vector{oscInt(258), oscFloat(1.5f)}), bytes);
}

TEST(OscPacketTest, StepsOverTheOtherStandardTypesAndKeepsBlobs) {
    // ",bhTcs": a blob of 5 bytes, an int64, True (no bytes), a char, then a string.
    const OscBytes bytes{'/', 'x', 0,   0,   ',', 'b', 'h', 'T', 'c', 's', 0, 0,   // address, tags
                         0,   0,   0,   5,   1,   2,   3,   4,   5,   0,   0, 0,   // b
                         9,   9,   9,   9,   9,   9,   9,   9,   0,   0,   0, 'z', // h, c
                         'a', 'f', 't', 'e', 'r', 0,   0,   0};                    // s
    OscCounters counters;
    const auto messages = read(bytes, counters);
    ASSERT_EQ(messages.size(), 1u);
    ASSERT_EQ(messages[0].arguments.size(), 5u);
    EXPECT_EQ(messages[0].arguments[0].blob, (std::vector<std::uint8_t>{1, 2, 3, 4, 5}));
    EXPECT_EQ(messages[0].arguments[1].type, 'h');
    EXPECT_EQ(messages[0].arguments[2].type, 'T');
    EXPECT_EQ(messages[0].arguments[4].text, "after");
}

TEST(OscPacketTest, ReadsNestedBundlesInOrder) {
    const OscBytes inner =
        writeOscBundle(std::vector<OscBytes>{boneMessage("B", 2), boneMessage("C", 3)});
    const OscBytes outer = writeOscBundle(std::vector<OscBytes>{boneMessage("A", 1), inner});
    OscCounters counters;
    const auto messages = read(outer, counters);
    ASSERT_EQ(messages.size(), 3u);
    EXPECT_EQ(messages[0].arguments[0].text, "A");
    EXPECT_EQ(messages[2].arguments[0].text, "C");
    EXPECT_EQ(messages[2].arguments[1].number, 3.0f);
    EXPECT_TRUE(messages[1].inBundle);
    EXPECT_EQ(counters.bundles, 2u);
    EXPECT_EQ(counters.truncated, 0u);
}

TEST(OscPacketTest, EveryCutOfADatagramIsCountedNeverReadPastItsEnd) {
    const OscBytes whole = writeOscBundle(std::vector{
        boneMessage("A", 1), writeOscBundle(std::vector<OscBytes>{boneMessage("B", 2)})});
    // Cut after the bundle's header, or after its first element, it is a whole bundle.
    const std::size_t headerBytes = 16;
    const std::size_t firstElementEnd = headerBytes + 4 + boneMessage("A", 1).size();
    for (std::size_t size = 0; size < whole.size(); ++size) {
        // A copy of exactly `size` bytes: a read past its end is a sanitizer's error.
        const OscBytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size));
        OscCounters counters;
        const auto messages = read(cut, counters);
        if (size != headerBytes && size != firstElementEnd) {
            EXPECT_GT(counters.truncated, 0u) << size;
            EXPECT_TRUE(messages.empty()) << size; // dropped whole
        } else {
            EXPECT_LT(messages.size(), 2u) << size;
        }
    }
}

TEST(OscPacketTest, CountsUnknownTagsOversizedElementsAndDeepNesting) {
    OscCounters counters;
    const OscBytes unknown{'/', 'a', 0, 0, ',', 'Q', 0, 0};
    EXPECT_TRUE(read(unknown, counters).empty());
    EXPECT_EQ(counters.unknownTypeTag, 1u);

    OscBytes lying = writeOscBundle(std::vector<OscBytes>{boneMessage("A", 1)});
    lying[19] = 0x7f; // the element's size: far past the end
    EXPECT_TRUE(read(lying, counters).empty());
    EXPECT_EQ(counters.truncated, 1u);

    OscBytes nested = boneMessage("deep", 1);
    for (int depth = 0; depth < kMostBundleDepth + 2; ++depth) {
        nested = writeOscBundle(std::vector<OscBytes>{nested});
    }
    EXPECT_TRUE(read(nested, counters).empty());
    EXPECT_EQ(counters.tooDeep, 1u);
}

TEST(OscPacketTest, KeepsTheGoodSiblingOfABadElement) {
    const OscBytes bad{'/', 'a', 0, 0, ',', 'Q', 0, 0};
    const OscBytes bundle = writeOscBundle(std::vector<OscBytes>{bad, boneMessage("A", 1)});
    OscCounters counters;
    const auto messages = read(bundle, counters);
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0].arguments[0].text, "A");
    EXPECT_EQ(counters.unknownTypeTag, 1u);
}

} // namespace
} // namespace bvh::live
