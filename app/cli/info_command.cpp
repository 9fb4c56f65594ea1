#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/info_command_pages.h"
#include "app/cli/json_writer.h"
#include "app/cli/table_arguments.h"
#include "app/options/option_help.h"
#include "core/analysis/summary.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <iomanip>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kInfoIntro =
    R"(usage: bvhscope info [--json] [--translation MODE] FILE...

Prints what each BVH file holds: joints, end sites, roots, channels, frames (declared and
present), frame time, fps, duration, rotation orders, translation mode, the up axis the viewer
and `render` use with where it came from (the motion, name anatomy or the rest pose) beside the
rest pose's own guess, the facing direction, the contact level (and how far the viewer moves a
sunk or floating figure onto the ground), static roots, the unit, and the number of warnings.

)";

constexpr std::string_view kInfoExitStatus = R"(  --help, --version
Exit status: 0 when every file loads, 1 when any has an error or the output cannot be written,
2 for a bad command line.
)";

// The prose above and every info option's entry from the options table.
std::string_view infoHelp() {
    static const std::string kHelp = [] {
        std::string help(kInfoIntro);
        help += options::helpEntries(options::kInfo, {"--json", "--translation"});
        help += options::unlistedHelpEntries(options::kInfo, help);
        return help + std::string(kInfoExitStatus);
    }();
    return kHelp;
}

std::string rotationOrderList(const bvh::DocumentSummary& summary) {
    if (summary.rotationOrders.empty()) {
        return "none";
    }
    std::string text;
    for (const auto& [order, count] : summary.rotationOrders) {
        if (!text.empty()) {
            text += ", ";
        }
        text += order + " (" + std::to_string(count) + (count == 1 ? " joint)" : " joints)");
    }
    return text;
}

// "+Z" for an axis-aligned front, else the vector's components.
std::string directionText(const glm::dvec3& direction) {
    const bvh::UpAxis nearest = bvh::nearestUpAxis(direction);
    if (glm::dot(direction, bvh::upAxisVector(nearest)) > 0.999) {
        return std::string(bvh::upAxisName(nearest));
    }
    char text[96];
    std::snprintf(text, sizeof text, "(%.3f, %.3f, %.3f)", direction.x, direction.y, direction.z);
    return text;
}

std::string facingText(const bvh::Stance& stance) {
    if (!stance.facing) {
        return "unknown";
    }
    return directionText(*stance.facing) + " (from the " +
           std::string(bvh::facingSourceName(stance.facingSource)) + ")";
}

std::string groundText(const bvh::Stance& stance, double restHeight) {
    std::ostringstream text;
    text << std::setprecision(4) << "contact level " << stance.groundLevel << " along "
         << bvh::upAxisName(stance.upAxis) << ", figure " << stance.height << " tall";
    if (stance.belowPlacePrecision) {
        text << " (" << bvh::placePrecisionNote(restHeight) << ")";
    }
    if (stance.needsLift()) {
        text << (stance.groundLevel < 0.0 ? "; sunk: shown lifted " : "; floating: shown lowered ")
             << std::abs(stance.groundLevel) << " onto the ground";
    }
    return text.str();
}

std::string staticRootText(const bvh::Stance& stance, const bvh::Skeleton& skeleton) {
    std::string text;
    for (const bvh::NodeIndex root : stance.staticRoots) {
        text += (text.empty() ? "" : ", ") + skeleton.names[static_cast<std::size_t>(root)];
    }
    return text +
           " (never moves, far from its moving child or on the ground under still hips: left out "
           "of the ground, the height and the framing; its link to the body is hidden unless "
           "static_root_links_hidden is false)";
}

