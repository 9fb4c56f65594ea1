// The receiver of devices that send UDP datagrams (VMC senders; mocopi would be one more
// decoder): binds BIND_ADDRESS:PORT, reads datagrams on its own thread and hands what its
// DatagramDecoder (core/live/datagram_decoder.h) makes of them to its consumer (live_source.h).
//
// One sender at a time: the first sender's datagrams are used; datagrams from another address
// are counted (LiveStatus::otherSenderDatagrams, otherSender) and never mixed into the take.
// When the sender in use has been silent for kSenderQuiet, the next sender is taken as a new
// connection (Disconnected, then Connected with the next number, and its skeleton): a sender
// restarted on another port goes on without a restart here.
//
// Memory stays bounded whatever arrives: one buffer of kMostDatagramBytes (a longer datagram is
// counted as oversized and dropped), the decoder's bounds and the source's queue.
#pragma once

#include "app/live/live_source.h"
#include "app/live/socket.h"
#include "core/live/datagram_decoder.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace bvhscope::live {

class DatagramSource final : public LiveSource {
public:
    // The longest datagram read whole: the most a UDP datagram can carry over IPv4.
    static constexpr std::size_t kMostDatagramBytes = 65507;
    static constexpr std::chrono::milliseconds kSenderQuiet{2000};

    // Binds BIND_ADDRESS:PORT now ("" for every interface; port 0: any free port), so that a
    // port already in use is known before anything starts: nullptr with the reason in `error`.
    // Datagrams longer than `mostDatagramBytes` are dropped (counted as oversized).
    static std::unique_ptr<DatagramSource> open(std::unique_ptr<bvh::live::DatagramDecoder> decoder,
                                                std::string_view bindAddress, std::uint16_t port,
                                                std::string& error,
                                                std::size_t mostDatagramBytes = kMostDatagramBytes);
    ~DatagramSource() override { stop(); }

    // The port bound (the one asked for, or the one chosen for port 0).
    std::uint16_t port() const { return port_; }

protected:
    void run() override;

private:
    DatagramSource(std::unique_ptr<bvh::live::DatagramDecoder> decoder, DatagramSocket socket,
                   std::string address, std::size_t mostDatagramBytes);
    // Whether a datagram from `sender` is the one in use (taking it when none is, or when the
    // one in use went quiet).
    bool acceptSender(const std::string& sender, LiveClock::time_point now);
    void decode(std::span<const std::uint8_t> datagram, LiveClock::time_point readAt);
    void stepFrames(LiveClock::time_point readAt);
    void publishCounters();

    std::unique_ptr<bvh::live::DatagramDecoder> decoder_;
    Socket socket_;
    std::uint16_t port_ = 0;
    std::size_t mostDatagramBytes_ = kMostDatagramBytes;
    std::string address_; // "vmc://0.0.0.0:39539", for messages
    std::string sender_;  // the sender in use, "" before the first datagram
    std::uint32_t connection_ = 0;
    LiveClock::time_point lastFromSender_{};
    LiveClock::time_point started_{};
    bool quietFlushed_ = false;
    std::uint32_t publishedGeneration_ = 0;
    std::uint64_t oversized_ = 0;
    std::uint64_t otherSenderDatagrams_ = 0;
    std::string otherSender_;
    std::vector<bvh::live::LiveFrame> frames_;
};

} // namespace bvhscope::live
