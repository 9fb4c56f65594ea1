// What the sound should do this frame, from the playback state: the viewer's playback clock
// leads (it drives every pose), and the sound follows it. Pure, so tests drive it without a
// device or a clock.
//
// - Playing forwards at 1x: the sound plays from the capture time plus the offset; when the
//   audio clock has drifted more than kAudioResyncSeconds from that, it is restarted there (a
//   hitch, a device that runs a little fast or slow).
// - Playing at any other speed or backwards: silent (a sped-up or reversed sound is noise to an
//   animator judging timing; pitch-keeping stretch is not done).
// - Paused: silent, except that a jump of the time (scrubbing, stepping) plays a short snippet
//   from the new time, so a beat can be found by dragging.
#pragma once

#include <cstdint>

namespace bvhscope::viewer {

inline constexpr double kAudioResyncSeconds = 0.08;
inline constexpr double kAudioSnippetSeconds = 0.07;

struct AudioSyncInput {
    bool playing = false;
    bool reverse = false;
    double speed = 1.0;
    double captureSeconds = 0.0;     // the playback time
    double offsetSeconds = 0.0;      // capture time 0 is this far into the sound
    bool timeJumped = false;         // the time moved other than by playing (seek, scrub, step)
    bool outputPlaying = false;      // the device is playing continuously
    double outputClockSeconds = 0.0; // the sound time the device has reached
};

enum class AudioAction : std::uint8_t { None, Play, Stop, Snippet };

struct AudioCommand {
    AudioAction action = AudioAction::None;
    double soundSeconds = 0.0; // Play and Snippet: where in the sound
};

AudioCommand decideAudio(const AudioSyncInput& input);

} // namespace bvhscope::viewer
