// The video encoder with FFmpeg's libraries (video_encoder.h's contract, through codecs.h's
// VideoEncoding). Built when BVHSCOPE_VIDEO is on.
#include "app/media/ffmpeg_codecs.h"
#include "app/media/ffmpeg_handles.h"
#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"

extern "C" {
#include <libavutil/imgutils.h>
}

#include <algorithm>
#include <cmath>
#include <optional>

namespace bvhscope::media {

namespace fs = std::filesystem;

struct OutputDeleter {
    void operator()(AVFormatContext* context) const {
        if (context->pb != nullptr && !(context->oformat->flags & AVFMT_NOFILE)) {
            avio_closep(&context->pb);
        }
        avformat_free_context(context);
    }
};

struct EncoderState {
    // Declared first, destroyed last: the temporary file is removed only after FFmpeg closed it.
    std::optional<bvh::AtomicFile> file;
    std::string targetName;
    VideoSettings settings;
    std::unique_ptr<AVFormatContext, OutputDeleter> output;

    CodecContext video;
    AVStream* videoStream = nullptr;
    Frame videoFrame;
    Scaler scaler;
    std::int64_t frames = 0;

    CodecContext audio;
    AVStream* audioStream = nullptr;
    Frame audioFrame;
    std::size_t audioPosition = 0; // sample frames of settings.audio sent to the encoder

    Packet packet;
    std::string error;
    bool failed = false;
    bool finished = false;

    bool fail(const std::string& what, int status) {
        if (!failed) {
            failed = true;
            error = what + (status < 0 ? ": " + errorText(status) : std::string());
        }
        return false;
    }
    bool writeFailure(int status) { return fail("cannot write " + targetName, status); }

    // [SECTION] Opening

