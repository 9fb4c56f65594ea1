// Structural errors: the file does not load, and the message says where and why.
#include "core/reader/document.h"
#include "tests/core/test_support.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

using test::describeDiagnostics;

struct ErrorCase {
    const char* name;
    std::string text;
    std::uint32_t line;
    std::uint32_t column;
    const char* fragment;
};

void PrintTo(const ErrorCase& c, std::ostream* out) {
    *out << c.name;
}

class HierarchyError : public testing::TestWithParam<ErrorCase> {};

TEST_P(HierarchyError, FailsWithLineColumnAndReason) {
    const ErrorCase& c = GetParam();
    Document document = parseDocument(c.text);
    EXPECT_FALSE(document.loaded());
    EXPECT_EQ(document.skeleton.nodeCount(), 0u) << "no partial skeleton on error";
    const Diagnostic* error = test::findDiagnostic(document, Severity::Error, c.fragment);
    ASSERT_NE(error, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(error->line, c.line) << describeDiagnostics(document);
    EXPECT_EQ(error->column, c.column) << describeDiagnostics(document);
}

const std::string kJointTail = "\tOFFSET 0 0 0\n\tCHANNELS 3 Zrotation Xrotation Yrotation\n";

INSTANTIATE_TEST_SUITE_P(
    Document, HierarchyError,
    testing::Values(
        ErrorCase{"EmptyFile", "", 1, 1, "empty file"},
        ErrorCase{"WhitespaceOnly", "  \n\t\n", 3, 1, "empty file"},
        ErrorCase{"NoHierarchyKeyword", "ROOT Hips\n{\n}\n", 1, 1, "expected HIERARCHY"},
        ErrorCase{"MotionRowsOnly", "0.1 0.2 0.3\n0.4 0.5 0.6\n", 1, 1, "expected HIERARCHY"},
        ErrorCase{"BinaryGarbage",
                  std::string("\x7f"
                              "ELF\x02\x01\x01",
                              7),
                  1, 1, "expected HIERARCHY"},
        ErrorCase{"HierarchyWithoutRoot", "HIERARCHY\n", 2, 1, "no ROOT"},
        ErrorCase{"UnclosedBrace", "HIERARCHY\nROOT Hips\n{\n" + kJointTail, 6, 1,
                  "not closed; the innermost '{' opened at line 3, column 1"},
        ErrorCase{"ExtraClosingBrace", "HIERARCHY\nROOT Hips\n{\n" + kJointTail + "}\n}\n", 7, 1,
                  "unmatched '}'"},
        ErrorCase{"MotionInsideJoint",
                  "HIERARCHY\nROOT Hips\n{\n" + kJointTail + "MOTION\nFrames: 0\n", 6, 1,
                  "still open"},
        ErrorCase{"ChannelCountLargerThanNames",
                  "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition Yposition\n"
                  "\tJOINT Spine\n",
                  5, 11, "declares 6 channels but only 2 channel names follow"},
        ErrorCase{"AbsurdChannelCount",
                  "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 2147483647 Xposition\n}\n",
                  5, 11, "declares 2147483647 channels but only 1"},
        ErrorCase{"NegativeChannelCount",
                  "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS -3 Xposition\n}\n", 5, 11,
                  "channel count"},
        ErrorCase{"OffsetWithTwoNumbers", "HIERARCHY\nROOT Hips\n{\n\tOFFSET 1 2\n}\n", 5, 1,
                  "OFFSET needs 3 numbers"},
        ErrorCase{"GarbageInJoint",
                  "HIERARCHY\nROOT Hips\n{\n" + kJointTail + "\tbanana 1 2 3\n}\n", 6, 2,
                  "unexpected 'banana'"},
        ErrorCase{"MissingOpeningBrace", "HIERARCHY\nROOT Hips\n\tOFFSET 0 0 0\n}\n", 3, 2,
                  "expected '{' after 'Hips'"},
        ErrorCase{"EndWithoutSite", "HIERARCHY\nROOT Hips\n{\n" + kJointTail + "\tEnd Effector\n",
                  6, 6, "expected 'Site'"},
        ErrorCase{"ChannelsInEndSite",
                  "HIERARCHY\nROOT Hips\n{\n" + kJointTail +
                      "\tEnd Site\n\t{\n\t\tCHANNELS 1 Xrotation\n\t}\n}\n",
                  8, 3, "End Site cannot have CHANNELS"},
        ErrorCase{"SecondChannelsLine",
                  "HIERARCHY\nROOT Hips\n{\n" + kJointTail + "\tCHANNELS 1 Xrotation\n}\n", 6, 2,
                  "second CHANNELS"}),
    [](const testing::TestParamInfo<ErrorCase>& info) { return std::string(info.param.name); });

TEST(HierarchyWarnings, MissingOffsetAndChannelsAreRepairedWithWarnings) {
    Document document = parseDocument("HIERARCHY\nROOT Hips\n{\n\tJOINT Spine\n\t{\n\t}\n}\n");
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.skeleton.nodeCount(), 2u);
    EXPECT_NE(test::findDiagnostic(document, Severity::Warning, "'Spine' has no OFFSET"), nullptr);
    EXPECT_NE(test::findDiagnostic(document, Severity::Warning, "'Hips' has no CHANNELS"), nullptr);
}

} // namespace
} // namespace bvh

namespace bvh {
namespace {

TEST(HierarchyErrors, HugeOrFractionalChannelCountsAreErrors) {
    for (const char* count : {"1e300", "inf", "nan", "2.5", "1e15"}) {
        Document document = parseDocument(std::string("HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\n"
                                                      "CHANNELS ") +
                                          count + " Xposition\n}\n");
        EXPECT_FALSE(document.loaded()) << count;
        EXPECT_NE(test::findDiagnostic(document, Severity::Error, "channel count"), nullptr)
            << count;
    }
}

} // namespace
} // namespace bvh
