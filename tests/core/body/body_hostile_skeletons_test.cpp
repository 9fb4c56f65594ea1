// Skeletons no capture holds, built into bodies as `convert --body` builds them
// (tests/core/body/body_invariants.h): each gives a whole body or none with a reason, never a
// crash, a hang or a body with a torn index buffer, NaN weights or an open surface. The files the
// fuzzers recorded (tests/data/fuzz_regressions) and the seeds go through the same path.
#include "tests/core/body/body_hostile_rigs.h"
#include "tests/core/body/body_invariants.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/test_support.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <gtest/gtest.h>
#include <limits>
#include <utility>
#include <vector>

namespace bvh {
namespace {

constexpr TranslationMode kModes[] = {TranslationMode::Auto, TranslationMode::Absolute,
                                      TranslationMode::Additive};

// The body of `text` under each way of reading root translations; `loaded` must be true. A mode
// whose body options equal an earlier mode's is not built again: its body is the one already
// checked (test::sameBodyOptions), and most of these skeletons' roots never move.
void expectWholeBodies(const std::string& text) {
    const Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    std::vector<BodyOptions> built;
    for (const TranslationMode mode : kModes) {
        SCOPED_TRACE(std::string(translationModeName(mode)));
        BodyOptions options = test::bodyOptionsAsConverted(document, mode);
        if (std::any_of(built.begin(), built.end(), [&](const BodyOptions& earlier) {
                return test::sameBodyOptions(earlier, options);
            })) {
            continue;
        }
        const BodyResult body = buildBody(document.skeleton, options);
        EXPECT_EQ(test::bodyInvariantViolation(body, document.skeleton), "");
        built.push_back(std::move(options));
    }
}

// A chain of `count` joints along a helix, `step` apart, with two frames that turn every joint.
std::string helixChain(int count, double step) {
    test::BvhTextBuilder b;
    int parent = b.add("Root", -1, {0, 0, 0});
    for (int i = 1; i < count; ++i) {
        const double angle = 0.7 * i;
        parent = b.add("J" + std::to_string(i), parent,
                       {step * std::cos(angle), step * 0.3, step * std::sin(angle)});
    }
    b.endSite(parent, {0, step, 0});
    test::BvhTextBuilder::Frame turned;
    turned.rotations.assign(static_cast<std::size_t>(count), glm::dvec3(10, 20, 30));
    return b.text({test::BvhTextBuilder::Frame{}, turned});
}

TEST(BodyHostileSkeletons, EveryJointAtOnePoint) {
    test::BvhTextBuilder b;
    int parent = b.add("Hips", -1, {0, 0, 0});
    for (const char* name : {"Spine", "Neck", "Head", "LeftArm", "LeftForeArm", "LeftHand"}) {
        parent = b.add(name, parent, {0, 0, 0});
    }
    b.endSite(parent, {0, 0, 0});
    expectWholeBodies(b.text());
}

// Every bone zero long but Hips->Spine, 30 up, the hips still at the origin and turning it
// (bvhscope_write_body_rigs' h05): that one bone is the body. The stance read the still hips as a
// static root over a far moving child, and the body left its one bone out with "no bone has any
// length" (main: no mesh in every mode); the spine moves only as the hips turn it.
TEST(BodyHostileSkeletons, EveryBoneZeroButOneGetsABodyAlongThatBone) {
    const Document document = parseDocument(test::zeroBonesButOneText());
    ASSERT_TRUE(document.loaded());
    for (const TranslationMode mode : kModes) {
        SCOPED_TRACE(std::string(translationModeName(mode)));
        const BodyResult body = test::buildBodyAsConverted(document, mode);
        ASSERT_NE(body.mesh, nullptr) << body.message;
        EXPECT_EQ(test::bodyInvariantViolation(body, document.skeleton), "");
        float low = std::numeric_limits<float>::max();
        float high = -low;
        for (const BodyVertex& vertex : body.mesh->vertices) {
            low = std::min(low, vertex.position.y);
            high = std::max(high, vertex.position.y);
        }
        EXPECT_LT(low, 1.0f);   // from the hips' joint
        EXPECT_GT(high, 29.0f); // to the spine's
    }
}

// A body with no bone but one the caller leaves out says so: "no bone has any length" was
// false of it (main's message).
TEST(BodyHostileSkeletons, TheOnlyBoneWithALengthLeftOutIsNamedAsLeftOut) {
    const Document document = parseDocument(test::zeroBonesButOneText());
    ASSERT_TRUE(document.loaded());
    BodyOptions options;
    options.excludedBones = {document.skeleton.find("Spine")};
    const BodyResult body = buildBody(document.skeleton, options);
    EXPECT_EQ(body.mesh, nullptr);
    EXPECT_EQ(body.message.find("no bone has any length"), std::string::npos) << body.message;
    EXPECT_NE(body.message.find("leaves out"), std::string::npos) << body.message;
}

// Offsets thirty orders of magnitude apart: the grid is planned from the figure's extent, the
// short bones far below one cell.
TEST(BodyHostileSkeletons, OffsetsThirtyOrdersOfMagnitudeApart) {
    test::BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 0, 0});
    const int spine = b.add("Spine", hips, {0, 1e15, 0});
    const int head = b.add("Head", spine, {0, 1e-15, 0});
    b.endSite(head, {1e-30, 0, 0});
    const int leg = b.add("LeftUpLeg", hips, {1e15, -1e15, 0});
    b.endSite(leg, {0, -1e-20, 0});
    expectWholeBodies(b.text());
}

