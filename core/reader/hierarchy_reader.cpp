#include "core/reader/hierarchy_reader.h"

#include "core/reader/content_sniffing.h"
#include "core/reader/number_scanner.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

namespace bvh {
namespace {

// [SECTION] Helpers

bool parseWholeNumber(std::string_view text, double& value) {
    return !text.empty() &&
           scanNumber(text.data(), text.data() + text.size(), value) == text.size();
}

// [SECTION] Reader

class HierarchyReader {
public:
    HierarchyReader(Tokenizer& tokens, Document& document, Token& motionKeyword)
        : tokens_(tokens), document_(document), skeleton_(document.skeleton),
          motionKeyword_(motionKeyword) {}

    HierarchyEnd read();

private:
    struct OpenNode {
        NodeIndex node;
        SourceLocation brace;
        bool hasOffset = false;
        bool hasChannels = false;
    };

    bool fail(const Token& at, std::string message) {
        document_.diagnostics.push_back({Severity::Error, at.line, at.column, std::move(message)});
        return false;
    }
    void warn(const Token& at, std::string message) {
        document_.diagnostics.push_back(
            {Severity::Warning, at.line, at.column, std::move(message)});
    }

    bool openNode(const Token& keyword, NodeIndex parent, bool endSite);
    bool readNodeName(const Token& keyword, std::string& name);
    bool readOffset(const Token& keyword);
    bool readChannels(const Token& keyword);
    bool closeNode(const Token& brace);
    bool readNodeBody(const Token& token);

