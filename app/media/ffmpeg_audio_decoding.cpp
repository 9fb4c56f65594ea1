// Decoding sound files with FFmpeg's libraries (app/media/audio_clip.h's decodeAudio and
// decodeWholeAudio, through codecs.h). Built when BVHSCOPE_SOUND is on.
//
// The file is opened by FormatInput (ffmpeg_handles.h: a regular file only, never blocking,
// never a protocol), and every size the file states is held to audio_clip.h's bounds before
// it sizes anything: the sample rate and channel count before the resampler is made, the
// duration the container claims before the clip's memory is reserved, and the decoded length
// as it grows (a header can lie).
#include "app/media/audio_clip.h"
#include "app/media/ffmpeg_codecs.h"
#include "app/media/ffmpeg_handles.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

namespace bvhscope::media {

namespace {

namespace fs = std::filesystem;

// Frames handed to the resampler at a time: its output for them (at most 48 times as many,
// from a 1 kHz sound) is a buffer of a megabyte or two whatever the decoder's frames are, and
// `stop` is checked between them, every 4 ms of decoding or less.
constexpr int kResampleSliceFrames = 4096;

// 2^52 sample frames: further than any time a window is given (windowFrames saturates here).
constexpr std::int64_t kEndlessFrames = std::int64_t{1} << 52;

// Appends converted samples, dropping those before the window, keeping the window's up to
// `capFrames` and noting when the window held more (`truncated`).
struct WindowedSink {
    AudioClip& clip;
    std::int64_t skip;       // sample frames still to drop before the window starts
    std::int64_t wantFrames; // the window's frames from the sound's first sample on
    std::int64_t capFrames;  // what is kept: wantFrames, at most the bound
    std::int64_t decodedFrames = 0;
    bool truncated = false;

    std::int64_t kept() const { return static_cast<std::int64_t>(clip.frameCount()); }
    bool done() const { return kept() >= capFrames && (capFrames >= wantFrames || truncated); }

    void add(const float* interleaved, std::int64_t frames) {
        decodedFrames += frames;
        const std::int64_t first = std::min(skip, frames);
        skip -= first;
        const std::int64_t take = std::min(capFrames - kept(), frames - first);
        if (take > 0) {
            reserveFor(take);
            clip.samples.insert(clip.samples.end(), interleaved + first * kAudioChannels,
                                interleaved + (first + take) * kAudioChannels);
        }
        if (frames - first > take && kept() >= capFrames && capFrames < wantFrames) {
            truncated = true;
        }
    }

