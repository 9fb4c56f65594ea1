// The last N seconds of a live stream in memory, for scrubbing back while frames keep arriving;
// older frames are on disk (take_writer.h) or gone. A ring of `capacity x channels` floats,
// allocated once: memory is fixed whatever the stream does.
//
// Frame numbers keep counting (LiveFrame::number): the window holds frames
// [firstFrame(), endFrame()), at most capacity() of them. Numbers may skip (frames the sender
// dropped, a reconnection): a frame is stored at the slot after the newest, and a number at or
// below the newest is refused, so numbers in the window increase but need not be consecutive;
// find() looks a number up.
//
// Not thread safe: the viewer pushes and reads on its own thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace bvh::live {

// The longest window allowed, in floats (1 GiB of values): a configuration asking for more is
// clamped, so a mistyped "keep 10 hours" cannot take the machine's memory.
inline constexpr std::size_t kMostWindowValues = std::size_t{1} << 28;

class FrameWindow {
public:
    // Room for ceil(keepSeconds / frameTime) frames (at least 1), clamped to kMostWindowValues
    // values. frameTime and keepSeconds must be positive (else 1 frame).
    FrameWindow(std::uint32_t channelCount, double frameTime, double keepSeconds);

    // The capacity a window of these parameters has (see the constructor), without making one.
    static std::size_t capacityFor(std::uint32_t channelCount, double frameTime,
                                   double keepSeconds);

    // Stores a frame (values.size() must be channelCount(), number above the newest's), evicting
    // the oldest when full. Returns false (nothing stored) otherwise.
    bool push(std::uint64_t number, std::span<const float> values);
    void clear();

    std::uint32_t channelCount() const { return channelCount_; }
    std::size_t capacity() const { return capacity_; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    // Number of the oldest frame held, and one past the newest (both 0 when empty).
    std::uint64_t firstFrame() const;
    std::uint64_t endFrame() const;
    // Frames pushed since construction (or clear()), held or evicted.
    std::uint64_t framesPushed() const { return framesPushed_; }

    // The i-th frame held, 0 the oldest (i < size()).
    std::span<const float> at(std::size_t i) const;
    std::uint64_t numberAt(std::size_t i) const;
    std::span<const float> newest() const { return at(size_ - 1); }
    // The frame with that number, if held.
    std::optional<std::span<const float>> find(std::uint64_t number) const;
    // Index (for at()) of the newest frame whose number is <= `number`, if any is held.
    std::optional<std::size_t> indexAtOrBefore(std::uint64_t number) const;

private:
    std::size_t slotOf(std::size_t i) const { return (head_ + i) % capacity_; }

    std::uint32_t channelCount_;
    std::size_t capacity_;
    std::vector<float> values_;
    std::vector<std::uint64_t> numbers_;
    std::size_t head_ = 0; // slot of the oldest
    std::size_t size_ = 0;
    std::uint64_t framesPushed_ = 0;
};

} // namespace bvh::live
