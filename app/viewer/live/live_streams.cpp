#include "app/viewer/live/live_streams.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

std::optional<std::size_t> characterShowing(const scene::Scene& scene,
                                            const scene::LiveFrames* frames) {
    const std::vector<scene::Character>& characters = scene.characters();
    for (std::size_t i = 0; i < characters.size(); ++i) {
        if (frames != nullptr && characters[i].liveFeed.frames.get() == frames) {
            return i;
        }
    }
    return std::nullopt;
}

namespace {

// The file character (not live) showing `path`.
std::optional<std::size_t> fileCharacter(const scene::Scene& scene, const std::string& path) {
    const std::vector<scene::Character>& characters = scene.characters();
    for (std::size_t i = 0; i < characters.size(); ++i) {
        if (!characters[i].isLive() && !characters[i].loading() &&
            characters[i].clip->sourcePath == path) {
            return i;
        }
    }
    return std::nullopt;
}

} // namespace

void LiveStreams::followGrowingFiles(const scene::Scene& scene) {
    std::vector<std::string> paths;
    for (const scene::Character& character : scene.characters()) {
        if (!character.isLive() && !character.loading() && !character.clip->sourcePath.empty()) {
            paths.push_back(character.clip->sourcePath);
        }
    }
    if (paths != watchedPaths_) {
        if (!fileWatch_) {
            fileWatch_ = std::make_unique<FileGrowthWatch>();
        }
        watchedPaths_ = paths;
        fileWatch_->watch(std::move(paths));
    }
    if (!fileWatch_) {
        return;
    }
    for (const std::string& path : fileWatch_->takeChanged()) {
        if (const std::optional<std::size_t> index = fileCharacter(scene, path)) {
            add(openGrowingFile(path, scene.characters()[*index].clip->displayName, windowSeconds));
        }
    }
}

bool LiveStreams::open(const LiveStreamRequest& request, std::string& error) {
    std::unique_ptr<LiveStream> stream = openLiveStream(request, windowSeconds, error);
    if (!stream) {
        return false;
    }
    add(std::move(stream));
    return true;
}

void LiveStreams::setWake(std::function<void()> wake) {
    wake_ = std::move(wake);
    for (const std::unique_ptr<LiveStream>& stream : streams_) {
        stream->setWake(wake_);
    }
}

void LiveStreams::add(std::unique_ptr<LiveStream> stream) {
    stream->setWake(wake_);
    streams_.push_back(std::move(stream));
    entries_.push_back({});
    followingNow_ = true;
}

LiveStreams::Events LiveStreams::update(scene::Scene& scene, scene::UpAxisChoice upAxis,
                                        scene::UnitChoice unit) {
    Events events;
    for (std::size_t s = 0; s < streams_.size(); ++s) {
        LiveStream& stream = *streams_[s];
        Entry& entry = entries_[s];
        std::optional<std::size_t> index = characterShowing(scene, entry.shown.get());
        if (entry.shown && !index) {
            stream.close(); // the user removed its character
            entry.shown.reset();
            continue;
        }
        LiveStream::PumpOutcome outcome = stream.pump();
        events.notices.insert(events.notices.end(), outcome.notices.begin(), outcome.notices.end());
        if (!index && !stream.sourcePath().empty()) {
            index = fileCharacter(scene, stream.sourcePath()); // the file it now follows
        }
        if (outcome.skeletonChanged && stream.frames()) {
            scene::Character character =
                scene::makeLiveCharacter(stream.name(), stream.sourcePath(), *stream.skeleton(),
                                         stream.frameTime(), stream.frames());
            scene::setLiveRate(character, stream.frameTime(), stream.rate().origin());
            scene::applyAxes(character, upAxis, unit);
            if (index) {
                scene::Character& old = scene.characters()[*index];
                scene::keepAppearanceOf(character, old);
                scene::setUpAxisOverride(character, old.axes.upAxisOverride);
                old = std::move(character);
                events.reshaped = true;
            } else {
                scene.add(std::move(character));
                index = scene.characters().size() - 1;
                events.added = true;
            }
            entry.shown = stream.frames();
        }
        if (outcome.rateChanged && index && stream.frames()) {
            scene::setLiveRate(scene.characters()[*index], stream.frameTime(),
                               stream.rate().origin());
            events.framesArrived = true; // the timeline's length changed
        }
        if (outcome.framesArrived && index) {
            scene::Character& character = scene.characters()[*index];
            const bool firstFrames = character.liveFeed.frameCount == 0;
            if (scene::refreshLiveCharacter(character)) {
                scene::applyAxes(character, upAxis, unit);
                (firstFrames ? events.reshaped : events.restood) = true;
            }
            events.framesArrived = true;
        }
    }
    return events;
}

