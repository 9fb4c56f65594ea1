// JsonWriter's output, byte for byte: commas between elements and none after a key, strings
// escaped per RFC 8259 (short plain ones and numbers go out in one write with their comma).
#include "app/cli/json_writer.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <sstream>
#include <string>

namespace bvhscope::cli {
namespace {

TEST(JsonWriter, SeparatesElementsAndKeysAsJsonDoes) {
    std::ostringstream out;
    JsonWriter json(out);
    json.beginArray();
    json.beginObject();
    json.key("joints");
    json.value(std::uint64_t{31});
    json.key("frame_time");
    json.value(0.008333);
    json.key("offset");
    json.value(std::int64_t{-12});
    json.key("lift");
    json.value(std::numeric_limits<double>::quiet_NaN());
    json.key("up");
    json.value("+Y");
    json.key("roots");
    json.beginArray();
    json.value("Hips");
    json.value(true);
    json.null();
    json.endArray();
    json.endObject();
    json.value(-0.5);
    json.endArray();
    EXPECT_EQ(out.str(), R"([{"joints":31,"frame_time":0.008333,"offset":-12,"lift":null,)"
                         R"("up":"+Y","roots":["Hips",true,null]},-0.5])");
}

TEST(JsonWriter, EscapesStringsShortAndLong) {
    std::ostringstream out;
    JsonWriter json(out);
    const std::string longPlain(70, 'a');
    json.beginObject();
    json.key("say \"hi\"\\");
    json.value(std::string_view("tab\there\nnew\x01 caf\xc3\xa9 bad\xff"));
    json.key(longPlain);
    json.value(longPlain + "\"");
    json.endObject();
    EXPECT_EQ(out.str(),
              "{\"say \\\"hi\\\"\\\\\":\"tab\\there\\nnew\\u0001 caf\xc3\xa9 bad\\ufffd\",\"" +
                  longPlain + "\":\"" + longPlain + "\\\"\"}");
}

// A writer given a string appends to it what a writer given a stream writes, escapes and all
// (`info --json` gathers each file's JSON in one).
TEST(JsonWriter, AppendsToAStringWhatItWritesToAStream) {
    auto write = [](JsonWriter& json) {
        json.beginArray();
        json.beginObject();
        json.key("file");
        json.value(std::string_view("a \"b\".bvh\n\xff"));
        json.key("frames");
        json.value(std::uint64_t{120});
        json.key("height");
        json.value(1.75);
        json.key("facing");
        json.null();
        json.endObject();
        json.value(false);
        json.endArray();
    };
    std::ostringstream out;
    JsonWriter toStream(out);
    write(toStream);
    std::string text = "kept:";
    JsonWriter toString(text);
    write(toString);
    EXPECT_EQ(out.str(), R"([{"file":"a \"b\".bvh\n\ufffd","frames":120,"height":1.75,)"
                         R"("facing":null},false])");
    EXPECT_EQ(text, "kept:" + out.str());
}

} // namespace
} // namespace bvhscope::cli
