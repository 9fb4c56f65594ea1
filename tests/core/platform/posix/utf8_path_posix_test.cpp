// utf8_path on POSIX: file names are bytes, so the conversions copy them, whatever they are.
#include "core/platform/utf8_path.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

TEST(Utf8PathPosix, TheNativeNameIsTheUtf8Bytes) {
    const std::string zoe = "Zo\xC3\xAB"; // "Zoë"
    EXPECT_EQ(pathFromUtf8(zoe).native(), zoe);
}

TEST(Utf8PathPosix, BytesThatAreNotUtf8AreKeptBothWays) {
    // A lone continuation byte, a byte never valid in UTF-8, and a truncated three-byte sequence:
    // all legal in a Linux file name.
    const std::string bytes = "a\x80"
                              "b\xFF"
                              "c\xE3\x83";
    const std::filesystem::path path = pathFromUtf8(bytes);
    EXPECT_EQ(path.native(), bytes);
    EXPECT_EQ(utf8FromPath(path), bytes);
}

} // namespace
} // namespace bvh