void LiveStreams::awaitFreshFrame() {
    if (!followingNow_) {
        return;
    }
    for (const std::unique_ptr<LiveStream>& stream : streams_) {
        if (!stream->closed() && stream->frames() && stream->sourcePath().empty()) {
            const auto frame = std::chrono::duration_cast<std::chrono::microseconds>(
                std::chrono::duration<double>(stream->frameTime()));
            stream->awaitFreshFrame(
                std::min<std::chrono::microseconds>(frame, kMostFreshFrameWait));
            return;
        }
    }
}

void LiveStreams::posesSampled(bvhscope::live::LiveClock::time_point now) {
    for (const std::unique_ptr<LiveStream>& stream : streams_) {
        stream->poseSampled(now);
    }
}

void LiveStreams::noticeUserTime(double playbackTime) {
    if (followingNow_ && timePut_ && std::abs(playbackTime - *timePut_) > 1e-9) {
        followingNow_ = false;
    }
    timePut_.reset();
}

std::optional<double> LiveStreams::nowTime(const scene::Scene& scene) const {
    if (!followingNow_) {
        return std::nullopt;
    }
    std::optional<double> newest;
    for (const scene::Character& character : scene.characters()) {
        if (character.isLive() && character.liveFeed.frameCount > 0) {
            newest = std::max(newest.value_or(0.0), scene::playableDuration(character));
        }
    }
    return newest;
}

bool LiveStreams::startRecording(const std::filesystem::path& folder, std::string& error) {
    bool any = false;
    for (const std::unique_ptr<LiveStream>& stream : streams_) {
        if (!stream->closed()) {
            if (!stream->startRecording(folder, error)) {
                return false;
            }
            any = true;
        }
    }
    if (!any) {
        error = "no live stream to record: File > Connect to live stream...";
    }
    return any;
}

std::vector<std::string> LiveStreams::stopRecording() {
    std::vector<std::string> notes;
    for (const std::unique_ptr<LiveStream>& stream : streams_) {
        for (std::string& note : stream->stopRecording()) {
            notes.push_back(std::move(note));
        }
    }
    return notes;
}

bool LiveStreams::recording() const {
    return std::ranges::any_of(streams_, [](const auto& stream) { return stream->recording(); });
}

void LiveStreams::closeAll() {
    for (const std::unique_ptr<LiveStream>& stream : streams_) {
        stream->close();
    }
}

bool LiveStreams::active() const {
    return (fileWatch_ && fileWatch_->anyChanged()) ||
           std::ranges::any_of(streams_, [](const auto& stream) { return stream->busy(); });
}

bool LiveStreams::pinsPlayback(const scene::Scene& scene) const {
    return followingNow_ && !streams_.empty() &&
           std::ranges::all_of(scene.characters(), [](const scene::Character& character) {
               return character.isLive();
           });
}

bool LiveStreams::awaitingFirstFrames(const scene::Scene& scene) const {
    for (std::size_t s = 0; s < streams_.size(); ++s) {
        if (streams_[s]->closed()) {
            continue;
        }
        const std::optional<std::size_t> index = characterShowing(scene, entries_[s].shown.get());
        if (!index || scene.characters()[*index].liveFeed.frameCount == 0) {
            return true;
        }
    }
    return false;
}

} // namespace bvhscope::viewer
