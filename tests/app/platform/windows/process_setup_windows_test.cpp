// Windows: the arguments come from the UTF-16 command line, not from the ANSI argv.
#include "app/platform/process_setup.h"

#include <cstdlib>
#include <gtest/gtest.h>
#include <string>
#include <vector>
#include <windows.h>

namespace bvhscope::platform {
namespace {

TEST(Utf8ArgumentsWindows, TheProcessCommandLineDecidesNotArgv) {
    // A stand-in argv the process was not started with: ignored.
    char program[] = "bvhscope";
    char ansi[] = "Zo? take.bvh";
    char* argv[] = {program, ansi, nullptr};
    const std::vector<std::string> arguments = platform::utf8CommandLineArguments(2, argv);
    // This test executable's own arguments (gtest flags, or none), as the CRT split them.
    ASSERT_EQ(arguments.size(), static_cast<std::size_t>(__argc - 1));
    for (int i = 1; i < __argc; ++i) {
        bool ascii = true;
        for (const char* c = __argv[i]; *c != '\0'; ++c) {
            ascii = ascii && static_cast<unsigned char>(*c) < 0x80;
        }
        if (ascii) {
            EXPECT_EQ(arguments[static_cast<std::size_t>(i - 1)], __argv[i]);
        }
    }
}

} // namespace
} // namespace bvhscope::platform
