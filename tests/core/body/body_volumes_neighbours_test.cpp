// listBodyNeighbours (core/body/body_volumes.h): the table of hierarchy neighbours a brick's
// samples share. It groups volumes by joint beyond a few dozen and tests every pair below; both
// must give the table its definition gives: for each volume, every other volume sharing a joint
// with it (areHierarchyNeighbours), in increasing position, each with its continuingLinkRaise, and
// how far below it its chain can sink.
#include "core/body/body_volumes.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <vector>

namespace bvh {
namespace {

// The table by its definition, pair by pair.
BodyNeighbourTable definedNeighbours(std::span<const BodyVolume> volumes,
                                     std::span<const std::uint32_t> indices) {
    BodyNeighbourTable table;
    table.start.push_back(0);
    for (std::size_t k = 0; k < indices.size(); ++k) {
        for (std::size_t j = 0; j < indices.size(); ++j) {
            if (j != k && areHierarchyNeighbours(volumes[indices[k]], volumes[indices[j]])) {
                table.positions.push_back(static_cast<std::uint32_t>(j));
                table.raises.push_back(
                    continuingLinkRaise(volumes[indices[k]], volumes[indices[j]]));
            }
        }
        table.start.push_back(static_cast<std::uint32_t>(table.positions.size()));
        // A chain's links lie at most a quarter width below its volume, and each sinks it a
        // quarter width further, three eighths at most (boundedSmoothUnion).
        const auto links = static_cast<float>(table.start[k + 1] - table.start[k]);
        table.sinks.push_back((0.25f + std::min(0.375f, 0.25f * links)) *
                              volumes[indices[k]].blend);
    }
    return table;
}

void expectDefinedNeighbours(std::span<const BodyVolume> volumes,
                             std::span<const std::uint32_t> indices) {
    BodyNeighbourTable listed;
    listBodyNeighbours(volumes, indices, listed);
    const BodyNeighbourTable defined = definedNeighbours(volumes, indices);
    EXPECT_EQ(listed.start, defined.start) << indices.size() << " volumes";
    EXPECT_EQ(listed.positions, defined.positions) << indices.size() << " volumes";
    EXPECT_EQ(listed.raises, defined.raises) << indices.size() << " volumes";
    EXPECT_EQ(listed.sinks, defined.sinks) << indices.size() << " volumes";
}

// A thousand-joint rig's volumes: all of them (grouped by joint), runs of a few dozen (pairs),
// and all of them shuffled, so that a volume's neighbours lie before and after it in any order.
TEST(BodyVolumesNeighbours, AThousandJointRigsTableIsItsDefinition) {
    const test::PlannedFigure planned = test::planFigure(test::thousandJointRigText());
    const std::vector<BodyVolume>& volumes = planned.figure.volumes;
    ASSERT_GT(planned.all.size(), 1000u);
    expectDefinedNeighbours(volumes, planned.all);
    for (const std::size_t count :
         {std::size_t{2}, std::size_t{30}, std::size_t{48}, std::size_t{49}, std::size_t{200}}) {
        expectDefinedNeighbours(volumes, std::span(planned.all).first(count));
    }
    std::vector<std::uint32_t> shuffled = planned.all;
    std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(26));
    expectDefinedNeighbours(volumes, shuffled);
}

// Volumes whose two ends are one joint (an ellipsoid, a zero-length bone), pairs sharing both
// joints (listed once), joints no volume shares, and volumes with no joint (kNoParent, which
// share that): 60 of them, beyond the pair test's reach.
TEST(BodyVolumesNeighbours, SharedJointsCountOnceWhateverTheirKind) {
    std::vector<BodyVolume> volumes;
    for (int k = 0; k < 60; ++k) {
        BodyVolume volume =
            makeRoundCone(glm::vec3(0.0f, static_cast<float>(k), 0.0f),
                          glm::vec3(0.0f, static_cast<float>(k + 1), 0.0f), 0.3f, 0.3f);
        volume.startJoint = k % 7 == 0 ? kNoParent : static_cast<NodeIndex>(k / 3);
        volume.endJoint = k % 5 == 0 ? volume.startJoint : static_cast<NodeIndex>(k / 3 + 1);
        volumes.push_back(volume);
    }
    std::vector<std::uint32_t> indices(volumes.size());
    std::iota(indices.begin(), indices.end(), 0u);
    expectDefinedNeighbours(volumes, indices);
    BodyNeighbourTable listed;
    listBodyNeighbours(volumes, indices, listed);
    // Volumes 3, 4 and 5 run from joint 1 to joint 2 (5 starts and ends at 1): 4 shares both of
    // 3's joints and is listed once among 3's neighbours.
    const auto of3 =
        std::span(listed.positions).subspan(listed.start[3], listed.start[4] - listed.start[3]);
    EXPECT_EQ(std::count(of3.begin(), of3.end(), 4u), 1);
    EXPECT_EQ(std::count(of3.begin(), of3.end(), 5u), 1);
}

// A third joint (BodyVolume::reachJoint: a hip's mass over a thigh split in bones along one
// line) joins its volume to every volume touching that joint, and them to it, grouped or not:
// some volumes of 60 reach a joint two further on, one the joint it starts at.
TEST(BodyVolumesNeighbours, AThirdJointJoinsAsTheStartAndEndDo) {
    std::vector<BodyVolume> volumes;
    for (int k = 0; k < 60; ++k) {
        BodyVolume volume =
            makeRoundCone(glm::vec3(0.0f, static_cast<float>(k), 0.0f),
                          glm::vec3(0.0f, static_cast<float>(k + 1), 0.0f), 0.3f, 0.3f);
        volume.startJoint = static_cast<NodeIndex>(k / 3);
        volume.endJoint = static_cast<NodeIndex>(k / 3 + 1);
        volume.reachJoint = k % 11 == 0   ? static_cast<NodeIndex>(k / 3 + 3)
                            : k % 13 == 0 ? volume.startJoint
                                          : kNoParent;
        volumes.push_back(volume);
    }
    std::vector<std::uint32_t> indices(volumes.size());
    std::iota(indices.begin(), indices.end(), 0u);
    expectDefinedNeighbours(volumes, indices);
    expectDefinedNeighbours(volumes, std::span(indices).first(40));
    // Volume 11 (joints 3 and 4) reaches joint 6, which volumes 15 to 20 touch; none of them
    // touches 3 or 4.
    EXPECT_TRUE(areHierarchyNeighbours(volumes[11], volumes[18]));
    EXPECT_TRUE(areHierarchyNeighbours(volumes[18], volumes[11]));
    EXPECT_FALSE(areHierarchyNeighbours(volumes[12], volumes[18]));
}

} // namespace
} // namespace bvh
