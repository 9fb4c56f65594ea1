#include "app/viewer/live/live_stream.h"

#include "app/live/growing_file_source.h"
#include "app/live/tcp_client_source.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

#include <algorithm>
#include <ctime>
#include <system_error>

namespace bvhscope::viewer {

using bvhscope::live::LiveClock;
using bvhscope::live::LiveEvent;

namespace {

constexpr std::size_t kLatencySamples = 256;

std::string mismatchText(const bvh::live::CountMismatch& mismatch) {
    return "the stream sends " + std::to_string(mismatch.received) +
           " values a frame, the skeleton has " + std::to_string(mismatch.expected) +
           " channels: those frames are skipped";
}

double median(std::vector<double> values) {
    if (values.empty()) {
        return 0.0;
    }
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

} // namespace

LiveStream::LiveStream(std::string name, std::unique_ptr<bvhscope::live::LiveSource> source,
                       double windowSeconds)
    : name_(std::move(name)), source_(std::move(source)),
      windowSeconds_(std::clamp(windowSeconds, kLeastLiveWindowSeconds, kMostLiveWindowSeconds)) {
    source_->start();
}

LiveStream::~LiveStream() {
    close();
}

void LiveStream::close() {
    if (source_) {
        lastSourceStatus_ = source_->status();
        source_->stop();
        source_.reset();
        lastSourceStatus_.connection = bvhscope::live::LiveStatus::Connection::Ended;
    }
    finishRecording();
}

bool LiveStream::busy() const {
    if (!source_) {
        return false;
    }
    const bvhscope::live::LiveStatus now = source_->status();
    // A status not shown yet (a followed file that became unreadable, or readable again)
    // wakes the viewer: the status line never says what no longer holds.
    const bool statusChanged = now.connection != lastSourceStatus_.connection ||
                               now.lastError != lastSourceStatus_.lastError ||
                               now.reconnectAttempts != lastSourceStatus_.reconnectAttempts;
    return source_->hasEvents() || now.framesPerSecond > 0.0 || statusChanged;
}

void LiveStream::setWake(std::function<void()> wake) {
    if (source_) {
        source_->setWake(std::move(wake));
    }
}

LiveStream::PumpOutcome LiveStream::pump() {
    PumpOutcome outcome;
    if (!source_) {
        return outcome;
    }
    source_->take(events_, std::chrono::milliseconds(0)); // after any awaitFreshFrame took
    for (const LiveEvent& event : events_) {
        switch (event.kind) {
        case LiveEvent::Kind::Skeleton:
            handleSkeleton(event, outcome);
            break;
        case LiveEvent::Kind::Connected:
            if (sourcePath_.empty()) {
                outcome.notices.push_back(name_ + ": connected");
            } else if (event.connection > 1) {
                skeleton_.reset(); // rewritten: its header makes a new take, even if the same
            }
            break;
        case LiveEvent::Kind::Disconnected:
            outcome.notices.push_back(name_ + ": " + event.text +
                                      (sourcePath_.empty() ? "; reconnecting" : "; reloading"));
            break;
        case LiveEvent::Kind::Frame:
            break;
        }
    }
    pushNewestFrames(events_, outcome);
    if (recording_) {
        for (LiveEvent& event : events_) {
            recording_->add(std::move(event));
        }
        for (std::string& note : recording_->takeNotes()) {
            outcome.notices.push_back(name_ + ": " + note);
        }
    }
    events_.clear();
    lastSourceStatus_ = source_->status();
    // A value count other than the skeleton's: said once per pair of numbers, the frames not
    // drawn (the decoder skips them).
    const std::optional<bvh::live::CountMismatch>& mismatch = lastSourceStatus_.mismatch;
    if (mismatch && (!mismatchSaid_ || mismatchSaid_->expected != mismatch->expected ||
                     mismatchSaid_->received != mismatch->received)) {
        outcome.notices.push_back(name_ + ": " + mismatchText(*mismatch));
        mismatchSaid_ = mismatch;
    }
    return outcome;
}

void LiveStream::handleSkeleton(const LiveEvent& event, PumpOutcome& outcome) {
    if (!event.skeleton) {
        return;
    }
    if (skeleton_ && frames_ && bvhscope::live::sameSkeleton(*skeleton_, *event.skeleton) &&
        event.frameTime == frameTime_) {
        return; // the same header again after a reconnection: the take goes on
    }
    skeleton_ = event.skeleton;
    frameTime_ = event.frameTime > 0.0 ? event.frameTime : bvh::live::kDefaultLiveFrameTime;
    frameTimeFromSender_ = event.frameTimeFromSender;
    rate_.reset(frameTime_, frameTimeFromSender_);
    frames_ = std::make_shared<scene::LiveFrames>(
        static_cast<std::uint32_t>(skeleton_->totalChannels()), frameTime_, windowSeconds_);
    outcome.skeletonChanged = true;
}

void LiveStream::pushNewestFrames(std::vector<LiveEvent>& events, PumpOutcome& outcome) {
    // Frames before the last skeleton of this pump were for the skeleton it replaced: its
    // character is replaced too, so they are not shown (the recording still gets them).
    std::size_t start = 0;
    std::size_t frameEvents = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (events[i].kind == LiveEvent::Kind::Frame) {
            ++frameEvents;
            ++framesReceived_;
        } else if (events[i].kind == LiveEvent::Kind::Skeleton && outcome.skeletonChanged) {
            start = i + 1;
            framesNotShown_ += frameEvents;
            frameEvents = 0;
        }
    }
    if (frameEvents == 0) {
        return;
    }
    if (!frames_) {
        framesNotShown_ += frameEvents; // no skeleton to show them on
        return;
    }
    // Only the newest kMostFramesShownPerPump: older ones of a flood would be evicted by the
    // newer ones within this very pump, or be frames nobody can see.
    std::size_t skip =
        frameEvents > mostFramesShownPerPump_ ? frameEvents - mostFramesShownPerPump_ : 0;
    framesNotShown_ += skip;
    std::lock_guard lock(frames_->mutex);
    bvh::live::FrameWindow& window = frames_->window;
    for (std::size_t i = start; i < events.size(); ++i) {
        const LiveEvent& event = events[i];
        if (event.kind != LiveEvent::Kind::Frame) {
            continue;
        }
        // Every frame of this skeleton counts for the rate, shown or not.
        const double arrival =
            std::chrono::duration<double>(event.receivedAt.time_since_epoch()).count();
        outcome.rateChanged = rate_.add(arrival, 1) || outcome.rateChanged;
        if (skip > 0) {
            --skip;
            continue;
        }
        if (event.frame.values.size() != window.channelCount()) {
            ++framesNotShown_;
            continue;
        }
        if (!frames_->started) {
            frames_->firstNumber = event.frame.number;
            frames_->started = true;
        }
        if (window.push(event.frame.number, event.frame.values)) {
            outcome.framesArrived = true;
            newestUnsampled_ = event.receivedAt;
        } else {
            ++framesNotShown_;
        }
    }
}

void LiveStream::awaitFreshFrame(std::chrono::microseconds budget) {
    if (!source_ ||
        lastSourceStatus_.connection != bvhscope::live::LiveStatus::Connection::Connected) {
        return;
    }
    const LiveClock::time_point start = LiveClock::now();
    source_->take(events_, std::chrono::milliseconds(0));
    for (auto event = events_.rbegin(); event != events_.rend(); ++event) {
        if (event->kind == LiveEvent::Kind::Frame) {
            if (start - event->receivedAt < std::chrono::milliseconds(1)) {
                return; // fresh enough
            }
            break;
        }
    }
    // The queue is empty now: the next event wakes this.
    const auto deadline = start + budget;
    while (LiveClock::now() < deadline) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - LiveClock::now() + std::chrono::microseconds(999));
        if (source_->take(events_, left) > 0) {
            return;
        }
    }
}

