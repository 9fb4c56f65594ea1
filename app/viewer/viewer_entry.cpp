// The viewer module's entry (app/platform/module_entry.h): the desktop viewer, and its options'
// part of `bvhscope --help`. app/main.cpp calls it for every command line that names no
// subcommand.
#include "app/platform/module_entry.h"
#include "app/viewer/viewer_app.h"
#include "app/viewer/viewer_options.h"

extern "C" BVHSCOPE_MODULE_EXPORT int
BVHSCOPE_MODULE_SYMBOL(bvhscope_viewer_main)(const bvhscope::platform::ModuleCall& call) {
    if (call.arguments.size() == 1 &&
        (call.arguments[0] == "--help" || call.arguments[0] == "-h")) {
        call.out << bvhscope::viewer::viewerOptionsHelp();
        return 0;
    }
    bvhscope::viewer::ParsedViewerOptions parsed =
        bvhscope::viewer::parseViewerOptions(call.arguments);
    if (!parsed.error.empty()) {
        call.err << "bvhscope: " << parsed.error << "\n";
        return -1; // the caller prints the usage
    }
    parsed.options.processStart = call.processStart;
    return bvhscope::viewer::runViewer(parsed.options, call.err);
}
