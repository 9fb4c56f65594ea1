// Entry point of the GL-free build (the sanitizer configuration): the subcommands only.
#include "cli/commands.h"

#include <iostream>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
    std::vector<std::string_view> arguments(argv + 1, argv + argc);
    int status = bvhscope::cli::runSubcommand(arguments, std::cout, std::cerr);
    if (status >= 0) {
        return status;
    }
    bvhscope::cli::printUsage(arguments.empty() ? std::cerr : std::cout);
    std::cerr << "this build has no viewer (configured with BVHSCOPE_CORE_ONLY)\n";
    return arguments.size() == 1 && arguments[0] == "--help" ? 0 : 2;
}
