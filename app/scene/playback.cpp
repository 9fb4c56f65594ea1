#include "app/scene/playback.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::scene {

void Playback::setClip(double durationSeconds, double frameTimeSeconds) {
    const bool rangeWasFull = rangeStart_ <= 0.0 && rangeEnd_ >= duration_;
    duration_ = std::max(durationSeconds, 0.0);
    frameTime_ = frameTimeSeconds > 0.0 ? frameTimeSeconds : 1.0 / 30.0;
    if (rangeWasFull) {
        setRange(0.0, duration_);
    } else {
        setRange(rangeStart_, rangeEnd_);
    }
    time_ = std::clamp(time_, 0.0, duration_);
}

void Playback::update(double wallSeconds) {
    if (!playing_ || wallSeconds <= 0.0) {
        return;
    }
    const double length = rangeEnd_ - rangeStart_;
    if (length <= 0.0) {
        time_ = rangeStart_;
        return;
    }
    double next = time_ + direction_ * speed_ * wallSeconds;
    if (next > rangeEnd_ || next < rangeStart_) {
        if (loop_) {
            next = rangeStart_ + std::fmod(std::fmod(next - rangeStart_, length) + length, length);
        } else {
            next = std::clamp(next, rangeStart_, rangeEnd_);
            playing_ = false;
        }
    }
    time_ = next;
}

std::int64_t Playback::frame() const {
    return static_cast<std::int64_t>(std::llround(time_ / frameTime_));
}

std::int64_t Playback::lastFrame() const {
    return static_cast<std::int64_t>(std::llround(duration_ / frameTime_));
}

double Playback::timeOfFrame(std::int64_t frame) const {
    return static_cast<double>(frame) * frameTime_;
}

void Playback::togglePlay() {
    if (!playing_ && direction_ > 0 && time_ >= rangeEnd_ && !loop_) {
        time_ = rangeStart_; // play again from the start rather than not at all
    }
    playing_ = !playing_;
}

void Playback::setSpeed(double speed) {
    speed_ = std::clamp(speed, kMinSpeed, kMaxSpeed);
}

void Playback::seek(double timeSeconds) {
    time_ = std::clamp(std::isfinite(timeSeconds) ? timeSeconds : 0.0, 0.0, duration_);
}

void Playback::step(int frames) {
    const std::int64_t target = std::clamp<std::int64_t>(frame() + frames, 0, lastFrame());
    seekFrame(target);
}

void Playback::shuttleForward() {
    if (playing_ && direction_ > 0) {
        setSpeed(speed_ * 2.0);
    } else {
        direction_ = 1;
        setSpeed(1.0);
        playing_ = true;
    }
}

void Playback::shuttleBackward() {
    if (playing_ && direction_ < 0) {
        setSpeed(speed_ * 2.0);
    } else {
        direction_ = -1;
        setSpeed(1.0);
        playing_ = true;
    }
}

void Playback::markIn() {
    setRange(time_, std::max(time_, rangeEnd_));
}

void Playback::markOut() {
    setRange(std::min(rangeStart_, time_), time_);
}

void Playback::setRange(double start, double end) {
    rangeStart_ = std::clamp(start, 0.0, duration_);
    rangeEnd_ = std::clamp(end, rangeStart_, duration_);
}

} // namespace bvhscope::scene
