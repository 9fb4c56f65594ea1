// A minimal streaming JSON writer for `--json` output: objects, arrays, strings, numbers.
// Strings are escaped per RFC 8259; bytes that are not valid UTF-8 (names from old exporters)
// are written as U+FFFD so the output always parses.
#pragma once

#include <cstdint>
#include <ostream>
#include <string_view>
#include <vector>

namespace bvhscope::cli {

class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out) : out_(out) {}

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
    void separate();
    void writeString(std::string_view text);

    std::ostream& out_;
    std::vector<bool> first_; // per open container: no element written yet
    bool afterKey_ = false;
};

} // namespace bvhscope::cli