    Tokenizer& tokens_;
    Document& document_;
    Skeleton& skeleton_;
    Token& motionKeyword_;
    std::vector<OpenNode> open_;
    std::unordered_map<std::string, std::uint32_t> firstLineOfName_;
};

HierarchyEnd HierarchyReader::read() {
    Token first = tokens_.next();
    if (first.atEnd()) {
        fail(first, "empty file: expected HIERARCHY");
        return HierarchyEnd::Failed;
    }
    if (!equalsIgnoringCase(first.text, "HIERARCHY")) {
        // Decided by the first bytes: a file that does not start with HIERARCHY is refused
        // without reading the rest, however large it is, and one that is something else entirely
        // (a renamed image, an archive, UTF-16 text) says what it looks like.
        if (!couldBecomeKeyword(first.text, "HIERARCHY")) {
            tokens_.endDoesNotMatter();
        }
        // What it looks like is read from its first bytes, so they decide the message (a
        // download's first piece may hold fewer).
        tokens_.resultReadsFirstBytes(kSniffedBytes);
        if (const auto kind = recognizeNonBvhContent(tokens_.text().substr(0, kSniffedBytes))) {
            fail(first, "not a BVH file (it looks like " + std::string(*kind) +
                            "): expected HIERARCHY at the start");
        } else {
            fail(first,
                 "expected HIERARCHY at the start of the file, found " + describeToken(first));
        }
        return HierarchyEnd::Failed;
    }

    for (;;) {
        Token token = tokens_.next();
        if (token.atEnd()) {
            if (!open_.empty()) {
                const OpenNode& innermost = open_.back();
                fail(token, "unexpected end of file: " + std::to_string(open_.size()) +
                                " block(s) not closed; the innermost '{' opened at line " +
                                std::to_string(innermost.brace.line) + ", column " +
                                std::to_string(innermost.brace.column));
                return HierarchyEnd::Failed;
            }
            if (skeleton_.nodeCount() == 0) {
                fail(token, "HIERARCHY has no ROOT");
                return HierarchyEnd::Failed;
            }
            return HierarchyEnd::EndOfInput;
        }
        if (open_.empty()) {
            if (equalsIgnoringCase(token.text, "ROOT")) {
                if (!openNode(token, kNoParent, false)) {
                    return HierarchyEnd::Failed;
                }
            } else if (equalsIgnoringCase(token.text, "MOTION")) {
                if (skeleton_.nodeCount() == 0) {
                    fail(token, "MOTION before any ROOT: the hierarchy is empty");
                    return HierarchyEnd::Failed;
                }
                motionKeyword_ = token;
                return HierarchyEnd::Motion;
            } else if (equalsIgnoringCase(token.text, "JOINT")) {
                // Some hand-written files start with JOINT; treat it as another root.
                warn(token, "JOINT outside any ROOT; treated as a ROOT");
                if (!openNode(token, kNoParent, false)) {
                    return HierarchyEnd::Failed;
                }
            } else if (token.text == "}") {
                fail(token, "unmatched '}': no block is open here");
                return HierarchyEnd::Failed;
            } else {
                if (!couldBecomeKeyword(token.text, "ROOT") &&
                    !couldBecomeKeyword(token.text, "MOTION") &&
                    !couldBecomeKeyword(token.text, "JOINT")) {
                    tokens_.endDoesNotMatter();
                }
                fail(token, "unexpected " + quotedForMessage(token.text) +
                                " between hierarchies; expected ROOT or MOTION");
                return HierarchyEnd::Failed;
            }
            continue;
        }
        if (!readNodeBody(token)) {
            return HierarchyEnd::Failed;
        }
    }
}

bool HierarchyReader::readNodeBody(const Token& token) {
    const bool inEndSite = skeleton_.isEndSite[static_cast<std::size_t>(open_.back().node)] != 0;
    if (equalsIgnoringCase(token.text, "OFFSET")) {
        return readOffset(token);
    }
    if (equalsIgnoringCase(token.text, "CHANNELS")) {
        if (inEndSite) {
            return fail(token, "an End Site cannot have CHANNELS");
        }
        return readChannels(token);
    }
    if (token.text == "}") {
        return closeNode(token);
    }
    if (equalsIgnoringCase(token.text, "JOINT")) {
        if (inEndSite) {
            return fail(token, "an End Site cannot contain a JOINT");
        }
        return openNode(token, open_.back().node, false);
    }
    if (equalsIgnoringCase(token.text, "End") || equalsIgnoringCase(token.text, "EndSite")) {
        if (inEndSite) {
            return fail(token, "an End Site cannot contain another End Site");
        }
        if (equalsIgnoringCase(token.text, "End")) {
            Token site = tokens_.next();
            if (!equalsIgnoringCase(site.text, "Site")) {
                if (!site.atEnd() && !couldBecomeKeyword(site.text, "Site")) {
                    tokens_.endDoesNotMatter();
                }
                return fail(site, "expected 'Site' after 'End', found " + describeToken(site));
            }
        }
        return openNode(token, open_.back().node, true);
    }
    if (equalsIgnoringCase(token.text, "ROOT")) {
        return fail(token, "ROOT inside a joint: a block is still open (missing '}')");
    }
    if (equalsIgnoringCase(token.text, "MOTION")) {
        return fail(token, "MOTION while " + std::to_string(open_.size()) +
                               " block(s) are still open (missing '}')");
    }
    static constexpr std::string_view kBodyKeywords[] = {"OFFSET",  "CHANNELS", "JOINT", "End",
                                                         "EndSite", "ROOT",     "MOTION"};
    if (std::none_of(
            std::begin(kBodyKeywords), std::end(kBodyKeywords),
            [&](std::string_view keyword) { return couldBecomeKeyword(token.text, keyword); })) {
        tokens_.endDoesNotMatter();
    }
    return fail(token, "unexpected " + quotedForMessage(token.text) +
                           "; expected OFFSET, CHANNELS, JOINT, End Site or '}'");
}

bool HierarchyReader::readNodeName(const Token& keyword, std::string& name) {
    // The name is the rest of the line after ROOT/JOINT: real names contain spaces, ':' '.'
    // and '-' ("mixamorig:Hips", "upperleg01.R", "Left Hand").
    Token rest = tokens_.restOfLine();
    if (rest.atEnd()) {
        Token next = tokens_.peek();
        if (next.atEnd() || isStructuralKeyword(next.text)) {
            return fail(keyword, "missing name after " + std::string(keyword.text));
        }
        rest = tokens_.next();
    }
    name.assign(rest.text);
    return true;
}

bool HierarchyReader::openNode(const Token& keyword, NodeIndex parent, bool endSite) {
    std::string name;
    if (endSite) {
        name = endSiteName(skeleton_.names[static_cast<std::size_t>(parent)]);
    } else if (!readNodeName(keyword, name)) {
        return false;
    }
    Token brace = tokens_.next();
    if (brace.text != "{") {
        if (!brace.atEnd()) {
            tokens_.endDoesNotMatter(); // a token that is not '{' never becomes one
        }
        return fail(brace, "expected '{' after " +
                               (endSite ? std::string("End Site") : quotedForMessage(name)) +
                               ", found " + describeToken(brace));
    }
    if (!endSite) {
        // Duplicates load (some exporters repeat "Finger" per hand), but tools matching joints
        // by name, and the positions CSV, become ambiguous: say so.
        auto [first, inserted] = firstLineOfName_.try_emplace(name, keyword.line);
        if (!inserted) {
            warn(keyword, "duplicate joint name " + quotedForMessage(name) +
                              " (first used at line " + std::to_string(first->second) + ")");
        }
    }
    auto index = static_cast<NodeIndex>(skeleton_.nodeCount());
    skeleton_.names.push_back(std::move(name));
    skeleton_.parents.push_back(parent);
    skeleton_.offsets.emplace_back(0.0);
    skeleton_.isEndSite.push_back(endSite ? 1 : 0);
    skeleton_.channelBegin.push_back(static_cast<std::uint32_t>(skeleton_.channels.size()));
    skeleton_.channelCount.push_back(0);
    document_.nodeLocations.push_back({keyword.line, keyword.column});
    open_.push_back({index, {brace.line, brace.column}});
    return true;
}

bool HierarchyReader::readOffset(const Token& keyword) {
    OpenNode& node = open_.back();
    if (node.hasOffset) {
        warn(keyword, "second OFFSET in " +
                          quotedForMessage(skeleton_.names[std::size_t(node.node)]) +
                          "; the last one is used");
    }
    glm::dvec3 offset(0.0);
    for (int axis = 0; axis < 3; ++axis) {
        Token value = tokens_.next();
        double number = 0.0;
        if (!parseWholeNumber(value.text, number)) {
            return fail(value, "OFFSET needs 3 numbers; found " + describeToken(value));
        }
        if (!std::isfinite(number)) {
            warn(value,
                 "OFFSET value " + quotedForMessage(value.text) + " is not finite; 0 is used");
            number = 0.0;
        } else if (std::abs(number) > std::numeric_limits<float>::max()) {
            // Poses are drawn and written as floats: such an offset is an infinite position.
            warn(value, "OFFSET value " + quotedForMessage(value.text) +
                            " is beyond the float range (3.4e38); 0 is used");
            number = 0.0;
        }
        offset[axis] = number;
    }
    skeleton_.offsets[static_cast<std::size_t>(node.node)] = offset;
    node.hasOffset = true;
    return true;
}

bool HierarchyReader::readChannels(const Token& keyword) {
    OpenNode& node = open_.back();
    const auto nodeIndex = static_cast<std::size_t>(node.node);
    if (node.hasChannels) {
        return fail(keyword, "second CHANNELS line in " +
                                 quotedForMessage(skeleton_.names[nodeIndex]) +
                                 ": the motion columns would be ambiguous");
    }
    if (skeleton_.nodeCount() != nodeIndex + 1) {
        return fail(keyword, "CHANNELS of " + quotedForMessage(skeleton_.names[nodeIndex]) +
                                 " after its child joints: the motion column order is ambiguous");
    }
    Token countToken = tokens_.next();
    std::int64_t count = -1;
    double countValue = 0.0;
    if (parseWholeNumber(countToken.text, countValue) && countValue >= 0 && countValue < 1e15 &&
        countValue == std::floor(countValue)) {
        count = static_cast<std::int64_t>(countValue);
    }
    if (count < 0) {
        return fail(countToken, "CHANNELS needs a channel count (a whole number >= 0); found " +
                                    describeToken(countToken));
    }
    // Never reserve by the declared count: "CHANNELS 2147483647" must cost nothing.
    for (std::int64_t i = 0; i < count; ++i) {
        Token name = tokens_.peek();
        if (name.atEnd() || isStructuralKeyword(name.text)) {
            return fail(countToken, "CHANNELS declares " + std::to_string(count) +
                                        " channels but only " + std::to_string(i) +
                                        " channel names follow");
        }
        tokens_.next();
        ChannelType type = channelTypeFromName(name.text);
        if (type == ChannelType::Unknown) {
            warn(name, "unknown channel " + quotedForMessage(name.text) +
                           ": its values are read and ignored");
        }
        skeleton_.channels.push_back(type);
        skeleton_.channelNames.emplace_back(name.text);
    }
    skeleton_.channelCount[nodeIndex] = static_cast<std::uint32_t>(count);
    node.hasChannels = true;
    return true;
}

bool HierarchyReader::closeNode(const Token& brace) {
    const OpenNode& node = open_.back();
    const auto nodeIndex = static_cast<std::size_t>(node.node);
    if (!node.hasOffset) {
        SourceLocation at = document_.nodeLocations[nodeIndex];
        document_.diagnostics.push_back(
            {Severity::Warning, at.line, at.column,
             quotedForMessage(skeleton_.names[nodeIndex]) + " has no OFFSET; (0, 0, 0) is used"});
    }
    if (!node.hasChannels && skeleton_.isEndSite[nodeIndex] == 0) {
        warn(brace,
             quotedForMessage(skeleton_.names[nodeIndex]) + " has no CHANNELS; it never moves");
    }
    open_.pop_back();
    return true;
}

} // namespace

ChannelType channelTypeFromName(std::string_view name) {
    static constexpr std::array<ChannelType, 6> kKnown = {
        ChannelType::Xposition, ChannelType::Yposition, ChannelType::Zposition,
        ChannelType::Xrotation, ChannelType::Yrotation, ChannelType::Zrotation};
    for (ChannelType type : kKnown) {
        if (equalsIgnoringCase(name, channelTypeName(type))) {
            return type;
        }
    }
    return ChannelType::Unknown;
}

bool isStructuralKeyword(std::string_view text) {
    return text == "{" || text == "}" || equalsIgnoringCase(text, "JOINT") ||
           equalsIgnoringCase(text, "End") || equalsIgnoringCase(text, "EndSite") ||
           equalsIgnoringCase(text, "OFFSET") || equalsIgnoringCase(text, "CHANNELS") ||
           equalsIgnoringCase(text, "ROOT") || equalsIgnoringCase(text, "MOTION");
}

HierarchyEnd readHierarchy(Tokenizer& tokens, Document& document, Token& motionKeyword) {
    return HierarchyReader(tokens, document, motionKeyword).read();
}

} // namespace bvh
