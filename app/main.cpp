// bvhscope: the subcommands (info, check, positions, convert, render, thumbnail) or, otherwise, the
// viewer.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/fatal_errors.h"
#include "app/cli/standard_output.h"
#include "app/headless/render_command.h"
#include "app/headless/thumbnail_command.h"
#include "app/platform/process_setup.h"
#include "app/viewer/viewer_app.h"
#include "app/viewer/viewer_options.h"

#include <chrono>
#include <exception>
#include <iostream>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace {

int run(const std::vector<std::string_view>& arguments,
        std::chrono::steady_clock::time_point processStart) {
    // The subcommands that need GL, so they live outside the GL-free bvhscope_cli.
    if (!arguments.empty() && arguments.front() == "render") {
        const int status = bvhscope::cli::checkOutput(
            "render",
            bvhscope::headless::runRender(std::span(arguments).subspan(1), std::cout, std::cerr),
            std::cout, std::cerr);
        return bvhscope::cli::closeStandardOutput(status, std::cerr);
    }
    if (!arguments.empty() && arguments.front() == "thumbnail") {
        const int status = bvhscope::cli::checkOutput(
            "thumbnail",
            bvhscope::headless::runThumbnail(std::span(arguments).subspan(1), std::cout, std::cerr),
            std::cout, std::cerr);
        return bvhscope::cli::closeStandardOutput(status, std::cerr);
    }
    const int status = bvhscope::cli::runSubcommand(arguments, std::cout, std::cerr);
    if (status >= 0) {
        return bvhscope::cli::closeStandardOutput(status, std::cerr);
    }
    if (arguments.size() == 1 && (arguments[0] == "--help" || arguments[0] == "-h")) {
        bvhscope::cli::printUsage(std::cout);
        std::cout << bvhscope::viewer::viewerOptionsHelp();
        return bvhscope::cli::closeStandardOutput(bvhscope::cli::kExitOk, std::cerr);
    }
    if (arguments.size() == 1 && arguments[0] == "--version") {
        std::cout << "bvhscope " << bvhscope::cli::versionString() << "\n";
        return bvhscope::cli::closeStandardOutput(bvhscope::cli::kExitOk, std::cerr);
    }
    bvhscope::viewer::ParsedViewerOptions parsed = bvhscope::viewer::parseViewerOptions(arguments);
    parsed.options.processStart = processStart;
    if (!parsed.error.empty()) {
        std::cerr << "bvhscope: " << parsed.error << "\n";
        bvhscope::cli::printUsage(std::cerr);
        return bvhscope::cli::kExitUsage;
    }
    return bvhscope::viewer::runViewer(parsed.options, std::cerr);
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
