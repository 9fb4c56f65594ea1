// FFmpeg's side of codecs.h: the implementations in ffmpeg_video_encoding.cpp and
// ffmpeg_audio_decoding.cpp, gathered as one Codecs (ffmpeg_codecs.cpp; in a build without
// FFmpeg, without_ffmpeg/no_codecs.cpp). Only codecs_linked.cpp and the FFmpeg module's entry
// (ffmpeg_module.cpp) ask for it; everything else goes through codecs().
#pragma once

#include "app/media/codecs.h"

namespace bvhscope::media {

const Codecs& ffmpegCodecs();

std::unique_ptr<VideoEncoding> openFfmpegVideo(const std::filesystem::path& target,
                                               const VideoSettings& settings, std::string& error);
AudioDecodeResult ffmpegDecodeAudio(const std::filesystem::path& path, AudioWindow window,
                                    std::stop_token stop);
AudioDecodeResult ffmpegDecodeWholeAudio(const std::filesystem::path& path, std::stop_token stop,
                                         double maximumSeconds);

} // namespace bvhscope::media
