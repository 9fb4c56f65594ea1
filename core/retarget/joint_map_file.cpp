#include "core/retarget/joint_map_file.h"

#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/line_walker.h"
#include "core/reader/tokenizer.h"

#include <set>

namespace bvh {
namespace {

struct MapWord {
    std::string text;
    bool quoted = false;
    std::uint32_t column = 0; // 1-based byte column of its first character (the quote)
};

struct MapLine {
    std::vector<MapWord> words;
    std::optional<Diagnostic> error;
};

Diagnostic mapError(std::uint32_t line, std::size_t index, std::string message) {
    return Diagnostic{Severity::Error, line, static_cast<std::uint32_t>(index + 1),
                      std::move(message)};
}

// A quoted name from the quote at `i`; `i` ends past the closing quote.
std::optional<std::string> readQuotedName(std::string_view line, std::size_t& i) {
    std::string text;
    for (++i; i < line.size() && line[i] != '"'; ++i) {
        const bool escape =
            line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\');
        i += escape ? 1 : 0;
        text += line[i];
    }
    if (i >= line.size()) {
        return std::nullopt;
    }
    ++i;
    return text;
}

MapLine splitMapLine(std::string_view line, std::uint32_t lineNumber) {
    MapLine result;
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && isSpaceOrTab(line[i])) {
            ++i;
        }
        if (i >= line.size() || line[i] == '#') {
            return result;
        }
        const std::size_t start = i;
        MapWord word{{}, line[i] == '"', static_cast<std::uint32_t>(start + 1)};
        if (word.quoted) {
            std::optional<std::string> text = readQuotedName(line, i);
            if (!text) {
                result.error = mapError(lineNumber, start,
                                        "unclosed quote: a quoted name ends "
                                        "with \" on the same line");
                return result;
            }
            if (i < line.size() && !isSpaceOrTab(line[i]) && line[i] != '#') {
                result.error = mapError(lineNumber, i, "expected a space after the closing quote");
                return result;
            }
            word.text = std::move(*text);
        } else {
            while (i < line.size() && !isSpaceOrTab(line[i]) && line[i] != '#') {
                ++i;
            }
            word.text = std::string(line.substr(start, i - start));
        }
        result.words.push_back(std::move(word));
    }
}

bool isNoJointWord(const MapWord& word) {
    return !word.quoted && word.text == "-";
}

// The entry of one line's words (one or two), or the Error that refuses the line.
std::optional<JointMapEntry> entryOf(const MapLine& words, std::uint32_t lineNumber,
                                     std::vector<Diagnostic>& diagnostics) {
    if (words.words.size() > 2) {
        diagnostics.push_back(mapError(lineNumber, words.words[2].column - 1,
                                       "expected TARGET SOURCE, found " +
                                           std::to_string(words.words.size()) +
                                           " names (quote names with spaces: \"Bip01 L Thigh\")"));
        return std::nullopt;
    }
    const MapWord& target = words.words.front();
    const MapWord& source = words.words.back();
    if (isNoJointWord(target)) {
        diagnostics.push_back(mapError(lineNumber, target.column - 1,
                                       "expected a target joint's name; '-' (no joint) is for "
                                       "the source column (quote it for a joint named -)"));
        return std::nullopt;
    }
    JointMapEntry entry{target.text, std::nullopt, lineNumber, target.column, source.column};
    if (!isNoJointWord(source)) {
        entry.sourceName = source.text;
    }
    return entry;
}

bool needsQuotes(std::string_view name) {
    return name.empty() || name == "-" || name.find_first_of(" \t#\"\\") != std::string_view::npos;
}

Diagnostic missingMapJoint(std::uint32_t line, std::uint32_t column, const std::string& name,
                           const char* side) {
    return Diagnostic{Severity::Error, line, column,
                      "no joint " + quotedForMessage(name) + " in the " + side + " skeleton"};
}

bool isJoint(const Skeleton& skeleton, NodeIndex node) {
    return node != kNoParent && skeleton.isEndSite[static_cast<std::size_t>(node)] == 0;
}

} // namespace

