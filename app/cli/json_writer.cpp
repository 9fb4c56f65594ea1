#include "app/cli/json_writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace bvhscope::cli {

namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 if it is not valid.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = lead >= 0xF0 && lead <= 0xF4   ? 4
                         : lead >= 0xE0                 ? 3
                         : lead >= 0xC2 && lead <= 0xDF ? 2
                                                        : 0;
    if (length == 0 || i + length > text.size()) {
        return 0;
    }
    for (std::size_t k = 1; k < length; ++k) {
        if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) {
            return 0;
        }
    }
    return length;
}

// A byte written as itself inside a JSON string: printable ASCII other than '"' and '\\'.
bool isPlainJsonByte(unsigned char c) {
    return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

} // namespace

void JsonWriter::put(std::string_view text) {
    if (text_ != nullptr) {
        text_->append(text);
    } else {
        out_->write(text.data(), static_cast<std::streamsize>(text.size()));
    }
}

bool JsonWriter::commaDue() {
    if (afterKey_) {
        afterKey_ = false;
        return false;
    }
    if (first_.empty()) {
        return false;
    }
    const bool due = !first_.back();
    first_.back() = false;
    return due;
}

void JsonWriter::separate() {
    if (commaDue()) {
        put(',');
    }
}

void JsonWriter::writeQuoted(std::string_view text, bool comma, bool colon) {
    constexpr std::size_t kShort = 64;
    const bool plain = text.size() <= kShort && std::ranges::all_of(text, [](char c) {
                           return isPlainJsonByte(static_cast<unsigned char>(c));
                       });
    if (!plain) {
        if (comma) {
            put(',');
        }
        writeString(text);
        if (colon) {
            put(':');
        }
        return;
    }
    char buffer[kShort + 4];
    std::size_t length = 0;
    buffer[length] = ',';
    length += comma ? 1 : 0;
    buffer[length++] = '"';
    std::memcpy(buffer + length, text.data(), text.size());
    length += text.size();
    buffer[length++] = '"';
    buffer[length] = ':';
    length += colon ? 1 : 0;
    put(std::string_view(buffer, length));
}

void JsonWriter::writeNumber(bool comma, const auto& number) {
    char buffer[40];
    buffer[0] = ',';
    char* const start = buffer + (comma ? 1 : 0);
    const auto [end, error] = std::to_chars(start, buffer + sizeof buffer, number);
    put(std::string_view(buffer, static_cast<std::size_t>(end - buffer)));
}

void JsonWriter::beginObject() {
    separate();
    put('{');
    first_.push_back(true);
}

void JsonWriter::endObject() {
    first_.pop_back();
    put('}');
}

void JsonWriter::beginArray() {
    separate();
    put('[');
    first_.push_back(true);
}

void JsonWriter::endArray() {
    first_.pop_back();
    put(']');
}

void JsonWriter::key(std::string_view name) {
    writeQuoted(name, commaDue(), true);
    afterKey_ = true;
}

void JsonWriter::value(std::string_view text) {
    writeQuoted(text, commaDue(), false);
}

void JsonWriter::value(double number) {
    if (!std::isfinite(number)) {
        separate();
        put("null");
        return;
    }
    writeNumber(commaDue(), number);
}

void JsonWriter::value(std::int64_t number) {
    writeNumber(commaDue(), number);
}

void JsonWriter::value(bool flag) {
    separate();
    put(flag ? "true" : "false");
}

void JsonWriter::null() {
    separate();
    put("null");
}

void JsonWriter::writeString(std::string_view text) {
    put('"');
    for (std::size_t i = 0; i < text.size(); ++i) {
        // A run of bytes that go out as they are, in one write: names and paths are mostly that,
        // and a write per byte to a stdio-synced std::cout costs a call each.
        std::size_t plainEnd = i;
        while (plainEnd < text.size() &&
               isPlainJsonByte(static_cast<unsigned char>(text[plainEnd]))) {
            ++plainEnd;
        }
        if (plainEnd > i) {
            put(text.substr(i, plainEnd - i));
            i = plainEnd - 1;
            continue;
        }
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '"' || c == '\\') {
            put('\\');
            put(static_cast<char>(c));
        } else if (c == '\n') {
            put("\\n");
        } else if (c == '\t') {
            put("\\t");
        } else if (c == '\r') {
            put("\\r");
        } else if (c < 0x20) {
            static constexpr char kHex[] = "0123456789abcdef";
            put("\\u00");
            put(kHex[c >> 4]);
            put(kHex[c & 15]);
        } else if (c < 0x80) {
            put(static_cast<char>(c));
        } else if (std::size_t length = utf8SequenceLength(text, i); length > 0) {
            put(text.substr(i, length));
            i += length - 1;
        } else {
            put("\\ufffd");
        }
    }
    put('"');
}

} // namespace bvhscope::cli
