// How diagnostics are formatted, quoted, ordered and counted (core/model/diagnostic.h).
#include "core/model/diagnostic.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {
namespace {

// [SECTION] formatDiagnostic

TEST(Diagnostic, ErrorsAndWarningsHaveTheEditorShape) {
    EXPECT_EQ(formatDiagnostic("walk.bvh", {Severity::Error, 12, 5, "expected '{'"}),
              "walk.bvh:12:5: error: expected '{'");
    EXPECT_EQ(formatDiagnostic("walk.bvh", {Severity::Warning, 7, 1, "frame time assumed"}),
              "walk.bvh:7:1: warning: frame time assumed");
}

TEST(Diagnostic, LineZeroHasNoLocationEvenWithAColumn) {
    EXPECT_EQ(formatDiagnostic("run.bvh", {Severity::Error, 0, 0, "cannot open"}),
              "run.bvh: error: cannot open");
    // The column means nothing without a line: it is not printed either.
    EXPECT_EQ(formatDiagnostic("run.bvh", {Severity::Warning, 0, 9, "cancelled"}),
              "run.bvh: warning: cancelled");
}

TEST(Diagnostic, ColumnZeroOnALineIsWrittenAsZero) {
    EXPECT_EQ(formatDiagnostic("f.bvh", {Severity::Error, 3, 0, "m"}), "f.bvh:3:0: error: m");
}

TEST(Diagnostic, MissingFileNameLeavesTheRestAsItIs) {
    EXPECT_EQ(formatDiagnostic("", {Severity::Error, 3, 4, "bad"}), ":3:4: error: bad");
    EXPECT_EQ(formatDiagnostic("", {Severity::Warning, 0, 0, "odd"}), ": warning: odd");
}

TEST(Diagnostic, DefaultDiagnosticIsAnErrorWithNoPlace) {
    const Diagnostic diagnostic;
    EXPECT_EQ(diagnostic.severity, Severity::Error);
    EXPECT_EQ(formatDiagnostic("x.bvh", diagnostic), "x.bvh: error: ");
}

TEST(Diagnostic, NumbersAreUnsignedDecimalAndNamesAndMessagesVerbatim) {
    EXPECT_EQ(formatDiagnostic("a.bvh", {Severity::Error, UINT32_MAX, UINT32_MAX, "far"}),
              "a.bvh:4294967295:4294967295: error: far");
    // A name with colons and spaces, a message with printf escapes and a colon: untouched.
    EXPECT_EQ(formatDiagnostic("C:/mo cap/a:b.bvh", {Severity::Warning, 10, 20, "%s: 100%"}),
              "C:/mo cap/a:b.bvh:10:20: warning: %s: 100%");
}

// [SECTION] quotedForMessage

TEST(Diagnostic, QuotedTextIsInSingleQuotes) {
    EXPECT_EQ(quotedForMessage(""), "''");
    EXPECT_EQ(quotedForMessage("Hips"), "'Hips'");
    EXPECT_EQ(quotedForMessage("a b'c"), "'a b'c'"); // quotes inside are not escaped
}

TEST(Diagnostic, QuotedTextStopsAfterFortyCharacters) {
    const std::string forty(40, 'x');
    EXPECT_EQ(quotedForMessage(forty), "'" + forty + "'");
    EXPECT_EQ(quotedForMessage(forty + "y"), "'" + forty + "...'");
    EXPECT_EQ(quotedForMessage(std::string(5000, 'z')), "'" + std::string(40, 'z') + "...'");
}

TEST(Diagnostic, QuotedTextCountsCharactersNotBytes) {
    std::string fortyAccents;
    for (int i = 0; i < 40; ++i) {
        fortyAccents += "\xc3\xa9"; // é, two bytes
    }
    EXPECT_EQ(quotedForMessage(fortyAccents), "'" + fortyAccents + "'");
    EXPECT_EQ(quotedForMessage(fortyAccents + "e"), "'" + fortyAccents + "...'");
    // An escaped byte is one character too: forty escapes, then the cut.
    std::string escapes;
    for (int i = 0; i < 40; ++i) {
        escapes += "\\x01";
    }
    EXPECT_EQ(quotedForMessage(std::string(41, '\x01')), "'" + escapes + "...'");
}

TEST(Diagnostic, QuotedTextEscapesControlCharactersInLowercaseHex) {
    using namespace std::string_view_literals;
    EXPECT_EQ(quotedForMessage("a\tb"), "'a\\x09b'");
    EXPECT_EQ(quotedForMessage("\x1b[31mred"), "'\\x1b[31mred'"); // no terminal escapes
    EXPECT_EQ(quotedForMessage("line\r\n"), "'line\\x0d\\x0a'");
    EXPECT_EQ(quotedForMessage("a\0b"sv), "'a\\x00b'"); // a NUL does not end the text
    EXPECT_EQ(quotedForMessage("\x7f"), "'\\x7f'");
    EXPECT_EQ(quotedForMessage(" ~"), "' ~'"); // the printable edges stay
}

TEST(Diagnostic, QuotedTextKeepsValidUtf8) {
    EXPECT_EQ(quotedForMessage("\xc2\x80"), "'\xc2\x80'");                 // U+0080, shortest 2
    EXPECT_EQ(quotedForMessage("\xe2\x82\xac"), "'\xe2\x82\xac'");         // €
    EXPECT_EQ(quotedForMessage("\xed\x9f\xbf"), "'\xed\x9f\xbf'");         // U+D7FF
    EXPECT_EQ(quotedForMessage("\xf0\x9f\x98\x80"), "'\xf0\x9f\x98\x80'"); // U+1F600
    EXPECT_EQ(quotedForMessage("\xf4\x8f\xbf\xbf"), "'\xf4\x8f\xbf\xbf'"); // U+10FFFF
}

TEST(Diagnostic, QuotedTextEscapesEachByteOfInvalidUtf8) {
    EXPECT_EQ(quotedForMessage("\x80"), "'\\x80'");                   // stray continuation
    EXPECT_EQ(quotedForMessage("\xc0\x80"), "'\\xc0\\x80'");          // overlong NUL
    EXPECT_EQ(quotedForMessage("\xc1\xbf"), "'\\xc1\\xbf'");          // overlong
    EXPECT_EQ(quotedForMessage("\xe0\x80\xaf"), "'\\xe0\\x80\\xaf'"); // overlong '/'
    EXPECT_EQ(quotedForMessage("\xed\xa0\x80"), "'\\xed\\xa0\\x80'"); // surrogate
    EXPECT_EQ(quotedForMessage("\xf0\x8f\xbf\xbf"), "'\\xf0\\x8f\\xbf\\xbf'");
    EXPECT_EQ(quotedForMessage("\xf4\x90\x80\x80"), "'\\xf4\\x90\\x80\\x80'"); // past U+10FFFF
    EXPECT_EQ(quotedForMessage("\xf5\x80"), "'\\xf5\\x80'");
    EXPECT_EQ(quotedForMessage("\xff"), "'\\xff'");
}

TEST(Diagnostic, QuotedTextEscapesASequenceCutShortButKeepsWhatFollows) {
    EXPECT_EQ(quotedForMessage("\xe2\x82"), "'\\xe2\\x82'"); // text ends mid-character
    EXPECT_EQ(quotedForMessage("\xc3"
                               "A"),
              "'\\xc3A'"); // an ASCII byte interrupts it
    EXPECT_EQ(quotedForMessage("\xe2\x82"
                               "x\xc3\xa9"),
              "'\\xe2\\x82x\xc3\xa9'");
}

// [SECTION] sortByPlace

std::vector<std::string> messagesOf(const std::vector<Diagnostic>& diagnostics) {
    std::vector<std::string> messages;
    for (const Diagnostic& diagnostic : diagnostics) {
        messages.push_back(diagnostic.message);
    }
    return messages;
}

TEST(Diagnostic, SortByPlaceOrdersByLineThenColumn) {
    std::vector<Diagnostic> diagnostics = {
        {Severity::Error, 10, 2, "10:2"},
        {Severity::Warning, 2, 30, "2:30"},
        {Severity::Warning, 10, 1, "10:1"},
        {Severity::Error, 2, 4, "2:4"},
        {Severity::Warning, 1, UINT32_MAX, "1:max"}, // a huge column stays on its line
        {Severity::Warning, 3, 1, "3:1"},
    };
    sortByPlace(diagnostics);
    EXPECT_EQ(messagesOf(diagnostics),
              (std::vector<std::string>{"1:max", "2:4", "2:30", "3:1", "10:1", "10:2"}));
}

TEST(Diagnostic, SortByPlacePutsDiagnosticsWithNoPlaceLast) {
    std::vector<Diagnostic> diagnostics = {
        {Severity::Error, 0, 0, "cannot read"},
        {Severity::Warning, 900, 3, "900:3"},
        {Severity::Error, 0, 0, "cancelled"},
        {Severity::Warning, 1, 1, "1:1"},
    };
    sortByPlace(diagnostics);
    EXPECT_EQ(messagesOf(diagnostics),
              (std::vector<std::string>{"1:1", "900:3", "cannot read", "cancelled"}));
}

TEST(Diagnostic, SortByPlaceKeepsTheOrderOfDiagnosticsAtOnePlace) {
    std::vector<Diagnostic> diagnostics = {
        {Severity::Warning, 5, 5, "third"}, {Severity::Error, 5, 5, "fourth"},
        {Severity::Warning, 4, 1, "first"}, {Severity::Warning, 5, 5, "fifth"},
        {Severity::Error, 4, 1, "second"},
    };
    sortByPlace(diagnostics);
    EXPECT_EQ(messagesOf(diagnostics),
              (std::vector<std::string>{"first", "second", "third", "fourth", "fifth"}));
}

TEST(Diagnostic, SortByPlaceIsStableForManyDiagnostics) {
    // Enough of them that std::sort would partition rather than insertion-sort: the reader
    // can report hundreds of warnings at a few places (a row's bad values, one per column).
    std::vector<Diagnostic> diagnostics;
    for (int i = 0; i < 60; ++i) {
        const auto line = static_cast<std::uint32_t>(3 - i % 3); // lines 3, 2, 1, 3, 2, 1...
        diagnostics.push_back({Severity::Warning, line, 7, std::to_string(i)});
    }
    sortByPlace(diagnostics);
    std::vector<std::string> expected;
    for (int first :
         {2, 1, 0}) { // line 1 holds i = 2, 5, 8...; line 2 i = 1, 4...; line 3 i = 0...
        for (int i = first; i < 60; i += 3) {
            expected.push_back(std::to_string(i));
        }
    }
    EXPECT_EQ(messagesOf(diagnostics), expected);
}

TEST(Diagnostic, SortByPlaceOfNothingOrOneIsNothingOrOne) {
    std::vector<Diagnostic> none;
    sortByPlace(none);
    EXPECT_TRUE(none.empty());
    std::vector<Diagnostic> one = {{Severity::Warning, 8, 2, "only"}};
    sortByPlace(one);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].message, "only");
    EXPECT_EQ(one[0].severity, Severity::Warning);
    EXPECT_EQ(one[0].line, 8u);
    EXPECT_EQ(one[0].column, 2u);
}