// How many joints the IK goal branches hold (End Sites aside) and the branches' first joints.
std::string goalBranchText(const bvh::Stance& stance, const bvh::Skeleton& skeleton) {
    std::size_t joints = 0;
    std::string tops;
    for (const bvh::NodeIndex node : stance.goalBranches) {
        const auto i = static_cast<std::size_t>(node);
        joints += skeleton.isEndSite[i] == 0 ? 1 : 0;
        const bvh::NodeIndex parent = skeleton.parents[i];
        if (!std::binary_search(stance.goalBranches.begin(), stance.goalBranches.end(), parent)) {
            tops += (tops.empty() ? "" : ", ") + skeleton.names[i];
        }
    }
    return std::to_string(joints) + " joints from " + tops +
           " (IK goals: they reach the figure by a shortcut, so the body gives them no volume, "
           "no bone is drawn into them unless static_root_links_hidden is false, and the "
           "framing leaves them out)";
}

void printText(std::string_view file, const bvh::Document& document,
               const bvh::DocumentSummary& summary, std::ostream& out) {
    out << file << '\n';
    std::string roots;
    for (const std::string& name : summary.rootNames) {
        roots += (roots.empty() ? "" : ", ") + name;
    }
    out << "  joints:          " << summary.joints << " (+" << summary.endSites << " end sites)\n";
    out << "  roots:           " << summary.rootNames.size() << " (" << roots << ")\n";
    out << "  channels:        " << summary.channels << '\n';
    out << "  frames:          " << summary.framesPresent << " present, ";
    if (summary.framesDeclared) {
        out << *summary.framesDeclared << " declared\n";
    } else {
        out << "none declared\n";
    }
    out << std::setprecision(10);
    out << "  frame time:      " << summary.frameTime << " s"
        << (summary.frameTimeAssumed ? " (assumed: the file gives no usable frame time)" : "")
        << '\n';
    out << std::setprecision(6);
    out << "  fps:             " << summary.framesPerSecond << '\n';
    out << "  duration:        " << summary.durationSeconds << " s\n";
    out << "  rotation orders: " << rotationOrderList(summary) << '\n';
    out << "  translation:     " << bvh::translationModeName(summary.translationUsed)
        << (summary.translationRequested == bvh::TranslationMode::Auto ? " (detected)"
                                                                       : " (--translation)")
        << ", " << summary.jointsWithPositionChannels << " joints with position channels\n";
    const bvh::Stance& stance = summary.stance;
    out << "  up axis:         " << bvh::upAxisName(stance.upAxis) << " (from the "
        << bvh::upAxisSourceName(stance.source) << "; rest pose alone says "
        << bvh::upAxisName(stance.restPoseUp) << ")\n";
    out << "  facing:          " << facingText(stance) << '\n';
    out << "  ground:          " << groundText(stance, summary.restPose.height) << '\n';
    if (!stance.staticRoots.empty()) {
        out << "  static roots:    " << staticRootText(stance, document.skeleton) << '\n';
    }
    if (!stance.goalBranches.empty()) {
        out << "  goal bones:      " << goalBranchText(stance, document.skeleton) << '\n';
    }
    out << "  unit:            " << bvh::lengthUnitName(stance.unit)
        << " (guessed; the rest pose is " << summary.restPose.height << " tall, the figure "
        << stance.height << " along " << bvh::upAxisName(stance.upAxis) << ")\n";
    out << "  warnings:        " << summary.warnings << '\n';
}

// The loaded clip's counts and timing: "joints" to "translation_detected".
void printJsonClipFields(const bvh::DocumentSummary& summary, JsonWriter& json) {
    json.key("joints");
    json.value(static_cast<std::uint64_t>(summary.joints));
    json.key("end_sites");
    json.value(static_cast<std::uint64_t>(summary.endSites));
    json.key("roots");
    json.beginArray();
    for (const std::string& name : summary.rootNames) {
        json.value(name);
    }
    json.endArray();
    json.key("channels");
    json.value(static_cast<std::uint64_t>(summary.channels));
    json.key("frames_present");
    json.value(summary.framesPresent);
    json.key("frames_declared");
    if (summary.framesDeclared) {
        json.value(*summary.framesDeclared);
    } else {
        json.null();
    }
    json.key("frame_time");
    json.value(summary.frameTime);
    json.key("frame_time_assumed");
    json.value(summary.frameTimeAssumed);
    json.key("fps");
    json.value(summary.framesPerSecond);
    json.key("duration");
    json.value(summary.durationSeconds);
    json.key("rotation_orders");
    json.beginObject();
    for (const auto& [order, count] : summary.rotationOrders) {
        json.key(order);
        json.value(static_cast<std::uint64_t>(count));
    }
    json.endObject();
    json.key("translation");
    json.value(bvh::translationModeName(summary.translationUsed));
    json.key("translation_detected");
    json.value(summary.translationRequested == bvh::TranslationMode::Auto);
}

