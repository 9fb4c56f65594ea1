#include "core/document.h"
#include "core/pose.h"
#include "core/writer.h"
#include "test_support.h"

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

void expectSameDocument(const Document& a, const Document& b) {
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
    expectSameDocument(original, reread);
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

class WriteBvhFile : public testing::Test {
protected:
    void SetUp() override {
        directory_ = std::filesystem::temp_directory_path() /
                     ("bvhscope_writer_" +
                      std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) +
                      "_" + std::to_string(::getpid()));
        std::filesystem::create_directories(directory_);
        document_ = parseDocument(kOddFile);
        ASSERT_TRUE(document_.loaded());
    }
    void TearDown() override { std::filesystem::remove_all(directory_); }

    std::size_t entries() const {
        return static_cast<std::size_t>(
            std::distance(std::filesystem::directory_iterator(directory_),
                          std::filesystem::directory_iterator()));
    }
    static std::string contents(const std::filesystem::path& path) {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }

    std::filesystem::path directory_;
    Document document_;
};

TEST_F(WriteBvhFile, WritesAFileThatLoadsBackIdentically) {
    const auto target = directory_ / "out.bvh";
    const auto diagnostics = writeBvhFile(target, document_.skeleton, document_.motion);
    ASSERT_FALSE(hasErrors(diagnostics));
    expectSameDocument(document_, loadDocument(target));
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
    std::ofstream(input) << kOddFile;
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

// [SECTION] Corpus

// Every real file read, written and read again: the same data, bit for bit, and so the same
// world positions (checked on the first, middle and last frames).
TEST(WriterCorpus, EveryFileRoundTrips) {
    const auto corpus = test::corpusDirectory();
    if (!corpus) {
        GTEST_SKIP() << "../shared/corpus is absent in this clone; corpus round trip skipped";
    }
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(*corpus)) {
        if (entry.path().extension() != ".bvh") {
            continue;
        }
        const Document original = loadDocument(entry.path());
        if (!original.loaded()) {
            continue; // the MALFORMED_ files
        }
        SCOPED_TRACE(entry.path().filename().string());
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
