#include "core/character_studio/mnm.h"

#include "core/model/ascii_case.h"
#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/line_walker.h"
#include "core/reader/tokenizer.h"
#include "core/writer/writer.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace bvh {

namespace {

struct Word {
    std::string_view text;
    std::uint32_t column = 0;
};

std::vector<Word> splitWords(std::string_view line) {
    std::vector<Word> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && isSpaceOrTab(line[i])) {
            ++i;
        }
        const std::size_t start = i;
        while (i < line.size() && !isSpaceOrTab(line[i])) {
            ++i;
        }
        if (i > start) {
            words.push_back({line.substr(start, i - start), static_cast<std::uint32_t>(start + 1)});
        }
    }
    return words;
}

} // namespace

MnmFile parseMnm(std::string_view text) {
    MnmFile file;
    if (text.starts_with(kUtf8ByteOrderMark)) {
        text.remove_prefix(kUtf8ByteOrderMark.size());
    }
    std::set<std::string> bipedNames;
    std::set<std::string> customNames;
    std::uint32_t lineNumber = 0;
    // LF, CRLF and CR line ends, as the reader's: the seed was written on Windows.
    LineWalker lines(text);
    for (std::optional<std::string_view> next = lines.next(); next; next = lines.next()) {
        ++lineNumber;
        const std::string_view line = *next;
        const std::vector<Word> words = splitWords(line);
        if (words.empty()) {
            continue;
        }
        if (words.size() > 2) {
            file.diagnostics.push_back(
                {Severity::Warning, lineNumber, words[2].column,
                 "expected one or two names (Biped's, then the file's), found " +
                     std::to_string(words.size()) + "; line ignored"});
            continue;
        }
        MnmEntry entry{std::string(words[0].text), std::string(words.back().text), lineNumber,
                       words[0].column, words.back().column};
        const bool newBiped = bipedNames.insert(asciiLowercase(entry.bipedName)).second;
        const bool newCustom = customNames.insert(asciiLowercase(entry.customName)).second;
        if (!newBiped || !newCustom) {
            const Word& repeated = newBiped ? words.back() : words[0];
            file.diagnostics.push_back(
                {Severity::Warning, lineNumber, repeated.column,
                 "'" + std::string(repeated.text) + "' is listed twice; the first entry is used"});
            continue;
        }
        file.entries.push_back(std::move(entry));
    }
    return file;
}

MnmFile loadMnm(const std::filesystem::path& path) {
    const SmallFile read = readSmallFile(path, kLargestMnmBytes);
    if (!read.ok) {
        MnmFile file;
        file.diagnostics.push_back({Severity::Error, 0, 0,
                                    "cannot read the name map '" + utf8FromPath(path) + "': " +
                                        (read.missing ? "no such file" : "it " + read.error)});
        return file;
    }
    return parseMnm(read.text);
}

JointNameMapping mapJointNames(const MnmFile& mnm, const Skeleton& skeleton,
                               MnmDirection direction) {
    const bool toBiped = direction == MnmDirection::CustomToBiped;
    std::map<std::string, const MnmEntry*> bySource; // lowercase source name -> entry
    for (const MnmEntry& entry : mnm.entries) {
        bySource.emplace(asciiLowercase(toBiped ? entry.customName : entry.bipedName), &entry);
    }
    JointNameMapping mapping;
    std::set<std::string> used;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (skeleton.isEndSite[node] != 0) {
            continue;
        }
        const std::string& name = skeleton.names[node];
        const std::string key = asciiLowercase(name);
        const auto found = bySource.find(key);
        if (found == bySource.end()) {
            mapping.unmapped.push_back(name);
            continue;
        }
        used.insert(key);
        mapping.mapped.push_back(name);
        const MnmEntry& entry = *found->second;
        const std::string& target = toBiped ? entry.bipedName : entry.customName;
        if (target == name) {
            continue;
        }
        if (const std::string problem = jointNameProblem(target); !problem.empty()) {
            mapping.diagnostics.push_back({Severity::Error, entry.line,
                                           toBiped ? entry.bipedColumn : entry.customColumn,
                                           "cannot rename joint " + quotedName(name) + " to " +
                                               quotedName(target) + ": " + problem});
            continue;
        }
        mapping.renames.emplace(name, target);
    }
    for (const MnmEntry& entry : mnm.entries) {
        const std::string& source = toBiped ? entry.customName : entry.bipedName;
        if (!used.contains(asciiLowercase(source))) {
            mapping.unused.push_back(source);
        }
    }
    return mapping;
}

} // namespace bvh
