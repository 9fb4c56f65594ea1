#include "app/cli/retarget_request.h"

#include "app/options/option_help.h"
#include "app/options/option_table.h"
#include "core/platform/utf8_path.h"

#include <algorithm>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kRetargetIntro =
    R"(usage: bvhscope retarget SOURCE --onto TARGET -o OUT [options]

Puts SOURCE's motion on TARGET's skeleton. OUT is TARGET's hierarchy exactly (its joints, their
order, OFFSETs, channel layout and rotation orders) holding SOURCE's frames and Frame Time, so it
opens wherever TARGET's files do. OUT ending in .glb or .gltf is written as glTF 2.0, as
`bvhscope convert` writes it. OUT is written to a temporary file beside it and renamed into place
only when complete.

Joints are matched by what they are (hips, spine, neck, head, clavicle, upper arm, forearm, hand,
thigh, shin, foot, toes, fingers), found from the hands, feet and head as every naming scheme
spells them and the hierarchy between them; spines of different lengths match by their share of
the spine's length; target joints without a match keep their rest rotation. Each target bone
then turns in the world as its source bone turns from its rest pose, so a T-pose source drives an
A-pose target. The hips' travel is scaled by the ratio of leg lengths; up axis and unit are
TARGET's.

)";

constexpr std::string_view kRetargetExit = R"(  --help, --version
Exit status: 0 when done, 1 when a file cannot be read, the map names a missing joint or OUT
cannot be written, 2 for a bad command line or a pair without hips or with fewer than 5 roles
matched (the message names the roles found on both sides).
)";

// The options' entries come from the options table where it has them (issue 43).
std::string buildRetargetHelp() {
    using options::helpEntry;
    return std::string(kRetargetIntro) + helpEntry(options::kRetargetOnto) +
           helpEntry("-o, --output OUT", "the file to write: .bvh, or .glb or .gltf for glTF") +
           helpEntry(options::kRetargetMap) +
           helpEntry("--frames A:B", "retarget frames A to B of SOURCE (inclusive, 0-based; "
                                     "\"A:\" and \":B\" leave an end open, \"N\" is one frame)") +
           helpEntry(options::kRetargetFeet) + helpEntry(options::kRetargetPrintMap) +
           helpEntry("--overwrite", "allow OUT to be SOURCE (still replaced atomically); OUT is "
                                    "never TARGET or the --map file") +
           std::string(kRetargetExit);
}

bool isFeetWord(std::string_view word) {
    const auto& words = options::kRetargetFeet.choices;
    return std::find(words.begin(), words.end(), word) != words.end();
}

} // namespace

std::string_view retargetHelp() {
    static const std::string help = buildRetargetHelp();
    return help;
}

ParsedRetarget parseRetargetArguments(std::span<const std::string_view> arguments,
                                      std::ostream& out, std::ostream& err) {
    std::vector<std::string_view> normalized(arguments.begin(), arguments.end());
    for (std::string_view& argument : normalized) {
        argument = argument == "-o" ? "--output" : argument;
    }
    const auto parsed =
        parseArguments(normalized,
                       {{options::kRetargetOnto.flag, "--output", options::kRetargetMap.flag,
                         "--frames", options::kRetargetFeet.flag},
                        {"--overwrite", options::kRetargetPrintMap.flag}},
                       err);
    if (!parsed) {
        return {std::nullopt, kExitUsage};
    }
    if (auto answered = answerHelpOrVersion(*parsed, retargetHelp(), out)) {
        return {std::nullopt, *answered};
    }
    RetargetRequest request;
    request.printMap = parsed->has("--print-map");
    request.overwrite = parsed->has("--overwrite");
    const auto usage = [&](std::string_view message) {
        err << "bvhscope retarget: " << message << "\n(see bvhscope retarget --help)\n";
        return ParsedRetarget{std::nullopt, kExitUsage};
    };
    if (parsed->positional.size() != 1) {
        return usage("expected one SOURCE file");
    }
    request.source = parsed->positional.front();
    const auto onto = parsed->option("--onto");
    if (!onto) {
        return usage("--onto TARGET is required");
    }
    request.target = std::string(*onto);
    if (const auto output = parsed->option("--output")) {
        request.output = std::string(*output);
        request.gltf = bvh::gltfContainerFor(bvh::pathFromUtf8(*request.output));
    } else if (!request.printMap) {
        return usage("-o OUT is required (or --print-map alone)");
    }
    if (const auto map = parsed->option("--map")) {
        request.map = std::string(*map);
    }
    if (const auto feet = parsed->option("--feet")) {
        if (!isFeetWord(*feet)) {
            return usage("--feet takes lock or free, not '" + std::string(*feet) + "'");
        }
        request.lockFeet = *feet == "lock";
    }
    if (const auto frames = parsed->option("--frames")) {
        request.frames = parseFrameRange(*frames);
        request.framesText = "--frames " + std::string(*frames);
        if (!request.frames) {
            return usage("--frames takes A:B, A:, :B or N (0-based frames), not '" +
                         std::string(*frames) + "'");
        }
    }
    return {request, std::nullopt};
}

bvh::InputFiles retargetInputs(const RetargetRequest& request) {
    bvh::InputFiles inputs;
    if (!request.overwrite) {
        inputs.add(bvh::pathFromUtf8(request.source), "the source file");
    }
    inputs.add(bvh::pathFromUtf8(request.target), "the --onto file");
    if (request.map) {
        inputs.add(bvh::pathFromUtf8(*request.map), "the --map file");
    }
    return inputs;
}

} // namespace bvhscope::cli
