// The outline of a sound for drawing under the timeline: the lowest and highest sample (both
// channels) in each bucket of a fixed duration, computed once when the sound loads, so drawing
// any zoom of it reads a few hundred buckets instead of millions of samples.
#pragma once

#include "app/media/audio_clip.h"

#include <vector>

namespace bvhscope::viewer {

struct Waveform {
    double bucketSeconds = 0.01;
    std::vector<float> low;  // per bucket, in [-1, 0]
    std::vector<float> high; // per bucket, in [0, 1]

    double durationSeconds() const { return bucketSeconds * static_cast<double>(low.size()); }
    // The envelope over [fromSeconds, toSeconds) of the sound's time: the lowest low and
    // highest high of the buckets it touches; {0, 0} outside the sound.
    std::pair<float, float> envelope(double fromSeconds, double toSeconds) const;
};

Waveform buildWaveform(const media::AudioClip& clip, double bucketSeconds = 0.01);

} // namespace bvhscope::viewer
