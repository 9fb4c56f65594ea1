#include "app/cli/check_biped.h"
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/table_arguments.h"
#include "app/options/option_help.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

namespace bvhscope::cli {
namespace {

constexpr std::string_view kCheckIntro = R"(usage: bvhscope check FILE...
       bvhscope check --biped FILE...

Reads each BVH file and prints every problem found as
  FILE:LINE:COL: error|warning: message
then one summary line. Warnings mean the file loads (with the repair the message names);
errors mean it does not.

)";

constexpr std::string_view kCheckExitStatus = R"(  --help, --version
Exit status: 0 when every file loads (warnings allowed), 1 when any has an error or the output
cannot be written, 2 for a bad command line.
)";

// The prose above and every check option's entry from the options table.
std::string_view checkHelp() {
    static const std::string kHelp = [] {
        std::string help(kCheckIntro);
        help += options::helpEntries(options::kCheck, {"--quiet", "--biped"});
        help += options::unlistedHelpEntries(options::kCheck, help);
        return help + std::string(kCheckExitStatus);
    }();
    return kHelp;
}

} // namespace

int runCheck(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    auto parsed = parseArguments(arguments, tableArgumentSpec(options::kCheck), err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, checkHelp(), out)) {
        return *answered;
    }
    if (parsed->positional.empty()) {
        err << "bvhscope check: no file given\n" << checkHelp();
        return kExitUsage;
    }
    if (parsed->has("--biped")) {
        return runBipedCheck(parsed->positional, out, err);
    }
    const bool quiet = parsed->has("--quiet");
    std::size_t failed = 0;
    std::size_t warnings = 0;
    for (const std::string& file : parsed->positional) {
        bvh::Document document =
            bvh::loadDocument(bvh::pathFromUtf8(file), bvh::everyCoreOptions());
        for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
            if (quiet && diagnostic.severity == bvh::Severity::Warning) {
                continue;
            }
            out << bvh::formatDiagnostic(file, diagnostic) << '\n';
        }
        warnings += bvh::countWarnings(document.diagnostics);
        if (!document.loaded()) {
            ++failed;
        }
    }
    const std::size_t files = parsed->positional.size();
    out << files << (files == 1 ? " file" : " files") << " checked: " << files - failed
        << " loaded, " << failed << " failed, " << warnings
        << (warnings == 1 ? " warning\n" : " warnings\n");
    return failed == 0 ? kExitOk : kExitFileError;
}

} // namespace bvhscope::cli
