#include "core/analysis/stance.h"
#include "core/conversions/conversion_request.h"
#include "core/conversions/conversions.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

Document floatingBiped(glm::dvec3 shift, const glm::dmat3& toFile = glm::dmat3(1.0)) {
    test::CreatureFileOptions options;
    options.fileShift = shift;
    options.canonicalToFile = toFile;
    return parseDocument(test::creatureFile(test::biped(140.0), options).text);
}

double contactLevel(const Skeleton& skeleton, const Motion& motion, UpAxis up) {
    return analyzeStance(skeleton, motion, TranslationMode::Absolute, analyzeRestPose(skeleton), up)
        .groundLevel;
}

TEST(PlaceOnGround, MovesEveryFrameByTheContactLevelAlongUp) {
    const Document document = floatingBiped({0, 362.0, 0});
    ASSERT_NEAR(contactLevel(document.skeleton, document.motion, UpAxis::PositiveY), 362.0, 0.5);
    const Conversion grounded =
        placeOnGround(document.skeleton, document.motion, UpAxis::PositiveY, 362.0);
    ASSERT_TRUE(grounded.ok());
    EXPECT_NEAR(contactLevel(grounded.skeleton, grounded.motion, UpAxis::PositiveY), 0.0, 1e-3);
    // Only the root's Y position channel changed, by exactly -362 in every frame.
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        const auto before = document.motion.frame(frame);
        const auto after = grounded.motion.frame(frame);
        EXPECT_NEAR(after[1] - before[1], -362.0, 1e-3);
        EXPECT_EQ(after[0], before[0]);
        EXPECT_EQ(after[2], before[2]);
        for (std::size_t c = 3; c < before.size(); ++c) {
            ASSERT_EQ(after[c], before[c]) << "frame " << frame << " channel " << c;
        }
    }
}

TEST(PlaceOnGround, ANegativeUpAxisShiftsTheOtherWay) {
    // A figure standing on -Z, sunk 50 below its ground (its feet at z = +50).
    const Document document = floatingBiped({0, 0, 50.0}, test::axisRotation('X', -90.0));
    const double level = contactLevel(document.skeleton, document.motion, UpAxis::NegativeZ);
    ASSERT_NEAR(level, -50.0, 0.5);
    const Conversion grounded =
        placeOnGround(document.skeleton, document.motion, UpAxis::NegativeZ, level);
    ASSERT_TRUE(grounded.ok());
    EXPECT_NEAR(contactLevel(grounded.skeleton, grounded.motion, UpAxis::NegativeZ), 0.0, 1e-3);
}

TEST(ConversionRequestGround, IsAppliedOnlyWhenAskedAndAfterTheUpAxis) {
    const Document document = floatingBiped({0, 0, 120.0}, test::yUpToZUp());
    ConversionRequest keep;
    keep.translation = TranslationMode::Absolute;
    const ConversionOutcome kept =
        applyConversionRequest(document.skeleton, document.motion, keep, "in.bvh");
    ASSERT_TRUE(kept.ok);
    EXPECT_NEAR(contactLevel(kept.skeleton, kept.motion, UpAxis::PositiveZ), 120.0, 0.5)
        << "the file's values unless asked";

    ConversionRequest ground = keep;
    ground.ground = true;
    ground.up = UpAxis::PositiveY;
    const ConversionOutcome grounded =
        applyConversionRequest(document.skeleton, document.motion, ground, "in.bvh");
    ASSERT_TRUE(grounded.ok);
    EXPECT_NEAR(contactLevel(grounded.skeleton, grounded.motion, UpAxis::PositiveY), 0.0, 1e-2);
    bool logged = false;
    for (const ConversionLogEntry& entry : grounded.log) {
        logged = logged || entry.text.find("onto the ground") != std::string::npos;
    }
    EXPECT_TRUE(logged);
}

} // namespace
} // namespace bvh