void LiveStream::poseSampled(LiveClock::time_point now) {
    if (!newestUnsampled_) {
        return;
    }
    const double milliseconds =
        std::chrono::duration<double, std::milli>(now - *newestUnsampled_).count();
    newestUnsampled_.reset();
    if (latencies_.size() < kLatencySamples) {
        latencies_.push_back(milliseconds);
    } else {
        latencies_[nextLatency_] = milliseconds;
        nextLatency_ = (nextLatency_ + 1) % kLatencySamples;
    }
}

bool LiveStream::startRecording(const std::filesystem::path& folder, std::string& error) {
    if (recording_) {
        return true;
    }
    if (!skeleton_) {
        error = name_ + ": nothing to record yet (the stream's skeleton is not known)";
        return false;
    }
    std::error_code problem;
    std::filesystem::create_directories(folder, problem);
    if (!std::filesystem::is_directory(folder, problem)) {
        error = "cannot record into " + bvh::utf8FromPath(folder) +
                (problem ? ": " + problem.message() : ": not a folder");
        return false;
    }
    recording_ = std::make_unique<TakeRecording>(takeFileName(folder, std::time(nullptr)),
                                                 skeleton_, frameTime_, frameTimeFromSender_);
    return true;
}

std::vector<std::string> LiveStream::stopRecording() {
    return finishRecording();
}

