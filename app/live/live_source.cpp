#include "app/live/live_source.h"

#include "core/live/stream_format.h"

#include <algorithm>

namespace bvhscope::live {
namespace {

constexpr std::size_t kLatencySamples = 256;

} // namespace

bool sameSkeleton(const bvh::Skeleton& a, const bvh::Skeleton& b) {
    return a.names == b.names && a.parents == b.parents && a.offsets == b.offsets &&
           a.channelNames == b.channelNames && a.channels == b.channels &&
           a.isEndSite == b.isEndSite;
}

LiveSource::~LiveSource() {
    stop();
}

void LiveSource::start() {
    if (thread_.joinable()) {
        return;
    }
    stopping_ = false;
    rateWindowStart_ = LiveClock::now();
    thread_ = std::thread([this] {
        run();
        updateStatus([](LiveStatus& status) { status.connection = LiveStatus::Connection::Ended; });
        ready_.notify_all();
    });
}

void LiveSource::stop() {
    {
        std::lock_guard lock(sleepMutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) {
        thread_.join();
    }
}

bool LiveSource::sleepUnlessStopped(std::chrono::milliseconds duration) {
    std::unique_lock lock(sleepMutex_);
    return !wake_.wait_for(lock, duration, [this] { return stopping_.load(); });
}

std::size_t LiveSource::frameBytes(const bvh::live::LiveFrame& frame) {
    return frame.values.size() * sizeof(float) + frame.valueText.size() + sizeof(LiveEvent);
}

bool LiveSource::waitForQueueRoom() {
    std::unique_lock lock(mutex_);
    while (queuedFrameBytes_ > kMostQueuedBytes / 2 && !stopping()) {
        taken_.wait_for(lock, std::chrono::milliseconds(50));
    }
    return !stopping();
}

bool LiveSource::hasEvents() const {
    std::lock_guard lock(mutex_);
    return !queue_.empty();
}

void LiveSource::setWake(std::function<void()> wake) {
    std::lock_guard lock(mutex_);
    consumerWake_ = std::move(wake);
}

void LiveSource::publish(LiveEvent event) {
    std::function<void()> wake;
    {
        std::lock_guard lock(mutex_);
        if (queue_.empty()) {
            wake = consumerWake_;
        }
        queue_.push_back(std::move(event));
    }
    ready_.notify_one();
    if (wake) {
        wake();
    }
}

void LiveSource::countFrameRate(std::size_t frames, LiveClock::time_point now) {
    framesInRateWindow_ += frames;
    const double elapsed = std::chrono::duration<double>(now - rateWindowStart_).count();
    if (elapsed >= 1.0) {
        status_.framesPerSecond = static_cast<double>(framesInRateWindow_) / elapsed;
        rateWindowStart_ = now;
        framesInRateWindow_ = 0;
    }
}

void LiveSource::publishFrames(std::vector<bvh::live::LiveFrame>& frames,
                               LiveClock::time_point receivedAt) {
    if (frames.empty()) {
        return;
    }
    std::function<void()> wake;
    {
        std::lock_guard lock(mutex_);
        if (queue_.empty()) {
            wake = consumerWake_;
        }
        for (bvh::live::LiveFrame& frame : frames) {
            const std::size_t bytes = frameBytes(frame);
            if (queuedFrameBytes_ + bytes > kMostQueuedBytes) {
                ++status_.framesDropped;
                continue;
            }
            queuedFrameBytes_ += bytes;
            LiveEvent event;
            event.kind = LiveEvent::Kind::Frame;
            event.frame = std::move(frame);
            event.receivedAt = receivedAt;
            queue_.push_back(std::move(event));
        }
        countFrameRate(frames.size(), receivedAt);
    }
    frames.clear();
    ready_.notify_one();
    if (wake) {
        wake();
    }
}

std::size_t LiveSource::take(std::vector<LiveEvent>& events, std::chrono::milliseconds wait) {
    std::unique_lock lock(mutex_);
    ready_.wait_for(lock, wait, [this] {
        return !queue_.empty() || status_.connection == LiveStatus::Connection::Ended;
    });
    const LiveClock::time_point now = LiveClock::now();
    const std::size_t count = queue_.size();
    for (LiveEvent& event : queue_) {
        if (event.kind == LiveEvent::Kind::Frame) {
            queuedFrameBytes_ -= frameBytes(event.frame);
            const double latency =
                std::chrono::duration<double, std::milli>(now - event.receivedAt).count();
            if (latencies_.size() < kLatencySamples) {
                latencies_.push_back(latency);
            } else {
                latencies_[nextLatency_] = latency;
            }
            nextLatency_ = (nextLatency_ + 1) % kLatencySamples;
        }
        events.push_back(std::move(event));
    }
    queue_.clear();
    taken_.notify_all();
    return count;
}

LiveStatus LiveSource::status() const {
    std::lock_guard lock(mutex_);
    LiveStatus status = status_;
    if (!latencies_.empty()) {
        std::vector<double> sorted = latencies_;
        std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
        status.latencyMilliseconds = sorted[sorted.size() / 2];
    }
    if (std::chrono::duration<double>(LiveClock::now() - rateWindowStart_).count() > 2.0) {
        status.framesPerSecond = 0.0; // nothing for two seconds
    }
    return status;
}

void LiveSource::publishDecoded(const bvh::live::StreamDecoder& decoder,
                                std::vector<bvh::live::LiveFrame>& frames, std::uint32_t connection,
                                LiveClock::time_point receivedAt) {
    updateStatus([&](LiveStatus& status) {
        status.counters = decoder.counters();
        status.mismatch = decoder.mismatch();
        status.format = bvh::live::streamFormatName(decoder.format());
        if (!decoder.problem().empty()) {
            status.lastError = decoder.problem();
        }
    });
    publishSkeletonIfChanged(decoder, connection);
    publishFrames(frames, receivedAt);
}

void LiveSource::publishSkeletonIfChanged(const bvh::live::StreamDecoder& decoder,
                                          std::uint32_t connection) {
    const bvh::Skeleton* skeleton = decoder.skeleton();
    if (skeleton == nullptr ||
        (skeleton == publishedSkeleton_ && decoder.skeletonGeneration() == publishedGeneration_ &&
         connection == publishedConnection_)) {
        return;
    }
    publishedSkeleton_ = skeleton;
    publishedGeneration_ = decoder.skeletonGeneration();
    publishedConnection_ = connection;
    publishSkeleton(std::make_shared<const bvh::Skeleton>(*skeleton), decoder.frameTime(),
                    decoder.frameTimeFromSender(), connection);
}

void LiveSource::publishSkeleton(std::shared_ptr<const bvh::Skeleton> skeleton, double frameTime,
                                 bool frameTimeFromSender, std::uint32_t connection) {
    LiveEvent event;
    event.kind = LiveEvent::Kind::Skeleton;
    event.connection = connection;
    event.skeleton = std::move(skeleton);
    event.frameTime = frameTime;
    event.frameTimeFromSender = frameTimeFromSender;
    const bool changed = lastPublished_ && (!sameSkeleton(*lastPublished_, *event.skeleton) ||
                                            lastFrameTime_ != event.frameTime);
    lastPublished_ = event.skeleton;
    lastFrameTime_ = event.frameTime;
    updateStatus([&](LiveStatus& status) {
        ++status.skeletons;
        status.skeletonChanges += changed ? 1 : 0;
    });
    publish(std::move(event));
}

} // namespace bvhscope::live
