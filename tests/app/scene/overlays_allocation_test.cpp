// What the overlays allocate frame after frame (app/scene/overlays.h): built into
// allocation_tests, whose operator new counts allocations on demand
// (tests/support/failing_allocator.h). The viewer builds the overlays every frame into one kept
// SceneOverlays; body ghosts are posed again into the instances of the last frame.
#include "app/scene/character_body.h"
#include "app/scene/overlays.h"
#include "core/reader/document.h"
#include "tests/app/scene/ghost_options.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/support/failing_allocator.h"

#include <gtest/gtest.h>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::scene {
namespace {

TEST(OverlaysAllocation, BodyGhostsPosedAgainAllocateNothing) {
    // A 61-frame biped walk drawn as a body with three ghosts either side, five frames apart:
    // six translucent bodies per frame. After one build has sized them, ten more frames (the
    // ghosts move with the frame shown) allocate nothing, and the ghosts kept are the ones a
    // new builder poses at the last frame. Before the instances were kept, each frame allocated
    // every ghost's skin, colours and skin scratch again: 600 allocations over these ten.
    Scene scene;
    scene.add(makeCharacter("walk.bvh", "", bvh::parseDocument(bvh::test::lyingBipedWalkText(61))));
    ASSERT_TRUE(requestBodies(scene, BodyBuild::Wait::Yes).empty());
    const SceneLook look = viewer::test::bodiesLook();
    const OverlayOptions options = viewer::test::ghostsEvery(5, 3);
    const double frameTime = scene.frameTime();
    ScenePose pose;
    scene.sample(30 * frameTime, bvh::Interpolation::Nearest, false, pose);
    OverlayBuilder builder;
    SceneOverlays overlays;
    builder.build(scene, pose, std::nullopt, options, look, 30 * frameTime, overlays);
    ASSERT_EQ(overlays.ghostBodies.size(), 6u);

    bvh::test::countAllocations(1);
    for (int frame = 31; frame <= 40; ++frame) {
        builder.build(scene, pose, std::nullopt, options, look, frame * frameTime, overlays);
    }
    const std::size_t allocations = bvh::test::countedAllocations();
    bvh::test::disarmAllocationFailure();
    EXPECT_EQ(allocations, 0u);

    OverlayBuilder fresh;
    SceneOverlays expected;
    fresh.build(scene, pose, std::nullopt, options, look, 40 * frameTime, expected);
    ASSERT_EQ(overlays.ghostBodies.size(), expected.ghostBodies.size());
    for (std::size_t ghost = 0; ghost < expected.ghostBodies.size(); ++ghost) {
        const BodyInstance& kept = overlays.ghostBodies[ghost];
        const BodyInstance& posed = expected.ghostBodies[ghost];
        EXPECT_EQ(kept.model, posed.model) << "ghost " << ghost;
        EXPECT_EQ(kept.colors, posed.colors) << "ghost " << ghost;
        ASSERT_EQ(kept.skin.size(), posed.skin.size());
        for (std::size_t node = 0; node < posed.skin.size(); ++node) {
            EXPECT_EQ(kept.skin[node].real, posed.skin[node].real) << ghost << ", " << node;
            EXPECT_EQ(kept.skin[node].dual, posed.skin[node].dual) << ghost << ", " << node;
        }
    }
}

} // namespace
} // namespace bvhscope::scene
