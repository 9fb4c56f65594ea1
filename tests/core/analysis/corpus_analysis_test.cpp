// The analyses on real captures (../shared/corpus): what each file gets, and no false alarm on
// the ones that are fine. Skipped with a message on clones without ../shared.
#include "core/analysis/channel_events.h"
#include "core/analysis/frame_time_check.h"
#include "core/analysis/pose_difference.h"
#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/summary.h"
#include "tests/core/test_support.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>

namespace bvh {
namespace {

// What findWrittenCommonRate says per loadable corpus file ("" for nothing: exact or round).
const std::map<std::string, std::string> kWrittenRates = {
    {"MALFORMED_bvhio_bar_noframes.bvh", "30"}, // 0.033333
    {"animdrawings_zombie_zup.bvh", "30"},      // 0.0333333
    {"boxing_toes_assimp.bvh", ""},             // 0.010000
    {"bvh_anim_test_simple.bvh", "30"},         // 0.033333333
    {"bvhio_example.bvh", "30"},                // 0.033333
    {"bvhio_test_rootnopos.bvh", ""},           // 0.03333333333333333: 1/30 to the bit
    {"bvhtoolbox_walk01_e007.bvh", "24"},       // 0.0416667
    {"cmu_01_01_assimp.bvh", "120"},            // .0083333
    {"cmu_01_03_long_4511f.bvh", "120"},        // .0083333
    {"cmu_12_01_walk_crlf.bvh", "120"},         // .0083333
    {"cmu_jumping_jacks_30fps.bvh", "30"},      // .03333
    {"dme_video_style_raw.bvh", "30"},          // 0.033333
    {"fairmotion_sinusoidal.bvh", ""},          // 0.016666666666666666: 1/60 to the bit
    {"makehuman_tpose_173j.bvh", "24"},         // 0.041667
    {"makehuman_walk1_75j.bvh", "24"},          // 0.041667
    {"mixamo_freebvh_bvhpython.bvh", "30"},     // 0.0333333
    {"mocapbank_crlf_bvhpython.bvh", "30"},     // 0.033333
    {"perception_neuron_milad_59j.bvh", ""},    // 0.008: 125 fps exactly
    {"pybvh_full_precision_frametime.bvh", ""}, // 0.0417083750417: 23.976 to 12 digits
    {"pybvh_rotation_first_root.bvh", ""},      // 0.04: 25
    {"pybvh_test1_zup_mixed.bvh", "30"},        // 0.033333
    {"pybvh_test2_crlf.bvh", "120"},            // 0.008333
    {"raz_anim_hierarchy_only.bvh", ""},        // no MOTION: assumed, not checked
    {"rokoko_video_jesse_dance.bvh", ""},       // 0.010000
    {"threejs_pirouette.bvh", "120"},           // 0.00833333
    {"video2bvh_cxk_zup.bvh", ""},              // 0.03333333333333333
    {"xia_angry_13_000.bvh", "120"},            // 0.008333
};

// The corpus's captures, loaded once for all of these tests (test::loadedCorpus).
class CorpusAnalysis : public testing::Test {
protected:
    void SetUp() override {
        if (!test::corpusDirectory()) {
            GTEST_SKIP() << "../shared/corpus is absent in this clone; corpus tests skipped";
        }
    }
    const std::vector<test::CorpusCapture>& captures_ = test::loadedCorpus();
};

TEST_F(CorpusAnalysis, EveryFileGetsTheExpectedFrameTimeFindingsAndNoSpeedAlarm) {
    std::size_t checked = 0;
    for (const auto& [path, document] : captures_) {
        if (!document.loaded()) {
            continue;
        }
        const std::string name = path.filename().string();
        SCOPED_TRACE(name);
        const auto expected = kWrittenRates.find(name);
        ASSERT_NE(expected, kWrittenRates.end()) << "a corpus file this test does not know";
        const DocumentSummary summary = summarize(document, TranslationMode::Auto);
        const FrameTimeReport report = checkFrameTime(document.skeleton, document.motion,
                                                      summary.translationUsed, summary.restPose);
        EXPECT_EQ(report.written ? std::string(report.written->rate.name) : "", expected->second);
        EXPECT_FALSE(report.speed.suspicion.has_value()) << report.speed.suspicion->message;
        if (document.motion.frameCount >= 20) {
            // Every real capture measures as human: well under the 600 deg/s alarm.
            EXPECT_LT(report.speed.atDeclared.typicalJointDegreesPerSecond, 250.0);
        }
        ++checked;
    }
    EXPECT_EQ(checked, kWrittenRates.size());
}

TEST_F(CorpusAnalysis, OnlyTheRokokoRestPoseDisagreesWithItsAnimation) {
    for (const auto& [path, document] : captures_) {
        if (!document.loaded()) {
            continue;
        }
        const std::string name = path.filename().string();
        SCOPED_TRACE(name);
        const DocumentSummary summary = summarize(document, TranslationMode::Auto);
        const RestAnimationAgreement agreement = compareRestWithAnimation(
            document.skeleton, document.motion, summary.translationUsed, summary.restPose);
        EXPECT_FALSE(agreement.scaleDisagrees()) << agreement.messages.back();
        if (name == "rokoko_video_jesse_dance.bvh") {
            // Its OFFSETs lie along -X; the root stands the figure up in +Y in every frame.
            EXPECT_EQ(summary.restPose.upAxis, UpAxis::NegativeX);
            EXPECT_TRUE(agreement.upDisagrees);
            EXPECT_EQ(agreement.animationUp, UpAxis::PositiveY);
            EXPECT_GT(agreement.upConsistency, 0.9);
        } else {
            EXPECT_FALSE(agreement.upDisagrees) << agreement.messages.front();
        }
    }
}

TEST_F(CorpusAnalysis, ChannelEventsKeepTheirDefinitions) {
    std::size_t flips = 0;
    for (const auto& [path, document] : captures_) {
        if (!document.loaded()) {
            continue;
        }
        SCOPED_TRACE(path.filename().string());
        const std::vector<ChannelEvent> events =
            findAllChannelEvents(document.skeleton, document.motion);
        for (std::size_t k = 0; k < events.size(); ++k) {
            const ChannelEvent& event = events[k];
            ASSERT_GE(event.frame, 1u);
            ASSERT_LT(event.frame, document.motion.frameCount);
            if (k > 0) {
                ASSERT_LE(events[k - 1].frame, event.frame);
            }
            const float before = document.motion.frame(event.frame - 1)[event.column];
            const float at = document.motion.frame(event.frame)[event.column];
            if (event.kind == ChannelEventKind::Jitter) {
                EXPECT_GT(event.detail, 15.0);
                continue;
            }
            ++flips;
            EXPECT_TRUE(isRotation(document.skeleton.channels[event.column]));
            EXPECT_GT(std::abs(event.magnitude), 90.0);
            EXPECT_NEAR(event.magnitude, double(at) - double(before), 1e-3);
            EXPECT_LT(event.detail, 30.0);
        }
    }
    // The corpus has wrapped and branch-switched curves (mocapbank, rokoko, boxing, zombie...).
    EXPECT_GT(flips, 50u);
}

TEST_F(CorpusAnalysis, EveryFileComparedWithItselfDiffersByNothing) {
    for (const auto& [path, document] : captures_) {
        if (!document.loaded()) {
            continue;
        }
        SCOPED_TRACE(path.filename().string());
        const DocumentSummary summary = summarize(document, TranslationMode::Auto);
        const ComparedClip clip{&document.skeleton, &document.motion, summary.translationUsed,
                                metresTransform(summary.restPose.upAxis, summary.restPose.unit)};
        const NodeMatching matching = matchNodesByName(document.skeleton, document.skeleton);
        EXPECT_EQ(matching.pairs.size(), document.skeleton.nodeCount());
        const ClipDifference difference =
            compareClips(clip, clip, matching, Interpolation::Linear, 25);
        EXPECT_EQ(difference.max, 0.0);
    }
}

} // namespace
} // namespace bvh
