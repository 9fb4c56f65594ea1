// The one answer of a decoder in a build without sound (BVHSCOPE_SOUND off): both codecs
// (ffmpeg_codecs.cpp with sound off, without_ffmpeg/no_codecs.cpp) give it, so the message
// reads the same whichever one the build has.
#pragma once

#include "app/media/audio_clip.h"

#include <filesystem>

namespace bvhscope::media {

// No clip, and the error "take 1.wav: this build of bvhscope has no sound (...)": the path
// first, like the FFmpeg decoder's errors, then media_features.h's kNoSoundMessage.
AudioDecodeResult noSound(const std::filesystem::path& path);

} // namespace bvhscope::media
