#include "core/kinematics/column_changes.h"

#include "core/kinematics/column_blocks.h"
#include "core/kinematics/vector_clones.h"

#include <algorithm>

namespace bvh {

// Row by row against frame 0 (orRowBitChanges), stopping once every column changed (checked
// every few rows: within a few rows where every joint moves, CMU's 01_01).
BVHSCOPE_VECTOR_CLONES
std::vector<std::uint32_t> clipColumnChanges(const Motion& motion) {
    constexpr std::uint32_t kRowsBetweenChecks = 64;
    const std::size_t stride = motion.channelCount;
    std::vector<std::uint32_t> changes(stride, 0U);
    const float* const first = motion.values.data();
    for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
        orRowBitChanges(first + std::size_t{frame} * stride, first, stride, changes.data());
        if (frame % kRowsBetweenChecks == 0 && std::ranges::count(changes, 0U) == 0) {
            break;
        }
    }
    return changes;
}

} // namespace bvh
