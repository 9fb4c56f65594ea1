// Files that are not BVH say what they look like (core/reader/content_sniffing.h), through the
// reader's first error.
#include "core/reader/content_sniffing.h"
#include "core/reader/document.h"

#include <gtest/gtest.h>
#include <string>

namespace {

using namespace std::string_literals;

std::string kindOf(const std::string& start) {
    const auto kind = bvh::recognizeNonBvhContent(start);
    return kind ? std::string(*kind) : std::string("(none)");
}

TEST(ContentSniffing, KnownSignatures) {
    EXPECT_EQ(kindOf("\x89PNG\r\n\x1a\n\0\0\0\rIHDR"s), "a PNG image");
    EXPECT_EQ(kindOf("\xFF\xD8\xFF\xE0\0\x10JFIF"s), "a JPEG image");
    EXPECT_EQ(kindOf("PK\x03\x04\x14\0\0\0"s), "a ZIP archive");
    EXPECT_EQ(kindOf("%PDF-1.7\n"), "a PDF document");
    EXPECT_EQ(kindOf("GIF89a\x01\0"s), "a GIF image");
    EXPECT_EQ(kindOf("\x1F\x8B\x08\0"s), "a gzip-compressed file (decompress it first)");
    EXPECT_EQ(kindOf("Kaydara FBX Binary  \0\x1a\0"s),
              "a binary FBX file (export BVH from the tool that made it)");
    EXPECT_EQ(kindOf("; FBX 7.4.0 project file\n"),
              "an ASCII FBX file (export BVH from the tool that made it)");
    EXPECT_EQ(kindOf("<?xml version=\"1.0\"?>\n<COLLADA"),
              "an XML file (a COLLADA .dae model, perhaps)");
    EXPECT_EQ(kindOf("\x02\x50\x01\x00"s), "a C3D motion capture file (convert it to BVH first)");
}

TEST(ContentSniffing, Utf16WithAndWithoutAByteOrderMark) {
    const std::string withMark = "\xFF\xFEH\0I\0E\0R\0A\0R\0C\0H\0Y\0"s;
    const std::string littleEndian = "H\0I\0E\0R\0A\0R\0C\0H\0Y\0"s;
    const std::string bigEndian = "\0H\0I\0E\0R\0A\0R\0C\0H\0Y"s;
    for (const std::string& text : {withMark, littleEndian, bigEndian}) {
        EXPECT_EQ(kindOf(text), "UTF-16 text (BVH files are ASCII or UTF-8; save it as UTF-8)");
    }
}

TEST(ContentSniffing, TextThatIsNotBvhIsLeftToTheUsualMessage) {
    EXPECT_EQ(kindOf("HIERACHY\nROOT Hips\n"), "(none)"); // a typo, not another format
    EXPECT_EQ(kindOf("ROOT Hips\n{\n"), "(none)");
    EXPECT_EQ(kindOf(""), "(none)");
    EXPECT_EQ(kindOf("\xEF\xBB\xBFHIERARCHY\n"), "(none)"); // a UTF-8 BOM is fine
}

TEST(ContentSniffing, TheReaderSaysWhatTheFileIs) {
    const bvh::Document png = bvh::parseDocument("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10"s);
    ASSERT_FALSE(png.loaded());
    ASSERT_FALSE(png.diagnostics.empty());
    EXPECT_EQ(png.diagnostics.front().message,
              "not a BVH file (it looks like a PNG image): expected HIERARCHY at the start");
    // An ordinary mistake keeps the precise message.
    const bvh::Document typo = bvh::parseDocument("HIERACHY\nROOT Hips\n{\n}\n");
    ASSERT_FALSE(typo.diagnostics.empty());
    EXPECT_EQ(typo.diagnostics.front().message,
              "expected HIERARCHY at the start of the file, found 'HIERACHY'");
}

} // namespace
