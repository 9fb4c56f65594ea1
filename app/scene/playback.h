// Playback state: the current time, transport, speed, loop and the in/out range. Pure: the
// caller passes elapsed wall time to update(), so tests drive it without a clock.
#pragma once

#include <cstdint>

namespace bvhscope::scene {

inline constexpr double kMinSpeed = 0.1;
inline constexpr double kMaxSpeed = 4.0;

class Playback {
public:
    // A new clip length (seconds, last frame's time) and frame time. Keeps the current time
    // when it still fits; a range that covered the old clip grows to cover the new one.
    void setClip(double durationSeconds, double frameTimeSeconds);

    // Advances by `wallSeconds * speed` in the play direction when playing; wraps within the
    // range when looping, otherwise stops at its end.
    void update(double wallSeconds);

    double time() const { return time_; }
    double duration() const { return duration_; }
    double frameTime() const { return frameTime_; }
    bool playing() const { return playing_; }
    bool reverse() const { return direction_ < 0; }
    double speed() const { return speed_; }
    bool loop() const { return loop_; }
    double rangeStart() const { return rangeStart_; }
    double rangeEnd() const { return rangeEnd_; }

    // Frame numbers on the timeline's scale: round(time / frameTime).
    std::int64_t frame() const;
    std::int64_t lastFrame() const;
    double timeOfFrame(std::int64_t frame) const;

    void play() { playing_ = true; }
    void pause() { playing_ = false; }
    void togglePlay();
    void setSpeed(double speed);
    void setLoop(bool loop) { loop_ = loop; }
    // Clamped to [0, duration]; stepping and scrubbing pause nothing on their own.
    void seek(double timeSeconds);
    void seekFrame(std::int64_t frame) { seek(timeOfFrame(frame)); }
    void step(int frames);
    void toFirst() { seek(rangeStart_); }
    void toLast() { seek(rangeEnd_); }

    // J/K/L shuttle: L plays forward (again: twice as fast), J backwards, K pauses.
    void shuttleForward();
    void shuttleBackward();
    void shuttleStop() { pause(); }

    // The in/out range, marked at the current time with [ and ].
    void markIn();
    void markOut();
    void setRange(double start, double end);
    void clearRange() { setRange(0.0, duration_); }

private:
    double time_ = 0.0;
    double duration_ = 0.0;
    double frameTime_ = 1.0 / 30.0;
    bool playing_ = false;
    int direction_ = 1;
    double speed_ = 1.0;
    bool loop_ = true;
    double rangeStart_ = 0.0;
    double rangeEnd_ = 0.0;
};

} // namespace bvhscope::scene
