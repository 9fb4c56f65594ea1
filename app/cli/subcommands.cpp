#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/standard_output.h"

namespace bvhscope::cli {

void printUsage(std::ostream& out) {
    out << R"(usage: bvhscope [FILE|FOLDER...]     open the viewer (a bundled sample when nothing is given;
                                      a folder opens in the Browser)
       bvhscope info FILE...          what each file holds (--json for scripts)
       bvhscope check FILE...         every problem as FILE:LINE:COL: error|warning: message
       bvhscope positions FILE        world positions of every joint as CSV
       bvhscope convert IN OUT        trim, resample, scale, re-axis, re-order, rename; write BVH
       bvhscope retarget SRC -o OUT   SRC's motion on another skeleton (--onto RIG),
                                      joints matched by role; BVH or glTF
       bvhscope render FILE -o OUT    PNG images of the 3D view without a display, sequences,
                                      contact sheets of a folder, analysis overlays
       bvhscope thumbnail IN OUT.png  the file manager's thumbnail of a file (its middle pose)
       bvhscope similar TAKE DIR...   the takes of a library ranked by how alike they move
       bvhscope record SOURCE -o OUT  record a live stream (tcp://, vmc://, mocopi://) into a
                                      BVH file
       bvhscope serve FILE            broadcast a file over TCP as a capture system streams
       bvhscope options [--json]      every option: settings.ini key, flag, range, default
       bvhscope --help | --version

Run "bvhscope COMMAND --help" for a command's options.
)";
}

int runSubcommand(std::span<const std::string_view> arguments, std::ostream& out,
                  std::ostream& err) {
    if (arguments.empty()) {
        return -1;
    }
    const std::string_view command = arguments.front();
    const auto rest = arguments.subspan(1);
    // Every subcommand's output is checked once it is done: a write that failed on the way
    // (a full disk, /dev/full, a closed pipe) makes the status 1, with a message.
    if (command == "info") {
        return checkOutput(command, runInfo(rest, out, err), out, err);
    }
    if (command == "check") {
        return checkOutput(command, runCheck(rest, out, err), out, err);
    }
    if (command == "positions") {
        return checkOutput(command, runPositions(rest, out, err), out, err);
    }
    if (command == "convert") {
        return checkOutput(command, runConvert(rest, out, err), out, err);
    }
    if (command == "retarget") {
        return checkOutput(command, runRetarget(rest, out, err), out, err);
    }
    if (command == "record") {
        return checkOutput(command, runRecord(rest, out, err), out, err);
    }
    if (command == "similar") {
        return checkOutput(command, runSimilar(rest, out, err), out, err);
    }
    if (command == "serve") {
        return checkOutput(command, runServe(rest, out, err), out, err);
    }
    if (command == "options") {
        return checkOutput(command, runOptions(rest, out, err), out, err);
    }
    if (command == "render" || command == "thumbnail") {
        // The full build dispatches render before this (app/main.cpp); only the GL-free
        // build gets here.
        err << "bvhscope " << command
            << ": this build has no renderer (configured with BVHSCOPE_CORE_ONLY)\n";
        return kExitUsage;
    }
    return -1;
}

} // namespace bvhscope::cli
