// A minimal streaming JSON writer for `--json` output: objects, arrays, strings, numbers.
// Strings are escaped per RFC 8259; bytes that are not valid UTF-8 (names from old exporters)
// are written as U+FFFD so the output always parses.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::cli {

class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out) : out_(&out) {}
    // Appends to `text` instead: for a caller that writes the text out in one piece (`info`'s
    // page per file), where each write to a stream was a call with its sentry.
    explicit JsonWriter(std::string& text) : text_(&text) {}

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view name);
    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    void value(double number);
    void value(std::int64_t number);
    void value(std::uint64_t number) { value(static_cast<std::int64_t>(number)); }
    void value(std::uint32_t number) { value(static_cast<std::int64_t>(number)); }
    void value(int number) { value(static_cast<std::int64_t>(number)); }
    void value(bool flag);
    void null();

private:
    // Whether a comma goes before the next element (none after a key or first in a container);
    // notes that one was written. separate() writes it.
    bool commaDue();
    void separate();
    // The element with its comma (where `comma`) and, after a key, its colon: short plain
    // strings (keys, axis and unit names) and numbers in one write to the stream, each of whose
    // writes and inserted characters is a call with its sentry (about 600 instructions a key).
    void writeQuoted(std::string_view text, bool comma, bool colon);
    void writeNumber(bool comma, const auto& number);
    void writeString(std::string_view text);
    // To the string or the stream given.
    void put(std::string_view text);
    void put(char c) { put(std::string_view(&c, 1)); }

    std::ostream* out_ = nullptr;
    std::string* text_ = nullptr;
    std::vector<bool> first_; // per open container: no element written yet
    bool afterKey_ = false;
};

} // namespace bvhscope::cli
