#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"
#include "tests/core/round_trip_invariants.h"
#include "tests/core/test_support.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/synthetic_clips.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

namespace bvh {
namespace {

// Two ROOTs, End Sites, a joint with no channels, an unknown channel, odd orders and numbers
// that need every digit (0.1 is not a float; 1e-7; -0).
constexpr const char* kOddFile = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0.1 -1.5e-7 123.456789012345
  CHANNELS 7 Xposition Yposition Zposition Yrotation Xrotation Zrotation Xscale
  JOINT Left Hand:01
  {
    OFFSET 1 2 3
    CHANNELS 0
    End Site
    {
      OFFSET 0 -0 0.3333333333333333
    }
  }
  JOINT Spine
  {
    OFFSET 0 10 0
    CHANNELS 3 Xrotation Yrotation Zrotation
    End Site
    {
      OFFSET 0 5 0
    }
  }
}
ROOT Prop
{
  OFFSET 5 0 0
  CHANNELS 3 Zrotation Xrotation Yrotation
  End Site
  {
    OFFSET 0 0 1
  }
}
MOTION
Frames: 3
Frame Time: .0083333333
0.1 0.2 0.3 179.99999 -0.000001 1e-30 1 3.14159265 2.7182818 1.41421356 90 -90 45
1 2 3 4 5 6 7 8 9 10 11 12 13
-1 -2 -3 -4 -5 -6 -7 -8 -9 -10 -11 -12 -13.000001
)";

void expectSameSkeletonAndMotion(const Document& a, const Document& b) {
    ASSERT_TRUE(b.loaded()) << test::describeDiagnostics(b);
    EXPECT_EQ(a.skeleton.names, b.skeleton.names);
    EXPECT_EQ(a.skeleton.parents, b.skeleton.parents);
    EXPECT_EQ(a.skeleton.offsets, b.skeleton.offsets); // bit for bit
    EXPECT_EQ(a.skeleton.isEndSite, b.skeleton.isEndSite);
    EXPECT_EQ(a.skeleton.channels, b.skeleton.channels);
    EXPECT_EQ(a.skeleton.channelNames, b.skeleton.channelNames);
    EXPECT_EQ(a.motion.frameCount, b.motion.frameCount);
    EXPECT_EQ(a.motion.values, b.motion.values); // bit for bit
    EXPECT_EQ(a.motion.frameTime, b.motion.frameTime);
    EXPECT_EQ(b.declaredFrameCount, std::optional<std::int64_t>(b.motion.frameCount));
}

TEST(FormatBvh, RoundTripsEveryNumberExactly) {
    const Document original = parseDocument(kOddFile);
    ASSERT_TRUE(original.loaded()) << test::describeDiagnostics(original);
    ASSERT_TRUE(validateForWriting(original.skeleton, original.motion).empty());
    const std::string text = formatBvh(original.skeleton, original.motion);
    const Document reread = parseDocument(text);
    expectSameSkeletonAndMotion(original, reread);
    EXPECT_EQ(formatBvh(reread.skeleton, reread.motion), text) << "writing is a fixed point";
}

