// Summaries of a folder's files in the background: the facts match core's summary of the
// file, bad files report their first FILE:LINE:COL diagnostic, only one pose is kept, the pool
// never runs more threads than it was given, takes the rows on screen first, and closing it
// cancels the file being read and starts no other. A huge skeleton is counted whole, analysed
// on its first nodes and shown as a simplified figure; the thumbnailer's read gives what
// summarizeFile gives for ordinary files, refuses a hierarchy beyond its budget unread and
// samples a motion too long to read whole around its middle.
#include "app/folder/background_priority.h"
#include "app/folder/folder_summaries.h"
#include "core/analysis/summary.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/support/synthetic_clips.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <iterator>
#include <memory>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>
#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif
#if defined(__linux__)
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>
#endif

using namespace bvhscope::viewer;
using namespace bvhscope::folder;
using bvhscope::folder_test::millionJointHierarchy;
using bvhscope::folder_test::pumpUntil;
using bvhscope::folder_test::ScratchFolder;

namespace {

FileFacts summarize(const std::filesystem::path& path) {
    bvh::LoadProgress progress;
    return summarizeFile(path, progress);
}

TEST(FolderSummaries, FactsOfAGoodFileMatchCoresSummary) {
    const auto path = bvhscope::folder_test::sourceFile("assets/sample_walk.bvh");
    const FileFacts facts = summarize(path);
    const bvh::Document document = bvh::loadDocument(path);
    const bvh::DocumentSummary expected = bvh::summarize(document, bvh::TranslationMode::Auto);
    ASSERT_TRUE(facts.loaded);
    EXPECT_FALSE(facts.cancelled);
    EXPECT_EQ(facts.summary.joints, expected.joints);
    EXPECT_EQ(facts.summary.joints, 21u);
    EXPECT_EQ(facts.summary.framesPresent, document.motion.frameCount);
    EXPECT_DOUBLE_EQ(facts.summary.framesPerSecond, expected.framesPerSecond);
    EXPECT_DOUBLE_EQ(facts.summary.durationSeconds, expected.durationSeconds);
    EXPECT_EQ(facts.summary.warnings, 0u);
    EXPECT_TRUE(facts.diagnosticLines.empty());
}

TEST(FolderSummaries, KeepsOnlyTheMiddleFrameForTheThumbnail) {
    const auto path = bvhscope::folder_test::sourceFile("assets/sample_walk.bvh");
    const FileFacts facts = summarize(path);
    const bvh::Document document = bvh::loadDocument(path);
    ASSERT_TRUE(facts.thumbnailPose.has_value());
    const bvh::Document& pose = *facts.thumbnailPose;
    EXPECT_EQ(facts.thumbnailFrame, document.motion.frameCount / 2);
    EXPECT_EQ(pose.motion.frameCount, 1u);
    EXPECT_EQ(pose.motion.values.size(), document.motion.channelCount);
    const std::span<const float> middle = document.motion.frame(facts.thumbnailFrame);
    EXPECT_TRUE(std::equal(middle.begin(), middle.end(), pose.motion.values.begin()));
    EXPECT_EQ(pose.skeleton.names, document.skeleton.names);
    EXPECT_DOUBLE_EQ(pose.motion.frameTime, document.motion.frameTime);
}

// A thumbnail is one frame, too little to tell which way the figure stands: the summary
// carries the clip's stance (its frames sampled), as the viewer's Auto up axis follows it.
TEST(FolderSummaries, CarriesTheWholeClipsUpAxisForTheThumbnail) {
    const std::filesystem::path rokoko =
        std::filesystem::path(BVHSCOPE_SHARED_DIR) / "corpus" / "rokoko_video_jesse_dance.bvh";
    if (!std::filesystem::exists(rokoko)) {
        GTEST_SKIP() << "needs ../shared/corpus (its rest pose lies along -X, it dances in +Y)";
    }
    const FileFacts facts = summarize(rokoko);
    ASSERT_TRUE(facts.loaded);
    EXPECT_EQ(facts.summary.restPose.upAxis, bvh::UpAxis::NegativeX);
    EXPECT_EQ(facts.summary.stance.upAxis, bvh::UpAxis::PositiveY);

    const FileFacts walk = summarize(bvhscope::folder_test::sourceFile("assets/sample_walk.bvh"));
    EXPECT_GT(walk.summary.stance.framesSampled, 0u);
    EXPECT_EQ(walk.summary.stance.upAxis, bvh::UpAxis::PositiveY);
}

TEST(FolderSummaries, WarningsAreCountedAndKeptWithTheirLines) {
    const ScratchFolder folder;
    const auto path = folder.copy("tests/data/seed_cmu_example.bvh", "walk10.bvh");
    const FileFacts facts = summarize(path);
    ASSERT_TRUE(facts.loaded);
    EXPECT_EQ(facts.summary.joints, 31u);
    EXPECT_EQ(facts.summary.warnings, 1u);
    ASSERT_EQ(facts.diagnosticLines.size(), 1u);
    EXPECT_TRUE(std::regex_search(facts.diagnosticLines[0],
                                  std::regex("walk10\\.bvh:[0-9]+:[0-9]+: warning: ")))
        << facts.diagnosticLines[0];
}

TEST(FolderSummaries, ABadFileReportsItsFirstErrorAndKeepsNoPose) {
    const ScratchFolder folder;
    const auto path = folder.write("broken.bvh", bvhscope::folder_test::kBrokenBvh);
    const FileFacts facts = summarize(path);
    EXPECT_FALSE(facts.loaded);
    EXPECT_FALSE(facts.thumbnailPose.has_value());
    ASSERT_FALSE(facts.diagnosticLines.empty());
    EXPECT_EQ(facts.diagnosticLines[0].rfind(path.string() + ":5:3: error: ", 0), 0u)
        << facts.diagnosticLines[0];
}

TEST(FolderSummaries, MissingEmptyAndHeaderlessFilesAreErrors) {
    const ScratchFolder folder;
    const FileFacts missing = summarize(folder.path() / "missing.bvh");
    EXPECT_FALSE(missing.loaded);
    ASSERT_FALSE(missing.diagnosticLines.empty());
    EXPECT_NE(missing.diagnosticLines[0].find("missing.bvh: error: "), std::string::npos);

    const FileFacts empty = summarize(folder.write("empty.bvh", ""));
    EXPECT_FALSE(empty.loaded);
    EXPECT_FALSE(empty.diagnosticLines.empty());

    const FileFacts binary = summarize(folder.write("binary.bvh", std::string("\0\x01\xff", 3)));
    EXPECT_FALSE(binary.loaded);
    EXPECT_FALSE(binary.diagnosticLines.empty());
}

TEST(FolderSummaries, ARequestedCancelEndsAsCancelled) {
    bvh::LoadProgress progress;
    progress.cancelRequested = true;
    const FileFacts facts =
        summarizeFile(bvhscope::folder_test::sourceFile("assets/sample_walk.bvh"), progress);
    EXPECT_TRUE(facts.cancelled);
    EXPECT_FALSE(facts.thumbnailPose.has_value());
}

TEST(FolderSummaries, DefaultWorkersAreOnePerCoreAndAtMostFour) {
    EXPECT_EQ(defaultSummaryWorkers(0), 1u); // unknown
    EXPECT_EQ(defaultSummaryWorkers(1), 1u);
    EXPECT_EQ(defaultSummaryWorkers(2), 2u); // every core: the UI redraws rarely meanwhile
    EXPECT_EQ(defaultSummaryWorkers(3), 3u);
    EXPECT_EQ(defaultSummaryWorkers(5), 4u);
    EXPECT_EQ(defaultSummaryWorkers(64), 4u);
}

// [SECTION] Huge skeletons: simplified figures and analyses of the first nodes

// A root with `sites` End Sites, each at `place(i)` from it.
bvh::Skeleton fan(std::size_t sites, const std::function<glm::dvec3(std::size_t)>& place) {
    bvh::Skeleton skeleton;
    skeleton.names.assign(sites + 1, "EndSite_Hips");
    skeleton.names[0] = "Hips";
    skeleton.parents.assign(sites + 1, 0);
    skeleton.parents[0] = bvh::kNoParent;
    skeleton.offsets.resize(sites + 1);
    for (std::size_t i = 0; i < sites; ++i) {
        skeleton.offsets[i + 1] = place(i);
    }
    skeleton.isEndSite.assign(sites + 1, 1);
    skeleton.isEndSite[0] = 0;
    skeleton.channelBegin.assign(sites + 1, 0);
    skeleton.channelCount.assign(sites + 1, 0);
    return skeleton;
}

// World positions of a figure without channels (its rest pose).
std::vector<glm::dvec3> restPositions(const bvh::Skeleton& skeleton) {
    std::vector<glm::dvec3> positions(skeleton.nodeCount());
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        const bvh::NodeIndex parent = skeleton.parents[i];
        positions[i] =
            skeleton.offsets[i] +
            (parent == bvh::kNoParent ? glm::dvec3(0.0) : positions[std::size_t(parent)]);
    }
    return positions;
}

