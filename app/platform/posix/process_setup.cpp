// POSIX: argv is already UTF-8 bytes and the standard streams already write "\n" as it is.
#include "app/platform/process_setup.h"

namespace bvhscope::platform {

std::vector<std::string> utf8CommandLineArguments(int argc, char** argv) {
    return argc > 1 ? std::vector<std::string>(argv + 1, argv + argc) : std::vector<std::string>();
}

void prepareStandardStreams() {}

} // namespace bvhscope::platform
