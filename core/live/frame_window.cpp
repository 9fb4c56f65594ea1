#include "core/live/frame_window.h"

#include <algorithm>
#include <cmath>

namespace bvh::live {

std::size_t FrameWindow::capacityFor(std::uint32_t channelCount, double frameTime,
                                     double keepSeconds) {
    if (!(frameTime > 0.0) || !(keepSeconds > 0.0)) {
        return 1;
    }
    const double most =
        static_cast<double>(kMostWindowValues / std::max<std::uint32_t>(channelCount, 1));
    const double frames = std::min(std::ceil(keepSeconds / frameTime), most);
    return frames >= 1.0 ? static_cast<std::size_t>(frames) : 1;
}

FrameWindow::FrameWindow(std::uint32_t channelCount, double frameTime, double keepSeconds)
    : channelCount_(channelCount), capacity_(capacityFor(channelCount, frameTime, keepSeconds)),
      values_(capacity_ * channelCount), numbers_(capacity_) {}

bool FrameWindow::push(std::uint64_t number, std::span<const float> values) {
    if (values.size() != channelCount_ || (size_ > 0 && number <= numberAt(size_ - 1))) {
        return false;
    }
    std::size_t slot = 0;
    if (size_ < capacity_) {
        slot = slotOf(size_);
        ++size_;
    } else {
        slot = head_; // the oldest goes
        head_ = (head_ + 1) % capacity_;
    }
    std::copy(values.begin(), values.end(),
              values_.begin() + static_cast<std::ptrdiff_t>(slot * channelCount_));
    numbers_[slot] = number;
    ++framesPushed_;
    return true;
}

void FrameWindow::clear() {
    head_ = 0;
    size_ = 0;
    framesPushed_ = 0;
}

std::uint64_t FrameWindow::firstFrame() const {
    return size_ > 0 ? numberAt(0) : 0;
}

std::uint64_t FrameWindow::endFrame() const {
    return size_ > 0 ? numberAt(size_ - 1) + 1 : 0;
}

std::span<const float> FrameWindow::at(std::size_t i) const {
    return std::span(values_).subspan(slotOf(i) * channelCount_, channelCount_);
}

std::uint64_t FrameWindow::numberAt(std::size_t i) const {
    return numbers_[slotOf(i)];
}

std::optional<std::size_t> FrameWindow::indexAtOrBefore(std::uint64_t number) const {
    if (size_ == 0 || number < numberAt(0)) {
        return std::nullopt;
    }
    // Numbers increase with the index: binary search over the ring.
    std::size_t low = 0;
    std::size_t high = size_; // numberAt(low) <= number < numberAt(high) (high virtual)
    while (high - low > 1) {
        const std::size_t middle = low + (high - low) / 2;
        if (numberAt(middle) <= number) {
            low = middle;
        } else {
            high = middle;
        }
    }
    return low;
}

std::optional<std::span<const float>> FrameWindow::find(std::uint64_t number) const {
    const std::optional<std::size_t> index = indexAtOrBefore(number);
    if (!index || numberAt(*index) != number) {
        return std::nullopt;
    }
    return at(*index);
}

} // namespace bvh::live
