#include "command_line.h"
#include "commands.h"
#include "core/document.h"
#include "core/pose.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kPositionsHelp =
    R"(usage: bvhscope positions FILE [--frames A:B] [--translation MODE]

Writes the world position of every joint and End Site as CSV on standard output:
  frame,joint,x,y,z
one row per node per frame, in file order, End Sites named EndSite_<parent name>, in the
file's own units and axes. Each number has the fewest digits that read back to the same float.

  --frames A:B         inclusive 0-based frame range; "A:" and ":B" leave an end open,
                       "N" is a single frame (default: every frame; the rest pose when the
                       file has no frames, written as frame 0)
  --translation MODE   absolute, additive or auto (default): how position channels are read
  --help, --version
Exit status: 0 on success, 1 when the file does not load, 2 for a bad command line.
)";

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
void appendCsvField(std::string& line, std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        line += field;
        return;
    }
    line += '"';
    for (char c : field) {
        if (c == '"') {
            line += '"';
        }
        line += c;
    }
    line += '"';
}

void appendFloat(std::string& line, double value) {
    char buffer[32];
    // The shortest text that reads back to the same float: round-trips, and no more digits
    // than float precision can justify.
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, static_cast<float>(value));
    line.append(buffer, end);
}

} // namespace

int runPositions(std::span<const std::string_view> arguments, std::ostream& out,
                 std::ostream& err) {
    auto parsed = parseArguments(arguments, {{"--frames", "--translation"}, {}}, err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, kPositionsHelp, out)) {
        return *answered;
    }
    auto translation = translationOption(*parsed, err);
    if (!translation) {
        return kExitUsage;
    }
    if (parsed->positional.size() != 1) {
        err << "bvhscope positions: exactly one FILE is needed\n" << kPositionsHelp;
        return kExitUsage;
    }
    FrameRange range;
    if (auto text = parsed->option("--frames")) {
        auto parsedRange = parseFrameRange(*text);
        if (!parsedRange) {
            err << "--frames must look like A:B, A:, :B or N with 0 <= A <= B, not '" << *text
                << "'\n";
            return kExitUsage;
        }
        range = *parsedRange;
    }

    const std::string& file = parsed->positional.front();
    bvh::Document document = bvh::loadDocument(file);
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
    const std::int64_t available = std::max<std::int64_t>(motion.frameCount, 1);
    const std::int64_t first = range.first;
    const std::int64_t last = std::min(range.last.value_or(available - 1), available - 1);
    if (first >= available) {
        err << file << ": --frames starts at " << first << " but the file has " << available
            << (available == 1 ? " frame\n" : " frames\n");
        return kExitUsage;
    }

    std::vector<bvh::RigidTransform> local(skeleton.nodeCount());
    std::vector<bvh::RigidTransform> world(skeleton.nodeCount());
    std::vector<std::string> quotedNames(skeleton.nodeCount());
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        appendCsvField(quotedNames[node], skeleton.names[node]);
    }
    std::string buffer = "frame,joint,x,y,z\n";
    constexpr std::size_t kFlushAt = 1 << 20;
    for (std::int64_t frame = first; frame <= last; ++frame) {
        if (motion.frameCount == 0) {
            bvh::computeRestTransforms(skeleton, local);
        } else {
            bvh::computeLocalTransforms(skeleton, motion.frame(static_cast<std::uint32_t>(frame)),
                                        mode, local);
        }
        bvh::computeWorldTransforms(skeleton, local, world);
        char frameText[24];
        auto [frameEnd, error] = std::to_chars(frameText, frameText + sizeof frameText, frame);
        for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
            buffer.append(frameText, frameEnd);
            buffer += ',';
            buffer += quotedNames[node];
            for (int axis = 0; axis < 3; ++axis) {
                buffer += ',';
                appendFloat(buffer, world[node].translation[axis]);
            }
            buffer += '\n';
        }
        if (buffer.size() >= kFlushAt) {
            out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            buffer.clear();
        }
    }
    out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    out.flush();
    if (!out) {
        err << "bvhscope positions: writing the output failed\n";
        return kExitFileError;
    }
    return kExitOk;
}

} // namespace bvhscope::cli
