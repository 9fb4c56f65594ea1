// Entry point of the GL-free build (the sanitizer configuration): the subcommands only.
#include "app/cli/commands.h"
#include "app/cli/fatal_errors.h"
#include "app/cli/standard_output.h"
#include "app/platform/process_setup.h"

#include <exception>
#include <iostream>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace {

int run(const std::vector<std::string_view>& arguments) {
    int status = bvhscope::cli::runSubcommand(arguments, std::cout, std::cerr);
    if (status >= 0) {
        return bvhscope::cli::closeStandardOutput(status, std::cerr);
    }
    bvhscope::cli::printUsage(arguments.empty() ? std::cerr : std::cout);
    std::cerr << "this build has no viewer (configured with BVHSCOPE_CORE_ONLY)\n";
    return bvhscope::cli::closeStandardOutput(
        arguments.size() == 1 && arguments[0] == "--help" ? 0 : 2, std::cerr);
}

} // namespace

// Catches everything so the stack unwinds (see cli/fatal_errors.h), as the full build's main.
int main(int argc, char** argv) {
    bvhscope::platform::prepareStandardStreams();
    std::optional<bvhscope::platform::Utf8Arguments> arguments;
    try {
        arguments.emplace(argc, argv);
        return run(arguments->views());
    } catch (...) {
        return bvhscope::cli::reportFatalException(
            std::current_exception(),
            arguments ? arguments->pointers() : std::span<const char* const>(argv + 1, argv + argc),
            std::cerr);
    }
}
