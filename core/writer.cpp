#include "writer.h"

#include "atomic_file.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <system_error>

namespace bvh {

namespace {

// The text is produced in chunks of about this size so that writing a long capture never holds
// a second copy of the whole motion as text.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

template <typename Number>
void appendNumber(std::string& out, Number value) {
    // Shortest round trip: 1.5f -> "1.5", 0.1 -> "0.1", 1.0 / 120 -> "0.008333333333333333".
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    assert(result.ec == std::errc() && "64 bytes hold any float or double");
    out.append(buffer, result.ptr);
}

void appendIndent(std::string& out, std::size_t depth) {
    out.append(depth, '\t');
}

std::string_view channelSpelling(const Skeleton& skeleton, std::size_t channel) {
    if (skeleton.channelNames.size() == skeleton.channels.size() &&
        !skeleton.channelNames[channel].empty()) {
        return skeleton.channelNames[channel];
    }
    return channelTypeName(skeleton.channels[channel]);
}

void appendNode(std::string& out, const Skeleton& skeleton, std::size_t node, std::size_t depth) {
    appendIndent(out, depth);
    if (skeleton.isEndSite[node] != 0) {
        out += "End Site";
    } else {
        out += skeleton.parents[node] == kNoParent ? "ROOT " : "JOINT ";
        out += skeleton.names[node];
    }
    out += '\n';
    appendIndent(out, depth);
    out += "{\n";
    appendIndent(out, depth + 1);
    out += "OFFSET";
    for (int axis = 0; axis < 3; ++axis) {
        out += ' ';
        appendNumber(out, skeleton.offsets[node][axis]);
    }
    out += '\n';
    if (skeleton.isEndSite[node] == 0) {
        appendIndent(out, depth + 1);
        out += "CHANNELS ";
        out += std::to_string(skeleton.channelCount[node]);
        const std::uint32_t begin = skeleton.channelBegin[node];
        for (std::uint32_t c = 0; c < skeleton.channelCount[node]; ++c) {
            out += ' ';
            out += channelSpelling(skeleton, begin + c);
        }
        out += '\n';
    }
}

void appendClose(std::string& out, std::size_t depth) {
    appendIndent(out, depth);
    out += "}\n";
}

// Emits the file into `out`, calling flush(out) whenever it grows past kChunkBytes and once more
// at the end. flush empties `out` and returns false to stop (the file failed: no point going on).
template <typename Flush>
void emitBvh(const Skeleton& skeleton, const Motion& motion, std::string& out, Flush&& flush) {
    out += "HIERARCHY\n";
    // Open nodes, outermost first: closing braces are written when the next node is not a
    // child of the innermost one (the skeleton is depth-first, see validateForWriting).
    std::vector<std::size_t> open;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const NodeIndex parent = skeleton.parents[node];
        while (!open.empty() && static_cast<NodeIndex>(open.back()) != parent) {
            open.pop_back();
            appendClose(out, open.size());
        }
        appendNode(out, skeleton, node, open.size());
        open.push_back(node);
    }
    while (!open.empty()) {
        open.pop_back();
        appendClose(out, open.size());
    }
    out += "MOTION\nFrames: ";
    out += std::to_string(motion.frameCount);
    out += "\nFrame Time: ";
    appendNumber(out, motion.frameTime);
    out += '\n';
    for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
        const std::span<const float> row = motion.frame(frame);
        for (std::size_t c = 0; c < row.size(); ++c) {
            if (c != 0) {
                out += ' ';
            }
            appendNumber(out, row[c]);
        }
        out += '\n';
        if (out.size() >= kChunkBytes && !flush(out)) {
            return;
        }
    }
    flush(out);
}

Diagnostic writeError(std::string message) {
    return {Severity::Error, 0, 0, std::move(message)};
}

} // namespace

