// Writing a video file from RGBA pictures (and, optionally, a sound track) with FFmpeg's
// libraries: H.264 in MP4 (yuv420p, BT.709, the index moved to the front so browsers and chat
// clients play it while it downloads) with AAC sound, VP9 in WebM with Opus sound, or a
// palette GIF.
//
// Like every output of bvhscope the file is written through core/platform/atomic_file.h: the
// encoder writes a temporary file next to the target and finish() renames it into place only
// when the whole file, trailer included, was written. Any failure (a full disk, an encoder
// error) or destroying the encoder without finish() (Ctrl+C unwinding, a cancelled export)
// leaves the target as it was and no temporary file; a termination signal removes the
// temporary file too once bvh::removeTemporaryFilesOnTerminationSignals() was called.
//
// Never throws (but std::bad_alloc), never prints: failures come back from error().
#pragma once

#include "app/media/audio_clip.h"
#include "app/media/gif_palette.h"
#include "app/media/video_format.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace bvhscope::media {

struct VideoSettings {
    VideoContainer container = VideoContainer::Mp4;
    int width = 1280; // MP4 and WebM need even sides (4:2:0 chroma); GIF takes any
    int height = 720;
    FrameRate frameRate; // for GIF, at most 50 (gifFrameRate)
    int crf = -1;        // -1: defaultCrf(container); ignored for GIF
    // x264's speed/size trade-off; "veryfast" keeps an MP4 cheaper to write than PNGs of the
    // same frames (README, Performance) at a size that still fits a chat message.
    std::string h264Preset = "veryfast";
    // Sound from video time 0 on (already cut to the clip: see decodeAudio's window); not for
    // GIF. The clip's leading silence is encoded as silence (the clip does not store it), and
    // the sound track ends where the clip's samples do, or with the video if that is first: a
    // short sound under a long video is a short track, which players follow with silence. The
    // clip must outlive the encoder.
    const AudioClip* audio = nullptr;
    // GIF: the palette every frame is mapped to (built from sample frames). Must outlive the
    // encoder.
    const GifPalette* palette = nullptr;
};

class VideoEncoder {
public:
    // Opens the temporary file and the encoders. On failure returns nullptr with `error` set
    // ("cannot write clip.mp4: ...", "no H.264 encoder in this FFmpeg").
    static std::unique_ptr<VideoEncoder> create(const std::filesystem::path& target,
                                                const VideoSettings& settings, std::string& error);
    ~VideoEncoder();
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    // Appends the next frame: width x height RGBA pixels, rows top to bottom, `rowBytes` apart
    // (alpha ignored). Returns false once anything failed (see error()).
    bool addFrame(const std::uint8_t* rgba, int rowBytes);
    // Flushes the encoders, writes the trailer (and for MP4 moves the index to the front) and
    // renames the file into place. Returns false, leaving no file, when anything failed. Call
    // once.
    bool finish();

    const std::string& error() const;
    std::int64_t framesWritten() const;

    struct State;

private:
    explicit VideoEncoder(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

} // namespace bvhscope::media
