#include "core/live/arrival_rate.h"

#include <algorithm>
#include <vector>

namespace bvh::live {

void ArrivalRate::add(double arrivalSeconds, std::size_t frames) {
    if (frames == 0) {
        return;
    }
    if (lastArrival_ && arrivalSeconds > *lastArrival_) {
        const double perFrame = (arrivalSeconds - *lastArrival_) / static_cast<double>(frames);
        for (std::size_t frame = 0; frame < frames; ++frame) {
            steps_.push_back({arrivalSeconds, perFrame});
        }
    }
    if (!lastArrival_ || arrivalSeconds > *lastArrival_) {
        lastArrival_ = arrivalSeconds;
    }
    while (!steps_.empty() && (steps_.size() > kMostSamples ||
                               steps_.front().arrival < arrivalSeconds - kWindowSeconds)) {
        steps_.pop_front();
    }
}

std::optional<double> ArrivalRate::frameTime() const {
    if (steps_.size() < kLeastSamples) {
        return std::nullopt;
    }
    std::vector<double> seconds;
    seconds.reserve(steps_.size());
    for (const Step& step : steps_) {
        seconds.push_back(step.seconds);
    }
    const auto middle = seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2);
    std::nth_element(seconds.begin(), middle, seconds.end());
    return *middle;
}

void ArrivalRate::clear() {
    steps_.clear();
    lastArrival_.reset();
}

} // namespace bvh::live
