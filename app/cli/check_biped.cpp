#include "app/cli/check_biped.h"

#include "app/cli/command_line.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

namespace bvhscope::cli {
namespace {

void printList(std::string_view label, const std::vector<std::string>& items, std::ostream& out) {
    if (items.empty()) {
        return;
    }
    out << "  " << label << ':';
    for (const std::string& item : items) {
        out << "\n    " << item;
    }
    out << '\n';
}

} // namespace

void printBipedReport(std::string_view file, const bvh::BipedCheck& check, std::ostream& out) {
    out << file << ": Biped hierarchy " << (check.hierarchyMatches ? "matches" : "does not match")
        << '\n';
    printList("missing", check.missing, out);
    printList("misplaced", check.misplaced, out);
    printList("extra (Biped ignores their channels)", check.extra, out);
    printList("note", check.channelNotes, out);

    out << file << ": Biped neutral pose "
        << (!check.poseChecked ? "cannot be checked" : (check.poseMatches ? "matches" : "differs"))
        << " (" << check.poseSummary << "; Biped, in BVH axes: " << bvh::kBipedNeutralPose << ")\n";
    if (!check.poseMatches) {
        for (const std::string& difference : check.poseDifferences) {
            out << "    " << difference << '\n';
        }
    }
    if (check.matchesAfterUpAxisChangeFrom) {
        // 3ds Max's own axes (+Z up, facing -Y) are the usual case: Biped's pose as the seed's
        // text words it, written into the file without the import's axis change.
        out << "  this is Biped's neutral pose with "
            << bvh::upAxisName(*check.matchesAfterUpAxisChangeFrom)
            << " up: `bvhscope convert --up y` re-expresses it in BVH's axes\n";
    }
}

int runBipedCheck(const std::vector<std::string>& files, std::ostream& out, std::ostream& err) {
    int status = kExitOk;
    for (const std::string& file : files) {
        const bvh::Document document =
            bvh::loadDocument(bvh::pathFromUtf8(file), bvh::everyCoreOptions());
        for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
            if (diagnostic.severity == bvh::Severity::Error) {
                err << bvh::formatDiagnostic(file, diagnostic) << '\n';
            }
        }
        if (!document.loaded()) {
            status = kExitFileError;
            continue;
        }
        const bvh::BipedCheck check = bvh::checkBiped(document.skeleton);
        printBipedReport(file, check, out);
        if (!check.matches()) {
            status = kExitFileError;
        }
    }
    return status;
}

} // namespace bvhscope::cli
