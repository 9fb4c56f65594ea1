// utf8_path on Windows: UTF-8 text to UTF-16 names and back, malformed input on either side
// becoming U+FFFD instead of an exception (libstdc++'s own conversions throw on it).
#include "core/platform/utf8_path.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

const std::string kReplacement = "\xEF\xBF\xBD"; // U+FFFD in UTF-8

TEST(Utf8PathWindows, TheNativeNameHasOneCodeUnitPerCharacter) {
    EXPECT_EQ(pathFromUtf8("Zo\xC3\xAB").native(), std::wstring(L"Zo\u00EB")); // Z, o, ë
    // Outside the Basic Multilingual Plane: one character, two UTF-16 units, four UTF-8 bytes.
    const std::string clef = "\xF0\x9D\x84\x9E"; // U+1D11E
    EXPECT_EQ(pathFromUtf8(clef).native(), std::wstring(L"\xD834\xDD1E"));
    EXPECT_EQ(utf8FromPath(pathFromUtf8(clef)), clef);
}

TEST(Utf8PathWindows, BytesThatAreNotUtf8BecomeReplacementCharacters) {
    const std::filesystem::path path = pathFromUtf8("a\x80"
                                                    "b\xFF"
                                                    "c");
    EXPECT_EQ(path.native(), std::wstring(L"a\uFFFDb\uFFFDc"));
    EXPECT_EQ(utf8FromPath(path), "a" + kReplacement + "b" + kReplacement + "c");
}

TEST(Utf8PathWindows, AnUnpairedSurrogateInANameBecomesAReplacementCharacter) {
    // NTFS accepts any 16-bit units in a name, so a folder listing can hand one over.
    std::wstring name = L"take";
    name += static_cast<wchar_t>(0xD800);
    name += L".bvh";
    EXPECT_EQ(utf8FromPath(std::filesystem::path(name)), "take" + kReplacement + ".bvh");
}

TEST(Utf8PathWindows, EmptyStaysEmpty) {
    EXPECT_TRUE(pathFromUtf8("").empty());
    EXPECT_EQ(utf8FromPath(std::filesystem::path()), "");
}

} // namespace
} // namespace bvh