// [SECTION] Counting

TEST(Diagnostic, NoDiagnosticsMeansNoErrorsAndNoWarnings) {
    EXPECT_FALSE(hasErrors({}));
    EXPECT_EQ(countWarnings({}), 0u);
}

TEST(Diagnostic, WarningsAloneAreNotErrors) {
    const std::vector<Diagnostic> warnings = {{Severity::Warning, 1, 1, "a"},
                                              {Severity::Warning, 2, 1, "b"},
                                              {Severity::Warning, 0, 0, "c"}};
    EXPECT_FALSE(hasErrors(warnings));
    EXPECT_EQ(countWarnings(warnings), 3u);
}

TEST(Diagnostic, OneErrorAnywhereIsEnough) {
    // The error is last: looking at the first diagnostic alone would miss it.
    const std::vector<Diagnostic> mixed = {{Severity::Warning, 1, 1, "a"},
                                           {Severity::Warning, 2, 1, "b"},
                                           {Severity::Error, 3, 1, "c"},
                                           {Severity::Warning, 4, 1, "d"}};
    EXPECT_TRUE(hasErrors(mixed));
    EXPECT_EQ(countWarnings(mixed), 3u); // errors are not counted as warnings
    // Only what the span covers counts.
    EXPECT_FALSE(hasErrors(std::span(mixed).first(2)));
    EXPECT_TRUE(hasErrors(std::span(mixed).subspan(2)));
    EXPECT_EQ(countWarnings(std::span(mixed).subspan(1, 2)), 1u);
}

TEST(Diagnostic, ErrorsAloneHaveNoWarnings) {
    const std::vector<Diagnostic> errors = {{Severity::Error, 0, 0, "a"},
                                            {Severity::Error, 9, 9, "b"}};
    EXPECT_TRUE(hasErrors(errors));
    EXPECT_EQ(countWarnings(errors), 0u);
}

} // namespace
} // namespace bvh
