#include "app/cli/check_biped.h"
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

namespace bvhscope::cli {
namespace {

constexpr std::string_view kCheckHelp = R"(usage: bvhscope check FILE...
       bvhscope check --biped FILE...

Reads each BVH file and prints every problem found as
  FILE:LINE:COL: error|warning: message
then one summary line. Warnings mean the file loads (with the repair the message names);
errors mean it does not.

  --quiet       print only errors and the summary
  --biped       instead, report whether each file fits Character Studio Biped's BVH import:
                its required hierarchy (missing, misplaced, extra joints) and its neutral
                pose in the file's axes (+Y up, facing +Z, left on +X, as seed 001's example;
                3ds Max shows it +Z up, facing -Y); exit status 1 when a file does not fit
  --help, --version
Exit status: 0 when every file loads (warnings allowed), 1 when any has an error or the output
cannot be written, 2 for a bad command line.
)";

} // namespace

int runCheck(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    auto parsed = parseArguments(arguments, {{}, {"--quiet", "--biped"}}, err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, kCheckHelp, out)) {
        return *answered;
    }
    if (parsed->positional.empty()) {
        err << "bvhscope check: no file given\n" << kCheckHelp;
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
