// Whether a loaded clip's world positions stay within the float range. Internal to the core.
//
// The reader keeps every value within float range (values beyond it are reported and replaced),
// but sums of them along a chain can still pass it: two offsets of 3e38 put the second joint at
// 6e38, an infinite float wherever positions are drawn or written. Such files are hostile or
// broken, never captures; they load, and this says so where the chain passes the range.
#pragma once

#include "core/reader/document.h"

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace bvh {

// The bound past which a world position may not be finite as a float: FLT_MAX less a margin for
// the rounding of rotations and sums (done in double, a relative error near 1e-15).
inline constexpr double kLargestSafeWorldCoordinate =
    static_cast<double>(std::numeric_limits<float>::max()) * (1.0 - 1e-9);

// Adds a warning, at the node, for each node whose world positions can exceed
// kLargestSafeWorldCoordinate while its parent's cannot: the length of its offsets and position
// channels summed from its root, over every frame (rotations do not change lengths). Ten are
// listed, the others counted in one more warning. `largestValue`: the largest magnitude of each
// channel over every frame, as the reader gathers it while it parses (only the position
// channels are read; empty: no frames).
void warnAboutUnboundedPositions(Document& document, std::span<const double> largestValue);

// The largest magnitude of each channel over every frame of the document (position channels
// only, the others 0): one pass over the position columns.
std::vector<double> largestChannelValues(const Document& document);

// The columns of a frame that hold position channels.
std::vector<std::uint32_t> positionColumns(const Skeleton& skeleton);

// Raises largest[i] to the largest magnitude of column columns[i] over `rowCount` rows of
// `channels` values each: what the reader does for each piece of rows while they are still in
// the cache of the thread that parsed them, rather than in a pass over every frame afterwards.
void raiseToLargestMagnitudes(const float* rows, std::uint64_t rowCount, std::uint32_t channels,
                              std::span<const std::uint32_t> columns, std::span<float> largest);

} // namespace bvh