    bool openVideo() {
        const VideoContainer container = settings.container;
        const AVCodec* codec = nullptr;
        if (container == VideoContainer::Mp4) {
            codec = avcodec_find_encoder_by_name("libx264");
        } else if (container == VideoContainer::WebM) {
            codec = avcodec_find_encoder_by_name("libvpx-vp9");
        } else {
            codec = avcodec_find_encoder(AV_CODEC_ID_GIF);
        }
        if (codec == nullptr) {
            const char* names[] = {"H.264 (libx264)", "VP9 (libvpx-vp9)", "GIF"};
            return fail(std::string("no ") + names[static_cast<int>(container)] +
                            " encoder in this FFmpeg build",
                        0);
        }
        video = CodecContext(codec);
        videoStream = avformat_new_stream(output.get(), nullptr);
        if (!video || videoStream == nullptr) {
            return fail("cannot allocate the video encoder", AVERROR(ENOMEM));
        }
        AVCodecContext* context = video.get();
        const FrameRate rate = settings.frameRate;
        context->width = settings.width;
        context->height = settings.height;
        context->framerate = AVRational{rate.numerator, rate.denominator};
        context->time_base = container == VideoContainer::Gif
                                 ? AVRational{1, 100}
                                 : AVRational{rate.denominator, rate.numerator};
        context->thread_count = 0;
        if (container == VideoContainer::Gif) {
            context->pix_fmt = AV_PIX_FMT_PAL8;
        } else {
            context->pix_fmt = AV_PIX_FMT_YUV420P;
            context->gop_size = std::max(1, static_cast<int>(std::lround(2.0 * rate.perSecond())));
            context->color_primaries = AVCOL_PRI_BT709;
            context->color_trc = AVCOL_TRC_BT709;
            context->colorspace = AVCOL_SPC_BT709;
            context->color_range = AVCOL_RANGE_MPEG;
            const int crf = settings.crf >= 0 ? settings.crf : defaultCrf(container);
            const std::string crfText = std::to_string(crf);
            av_opt_set(context->priv_data, "crf", crfText.c_str(), 0);
            if (container == VideoContainer::Mp4) {
                av_opt_set(context->priv_data, "preset", settings.h264Preset.c_str(), 0);
                if (crf > 0) { // lossless needs High 4:4:4 Predictive, which x264 picks
                    av_opt_set(context->priv_data, "profile", "high", 0);
                }
            } else {
                context->bit_rate = 0; // constant quality
                // Realtime at the fastest speed: 5x faster than "good" at speed 5 for a third
                // larger files (README, Performance), so a WebM costs about what an MP4 does.
                av_opt_set(context->priv_data, "deadline", "realtime", 0);
                av_opt_set(context->priv_data, "cpu-used", "8", 0);
                av_opt_set(context->priv_data, "row-mt", "1", 0);
            }
        }
        if (output->oformat->flags & AVFMT_GLOBALHEADER) {
            context->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        }
        if (const int status = avcodec_open2(context, codec, nullptr); status < 0) {
            return fail(std::string("cannot open the ") + codec->name + " encoder", status);
        }
        if (const int status = avcodec_parameters_from_context(videoStream->codecpar, context);
            status < 0) {
            return fail("cannot set up the video stream", status);
        }
        videoStream->time_base = context->time_base;
        videoStream->avg_frame_rate = context->framerate;
        videoStream->r_frame_rate = context->framerate;

        AVFrame* frame = videoFrame.get();
        frame->format = context->pix_fmt;
        frame->width = context->width;
        frame->height = context->height;
        if (const int status = av_frame_get_buffer(frame, 0); status < 0) {
            return fail("cannot allocate a video frame", status);
        }
        if (container != VideoContainer::Gif) {
            scaler.reset(sws_getContext(settings.width, settings.height, AV_PIX_FMT_RGBA,
                                        settings.width, settings.height, AV_PIX_FMT_YUV420P,
                                        SWS_BILINEAR, nullptr, nullptr, nullptr));
            if (!scaler) {
                return fail("cannot convert RGBA to yuv420p at this size", 0);
            }
            // Full-range RGB in, BT.709 limited-range YUV out, as the stream is tagged.
            const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
            sws_setColorspaceDetails(scaler.get(), bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
        }
        return true;
    }

    bool openAudio() {
        const AVCodec* codec = nullptr;
        if (settings.container == VideoContainer::Mp4) {
            codec = avcodec_find_encoder(AV_CODEC_ID_AAC);
        } else {
            codec = avcodec_find_encoder_by_name("libopus");
            if (codec == nullptr) {
                codec = avcodec_find_encoder_by_name("libvorbis");
            }
        }
        if (codec == nullptr) {
            return fail("no sound encoder for " + std::string(containerName(settings.container)) +
                            " in this FFmpeg build",
                        0);
        }
        audio = CodecContext(codec);
        audioStream = avformat_new_stream(output.get(), nullptr);
        if (!audio || audioStream == nullptr) {
            return fail("cannot allocate the sound encoder", AVERROR(ENOMEM));
        }
        AVCodecContext* context = audio.get();
        context->sample_rate = kAudioSampleRate;
        const AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
        av_channel_layout_copy(&context->ch_layout, &stereo);
        context->sample_fmt =
            codec->sample_fmts != nullptr ? codec->sample_fmts[0] : AV_SAMPLE_FMT_FLTP;
        if (codec->sample_fmts != nullptr) {
            // Prefer float (no conversion), then 16-bit.
            for (const AVSampleFormat* format = codec->sample_fmts; *format != AV_SAMPLE_FMT_NONE;
                 ++format) {
                if (*format == AV_SAMPLE_FMT_FLTP || *format == AV_SAMPLE_FMT_FLT) {
                    context->sample_fmt = *format;
                    break;
                }
            }
        }
        context->bit_rate = settings.container == VideoContainer::Mp4 ? 160000 : 128000;
        context->time_base = AVRational{1, kAudioSampleRate};
        if (output->oformat->flags & AVFMT_GLOBALHEADER) {
            context->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        }
        if (const int status = avcodec_open2(context, codec, nullptr); status < 0) {
            return fail(std::string("cannot open the ") + codec->name + " encoder", status);
        }
        if (const int status = avcodec_parameters_from_context(audioStream->codecpar, context);
            status < 0) {
            return fail("cannot set up the sound stream", status);
        }
        audioStream->time_base = context->time_base;
        return true;
    }

    // [SECTION] Writing

    bool drain(AVCodecContext* context, AVStream* stream) {
        while (true) {
            const int status = avcodec_receive_packet(context, packet.get());
            if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) {
                return true;
            }
            if (status < 0) {
                return fail(std::string("the ") + context->codec->name + " encoder failed", status);
            }
            av_packet_rescale_ts(packet.get(), context->time_base, stream->time_base);
            packet->stream_index = stream->index;
            const int written = av_interleaved_write_frame(output.get(), packet.get());
            av_packet_unref(packet.get());
            if (written < 0 || output->pb->error < 0) {
                return writeFailure(written < 0 ? written : output->pb->error);
            }
        }
    }

