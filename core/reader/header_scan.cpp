#include "core/reader/header_scan.h"

#include "core/model/skeleton.h"
#include "core/reader/hierarchy_reader.h"
#include "core/reader/tokenizer.h"

#include <algorithm>
#include <cctype>

namespace bvh {

namespace {

// Bytes of memory per thing in a header: what the reader keeps of each (a node's arrays, its
// made name and its place; a warning and its message, whose quoted text is at most 40
// characters; a joint name's entry in the duplicate-name check; a channel's type and
// spelling), measured on the reader with hostile headers and rounded up.
constexpr std::uint64_t kBytesPerNode = 112;
constexpr std::uint64_t kBytesPerWarning = 144;
constexpr std::uint64_t kBytesPerJointName = 112;
constexpr std::uint64_t kBytesPerChannel = 72;

// A token's first bytes kept: more than any keyword or channel name.
constexpr std::size_t kKeptTokenBytes = 16;

enum Block : std::uint8_t { kEndSite = 1, kHasOffset = 2, kHasChannels = 4 };

// What a string of `length` bytes holds outside its object (none within the small-string room),
// rounded up as the heap does.
std::uint64_t heapBytes(std::uint64_t length) {
    return length > 15 ? (length + 1 + 15) / 16 * 16 : 0;
}

} // namespace

bool HeaderScan::feed(std::string_view bytes) {
    std::size_t i = 0;
    if (offset_ == 0 && bytes.starts_with(kUtf8ByteOrderMark)) {
        i = offset_ = kUtf8ByteOrderMark.size(); // which the reader skips
    }
    for (; i < bytes.size() && !ended(); ++i, ++offset_) {
        const char c = bytes[i];
        if (expect_ == Expect::NameStart) {
            if (isSpaceOrTab(c)) {
                continue;
            }
            if (isLineEnd(c)) {
                expect_ = Expect::NameToken; // no name on the line: the next token is it
                continue;
            }
            expect_ = c == '{' ? Expect::Token : Expect::Name;
        }
        if (expect_ == Expect::Name) {
            if (!isLineEnd(c) && c != '{') {
                ++nameLength_; // trailing blanks included: an upper bound
                continue;
            }
            endName();
        }
        const bool delimiter = isTokenDelimiter(c);
        if (delimiter && tokenLength_ > 0) {
            endToken();
            if (ended()) {
                break;
            }
        }
        if (c == '{' || c == '}') {
            token_.assign(1, c);
            tokenLength_ = 1;
            tokenStart_ = offset_;
            endToken();
        } else if (!delimiter) {
            if (tokenLength_ == 0) {
                tokenStart_ = offset_;
                token_.clear();
            }
            if (token_.size() < kKeptTokenBytes) {
                token_ += c;
            }
            ++tokenLength_;
            if (!sawHierarchy_ && !couldBecomeKeyword(token_, "HIERARCHY")) {
                // The reader stops at this first word (a binary file, a gigabyte of zeros): no
                // need to read to its end.
                stopped_ = true;
            }
        }
    }
    return !ended();
}

void HeaderScan::finish() {
    if (tokenLength_ > 0 && !ended()) {
        endToken();
    }
}

std::uint64_t HeaderScan::documentBytes() const {
    return nodes_ * kBytesPerNode + nameBytes_ + warningBytes_ + joints_ * kBytesPerJointName +
           channels_ * kBytesPerChannel;
}

void HeaderScan::endToken() {
    const std::string_view token =
        tokenLength_ > kKeptTokenBytes ? std::string_view() : std::string_view(token_);
    const std::uint64_t length = tokenLength_;
    tokenLength_ = 0;
    if (!endValueToken(token, length)) {
        endStructuralToken(token);
    }
}

// A token where a name, an OFFSET value, a channel count or a channel name is expected; false
// when it is structure instead (a keyword ending a CHANNELS list, or any token elsewhere).
bool HeaderScan::endValueToken(std::string_view token, std::uint64_t length) {
    switch (expect_) {
    case Expect::NameToken:
        nameLength_ = length;
        endName();
        return true;
    case Expect::OffsetValue:
        // A value with letters may be infinite or not a number: a warning each.
        if (std::any_of(token_.begin(), token_.end(),
                        [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) {
            warn(length);
        }
        if (--offsetValuesLeft_ == 0) {
            expect_ = Expect::Token;
        }
        return true;
    case Expect::ChannelCount:
        expect_ = Expect::ChannelName;
        return true;
    case Expect::ChannelName:
        if (!isStructuralKeyword(token)) {
            ++channels_;
            nameBytes_ += heapBytes(length);
            if (channelTypeFromName(token) == ChannelType::Unknown) {
                warn(length);
            }
            return true;
        }
        expect_ = Expect::Token;
        return false;
    case Expect::Token:
    case Expect::NameStart:
    case Expect::Name:
        return false;
    }
    return false;
}

void HeaderScan::endStructuralToken(std::string_view token) {
    if (!sawHierarchy_) {
        sawHierarchy_ = equalsIgnoringCase(token, "HIERARCHY");
        stopped_ = !sawHierarchy_;
    } else if (token == "{") {
        stopped_ = !pendingNode_;
        blocks_.push_back({static_cast<std::uint8_t>(pendingEndSite_ ? kEndSite : 0),
                           pendingEndSite_ ? madeNameLength_ : lastNameLength_});
        pendingNode_ = false;
        pendingEndSite_ = false;
        expect_ = Expect::Token; // "JOINT{": no name (the reader stops there)
    } else if (token == "}") {
        stopped_ = blocks_.empty();
        if (!blocks_.empty()) {
            const OpenBlock block = blocks_.back();
            blocks_.pop_back();
            if ((block.flags & kHasOffset) == 0) {
                warn(block.nameLength);
            }
            if ((block.flags & (kEndSite | kHasChannels)) == 0) {
                warn(block.nameLength);
            }
        }
    } else if (equalsIgnoringCase(token, "ROOT") || equalsIgnoringCase(token, "JOINT")) {
        ++nodes_;
        ++joints_;
        pendingNode_ = true;
        pendingEndSite_ = false;
        nameLength_ = 0;
        expect_ = Expect::NameStart;
    } else if (equalsIgnoringCase(token, "End") || equalsIgnoringCase(token, "EndSite")) {
        ++nodes_;
        // "EndSite_" and at most kEndSiteParentNameBytes of its parent's name, then "..."
        // (endSiteName).
        const std::uint64_t parentName = blocks_.empty() ? 0 : blocks_.back().nameLength;
        madeNameLength_ = 8 + std::min<std::uint64_t>(parentName, kEndSiteParentNameBytes) + 3;
        nameBytes_ += heapBytes(madeNameLength_);
        pendingNode_ = true;
        pendingEndSite_ = true;
    } else if (equalsIgnoringCase(token, "OFFSET")) {
        if (!blocks_.empty()) {
            if ((blocks_.back().flags & kHasOffset) != 0) {
                warn(blocks_.back().nameLength); // a second OFFSET
            }
            blocks_.back().flags |= kHasOffset;
        }
        expect_ = Expect::OffsetValue;
        offsetValuesLeft_ = 3;
    } else if (equalsIgnoringCase(token, "CHANNELS")) {
        if (!blocks_.empty()) {
            blocks_.back().flags |= kHasChannels;
        }
        expect_ = Expect::ChannelCount;
    } else if (equalsIgnoringCase(token, "MOTION")) {
        motionOffset_ = tokenStart_; // the end of the hierarchy, or where the reader fails
    }
}

void HeaderScan::endName() {
    nameBytes_ += 2 * heapBytes(nameLength_); // the skeleton's and the duplicate check's
    lastNameLength_ = nameLength_;
    expect_ = Expect::Token;
    warn(nameLength_); // its name may repeat another's, or it may be a JOINT outside a ROOT
}

// A warning quoting `quoted` bytes of the file: at most 40 characters, each at most 4 bytes as
// the message shows it (\xNN).
void HeaderScan::warn(std::uint64_t quoted) {
    ++warnings_;
    warningBytes_ += kBytesPerWarning + 4 * std::min<std::uint64_t>(quoted, 40);
}

} // namespace bvh
