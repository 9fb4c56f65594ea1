#include "core/live/sender_rate.h"

#include <algorithm>
#include <vector>

namespace bvh::live {

double frameTimeFromStamps(std::span<const double> stamps) {
    std::vector<double> steps;
    for (std::size_t i = 1; i < stamps.size(); ++i) {
        if (stamps[i] > stamps[i - 1]) {
            steps.push_back(stamps[i] - stamps[i - 1]);
        }
    }
    if (steps.empty()) {
        return 0.0;
    }
    const auto middle = steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2);
    std::nth_element(steps.begin(), middle, steps.end());
    return *middle;
}

} // namespace bvh::live
