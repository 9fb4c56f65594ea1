#include "app/live/growing_file_source.h"

#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <vector>

namespace bvhscope::live {

bool GrowingFileSource::headerUnchanged() {
    // The first bytes as they are now, against what was read there before: the header up to
    // MOTION, since the `Frames:` count after it is rewritten in place by writers that keep it
    // right while they append (core/live/take_writer.h).
    const std::size_t known = std::min(prefix_.size(), prefix_.find("MOTION"));
    if (known == 0) {
        return true;
    }
    std::string now(known, '\0');
    return file_.readAt(0, now.data(), known) == static_cast<std::int64_t>(known) &&
           prefix_.compare(0, known, now) == 0;
}

GrowingFileSource::Look GrowingFileSource::openOrCheckName(std::string& error) {
    const std::string name = bvh::utf8FromPath(options_.path);
    const auto refusal = [&](const bvh::FileInput& input) {
        return name + ": " +
               (input.error().empty() ? bvh::notRegularFileText(input.kind()) : input.error());
    };
    if (!file_.isOpen()) {
        if (!file_.open(options_.path)) {
            error = refusal(file_);
            return Look::Unreadable;
        }
        identity_ = file_.identity();
        if (!identity_) {
            error = name + ": cannot read: the system does not say which file it is";
            file_.close();
            return Look::Unreadable;
        }
        return Look::Same;
    }
    bvh::FileInput atName;
    if (!atName.open(options_.path)) {
        error = refusal(atName);
        return Look::Unreadable;
    }
    const std::optional<bvh::FileIdentity> identity = atName.identity();
    if (!identity) {
        error = name + ": cannot read: the system does not say which file it is";
        return Look::Unreadable;
    }
    return *identity == *identity_ ? Look::Same : Look::Replaced;
}

GrowingFileSource::Look GrowingFileSource::look(std::string& bytes, std::string& error) {
    bytes.clear();
    if (const Look name = openOrCheckName(error); name != Look::Same) {
        return name;
    }
    const std::optional<bvh::FileStamp> stamp = file_.stamp();
    if (!stamp) {
        error = bvh::utf8FromPath(options_.path) + ": cannot read: its size is unknown";
        return Look::Unreadable;
    }
    if (stamp->size < offset_ || !headerUnchanged()) {
        return Look::Rewritten;
    }
    if (stamp->size == offset_) {
        return Look::Same;
    }
    bytes.resize(
        static_cast<std::size_t>(std::min<std::uint64_t>(stamp->size - offset_, kReadBytes)));
    const std::int64_t got = file_.readAt(offset_, bytes.data(), bytes.size());
    if (got < 0) {
        error = bvh::utf8FromPath(options_.path) + ": " + file_.error();
        bytes.clear();
        return Look::Unreadable;
    }
    bytes.resize(static_cast<std::size_t>(got));
    if (prefix_.size() < kWatchedPrefixBytes && offset_ == prefix_.size()) {
        prefix_.append(bytes, 0, std::min(bytes.size(), kWatchedPrefixBytes - prefix_.size()));
    }
    offset_ += bytes.size();
    return bytes.empty() ? Look::Same : Look::Grew;
}

void GrowingFileSource::forgetFile() {
    file_.close();
    identity_.reset();
    offset_ = 0;
    prefix_.clear();
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
    bool announced = false; // the file being read was announced (Connected)
    bool readable = false;  // the status says Connected
    while (!stopping()) {
        std::string error;
        const LiveClock::time_point readAt = LiveClock::now();
        const Look seen = look(bytes, error);
        if (seen == Look::Unreadable) {
            // Not Connected while there is nothing to read at the name (missing, a named pipe,
            // no permission): the same file readable again goes on; another one is Replaced.
            updateStatus([&](LiveStatus& status) {
                status.connection = LiveStatus::Connection::Reconnecting;
                status.lastError = error;
            });
            readable = false;
            sleepUnlessStopped(options_.pollInterval);
            continue;
        }
        if (seen == Look::Rewritten || seen == Look::Replaced) {
            LiveEvent ended;
            ended.kind = LiveEvent::Kind::Disconnected;
            ended.connection = connection_;
            ended.text = seen == Look::Replaced ? "replaced by another file" : "rewritten";
            publish(std::move(ended));
            decoder.reset();
            forgetPublishedSkeleton();
            forgetFile();
            announced = false;
            continue;
        }
        if (!announced) {
            ++connection_;
            LiveEvent opened;
            opened.kind = LiveEvent::Kind::Connected;
            opened.connection = connection_;
            opened.text = name;
            publish(std::move(opened));
        }
        if (!announced || !readable) {
            announced = true;
            readable = true;
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
