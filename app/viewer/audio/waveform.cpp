#include "app/viewer/audio/waveform.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

Waveform buildWaveform(const media::AudioClip& clip, double bucketSeconds) {
    Waveform waveform;
    waveform.bucketSeconds = bucketSeconds;
    const auto perBucket = std::max<std::size_t>(
        1, static_cast<std::size_t>(std::llround(bucketSeconds * media::kAudioSampleRate)));
    const std::size_t frames = clip.frameCount();
    const std::size_t buckets = (frames + perBucket - 1) / perBucket;
    waveform.low.assign(buckets, 0.0f);
    waveform.high.assign(buckets, 0.0f);
    for (std::size_t frame = 0; frame < frames; ++frame) {
        const std::size_t bucket = frame / perBucket;
        for (int channel = 0; channel < media::kAudioChannels; ++channel) {
            const float value =
                std::clamp(clip.samples[frame * media::kAudioChannels + channel], -1.0f, 1.0f);
            waveform.low[bucket] = std::min(waveform.low[bucket], value);
            waveform.high[bucket] = std::max(waveform.high[bucket], value);
        }
    }
    return waveform;
}

std::pair<float, float> Waveform::envelope(double fromSeconds, double toSeconds) const {
    if (low.empty() || toSeconds <= 0.0 || fromSeconds >= durationSeconds() ||
        toSeconds <= fromSeconds) {
        return {0.0f, 0.0f};
    }
    const auto first = static_cast<std::size_t>(std::max(0.0, fromSeconds / bucketSeconds));
    const auto last =
        std::min(low.size(), static_cast<std::size_t>(std::ceil(toSeconds / bucketSeconds)));
    float lowest = 0.0f;
    float highest = 0.0f;
    for (std::size_t bucket = first; bucket < std::max(last, first + 1) && bucket < low.size();
         ++bucket) {
        lowest = std::min(lowest, low[bucket]);
        highest = std::max(highest, high[bucket]);
    }
    return {lowest, highest};
}

} // namespace bvhscope::viewer
