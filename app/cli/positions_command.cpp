#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/positions_csv.h"
#include "app/cli/standard_output.h"
#include "app/cli/table_arguments.h"
#include "app/options/option_help.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

#include <algorithm>
#include <string>
#include <vector>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kPositionsIntro =
    R"(usage: bvhscope positions FILE [--frames A:B] [--translation MODE]

Writes the world position of every joint and End Site as CSV on standard output:
  frame,joint,x,y,z
one row per node per frame, in file order, End Sites named EndSite_<parent name>, in the
file's own units and axes. Each number has the fewest digits that read back to the same float.

)";

constexpr std::string_view kPositionsExitStatus = R"(  --help, --version
Coordinates that are not finite floats (a chain beyond the float range) are written as inf,
-inf or nan, never without a warning on standard error that names the first.
Exit status: 0 on success, 1 when the file does not load or the output cannot be written, 2 for
a bad command line.
)";

// The prose above and every positions option's entry from the options table.
std::string_view positionsHelp() {
    static const std::string kHelp = [] {
        std::string help(kPositionsIntro);
        help += options::helpEntries(options::kPositions, {"--frames", "--translation"});
        help += options::unlistedHelpEntries(options::kPositions, help);
        return help + std::string(kPositionsExitStatus);
    }();
    return kHelp;
}

} // namespace

int runPositions(std::span<const std::string_view> arguments, std::ostream& out,
                 std::ostream& err) {
    auto parsed = parseArguments(arguments, tableArgumentSpec(options::kPositions), err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, positionsHelp(), out)) {
        return *answered;
    }
    auto translation = translationOption(*parsed, err);
    if (!translation) {
        return kExitUsage;
    }
    if (parsed->positional.size() != 1) {
        err << "bvhscope positions: exactly one FILE is needed\n" << positionsHelp();
        return kExitUsage;
    }
    FrameRange range;
    const std::optional<std::string_view> rangeText = parsed->option("--frames");
    if (rangeText) {
        auto parsedRange = parseFrameRange(*rangeText);
        if (!parsedRange) {
            err << "--frames must look like A:B, A:, :B or N with 0 <= A <= B, not '" << *rangeText
                << "'\n";
            return kExitUsage;
        }
        range = *parsedRange;
    }

    const std::string& file = parsed->positional.front();
    bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(file), bvh::everyCoreOptions());
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        err << bvh::formatDiagnostic(file, diagnostic) << '\n';
    }
    if (!document.loaded()) {
        return kExitFileError;
    }
    const bvh::Skeleton& skeleton = document.skeleton;
    const bvh::Motion& motion = document.motion;
    const bvh::TranslationMode mode = bvh::resolveTranslationMode(*translation, skeleton, motion);

    // A file with no frames still has a pose to report: its rest pose, as frame 0.
    const std::int64_t lastFrame = std::max<std::int64_t>(motion.frameCount, 1) - 1;
    std::string rangeError;
    const std::optional<FrameSpan> span = resolveFrameRange(
        range, lastFrame, "--frames " + std::string(rangeText.value_or("")), file, rangeError);
    if (!span) {
        err << "bvhscope positions: " << rangeError << '\n';
        return kExitUsage;
    }
    const std::int64_t first = span->first;
    const std::int64_t last = span->last;

    // Every frame goes through the same skeleton: decode its channels once.
    const bvh::ForwardKinematicsPlan plan(skeleton, mode);
    std::vector<bvh::RigidTransform> world(skeleton.nodeCount());
    PositionsCsvWriter csv(skeleton, out);
    csv.writeHeader();
    for (std::int64_t frame = first; frame <= last; ++frame) {
        // With no frames, the empty row gives the rest pose.
        plan.computeWorldTransformsOfRow(motion.frameCount == 0
                                             ? std::span<const float>()
                                             : motion.frame(static_cast<std::uint32_t>(frame)),
                                         world);
        csv.writeFrame(frame, world);
    }
    if (!csv.finish()) {
        return checkOutput("positions", kExitOk, out, err);
    }
    if (const PositionsCsvWriter::NonFinite& nonFinite = csv.nonFinite(); nonFinite.count > 0) {
        // The reader warns where a chain can leave the float range; this says what came of it.
        const bvh::SourceLocation at = document.nodeLocations[nonFinite.firstNode];
        err << bvh::formatDiagnostic(
                   file, {bvh::Severity::Warning, at.line, at.column,
                          std::to_string(nonFinite.count) +
                              " coordinates written are not finite floats (inf or nan), the "
                              "first of " +
                              bvh::quotedForMessage(skeleton.names[nonFinite.firstNode]) +
                              " in frame " + std::to_string(nonFinite.firstFrame)})
            << '\n';
    }
    return kExitOk;
}

} // namespace bvhscope::cli
