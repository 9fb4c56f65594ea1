// Reads the HIERARCHY section. Internal to the core; see document.h for the contract.
#pragma once

#include "core/reader/document.h"
#include "core/reader/tokenizer.h"

namespace bvh {

enum class HierarchyEnd : std::uint8_t {
    Motion,     // the MOTION keyword was consumed; motion data follows
    EndOfInput, // the hierarchy was complete and the text ended (no MOTION section)
    Failed,     // an error diagnostic was added
};

// The words that end a CHANNELS list where a channel name is expected: '{', '}', JOINT, End,
// EndSite, OFFSET, CHANNELS, ROOT and MOTION (any case).
bool isStructuralKeyword(std::string_view text);
// The channel a CHANNELS entry names (Xposition ... Zrotation, any case); ChannelType::Unknown
// for any other word (kept, with a warning).
ChannelType channelTypeFromName(std::string_view name);

// Appends nodes to document.skeleton / document.nodeLocations in file order. On
// HierarchyEnd::Motion, `motionKeyword` is the MOTION token.
HierarchyEnd readHierarchy(Tokenizer& tokens, Document& document, Token& motionKeyword);

} // namespace bvh
