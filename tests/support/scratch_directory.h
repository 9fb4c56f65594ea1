// A test fixture with a private scratch directory for tests that write files: named after the
// test and the process (tests of one binary may run in parallel processes), created before
// the test and removed after it. Header-only.
#pragma once

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace bvh::test {

class ScratchDirectoryTest : public testing::Test {
protected:
    void SetUp() override {
        directory_ = std::filesystem::temp_directory_path() /
                     ("bvhscope_" +
                      std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) +
                      "_" + std::to_string(::getpid()));
        std::filesystem::create_directories(directory_);
    }
    void TearDown() override { std::filesystem::remove_all(directory_); }

    // The names in the directory (a temporary file left behind shows up here).
    std::vector<std::string> entryNames() const {
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(directory_)) {
            names.push_back(entry.path().filename().string());
        }
        return names;
    }
    std::size_t entries() const { return entryNames().size(); }
    static std::string contents(const std::filesystem::path& path) {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }

    std::filesystem::path directory_;
};

} // namespace bvh::test
