// The TCP client of a live stream: connects to a broadcaster (Axis Neuron's "BVH broadcasting",
// `bvhscope serve`, a relay), decodes what arrives (core/live/stream_decoder.h) and reconnects
// with back-off when the sender goes away, for as long as it runs.
//
// Back-off: the first retry after kFirstRetry, doubling to kLongestRetry, back to the first
// after a connection that lasted. Each connection is announced (LiveEvent::Connected with its
// number) and each end is too (Disconnected with the reason: "closed by the sender", "connection
// reset by peer"), so a recorder can report the gap or start a new file. A connection that
// sends nothing is not dropped for that: a capture system that pauses is still there.
//
// Memory stays bounded whatever the sender does: one read buffer (kReadBytes), the decoder's
// line cap and the source's queue (live_source.h).
#pragma once

#include "app/live/live_source.h"
#include "app/live/socket.h"
#include "core/live/frame_decoder.h"
#include "core/live/stream_decoder.h"
#include "core/live/stream_format.h"

#include <chrono>
#include <cstdint>
#include <string>

namespace bvhscope::live {

struct TcpSourceOptions {
    std::string host;
    std::uint16_t port = 0;
    bvh::live::StreamFormat format = bvh::live::StreamFormat::Auto;
    bvh::live::DecoderOptions decoder;
    std::chrono::milliseconds firstRetry{100};
    std::chrono::milliseconds longestRetry{2000};
    std::chrono::milliseconds connectTimeout{2000};
};

class TcpClientSource final : public LiveSource {
public:
    static constexpr std::size_t kReadBytes = std::size_t{64} << 10;

    explicit TcpClientSource(TcpSourceOptions options) : options_(std::move(options)) {}
    ~TcpClientSource() override { stop(); }

protected:
    void run() override;

private:
    // Reads one connection until it ends or a stop is asked for; returns why it ended ("" for
    // a stop).
    std::string receive(const Socket& socket, bvh::live::StreamDecoder& decoder,
                        std::uint32_t connection);

    TcpSourceOptions options_;
};

} // namespace bvhscope::live
