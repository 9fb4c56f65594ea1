#include "app/viewer/live/take_recording.h"

#include "app/live/take_recorder.h"
#include "core/platform/utf8_path.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <system_error>
#include <utility>

namespace bvhscope::viewer {

using bvhscope::live::LiveEvent;

TakeRecording::TakeRecording(std::filesystem::path output,
                             std::shared_ptr<const bvh::Skeleton> skeleton, double frameTime,
                             bool frameTimeFromSender)
    : output_(std::move(output)) {
    thread_ = std::thread(
        [this, skeleton = std::move(skeleton), frameTime, frameTimeFromSender]() mutable {
            run(std::move(skeleton), frameTime, frameTimeFromSender);
        });
}

TakeRecording::~TakeRecording() {
    stop();
}

void TakeRecording::add(LiveEvent event) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) {
            return;
        }
        if (event.kind == LiveEvent::Kind::Frame) {
            if (queuedFrames_ >= kMostQueuedFrames) {
                ++framesDropped_;
                return;
            }
            ++queuedFrames_;
        }
        queue_.push_back(std::move(event));
    }
    ready_.notify_one();
}

void TakeRecording::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    ready_.notify_one();
    if (thread_.joinable()) {
        thread_.join();
    }
}

std::vector<std::string> TakeRecording::takeNotes() {
    std::lock_guard lock(mutex_);
    return std::exchange(notes_, {});
}

void TakeRecording::run(std::shared_ptr<const bvh::Skeleton> skeleton, double frameTime,
                        bool frameTimeFromSender) {
    bvhscope::live::TakeRecorder recorder({output_});
    std::vector<std::string> notes;
    LiveEvent first;
    first.kind = LiveEvent::Kind::Skeleton;
    first.skeleton = std::move(skeleton);
    first.frameTime = frameTime;
    first.frameTimeFromSender = frameTimeFromSender; // else measured from the frames' arrivals
    bool good = recorder.handle(first, notes);
    std::deque<LiveEvent> batch;
    auto lastFlush = std::chrono::steady_clock::now();
    for (;;) {
        bool stopping = false;
        {
            std::unique_lock lock(mutex_);
            ready_.wait_for(lock, std::chrono::milliseconds(250),
                            [this] { return stopping_ || !queue_.empty(); });
            batch.swap(queue_);
            queuedFrames_ = 0;
            stopping = stopping_;
        }
        for (const LiveEvent& event : batch) {
            if (good && !recorder.handle(event, notes)) {
                good = false;
                failed_ = true;
            }
            if (good && event.kind == LiveEvent::Kind::Frame) {
                framesRecorded_ = recorder.framesRecorded();
            }
        }
        batch.clear();
        // Rows reach the disk about once a second, also while the stream is slow.
        if (const auto now = std::chrono::steady_clock::now();
            now - lastFlush >= std::chrono::seconds(1)) {
            recorder.flush();
            lastFlush = now;
        }
        if (!notes.empty()) {
            std::lock_guard lock(mutex_);
            notes_.insert(notes_.end(), notes.begin(), notes.end());
            notes.clear();
        }
        if (stopping) {
            break;
        }
    }
    if (!recorder.finish(notes)) {
        failed_ = true;
    }
    framesRecorded_ = recorder.framesRecorded();
    std::lock_guard lock(mutex_);
    notes_.insert(notes_.end(), notes.begin(), notes.end());
}

std::filesystem::path takeFileName(const std::filesystem::path& folder, std::time_t when) {
    // std::localtime's buffer is shared: takes are named on the UI thread only.
    const std::tm* local = std::localtime(&when);
    const std::tm zero{};
    char stamp[64];
    std::strftime(stamp, sizeof stamp, "take-%Y-%m-%d_%H-%M-%S", local != nullptr ? local : &zero);
    std::error_code error;
    for (int n = 1;; ++n) {
        std::string name = stamp;
        if (n > 1) {
            name += "-" + std::to_string(n);
        }
        // The recorder's partial file is NAME.partial.bvh: neither may exist.
        const std::filesystem::path path = folder / (name + ".bvh");
        if (!std::filesystem::exists(path, error) &&
            !std::filesystem::exists(folder / (name + ".partial.bvh"), error)) {
            return path;
        }
    }
}

std::filesystem::path defaultTakeFolder() {
#ifdef _WIN32
    const char* home = std::getenv("USERPROFILE");
#else
    const char* home = std::getenv("HOME");
#endif
    const std::filesystem::path base =
        home != nullptr && *home != '\0' ? bvh::pathFromUtf8(home) : std::filesystem::path(".");
    return base / "bvhscope-takes";
}

} // namespace bvhscope::viewer
