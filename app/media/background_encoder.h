// A VideoEncoder on its own thread, for the viewer's File > Export video: the UI thread draws
// pictures and hands them over without waiting for the encoder, and reads the progress each
// frame. The queue is bounded (kQueuedPictures): the drawing side asks hasRoom() before drawing
// the next picture, so memory stays a few pictures whatever the encoder's speed.
#pragma once

#include "app/media/video_encoder.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::media {

inline constexpr std::size_t kQueuedPictures = 3;

class BackgroundEncoder {
public:
    enum class Status : std::uint8_t { Running, Done, Failed, Cancelled };

    // Opens the encoder at once (so a bad path or size fails here, with `error`), then starts
    // the thread. `audio` and `palette` are kept alive by the encoder.
    static std::unique_ptr<BackgroundEncoder> start(const std::filesystem::path& target,
                                                    VideoSettings settings,
                                                    std::shared_ptr<const AudioClip> audio,
                                                    std::shared_ptr<const GifPalette> palette,
                                                    std::string& error);
    // Cancels (nothing is written) unless finished; waits for the thread.
    ~BackgroundEncoder();
    BackgroundEncoder(const BackgroundEncoder&) = delete;
    BackgroundEncoder& operator=(const BackgroundEncoder&) = delete;

    // Whether push() would not have to queue more than kQueuedPictures.
    bool hasRoom() const;
    // Queues a picture (width x height RGBA, tightly packed). False once the encoder failed or
    // was cancelled.
    bool push(std::vector<std::uint8_t> rgba);
    // No more pictures: the file is finished and renamed into place on the thread.
    void finish();
    // Stops as soon as possible; the temporary file is removed, the target untouched.
    void cancel();

    Status status() const;
    std::int64_t picturesEncoded() const;
    std::string error() const;

private:
    BackgroundEncoder() = default;
    void run();

    std::shared_ptr<const AudioClip> audio_;
    std::shared_ptr<const GifPalette> palette_;
    std::unique_ptr<VideoEncoder> encoder_;
    int width_ = 0;

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<std::uint8_t>> queue_;
    bool finishing_ = false;
    bool cancelled_ = false;
    Status status_ = Status::Running;
    std::int64_t encoded_ = 0;
    std::string error_;
    std::thread thread_; // last: started when everything above exists
};

} // namespace bvhscope::media
