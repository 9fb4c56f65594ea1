// Running subcommands in-process on files written to a per-test temporary directory.
#pragma once

#include "app/cli/commands.h"
#include "core/platform/utf8_path.h"
#include "tests/support/bvh_texts.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace bvhscope::cli::test {

// How many entries `directory` holds (a command that failed must leave no temporary file).
inline std::size_t entriesIn(const std::filesystem::path& directory) {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(directory),
                                                  std::filesystem::directory_iterator()));
}

struct CommandResult {
    int status = -1;
    std::string out;
    std::string err;
};

inline CommandResult run(int (*command)(std::span<const std::string_view>, std::ostream&,
                                        std::ostream&),
                         std::vector<std::string> arguments) {
    std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::ostringstream out;
    std::ostringstream err;
    CommandResult result;
    result.status = command(views, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

class TemporaryDirectory {
public:
    TemporaryDirectory() {
        const auto* info = testing::UnitTest::GetInstance()->current_test_info();
        path_ = std::filesystem::temp_directory_path() /
                ("bvhscope_cli_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
                 std::to_string(::getpid()));
        std::filesystem::create_directories(path_);
    }
    ~TemporaryDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TemporaryDirectory(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;

    // Writes `content` to the UTF-8 `name` (which may name subfolders, created as needed) and
    // returns the file's path as UTF-8 text, as a command line holds it.
    std::string write(const std::string& name, std::string_view content) const {
        std::filesystem::path file = path_ / bvh::pathFromUtf8(name);
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << content;
        return bvh::utf8FromPath(file);
    }
    // A path inside the directory as UTF-8 text.
    std::string pathText(const std::string& name) const {
        return bvh::utf8FromPath(path_ / bvh::pathFromUtf8(name));
    }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

using bvh::test::kChainBvh;

} // namespace bvhscope::cli::test
