#include "app/live/growing_file_source.h"

#include "core/platform/utf8_path.h"

#include <fstream>
#include <system_error>
#include <vector>

namespace bvhscope::live {

GrowingFileSource::Look GrowingFileSource::look(std::string& bytes, std::string& error) {
    bytes.clear();
    std::ifstream file(options_.path, std::ios::binary);
    std::error_code sizeError;
    const std::uint64_t size = std::filesystem::file_size(options_.path, sizeError);
    if (!file || sizeError) {
        error = bvh::utf8FromPath(options_.path) + ": " +
                (sizeError ? sizeError.message() : std::string("cannot open"));
        return Look::Unreadable;
    }
    if (size < offset_) {
        return Look::Rewritten;
    }
    // The first bytes as they are now, against what was read there before: the header up to
    // MOTION, since the `Frames:` count after it is rewritten in place by writers that keep it
    // right while they append (core/live/take_writer.h).
    const std::size_t known = std::min(prefix_.size(), prefix_.find("MOTION"));
    if (known > 0) {
        std::string now(known, '\0');
        file.read(now.data(), static_cast<std::streamsize>(known));
        if (static_cast<std::size_t>(file.gcount()) < known ||
            prefix_.compare(0, known, now) != 0) {
            return Look::Rewritten;
        }
    }
    if (size == offset_) {
        return Look::Same;
    }
    const std::uint64_t wanted = std::min<std::uint64_t>(size - offset_, kReadBytes);
    bytes.resize(static_cast<std::size_t>(wanted));
    file.clear();
    file.seekg(static_cast<std::streamoff>(offset_));
    file.read(bytes.data(), static_cast<std::streamsize>(wanted));
    bytes.resize(static_cast<std::size_t>(file.gcount()));
    if (prefix_.size() < kWatchedPrefixBytes && offset_ == prefix_.size()) {
        prefix_.append(bytes, 0, std::min(bytes.size(), kWatchedPrefixBytes - prefix_.size()));
    }
    offset_ += bytes.size();
    return bytes.empty() ? Look::Same : Look::Grew;
}

void GrowingFileSource::decodeAndPublish(bvh::live::StreamDecoder& decoder, std::string_view bytes,
                                         LiveClock::time_point readAt) {
    std::vector<bvh::live::LiveFrame> frames;
    decoder.feed(bytes, frames);
    publishDecoded(decoder, frames, connection_, readAt);
}

void GrowingFileSource::run() {
    bvh::live::StreamDecoder decoder(options_.format, options_.decoder);
    const std::string name = bvh::utf8FromPath(options_.path);
    std::string bytes;
    bool readable = false;
    while (!stopping()) {
        std::string error;
        const LiveClock::time_point readAt = LiveClock::now();
        const Look seen = look(bytes, error);
        if (seen == Look::Unreadable) {
            updateStatus([&](LiveStatus& status) {
                status.connection = LiveStatus::Connection::Reconnecting;
                status.lastError = error;
            });
            readable = false;
            sleepUnlessStopped(options_.pollInterval);
            continue;
        }
        if (seen == Look::Rewritten) {
            LiveEvent ended;
            ended.kind = LiveEvent::Kind::Disconnected;
            ended.connection = connection_;
            ended.text = "rewritten";
            publish(std::move(ended));
            decoder.reset();
            forgetPublishedSkeleton();
            offset_ = 0;
            prefix_.clear();
            readable = false;
            continue;
        }
        if (!readable) {
            readable = true;
            ++connection_;
            LiveEvent opened;
            opened.kind = LiveEvent::Kind::Connected;
            opened.connection = connection_;
            opened.text = name;
            publish(std::move(opened));
            updateStatus([&](LiveStatus& status) {
                status.connection = LiveStatus::Connection::Connected;
                status.connections = connection_;
            });
        }
        if (seen == Look::Grew) {
            decodeAndPublish(decoder, bytes, readAt);
            if (!waitForQueueRoom()) {
                break;
            }
            if (bytes.size() == kReadBytes) {
                continue; // more is waiting: no pause
            }
        }
        sleepUnlessStopped(options_.pollInterval);
    }
}

} // namespace bvhscope::live
