// A live take's frame time from time stamps: the sender's where the format has them (VMC's T,
// mocopi's time), else the times frames arrived. The median of the steps between consecutive
// stamps, so a late datagram or a burst does not move it, and a sender that delivers 100 Hz is
// recorded at 100 Hz whatever anyone expected.
#pragma once

#include <span>

namespace bvh::live {

// Seconds per frame from increasing `stamps` (seconds): the median of the positive steps between
// consecutive ones; 0 when there are none (fewer than two stamps, or no stamp advanced).
double frameTimeFromStamps(std::span<const double> stamps);

} // namespace bvh::live
