// Streaming a file: what FileSource hands out, and how long the text it handed out stays put.
#include "core/reader/text_source.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace bvh {
namespace {

class FileSourceTest : public testing::Test {
protected:
    void SetUp() override {
        for (int i = 0; i < 5000; ++i) {
            content_ += std::to_string(i * 7919 % 10007) + (i % 13 == 0 ? "\n" : " ");
        }
        std::ofstream(path_, std::ios::binary) << content_;
    }
    void TearDown() override { std::filesystem::remove(path_); }

    const std::filesystem::path path_ = std::filesystem::temp_directory_path() /
                                        ("bvhscope_source_" + std::to_string(::getpid()) + ".txt");
    std::string content_;
};

TEST_F(FileSourceTest, ReadingInAnyStepsGivesTheFileExactly) {
    for (std::size_t step : {1u, 7u, 100u, 4096u, 100000u}) {
        FileSource source;
        ASSERT_TRUE(source.open(path_));
        EXPECT_EQ(source.totalBytes(), content_.size());
        std::string read;
        while (!source.complete() || !source.available().empty()) {
            ASSERT_TRUE(source.readMore(step));
            const std::string_view text = source.available();
            const std::size_t take = std::min(text.size(), step / 2 + 1);
            read += text.substr(0, take);
            source.consume(take);
        }
        EXPECT_EQ(read, content_) << "step " << step;
        EXPECT_EQ(source.consumedBytes(), content_.size());
        EXPECT_TRUE(source.verifyUnchanged());
    }
}

TEST_F(FileSourceTest, ConsumedTextStaysReadableUntilTheReadAfterTheNextConsume) {
    // The loader parses one block while it reads the next: the block's text must survive the
    // reads that follow its consume(), however many, up to the read after the next consume().
    FileSource source;
    ASSERT_TRUE(source.open(path_));
    ASSERT_TRUE(source.readMore(1000));
    const std::string_view block = source.available().substr(0, 600);
    source.consume(block.size());
    ASSERT_TRUE(source.readMore(1000)); // the tail moves to the other buffer
    ASSERT_TRUE(source.readMore(5000)); // and grows there
    ASSERT_TRUE(source.readMore(20000));
    EXPECT_EQ(block, std::string_view(content_).substr(0, 600));
    EXPECT_EQ(source.available().substr(0, 100), std::string_view(content_).substr(600, 100));

    const std::string_view second = source.available().substr(0, 3000);
    source.consume(second.size());
    ASSERT_TRUE(source.readMore(1000));
    EXPECT_EQ(second, std::string_view(content_).substr(600, 3000));
    EXPECT_EQ(source.available().substr(0, 100), std::string_view(content_).substr(3600, 100));
}

TEST_F(FileSourceTest, AFileThatGrowsWhileReadIsReported) {
    FileSource source;
    ASSERT_TRUE(source.open(path_));
    std::ofstream(path_, std::ios::binary | std::ios::app) << "more";
    while (!source.complete()) {
        ASSERT_TRUE(source.readMore(4096));
        source.consume(source.available().size());
    }
    EXPECT_FALSE(source.verifyUnchanged());
    EXPECT_NE(source.error().find("changed while it was being read"), std::string::npos);
}

} // namespace
} // namespace bvh
