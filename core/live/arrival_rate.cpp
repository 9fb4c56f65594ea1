#include "core/live/arrival_rate.h"

#include <algorithm>
#include <vector>

namespace bvh::live {

void ArrivalRate::add(double arrivalSeconds, std::size_t frames) {
    if (frames == 0) {
        return;
    }
    if (read_ && arrivalSeconds <= read_->arrival) {
        read_->frames += frames; // more frames of the same read
        return;
    }
    if (read_) {
        appendSteps(*read_, steps_);
    }
    const double interval = read_ ? arrivalSeconds - read_->arrival : 0.0;
    read_ = Read{arrivalSeconds, interval, frames};
    while (!steps_.empty() && (steps_.size() > kMostSamples ||
                               steps_.front().arrival < arrivalSeconds - kWindowSeconds)) {
        steps_.pop_front();
    }
}

void ArrivalRate::appendSteps(const Read& read, std::deque<Step>& steps) {
    if (read.interval <= 0.0) {
        return; // the first read: no interval before it
    }
    const double perFrame = read.interval / static_cast<double>(read.frames);
    for (std::size_t frame = 0; frame < std::min(read.frames, kMostSamples); ++frame) {
        steps.push_back({read.arrival, perFrame});
    }
}

std::optional<double> ArrivalRate::frameTime() const {
    std::deque<Step> steps = steps_;
    if (read_) {
        appendSteps(*read_, steps);
    }
    if (steps.size() < kLeastSamples) {
        return std::nullopt;
    }
    std::vector<double> seconds;
    seconds.reserve(steps.size());
    for (const Step& step : steps) {
        seconds.push_back(step.seconds);
    }
    const auto middle = seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2);
    std::nth_element(seconds.begin(), middle, seconds.end());
    return *middle;
}

void ArrivalRate::clear() {
    steps_.clear();
    read_.reset();
}

} // namespace bvh::live
