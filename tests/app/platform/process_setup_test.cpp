// The arguments main() hands to the subcommands: UTF-8, without the program name, with views
// and C strings that agree.
#include "app/platform/process_setup.h"

#include <cstdlib>
#include <cstring>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvhscope::platform {
namespace {

TEST(Utf8Arguments, ViewsAndPointersAreTheSameArgumentsWithoutTheProgramName) {
    std::vector<std::string> given = {"bvhscope", "info", "--json", "take 1.bvh"};
    std::vector<char*> argv;
    for (std::string& argument : given) {
        argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    const platform::Utf8Arguments arguments(static_cast<int>(given.size()), argv.data());
    ASSERT_EQ(arguments.views().size(), arguments.pointers().size());
    for (std::size_t i = 0; i < arguments.views().size(); ++i) {
        EXPECT_EQ(arguments.views()[i], std::string_view(arguments.pointers()[i]));
    }
}

TEST(Utf8Arguments, TheProgramNameIsNeverAnArgument) {
    char program[] = "bvhscope";
    char* argv[] = {program, nullptr};
    // On Windows the arguments come from this test process's own command line, whatever argv
    // says; on POSIX from argv. Either way the program's name is never among them.
    const std::vector<std::string> arguments = platform::utf8CommandLineArguments(1, argv);
    for (const std::string& argument : arguments) {
        EXPECT_EQ(argument.find("bvhscope"), std::string::npos) << argument;
    }
}

} // namespace
} // namespace bvhscope::platform
