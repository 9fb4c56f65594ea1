// Counting what a BVH header holds without building it, for a caller that must know, before the
// reader runs, that reading the header fits a memory budget (the Browser's summaries and
// `bvhscope thumbnail`: app/folder/folder_summaries.cpp). It takes the file in pieces of any
// size and keeps only the current token's first bytes, so a hostile header (a name a gigabyte
// long, millions of joints) costs nothing to scan.
//
// The rules are the reader's: tokens as tokenizer.h splits them (isTokenDelimiter; '{' and '}'
// tokens of their own; a UTF-8 BOM skipped; a ROOT's or JOINT's name the rest of its line before
// any '{'), keywords and channel names as hierarchy_reader.h reads them, up to the MOTION
// keyword. Every count is an upper bound of what the reader keeps: a header the reader refuses
// part-way is counted on, and every warning the reader could give is counted as given (a
// joint's name as a duplicate, a value as not finite). Internal to the core; never throws.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

class HeaderScan {
public:
    // Scans the next bytes of the file; false once the MOTION keyword was seen (motionOffset())
    // or the reader would stop at an error (not HIERARCHY first, a '{' that opens no node, a '}'
    // that closes none): it reads nothing after that.
    bool feed(std::string_view bytes);
    // The end of the file: a token cut by it is one.
    void finish();

    // Where the MOTION keyword starts, once seen.
    std::optional<std::uint64_t> motionOffset() const { return motionOffset_; }
    // The reader stops with an error at or before offset().
    bool stopped() const { return stopped_; }
    std::uint64_t offset() const { return offset_; }
    std::uint64_t nodes() const { return nodes_; }
    std::uint64_t channels() const { return channels_; }
    // An upper bound of the memory of the reader's document for this header (each weight
    // includes its vector's regrowth).
    std::uint64_t documentBytes() const;
    // The header's text the reader holds: up to MOTION, else all that was scanned.
    std::uint64_t textBytes() const { return motionOffset_.value_or(offset_); }

private:
    bool ended() const { return motionOffset_.has_value() || stopped_; }
    void endToken();
    bool endValueToken(std::string_view token, std::uint64_t length);
    void endStructuralToken(std::string_view token);
    void endName();
    void warn(std::uint64_t quoted);

    enum class Expect { Token, NameStart, Name, NameToken, OffsetValue, ChannelCount, ChannelName };
    struct OpenBlock {
        std::uint8_t flags = 0;       // Block bits (header_scan.cpp)
        std::uint64_t nameLength = 0; // a joint's, for its End Site's made name
    };
    Expect expect_ = Expect::Token;
    std::string token_; // the token's first bytes
    std::uint64_t tokenLength_ = 0;
    std::uint64_t tokenStart_ = 0;
    std::uint64_t offset_ = 0;
    int offsetValuesLeft_ = 0;
    bool sawHierarchy_ = false;
    bool stopped_ = false;
    bool pendingNode_ = false; // a ROOT, JOINT or End Site waits for its '{'
    bool pendingEndSite_ = false;
    std::uint64_t nameLength_ = 0;     // of the name being read
    std::uint64_t lastNameLength_ = 0; // of the last joint named
    std::vector<OpenBlock> blocks_;
    std::uint64_t nodes_ = 0;
    std::uint64_t joints_ = 0;
    std::uint64_t nameBytes_ = 0;
    std::uint64_t warnings_ = 0;
    std::uint64_t warningBytes_ = 0;
    std::uint64_t madeNameLength_ = 0; // of the End Site waiting for its '{'
    std::uint64_t channels_ = 0;
    std::optional<std::uint64_t> motionOffset_;
};

} // namespace bvh
