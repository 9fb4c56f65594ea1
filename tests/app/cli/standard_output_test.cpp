// Output that could not be written is an error: every subcommand, through runSubcommand, exits
// 1 with one message when its output stream fails (a full disk, /dev/full), and 0 otherwise.
#include "app/cli/commands.h"
#include "app/cli/standard_output.h"
#include "tests/app/cli/cli_test_support.h"

#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

namespace bvhscope::cli {
namespace {

using test::TemporaryDirectory;

// Accepts `room` bytes, then refuses every write, as a disk that fills up does.
class FillingBuffer : public std::streambuf {
public:
    explicit FillingBuffer(std::size_t room) : room_(room) {}

protected:
    std::streamsize xsputn(const char*, std::streamsize count) override {
        const auto taken = std::min<std::streamsize>(count, static_cast<std::streamsize>(room_));
        room_ -= static_cast<std::size_t>(taken);
        return taken;
    }
    int_type overflow(int_type c) override {
        if (room_ == 0) {
            return traits_type::eof();
        }
        --room_;
        return traits_type::not_eof(c);
    }

private:
    std::size_t room_;
};

struct Outcome {
    int status;
    std::string err;
};

Outcome runInto(std::streambuf& buffer, std::vector<std::string> arguments) {
    const std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::ostream out(&buffer);
    std::ostringstream err;
    const int status = runSubcommand(views, out, err);
    return {status, err.str()};
}

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t found = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
        ++found;
    }
    return found;
}

TEST(StandardOutput, EverySubcommandFailsWhenItsOutputIsLost) {
    TemporaryDirectory directory;
    const std::string file = directory.write("clip.bvh", bvh::test::kTwoJointBvh);
    const std::string converted = (directory.path() / "out.bvh").string();
    const std::vector<std::vector<std::string>> commands = {
        {"info", file},        {"info", "--json", file},     {"check", file},
        {"positions", file},   {"convert", file, converted}, {"info", "--help"},
        {"check", "--version"}};
    for (const std::vector<std::string>& command : commands) {
        for (std::size_t room : {std::size_t{0}, std::size_t{10}}) {
            FillingBuffer full(room);
            const Outcome run = runInto(full, command);
            EXPECT_EQ(run.status, 1) << command[0] << " " << command[1] << ", room " << room;
            const std::string message = "bvhscope " + command[0] + ": cannot write the output";
            EXPECT_EQ(count(run.err, message), 1u) << run.err;
        }
        // With room enough, the same command succeeds.
        FillingBuffer roomy(std::size_t{1} << 20);
        EXPECT_EQ(runInto(roomy, command).status, 0) << command[0] << " " << command[1];
    }
}

TEST(StandardOutput, AFileErrorAndLostOutputAreBothReported) {
    TemporaryDirectory directory;
    const std::string missing = (directory.path() / "missing.bvh").string();
    FillingBuffer full(0);
    const Outcome run = runInto(full, {"check", missing});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(count(run.err, "bvhscope check: cannot write the output"), 1u) << run.err;
}

TEST(StandardOutput, ACheckedGoodStreamKeepsTheStatus) {
    std::ostringstream out;
    std::ostringstream err;
    out << "fine";
    EXPECT_EQ(checkOutput("info", 2, out, err), 2);
    EXPECT_EQ(err.str(), "");
}

} // namespace
} // namespace bvhscope::cli
