// The headless module's entry (app/platform/module_entry.h): `render` and `thumbnail`, the
// commands that draw with GL through EGL and need no window. app/main.cpp calls it with the
// command's name first; the caller checks and closes standard output.
#include "app/cli/command_line.h"
#include "app/headless/render_command.h"
#include "app/headless/thumbnail_command.h"
#include "app/platform/module_entry.h"

extern "C" BVHSCOPE_MODULE_EXPORT int
BVHSCOPE_MODULE_SYMBOL(bvhscope_headless_main)(const bvhscope::platform::ModuleCall& call) {
    if (call.arguments.empty()) {
        return bvhscope::cli::kExitUsage;
    }
    const std::string_view command = call.arguments.front();
    const auto rest = call.arguments.subspan(1);
    if (command == "render") {
        return bvhscope::headless::runRender(rest, call.out, call.err);
    }
    if (command == "thumbnail") {
        return bvhscope::headless::runThumbnail(rest, call.out, call.err);
    }
    call.err << "bvhscope: " << command << " is not a headless command\n";
    return bvhscope::cli::kExitUsage;
}