// What every simplified figure is: parents first, End Sites never parents, no channels, and the
// nodes it stands for in increasing order, each at its own place.
void expectWellFormed(const bvh::Skeleton& original, const bvh::Document& figure,
                      const std::vector<bvh::NodeIndex>& kept) {
    const bvh::Skeleton& skeleton = figure.skeleton;
    ASSERT_EQ(kept.size(), skeleton.nodeCount());
    EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
    EXPECT_EQ(skeleton.totalChannels(), 0u);
    EXPECT_EQ(figure.motion.frameCount, 0u);
    const std::vector<glm::dvec3> drawn = restPositions(skeleton);
    const std::vector<glm::dvec3> placed = restPositions(original);
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        const bvh::NodeIndex parent = skeleton.parents[i];
        if (parent != bvh::kNoParent) {
            EXPECT_LT(parent, static_cast<bvh::NodeIndex>(i));
            EXPECT_EQ(skeleton.isEndSite[std::size_t(parent)], 0) << "an End Site is a parent";
        }
        EXPECT_EQ(skeleton.names[i], original.names[std::size_t(kept[i])]);
        EXPECT_LT(glm::distance(drawn[i], placed[std::size_t(kept[i])]), 1e-3) << "node " << i;
    }
}

TEST(SimplifiedFigure, BonesInTheSameCellsAreDrawnOnce) {
    const bvh::Skeleton skeleton = fan(100'000, [](std::size_t) { return glm::dvec3(0, 1, 0); });
    std::vector<bvh::NodeIndex> kept;
    const bvh::Document figure =
        simplifiedFigure(skeleton, {}, bvh::TranslationMode::Additive, 1024, kept);
    EXPECT_EQ(kept, (std::vector<bvh::NodeIndex>{0, 1}));
    expectWellFormed(skeleton, figure, kept);
}

TEST(SimplifiedFigure, AFigureOfVisibleBonesIsKeptWhole) {
    const bvh::Document walk =
        bvh::loadDocument(bvhscope::folder_test::sourceFile("assets/sample_walk.bvh"));
    std::vector<bvh::NodeIndex> kept;
    const bvh::Document figure = simplifiedFigure(walk.skeleton, {}, bvh::TranslationMode::Additive,
                                                  kThumbnailFigureNodes, kept);
    EXPECT_EQ(kept.size(), walk.skeleton.nodeCount());
    expectWellFormed(walk.skeleton, figure, kept);
}

TEST(SimplifiedFigure, AChainIsJoinedIntoSegmentsThatReachItsTip) {
    // 20 000 joints turning a little each (2 radians in all): a curl whose bones are far below a
    // cell.
    bvh::test::SyntheticClip chain = bvh::test::makeChain(20'000, 0);
    for (std::size_t i = 1; i < chain.skeleton.nodeCount(); ++i) {
        chain.skeleton.offsets[i] =
            glm::dvec3(std::cos(double(i) * 1e-4), std::sin(double(i) * 1e-4), 0.0);
    }
    std::vector<bvh::NodeIndex> kept;
    const bvh::Document figure = simplifiedFigure(
        chain.skeleton, {}, bvh::TranslationMode::Additive, kThumbnailFigureNodes, kept);
    EXPECT_LE(kept.size(), kThumbnailFigureNodes);
    EXPECT_GT(kept.size(), 100u) << "a curl is more than a few segments";
    EXPECT_EQ(kept.back(), static_cast<bvh::NodeIndex>(chain.skeleton.nodeCount() - 1));
    expectWellFormed(chain.skeleton, figure, kept);
}

TEST(SimplifiedFigure, ACoarserGridIsTakenUntilTheFigureFits) {
    // 40 000 End Sites all over a 200 x 200 square: more distinct bones than allowed.
    const bvh::Skeleton skeleton = fan(
        40'000, [](std::size_t i) { return glm::dvec3(double(i % 200), 1.0, double(i / 200)); });
    std::vector<bvh::NodeIndex> kept;
    const bvh::Document figure =
        simplifiedFigure(skeleton, {}, bvh::TranslationMode::Additive, 500, kept);
    EXPECT_LE(kept.size(), 500u);
    EXPECT_GT(kept.size(), 50u);
    expectWellFormed(skeleton, figure, kept);
}

TEST(SimplifiedFigure, NodesOutsideTheFloatRangeStayWithTheirParent) {
    bvh::Skeleton skeleton = fan(3, [](std::size_t i) { return glm::dvec3(double(i), 1.0, 0.0); });
    skeleton.offsets[2] = glm::dvec3(1e300, 0.0, 0.0);
    std::vector<bvh::NodeIndex> kept;
    const bvh::Document figure =
        simplifiedFigure(skeleton, {}, bvh::TranslationMode::Additive, 1024, kept);
    for (const glm::dvec3& offset : figure.skeleton.offsets) {
        EXPECT_TRUE(std::isfinite(offset.x) && std::isfinite(offset.y) && std::isfinite(offset.z));
    }
}

// A root with `joints` joints side by side (3 rotation channels and an End Site each) and 4
// frames whose root Xposition is the frame's number.
std::string wideBvh(int joints) {
    std::ostringstream text;
    text << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\n"
            "CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n";
    for (int i = 0; i < joints; ++i) {
        text << "JOINT J" << i << "\n{\nOFFSET " << i % 50 << " 10 " << i / 50
             << "\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 5 0\n}\n}\n";
    }
    text << "}\nMOTION\nFrames: 4\nFrame Time: 0.04\n";
    for (int frame = 0; frame < 4; ++frame) {
        text << frame << " 0 0 0 0 0";
        for (int i = 0; i < joints; ++i) {
            text << " 0 0 0";
        }
        text << '\n';
    }
    return text.str();
}

TEST(FolderSummaries, AHugeSkeletonIsCountedWholeAnalysedInPartAndSimplified) {
    const ScratchFolder folder;
    const auto path = folder.write("wide.bvh", wideBvh(5000));
    const FileFacts facts = summarize(path);
    ASSERT_TRUE(facts.loaded);
    EXPECT_TRUE(facts.analysedInPart);
    EXPECT_EQ(facts.summary.joints, 5001u);
    EXPECT_EQ(facts.summary.endSites, 5000u);
    EXPECT_EQ(facts.summary.channels, 6u + 3u * 5000u);
    EXPECT_EQ(facts.summary.framesPresent, 4u);
    EXPECT_EQ(facts.thumbnailFrame, 2u);
    ASSERT_TRUE(facts.thumbnailPose.has_value());
    const bvh::Skeleton& figure = facts.thumbnailPose->skeleton;
    EXPECT_LE(figure.nodeCount(), kThumbnailFigureNodes);
    ASSERT_EQ(facts.thumbnailNodes.size(), figure.nodeCount());
    // Posed at frame 2: the root moved 2 along X (file units, additive to its OFFSET).
    EXPECT_EQ(facts.thumbnailNodes.front(), 0);
    EXPECT_NEAR(figure.offsets.front().x, 2.0, 1e-6);
}

TEST(FolderSummaries, ASkeletonUnderTheBoundsIsAnalysedWhole) {
    const ScratchFolder folder;
    const FileFacts facts = summarize(folder.write("small.bvh", wideBvh(100)));
    ASSERT_TRUE(facts.loaded);
    EXPECT_FALSE(facts.analysedInPart);
    EXPECT_TRUE(facts.thumbnailNodes.empty());
    ASSERT_TRUE(facts.thumbnailPose.has_value());
    EXPECT_EQ(facts.thumbnailPose->skeleton.nodeCount(), 201u);
    EXPECT_EQ(facts.thumbnailPose->motion.frameCount, 1u);
}

// [SECTION] The thumbnailer's bounded read

FileFacts summarizeForThumbnail(const std::filesystem::path& path) {
    bvh::LoadProgress progress;
    return summarizeFileForThumbnail(path, progress);
}

TEST(ThumbnailRead, AnOrdinaryFileIsReadAsTheBrowserReadsIt) {
    const ScratchFolder folder;
    const std::filesystem::path walk = bvhscope::folder_test::sourceFile("assets/sample_walk.bvh");
    std::ifstream in(walk, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const std::filesystem::path& path :
         {walk, folder.write("bom.bvh", "\xEF\xBB\xBF" + text),
          folder.copy("tests/data/seed_cmu_example.bvh", "cmu.bvh"),
          folder.write("broken.bvh", bvhscope::folder_test::kBrokenBvh),
          folder.write("brace.bvh", "HIERARCHY\n}\nROOT Hips\n{\n}\n"),
          folder.write("binary.bvh", std::string("\x89PNG\r\n\x1a\n", 8)),
          folder.write("empty.bvh", ""), folder.path() / "missing.bvh"}) {
        const FileFacts browser = summarize(path);
        const FileFacts thumbnail = summarizeForThumbnail(path);
        EXPECT_EQ(thumbnail.loaded, browser.loaded) << path;
        EXPECT_EQ(thumbnail.diagnosticLines, browser.diagnosticLines) << path;
        EXPECT_FALSE(thumbnail.rowsSampled);
        EXPECT_EQ(thumbnail.summary.framesPresent, browser.summary.framesPresent);
        EXPECT_EQ(thumbnail.thumbnailFrame, browser.thumbnailFrame);
        ASSERT_EQ(thumbnail.thumbnailPose.has_value(), browser.thumbnailPose.has_value());
        if (browser.thumbnailPose) {
            EXPECT_EQ(thumbnail.thumbnailPose->motion.values, browser.thumbnailPose->motion.values);
        }
    }
}

// A small file is read whole through the file the header scan opened and parsed from memory,
// and its stance and similarity features are measured in one pass over its frames: the facts
// are, to the bit, those of the reader's streamed load with the stance (the Browser's 16
// frames) and the features measured apart (issue 44).
TEST(BrowserRead, ASmallFileGivesTheStreamedLoadsFactsToTheBit) {
    const ScratchFolder folder;
    const std::filesystem::path walk = bvhscope::folder_test::sourceFile("assets/sample_walk.bvh");
    std::ifstream in(walk, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string crlf = std::regex_replace(text, std::regex("\n"), "\r\n");
    for (const std::filesystem::path& path :
         {walk, folder.write("bom.bvh", "\xEF\xBB\xBF" + text), folder.write("crlf.bvh", crlf),
          folder.copy("tests/data/seed_cmu_example.bvh", "cmu.bvh"),
          folder.copy("tests/data/seed_character_studio_example.bvh", "cs.bvh"),
          folder.write("short.bvh", text.substr(0, text.size() - 40)),
          folder.write("broken.bvh", bvhscope::folder_test::kBrokenBvh)}) {
        const FileFacts facts = summarize(path);
        const bvh::Document document = bvh::loadDocument(path);
        const bvh::TranslationMode translation = bvh::resolveTranslationMode(
            bvh::TranslationMode::Auto, document.skeleton, document.motion);
        const bvh::DocumentSummary expected = bvh::summarize(document, translation, 16);
        std::vector<std::string> lines;
        for (const bvh::Severity severity : {bvh::Severity::Error, bvh::Severity::Warning}) {
            for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
                if (diagnostic.severity == severity && lines.size() < kKeptDiagnostics) {
                    lines.push_back(bvh::formatDiagnostic(bvh::utf8FromPath(path), diagnostic));
                }
            }
        }
        EXPECT_EQ(facts.loaded, document.loaded()) << path;
        EXPECT_EQ(facts.diagnosticLines, lines) << path;
        EXPECT_EQ(facts.summary.framesPresent, expected.framesPresent) << path;
        EXPECT_EQ(facts.summary.warnings, expected.warnings) << path;
        if (!document.loaded()) {
            continue;
        }
        const bvh::Stance& stance = facts.summary.stance;
        EXPECT_EQ(stance.framesSampled, expected.stance.framesSampled) << path;
        EXPECT_EQ(stance.upAxis, expected.stance.upAxis) << path;
        EXPECT_EQ(stance.motionCost, expected.stance.motionCost) << path;
        EXPECT_EQ(stance.facing, expected.stance.facing) << path;
        EXPECT_EQ(stance.groundLevel, expected.stance.groundLevel) << path;
        EXPECT_EQ(stance.height, expected.stance.height) << path;
        EXPECT_EQ(facts.motionFeatures,
                  bvh::computeMotionFeatures(document.skeleton, document.motion, translation))
            << path;
        ASSERT_TRUE(facts.thumbnailPose.has_value());
        EXPECT_EQ(facts.thumbnailPose->motion.values,
                  std::vector<float>(document.motion.frame(facts.thumbnailFrame).begin(),
                                     document.motion.frame(facts.thumbnailFrame).end()));
    }
}

TEST(ThumbnailRead, AHierarchyBeyondTheBudgetIsRefusedBeforeItIsRead) {
    const ScratchFolder folder;
    const std::string text = millionJointHierarchy();
    const auto path = folder.write("joints.bvh", text);
    const FileFacts facts = summarizeForThumbnail(path);
    EXPECT_FALSE(facts.loaded);
    EXPECT_FALSE(facts.thumbnailPose.has_value());
    ASSERT_EQ(facts.diagnosticLines.size(), 1u);
    EXPECT_NE(facts.diagnosticLines[0].find(
                  "joints.bvh: error: the hierarchy is too large for a thumbnail"),
              std::string::npos)
        << facts.diagnosticLines[0];
}

TEST(ThumbnailRead, ALongMotionIsSampledAroundItsMiddle) {
    // Rows numbered by their root Xposition, more of them than the budget reads whole.
    const ScratchFolder folder;
    constexpr int kFrames = 2'500'000;
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition "
                       "Zposition\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: " +
                       std::to_string(kFrames) + "\nFrame Time: 0.01\n";
    text.reserve(36'000'000);
    char row[32];
    for (int frame = 0; frame < kFrames; ++frame) {
        std::snprintf(row, sizeof row, "%07d 0 0\n", frame); // one length, so bytes count rows
        text += row;
    }
    const auto path = folder.write("long.bvh", text);
    const FileFacts facts = summarizeForThumbnail(path);
    ASSERT_TRUE(facts.loaded) << (facts.diagnosticLines.empty() ? "" : facts.diagnosticLines[0]);
    EXPECT_TRUE(facts.rowsSampled);
    EXPECT_LE(facts.summary.framesPresent, 240u);
    EXPECT_GE(facts.summary.framesPresent, 4u);
    EXPECT_TRUE(facts.diagnosticLines.empty()) << facts.diagnosticLines[0];
    ASSERT_TRUE(facts.thumbnailPose.has_value());
    ASSERT_EQ(facts.thumbnailPose->motion.frameCount, 1u);
    EXPECT_NEAR(facts.thumbnailPose->motion.values[0], kFrames / 2, 1.0);
    EXPECT_NEAR(double(facts.thumbnailFrame), kFrames / 2, kFrames / 100);
}

// [SECTION] The Browser's bounded read

// A capture of one root with 3 channels and `rows` rows numbered by their Xposition, each
// `lineEnd`-terminated, a blank line after every 1000th; `tail` follows the rows.
std::string numberedCapture(int rows, const char* lineEnd = "\n", const std::string& tail = "") {
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition "
                       "Zposition\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: " +
                       std::to_string(rows) + "\nFrame Time: 0.01\n";
    text.reserve(text.size() + std::size_t(rows) * 12 + tail.size());
    char row[32];
    for (int frame = 0; frame < rows; ++frame) {
        std::snprintf(row, sizeof row, "%07d 0 0%s", frame, lineEnd);
        text += row;
        if (frame % 1000 == 999) {
            text += lineEnd;
        }
    }
    return text + tail;
}

TEST(BrowserRead, ALongMotionIsSampledAndItsRowsCountedAsTheReaderCountsThem) {
    // 1.2 million rows: 13 MB of text, beyond what the Browser's budget reads whole (8 MB).
    const ScratchFolder folder;
    constexpr int kFrames = 1'200'000;
    for (const auto& [name, text] :
         {std::pair{"long.bvh", numberedCapture(kFrames)},
          std::pair{"crlf.bvh", numberedCapture(kFrames, "\r\n")},
          // A second file appended: the reader's rows end at its HIERARCHY.
          std::pair{"appended.bvh", numberedCapture(kFrames, "\n", "  hierarchy\nROOT x\n1 2\n")},
          std::pair{"frame_time.bvh", numberedCapture(kFrames, "\n", "Frame  Time: 0.5\n3 4\n")}}) {
        const auto path = folder.write(name, text);
        const FileFacts facts = summarize(path);
        ASSERT_TRUE(facts.loaded) << name;
        EXPECT_TRUE(facts.rowsSampled) << name;
        const bvh::Document whole = bvh::loadDocument(path);
        ASSERT_EQ(whole.motion.frameCount, std::uint32_t(kFrames)) << name;
        EXPECT_EQ(facts.summary.framesPresent, whole.motion.frameCount) << name;
        EXPECT_DOUBLE_EQ(facts.summary.durationSeconds, whole.motion.duration()) << name;
        ASSERT_TRUE(facts.thumbnailPose.has_value());
        EXPECT_NEAR(facts.thumbnailPose->motion.values[0], kFrames / 2, kFrames / 100) << name;
    }
}

// The first word of a file that is no BVH (megabytes of zeros, a gigabyte of NUL bytes) decides
// it: the reader's own error, without reading on for a hierarchy it is not (the thumbnailer read
// 67 MB of the NUL bytes, then called them a hierarchy too large).
TEST(BrowserRead, AFileThatIsNoBvhGetsTheReadersErrorUnread) {
    const ScratchFolder folder;
    const auto zeros = folder.write("zeros.bvh", std::string(std::size_t{24} << 20, '0'));
    // (Not "nul.bvh": NUL is a device name in any folder on Windows.)
    const auto nul = folder.write("nul_bytes.bvh", "");
    std::filesystem::resize_file(nul, std::uintmax_t{1} << 30); // sparse: no disk written
    for (const std::filesystem::path& path : {zeros, nul}) {
        const bvh::Document whole = bvh::loadDocument(path);
        ASSERT_FALSE(whole.diagnostics.empty());
        const std::string expected = bvh::formatDiagnostic(path.string(), whole.diagnostics[0]);
        for (const FileFacts& facts : {summarize(path), summarizeForThumbnail(path)}) {
            EXPECT_FALSE(facts.loaded) << path;
            EXPECT_FALSE(facts.hierarchyTooLarge) << path;
            ASSERT_EQ(facts.diagnosticLines.size(), 1u) << path;
            EXPECT_EQ(facts.diagnosticLines[0], expected);
        }
    }
}

TEST(BrowserRead, AHierarchyBeyondTheBudgetIsTooLargeNotAnError) {
    const ScratchFolder folder;
    const std::string text = millionJointHierarchy();
    const FileFacts facts = summarize(folder.write("joints.bvh", text));
    EXPECT_FALSE(facts.loaded);
    EXPECT_TRUE(facts.hierarchyTooLarge);
    EXPECT_FALSE(facts.thumbnailPose.has_value());
}

TEST(BrowserRead, ACancelDuringTheRowCountEndsAsCancelled) {
    // A few rows, then a gigabyte of NUL bytes (sparse: nothing written) for the count to read.
    const ScratchFolder folder;
    const std::string rows = numberedCapture(4);
    const auto path = folder.write("hole.bvh", rows);
    std::filesystem::resize_file(path, rows.size() + (std::uintmax_t{1} << 30));
    bvh::LoadProgress progress;
    std::atomic<bool> returned{false};
    std::thread canceller([&] {
        // 64 MB into the count: past the header scan's 1 MB and the sampled rows.
        while (!returned && progress.bytesRead < std::uint64_t{64} << 20) {
            std::this_thread::yield();
        }
        progress.cancelRequested = true;
    });
    const FileFacts facts = summarizeFile(path, progress);
    returned = true;
    canceller.join();
    EXPECT_TRUE(facts.cancelled);
    EXPECT_LT(progress.bytesRead.load(), std::uint64_t{1} << 30); // it stopped part-way
}

#if defined(__linux__)
// The growth of this process's peak resident memory while `work` runs in a child process
// (fork), in bytes; nullopt where the peak cannot be reset (/proc/self/clear_refs).
std::optional<long long> peakGrowthInChild(const std::function<void()>& work) {
    int pipeEnds[2];
    if (pipe(pipeEnds) != 0) {
        return std::nullopt;
    }
    const pid_t child = fork();
    if (child == 0) {
        close(pipeEnds[0]);
        const auto statusKilobytes = [](const char* field) {
            std::ifstream status("/proc/self/status");
            std::string line;
            while (std::getline(status, line)) {
                if (line.rfind(field, 0) == 0) {
                    return std::atoll(line.c_str() + std::strlen(field));
                }
            }
            return -1LL;
        };
        long long growth = -1;
        if (std::ofstream("/proc/self/clear_refs") << "5" << std::flush) { // resets VmHWM
            const long long before = statusKilobytes("VmRSS:");
            work();
            growth = (statusKilobytes("VmHWM:") - before) * 1024;
        }
        [[maybe_unused]] const auto written = write(pipeEnds[1], &growth, sizeof growth);
        _exit(0);
    }
    close(pipeEnds[1]);
    long long growth = -1;
    const bool received = read(pipeEnds[0], &growth, sizeof growth) == sizeof growth;
    close(pipeEnds[0]);
    waitpid(child, nullptr, 0);
    return received && growth >= 0 ? std::optional(growth) : std::nullopt;
}
#endif

// 58 MB of rows of zeros under 96 channels: read whole, 115 MB of values.
TEST(BrowserRead, ALongFileIsSummarisedWithinTheBudget) {
#if defined(__linux__)
    const ScratchFolder folder;
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\n";
    for (int joint = 0; joint < 30; ++joint) {
        text += "JOINT j" + std::to_string(joint) +
                "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 1 0\n}\n";
    for (int joint = 0; joint < 30; ++joint) {
        text += "}\n";
    }
    constexpr int kRows = 300'000;
    text += "}\nMOTION\nFrames: " + std::to_string(kRows) + "\nFrame Time: 0.01\n";
    std::string row;
    for (int value = 0; value < 96; ++value) {
        row += value == 0 ? "0" : " 0";
    }
    row += '\n';
    text.reserve(text.size() + row.size() * kRows);
    for (int i = 0; i < kRows; ++i) {
        text += row;
    }
    const auto path = folder.write("zeros.bvh", text);
    text = std::string();
    const FileFacts facts = summarize(path);
    ASSERT_TRUE(facts.loaded);
    EXPECT_EQ(facts.summary.framesPresent, std::uint32_t(kRows));
    const std::optional<long long> growth = peakGrowthInChild([&] { summarize(path); });
    if (!growth) {
        GTEST_SKIP() << "no /proc/self/clear_refs to measure the peak";
    }
    EXPECT_LT(*growth, static_cast<long long>(kBrowserSummaryBudget)) << "bytes at the peak";
#else
    GTEST_SKIP() << "measures the peak through fork and /proc";
#endif
}

// [SECTION] The pool, with a summariser that waits for the test

// Records how many summaries run at once; each waits until released (or cancelled).
struct Gate {
    std::atomic<int> active{0};
    std::atomic<int> peak{0};
    std::atomic<int> calls{0};
    std::atomic<bool> released{false};
    std::atomic<int> sawCancel{0};

    SummaryPool::Summarizer summarizer() {
        return [this](const std::filesystem::path&, bvh::LoadProgress& progress) {
            ++calls;
            const int now = ++active;
            int before = peak.load();
            while (now > before && !peak.compare_exchange_weak(before, now)) {
            }
            while (!released && !progress.cancelRequested) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            FileFacts facts;
            facts.loaded = true;
            if (progress.cancelRequested) {
                ++sawCancel;
                facts.cancelled = true;
            }
            --active;
            return facts;
        };
    }
};

std::vector<std::filesystem::path> fakeFiles(std::size_t count) {
    std::vector<std::filesystem::path> files;
    for (std::size_t i = 0; i < count; ++i) {
        files.push_back("take" + std::to_string(i) + ".bvh");
    }
    return files;
}

TEST(SummaryPool, NeverRunsMoreSummariesThanItsWorkers) {
    Gate gate;
    SummaryPool pool(fakeFiles(12), 3, gate.summarizer());
    EXPECT_EQ(pool.workerCount(), 3u);
    ASSERT_TRUE(pumpUntil([] {}, [&] { return gate.active == 3; }));
    EXPECT_EQ(pool.reading().size(), 3u);
    EXPECT_FALSE(pool.done());
    gate.released = true;
    std::multiset<std::size_t> finished;
    ASSERT_TRUE(pumpUntil(
        [&] {
            for (const auto& result : pool.takeFinished()) {
                finished.insert(result.index);
            }
        },
        [&] { return pool.done(); }));
    EXPECT_EQ(gate.peak, 3);
    EXPECT_EQ(gate.calls, 12);
    ASSERT_EQ(finished.size(), 12u);
    for (std::size_t i = 0; i < 12; ++i) {
        EXPECT_EQ(finished.count(i), 1u) << "file " << i;
    }
}

#ifdef __linux__
// The interface's frames come first: each pool thread runs at a nice value kBackgroundNiceSteps
// above the thread that made the pool (Linux keeps one per thread).
TEST(SummaryPool, ThreadsRunBelowTheInterfacesPriority) {
    const int ownNice = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
    std::mutex mutex;
    std::vector<int> seen;
    SummaryPool pool(fakeFiles(4), 2, [&](const std::filesystem::path&, bvh::LoadProgress&) {
        const int nice = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
        const std::lock_guard lock(mutex);
        seen.push_back(nice);
        return FileFacts{};
    });
    ASSERT_TRUE(pumpUntil([&] { pool.takeFinished(); }, [&] { return pool.done(); }));
    ASSERT_EQ(seen.size(), 4u);
    for (const int nice : seen) {
        EXPECT_EQ(nice, std::min(ownNice + kBackgroundNiceSteps, 19));
    }
    EXPECT_EQ(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())), ownNice); // not the caller
}
#endif

TEST(SummaryPool, StartsNoMoreThreadsThanFiles) {
    Gate gate; // held: a thread that finished its file would end, and no longer count
    SummaryPool pool(fakeFiles(2), 4, gate.summarizer());
    EXPECT_EQ(pool.workerCount(), 2u);
    ASSERT_TRUE(pumpUntil([] {}, [&] { return gate.active == 2; }));
    EXPECT_EQ(gate.peak, 2);
    gate.released = true;
    SummaryPool empty({}, 4, gate.summarizer());
    EXPECT_EQ(empty.workerCount(), 0u);
    EXPECT_TRUE(empty.done());
}

TEST(SummaryPool, ClosingCancelsTheFileBeingReadAndStartsNoOther) {
    Gate gate;
    auto pool = std::make_unique<SummaryPool>(fakeFiles(10), 1, gate.summarizer());
    ASSERT_TRUE(pumpUntil([] {}, [&] { return gate.active == 1; }));
    pool.reset(); // returns only once the reading thread has stopped
    EXPECT_EQ(gate.calls, 1);
    EXPECT_EQ(gate.sawCancel, 1);
    EXPECT_EQ(gate.active, 0);
}

TEST(SummaryPool, RowsOnScreenAreSummarisedFirst) {
    Gate gate;
    SummaryPool pool(fakeFiles(10), 1, gate.summarizer());
    ASSERT_TRUE(pumpUntil([] {}, [&] { return gate.active == 1; })); // file 0 is being read
    pool.prioritize(6, 9);
    gate.released = true;
    std::vector<std::size_t> order;
    ASSERT_TRUE(pumpUntil(
        [&] {
            for (const auto& result : pool.takeFinished()) {
                order.push_back(result.index);
            }
        },
        [&] { return pool.done(); }));
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 6, 7, 8, 1, 2, 3, 4, 5, 9}));
}

