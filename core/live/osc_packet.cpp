#include "core/live/osc_packet.h"

#include <bit>
#include <cstring>

namespace bvh::live {
namespace {

constexpr std::string_view kBundleTag{"#bundle\0", 8};

// A cursor over a datagram's bytes that never reads past its end: every read says whether the
// bytes were there.
class OscReader {
public:
    explicit OscReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

    std::size_t left() const { return bytes_.size() - at_; }
    bool atEnd() const { return at_ == bytes_.size(); }

    bool readInt32(std::int32_t& value) {
        std::uint32_t bits = 0;
        if (!readBigEndian32(bits)) {
            return false;
        }
        value = static_cast<std::int32_t>(bits);
        return true;
    }
    bool readFloat32(float& value) {
        std::uint32_t bits = 0;
        if (!readBigEndian32(bits)) {
            return false;
        }
        value = std::bit_cast<float>(bits);
        return true;
    }
    // A NUL-terminated string padded to 4 bytes; false when the NUL or the padding is missing.
    bool readString(std::string& text) {
        if (left() == 0) { // nothing to search (and an empty span's data() may be null)
            return false;
        }
        const auto* start = bytes_.data() + at_;
        const void* nul = std::memchr(start, 0, left());
        if (nul == nullptr) {
            return false;
        }
        const auto length = static_cast<std::size_t>(static_cast<const std::uint8_t*>(nul) - start);
        return assignPadded(length, length + 1, text);
    }
    // An int32 size, then that many bytes padded to 4.
    bool readBlob(std::vector<std::uint8_t>& blob) {
        std::int32_t size = 0;
        if (!readInt32(size) || size < 0 || static_cast<std::size_t>(size) > left()) {
            return false;
        }
        const auto length = static_cast<std::size_t>(size);
        const std::size_t padded = (length + 3) & ~std::size_t{3};
        if (padded > left()) {
            return false;
        }
        blob.assign(bytes_.data() + at_, bytes_.data() + at_ + length);
        at_ += padded;
        return true;
    }
    bool skip(std::size_t count) {
        if (count > left()) {
            return false;
        }
        at_ += count;
        return true;
    }
    std::span<const std::uint8_t> take(std::size_t count) {
        const auto part = bytes_.subspan(at_, count);
        at_ += count;
        return part;
    }

private:
    bool readBigEndian32(std::uint32_t& bits) {
        if (left() < 4) {
            return false;
        }
        const auto* p = bytes_.data() + at_;
        bits = (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
               (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
        at_ += 4;
        return true;
    }
    bool assignPadded(std::size_t length, std::size_t withNul, std::string& text) {
        const std::size_t padded = (withNul + 3) & ~std::size_t{3};
        if (padded > left()) {
            return false;
        }
        text.assign(reinterpret_cast<const char*>(bytes_.data() + at_), length);
        at_ += padded;
        return true;
    }

    std::span<const std::uint8_t> bytes_;
    std::size_t at_ = 0;
};

enum class ArgumentRead { Read, Truncated, UnknownTag };

// Bytes a skipped type tag's argument takes: 8, 4 or 0; -1 for a tag of unknown size.
int skippedArgumentBytes(char tag) {
    switch (tag) {
    case 'h':
    case 't':
    case 'd':
        return 8;
    case 'c':
    case 'r':
    case 'm':
        return 4;
    case 'T':
    case 'F':
    case 'N':
    case 'I':
    case '[':
    case ']':
        return 0;
    default:
        return -1;
    }
}

ArgumentRead readArgument(OscReader& reader, char tag, OscArgument& argument) {
    argument.type = tag;
    bool read = true;
    switch (tag) {
    case 'i':
        read = reader.readInt32(argument.integer);
        break;
    case 'f':
        read = reader.readFloat32(argument.number);
        break;
    case 's':
    case 'S':
        read = reader.readString(argument.text);
        break;
    case 'b':
        read = reader.readBlob(argument.blob);
        break;
    default: {
        const int bytes = skippedArgumentBytes(tag);
        if (bytes < 0) {
            return ArgumentRead::UnknownTag;
        }
        read = reader.skip(static_cast<std::size_t>(bytes));
    }
    }
    return read ? ArgumentRead::Read : ArgumentRead::Truncated;
}

// One message filling `bytes`; counted in `counters`. Appends it when whole.
void readMessage(std::span<const std::uint8_t> bytes, bool inBundle,
                 std::vector<OscMessage>& messages, OscCounters& counters) {
    OscReader reader(bytes);
    OscMessage message;
    message.inBundle = inBundle;
    std::string tags;
    if (!reader.readString(message.address) || message.address.empty() ||
        message.address.front() != '/' || !reader.readString(tags) || tags.empty() ||
        tags.front() != ',') {
        ++counters.truncated;
        return;
    }
    message.arguments.resize(tags.size() - 1);
    for (std::size_t i = 1; i < tags.size(); ++i) {
        const ArgumentRead read = readArgument(reader, tags[i], message.arguments[i - 1]);
        if (read == ArgumentRead::UnknownTag) {
            ++counters.unknownTypeTag;
            return;
        }
        if (read == ArgumentRead::Truncated) {
            ++counters.truncated;
            return;
        }
    }
    ++counters.messages;
    messages.push_back(std::move(message));
}

bool isBundle(std::span<const std::uint8_t> bytes) {
    return bytes.size() >= kBundleTag.size() &&
           std::memcmp(bytes.data(), kBundleTag.data(), kBundleTag.size()) == 0;
}

void readElement(std::span<const std::uint8_t> bytes, int depth, bool inBundle,
                 std::vector<OscMessage>& messages, OscCounters& counters);

// A bundle filling `bytes` (its tag checked by the caller).
void readBundle(std::span<const std::uint8_t> bytes, int depth, bool inBundle,
                std::vector<OscMessage>& messages, OscCounters& counters) {
    if (depth > kMostBundleDepth) {
        ++counters.tooDeep;
        return;
    }
    ++counters.bundles;
    OscReader reader(bytes);
    if (!reader.skip(kBundleTag.size() + 8)) { // the tag and the time tag
        ++counters.truncated;
        return;
    }
    while (!reader.atEnd()) {
        std::int32_t size = 0;
        if (!reader.readInt32(size) || size <= 0 || size % 4 != 0 ||
            static_cast<std::size_t>(size) > reader.left()) {
            ++counters.truncated;
            return; // the elements after a bad size cannot be found
        }
        readElement(reader.take(static_cast<std::size_t>(size)), depth + 1, inBundle, messages,
                    counters);
    }
}

void readElement(std::span<const std::uint8_t> bytes, int depth, bool inBundle,
                 std::vector<OscMessage>& messages, OscCounters& counters) {
    if (isBundle(bytes)) {
        readBundle(bytes, depth, inBundle, messages, counters);
    } else {
        readMessage(bytes, inBundle, messages, counters);
    }
}

} // namespace

std::size_t readOscPacket(std::span<const std::uint8_t> datagram, std::vector<OscMessage>& messages,
                          OscCounters& counters) {
    ++counters.datagrams;
    const std::size_t before = messages.size();
    const std::uint64_t truncatedBefore = counters.truncated;
    if (isBundle(datagram)) {
        readBundle(datagram, 1, true, messages, counters);
    } else if (datagram.size() % 4 != 0) {
        ++counters.truncated; // an OSC packet is a multiple of 4 bytes
    } else {
        readMessage(datagram, false, messages, counters);
    }
    if (counters.truncated != truncatedBefore) {
        // A datagram cut short is dropped whole: half a frame's bones would mix with the last.
        counters.messages -= messages.size() - before;
        messages.resize(before);
    }
    return messages.size() - before;
}

} // namespace bvh::live
