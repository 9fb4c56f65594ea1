// Conversions on every real file of ../shared/corpus (skipped when absent): the layouts seen in
// the wild (rotation-first roots, position channels on every joint, Z-up files, many roots)
// keep their world positions through an up-axis change and a rotation-order change.
#include "core/conversions/conversions.h"
#include "tests/core/conversions/clip_fixture.h"
#include "tests/core/test_support.h"

#include <glm/gtc/quaternion.hpp>

namespace bvh {
namespace {

double largestDistance(const std::vector<glm::dvec3>& positions) {
    double largest = 1.0;
    for (const glm::dvec3& position : positions) {
        largest = std::max(largest, glm::length(position));
    }
    return largest;
}

TEST(ConversionsCorpus, UpAxisAndRotationOrderKeepWorldPositions) {
    const auto corpus = test::corpusDirectory();
    if (!corpus) {
        GTEST_SKIP() << "../shared/corpus is absent in this clone; corpus conversions skipped";
    }
    int checked = 0;
    for (const auto& [path, original] : test::loadedCorpus()) {
        if (!original.loaded() || original.motion.frameCount == 0) {
            continue;
        }
        SCOPED_TRACE(path.filename().string());
        // 24 frames from the middle keep this fast and still exercise continuity.
        const std::uint32_t first = original.motion.frameCount / 2;
        const Conversion clip = trimFrames(original.skeleton, original.motion, first, first + 23);
        ASSERT_TRUE(clip.ok());
        const TranslationMode mode =
            resolveTranslationMode(TranslationMode::Auto, original.skeleton, original.motion);
        const glm::dquat c = upAxisRotation(UpAxis::PositiveY, UpAxis::PositiveZ);
        const Conversion zUp =
            changeUpAxis(clip.skeleton, clip.motion, mode, UpAxis::PositiveY, UpAxis::PositiveZ);
        ASSERT_TRUE(zUp.ok()) << zUp.diagnostics[0].message;
        const Conversion reordered =
            changeRotationOrder(clip.skeleton, clip.motion, *parseEulerOrder("XYZ"));
        ASSERT_TRUE(reordered.ok());
        for (std::uint32_t frame = 0; frame < clip.motion.frameCount; ++frame) {
            const auto before = test::worldPositions(clip.skeleton, clip.motion, frame, mode);
            // Float channels hold about 7 digits: allow a few units in the last place of the
            // figure's size.
            const double tolerance = 2e-6 * largestDistance(before);
            std::vector<glm::dvec3> rotated = before;
            for (glm::dvec3& position : rotated) {
                position = c * position;
            }
            test::expectPositionsNear(
                rotated, test::worldPositions(zUp.skeleton, zUp.motion, frame, mode), tolerance);
            test::expectPositionsNear(
                before, test::worldPositions(reordered.skeleton, reordered.motion, frame, mode),
                tolerance);
            if (testing::Test::HasFailure()) {
                return;
            }
        }
        ++checked;
    }
    EXPECT_GE(checked, 20);
}

} // namespace
} // namespace bvh
