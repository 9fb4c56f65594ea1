// A load on every core (kEveryCore, what the command line and the viewer use) gives the same
// document as one thread, to the bit, over blocks large enough that the room of each next block
// is populated by the parsing threads (core/platform/huge_pages.h) before the values land in it.
#include "core/reader/document.h"

#include <bit>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace bvh {
namespace {

// 20 000 rows of 96 channels (a 31-joint capture's shape), about 9 MB: row k's first value is
// k, so a shifted or lost row shows; the others vary with the row and the channel.
std::string largeCapture() {
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\n";
    for (int joint = 1; joint < 31; ++joint) {
        text += "JOINT J" + std::to_string(joint) +
                "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
        text += "End Site\n{\nOFFSET 0 1 0\n}\n}\n";
    }
    text += "}\nMOTION\nFrames: 20000\nFrame Time: 0.008333\n";
    for (int row = 0; row < 20000; ++row) {
        text += std::to_string(row);
        for (int channel = 1; channel < 96; ++channel) {
            text += ' ';
            text += std::to_string((row * 7 + channel * 13) % 3600 - 1800);
            text += '.';
            text += std::to_string((row + channel) % 100);
        }
        text += '\n';
    }
    return text;
}

TEST(ParallelLoad, EveryCoreGivesTheDocumentOfOneThread) {
    const std::string text = largeCapture();
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_parallel_load_" + std::to_string(::getpid()) + ".bvh");
    std::ofstream(path, std::ios::binary) << text;

    ParseOptions oneThread;
    oneThread.blockBytesPerThread = std::size_t{1} << 20;
    const Document reference = loadDocument(path, oneThread);
    ASSERT_TRUE(reference.loaded());
    ASSERT_EQ(reference.motion.frameCount, 20000u);
    ASSERT_EQ(reference.motion.channelCount, 96u);
    EXPECT_EQ(reference.motion.frame(12345)[0], 12345.0f);
    // (12345 * 7 + 5 * 13) % 3600 - 1800 = -1720, and (12345 + 5) % 100 = 50: "-1720.50".
    EXPECT_EQ(reference.motion.frame(12345)[5], -1720.5f);

    for (const unsigned threads : {kEveryCore, 2u, 3u}) {
        SCOPED_TRACE("threads " + std::to_string(threads));
        ParseOptions options = oneThread;
        options.threads = threads;
        const Document document = loadDocument(path, options);
        ASSERT_TRUE(document.loaded());
        ASSERT_EQ(document.motion.values.size(), reference.motion.values.size());
        for (std::size_t i = 0; i < document.motion.values.size(); ++i) {
            ASSERT_EQ(std::bit_cast<std::uint32_t>(document.motion.values[i]),
                      std::bit_cast<std::uint32_t>(reference.motion.values[i]))
                << "value " << i;
        }
        EXPECT_EQ(document.diagnostics.size(), reference.diagnostics.size());
    }
    const Document everyCore = loadDocument(path, everyCoreOptions());
    EXPECT_EQ(everyCore.motion.values, reference.motion.values);
    std::filesystem::remove(path);
}

} // namespace
} // namespace bvh
