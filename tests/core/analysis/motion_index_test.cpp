#include "core/analysis/motion_index.h"
#include "core/platform/utf8_path.h"
#include "tests/support/generated_library.h"
#include "tests/support/scratch_directory.h"

#include <atomic>
#include <fstream>
#include <gtest/gtest.h>

namespace bvh {
namespace {

class MotionIndexTest : public test::ScratchDirectoryTest {};

TakeFeatures sampleTake(float first) {
    TakeFeatures take;
    take.stamp = {1234, 1700000000, 42};
    take.loaded = true;
    take.features.present = 0b1011;
    take.features.values[0] = first;
    take.features.values[3] = -2.5F;
    return take;
}

TEST_F(MotionIndexTest, WrittenAndReadBackByPathAndStamp) {
    MotionIndex index;
    index.put("/library/a.bvh", sampleTake(1.5F));
    TakeFeatures broken;
    broken.stamp = {10, 5, 0};
    broken.error = "/library/b.bvh:1:1: error: expected HIERARCHY";
    index.put("/library/b.bvh", broken);
    const auto file = directory_ / "cache" / "motion-index.bin";
    EXPECT_TRUE(index.write(file).empty());

    MotionIndex read = MotionIndex::read(file);
    EXPECT_EQ(read.size(), 2U);
    const TakeFeatures* a = read.find("/library/a.bvh", {1234, 1700000000, 42});
    ASSERT_NE(a, nullptr);
    EXPECT_TRUE(a->loaded);
    EXPECT_EQ(a->features, sampleTake(1.5F).features);
    const TakeFeatures* b = read.find("/library/b.bvh", {10, 5, 0});
    ASSERT_NE(b, nullptr);
    EXPECT_FALSE(b->loaded);
    EXPECT_EQ(b->error, broken.error);
    // Another size or time is another file.
    EXPECT_EQ(read.find("/library/a.bvh", {1235, 1700000000, 42}), nullptr);
    EXPECT_EQ(read.find("/library/a.bvh", {1234, 1700000001, 42}), nullptr);
    EXPECT_EQ(read.find("/library/c.bvh", {1234, 1700000000, 42}), nullptr);
}

TEST_F(MotionIndexTest, ADamagedOrForeignFileIsIgnoredWhole) {
    MotionIndex index;
    index.put("/a.bvh", sampleTake(1.0F));
    index.put("/b.bvh", sampleTake(2.0F));
    const std::string bytes = index.serialize();
    for (std::size_t cut = 0; cut < bytes.size(); cut += 7) {
        EXPECT_EQ(MotionIndex::deserialize(bytes.substr(0, cut)).size(), 0U) << cut;
    }
    EXPECT_EQ(MotionIndex::deserialize(bytes + "x").size(), 0U);
    std::string otherVersion = bytes;
    otherVersion[std::string_view("bvhscope motion index\n").size()] = 9;
    EXPECT_EQ(MotionIndex::deserialize(otherVersion).size(), 0U);
    EXPECT_EQ(MotionIndex::deserialize(bytes).size(), 2U);
    EXPECT_EQ(MotionIndex::read(directory_ / "none.bin").size(), 0U);
}

std::atomic<int> takesRead{0};
TakeFeatures countingReader(const std::filesystem::path& path) {
    ++takesRead;
    return readTakeFeatures(path);
}

TEST_F(MotionIndexTest, GatheringReadsOnlyTakesNotKnownWithTheirStamp) {
    const auto paths = test::writeGeneratedLibrary(directory_ / "library", 2); // 30 takes
    MotionIndex index;
    takesRead = 0;
    const auto first = gatherTakeFeatures(index, paths, 3, countingReader);
    EXPECT_EQ(takesRead, 30);
    ASSERT_EQ(first.size(), 30U);
    for (const TakeFeatures& take : first) {
        EXPECT_TRUE(take.loaded) << take.error;
        EXPECT_FALSE(take.features.empty());
    }
    const auto file = directory_ / "index.bin";
    ASSERT_TRUE(index.write(file).empty());

    MotionIndex again = MotionIndex::read(file);
    takesRead = 0;
    const auto second = gatherTakeFeatures(again, paths, 3, countingReader);
    EXPECT_EQ(takesRead, 0);
    EXPECT_FALSE(again.changed());
    for (std::size_t i = 0; i < paths.size(); ++i) {
        EXPECT_EQ(second[i].features, first[i].features) << i;
    }

    // A take rewritten (another size) is read again; the others are not.
    std::ofstream(paths[4], std::ios::binary) << "HIERARCHY\nnot a take\n";
    takesRead = 0;
    const auto third = gatherTakeFeatures(again, paths, 3, countingReader);
    EXPECT_EQ(takesRead, 1);
    EXPECT_TRUE(again.changed());
    EXPECT_FALSE(third[4].loaded);
    EXPECT_NE(third[4].error.find(utf8FromPath(paths[4]) + ":2:"), std::string::npos)
        << third[4].error;
}

} // namespace
} // namespace bvh