    // Sends sound up to `untilFrame` sample frames of the video, in the encoder's frame size.
    // The sound track ends where the clip's sound does (its last frame may be short), or with
    // the video: the clip's leading silence is encoded here as silence, and after the sound
    // there is no sound track at all (MP4 and WebM let a track end before the others; players
    // play the rest silent). So a three-second sound under a three-hour video holds and encodes
    // three seconds of sound, not three hours.
    bool sendAudio(std::size_t untilFrame, bool flush) {
        if (!audio || settings.audio == nullptr) {
            return true;
        }
        const AudioClip& clip = *settings.audio;
        // At least one sample, so that the track has a packet even when the clip is empty.
        const std::size_t trackEnd = std::max<std::size_t>(clip.endFrame(), 1);
        const std::size_t end = std::min(untilFrame, trackEnd);
        AVCodecContext* context = audio.get();
        const int frameSize = context->frame_size > 0 ? context->frame_size : 1024;
        while (audioPosition < end) {
            const std::size_t count =
                std::min<std::size_t>(static_cast<std::size_t>(frameSize), end - audioPosition);
            // Only the track's last frame may be short: wait for more video unless this is it.
            if (count < static_cast<std::size_t>(frameSize) && !flush && end < trackEnd) {
                break;
            }
            AVFrame* frame = audioFrame.get();
            av_frame_unref(frame);
            frame->format = context->sample_fmt;
            frame->nb_samples = static_cast<int>(count);
            frame->sample_rate = context->sample_rate;
            av_channel_layout_copy(&frame->ch_layout, &context->ch_layout);
            if (const int status = av_frame_get_buffer(frame, 0); status < 0) {
                return fail("cannot allocate a sound frame", status);
            }
            if (const int status =
                    av_samples_set_silence(frame->extended_data, 0, frame->nb_samples,
                                           kAudioChannels, context->sample_fmt);
                status < 0) {
                return fail("cannot write silence into a sound frame", status);
            }
            // The part of this frame the clip's samples cover: [from, to) of the video's frames.
            const std::size_t from =
                std::clamp(clip.leadingSilenceFrames, audioPosition, audioPosition + count);
            const std::size_t to = std::clamp(clip.endFrame(), from, audioPosition + count);
            for (std::size_t at = from; at < to; ++at) {
                const std::size_t i = at - audioPosition;
                const float* source =
                    clip.samples.data() + (at - clip.leadingSilenceFrames) * kAudioChannels;
                for (int channel = 0; channel < kAudioChannels; ++channel) {
                    const float value = std::clamp(source[channel], -1.0f, 1.0f);
                    switch (context->sample_fmt) {
                    case AV_SAMPLE_FMT_FLTP:
                        reinterpret_cast<float*>(frame->data[channel])[i] = value;
                        break;
                    case AV_SAMPLE_FMT_FLT:
                        reinterpret_cast<float*>(frame->data[0])[i * kAudioChannels + channel] =
                            value;
                        break;
                    case AV_SAMPLE_FMT_S16P:
                        reinterpret_cast<std::int16_t*>(frame->data[channel])[i] =
                            static_cast<std::int16_t>(std::lround(value * 32767.0f));
                        break;
                    default: // AV_SAMPLE_FMT_S16
                        reinterpret_cast<std::int16_t*>(
                            frame->data[0])[i * kAudioChannels + channel] =
                            static_cast<std::int16_t>(std::lround(value * 32767.0f));
                        break;
                    }
                }
            }
            frame->pts = static_cast<std::int64_t>(audioPosition);
            audioPosition += count;
            if (const int status = avcodec_send_frame(context, frame); status < 0) {
                return fail("the sound encoder refused a frame", status);
            }
            if (!drain(context, audioStream)) {
                return false;
            }
        }
        return true;
    }

