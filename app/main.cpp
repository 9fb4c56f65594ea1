// bvhscope: the subcommands (info, check, positions, convert, render, thumbnail) or, otherwise, the
// viewer.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/fatal_errors.h"
#include "app/cli/standard_output.h"
#include "app/module_entries.h"
#include "app/platform/module_entry.h"
#include "app/platform/process_setup.h"

#include <chrono>
#include <exception>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Commands that live in modules (the viewer, render and thumbnail) are loaded only when asked
// for, so the subcommands start without GL, FFmpeg, SDL2 or GIO (app/module_entries.h).
int runInModule(bvhscope::platform::ModuleEntry entry, const std::string& loadError,
                const bvhscope::platform::ModuleCall& call) {
    if (entry == nullptr) {
        call.err << "bvhscope: " << loadError << "\n";
        return bvhscope::cli::kExitFileError;
    }
    return entry(call);
}

int run(const std::vector<std::string_view>& arguments,
        std::chrono::steady_clock::time_point processStart) {
    const bvhscope::platform::ModuleCall call{arguments, std::cout, std::cerr, processStart};
    std::string loadError;
    if (!arguments.empty() && (arguments.front() == "render" || arguments.front() == "thumbnail")) {
        const int status = runInModule(bvhscope::app::headlessEntry(loadError), loadError, call);
        return bvhscope::cli::closeStandardOutput(
            bvhscope::cli::checkOutput(arguments.front(), status, std::cout, std::cerr), std::cerr);
    }
    const int status = bvhscope::cli::runSubcommand(arguments, std::cout, std::cerr);
    if (status >= 0) {
        return bvhscope::cli::closeStandardOutput(status, std::cerr);
    }
    if (arguments.size() == 1 && arguments[0] == "--version") {
        std::cout << "bvhscope " << bvhscope::cli::versionString() << "\n";
        return bvhscope::cli::closeStandardOutput(bvhscope::cli::kExitOk, std::cerr);
    }
    const bool help = arguments.size() == 1 && (arguments[0] == "--help" || arguments[0] == "-h");
    if (help) {
        bvhscope::cli::printUsage(std::cout);
    }
    const int viewerStatus = runInModule(bvhscope::app::viewerEntry(loadError), loadError, call);
    if (viewerStatus < 0) {
        bvhscope::cli::printUsage(std::cerr);
        return bvhscope::cli::kExitUsage;
    }
    return help ? bvhscope::cli::closeStandardOutput(viewerStatus, std::cerr) : viewerStatus;
}

} // namespace

// The try makes every exception unwind the stack, so destructors run (a convert's temporary file
// is removed) before the one-line report; see app/cli/fatal_errors.h.
int main(int argc, char** argv) {
    const auto processStart = std::chrono::steady_clock::now(); // zero of --print-load-timing
    bvhscope::platform::prepareStandardStreams();
    std::optional<bvhscope::platform::Utf8Arguments> arguments;
    try {
        arguments.emplace(argc, argv);
        return run(arguments->views(), processStart);
    } catch (...) {
        return bvhscope::cli::reportFatalException(
            std::current_exception(),
            arguments ? arguments->pointers() : std::span<const char* const>(argv + 1, argv + argc),
            std::cerr);
    }
}