// How the clip stands (core/analysis/stance.h) and its unit: "up_axis" to "rest_height".
void printJsonStanceFields(const bvh::DocumentSummary& summary, JsonWriter& json) {
    const bvh::Stance& stance = summary.stance;
    json.key("up_axis");
    json.value(bvh::upAxisName(stance.upAxis));
    json.key("up_axis_source");
    json.value(bvh::upAxisSourceName(stance.source));
    json.key("rest_pose_up_axis");
    json.value(bvh::upAxisName(stance.restPoseUp));
    json.key("up_axis_motion_costs"); // lower: more like up (core/analysis/stance.h)
    if (stance.motionMeasured) {
        json.beginObject();
        for (const bvh::UpAxis axis : bvh::kAllUpAxes) {
            json.key(bvh::upAxisName(axis));
            json.value(stance.motionCost[static_cast<std::size_t>(axis)]);
        }
        json.endObject();
    } else {
        json.null();
    }
    json.key("anatomy_up_axis");
    if (stance.anatomyUp) {
        json.value(bvh::upAxisName(*stance.anatomyUp));
    } else {
        json.null();
    }
    json.key("facing");
    if (stance.facing) {
        json.beginArray();
        json.value(stance.facing->x);
        json.value(stance.facing->y);
        json.value(stance.facing->z);
        json.endArray();
    } else {
        json.null();
    }
    json.key("facing_source");
    json.value(bvh::facingSourceName(stance.facingSource));
    json.key("ground_level");
    json.value(stance.groundLevel);
    json.key("figure_height");
    json.value(stance.height);
    // true: figure_height is 0 only because the figure is smaller than the precision of its
    // place (rest_height says its size at rest); the text output's "below the precision" note.
    json.key("figure_below_place_precision");
    json.value(stance.belowPlacePrecision);
    json.key("ground_lift");
    json.value(stance.needsLift() ? -stance.groundLevel : 0.0);
    json.key("static_roots");
    json.beginArray();
    for (const bvh::NodeIndex root : stance.staticRoots) {
        json.value(static_cast<std::uint64_t>(root));
    }
    json.endArray();
    json.key("unit");
    json.value(bvh::lengthUnitName(summary.stance.unit));
    json.key("rest_pose_unit");
    json.value(bvh::lengthUnitName(summary.restPose.unit));
    json.key("rest_height");
    json.value(summary.restPose.height);
}

void printJson(std::string_view file, const bvh::Document& document,
               const bvh::DocumentSummary& summary, JsonWriter& json) {
    json.beginObject();
    json.key("file");
    json.value(file);
    json.key("loaded");
    json.value(document.loaded());
    if (document.loaded()) {
        printJsonClipFields(summary, json);
        printJsonStanceFields(summary, json);
    }
    json.key("warnings");
    json.value(static_cast<std::uint64_t>(summary.warnings));
    json.key("diagnostics");
    json.beginArray();
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        json.value(bvh::formatDiagnostic(file, diagnostic));
    }
    json.endArray();
    json.endObject();
}

// What the JSON of file `index` starts with: the list's bracket or comma, where there are many.
const char* pageStart(std::size_t index, bool many) {
    if (!many) {
        return "";
    }
    return index == 0 ? "[" : ",";
}