    // Room for `frames` more, growing geometrically but never past capFrames: what the
    // container claimed was reserved up front, so this only runs for a file that said nothing
    // or too little.
    void reserveFor(std::int64_t frames) {
        std::vector<float>& samples = clip.samples;
        const std::size_t needed =
            samples.size() + static_cast<std::size_t>(frames) * kAudioChannels;
        if (needed > samples.capacity()) {
            const auto cap = static_cast<std::size_t>(capFrames) * kAudioChannels;
            samples.reserve(std::min(cap, std::max(needed, samples.capacity() * 2)));
        }
    }
};

// The sound's length as the container states it before anything is decoded, in 48 kHz sample
// frames (at most 2^52); nullopt when it states none.
std::optional<std::int64_t> claimedFrames(const AVFormatContext* input, const AVStream* stream) {
    double seconds = 0.0;
    if (stream->duration > 0 && stream->duration != AV_NOPTS_VALUE) {
        seconds = static_cast<double>(stream->duration) * av_q2d(stream->time_base);
    } else if (input->duration > 0 && input->duration != AV_NOPTS_VALUE) {
        seconds = static_cast<double>(input->duration) / AV_TIME_BASE;
    }
    if (!std::isfinite(seconds) || seconds <= 0.0) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(
        std::min(seconds * kAudioSampleRate, static_cast<double>(kEndlessFrames)));
}

// Why a sound stream's format is outside audio_clip.h's bounds; empty when it is within them.
std::string formatBeyondBounds(int sampleRate, int channels) {
    if (sampleRate < kMinSoundSampleRate || sampleRate > kMaxSoundSampleRate) {
        return "its sample rate of " + std::to_string(sampleRate) +
               " Hz is not that of real sound (bvhscope takes " +
               std::to_string(kMinSoundSampleRate) + " Hz to " +
               std::to_string(kMaxSoundSampleRate) + " Hz)";
    }
    if (channels < 1 || channels > kMaxSoundChannels) {
        return "its " + std::to_string(channels) + " channels are more than bvhscope mixes (1 to " +
               std::to_string(kMaxSoundChannels) + ")";
    }
    return {};
}

// The file's sound stream and its open decoder.
struct SoundStream {
    int index = -1;
    const AVStream* stream = nullptr;
    CodecContext context;
};

// Finds the best sound stream of `input` and opens its decoder, holding the format the
// container states (before a decoder is made for it) and the decoder's own to audio_clip.h's
// bounds. Empty when open; otherwise why not, as the rest of a sentence after the file's name.
std::string openSoundStream(FormatInput& input, SoundStream& sound) {
    if (const int status = avformat_find_stream_info(input.get(), nullptr); status < 0) {
        return "not a sound file libavformat reads (" + errorText(status) + ")";
    }
    const AVCodec* decoder = nullptr;
    sound.index = av_find_best_stream(input.get(), AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
    if (sound.index < 0 || decoder == nullptr) {
        return "no sound stream in this file";
    }
    sound.stream = input->streams[sound.index];
    // What the container says (0: not said; the decoder's values below are checked in any case).
    const int statedRate = sound.stream->codecpar->sample_rate;
    const int statedChannels = sound.stream->codecpar->ch_layout.nb_channels;
    if (std::string beyond = formatBeyondBounds(statedRate > 0 ? statedRate : kAudioSampleRate,
                                                statedChannels > 0 ? statedChannels : 1);
        !beyond.empty()) {
        return beyond;
    }
    sound.context = CodecContext(decoder);
    if (!sound.context ||
        avcodec_parameters_to_context(sound.context.get(), sound.stream->codecpar) < 0 ||
        avcodec_open2(sound.context.get(), decoder, nullptr) < 0) {
        return "cannot decode its sound (" + std::string(decoder->name) + ")";
    }
    // The decoder may have read a rate or layout of its own from the stream's header.
    return formatBeyondBounds(sound.context->sample_rate, sound.context->ch_layout.nb_channels);
}

// Opens `resampler` from the decoder's format to 48 kHz stereo float (a layout the stream does
// not name: the default one for its channel count). Empty when open; otherwise why not.
std::string openStereoResampler(const AVCodecContext& context, Resampler& resampler) {
    AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
    AVChannelLayout sourceLayout{};
    av_channel_layout_copy(&sourceLayout, &context.ch_layout);
    if (sourceLayout.order == AV_CHANNEL_ORDER_UNSPEC) {
        av_channel_layout_uninit(&sourceLayout);
        av_channel_layout_default(&sourceLayout, context.ch_layout.nb_channels);
    }
    const int status = resampler.open(sourceLayout, context.sample_fmt, context.sample_rate, stereo,
                                      AV_SAMPLE_FMT_FLT, kAudioSampleRate);
    av_channel_layout_uninit(&sourceLayout);
    if (status < 0) {
        return "cannot convert its sound to 48 kHz (" + errorText(status) + ")";
    }
    return {};
}

// Decoded frames converted to 48 kHz stereo float, in slices of kResampleSliceFrames (`stop`
// checked between them), into the sink.
class SoundConversion {
public:
    SoundConversion(const AVCodecContext& context, Resampler& resampler, WindowedSink& sink,
                    std::stop_token stop)
        : resampler_(resampler), sink_(sink), stop_(std::move(stop)),
          sampleFormat_(context.sample_fmt), sampleRate_(context.sample_rate),
          channels_(context.ch_layout.nb_channels),
          planar_(av_sample_fmt_is_planar(sampleFormat_) != 0),
          bytesPerSample_(av_get_bytes_per_sample(sampleFormat_)) {}

    // One decoded frame. A frame in another format than the stream began with (a damaged or
    // chained stream) would be read with the wrong layout: it is left out.
    void add(const AVFrame* frame) {
        if (frame->format != sampleFormat_ || frame->ch_layout.nb_channels != channels_ ||
            (frame->sample_rate > 0 && frame->sample_rate != sampleRate_)) {
            return;
        }
        std::array<const std::uint8_t*, kMaxSoundChannels> planes{};
        for (int offset = 0; offset < frame->nb_samples && !sink_.done();
             offset += kResampleSliceFrames) {
            if (stop_.stop_requested()) {
                return;
            }
            const int count = std::min(kResampleSliceFrames, frame->nb_samples - offset);
            for (int plane = 0; plane < (planar_ ? channels_ : 1); ++plane) {
                planes[static_cast<std::size_t>(plane)] =
                    frame->extended_data[plane] + static_cast<std::ptrdiff_t>(offset) *
                                                      bytesPerSample_ * (planar_ ? 1 : channels_);
            }
            resample(planes.data(), count);
        }
    }

    // What the resampler still holds, at the end of the sound.
    void flush() { resample(nullptr, 0); }

private:
    void resample(const std::uint8_t* const* in, int frames) {
        const int capacity = swr_get_out_samples(resampler_.get(), frames);
        if (capacity <= 0) {
            return;
        }
        converted_.resize(static_cast<std::size_t>(capacity) * kAudioChannels);
        auto* out = reinterpret_cast<std::uint8_t*>(converted_.data());
        const int produced = swr_convert(resampler_.get(), &out, capacity,
                                         const_cast<const std::uint8_t**>(in), frames);
        if (produced > 0) {
            sink_.add(converted_.data(), produced);
        }
    }

    Resampler& resampler_;
    WindowedSink& sink_;
    std::stop_token stop_;
    AVSampleFormat sampleFormat_;
    int sampleRate_;
    int channels_;
    bool planar_;
    int bytesPerSample_;
    std::vector<float> converted_;
};

// The frames the decoder has ready, converted until the sink is done.
void drainSoundDecoder(const SoundStream& sound, Frame& frame, SoundConversion& conversion,
                       const WindowedSink& sink) {
    while (!sink.done() && avcodec_receive_frame(sound.context.get(), frame.get()) >= 0) {
        conversion.add(frame.get());
        av_frame_unref(frame.get());
    }
}

// Reads and decodes the sound stream's packets until the sink is done, the file ends or `stop`
// is requested; then, unless the sink is done or it stopped, flushes the decoder and the
// resampler. A damaged packet is skipped: the rest of the sound still plays. False when it
// stopped (the flush then not done).
bool decodeSoundPackets(FormatInput& input, const SoundStream& sound, SoundConversion& conversion,
                        const WindowedSink& sink, const std::stop_token& stop) {
    Packet packet;
    Frame frame;
    while (!sink.done() && !stop.stop_requested() &&
           av_read_frame(input.get(), packet.get()) >= 0) {
        if (packet->stream_index == sound.index &&
            avcodec_send_packet(sound.context.get(), packet.get()) >= 0) {
            drainSoundDecoder(sound, frame, conversion, sink);
        }
        av_packet_unref(packet.get());
    }
    if (stop.stop_requested()) {
        return false;
    }
    if (!sink.done()) {
        avcodec_send_packet(sound.context.get(), nullptr);
        drainSoundDecoder(sound, frame, conversion, sink);
        conversion.flush();
    }
    return true;
}

// The sound of `window` (in sample frames on the sound's timeline), of which at most
// `maximumFrames` are kept.
AudioDecodeResult decode(const fs::path& path, AudioWindowFrames window, std::int64_t maximumFrames,
                         std::stop_token stop) {
    AudioDecodeResult result;
    const std::string name = bvh::utf8FromPath(path);
    silenceFfmpegLog();
    FormatInput input;
    auto failed = [&](const std::string& why) {
        // The file's own failure (a read error, a stop) says more than FFmpeg's consequence.
        result.error = name + ": " + (input.readFailure().empty() ? why : input.readFailure());
        return result;
    };
    if (std::string error = input.open(path, stop); !error.empty()) {
        return failed(error);
    }
    SoundStream sound;
    if (std::string error = openSoundStream(input, sound); !error.empty()) {
        return failed(error);
    }
    Resampler resampler;
    if (std::string error = openStereoResampler(*sound.context.get(), resampler); !error.empty()) {
        return failed(error);
    }

    AudioClip clip;
    // The window before the sound's first sample is silence, counted and not stored.
    clip.leadingSilenceFrames =
        static_cast<std::size_t>(std::clamp<std::int64_t>(-window.start, 0, window.length));
    const std::int64_t wantFrames =
        window.length - static_cast<std::int64_t>(clip.leadingSilenceFrames);
    WindowedSink sink{clip, std::max<std::int64_t>(window.start, 0), wantFrames,
                      std::min(wantFrames, maximumFrames)};
    // As much as the container says the window holds (the whole window, at most the bound,
    // when it says nothing): an honest file is stored without a copy.
    const std::int64_t expected =
        std::clamp<std::int64_t>(claimedFrames(input.get(), sound.stream).value_or(sink.capFrames) -
                                     sink.skip + kAudioSampleRate,
                                 0, sink.capFrames);
    clip.samples.reserve(static_cast<std::size_t>(expected) * kAudioChannels);

    SoundConversion conversion(*sound.context.get(), resampler, sink, stop);
    if (!decodeSoundPackets(input, sound, conversion, sink, stop)) {
        result.error = name + ": stopped";
        return result;
    }
    result.fileDurationSeconds = static_cast<double>(sink.decodedFrames) / kAudioSampleRate;
    result.truncated = sink.truncated;
    if (clip.samples.capacity() > 2 * clip.samples.size()) {
        clip.samples.shrink_to_fit(); // a claim that was too long: the copy is the smaller part
    }
    result.clip = std::move(clip);
    return result;
}

std::int64_t framesOf(double seconds) {
    return windowFrames({0.0, seconds}).value_or(AudioWindowFrames{}).length;
}

} // namespace

AudioDecodeResult ffmpegDecodeAudio(const fs::path& path, AudioWindow window,
                                    std::stop_token stop) {
    const std::optional<AudioWindowFrames> frames = windowFrames(window);
    if (!frames) {
        AudioDecodeResult result;
        result.error = "the sound window is not a finite time";
        return result;
    }
    return decode(path, *frames, framesOf(kMaxDecodedSoundSeconds), std::move(stop));
}

AudioDecodeResult ffmpegDecodeWholeAudio(const fs::path& path, std::stop_token stop,
                                         double maximumSeconds) {
    const double seconds = std::isfinite(maximumSeconds)
                               ? std::clamp(maximumSeconds, 0.0, kMaxDecodedSoundSeconds)
                               : kMaxDecodedSoundSeconds;
    // A window without end, kept up to the maximum: a longer sound is truncated, and nothing
    // past the sound's end is stored.
    return decode(path, {0, kEndlessFrames}, framesOf(seconds), std::move(stop));
}

} // namespace bvhscope::media