JointMapFile parseJointMapFile(std::string_view text) {
    JointMapFile file;
    if (text.starts_with(kUtf8ByteOrderMark)) {
        text.remove_prefix(kUtf8ByteOrderMark.size());
    }
    std::set<std::string, std::less<>> targets;
    std::uint32_t lineNumber = 0;
    LineWalker lines(text);
    for (std::optional<std::string_view> next = lines.next(); next; next = lines.next()) {
        ++lineNumber;
        const MapLine words = splitMapLine(*next, lineNumber);
        if (words.error) {
            file.diagnostics.push_back(*words.error);
            continue;
        }
        if (words.words.empty()) {
            continue;
        }
        std::optional<JointMapEntry> entry = entryOf(words, lineNumber, file.diagnostics);
        if (!entry) {
            continue;
        }
        if (!targets.insert(entry->targetName).second) {
            file.diagnostics.push_back(
                {Severity::Warning, lineNumber, entry->targetColumn,
                 quotedForMessage(entry->targetName) + " is listed twice; the first line is used"});
            continue;
        }
        file.entries.push_back(std::move(*entry));
    }
    return file;
}

JointMapFile loadJointMapFile(const std::filesystem::path& path) {
    const SmallFile read = readSmallFile(path, kLargestJointMapBytes);
    if (!read.ok) {
        JointMapFile file;
        file.diagnostics.push_back({Severity::Error, 0, 0,
                                    "cannot read the joint map '" + utf8FromPath(path) + "': " +
                                        (read.missing ? "no such file" : "it " + read.error)});
        return file;
    }
    return parseJointMapFile(read.text);
}

std::string jointMapName(std::string_view name) {
    if (!needsQuotes(name)) {
        return std::string(name);
    }
    std::string quoted = "\"";
    for (const char c : name) {
        if (c == '"' || c == '\\') {
            quoted += '\\';
        }
        quoted += c;
    }
    return quoted + '"';
}

std::string formatJointMapFile(const Skeleton& source, const Skeleton& target,
                               const JointMap& map) {
    std::string text = "# bvhscope retarget map: each TARGET joint, then the SOURCE joint that "
                       "drives it (- for none:\n# it keeps its rest rotation). Names with spaces "
                       "are quoted. Read by `bvhscope retarget --map`.\n";
    for (std::size_t node = 0; node < target.nodeCount(); ++node) {
        if (target.isEndSite[node] != 0) {
            continue;
        }
        const NodeIndex from = map.sourceOf[node];
        const bool matched = from != kNoParent;
        text += jointMapName(target.names[node]) + '\t' +
                (matched ? jointMapName(source.names[static_cast<std::size_t>(from)]) : "-") +
                "\t# " + (matched ? map.why[node] : "unmatched: keeps its rest rotation") + '\n';
    }
    return text;
}

std::vector<Diagnostic> applyJointMapFile(const JointMapFile& file, const Skeleton& source,
                                          const Skeleton& target, JointMap& map) {
    std::vector<Diagnostic> diagnostics = file.diagnostics;
    for (const JointMapEntry& entry : file.entries) {
        const NodeIndex targetJoint = target.find(entry.targetName);
        if (!isJoint(target, targetJoint)) {
            diagnostics.push_back(
                missingMapJoint(entry.line, entry.targetColumn, entry.targetName, "target"));
            continue;
        }
        NodeIndex sourceJoint = kNoParent;
        if (entry.sourceName) {
            sourceJoint = source.find(*entry.sourceName);
            if (!isJoint(source, sourceJoint)) {
                diagnostics.push_back(
                    missingMapJoint(entry.line, entry.sourceColumn, *entry.sourceName, "source"));
                continue;
            }
        }
        const auto node = static_cast<std::size_t>(targetJoint);
        map.sourceOf[node] = sourceJoint;
        map.why[node] = "map line " + std::to_string(entry.line);
    }
    return diagnostics;
}

} // namespace bvh
