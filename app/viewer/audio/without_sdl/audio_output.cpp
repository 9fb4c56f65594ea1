// The sound device in a build without sound (BVHSCOPE_SOUND off, no SDL2): never available,
// and unavailableReason() says that this build has no sound. Every call does nothing, as on a
// machine with no sound device (audio_output.h).
#include "app/viewer/audio/audio_output.h"

#include "app/media/media_features.h"

namespace bvhscope::viewer {

AudioOutput::AudioOutput() : reason_(media::kNoSoundMessage) {}

AudioOutput::~AudioOutput() = default;

void AudioOutput::setClip(std::shared_ptr<const media::AudioClip> clip) {
    clip_ = std::move(clip);
}

void AudioOutput::play(double) {}

void AudioOutput::playSnippet(double, double) {}

void AudioOutput::stop() {}

double AudioOutput::clockSeconds() const {
    return 0.0;
}

} // namespace bvhscope::viewer
