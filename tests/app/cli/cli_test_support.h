// Running subcommands in-process on files written to a per-test temporary directory.
#pragma once

#include "app/cli/commands.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace bvhscope::cli::test {

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

    std::string write(const std::string& name, const std::string& content) const {
        std::filesystem::path file = path_ / name;
        std::ofstream(file, std::ios::binary) << content;
        return file.string();
    }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// Root at (10, 20, 30) rotated Rz(90) in frame 0; Spine at offset (1, 2, 3); End Site (0, 1, 0).
inline constexpr const char* kChainBvh = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 1 2 3
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 1 0
		}
	}
}
MOTION
Frames: 2
Frame Time: 0.5
10 20 30 90 0 0 0 90 0
10 20 30 0 0 0 0 0 0
)";

} // namespace bvhscope::cli::test
