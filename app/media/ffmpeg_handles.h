// Move-only owners of the FFmpeg objects app/media uses, so every way out of a function frees
// them (FFmpeg's own API is C: alloc/free pairs). Internal to app/media: nothing outside
// includes FFmpeg headers.
#pragma once

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>
}

#include <filesystem>
#include <memory>
#include <stop_token>
#include <string>

namespace bvhscope::media {

// FFmpeg's message for an AVERROR code ("No space left on device").
std::string errorText(int status);

// Stops FFmpeg (and the encoders it wraps, such as x264) from printing to stderr: app/media
// reports every failure itself, through its return values.
void silenceFfmpegLog();

struct FormatInputDeleter {
    void operator()(AVFormatContext* context) const { avformat_close_input(&context); }
};
struct IoContextDeleter {
    void operator()(AVIOContext* context) const;
};

// A demuxer on a local file: the one way app/media opens a file to read (the sound files of
// audio_decoding.cpp). Its contract:
// - The path is opened with bvh::FileInput (core/platform/file_input.h), which never blocks
//   (a named pipe with no writer, a device) and takes only a regular file.
// - FFmpeg reads that open file through an AVIOContext of ours and never sees the path as a
//   URL: "pipe:0", "http://host/a.wav" or "concat:a|b" are file names like any other, and
//   nothing can replace the file between the check and the open.
// - FFmpeg opens nothing else on the file's behalf (a playlist's or a reference movie's
//   entries): its io_open is refused.
// - Once `stop` is requested every read fails (AVERROR_EXIT), so whatever FFmpeg is doing with
//   the file ends at its next read.
// FileInput reads forward only, so a seek backwards opens the file again through FileInput
// (and fails if the file changed meanwhile) and a seek forwards reads up to the new position:
// each costs a read of the file at most, as cheap as the sound's decoding needs anyway.
class FormatInput {
public:
    FormatInput();
    ~FormatInput();
    // Not movable: FFmpeg's callbacks hold the address of the file they read.
    FormatInput(const FormatInput&) = delete;
    FormatInput& operator=(const FormatInput&) = delete;

    // Opens `path` and reads its header. Empty when open; otherwise why not, as the rest of a
    // sentence after the file's name: "is a named pipe (FIFO), not a regular file", "cannot
    // open: no such file or directory", "not a file libavformat reads (Invalid data found
    // when processing input)", "stopped".
    std::string open(const std::filesystem::path& path, std::stop_token stop = {});
    // Why the last read or seek failed, when it was the file (or `stop`) rather than FFmpeg:
    // "read error: input/output error", "changed while it was read", "stopped"; empty
    // otherwise.
    const std::string& readFailure() const;

    AVFormatContext* get() const { return context_.get(); }
    AVFormatContext* operator->() const { return context_.get(); }

private:
    struct Source; // the open file and where FFmpeg is in it (ffmpeg_handles.cpp)
    // Destroyed in reverse: the demuxer, then the AVIOContext it reads, then the file.
    std::unique_ptr<Source> source_;
    std::unique_ptr<AVIOContext, IoContextDeleter> io_;
    std::unique_ptr<AVFormatContext, FormatInputDeleter> context_;
};

struct CodecContextDeleter {
    void operator()(AVCodecContext* context) const { avcodec_free_context(&context); }
};
class CodecContext {
public:
    CodecContext() = default;
    explicit CodecContext(const AVCodec* codec) : context_(avcodec_alloc_context3(codec)) {}
    explicit operator bool() const { return context_ != nullptr; }
    AVCodecContext* get() const { return context_.get(); }
    AVCodecContext* operator->() const { return context_.get(); }

private:
    std::unique_ptr<AVCodecContext, CodecContextDeleter> context_;
};

struct PacketDeleter {
    void operator()(AVPacket* packet) const { av_packet_free(&packet); }
};
class Packet {
public:
    Packet() : packet_(av_packet_alloc()) {}
    AVPacket* get() const { return packet_.get(); }
    AVPacket* operator->() const { return packet_.get(); }

private:
    std::unique_ptr<AVPacket, PacketDeleter> packet_;
};

struct FrameDeleter {
    void operator()(AVFrame* frame) const { av_frame_free(&frame); }
};
class Frame {
public:
    Frame() : frame_(av_frame_alloc()) {}
    AVFrame* get() const { return frame_.get(); }
    AVFrame* operator->() const { return frame_.get(); }

private:
    std::unique_ptr<AVFrame, FrameDeleter> frame_;
};

struct ResamplerDeleter {
    void operator()(SwrContext* context) const { swr_free(&context); }
};
class Resampler {
public:
    int open(const AVChannelLayout& inLayout, AVSampleFormat inFormat, int inRate,
             const AVChannelLayout& outLayout, AVSampleFormat outFormat, int outRate) {
        SwrContext* context = nullptr;
        // FFmpeg 5.1 takes the layouts as non-const pointers but only reads them.
        AVChannelLayout out = outLayout;
        AVChannelLayout in = inLayout;
        int status = swr_alloc_set_opts2(&context, &out, outFormat, outRate, &in, inFormat, inRate,
                                         0, nullptr);
        context_.reset(context);
        if (status >= 0) {
            status = swr_init(context);
        }
        return status;
    }
    SwrContext* get() const { return context_.get(); }

private:
    std::unique_ptr<SwrContext, ResamplerDeleter> context_;
};

struct ScalerDeleter {
    void operator()(SwsContext* context) const { sws_freeContext(context); }
};
using Scaler = std::unique_ptr<SwsContext, ScalerDeleter>;

} // namespace bvhscope::media