// A hundred bones from one joint in every direction (a bristle), as some exporters write helper
// bones.
TEST(BodyHostileSkeletons, AHundredChildrenOfOneJoint) {
    test::BvhTextBuilder b;
    const int root = b.add("Root", -1, {0, 0, 0});
    for (int i = 0; i < 100; ++i) {
        const double z = 1.0 - 2.0 * (i + 0.5) / 100.0;
        const double ring = std::sqrt(1.0 - z * z);
        const double angle = 2.39996322972865332 * i; // the golden angle: evenly spread
        const int bone = b.add("B" + std::to_string(i), root,
                               {10 * ring * std::cos(angle), 10 * ring * std::sin(angle), 10 * z});
        b.endSite(bone, {0, 1, 0});
    }
    expectWholeBodies(b.text());
}

// Three hundred spokes from one joint: their slits meet at the hub in a marched surface that
// meshoptimizer cannot simplify closed to 16 000 triangles (its error bound stops it near 29 000),
// and the tree before the bound kept it whole: 141 720 triangles on this grid of 131 072 samples
// (500 732 on the default grid, 9 s). Now the finest level holds at most 16 000 triangles, else
// the figure is meshed again on a grid of an eighth the samples (here: 8 000 triangles, 4 002
// vertices on 16 384), at most twice, or keeps capsules. (An eighth the default samples keeps the
// test quick.)
TEST(BodyHostileSkeletons, ThreeHundredSpokesOnAGridOfAnEighthTheSamples) {
    const Document document = parseDocument(test::hubOfSpokesText(300));
    ASSERT_TRUE(document.loaded());
    const BodyResult body =
        test::buildBodyAsConverted(document, TranslationMode::Auto, kDefaultBodyMaxSamples / 8);
    ASSERT_NE(body.mesh, nullptr) << body.message;
    EXPECT_EQ(test::bodyInvariantViolation(body, document.skeleton), "");
    EXPECT_LE(body.mesh->levels.front().indexCount / 3, 16000u);
    EXPECT_LE(body.mesh->vertices.size(), 16000u);
}

// Longer than a body is made for (kDefaultBodyMaxNodes) and just under it.
TEST(BodyHostileSkeletons, ChainsAroundTheMostNodesABodyTakes) {
    expectWholeBodies(helixChain(static_cast<int>(kDefaultBodyMaxNodes) + 10, 1.0));
    expectWholeBodies(helixChain(1000, 0.01));
}

TEST(BodyHostileSkeletons, RotationsAndTranslationsFarOutOfRange) {
    test::BvhTextBuilder b;
    int parent = b.add("Hips", -1, {0, 90, 0});
    const int spine = b.add("Spine", parent, {0, 20, 0});
    b.endSite(b.add("Head", spine, {0, 30, 0}), {0, 15, 0});
    parent = b.add("LeftUpLeg", parent, {10, 0, 0});
    b.endSite(b.add("LeftLeg", parent, {0, -45, 0}), {0, -45, 0});
    test::BvhTextBuilder::Frame far;
    far.rootPosition = {1e30, -1e30, 1e-30};
    far.rotations.assign(5, glm::dvec3(1e20, -7.5e19, 3e18));
    expectWholeBodies(b.text({test::BvhTextBuilder::Frame{}, far, far}));
}

TEST(BodyHostileSkeletons, EveryRecordedFuzzInputAndSeed) {
    int built = 0;
    for (const std::filesystem::path& directory :
         {test::dataFile("fuzz_regressions"), test::dataFile("")}) {
        for (const auto& entry : std::filesystem::directory_iterator(directory)) {
            if (!entry.is_regular_file() || entry.path().extension() != ".bvh") {
                continue;
            }
            SCOPED_TRACE(entry.path().filename().string());
            const std::string bytes = test::fileBytes(entry.path());
            if (parseDocument(bytes).loaded()) {
                expectWholeBodies(bytes);
                ++built;
            }
        }
    }
    EXPECT_GE(built, 2); // at least the two seeds
}

} // namespace
} // namespace bvh
