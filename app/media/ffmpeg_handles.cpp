#include "app/media/ffmpeg_handles.h"

#include "core/platform/file_input.h"
#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <array>
#include <vector>

namespace bvhscope::media {

std::string errorText(int status) {
    std::array<char, AV_ERROR_MAX_STRING_SIZE> text{};
    av_strerror(status, text.data(), text.size());
    return text.data();
}

void silenceFfmpegLog() {
    av_log_set_level(AV_LOG_QUIET);
}

// [SECTION] FormatInput: FFmpeg reading a file opened by bvh::FileInput

void IoContextDeleter::operator()(AVIOContext* context) const {
    av_freep(&context->buffer); // FFmpeg may have replaced the buffer it was given
    avio_context_free(&context);
}

struct FormatInput::Source {
    std::filesystem::path path;
    bvh::FileInput file;
    bvh::FileStamp stamp;      // as opened: a reopened file must be the same one
    std::int64_t position = 0; // where FFmpeg's next read starts
    std::stop_token stop;
    std::string failure;
    std::vector<char> skipped; // what a forward seek reads and drops

    bool stopped() {
        if (stop.stop_requested()) {
            failure = "stopped";
            return true;
        }
        return false;
    }

    static int read(void* opaque, std::uint8_t* into, int bytes) {
        auto& source = *static_cast<Source*>(opaque);
        if (source.stopped()) {
            return AVERROR_EXIT;
        }
        const std::int64_t got =
            source.file.read(reinterpret_cast<char*>(into), static_cast<std::size_t>(bytes));
        if (got < 0) {
            source.failure = source.file.error();
            return AVERROR(EIO);
        }
        if (got == 0) {
            return AVERROR_EOF;
        }
        source.position += got;
        return static_cast<int>(got);
    }

    // Moves to `target` the only way FileInput allows: reading forwards, from the start of a
    // fresh open when the target lies behind. Past the end the position is kept (as lseek
    // does) and reads find the end.
    std::int64_t moveTo(std::int64_t target) {
        if (target < position) {
            if (!file.open(path)) {
                failure =
                    file.error().empty() ? bvh::notRegularFileText(file.kind()) : file.error();
                return AVERROR(EIO);
            }
            if (file.stamp() != stamp) {
                failure = "changed while it was read";
                file.close();
                return AVERROR(EIO);
            }
            position = 0;
        }
        skipped.resize(64 * 1024);
        while (position < target) {
            if (stopped()) {
                return AVERROR_EXIT;
            }
            const auto want = static_cast<std::size_t>(std::min<std::int64_t>(
                target - position, static_cast<std::int64_t>(skipped.size())));
            const std::int64_t got = file.read(skipped.data(), want);
            if (got < 0) {
                failure = file.error();
                return AVERROR(EIO);
            }
            if (got == 0) {
                break; // the end: later reads find it too
            }
            position += got;
        }
        position = target;
        return target;
    }

    static std::int64_t seek(void* opaque, std::int64_t offset, int whence) {
        auto& source = *static_cast<Source*>(opaque);
        const auto size = static_cast<std::int64_t>(source.stamp.size);
        switch (whence & ~AVSEEK_FORCE) {
        case AVSEEK_SIZE:
            return size;
        case SEEK_SET:
            break;
        case SEEK_CUR:
            offset += source.position;
            break;
        case SEEK_END:
            offset += size;
            break;
        default:
            return AVERROR(EINVAL);
        }
        return offset < 0 ? AVERROR(EINVAL) : source.moveTo(offset);
    }

    static int interrupted(void* opaque) {
        return static_cast<Source*>(opaque)->stop.stop_requested() ? 1 : 0;
    }
};

namespace {

// A demuxer's request to open another resource (an HLS or concat playlist's entries, a
// QuickTime reference movie's data): refused, so a file can never make FFmpeg read anything
// but itself.
int refuseNestedOpen(AVFormatContext*, AVIOContext**, const char*, int, AVDictionary**) {
    return AVERROR(EPERM);
}

} // namespace

FormatInput::FormatInput() = default;
FormatInput::~FormatInput() = default;

const std::string& FormatInput::readFailure() const {
    static const std::string none;
    return source_ ? source_->failure : none;
}

std::string FormatInput::open(const std::filesystem::path& path, std::stop_token stop) {
    context_.reset();
    io_.reset();
    source_ = std::make_unique<Source>();
    Source& source = *source_;
    source.path = path;
    source.stop = std::move(stop);
    if (!source.file.open(path)) {
        return source.file.error().empty() ? bvh::notRegularFileText(source.file.kind())
                                           : source.file.error();
    }
    const std::optional<bvh::FileStamp> stamp = source.file.stamp();
    if (!stamp) {
        return "cannot read: its size is unknown";
    }
    source.stamp = *stamp;

    constexpr int kBufferBytes = 64 * 1024;
    auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferBytes));
    if (buffer == nullptr) {
        throw std::bad_alloc();
    }
    io_.reset(avio_alloc_context(buffer, kBufferBytes, 0, &source, &Source::read, nullptr,
                                 &Source::seek));
    AVFormatContext* context = io_ ? avformat_alloc_context() : nullptr;
    if (context == nullptr) {
        if (!io_) {
            av_free(buffer);
        }
        throw std::bad_alloc();
    }
    context->pb = io_.get();
    context->interrupt_callback = AVIOInterruptCB{&Source::interrupted, &source};
    context->io_open = &refuseNestedOpen;
    // The name only hints at the format (by its extension); it is never opened.
    const std::string name = bvh::utf8FromPath(path.filename());
    const int status = avformat_open_input(&context, name.c_str(), nullptr, nullptr);
    if (status < 0) { // FFmpeg freed the context
        return !source.failure.empty() ? source.failure
                                       : "not a file libavformat reads (" + errorText(status) + ")";
    }
    context_.reset(context);
    return {};
}

} // namespace bvhscope::media
