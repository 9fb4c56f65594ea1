#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "core/analysis/summary.h"
#include "core/reader/document.h"

#include <iomanip>
#include <string>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kInfoHelp = R"(usage: bvhscope info [--json] [--translation MODE] FILE...

Prints what each BVH file holds: joints, end sites, roots, channels, frames (declared and
present), frame time, fps, duration, rotation orders, translation mode, the guessed up axis and
unit, and the number of warnings.

  --json                 one JSON object per file (an array when several files are given):
                         file, loaded, warnings and diagnostics always; when loaded, joints,
                         end_sites, roots, channels, frames_present, frames_declared,
                         frame_time, frame_time_assumed, fps, duration, rotation_orders,
                         translation, translation_detected, up_axis, unit, rest_height.
                         Only frames_declared can be null (no valid 'Frames:' count); a number
                         that is not finite would be written as null, but the reader keeps
                         frame time, fps, duration and rest height finite
  --translation MODE     absolute, additive or auto (default): how position channels are read
  --help, --version
Exit status: 0 when every file loads, 1 when any has an error or the output cannot be written,
2 for a bad command line.
)";

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

void printText(std::string_view file, const bvh::DocumentSummary& summary, std::ostream& out) {
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
    out << "  up axis:         " << bvh::upAxisName(summary.restPose.upAxis) << " (guessed)\n";
    out << "  unit:            " << bvh::lengthUnitName(summary.restPose.unit)
        << " (guessed from a rest-pose height of " << summary.restPose.height << ")\n";
    out << "  warnings:        " << summary.warnings << '\n';
}

void printJson(std::string_view file, const bvh::Document& document,
               const bvh::DocumentSummary& summary, JsonWriter& json) {
    json.beginObject();
    json.key("file");
    json.value(file);
    json.key("loaded");
    json.value(document.loaded());
    if (document.loaded()) {
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
        json.key("up_axis");
        json.value(bvh::upAxisName(summary.restPose.upAxis));
        json.key("unit");
        json.value(bvh::lengthUnitName(summary.restPose.unit));
        json.key("rest_height");
        json.value(summary.restPose.height);
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

} // namespace

int runInfo(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    auto parsed = parseArguments(arguments, {{"--translation"}, {"--json"}}, err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, kInfoHelp, out)) {
        return *answered;
    }
    auto translation = translationOption(*parsed, err);
    if (!translation) {
        return kExitUsage;
    }
    if (parsed->positional.empty()) {
        err << "bvhscope info: no file given\n" << kInfoHelp;
        return kExitUsage;
    }
    const bool json = parsed->has("--json");
    const bool many = parsed->positional.size() > 1;
    JsonWriter writer(out);
    if (json && many) {
        writer.beginArray();
    }
    int status = kExitOk;
    bool firstText = true;
    for (const std::string& file : parsed->positional) {
        bvh::Document document = bvh::loadDocument(file);
        bvh::DocumentSummary summary = bvh::summarize(document, *translation);
        if (!document.loaded()) {
            status = kExitFileError;
            for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
                err << bvh::formatDiagnostic(file, diagnostic) << '\n';
            }
        }
        if (json) {
            printJson(file, document, summary, writer);
        } else if (document.loaded()) {
            if (!firstText) {
                out << '\n';
            }
            firstText = false;
            printText(file, summary, out);
        }
    }
    if (json && many) {
        writer.endArray();
    }
    if (json) {
        out << '\n';
    }
    return status;
}

} // namespace bvhscope::cli
