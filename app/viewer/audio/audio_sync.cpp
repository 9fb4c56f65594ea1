#include "app/viewer/audio/audio_sync.h"

#include <cmath>

namespace bvhscope::viewer {

AudioCommand decideAudio(const AudioSyncInput& input) {
    const double target = input.captureSeconds + input.offsetSeconds;
    const bool realTime = input.playing && !input.reverse && std::abs(input.speed - 1.0) < 1e-3;
    if (realTime) {
        if (!input.outputPlaying || input.timeJumped ||
            std::abs(input.outputClockSeconds - target) > kAudioResyncSeconds) {
            return {AudioAction::Play, target};
        }
        return {};
    }
    if (input.outputPlaying) {
        return {AudioAction::Stop, 0.0};
    }
    if (!input.playing && input.timeJumped) {
        return {AudioAction::Snippet, target};
    }
    return {};
}

} // namespace bvhscope::viewer