// How file `index` of `files` is parsed. Where two page threads share the files
// (makePagesInOrder), each file but the last is parsed by its page thread alone: the other core
// is busy with a file of its own, so a parsing crew's threads only contend with it, and an
// every-core load reads a take's text after its first 256 KiB in blocks of 4 MiB a thread, fresh
// pages the kernel zeroes for every large take (issue 44: over 175 takes x10, the kernel's page
// zeroing fell from 1 205 to 538 samples and info's CPU time to 0.90x). Their blocks are the
// first block's size, each parsed as two pieces side by side (parseRowBlockPair) as an every-core
// load parses its first block; one piece a block costs more instructions. The last file, or one
// alone, is parsed on every core: no file is left for the other thread then. The cost: a long take
// early in a list of short ones is parsed on one core while the other may have run out of files.
// The rows are the same to the bit either way (ParseOptions::threads).
bvh::ParseOptions pageParsing(unsigned pageThreads, std::size_t index, std::size_t files) {
    bvh::ParseOptions parsing = bvh::everyCoreOptions();
    if (pageThreads >= 2 && index + 1 < files) {
        parsing.threads = 1;
        parsing.blockBytesPerThread = parsing.firstBlockBytes;
    }
    return parsing;
}

// One file's page: its JSON (after `jsonStart`) or, where `jsonStart` is null, its text (none
// where it does not load), and its errors as `check` prints them. Read and analysed on one
// thread (info_command_pages.h).
FilePage infoPage(const std::string& file, const bvh::ParseOptions& parsing,
                  bvh::TranslationMode translation, const char* jsonStart) {
    const bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(file), parsing);
    const bvh::DocumentSummary summary = bvh::summarize(document, translation);
    FilePage page;
    page.loaded = document.loaded();
    if (!page.loaded) {
        for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
            page.err += bvh::formatDiagnostic(file, diagnostic);
            page.err += '\n';
        }
    }
    if (jsonStart != nullptr) {
        page.out = jsonStart;
        JsonWriter writer(page.out);
        printJson(file, document, summary, writer);
    } else if (page.loaded) {
        std::ostringstream text;
        printText(file, document, summary, text);
        page.out = std::move(text).str();
    }
    return page;
}

} // namespace

int runInfo(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    auto parsed = parseArguments(arguments, tableArgumentSpec(options::kInfo), err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, infoHelp(), out)) {
        return *answered;
    }
    auto translation = translationOption(*parsed, err);
    if (!translation) {
        return kExitUsage;
    }
    if (parsed->positional.empty()) {
        err << "bvhscope info: no file given\n" << infoHelp();
        return kExitUsage;
    }
    const bool json = parsed->has("--json");
    const std::vector<std::string>& files = parsed->positional;
    const bool many = files.size() > 1;
    // The files are shared with a second thread where a second core can take it: on one core
    // the handovers cost 5-8 % more CPU and gain nothing.
    const unsigned pageThreads = std::thread::hardware_concurrency() == 1 ? 1 : 2;
    auto make = [&](std::size_t index) {
        return infoPage(files[index], pageParsing(pageThreads, index, files.size()), *translation,
                        json ? pageStart(index, many) : nullptr);
    };
    int status = kExitOk;
    bool firstText = true;
    // Each page is written to `out` in one write: standard output is synced with C stdio, where
    // each character or number written alone was a locked stdio call (1.3 % of `info --json`'s
    // time over a library of takes).
    auto write = [&](std::size_t, FilePage& page) {
        if (!page.loaded) {
            status = kExitFileError;
        }
        if (!page.err.empty()) {
            err << page.err;
        }
        if (!json && page.loaded) {
            if (!firstText) {
                out << '\n';
            }
            firstText = false;
        }
        out.write(page.out.data(), static_cast<std::streamsize>(page.out.size()));
    };
    makePagesInOrder(files.size(), pageThreads, make, write);
    if (json) {
        out << (many ? "]\n" : "\n");
    }
    return status;
}

} // namespace bvhscope::cli
