// The one check that no output is written over an input (core/writer/input_files.h): the same
// file by name, by another spelling, through links; a message naming both.
#include "core/platform/utf8_path.h"
#include "core/writer/input_files.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace bvh {
namespace {

namespace fs = std::filesystem;

class InputFilesTest : public testing::Test {
protected:
    InputFilesTest() {
        directory_ = fs::temp_directory_path() /
                     ("bvhscope_input_files_" +
                      std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) +
                      "_" + std::to_string(::getpid()));
        fs::create_directories(directory_);
        std::ofstream(directory_ / "take.bvh") << "capture";
        std::ofstream(directory_ / "map.mnm") << "map";
    }
    ~InputFilesTest() override {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    fs::path directory_;
};

TEST_F(InputFilesTest, TheSameFileByAnyNameIsTheInput) {
    InputFiles inputs;
    inputs.add(directory_ / "take.bvh", "the input file");
    inputs.add(directory_ / "map.mnm", "the --mnm file");
    EXPECT_EQ(inputs.find(directory_ / "take.bvh")->role, "the input file");
    EXPECT_EQ(inputs.find(directory_ / "sub" / ".." / "map.mnm")->role, "the --mnm file");
    // Links where the system makes them (Windows needs a privilege for symbolic ones).
    std::error_code noSymbolic;
    std::error_code noHard;
    fs::create_symlink(directory_ / "map.mnm", directory_ / "symbolic.mnm", noSymbolic);
    fs::create_hard_link(directory_ / "map.mnm", directory_ / "hard.mnm", noHard);
    if (!noSymbolic) {
        EXPECT_NE(inputs.find(directory_ / "symbolic.mnm"), nullptr);
    }
    if (!noHard) {
        EXPECT_NE(inputs.find(directory_ / "hard.mnm"), nullptr);
    }
    EXPECT_EQ(inputs.find(directory_ / "out.bvh"), nullptr) << "a new file is no input";
    std::ofstream(directory_ / "other.bvh") << "capture"; // same size and text, another file
    EXPECT_EQ(inputs.find(directory_ / "other.bvh"), nullptr);
}

TEST_F(InputFilesTest, TheRefusalNamesTheOutputAndTheInput) {
    InputFiles inputs;
    EXPECT_TRUE(inputs.empty());
    EXPECT_EQ(inputs.refusal(directory_ / "take.bvh"), "") << "no inputs, no refusal";
    inputs.add(directory_ / "map.mnm", "the --mnm file");
    const std::string map = utf8FromPath(directory_ / "map.mnm");
    EXPECT_EQ(inputs.refusal(directory_ / "map.mnm"),
              map + " is the --mnm file; refusing to write over it");
    std::error_code noHard;
    fs::create_hard_link(directory_ / "map.mnm", directory_ / "hard.mnm", noHard);
    if (noHard) {
        GTEST_SKIP() << "no hard links here: " << noHard.message();
    }
    EXPECT_EQ(inputs.refusal(directory_ / "hard.mnm"), utf8FromPath(directory_ / "hard.mnm") +
                                                           " is the --mnm file " + map +
                                                           "; refusing to write over it");
}

TEST_F(InputFilesTest, SameFileNeverThrowsOnNamesThatCannotBeExamined) {
    EXPECT_TRUE(sameFile(directory_ / "take.bvh", directory_ / "." / "take.bvh"));
    EXPECT_FALSE(sameFile(directory_ / "take.bvh", directory_ / "map.mnm"));
    EXPECT_FALSE(sameFile(directory_ / "missing" / "a", directory_ / "missing" / "b"));
    EXPECT_FALSE(sameFile(directory_ / "take.bvh" / "below", directory_ / "take.bvh"));
}

} // namespace
} // namespace bvh
