// Helpers of the app/live tests: a nine-value skeleton, a sender that runs a script on one
// accepted connection on its own thread, and collecting a source's events until enough arrived.
#pragma once

#include "app/live/live_source.h"
#include "app/live/socket.h"
#include "core/reader/document.h"
#include "tests/support/hang_guard.h"

#include <chrono>
#include <functional>
#include <gtest/gtest.h>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace bvhscope::live::test {

// Two joints: the root's 6 channels and the child's 3: rows of 9 values.
inline constexpr std::string_view kNineValueBvh = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 0 10 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 5 0
		}
	}
}
MOTION
Frames: 3
Frame Time: 0.0083333
0.100000 90.5 -1e-3 0 0 0 1 2 3
0.2 91 0 10 20 30 4 5 6
0.3 92 0 11 21 31 7 8 9
)";

inline bvh::Skeleton nineValueSkeleton() {
    return bvh::parseDocument(kNineValueBvh).skeleton;
}

// Sends all of `bytes`, waiting while the socket is full; false when the peer went away or
// `timeout` passed.
inline bool sendAll(const Socket& socket, std::string_view bytes,
                    std::chrono::milliseconds timeout = bvh::test::kHangGuard) {
    const auto giveUp = std::chrono::steady_clock::now() + timeout;
    while (!bytes.empty()) {
        const IoResult sent = sendSome(socket, bytes);
        if (sent.status == IoStatus::Failed || sent.status == IoStatus::Closed) {
            return false;
        }
        bytes.remove_prefix(sent.bytes);
        if (sent.status == IoStatus::WouldBlock) {
            if (std::chrono::steady_clock::now() > giveUp) {
                return false;
            }
            SocketWait wait{socket.native(), false, true};
            waitForSockets(std::span(&wait, 1), std::chrono::milliseconds(50));
        }
    }
    return true;
}

// Listens on a free loopback port and, on its own thread, runs `script` on each of the first
// `connections` connections it accepts, closing each after its script.
class ScriptedSender {
public:
    explicit ScriptedSender(std::function<void(const Socket&)> script, int connections = 1,
                            std::uint16_t port = 0) {
        std::string error;
        listener_ = listenTcp("127.0.0.1", port, error);
        EXPECT_TRUE(listener_) << error;
        if (!listener_) {
            return;
        }
        thread_ = std::thread([this, script = std::move(script), connections] {
            for (int i = 0; i < connections && !stop_; ++i) {
                Socket client = acceptOne();
                if (!client.valid()) {
                    return;
                }
                script(client);
                shutdownSending(client);
            }
        });
    }
    ~ScriptedSender() { join(); }
    void join() {
        stop_ = true;
        if (thread_.joinable()) {
            thread_.join();
        }
    }
    std::uint16_t port() const { return listener_ ? listener_->port : 0; }
    // Closes the listening socket (after join()), so that the port refuses connections.
    void closeListener() { listener_.reset(); }

private:
    Socket acceptOne() {
        const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
        while (std::chrono::steady_clock::now() < giveUp) {
            SocketWait wait{listener_->socket.native(), true, false};
            waitForSockets(std::span(&wait, 1), std::chrono::milliseconds(50));
            std::string peer;
            if (Socket client = acceptConnection(listener_->socket, peer); client.valid()) {
                return client;
            }
            if (stop_ && !wait.readable) {
                return {};
            }
        }
        return {};
    }

    std::optional<Listener> listener_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

struct Collected {
    std::vector<LiveEvent> events;
    std::vector<const LiveEvent*> frames() const {
        std::vector<const LiveEvent*> result;
        for (const LiveEvent& event : events) {
            if (event.kind == LiveEvent::Kind::Frame) {
                result.push_back(&event);
            }
        }
        return result;
    }
    std::size_t count(LiveEvent::Kind kind) const {
        std::size_t n = 0;
        for (const LiveEvent& event : events) {
            n += event.kind == kind ? 1 : 0;
        }
        return n;
    }
};

// Takes events until `done` says so or `timeout` passes.
inline Collected collectUntil(LiveSource& source, const std::function<bool(const Collected&)>& done,
                              std::chrono::milliseconds timeout = bvh::test::kHangGuard) {
    Collected collected;
    const auto giveUp = std::chrono::steady_clock::now() + timeout;
    while (!done(collected) && std::chrono::steady_clock::now() < giveUp) {
        source.take(collected.events, std::chrono::milliseconds(50));
    }
    return collected;
}

inline std::function<bool(const Collected&)> framesAtLeast(std::size_t count) {
    return [count](const Collected& collected) {
        return collected.count(LiveEvent::Kind::Frame) >= count;
    };
}

} // namespace bvhscope::live::test