// A row back on screen after its thumbnail was freed is read again, first, and the pool's
// threads start again for it once they had ended.
TEST(SummaryPool, AFileIsReadAgainOnRequestEvenAfterThePoolEnded) {
    Gate gate;
    gate.released = true;
    SummaryPool pool(fakeFiles(4), 2, gate.summarizer());
    const auto takeAll = [&](std::vector<std::size_t>& order) {
        return pumpUntil(
            [&] {
                for (const auto& result : pool.takeFinished()) {
                    order.push_back(result.index);
                }
            },
            [&] { return pool.done() && pool.workerCount() == 0; });
    };
    std::vector<std::size_t> first;
    ASSERT_TRUE(takeAll(first));
    EXPECT_EQ(first.size(), 4u);
    EXPECT_EQ(gate.calls, 4);

    gate.released = false; // each file read again waits until the requests are made
    pool.readAgain(2);
    pool.readAgain(2); // waiting or being read already: once
    pool.readAgain(0);
    pool.readAgain(7); // no such file
    EXPECT_FALSE(pool.done());
    gate.released = true;
    std::vector<std::size_t> again;
    ASSERT_TRUE(takeAll(again));
    std::sort(again.begin(), again.end());
    EXPECT_EQ(again, (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(gate.calls, 6);
}

TEST(SummaryPool, FilesReadAgainComeBeforeFilesNotStarted) {
    // File 1 is held until the test has asked for file 0 again; the others pass.
    std::atomic<bool> holdingOne{false};
    std::atomic<bool> releaseOne{false};
    const auto summarizer = [&](const std::filesystem::path& path, bvh::LoadProgress&) {
        if (path == "take1.bvh") {
            holdingOne = true;
            while (!releaseOne) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
        }
        return FileFacts{};
    };
    SummaryPool pool(fakeFiles(6), 1, summarizer);
    ASSERT_TRUE(pumpUntil([] {}, [&] { return holdingOne.load(); }));
    pool.readAgain(1); // being read: nothing
    pool.readAgain(0);
    releaseOne = true;
    std::vector<std::size_t> order;
    ASSERT_TRUE(pumpUntil(
        [&] {
            for (const auto& result : pool.takeFinished()) {
                order.push_back(result.index);
            }
        },
        [&] { return pool.done(); }));
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 0, 2, 3, 4, 5}));
}

