// The partition step of the percentiles' selection (percentile.h): the values on one side of a
// pivot moved before the others, with no branch on the data. std::nth_element's partition
// branches on every comparison, and on the stance's samples (a clip's heights and speeds, in no
// useful order) half of those branches were mispredicted, which made it 5 % of `info --json`'s
// time; placed one at a time without branches, the partitions were still 3 % of its
// instructions over a library of takes (ten per value), hence four at a time where AVX2 is.
#pragma once

#include <cstddef>

namespace bvh {

// Which values go to the front: those less than the pivot, or those not greater than it (NaN
// included, as !(pivot < v) says).
enum class FrontOfPivot { Less, NotGreater };

// Moves the `count` values that `side` puts in front of `pivot` before the others, through
// `scratch` (room for `count`), and returns how many went to the front. The layout is fixed,
// whichever code runs: the front values in their order, then the others in reverse order (the
// first one met is last). So the rank a selection finds, a zero's sign included, is the same
// on every CPU. Where AVX2 is available (checked once) four values are placed per step by a
// permutation looked up from their comparisons' mask; the scalar code writes each value to both
// ends of the unfilled middle of `scratch` and moves one end on.
std::size_t partitionAround(double* values, std::size_t count, double* scratch, double pivot,
                            FrontOfPivot side);

// partitionAround's layout written to `to` (room for `count`, apart from `values`), `values` left
// as they were: for a selection that goes on in whichever buffer holds its range and copies back
// only the parts it sets apart (percentile.h), where copying every partition back was a tenth
// of the selections' instructions.
std::size_t partitionInto(const double* values, std::size_t count, double* to, double pivot,
                          FrontOfPivot side);

namespace detail {

// The scalar partition partitionAround falls back to, and the reference its tests compare with.
std::size_t partitionAroundScalar(double* values, std::size_t count, double* scratch, double pivot,
                                  FrontOfPivot side);
// Its layout written to `to` (partitionInto's fallback).
std::size_t partitionIntoScalar(const double* values, std::size_t count, double* to, double pivot,
                                FrontOfPivot side);

} // namespace detail

} // namespace bvh
