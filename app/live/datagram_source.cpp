#include "app/live/datagram_source.h"

#include <vector>

namespace bvhscope::live {

std::unique_ptr<DatagramSource>
DatagramSource::open(std::unique_ptr<bvh::live::DatagramDecoder> decoder,
                     std::string_view bindAddress, std::uint16_t port, std::string& error,
                     std::size_t mostDatagramBytes) {
    std::optional<DatagramSocket> socket = bindUdp(bindAddress, port, error);
    const std::string shown =
        std::string(decoder->formatName()) + "://" +
        (bindAddress.empty() ? std::string("0.0.0.0") : std::string(bindAddress)) + ":" +
        std::to_string(port);
    if (!socket) {
        error =
            "cannot listen on " + shown + ": " + error +
            (port != 0 ? " (is another program receiving on UDP port " + std::to_string(port) + "?)"
                       : "");
        return nullptr;
    }
    return std::unique_ptr<DatagramSource>(
        new DatagramSource(std::move(decoder), std::move(*socket), shown, mostDatagramBytes));
}

DatagramSource::DatagramSource(std::unique_ptr<bvh::live::DatagramDecoder> decoder,
                               DatagramSocket socket, std::string address,
                               std::size_t mostDatagramBytes)
    : decoder_(std::move(decoder)), socket_(std::move(socket.socket)), port_(socket.port),
      mostDatagramBytes_(mostDatagramBytes), address_(std::move(address)) {
    updateStatus([&](LiveStatus& status) {
        status.format = std::string(decoder_->formatName());
        status.waitingFor = "waiting for a sender on " + address_;
    });
}

bool DatagramSource::acceptSender(const std::string& sender, LiveClock::time_point now) {
    if (sender == sender_) {
        lastFromSender_ = now;
        return true;
    }
    if (!sender_.empty() && now - lastFromSender_ < kSenderQuiet) {
        ++otherSenderDatagrams_;
        otherSender_ = sender;
        return false;
    }
    if (!sender_.empty()) {
        LiveEvent ended;
        ended.kind = LiveEvent::Kind::Disconnected;
        ended.connection = connection_;
        ended.text = sender_ + " went quiet";
        publish(std::move(ended));
    }
    sender_ = sender;
    lastFromSender_ = now;
    ++connection_;
    publishedGeneration_ = 0; // the new sender's skeleton is published, even if the same
    LiveEvent connected;
    connected.kind = LiveEvent::Kind::Connected;
    connected.connection = connection_;
    connected.text = sender;
    publish(std::move(connected));
    updateStatus([&](LiveStatus& status) {
        status.connection = LiveStatus::Connection::Connected;
        status.connections = connection_;
        status.lastError.clear();
    });
    return true;
}

void DatagramSource::stepFrames(LiveClock::time_point readAt) {
    const double arrival = std::chrono::duration<double>(readAt - started_).count();
    while (decoder_->step(arrival, frames_)) {
        const bvh::Skeleton* skeleton = decoder_->skeleton();
        if (skeleton != nullptr && decoder_->skeletonGeneration() != publishedGeneration_) {
            publishedGeneration_ = decoder_->skeletonGeneration();
            publishSkeleton(std::make_shared<const bvh::Skeleton>(*skeleton), decoder_->frameTime(),
                            decoder_->frameTimeFromSender(), connection_);
        }
        publishFrames(frames_, readAt);
    }
}

void DatagramSource::publishCounters() {
    updateStatus([&](LiveStatus& status) {
        status.datagrams = decoder_->counters();
        status.datagrams.oversized = oversized_;
        status.otherSenderDatagrams = otherSenderDatagrams_;
        status.otherSender = otherSender_;
        status.waitingFor = sender_.empty() ? status.waitingFor : decoder_->waitingFor();
    });
}

void DatagramSource::run() {
    started_ = LiveClock::now();
    std::vector<char> buffer(mostDatagramBytes_);
    while (!stopping()) {
        SocketWait wait{socket_.native(), true, false};
        if (waitForSockets(std::span(&wait, 1), std::chrono::milliseconds(50)) == 0) {
            if (!sender_.empty() && !quietFlushed_ &&
                LiveClock::now() - lastFromSender_ > std::chrono::milliseconds(250)) {
                decoder_->endOfInput(); // a frame that waits for a T that does not come
                stepFrames(LiveClock::now());
                quietFlushed_ = true;
            }
            continue;
        }
        const LiveClock::time_point readAt = LiveClock::now();
        for (int reads = 0; reads < 256 && !stopping(); ++reads) {
            const DatagramResult read = receiveDatagram(socket_, buffer);
            if (read.status == IoStatus::WouldBlock) {
                break;
            }
            if (read.status == IoStatus::Failed) {
                updateStatus([&](LiveStatus& status) { status.lastError = read.error; });
                break;
            }
            if (!acceptSender(read.sender, readAt)) {
                continue;
            }
            quietFlushed_ = false;
            if (read.oversized) {
                ++oversized_;
                continue;
            }
            decoder_->read(
                std::span(reinterpret_cast<const std::uint8_t*>(buffer.data()), read.bytes));
            stepFrames(readAt);
        }
        publishCounters();
    }
    // Stopping: what is held (the first frames, waiting for the rate) belongs to the take.
    decoder_->endOfInput();
    stepFrames(LiveClock::now());
    publishCounters();
}

} // namespace bvhscope::live
