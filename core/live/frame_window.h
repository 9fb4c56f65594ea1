// The last N seconds of a live stream in memory, for scrubbing back while frames keep arriving;
// older frames are on disk (take_writer.h) or gone. A ring of `capacity` frames of `channels`
// floats and a frame number each, whose storage grows in blocks of about kWindowBlockBytes as
// frames arrive (never up front: a window sized for hours of a stream that sends a few frames
// costs those frames), and whose total, values and numbers together, is at most
// kMostWindowBytes whatever the stream's header says.
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

// The most memory one window holds, frame values and frame numbers together: 256 MiB, 1/32 of
// an 8 GiB laptop, so a few streams open at once leave the machine its memory. It holds the
// default 120 s of a 354-channel Axis Neuron stream at 1000 Hz (171 MiB) and 26 minutes of it at
// 120 Hz; a header that asks for more (a microsecond Frame Time, 20 000 joints) gets a shorter
// window, never gigabytes. A frame larger than this still gets a window of one frame.
inline constexpr std::size_t kMostWindowBytes = std::size_t{256} << 20;
// The storage grows by blocks of about this much (at least one frame each).
inline constexpr std::size_t kWindowBlockBytes = std::size_t{1} << 20;

class FrameWindow {
public:
    // Room for ceil(keepSeconds / frameTime) frames (at least 1), clamped to what
    // kMostWindowBytes holds (frameBytes() each). frameTime and keepSeconds must be positive
    // (else 1 frame). Allocates nothing: storage comes with the frames (push).
    FrameWindow(std::uint32_t channelCount, double frameTime, double keepSeconds);

    // The capacity a window of these parameters has (see the constructor), without making one.
    static std::size_t capacityFor(std::uint32_t channelCount, double frameTime,
                                   double keepSeconds);

    // What one frame takes: its values and its number.
    static std::size_t frameBytes(std::uint32_t channelCount);

    // Stores a frame (values.size() must be channelCount(), number above the newest's), evicting
    // the oldest when full. Returns false (nothing stored) otherwise. Allocates the next block
    // when the frame is the first of it.
    bool push(std::uint64_t number, std::span<const float> values);
    // Empties the window; the storage allocated stays, for the frames to come.
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
    // Bytes of storage allocated for frames so far (values and numbers): at most capacity()
    // frames' worth, so at most kMostWindowBytes (one frame when a frame is larger).
    std::size_t allocatedBytes() const;

    // The i-th frame held, 0 the oldest (i < size()).
    std::span<const float> at(std::size_t i) const;
    std::uint64_t numberAt(std::size_t i) const;
    std::span<const float> newest() const { return at(size_ - 1); }
    // The frame with that number, if held.
    std::optional<std::span<const float>> find(std::uint64_t number) const;
    // Index (for at()) of the newest frame whose number is <= `number`, if any is held.
    std::optional<std::size_t> indexAtOrBefore(std::uint64_t number) const;

private:
    // framesPerBlock_ consecutive slots of the ring (the last block: what is left of capacity_).
    struct Block {
        std::vector<float> values;
        std::vector<std::uint64_t> numbers;
    };
    std::size_t slotOf(std::size_t i) const { return (head_ + i) % capacity_; }
    const Block& blockOf(std::size_t slot) const { return blocks_[slot / framesPerBlock_]; }

    std::uint32_t channelCount_;
    std::size_t capacity_;
    std::size_t framesPerBlock_;
    std::vector<Block> blocks_; // the first ceil(slots used / framesPerBlock_) blocks
    std::size_t head_ = 0;      // slot of the oldest
    std::size_t size_ = 0;
    std::uint64_t framesPushed_ = 0;
};

} // namespace bvh::live
