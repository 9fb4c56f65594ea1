// POSIX: the arguments are argv's bytes, whatever they are (file names are bytes).
#include "app/platform/process_setup.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvhscope::platform {
namespace {

TEST(Utf8ArgumentsPosix, ArgvBytesPassThroughUnchanged) {
    std::vector<std::string> given = {"bvhscope", "check", "Zoë/モーション/take 1.bvh",
                                      "invalid \xff\xfe utf-8"};
    std::vector<char*> argv;
    for (std::string& argument : given) {
        argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    EXPECT_EQ(platform::utf8CommandLineArguments(static_cast<int>(given.size()), argv.data()),
              std::vector<std::string>(given.begin() + 1, given.end()));
}

} // namespace
} // namespace bvhscope::platform