std::vector<Diagnostic> validateForWriting(const Skeleton& skeleton, const Motion& motion) {
    std::vector<Diagnostic> problems;
    const std::size_t nodes = skeleton.names.size();
    if (skeleton.parents.size() != nodes || skeleton.offsets.size() != nodes ||
        skeleton.isEndSite.size() != nodes || skeleton.channelBegin.size() != nodes ||
        skeleton.channelCount.size() != nodes) {
        problems.push_back(writeError("the skeleton's node arrays differ in length"));
        return problems;
    }
    if (nodes == 0) {
        problems.push_back(writeError("the skeleton has no nodes; BVH needs at least a ROOT"));
        return problems;
    }
    std::vector<std::size_t> open; // the chain of ancestors of the next node
    std::size_t nextChannel = 0;
    for (std::size_t node = 0; node < nodes; ++node) {
        const NodeIndex parent = skeleton.parents[node];
        while (!open.empty() && static_cast<NodeIndex>(open.back()) != parent) {
            open.pop_back();
        }
        const std::string label =
            "node " + std::to_string(node) + " ('" + skeleton.names[node] + "')";
        if (parent != kNoParent && open.empty()) {
            problems.push_back(writeError(
                label + " does not follow its parent's subtree; BVH nests nodes depth-first"));
            return problems;
        }
        if (parent != kNoParent && skeleton.isEndSite[static_cast<std::size_t>(parent)] != 0) {
            problems.push_back(writeError(label + " is the child of an End Site"));
        }
        if (skeleton.isEndSite[node] != 0) {
            if (parent == kNoParent) {
                problems.push_back(writeError(label + " is an End Site without a parent"));
            }
            if (skeleton.channelCount[node] != 0) {
                problems.push_back(writeError(label + " is an End Site with channels"));
            }
        } else if (skeleton.names[node].empty() ||
                   skeleton.names[node].find_first_of("\r\n") != std::string::npos) {
            problems.push_back(
                writeError(label + " has a name that cannot be written (empty or a line break)"));
        }
        if (skeleton.channelBegin[node] != nextChannel) {
            problems.push_back(writeError(label + "'s channels do not follow the previous node's"));
            return problems;
        }
        nextChannel += skeleton.channelCount[node];
        open.push_back(node);
    }
    if (nextChannel != skeleton.channels.size()) {
        problems.push_back(writeError("the nodes own " + std::to_string(nextChannel) +
                                      " channels but the skeleton lists " +
                                      std::to_string(skeleton.channels.size())));
    }
    if (motion.channelCount != skeleton.channels.size()) {
        problems.push_back(writeError("the motion has " + std::to_string(motion.channelCount) +
                                      " channels per frame but the skeleton has " +
                                      std::to_string(skeleton.channels.size())));
    }
    if (motion.values.size() != std::size_t{motion.frameCount} * motion.channelCount) {
        problems.push_back(writeError("the motion holds " + std::to_string(motion.values.size()) +
                                      " values, not frames x channels"));
    }
    if (!(motion.frameTime > 0.0) || !std::isfinite(motion.frameTime)) {
        problems.push_back(writeError("the frame time must be a positive number of seconds"));
    }
    return problems;
}

std::string formatBvh(const Skeleton& skeleton, const Motion& motion) {
    assert(!hasErrors(validateForWriting(skeleton, motion)) &&
           "formatBvh needs a skeleton and motion that pass validateForWriting");
    std::string text;
    emitBvh(skeleton, motion, text, [](std::string&) { return true; });
    return text;
}

std::vector<Diagnostic> writeBvhFile(const std::filesystem::path& target, const Skeleton& skeleton,
                                     const Motion& motion, const WriteOptions& options) {
    std::vector<Diagnostic> problems = validateForWriting(skeleton, motion);
    if (hasErrors(problems)) {
        return problems;
    }
    if (options.inputPath && !options.allowOverwritingInput) {
        std::error_code error;
        if (std::filesystem::exists(target, error) &&
            std::filesystem::exists(*options.inputPath, error) &&
            std::filesystem::equivalent(target, *options.inputPath, error) && !error) {
            problems.push_back(
                writeError("refusing to overwrite the input file '" + target.string() + "'"));
            return problems;
        }
    }
    AtomicFile file(target);
    std::string buffer;
    buffer.reserve(kChunkBytes + 4096);
    emitBvh(skeleton, motion, buffer, [&file](std::string& chunk) {
        file.write(chunk);
        chunk.clear();
        return file.good();
    });
    file.commit();
    return file.diagnostics();
}

} // namespace bvh
