#include "app/cli/json_writer.h"

#include <charconv>
#include <cmath>

namespace bvhscope::cli {

void JsonWriter::separate() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) {
            out_ << ',';
        }
        first_.back() = false;
    }
}

void JsonWriter::beginObject() {
    separate();
    out_ << '{';
    first_.push_back(true);
}

void JsonWriter::endObject() {
    first_.pop_back();
    out_ << '}';
}

void JsonWriter::beginArray() {
    separate();
    out_ << '[';
    first_.push_back(true);
}

void JsonWriter::endArray() {
    first_.pop_back();
    out_ << ']';
}

void JsonWriter::key(std::string_view name) {
    separate();
    writeString(name);
    out_ << ':';
    afterKey_ = true;
}

void JsonWriter::value(std::string_view text) {
    separate();
    writeString(text);
}

void JsonWriter::value(double number) {
    separate();
    if (!std::isfinite(number)) {
        out_ << "null";
        return;
    }
    char buffer[32];
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, number);
    out_.write(buffer, end - buffer);
}

void JsonWriter::value(std::int64_t number) {
    separate();
    out_ << number;
}

void JsonWriter::value(bool flag) {
    separate();
    out_ << (flag ? "true" : "false");
}

void JsonWriter::null() {
    separate();
    out_ << "null";
}

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

void JsonWriter::writeString(std::string_view text) {
    out_ << '"';
    for (std::size_t i = 0; i < text.size(); ++i) {
        // A run of bytes that go out as they are, in one write: names and paths are mostly that,
        // and a write per byte to a stdio-synced std::cout costs a call each.
        std::size_t plainEnd = i;
        while (plainEnd < text.size() &&
               isPlainJsonByte(static_cast<unsigned char>(text[plainEnd]))) {
            ++plainEnd;
        }
        if (plainEnd > i) {
            out_.write(text.data() + i, static_cast<std::streamsize>(plainEnd - i));
            i = plainEnd - 1;
            continue;
        }
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '"' || c == '\\') {
            out_ << '\\' << static_cast<char>(c);
        } else if (c == '\n') {
            out_ << "\\n";
        } else if (c == '\t') {
            out_ << "\\t";
        } else if (c == '\r') {
            out_ << "\\r";
        } else if (c < 0x20) {
            static constexpr char kHex[] = "0123456789abcdef";
            out_ << "\\u00" << kHex[c >> 4] << kHex[c & 15];
        } else if (c < 0x80) {
            out_ << static_cast<char>(c);
        } else if (std::size_t length = utf8SequenceLength(text, i); length > 0) {
            out_.write(text.data() + i, static_cast<std::streamsize>(length));
            i += length - 1;
        } else {
            out_ << "\\ufffd";
        }
    }
    out_ << '"';
}

} // namespace bvhscope::cli
