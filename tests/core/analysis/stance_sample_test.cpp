// The Browser's summaries sample 16 frames of each take where the viewer, `info`, `render` and
// the page sample 240 (issue 44: a library of 3 000 takes). On the takes where a few frames
// spread over the clip may all land in the misleading part (tests/core/analysis/awkward_takes.h:
// jumps, a crawl, lying down halfway, a long walk that turns), the thumbnail must stand and face
// as the opened take does: the 16-frame stance gives the 240-frame one's up axis, anatomy axis,
// facing, unit, static roots and lift, in any file axes. (The Browser does not measure the rest
// pose's agreement with the animation: Info does, on 240 frames, when a take is opened.)
//
// Not asserted: the up axis's source (motion or anatomy) and the motion's margin, which move
// with the sample on any take (they differ between 240 frames and every frame on 4 of 3 000
// generated takes), nor the crawl's up: the trunk tilted forward puts the anatomy's mean
// direction (feet to head, feet up the legs) nearer the axis of travel than up, and the stance
// stands the crawl on it with 16 frames and with 240 alike (a known limit of the anatomy rule).
#include "core/analysis/stance.h"
#include "core/reader/document.h"
#include "tests/core/analysis/awkward_takes.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <utility>
#include <vector>

namespace bvh {
namespace {

using test::AwkwardKind;
using test::AwkwardTake;
using test::turn;

constexpr std::size_t kBrowserFrames = 16; // kPreviewAnalysisFrames, app/folder
constexpr std::size_t kViewerFrames = 240; // analyzeStance's default

const char* kindName(AwkwardKind kind) {
    switch (kind) {
    case AwkwardKind::Jumps:
        return "jumps";
    case AwkwardKind::Crawl:
        return "crawl";
    case AwkwardKind::LiesDownHalfway:
        return "lies down halfway";
    case AwkwardKind::TurningWalk:
        return "turning walk";
    }
    return "?";
}

void expectSameDiscreteAnswers(const AwkwardTake& take, UpAxis expectedUp) {
    SCOPED_TRACE(std::string(kindName(take.kind)) + ", up " + std::string(upAxisName(expectedUp)));
    const Document document = parseDocument(test::awkwardFile(take));
    ASSERT_TRUE(document.loaded());
    const RestPoseAnalysis rest = analyzeRestPose(document.skeleton);
    const TranslationMode mode =
        resolveTranslationMode(TranslationMode::Auto, document.skeleton, document.motion);
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    const Stance full = analyzeStance(skeleton, motion, mode, rest, std::nullopt, kViewerFrames);
    const Stance preview =
        analyzeStance(skeleton, motion, mode, rest, std::nullopt, kBrowserFrames);
    EXPECT_EQ(full.framesSampled, std::min<std::size_t>(kViewerFrames, motion.frameCount));
    EXPECT_EQ(preview.framesSampled, kBrowserFrames);
    if (take.kind != AwkwardKind::Crawl) {
        EXPECT_EQ(full.upAxis, expectedUp) << upAxisName(full.upAxis);
    }
    EXPECT_EQ(preview.upAxis, full.upAxis) << upAxisName(preview.upAxis);
    EXPECT_EQ(preview.anatomyUp, full.anatomyUp);
    ASSERT_TRUE(full.facing.has_value());
    ASSERT_TRUE(preview.facing.has_value());
    EXPECT_GT(glm::dot(*preview.facing, *full.facing), std::cos(glm::radians(1.0)));
    EXPECT_EQ(preview.facingSource, full.facingSource);
    EXPECT_EQ(preview.unit, full.unit);
    EXPECT_EQ(preview.staticRoots, full.staticRoots);
    EXPECT_EQ(preview.needsLift(), full.needsLift());
}

TEST(StanceSample, SixteenFramesStandAndFaceAwkwardTakesAsTwoHundredFortyDo) {
    const std::pair<UpAxis, glm::dquat> axes[] = {
        {UpAxis::PositiveY, glm::dquat(1, 0, 0, 0)},
        {UpAxis::PositiveZ, turn('X', 90.0)},
        {UpAxis::NegativeX, turn('Z', 90.0)},
    };
    for (const AwkwardKind kind : {AwkwardKind::Jumps, AwkwardKind::Crawl,
                                   AwkwardKind::LiesDownHalfway, AwkwardKind::TurningWalk}) {
        for (const auto& [up, rotation] : axes) {
            AwkwardTake take;
            take.kind = kind;
            take.canonicalToFile = rotation;
            if (kind == AwkwardKind::TurningWalk) {
                take.frames = 2400; // 20 s: two and a half turns
            }
            expectSameDiscreteAnswers(take, up);
        }
    }
}

// The stance keeps its pose buffer per thread between analyses (`info` over a library): what
// one take leaves in it never shows in the next. Takes of different lengths, analysed in one
// order and then the other, give the same answers to the bit.
TEST(StanceSample, AnalysesInARowOnOneThreadAgreeInAnyOrder) {
    std::vector<Document> documents;
    for (const auto& [kind, frames] :
         {std::pair{AwkwardKind::TurningWalk, 2400}, std::pair{AwkwardKind::Jumps, 480},
          std::pair{AwkwardKind::Crawl, 90}}) {
        AwkwardTake take;
        take.kind = kind;
        take.frames = frames;
        documents.push_back(parseDocument(test::awkwardFile(take)));
        ASSERT_TRUE(documents.back().loaded());
    }
    auto stanceOf = [](const Document& document) {
        const TranslationMode mode =
            resolveTranslationMode(TranslationMode::Auto, document.skeleton, document.motion);
        return analyzeStance(document.skeleton, document.motion, mode,
                             analyzeRestPose(document.skeleton));
    };
    std::vector<Stance> forward;
    for (const Document& document : documents) {
        forward.push_back(stanceOf(document));
    }
    for (std::size_t i = documents.size(); i-- > 0;) {
        SCOPED_TRACE("take " + std::to_string(i));
        const Stance again = stanceOf(documents[i]);
        EXPECT_EQ(again.upAxis, forward[i].upAxis);
        EXPECT_EQ(again.source, forward[i].source);
        EXPECT_EQ(again.motionCost, forward[i].motionCost);
        EXPECT_EQ(again.groundLevel, forward[i].groundLevel);
        EXPECT_EQ(again.height, forward[i].height);
        EXPECT_EQ(again.facing, forward[i].facing);
        EXPECT_EQ(again.unit, forward[i].unit);
    }
}

} // namespace
} // namespace bvh