std::size_t threadsOfThisProcess() {
    std::size_t count = 0;
    if (DIR* tasks = opendir("/proc/self/task")) {
        while (const dirent* entry = readdir(tasks)) {
            count += entry->d_name[0] != '.' ? 1 : 0;
        }
        closedir(tasks);
    }
    return count;
}

TEST(SummaryPool, AFolderOfManyFilesUsesOnlyItsWorkers) {
    const ScratchFolder folder;
    std::vector<std::filesystem::path> files;
    for (int i = 0; i < 60; ++i) {
        files.push_back(
            folder.copy(i % 7 == 3 ? "tests/data/seed_cmu_example.bvh" : "assets/sample_walk.bvh",
                        "take" + std::to_string(i) + ".bvh"));
    }
    files.push_back(folder.write("broken.bvh", bvhscope::folder_test::kBrokenBvh));
    const std::size_t before = threadsOfThisProcess();
    ASSERT_GT(before, 0u) << "no /proc/self/task";
    SummaryPool pool(files, 2);
    std::size_t mostThreads = 0;
    std::vector<FileFacts> facts(files.size());
    std::size_t received = 0;
    ASSERT_TRUE(pumpUntil(
        [&] {
            mostThreads = std::max(mostThreads, threadsOfThisProcess());
            for (auto& result : pool.takeFinished()) {
                facts[result.index] = std::move(result.facts);
                ++received;
            }
        },
        [&] { return pool.done(); }));
    EXPECT_LE(mostThreads, before + 2);
    EXPECT_EQ(received, files.size());
    for (std::size_t i = 0; i + 1 < files.size(); ++i) {
        EXPECT_TRUE(facts[i].loaded) << files[i];
        EXPECT_EQ(facts[i].summary.joints, i % 7 == 3 ? 31u : 21u) << files[i];
        ASSERT_TRUE(facts[i].thumbnailPose.has_value());
        EXPECT_LE(facts[i].thumbnailPose->motion.frameCount, 1u);
    }
    EXPECT_FALSE(facts.back().loaded);
}

} // namespace
