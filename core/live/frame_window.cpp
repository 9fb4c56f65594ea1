#include "core/live/frame_window.h"

#include <algorithm>
#include <cmath>

namespace bvh::live {

std::size_t FrameWindow::frameBytes(std::uint32_t channelCount) {
    return std::size_t{channelCount} * sizeof(float) + sizeof(std::uint64_t);
}

std::size_t FrameWindow::capacityFor(std::uint32_t channelCount, double frameTime,
                                     double keepSeconds) {
    if (!(frameTime > 0.0) || !(keepSeconds > 0.0)) {
        return 1;
    }
    const double most = static_cast<double>(kMostWindowBytes / frameBytes(channelCount));
    const double frames = std::min(std::ceil(keepSeconds / frameTime), most);
    return frames >= 1.0 ? static_cast<std::size_t>(frames) : 1;
}

FrameWindow::FrameWindow(std::uint32_t channelCount, double frameTime, double keepSeconds)
    : channelCount_(channelCount), capacity_(capacityFor(channelCount, frameTime, keepSeconds)),
      framesPerBlock_(
          std::clamp<std::size_t>(kWindowBlockBytes / frameBytes(channelCount), 1, capacity_)) {}

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
    const std::size_t blockIndex = slot / framesPerBlock_;
    if (blockIndex == blocks_.size()) {
        // Slots are first used in order (the ring wraps only once full): the block comes when
        // its first frame does.
        const std::size_t frames =
            std::min(framesPerBlock_, capacity_ - blockIndex * framesPerBlock_);
        Block& block = blocks_.emplace_back();
        block.values.resize(frames * channelCount_);
        block.numbers.resize(frames);
    }
    Block& block = blocks_[blockIndex];
    const std::size_t within = slot % framesPerBlock_;
    std::copy(values.begin(), values.end(),
              block.values.begin() + static_cast<std::ptrdiff_t>(within * channelCount_));
    block.numbers[within] = number;
    ++framesPushed_;
    return true;
}

void FrameWindow::clear() {
    head_ = 0;
    size_ = 0;
    framesPushed_ = 0;
}

std::size_t FrameWindow::allocatedBytes() const {
    std::size_t bytes = 0;
    for (const Block& block : blocks_) {
        bytes += block.values.capacity() * sizeof(float) +
                 block.numbers.capacity() * sizeof(std::uint64_t);
    }
    return bytes;
}

std::uint64_t FrameWindow::firstFrame() const {
    return size_ > 0 ? numberAt(0) : 0;
}

std::uint64_t FrameWindow::endFrame() const {
    return size_ > 0 ? numberAt(size_ - 1) + 1 : 0;
}

std::span<const float> FrameWindow::at(std::size_t i) const {
    const std::size_t slot = slotOf(i);
    return std::span(blockOf(slot).values)
        .subspan((slot % framesPerBlock_) * channelCount_, channelCount_);
}

std::uint64_t FrameWindow::numberAt(std::size_t i) const {
    const std::size_t slot = slotOf(i);
    return blockOf(slot).numbers[slot % framesPerBlock_];
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
