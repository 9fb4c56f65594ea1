// Inputs from broken tools and from the internet: each gives a diagnostic with line and
// column, or loads with warnings; never a crash, a hang, or memory sized by a declared count.
#include "core/reader/document.h"
#include "tests/core/document_invariants.h"
#include "tests/core/test_support.h"
#include "tests/support/bvh_texts.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace bvh {
namespace {

using test::describeDiagnostics;
using test::documentInvariantViolation;
using test::findDiagnostic;

using test::kTwoJointBvh;

std::filesystem::path temporaryFile(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("bvhscope_hostile_" + std::to_string(::getpid()) + "_" + name);
}

TEST(HostileInputs, TruncatedAtEveryByteOffset) {
    for (std::size_t length = 0; length <= kTwoJointBvh.size(); ++length) {
        const Document document = parseDocument(kTwoJointBvh.substr(0, length));
        ASSERT_EQ(documentInvariantViolation(document), "") << "prefix of " << length << " bytes";
        if (!document.loaded()) {
            ASSERT_FALSE(document.diagnostics.empty());
            const Diagnostic& error = document.diagnostics.back();
            EXPECT_GE(error.line, 1u) << length;
            EXPECT_GE(error.column, 1u) << length;
        }
    }
    // Once the hierarchy is complete, every longer prefix loads (a cut row is a short row).
    const std::size_t hierarchyEnd = kTwoJointBvh.find("MOTION") + 6;
    for (std::size_t length = hierarchyEnd; length <= kTwoJointBvh.size(); ++length) {
        EXPECT_TRUE(parseDocument(kTwoJointBvh.substr(0, length)).loaded()) << length;
    }
}

TEST(HostileInputs, InvalidUtf8InNamesIsKeptAsBytes) {
    std::string text(kTwoJointBvh);
    text.replace(text.find("Spine"), 5,
                 "Sp\xff\xfe"
                 "ine\xc3");
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.skeleton.names[1], "Sp\xff\xfe"
                                          "ine\xc3");
}

TEST(HostileInputs, DuplicateJointNamesLoadWithAWarning) {
    std::string text(kTwoJointBvh);
    text.replace(text.find("Spine"), 5, "Hips");
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    const Diagnostic* warning =
        findDiagnostic(document, Severity::Warning, "duplicate joint name 'Hips'");
    ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(warning->line, 6u);
    EXPECT_NE(warning->message.find("first used at line 2"), std::string::npos);
}

TEST(HostileInputs, NulBytesAndControlCharactersAreErrorsNotCrashes) {
    std::string text(kTwoJointBvh);
    text[text.find("OFFSET 0 10")] = '\0';
    const Document document = parseDocument(text);
    EXPECT_FALSE(document.loaded());
    EXPECT_EQ(documentInvariantViolation(document), "");
}

TEST(HostileInputs, VeryLongMotionLineIsOneLongRow) {
    // A 64 MB single line of values: read whole (memory follows the content), one frame with
    // the extra values reported, nothing sized by the line.
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "too slow under AddressSanitizer; runs in the plain build";
#endif
    const auto path = temporaryFile("long_line.bvh");
    {
        std::ofstream out(path, std::ios::binary);
        out << kTwoJointBvh.substr(0, kTwoJointBvh.find("\n1 2 3 4") + 1);
        const std::string chunk = [] {
            std::string values;
            for (int i = 0; i < 1024; ++i) {
                values += "1.5 ";
            }
            return values;
        }();
        for (int i = 0; i < 16 * 1024; ++i) {
            out << chunk;
        }
        out << "\n";
    }
    const Document document = loadDocument(path);
    std::filesystem::remove(path);
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.motion.frameCount, 1u);
    EXPECT_EQ(document.motion.values.size(), 9u);
    EXPECT_NE(findDiagnostic(document, Severity::Warning, "frame 0 has 16777216 values"), nullptr);
}

TEST(HostileInputs, FileThatShrinksWhileLoadingIsAnError) {
    const auto path = temporaryFile("shrinking.bvh");
    std::string text(kTwoJointBvh);
    for (int i = 0; i < 2000; ++i) {
        text += "10 20 30 40 50 60 70 80 90\n";
    }
    std::ofstream(path, std::ios::binary) << text;
    ParseOptions options;
    options.blockBytesPerThread = 256;
    options.onHeaderReady = [&] { std::filesystem::resize_file(path, text.size() / 2); };
    const Document document = loadDocument(path, options);
    std::filesystem::remove(path);
    EXPECT_FALSE(document.loaded());
    EXPECT_NE(findDiagnostic(document, Severity::Error, "changed while it was being read"), nullptr)
        << describeDiagnostics(document);
    EXPECT_EQ(documentInvariantViolation(document), "");
}

TEST(HostileInputs, FileThatDisappearsWhileLoadingStillReadsConsistently) {
    // Removing a file only unlinks its name: the open file reads to the end, as it was.
    const auto path = temporaryFile("vanishing.bvh");
    std::ofstream(path, std::ios::binary) << kTwoJointBvh;
    ParseOptions options;
    options.onHeaderReady = [&] { std::filesystem::remove(path); };
    const Document document = loadDocument(path, options);
    EXPECT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.motion.frameCount, 2u);
}

TEST(HostileInputs, ADirectoryIsRefused) {
    // Devices, pipes and sockets: posix/ and windows/special_files_*_test.cpp.
    const Document directory = loadDocument(std::filesystem::temp_directory_path());
    ASSERT_FALSE(directory.loaded());
    ASSERT_EQ(directory.diagnostics.size(), 1u);
    EXPECT_EQ(directory.diagnostics.front().message, "is a directory, not a BVH file");
}

} // namespace
} // namespace bvh