    std::size_t audioFramesBefore(std::int64_t videoFrames) const {
        const FrameRate rate = settings.frameRate;
        return static_cast<std::size_t>(videoFrames * std::int64_t{kAudioSampleRate} *
                                        rate.denominator / rate.numerator);
    }
};

class FfmpegVideoEncoding final : public VideoEncoding {
public:
    explicit FfmpegVideoEncoding(std::unique_ptr<EncoderState> state) : state_(std::move(state)) {}
    bool addFrame(const std::uint8_t* rgba, int rowBytes) override;
    bool finish() override;
    const std::string& error() const override { return state_->error; }
    std::int64_t framesWritten() const override { return state_->frames; }

private:
    std::unique_ptr<EncoderState> state_;
};

std::unique_ptr<VideoEncoding> openFfmpegVideo(const fs::path& target,
                                               const VideoSettings& settings, std::string& error) {
    auto state = std::make_unique<EncoderState>();
    state->settings = settings;
    state->targetName = bvh::utf8FromPath(target);
    const bool yuv = settings.container != VideoContainer::Gif;
    if (settings.width < 2 || settings.height < 2 ||
        (yuv && (settings.width % 2 != 0 || settings.height % 2 != 0))) {
        error = "a video of " + std::to_string(settings.width) + "x" +
                std::to_string(settings.height) + " cannot be written: " +
                (yuv ? "MP4 and WebM need even sides of at least 2" : "too small");
        return nullptr;
    }
    if (settings.frameRate.numerator <= 0 || settings.frameRate.denominator <= 0) {
        error = "the frame rate must be positive";
        return nullptr;
    }
    if (settings.container == VideoContainer::Gif && settings.palette == nullptr) {
        error = "a GIF needs a palette";
        return nullptr;
    }
    if (settings.audio != nullptr && !containerHasSound(settings.container)) {
        error = std::string(containerName(settings.container)) + " cannot hold sound";
        return nullptr;
    }
    silenceFfmpegLog();
    state->file.emplace(target);
    if (!state->file->good()) {
        error = state->file->diagnostics().front().message;
        return nullptr;
    }
    const std::string temporary = bvh::utf8FromPath(state->file->temporaryPath());
    const char* formatNames[] = {"mp4", "webm", "gif"};
    AVFormatContext* output = nullptr;
    int status = avformat_alloc_output_context2(
        &output, nullptr, formatNames[static_cast<int>(settings.container)], temporary.c_str());
    if (status < 0 || output == nullptr) {
        error = "cannot set up a " + std::string(containerName(settings.container)) +
                " file: " + errorText(status);
        return nullptr;
    }
    state->output.reset(output);
    if (!state->openVideo() || (settings.audio != nullptr && !state->openAudio())) {
        error = state->error;
        return nullptr;
    }
    status = avio_open(&output->pb, temporary.c_str(), AVIO_FLAG_WRITE);
    if (status < 0) {
        error = "cannot write " + state->targetName + ": " + errorText(status);
        return nullptr;
    }
    AVDictionary* options = nullptr;
    if (settings.container == VideoContainer::Mp4) {
        av_dict_set(&options, "movflags", "+faststart", 0);
    }
    status = avformat_write_header(output, &options);
    av_dict_free(&options);
    if (status < 0 || output->pb->error < 0) {
        error = "cannot write " + state->targetName + ": " +
                errorText(status < 0 ? status : output->pb->error);
        return nullptr;
    }
    return std::make_unique<FfmpegVideoEncoding>(std::move(state));
}

bool FfmpegVideoEncoding::addFrame(const std::uint8_t* rgba, int rowBytes) {
    EncoderState& s = *state_;
    if (s.failed || s.finished) {
        return false;
    }
    AVFrame* frame = s.videoFrame.get();
    if (const int status = av_frame_make_writable(frame); status < 0) {
        return s.fail("cannot allocate a video frame", status);
    }
    if (s.settings.container == VideoContainer::Gif) {
        for (int y = 0; y < s.settings.height; ++y) {
            s.settings.palette->map(
                rgba + static_cast<std::ptrdiff_t>(y) * rowBytes, s.settings.width, 1,
                frame->data[0] + static_cast<std::ptrdiff_t>(y) * frame->linesize[0],
                frame->linesize[0]);
        }
        auto* palette = reinterpret_cast<std::uint32_t*>(frame->data[1]);
        const auto& colors = s.settings.palette->colors();
        for (std::size_t i = 0; i < 256; ++i) {
            palette[i] = 0xff000000u | (i < colors.size() ? colors[i] : 0u);
        }
        const FrameRate rate = s.settings.frameRate;
        frame->pts = s.frames * 100 * rate.denominator / rate.numerator;
    } else {
        const std::uint8_t* source[] = {rgba};
        const int sourceStride[] = {rowBytes};
        sws_scale(s.scaler.get(), source, sourceStride, 0, s.settings.height, frame->data,
                  frame->linesize);
        frame->pts = s.frames;
    }
    if (const int status = avcodec_send_frame(s.video.get(), frame); status < 0) {
        return s.fail("the video encoder refused a frame", status);
    }
    ++s.frames;
    return s.drain(s.video.get(), s.videoStream) &&
           s.sendAudio(s.audioFramesBefore(s.frames), false);
}

bool FfmpegVideoEncoding::finish() {
    EncoderState& s = *state_;
    if (s.failed || s.finished) {
        return false;
    }
    s.finished = true;
    if (avcodec_send_frame(s.video.get(), nullptr) < 0 || !s.drain(s.video.get(), s.videoStream)) {
        return s.fail("the video encoder failed at the end", 0);
    }
    if (s.audio) {
        if (!s.sendAudio(s.audioFramesBefore(s.frames), true)) {
            return false;
        }
        avcodec_send_frame(s.audio.get(), nullptr);
        if (!s.drain(s.audio.get(), s.audioStream)) {
            return false;
        }
    }
    AVFormatContext* output = s.output.get();
    if (const int status = av_write_trailer(output); status < 0 || output->pb->error < 0) {
        return s.writeFailure(status < 0 ? status : output->pb->error);
    }
    if (const int status = avio_closep(&output->pb); status < 0) {
        return s.writeFailure(status);
    }
    if (!s.file->commit()) {
        return s.fail(s.file->diagnostics().empty() ? "cannot write " + s.targetName
                                                    : s.file->diagnostics().front().message,
                      0);
    }
    return true;
}

} // namespace bvhscope::media
