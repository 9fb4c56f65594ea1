// HeaderScan counts a header by the reader's own rules (tokenizer.h, hierarchy_reader.h): the
// same nodes and channels as the reader builds, wherever the file is cut into pieces, and it
// stops where the reader stops.
#include "core/reader/document.h"
#include "core/reader/header_scan.h"

#include <gtest/gtest.h>
#include <string>
#include <string_view>

namespace bvh {
namespace {

// 3 nodes (Hips, Leg, the End Site under it), 9 channels, then MOTION.
constexpr std::string_view kHeader = "HIERARCHY\n"
                                     "ROOT Hips\n{\n OFFSET 0 0 0\n"
                                     " CHANNELS 6 Xposition Yposition Zposition Zrotation "
                                     "Xrotation Yrotation\n"
                                     " JOINT Left Leg{\n  OFFSET 0 -45 0\n"
                                     "  CHANNELS 3 Zrotation Xrotation Yrotation\n"
                                     "  End Site\n  {\n   OFFSET 0 -45 0\n  }\n }\n}\n";
constexpr std::string_view kMotion = "MOTION\nFrames: 1\nFrame Time: 0.01\n"
                                     "0 90 0 0 0 0 0 0 0\n";

HeaderScan scanWhole(std::string_view text) {
    HeaderScan scan;
    scan.feed(text);
    scan.finish();
    return scan;
}

TEST(HeaderScan, CountsTheNodesAndChannelsTheReaderBuildsAndFindsMotion) {
    const std::string file = std::string(kHeader) + std::string(kMotion);
    const HeaderScan scan = scanWhole(file);
    EXPECT_FALSE(scan.stopped());
    ASSERT_TRUE(scan.motionOffset().has_value());
    EXPECT_EQ(*scan.motionOffset(), kHeader.size());
    EXPECT_EQ(scan.textBytes(), kHeader.size());
    EXPECT_EQ(scan.nodes(), 3u);
    EXPECT_EQ(scan.channels(), 9u);
    const Document document = parseDocument(file);
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(scan.nodes(), document.skeleton.nodeCount());
    EXPECT_EQ(scan.channels(), document.skeleton.totalChannels());
    // Three nodes, two joint names, nine channels and a warning per name at the least.
    EXPECT_GE(scan.documentBytes(), 3u * 112 + 2 * 112 + 9 * 72 + 2 * 144);
}

TEST(HeaderScan, StopsFeedingAtMotion) {
    HeaderScan scan;
    EXPECT_TRUE(scan.feed(kHeader));
    EXPECT_FALSE(scan.feed(kMotion)) << "MOTION ends the header";
    EXPECT_FALSE(scan.feed("more rows")) << "nothing is read after it";
    EXPECT_EQ(scan.motionOffset(), kHeader.size());
}

TEST(HeaderScan, PiecesOfAnySizeCountTheSame) {
    const std::string file = std::string(kHeader) + std::string(kMotion);
    const HeaderScan whole = scanWhole(file);
    for (const std::size_t piece : {1u, 2u, 5u, 64u}) {
        HeaderScan scan;
        for (std::size_t at = 0; at < file.size() && scan.feed(file.substr(at, piece));
             at += piece) {
        }
        scan.finish();
        EXPECT_EQ(scan.nodes(), whole.nodes()) << piece;
        EXPECT_EQ(scan.channels(), whole.channels()) << piece;
        EXPECT_EQ(scan.documentBytes(), whole.documentBytes()) << piece;
        EXPECT_EQ(scan.motionOffset(), whole.motionOffset()) << piece;
    }
}

TEST(HeaderScan, KeywordsInAnyCaseAfterAByteOrderMark) {
    const std::string lower = "\xEF\xBB\xBFhierarchy\nroot Hips\n{\n offset 0 0 0\n"
                              " channels 2 xposition YROTATION\n endsite\n {\n  offset 0 1 0\n"
                              " }\n}\nmotion\n";
    const HeaderScan scan = scanWhole(lower);
    EXPECT_FALSE(scan.stopped());
    EXPECT_EQ(scan.motionOffset(), lower.find("motion"));
    EXPECT_EQ(scan.nodes(), 2u);
    EXPECT_EQ(scan.channels(), 2u);
    EXPECT_EQ(parseDocument(lower).skeleton.nodeCount(), 2u);
}

TEST(HeaderScan, AnUnknownChannelNameCountsAWarningMore) {
    std::string unknown(kHeader);
    unknown.replace(unknown.find("Yrotation\n"), 9, "Wrotation");
    EXPECT_EQ(scanWhole(unknown).channels(), 9u);
    // One more warning quoting the 9 bytes: 144 + 4 x 9.
    EXPECT_EQ(scanWhole(unknown).documentBytes(), scanWhole(kHeader).documentBytes() + 144 + 36);
}

TEST(HeaderScan, StopsWhereTheReaderStops) {
    const HeaderScan notBvh = scanWhole("PNG\x1a\n and more");
    EXPECT_TRUE(notBvh.stopped());
    EXPECT_LE(notBvh.offset(), 4u) << "its first word is not HIERARCHY";
    EXPECT_FALSE(notBvh.motionOffset().has_value());

    const HeaderScan stray = scanWhole("HIERARCHY\n}\nROOT Hips\n{\n}\nMOTION\n");
    EXPECT_TRUE(stray.stopped()) << "a '}' that closes nothing";
    EXPECT_EQ(stray.nodes(), 0u);
    EXPECT_FALSE(stray.motionOffset().has_value());
}

} // namespace
} // namespace bvh