std::vector<std::string> LiveStream::finishRecording() {
    std::vector<std::string> notes;
    if (!recording_) {
        return notes;
    }
    recording_->stop();
    for (std::string& note : recording_->takeNotes()) {
        notes.push_back(name_ + ": " + note);
    }
    if (recording_->failed()) {
        notes.push_back(name_ + ": the take " + bvh::utf8FromPath(recording_->output()) +
                        " was not saved");
    } else {
        takesWritten_.push_back(recording_->output()); // the recorder said "wrote FILE: N frames"
    }
    recording_.reset();
    return notes;
}

LiveStreamStatus LiveStream::status() const {
    LiveStreamStatus status;
    status.name = name_;
    status.followsFile = !sourcePath_.empty();
    status.source = lastSourceStatus_;
    status.framesReceived = framesReceived_;
    status.framesNotShown = framesNotShown_;
    if (frames_) {
        std::lock_guard lock(frames_->mutex);
        status.windowFrames = frames_->window.size();
        status.windowSeconds = static_cast<double>(frames_->window.capacity()) * rate_.frameTime();
    }
    status.latencyMilliseconds = median(latencies_);
    status.latencySamples = latencies_.size();
    if (const auto& mismatch = status.source.mismatch) {
        status.mismatch = mismatchText(*mismatch);
    }
    status.recording = recording_ != nullptr;
    if (recording_) {
        status.recordingFile = recording_->output();
        status.framesRecorded = recording_->framesRecorded();
        status.recordingDropped = recording_->framesDropped();
    }
    status.takesWritten = takesWritten_;
    return status;
}

std::unique_ptr<LiveStream> openLiveStream(const LiveStreamRequest& request, double windowSeconds,
                                           std::string& error) {
    if (request.datagram) {
        if (!request.skeletonPath.empty()) {
            error = request.address() + " names its own bones: it takes no skeleton file";
            return nullptr;
        }
        auto source = bvhscope::live::openDatagramSource(*request.datagram, error);
        if (!source) {
            return nullptr;
        }
        return std::make_unique<LiveStream>(request.address(), std::move(source), windowSeconds);
    }
    if (!checkLiveHost(request.host, error)) {
        return nullptr;
    }
    bvhscope::live::TcpSourceOptions options;
    options.host = request.host;
    options.port = request.port;
    options.format = request.format;
    if (!request.skeletonPath.empty()) {
        bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(request.skeletonPath));
        if (!document.loaded()) {
            error = "the skeleton " + request.skeletonPath + " does not load";
            for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
                if (diagnostic.severity == bvh::Severity::Error) {
                    error += ": " + bvh::formatDiagnostic(request.skeletonPath, diagnostic);
                    break;
                }
            }
            return nullptr;
        }
        options.decoder.skeleton = std::move(document.skeleton);
        if (!document.motion.frameTimeAssumed) {
            options.decoder.frameTime = document.motion.frameTime;
        }
    } else if (request.format == bvh::live::StreamFormat::Lines) {
        error = "a lines stream needs a skeleton file (its rows carry no skeleton)";
        return nullptr;
    }
    return std::make_unique<LiveStream>(
        request.address(), std::make_unique<bvhscope::live::TcpClientSource>(std::move(options)),
        windowSeconds);
}

std::unique_ptr<LiveStream> openGrowingFile(const std::string& path, std::string displayName,
                                            double windowSeconds) {
    bvhscope::live::GrowingFileOptions options;
    options.path = bvh::pathFromUtf8(path);
    options.format = bvh::live::StreamFormat::Bvh;
    auto stream = std::make_unique<LiveStream>(
        std::move(displayName),
        std::make_unique<bvhscope::live::GrowingFileSource>(std::move(options)), windowSeconds);
    stream->followsFile(path);
    return stream;
}

} // namespace bvhscope::viewer
