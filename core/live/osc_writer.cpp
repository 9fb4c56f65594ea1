#include "core/live/osc_writer.h"

#include <bit>

namespace bvh::live {
namespace {

void appendBigEndian32(OscBytes& bytes, std::uint32_t value) {
    bytes.push_back(static_cast<std::uint8_t>(value >> 24));
    bytes.push_back(static_cast<std::uint8_t>(value >> 16));
    bytes.push_back(static_cast<std::uint8_t>(value >> 8));
    bytes.push_back(static_cast<std::uint8_t>(value));
}

void padToFour(OscBytes& bytes) {
    while (bytes.size() % 4 != 0) {
        bytes.push_back(0);
    }
}

void appendOscString(OscBytes& bytes, std::string_view text) {
    bytes.insert(bytes.end(), text.begin(), text.end());
    bytes.push_back(0);
    padToFour(bytes);
}

void appendArgument(OscBytes& bytes, const OscArgument& argument) {
    switch (argument.type) {
    case 'i':
        appendBigEndian32(bytes, static_cast<std::uint32_t>(argument.integer));
        break;
    case 'f':
        appendBigEndian32(bytes, std::bit_cast<std::uint32_t>(argument.number));
        break;
    case 's':
    case 'S':
        appendOscString(bytes, argument.text);
        break;
    case 'b':
        appendBigEndian32(bytes, static_cast<std::uint32_t>(argument.blob.size()));
        bytes.insert(bytes.end(), argument.blob.begin(), argument.blob.end());
        padToFour(bytes);
        break;
    default:
        break; // tags of no bytes
    }
}

} // namespace

OscBytes writeOscMessage(std::string_view address, std::span<const OscArgument> arguments) {
    OscBytes bytes;
    appendOscString(bytes, address);
    std::string tags = ",";
    for (const OscArgument& argument : arguments) {
        tags.push_back(argument.type);
    }
    appendOscString(bytes, tags);
    for (const OscArgument& argument : arguments) {
        appendArgument(bytes, argument);
    }
    return bytes;
}

OscBytes writeOscBundle(std::span<const OscBytes> elements) {
    OscBytes bytes;
    appendOscString(bytes, "#bundle");
    appendBigEndian32(bytes, 0); // time tag 1: "immediately"
    appendBigEndian32(bytes, 1);
    for (const OscBytes& element : elements) {
        appendBigEndian32(bytes, static_cast<std::uint32_t>(element.size()));
        bytes.insert(bytes.end(), element.begin(), element.end());
    }
    return bytes;
}

OscArgument oscString(std::string_view text) {
    OscArgument argument;
    argument.type = 's';
    argument.text = std::string(text);
    return argument;
}

OscArgument oscFloat(float value) {
    OscArgument argument;
    argument.type = 'f';
    argument.number = value;
    return argument;
}

OscArgument oscInt(std::int32_t value) {
    OscArgument argument;
    argument.type = 'i';
    argument.integer = value;
    return argument;
}

} // namespace bvh::live
