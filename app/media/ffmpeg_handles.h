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

#include <memory>
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
// A demuxer on a file.
class FormatInput {
public:
    int open(const std::string& path) {
        AVFormatContext* context = nullptr;
        const int status = avformat_open_input(&context, path.c_str(), nullptr, nullptr);
        context_.reset(status < 0 ? nullptr : context);
        return status;
    }
    AVFormatContext* get() const { return context_.get(); }
    AVFormatContext* operator->() const { return context_.get(); }

private:
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
