// Whether a loaded clip's world positions stay within the float range. Internal to the core.
//
// The reader keeps every value within float range (values beyond it are reported and replaced),
// but sums of them along a chain can still pass it: two offsets of 3e38 put the second joint at
// 6e38, an infinite float wherever positions are drawn or written. Such files are hostile or
// broken, never captures; they load, and this says so where the chain passes the range.
#pragma once

#include "core/reader/document.h"

#include <limits>

namespace bvh {

// The bound past which a world position may not be finite as a float: FLT_MAX less a margin for
// the rounding of rotations and sums (done in double, a relative error near 1e-15).
inline constexpr double kLargestSafeWorldCoordinate =
    static_cast<double>(std::numeric_limits<float>::max()) * (1.0 - 1e-9);

// Adds a warning, at the node, for each node whose world positions can exceed
// kLargestSafeWorldCoordinate while its parent's cannot: the length of its offsets and position
// channels summed from its root, over every frame (rotations do not change lengths). Ten are
// listed, the others counted in one more warning. One pass over the position columns.
void warnAboutUnboundedPositions(Document& document);

} // namespace bvh