TEST(FormatBvh, WritesTabsEndSitesAndTheFrameCount) {
    const Document original = parseDocument(kOddFile);
    const std::string text = formatBvh(original.skeleton, original.motion);
    EXPECT_NE(text.find("HIERARCHY\nROOT Hips\n{\n\tOFFSET 0.1 -1.5e-07 123.456789012345\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("\n\tJOINT Left Hand:01\n\t{\n"), std::string::npos);
    EXPECT_NE(text.find("\n\t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0 -0 0.3333333333333333\n\t\t}\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("CHANNELS 0\n"), std::string::npos);
    EXPECT_NE(text.find("\n}\nROOT Prop\n{\n"), std::string::npos);
    EXPECT_NE(text.find("MOTION\nFrames: 3\nFrame Time: 0.0083333333\n"), std::string::npos);
    EXPECT_EQ(text.find("    "), std::string::npos) << "tabs, never spaces";
    EXPECT_EQ(text.find("EndSite_"), std::string::npos);
}

TEST(FormatBvh, AComputedFrameTimeKeepsItsDigits) {
    Document document = parseDocument(kOddFile);
    document.motion.frameTime = 1.0 / 120.0;
    const std::string text = formatBvh(document.skeleton, document.motion);
    EXPECT_NE(text.find("Frame Time: 0.008333333333333333\n"), std::string::npos);
    EXPECT_EQ(parseDocument(text).motion.frameTime, 1.0 / 120.0);
}

TEST(FormatBvh, AnOrdinaryFileIsWrittenExactlyAsBefore) {
    // The whole text, byte for byte, as the writer produced it before indentation was capped:
    // depths below kMaxIndentDepth are indented one tab per level.
    const Document original = parseDocument(kOddFile);
    EXPECT_EQ(formatBvh(original.skeleton, original.motion),
              "HIERARCHY\n"
              "ROOT Hips\n{\n"
              "\tOFFSET 0.1 -1.5e-07 123.456789012345\n"
              "\tCHANNELS 7 Xposition Yposition Zposition Yrotation Xrotation Zrotation Xscale\n"
              "\tJOINT Left Hand:01\n\t{\n"
              "\t\tOFFSET 1 2 3\n"
              "\t\tCHANNELS 0\n"
              "\t\tEnd Site\n\t\t{\n"
              "\t\t\tOFFSET 0 -0 0.3333333333333333\n"
              "\t\t}\n"
              "\t}\n"
              "\tJOINT Spine\n\t{\n"
              "\t\tOFFSET 0 10 0\n"
              "\t\tCHANNELS 3 Xrotation Yrotation Zrotation\n"
              "\t\tEnd Site\n\t\t{\n"
              "\t\t\tOFFSET 0 5 0\n"
              "\t\t}\n"
              "\t}\n"
              "}\n"
              "ROOT Prop\n{\n"
              "\tOFFSET 5 0 0\n"
              "\tCHANNELS 3 Zrotation Xrotation Yrotation\n"
              "\tEnd Site\n\t{\n"
              "\t\tOFFSET 0 0 1\n"
              "\t}\n"
              "}\n"
              "MOTION\nFrames: 3\nFrame Time: 0.0083333333\n"
              "0.1 0.2 0.3 179.99998 -1e-06 1e-30 1 3.1415927 2.7182817 1.4142135 90 -90 45\n"
              "1 2 3 4 5 6 7 8 9 10 11 12 13\n"
              "-1 -2 -3 -4 -5 -6 -7 -8 -9 -10 -11 -12 -13.000001\n");
}

// The tabs in front of each line of `text`, in order.
std::vector<std::size_t> indentations(const std::string& text) {
    std::vector<std::size_t> tabs;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        std::size_t count = 0;
        while (start + count < end && text[start + count] == '\t') {
            ++count;
        }
        tabs.push_back(count);
        start = end + 1;
    }
    return tabs;
}

TEST(FormatBvh, IndentationStopsGrowingAtTheCap) {
    // 40 joints deep: each node adds a header, '{', OFFSET and CHANNELS line; levels up to
    // kMaxIndentDepth get one tab each, deeper ones the cap's.
    const test::SyntheticClip chain = test::makeChain(40, 1);
    const std::string text = formatBvh(chain.skeleton, chain.motion);
    const std::vector<std::size_t> tabs = indentations(text);
    const auto lineOf = [&](std::string_view line) {
        const std::size_t at = text.find(line);
        EXPECT_NE(at, std::string::npos) << line;
        return static_cast<std::size_t>(std::count(text.begin(), text.begin() + at, '\n'));
    };
    EXPECT_EQ(tabs[lineOf("JOINT J1\n")], 1u);
    EXPECT_EQ(tabs[lineOf("JOINT J31\n")], 31u);
    EXPECT_EQ(tabs[lineOf("JOINT J32\n")], kMaxIndentDepth);
    EXPECT_EQ(tabs[lineOf("JOINT J39\n")], kMaxIndentDepth);
    EXPECT_EQ(tabs[lineOf("JOINT J31\n") + 2], 32u) << "J31's OFFSET, one level in";
    EXPECT_EQ(*std::ranges::max_element(tabs), kMaxIndentDepth);
    EXPECT_EQ(tabs[lineOf("MOTION\n") - 1], 0u) << "the ROOT's closing brace";
    const Document reread = parseDocument(text);
    EXPECT_EQ(test::readBackDifference(chain.skeleton, chain.motion, reread), "");
}

TEST(ValidateForWriting, RefusesJointNamesThatDoNotReadBack) {
    struct BadName {
        std::string name;
        std::string_view why; // a fragment of the message
    };
    const std::vector<BadName> badNames = {
        {"", "empty"},
        {"Hi{ps", "'{'"},
        {"Hi}ps", "'}'"},
        {"{", "'{'"},
        {"Hi\nps", "line break"},
        {"Hi\r", "line break"},
        {"Hi\tps", "control characters"},
        {"Hips\t", "control characters"},
        {std::string("Hi\0ps", 5), "control characters"},
        {"Hi\x7Fps", "control characters"},
        {"\x0Bhips", "control characters"},
        {" Hips", "space"},
        {"Hips ", "space"},
    };
    const Document original = parseDocument(kOddFile);
    for (const BadName& bad : badNames) {
        SCOPED_TRACE(quotedName(bad.name));
        EXPECT_NE(jointNameProblem(bad.name).find(bad.why), std::string::npos)
            << jointNameProblem(bad.name);
        Skeleton renamed = original.skeleton;
        renamed.names[3] = bad.name; // Spine
        const std::vector<Diagnostic> problems = validateForWriting(renamed, original.motion);
        ASSERT_EQ(problems.size(), 1u);
        EXPECT_EQ(problems[0].severity, Severity::Error);
        EXPECT_EQ(problems[0].message,
                  "joint " + quotedName(bad.name) +
                      " (node 3) cannot be written: " + jointNameProblem(bad.name));
        EXPECT_EQ(problems[0].message.find_first_of("\r\n"), std::string::npos)
            << "the message stays on one line";
    }
}

TEST(ValidateForWriting, AcceptsEveryNameThatReadsBackAsItself) {
    const Document original = parseDocument(kOddFile);
    // Keyword spellings included: the name is the rest of the JOINT line, never a keyword, and
    // real files have them (MakeHuman's "ROOT Root", the bvh_anim crate's "JOINT End").
    for (const std::string name :
         {"Hips", "Left Hand", "mixamorig:Hips", "upperleg01.R", "Bip01 L Thigh", "Root", "End",
          "End Site", "MOTION", "JOINT", "Offset", "CHANNELS 3", "x", "\xC3\xA9paule", "\xFF\xFE",
          "a  b", "(Left)[1]", "#1;"}) {
        SCOPED_TRACE(quotedName(name));
        EXPECT_EQ(jointNameProblem(name), "");
        Skeleton renamed = original.skeleton;
        renamed.names[3] = name;
        ASSERT_TRUE(validateForWriting(renamed, original.motion).empty());
        const Document reread = parseDocument(formatBvh(renamed, original.motion));
        ASSERT_TRUE(reread.loaded()) << test::describeDiagnostics(reread);
        EXPECT_EQ(reread.skeleton.names[3], name);
    }
}

TEST(ValidateForWriting, RefusesChannelSpellingsThatAreNotOneToken) {
    const Document original = parseDocument(kOddFile);
    // Channel names are single tokens, and the reader ends a CHANNELS list at a keyword.
    for (const std::string spelling :
         {"X scale", "Xrot}", "MOTION", "End", "joint", "a\tb", "a\vb"}) {
        Skeleton respelled = original.skeleton;
        respelled.channelNames[6] = spelling; // Hips' Xscale
        const std::vector<Diagnostic> problems = validateForWriting(respelled, original.motion);
        ASSERT_EQ(problems.size(), 1u) << spelling;
        EXPECT_NE(problems[0].message.find("channel 6 is spelled"), std::string::npos);
    }
    // Other bytes stay in the token and read back (the writer round-trip fuzzer found
    // "Yrotation\x02" in a file the reader loads: tests/data/fuzz_regressions).
    for (const std::string spelling : {"Xscale", "Yrotation\x02", "Site",
                                       "\xC3\xA9"
                                       "chelle"}) {
        Skeleton respelled = original.skeleton;
        respelled.channelNames[6] = spelling;
        EXPECT_TRUE(validateForWriting(respelled, original.motion).empty()) << spelling;
        EXPECT_EQ(parseDocument(formatBvh(respelled, original.motion)).skeleton.channelNames[6],
                  spelling);
    }
}

TEST(RoundTripInvariants, ANameOnlyBvhscopeReadsBackIsRefusedNotWritten) {
    // bvhscope reads "Hi}ps" and "a<tab>b" as names (the rest of the line), other readers do
    // not: the writer refuses them, and the fuzzers' invariant accepts that refusal.
    for (const char* name : {"Hi}ps", "a\tb", "a\x01b"}) {
        const Document document = parseDocument("HIERARCHY\nROOT " + std::string(name) +
                                                "\n{\nOFFSET 0 0 0\nCHANNELS 0\n}\n");
        ASSERT_TRUE(document.loaded()) << name;
        ASSERT_EQ(document.skeleton.names[0], name);
        EXPECT_TRUE(hasErrors(validateForWriting(document.skeleton, document.motion)));
        EXPECT_EQ(test::roundTripViolation(document), "") << name;
    }
}

TEST(ValidateForWriting, RejectsWhatCannotBeWritten) {
    const Document original = parseDocument(kOddFile);
    Motion shortMotion = original.motion;
    shortMotion.values.pop_back();
    EXPECT_TRUE(hasErrors(validateForWriting(original.skeleton, shortMotion)));
    Skeleton unnamed = original.skeleton;
    unnamed.names[0].clear();
    EXPECT_TRUE(hasErrors(validateForWriting(unnamed, original.motion)));
    Skeleton notDepthFirst = original.skeleton;
    notDepthFirst.parents[4] = 1; // Spine's End Site under Left Hand:01, whose subtree closed
    EXPECT_TRUE(hasErrors(validateForWriting(notDepthFirst, original.motion)));
    EXPECT_TRUE(hasErrors(validateForWriting(Skeleton{}, Motion{})));
}

// [SECTION] Files

class WriteBvhFile : public test::ScratchDirectoryTest {
protected:
    void SetUp() override {
        ScratchDirectoryTest::SetUp();
        document_ = parseDocument(kOddFile);
        ASSERT_TRUE(document_.loaded());
    }
    Document document_;
};

TEST_F(WriteBvhFile, WritesAFileThatLoadsBackIdentically) {
    const auto target = directory_ / "out.bvh";
    const auto diagnostics = writeBvhFile(target, document_.skeleton, document_.motion);
    ASSERT_FALSE(hasErrors(diagnostics));
    expectSameSkeletonAndMotion(document_, loadDocument(target));
    EXPECT_EQ(entries(), 1u) << "no temporary file left";
}

TEST_F(WriteBvhFile, ATargetInAMissingDirectoryFailsWithoutStrayFiles) {
    const auto target = directory_ / "missing" / "out.bvh";
    const auto diagnostics = writeBvhFile(target, document_.skeleton, document_.motion);
    ASSERT_TRUE(hasErrors(diagnostics));
    EXPECT_EQ(diagnostics[0].line, 0u);
    EXPECT_EQ(diagnostics[0].column, 0u);
    EXPECT_EQ(entries(), 0u);
}

TEST_F(WriteBvhFile, RefusesToOverwriteTheInputUnlessAllowed) {
    const auto input = directory_ / "in.bvh";
    std::ofstream(input, std::ios::binary) << kOddFile;
    WriteOptions options;
    options.inputPath = input;
    // The same file under another spelling is still the input.
    const auto sameFile = directory_ / "." / "in.bvh";
    auto diagnostics = writeBvhFile(sameFile, document_.skeleton, document_.motion, options);
    ASSERT_TRUE(hasErrors(diagnostics));
    EXPECT_NE(diagnostics[0].message.find("refusing to overwrite the input"), std::string::npos);
    EXPECT_EQ(contents(input), kOddFile);
    EXPECT_EQ(entries(), 1u);

    options.allowOverwritingInput = true;
    diagnostics = writeBvhFile(input, document_.skeleton, document_.motion, options);
    ASSERT_FALSE(hasErrors(diagnostics));
    EXPECT_EQ(contents(input), formatBvh(document_.skeleton, document_.motion));
    EXPECT_EQ(entries(), 1u);
}

TEST_F(WriteBvhFile, AnInvalidPairWritesNothing) {
    Motion broken = document_.motion;
    broken.channelCount = 2;
    const auto target = directory_ / "out.bvh";
    EXPECT_TRUE(hasErrors(writeBvhFile(target, document_.skeleton, broken)));
    EXPECT_EQ(entries(), 0u);
}

TEST_F(WriteBvhFile, ARefusedNameWritesNothingAndSaysWhichJoint) {
    Skeleton skeleton = document_.skeleton;
    skeleton.names[1] = "Hi{ps";
    const auto target = directory_ / "out.bvh";
    const auto diagnostics = writeBvhFile(target, skeleton, document_.motion);
    ASSERT_TRUE(hasErrors(diagnostics));
    EXPECT_NE(diagnostics[0].message.find("joint 'Hi{ps' (node 1) cannot be written"),
              std::string::npos)
        << diagnostics[0].message;
    EXPECT_EQ(entries(), 0u) << "no output, no temporary file";
}

TEST_F(WriteBvhFile, AHundredThousandDeepChainIsLinearInSizeAndReadsBack) {
    // Indentation grew with depth: this chain was 25 GB of tabs and ran out of memory. Capped,
    // each joint costs its five lines with at most kMaxIndentDepth tabs each.
    constexpr std::size_t kDepth = 100000;
    const test::SyntheticClip chain = test::makeChain(kDepth, 2);
    const auto target = directory_ / "deep.bvh";
    const auto diagnostics = writeBvhFile(target, chain.skeleton, chain.motion);
    ASSERT_FALSE(hasErrors(diagnostics));
    EXPECT_EQ(entries(), 1u);

    // Per joint: "JOINT J99999", "{", "OFFSET 0 1 0", "CHANNELS 3 Zrotation Xrotation
    // Yrotation", "}" = 12 + 1 + 12 + 40 + 1 characters and 5 line ends, and at most
    // kMaxIndentDepth + 1 tabs on each line.
    constexpr std::size_t kHierarchyBytesPerJoint = 71 + 5 * (kMaxIndentDepth + 1);
    // Per channel value: at most 9 characters ("-179.95", "0.05000019") and a separator.
    const std::size_t motionBytes = chain.motion.values.size() * 11;
    const std::uintmax_t size = std::filesystem::file_size(target);
    EXPECT_LE(size, kDepth * kHierarchyBytesPerJoint + motionBytes + 1000);
    EXPECT_GE(size, kDepth * 5 * kMaxIndentDepth) << "the deep lines carry the capped indent";

    const Document reread = loadDocument(target);
    EXPECT_EQ(test::readBackDifference(chain.skeleton, chain.motion, reread), "")
        << test::describeDiagnostics(reread);
}

// [SECTION] Corpus

// Every real file read, written and read again: the same data, bit for bit, and so the same
// world positions (checked on the first, middle and last frames).
TEST(WriterCorpus, EveryFileRoundTrips) {
    const auto corpus = test::corpusDirectory();
    if (!corpus) {
        GTEST_SKIP() << "../shared/corpus is absent in this clone; corpus round trip skipped";
    }
    int checked = 0;
    for (const auto& [path, original] : test::loadedCorpus()) {
        if (!original.loaded()) {
            continue; // the MALFORMED_ files
        }
        SCOPED_TRACE(path.filename().string());
        const Document reread = parseDocument(formatBvh(original.skeleton, original.motion));
        ASSERT_TRUE(reread.loaded()) << test::describeDiagnostics(reread);
        EXPECT_TRUE(reread.diagnostics.empty()) << test::describeDiagnostics(reread);
        EXPECT_EQ(original.skeleton.names, reread.skeleton.names);
        EXPECT_EQ(original.skeleton.offsets, reread.skeleton.offsets);
        EXPECT_EQ(original.skeleton.channels, reread.skeleton.channels);
        EXPECT_EQ(original.motion.values, reread.motion.values);
        EXPECT_EQ(original.motion.frameTime, reread.motion.frameTime);
        const TranslationMode mode =
            resolveTranslationMode(TranslationMode::Auto, original.skeleton, original.motion);
        EXPECT_EQ(mode,
                  resolveTranslationMode(TranslationMode::Auto, reread.skeleton, reread.motion));
        const std::size_t nodes = original.skeleton.nodeCount();
        std::vector<RigidTransform> local(nodes), before(nodes), after(nodes);
        const std::uint32_t frames = original.motion.frameCount;
        for (std::uint32_t frame : {0u, frames / 2, frames > 0 ? frames - 1 : 0u}) {
            const auto row = [&](const Motion& motion) {
                return frames == 0 ? std::span<const float>() : motion.frame(frame);
            };
            computeLocalTransforms(original.skeleton, row(original.motion), mode, local);
            computeWorldTransforms(original.skeleton, local, before);
            computeLocalTransforms(reread.skeleton, row(reread.motion), mode, local);
            computeWorldTransforms(reread.skeleton, local, after);
            for (std::size_t node = 0; node < nodes; ++node) {
                EXPECT_EQ(before[node].translation, after[node].translation);
            }
        }
        ++checked;
    }
    EXPECT_GE(checked, 20);
}

} // namespace
} // namespace bvh
