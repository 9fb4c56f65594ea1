#include "tests/app/media/media_test_support.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <chrono>
#include <cmath>
#include <csignal>
#include <fstream>
#include <iterator>
#include <limits>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace bvhscope::media::test {

namespace {

struct Input {
    AVFormatContext* format = nullptr;
    ~Input() { avformat_close_input(&format); }
};
struct Decoder {
    AVCodecContext* context = nullptr;
    ~Decoder() { avcodec_free_context(&context); }
};
struct Packet {
    AVPacket* packet = av_packet_alloc();
    ~Packet() { av_packet_free(&packet); }
};
struct Frame {
    AVFrame* frame = av_frame_alloc();
    ~Frame() { av_frame_free(&frame); }
};

bool openVideoDecoder(Input& input, Decoder& decoder, int& streamIndex,
                      const std::filesystem::path& path) {
    if (avformat_open_input(&input.format, path.c_str(), nullptr, nullptr) < 0 ||
        avformat_find_stream_info(input.format, nullptr) < 0) {
        return false;
    }
    const AVCodec* codec = nullptr;
    streamIndex = av_find_best_stream(input.format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (streamIndex < 0 || codec == nullptr) {
        return false;
    }
    decoder.context = avcodec_alloc_context3(codec);
    return avcodec_parameters_to_context(decoder.context,
                                         input.format->streams[streamIndex]->codecpar) >= 0 &&
           avcodec_open2(decoder.context, codec, nullptr) >= 0;
}

// Calls `visit(frame)` for every decoded video frame until it returns false.
template <typename Visit>
void decodeAll(Input& input, Decoder& decoder, int streamIndex, Visit visit) {
    Packet packet;
    Frame frame;
    bool going = true;
    auto drain = [&]() {
        while (going && avcodec_receive_frame(decoder.context, frame.frame) >= 0) {
            going = visit(frame.frame);
            av_frame_unref(frame.frame);
        }
    };
    while (going && av_read_frame(input.format, packet.packet) >= 0) {
        if (packet.packet->stream_index == streamIndex) {
            avcodec_send_packet(decoder.context, packet.packet);
            drain();
        }
        av_packet_unref(packet.packet);
    }
    if (going) {
        avcodec_send_packet(decoder.context, nullptr);
        drain();
    }
}

// Whether "moov" appears before "mdat" among the file's top-level boxes.
bool moovBeforeMdat(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::uint64_t offset = 0;
    while (file) {
        unsigned char header[8];
        file.seekg(static_cast<std::streamoff>(offset));
        if (!file.read(reinterpret_cast<char*>(header), 8)) {
            return false;
        }
        std::uint64_t size = (std::uint64_t{header[0]} << 24) | (std::uint64_t{header[1]} << 16) |
                             (std::uint64_t{header[2]} << 8) | header[3];
        const std::string type(reinterpret_cast<char*>(header + 4), 4);
        if (type == "moov") {
            return true;
        }
        if (type == "mdat") {
            return false;
        }
        if (size == 1) {
            unsigned char large[8];
            file.read(reinterpret_cast<char*>(large), 8);
            size = 0;
            for (unsigned char byte : large) {
                size = (size << 8) | byte;
            }
        }
        if (size < 8) {
            return false;
        }
        offset += size;
    }
    return false;
}

} // namespace

std::optional<VideoInfo> probeVideo(const std::filesystem::path& path) {
    Input input;
    Decoder decoder;
    int streamIndex = -1;
    if (!openVideoDecoder(input, decoder, streamIndex, path)) {
        return std::nullopt;
    }
    VideoInfo info;
    const AVStream* stream = input.format->streams[streamIndex];
    info.container = input.format->iformat->name;
    info.videoCodec = decoder.context->codec->name;
    info.width = decoder.context->width;
    info.height = decoder.context->height;
    info.rateNumerator = stream->avg_frame_rate.num;
    info.rateDenominator = stream->avg_frame_rate.den;
    if (stream->duration != AV_NOPTS_VALUE) {
        info.videoDurationSeconds =
            static_cast<double>(stream->duration) * av_q2d(stream->time_base);
    } else if (input.format->duration != AV_NOPTS_VALUE) {
        info.videoDurationSeconds = static_cast<double>(input.format->duration) / AV_TIME_BASE;
    }
    for (unsigned i = 0; i < input.format->nb_streams; ++i) {
        const AVStream* other = input.format->streams[i];
        if (other->codecpar->codec_type == AVMEDIA_TYPE_AUDIO) {
            const AVCodecDescriptor* descriptor = avcodec_descriptor_get(other->codecpar->codec_id);
            info.audioCodec = descriptor != nullptr ? descriptor->name : "?";
            info.audioSampleRate = other->codecpar->sample_rate;
            if (other->duration != AV_NOPTS_VALUE) {
                info.audioDurationSeconds =
                    static_cast<double>(other->duration) * av_q2d(other->time_base);
            }
        }
    }
    decodeAll(input, decoder, streamIndex, [&](const AVFrame* frame) {
        ++info.decodedFrames;
        info.pixelFormat = av_get_pix_fmt_name(static_cast<AVPixelFormat>(frame->format));
        if (frame->best_effort_timestamp != AV_NOPTS_VALUE) {
            info.lastFrameSeconds =
                static_cast<double>(frame->best_effort_timestamp) * av_q2d(stream->time_base);
        }
        return true;
    });
    info.indexBeforeData = moovBeforeMdat(path);
    return info;
}

std::optional<RgbPicture> decodeVideoFrame(const std::filesystem::path& path, std::int64_t index) {
    Input input;
    Decoder decoder;
    int streamIndex = -1;
    if (!openVideoDecoder(input, decoder, streamIndex, path)) {
        return std::nullopt;
    }
    std::optional<RgbPicture> picture;
    std::int64_t seen = 0;
    decodeAll(input, decoder, streamIndex, [&](const AVFrame* frame) {
        if (seen++ < index) {
            return true;
        }
        SwsContext* scaler = sws_getContext(
            frame->width, frame->height, static_cast<AVPixelFormat>(frame->format), frame->width,
            frame->height, AV_PIX_FMT_RGB24, SWS_BILINEAR, nullptr, nullptr, nullptr);
        if (scaler == nullptr) {
            return false;
        }
        const int matrix = frame->colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT;
        const int* coefficients = sws_getCoefficients(matrix);
        sws_setColorspaceDetails(scaler, coefficients, frame->color_range == AVCOL_RANGE_JPEG,
                                 coefficients, 1, 0, 1 << 16, 1 << 16);
        RgbPicture result;
        result.width = frame->width;
        result.height = frame->height;
        result.rgb.resize(static_cast<std::size_t>(frame->width) * frame->height * 3);
        std::uint8_t* planes[] = {result.rgb.data()};
        const int strides[] = {frame->width * 3};
        sws_scale(scaler, frame->data, frame->linesize, 0, frame->height, planes, strides);
        sws_freeContext(scaler);
        picture = std::move(result);
        return false;
    });
    return picture;
}

double psnr(const RgbPicture& a, const RgbPicture& b) {
    if (a.width != b.width || a.height != b.height || a.rgb.size() != b.rgb.size() ||
        a.rgb.empty()) {
        return 0.0;
    }
    double squared = 0.0;
    for (std::size_t i = 0; i < a.rgb.size(); ++i) {
        const double difference = static_cast<double>(a.rgb[i]) - b.rgb[i];
        squared += difference * difference;
    }
    const double mean = squared / static_cast<double>(a.rgb.size());
    return mean == 0.0 ? std::numeric_limits<double>::infinity()
                       : 10.0 * std::log10(255.0 * 255.0 / mean);
}

RgbPicture fromRgba(const std::vector<std::uint8_t>& rgba, int width, int height) {
    RgbPicture picture{width, height, {}};
    picture.rgb.reserve(static_cast<std::size_t>(width) * height * 3);
    for (std::size_t i = 0; i + 3 < rgba.size(); i += 4) {
        picture.rgb.insert(picture.rgb.end(), {rgba[i], rgba[i + 1], rgba[i + 2]});
    }
    return picture;
}

bool writeClickTrack(const std::filesystem::path& path, const std::string& formatName,
                     const std::string& codecName, int sampleRate, int channels, double seconds,
                     const std::vector<double>& clicks) {
    const AVCodec* codec = avcodec_find_encoder_by_name(codecName.c_str());
    if (codec == nullptr) {
        return false;
    }
    AVFormatContext* output = nullptr;
    if (avformat_alloc_output_context2(&output, nullptr, formatName.c_str(), path.c_str()) < 0) {
        return false;
    }
    AVCodecContext* context = avcodec_alloc_context3(codec);
    AVStream* stream = avformat_new_stream(output, nullptr);
    context->sample_rate = sampleRate;
    av_channel_layout_default(&context->ch_layout, channels);
    context->sample_fmt = codec->sample_fmts[0];
    context->time_base = AVRational{1, sampleRate};
    context->bit_rate = 192000;
    if (output->oformat->flags & AVFMT_GLOBALHEADER) {
        context->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    }
    bool ok = avcodec_open2(context, codec, nullptr) >= 0 &&
              avcodec_parameters_from_context(stream->codecpar, context) >= 0 &&
              avio_open(&output->pb, path.c_str(), AVIO_FLAG_WRITE) >= 0 &&
              avformat_write_header(output, nullptr) >= 0;
    stream->time_base = context->time_base;
    const auto total = static_cast<std::int64_t>(std::llround(seconds * sampleRate));
    const int frameSize = context->frame_size > 0 ? context->frame_size : 1024;
    AVFrame* frame = av_frame_alloc();
    AVPacket* packet = av_packet_alloc();
    auto sampleAt = [&](std::int64_t n) {
        for (const double click : clicks) {
            const double t = static_cast<double>(n) / sampleRate - click;
            if (t >= 0.0 && t < 0.004) {
                return 0.8 * std::sin(2.0 * M_PI * 2000.0 * t);
            }
        }
        return 0.0;
    };
    auto drain = [&]() {
        while (avcodec_receive_packet(context, packet) >= 0) {
            av_packet_rescale_ts(packet, context->time_base, stream->time_base);
            packet->stream_index = stream->index;
            ok = av_interleaved_write_frame(output, packet) >= 0 && ok;
        }
    };
    for (std::int64_t start = 0; ok && start < total; start += frameSize) {
        const int count = static_cast<int>(std::min<std::int64_t>(frameSize, total - start));
        av_frame_unref(frame);
        frame->format = context->sample_fmt;
        frame->nb_samples = count;
        frame->sample_rate = sampleRate;
        av_channel_layout_copy(&frame->ch_layout, &context->ch_layout);
        ok = av_frame_get_buffer(frame, 0) >= 0;
        const bool planar = av_sample_fmt_is_planar(context->sample_fmt) != 0;
        for (int i = 0; ok && i < count; ++i) {
            const double value = sampleAt(start + i);
            for (int channel = 0; channel < channels; ++channel) {
                const int plane = planar ? channel : 0;
                const int at = planar ? i : i * channels + channel;
                switch (context->sample_fmt) {
                case AV_SAMPLE_FMT_S16:
                case AV_SAMPLE_FMT_S16P:
                    reinterpret_cast<std::int16_t*>(frame->data[plane])[at] =
                        static_cast<std::int16_t>(std::lround(value * 32767.0));
                    break;
                case AV_SAMPLE_FMT_S32:
                case AV_SAMPLE_FMT_S32P:
                    reinterpret_cast<std::int32_t*>(frame->data[plane])[at] =
                        static_cast<std::int32_t>(std::lround(value * 2147483000.0));
                    break;
                default: // float, planar or not
                    reinterpret_cast<float*>(frame->data[plane])[at] = static_cast<float>(value);
                    break;
                }
            }
        }
        frame->pts = start;
        ok = ok && avcodec_send_frame(context, frame) >= 0;
        drain();
    }
    avcodec_send_frame(context, nullptr);
    drain();
    ok = ok && av_write_trailer(output) >= 0;
    avio_closep(&output->pb);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    avformat_free_context(output);
    return ok;
}

bool writeWav(const std::filesystem::path& path, const WavHeader& header,
              const std::vector<std::uint8_t>& data) {
    std::vector<std::uint8_t> bytes;
    auto text = [&](const char* four) { bytes.insert(bytes.end(), four, four + 4); };
    auto little = [&](std::uint64_t value, int size) {
        for (int i = 0; i < size; ++i) {
            bytes.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
        }
    };
    const std::uint32_t dataBytes =
        header.declaredDataBytes.value_or(static_cast<std::uint32_t>(data.size()));
    const std::uint32_t blockAlign = header.channels * header.bitsPerSample / 8u;
    text("RIFF");
    little(dataBytes == 0 ? 0u : 36u + dataBytes, 4);
    text("WAVE");
    text("fmt ");
    little(16, 4);
    little(1, 2); // PCM
    little(header.channels, 2);
    little(header.sampleRate, 4);
    little(static_cast<std::uint64_t>(header.sampleRate) * blockAlign, 4);
    little(blockAlign, 2);
    little(header.bitsPerSample, 2);
    text("data");
    little(dataBytes, 4);
    bytes.insert(bytes.end(), data.begin(), data.end());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

ChildRun runInChild(const std::function<int()>& body, double timeoutSeconds) {
    ChildRun run;
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = ::fork();
    if (child < 0) {
        return run;
    }
    if (child == 0) {
        int status = 255;
        try {
            status = body();
        } catch (...) {
        }
        ::_exit(status);
    }
    const auto deadline = start + std::chrono::duration<double>(timeoutSeconds);
    int status = 0;
    rusage usage{};
    while (::wait4(child, &status, WNOHANG, &usage) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(child, SIGKILL);
            ::wait4(child, &status, 0, &usage);
            run.seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return run;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.cpuSeconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
    run.exited = WIFEXITED(status);
    run.status = run.exited ? WEXITSTATUS(status) : -1;
    run.peakMegabytes = static_cast<double>(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
    return run;
}

std::vector<double> findClicks(const AudioClip& clip) {
    float peak = 0.0f;
    for (std::size_t i = 0; i < clip.frameCount(); ++i) {
        peak = std::max(peak, std::abs(clip.samples[i * kAudioChannels]));
    }
    std::vector<double> onsets;
    const auto quiet = static_cast<std::size_t>(0.1 * kAudioSampleRate);
    std::size_t lastLoud = 0;
    bool any = false;
    for (std::size_t i = 0; i < clip.frameCount(); ++i) {
        if (peak > 0.0f && std::abs(clip.samples[i * kAudioChannels]) > 0.5f * peak) {
            if (!any || i - lastLoud > quiet) {
                onsets.push_back(static_cast<double>(clip.leadingSilenceFrames + i) /
                                 kAudioSampleRate);
            }
            lastLoud = i;
            any = true;
        }
    }
    return onsets;
}

} // namespace bvhscope::media::test
