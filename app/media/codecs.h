// The narrow interface between bvhscope and FFmpeg's libraries: a video encoder and the two
// ways of decoding sound, nothing else. video_encoder.h and audio_clip.h are the API the rest
// of bvhscope calls; they reach FFmpeg only through here, so FFmpeg's libraries (136 shared
// objects, 30 ms and 26 MiB to load) are loaded only by a process that encodes or decodes.
//
// codecs() is provided by one of three files, chosen by CMake for each program:
//   codecs_linked.cpp   FFmpeg linked in (the tests, the Windows build, the FFmpeg module itself)
//   codecs_loaded.cpp   FFmpeg from bvhscope's module bvhscope-ffmpeg.so, opened on first use
//                       (the Linux executable's viewer and headless modules)
// and a build without FFmpeg links codecs that fail with media_features.h's messages
// (without_ffmpeg/no_codecs.cpp).
#pragma once

#include "app/media/audio_clip.h"
#include "app/media/video_encoder.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stop_token>
#include <string>

namespace bvhscope::media {

// One video being written: VideoEncoder's contract (video_encoder.h).
class VideoEncoding {
public:
    virtual ~VideoEncoding() = default;
    virtual bool addFrame(const std::uint8_t* rgba, int rowBytes) = 0;
    virtual bool finish() = 0;
    virtual const std::string& error() const = 0;
    virtual std::int64_t framesWritten() const = 0;
};

class Codecs {
public:
    // VideoEncoder::create's contract.
    virtual std::unique_ptr<VideoEncoding> openVideo(const std::filesystem::path& target,
                                                     const VideoSettings& settings,
                                                     std::string& error) const = 0;
    // decodeAudio's and decodeWholeAudio's contracts (audio_clip.h).
    virtual AudioDecodeResult decodeAudio(const std::filesystem::path& path, AudioWindow window,
                                          std::stop_token stop) const = 0;
    virtual AudioDecodeResult decodeWholeAudio(const std::filesystem::path& path,
                                               std::stop_token stop,
                                               double maximumSeconds) const = 0;

protected:
    ~Codecs() = default; // lives as long as the process
};

// This program's codecs, or nullptr with `error` saying why they cannot be had ("cannot load
// .../bvhscope-ffmpeg.so: libavcodec.so.59: cannot open shared object file"). Thread-safe; the
// first call may load the module.
const Codecs* codecs(std::string& error);

} // namespace bvhscope::media
