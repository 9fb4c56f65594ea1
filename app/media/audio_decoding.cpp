// Decoding sound files with FFmpeg's libraries (app/media/audio_clip.h: decodeAudio,
// decodeWholeAudio). Built when BVHSCOPE_SOUND is on; without_ffmpeg/audio_decoding.cpp
// otherwise.
#include "app/media/audio_clip.h"
#include "app/media/ffmpeg_handles.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::media {

namespace {

namespace fs = std::filesystem;

// Appends converted samples, dropping those before the window and stopping at its end.
struct WindowedSink {
    AudioClip& clip;
    std::int64_t skip;      // sample frames still to drop before the window starts
    std::size_t wantFrames; // the window's length
    std::int64_t decodedFrames = 0;

    bool full() const { return clip.frameCount() >= wantFrames; }
    void add(const float* interleaved, int frames) {
        decodedFrames += frames;
        std::int64_t first = 0;
        if (skip > 0) {
            first = std::min<std::int64_t>(skip, frames);
            skip -= first;
        }
        const std::size_t room = wantFrames - std::min(wantFrames, clip.frameCount());
        const std::size_t take =
            std::min<std::size_t>(room, static_cast<std::size_t>(frames - first));
        clip.samples.insert(clip.samples.end(), interleaved + first * kAudioChannels,
                            interleaved +
                                (first + static_cast<std::int64_t>(take)) * kAudioChannels);
    }
};

} // namespace

namespace {

AudioDecodeResult decode(const fs::path& path, AudioWindow window, bool pad) {
    AudioDecodeResult result;
    const std::string name = bvh::utf8FromPath(path);
    if (!std::isfinite(window.startSeconds) || !std::isfinite(window.durationSeconds) ||
        window.durationSeconds < 0.0) {
        result.error = "the sound window is not a finite time";
        return result;
    }
    silenceFfmpegLog();
    FormatInput input;
    if (const int status = input.open(name); status < 0) {
        result.error = "cannot open " + name + ": " + errorText(status);
        return result;
    }
    if (const int status = avformat_find_stream_info(input.get(), nullptr); status < 0) {
        result.error = name + ": not a sound file libavformat reads (" + errorText(status) + ")";
        return result;
    }
    const AVCodec* decoder = nullptr;
    const int streamIndex =
        av_find_best_stream(input.get(), AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
    if (streamIndex < 0 || decoder == nullptr) {
        result.error = name + ": no sound stream in this file";
        return result;
    }
    const AVStream* stream = input->streams[streamIndex];
    CodecContext context(decoder);
    if (!context || avcodec_parameters_to_context(context.get(), stream->codecpar) < 0 ||
        avcodec_open2(context.get(), decoder, nullptr) < 0) {
        result.error = name + ": cannot decode its sound (" + std::string(decoder->name) + ")";
        return result;
    }

    AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
    AVChannelLayout sourceLayout{};
    if (context->ch_layout.nb_channels > 0) {
        av_channel_layout_copy(&sourceLayout, &context->ch_layout);
    }
    if (sourceLayout.order == AV_CHANNEL_ORDER_UNSPEC || sourceLayout.nb_channels <= 0) {
        const int channels = std::max(1, sourceLayout.nb_channels);
        av_channel_layout_uninit(&sourceLayout);
        av_channel_layout_default(&sourceLayout, channels);
    }
    Resampler resampler;
    const int status = resampler.open(sourceLayout, context->sample_fmt, context->sample_rate,
                                      stereo, AV_SAMPLE_FMT_FLT, kAudioSampleRate);
    av_channel_layout_uninit(&sourceLayout);
    if (status < 0) {
        result.error = name + ": cannot convert its sound to 48 kHz (" + errorText(status) + ")";
        return result;
    }

    AudioClip clip;
    const std::size_t wantFrames =
        static_cast<std::size_t>(std::llround(window.durationSeconds * kAudioSampleRate));
    const std::int64_t startFrame = std::llround(window.startSeconds * kAudioSampleRate);
    // Silence before the file's first sample.
    if (startFrame < 0) {
        const std::size_t lead =
            std::min<std::size_t>(static_cast<std::size_t>(-startFrame), wantFrames);
        clip.samples.assign(lead * kAudioChannels, 0.0f);
    }
    if (pad) {
        clip.samples.reserve(wantFrames * kAudioChannels);
    }
    WindowedSink sink{clip, std::max<std::int64_t>(startFrame, 0), wantFrames};

    std::vector<float> converted;
    auto convert = [&](const AVFrame* frame) {
        const int capacity = swr_get_out_samples(resampler.get(), frame ? frame->nb_samples : 0);
        if (capacity <= 0) {
            return;
        }
        converted.resize(static_cast<std::size_t>(capacity) * kAudioChannels);
        auto* out = reinterpret_cast<std::uint8_t*>(converted.data());
        const int produced =
            swr_convert(resampler.get(), &out, capacity,
                        frame ? const_cast<const std::uint8_t**>(frame->extended_data) : nullptr,
                        frame ? frame->nb_samples : 0);
        if (produced > 0) {
            sink.add(converted.data(), produced);
        }
    };

    Packet packet;
    Frame frame;
    auto drain = [&]() {
        while (avcodec_receive_frame(context.get(), frame.get()) >= 0) {
            convert(frame.get());
            av_frame_unref(frame.get());
        }
    };
    while (!sink.full() && av_read_frame(input.get(), packet.get()) >= 0) {
        if (packet->stream_index == streamIndex) {
            // A damaged packet is skipped: the rest of the sound still plays.
            if (avcodec_send_packet(context.get(), packet.get()) >= 0) {
                drain();
            }
        }
        av_packet_unref(packet.get());
    }
    if (!sink.full()) {
        avcodec_send_packet(context.get(), nullptr);
        drain();
        convert(nullptr);
    }
    result.fileDurationSeconds = static_cast<double>(sink.decodedFrames) / kAudioSampleRate;
    if (pad) {
        // Silence after the file's last sample.
        clip.samples.resize(wantFrames * kAudioChannels, 0.0f);
    } else {
        clip.samples.shrink_to_fit();
    }
    result.clip = std::move(clip);
    return result;
}

} // namespace

AudioDecodeResult decodeAudio(const fs::path& path, AudioWindow window) {
    return decode(path, window, true);
}

AudioDecodeResult decodeWholeAudio(const fs::path& path, double maximumSeconds) {
    return decode(path, {0.0, maximumSeconds}, false);
}

} // namespace bvhscope::media
