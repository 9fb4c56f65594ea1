#include "core/writer/writer.h"

#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "core/writer/input_files.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <system_error>

namespace bvh {

namespace {

// [SECTION] Text emission

// The text is produced in chunks of about this size: writing a deep hierarchy or a long capture
// never holds a second copy of the skeleton or the motion as text.
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
    out.append(std::min(depth, kMaxIndentDepth), '\t');
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

// The one emitter behind formatBvh and writeBvhFile. Appends the file to `out` and calls
// flush(out) whenever `out` has grown past kChunkBytes (between nodes and between rows, so a
// chunk is at most kChunkBytes plus one node or one row) and once at the end. flush empties
// `out` (or keeps it, for formatBvh) and returns false to stop: the file failed, no point going
// on. Memory: `out`, and the stack of open nodes (at most the skeleton's depth).
template <typename Flush>
void emitBvh(const Skeleton& skeleton, const Motion& motion, std::string& out, Flush&& flush) {
    const auto flushIfFull = [&] { return out.size() < kChunkBytes || flush(out); };
    out += "HIERARCHY\n";
    // Open nodes, outermost first: closing braces are written when the next node is not a
    // child of the innermost one (the skeleton is depth-first, see validateForWriting).
    std::vector<std::size_t> open;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const NodeIndex parent = skeleton.parents[node];
        while (!open.empty() && static_cast<NodeIndex>(open.back()) != parent) {
            open.pop_back();
            appendClose(out, open.size());
            if (!flushIfFull()) {
                return;
            }
        }
        appendNode(out, skeleton, node, open.size());
        open.push_back(node);
        if (!flushIfFull()) {
            return;
        }
    }
    while (!open.empty()) {
        open.pop_back();
        appendClose(out, open.size());
        if (!flushIfFull()) {
            return;
        }
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
        if (!flushIfFull()) {
            return;
        }
    }
    flush(out);
}

// [SECTION] Names

bool isControlCharacter(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7F;
}

bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        const auto lower = [](char c) {
            return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        };
        return lower(x) == lower(y);
    });
}

// Where the reader expects a channel name, these end the CHANNELS list (hierarchy_reader.cpp's
// isStructuralKeyword, braces aside).
constexpr std::array<std::string_view, 7> kStructuralKeywords = {
    "JOINT", "End", "EndSite", "OFFSET", "CHANNELS", "ROOT", "MOTION"};

// A channel spelling is read back as one token (tokenizer.h: split at spaces, tabs, form feeds,
// vertical tabs, line ends and braces; other bytes, control characters included, stay in the
// token) that the reader does not take as structure.
bool isWritableChannelSpelling(std::string_view spelling) {
    if (spelling.empty() || spelling.find_first_of(" \t\f\v\r\n{}") != std::string_view::npos) {
        return false;
    }
    return std::ranges::none_of(kStructuralKeywords, [&](std::string_view keyword) {
        return equalsIgnoringAsciiCase(spelling, keyword);
    });
}

Diagnostic writeError(std::string message) {
    return {Severity::Error, 0, 0, std::move(message)};
}

} // namespace

std::string jointNameProblem(std::string_view name) {
    if (name.empty()) {
        return "a joint name cannot be empty";
    }
    for (const char c : name) {
        if (c == '{' || c == '}') {
            return std::string("a joint name cannot contain '") + c +
                   "': BVH readers take it as a block's brace";
        }
    }
    if (name.find_first_of("\r\n") != std::string_view::npos) {
        return "a joint name cannot contain a line break: the name ends at the line's end";
    }
    if (std::ranges::any_of(name, isControlCharacter)) {
        return "a joint name cannot contain control characters (tabs and other bytes below 0x20, "
               "0x7F): readers trim them or take them as whitespace";
    }
    if (name.front() == ' ' || name.back() == ' ') {
        return "a joint name cannot begin or end with a space: readers trim it";
    }
    return "";
}

std::string quotedName(std::string_view name) {
    std::string text = "'";
    for (const char c : name) {
        if (isControlCharacter(c)) {
            static constexpr char kHex[] = "0123456789ABCDEF";
            const auto byte = static_cast<unsigned char>(c);
            text += "\\x";
            text += kHex[byte >> 4];
            text += kHex[byte & 0xF];
        } else {
            text += c;
        }
    }
    return text + "'";
}

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
        const auto label = [&] {
            return "node " + std::to_string(node) + " (" + quotedName(skeleton.names[node]) + ")";
        };
        if (parent != kNoParent && open.empty()) {
            problems.push_back(writeError(
                label() + " does not follow its parent's subtree; BVH nests nodes depth-first"));
            return problems;
        }
        if (parent != kNoParent && skeleton.isEndSite[static_cast<std::size_t>(parent)] != 0) {
            problems.push_back(writeError(label() + " is the child of an End Site"));
        }
        if (skeleton.isEndSite[node] != 0) {
            if (parent == kNoParent) {
                problems.push_back(writeError(label() + " is an End Site without a parent"));
            }
            if (skeleton.channelCount[node] != 0) {
                problems.push_back(writeError(label() + " is an End Site with channels"));
            }
        } else if (const std::string problem = jointNameProblem(skeleton.names[node]);
                   !problem.empty()) {
            problems.push_back(writeError("joint " + quotedName(skeleton.names[node]) + " (node " +
                                          std::to_string(node) +
                                          ") cannot be written: " + problem));
        }
        if (skeleton.channelBegin[node] != nextChannel) {
            problems.push_back(
                writeError(label() + "'s channels do not follow the previous node's"));
            return problems;
        }
        nextChannel += skeleton.channelCount[node];
        open.push_back(node);
    }
    if (nextChannel != skeleton.channels.size()) {
        problems.push_back(writeError("the nodes own " + std::to_string(nextChannel) +
                                      " channels but the skeleton lists " +
                                      std::to_string(skeleton.channels.size())));
    } else if (skeleton.channelNames.size() == skeleton.channels.size()) {
        for (std::size_t channel = 0; channel < skeleton.channels.size(); ++channel) {
            const std::string_view spelling = skeleton.channelNames[channel];
            if (!spelling.empty() && !isWritableChannelSpelling(spelling)) {
                problems.push_back(writeError("channel " + std::to_string(channel) +
                                              " is spelled " + quotedName(spelling) +
                                              ", which does not read back as one channel name"));
            }
        }
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
        if (sameFile(target, *options.inputPath)) {
            problems.push_back(
                writeError("refusing to overwrite the input file '" + utf8FromPath(target) + "'"));
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
