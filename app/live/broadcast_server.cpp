#include "app/live/broadcast_server.h"

#include <array>

namespace bvhscope::live {

std::optional<BroadcastServer> BroadcastServer::open(std::string_view bindAddress,
                                                     std::uint16_t port, std::string& error,
                                                     std::size_t maxQueuedBytes) {
    std::optional<Listener> listener = listenTcp(bindAddress, port, error);
    if (!listener) {
        return std::nullopt;
    }
    return BroadcastServer(std::move(*listener), maxQueuedBytes);
}

void BroadcastServer::broadcast(std::string_view bytes) {
    for (Client& client : clients_) {
        if (client.queued.size() - client.sent + bytes.size() > maxQueuedBytes_) {
            // Marked here, dropped by the next pump(), which reports it.
            client.queued.clear();
            client.sent = std::string::npos;
            continue;
        }
        if (client.sent > 0 && client.sent == client.queued.size()) {
            client.queued.clear();
            client.sent = 0;
        }
        client.queued.append(bytes);
    }
}

void BroadcastServer::acceptWaiting(std::vector<ServerEvent>& events) {
    for (;;) {
        std::string peer;
        Socket socket = acceptConnection(listener_.socket, peer);
        if (!socket.valid()) {
            return;
        }
        events.push_back({ServerEvent::Kind::Connected, peer, {}});
        clients_.push_back({std::move(socket), std::move(peer), greeting_, 0});
    }
}

bool BroadcastServer::serviceClient(Client& client, const SocketWait& wait, std::string& reason) {
    if (client.sent == std::string::npos) {
        reason = "too slow: more than " + std::to_string(maxQueuedBytes_) + " bytes queued";
        return false;
    }
    if (wait.readable || wait.broken) {
        std::array<char, 4096> discard{};
        for (;;) {
            const IoResult read = receiveSome(client.socket, discard);
            if (read.status == IoStatus::Closed) {
                reason = "closed by the client";
                return false;
            }
            if (read.status == IoStatus::Failed) {
                reason = read.error;
                return false;
            }
            if (read.status == IoStatus::WouldBlock) {
                break;
            }
        }
    }
    while (client.sent < client.queued.size()) {
        const IoResult written =
            sendSome(client.socket, std::string_view(client.queued).substr(client.sent));
        if (written.status == IoStatus::Failed) {
            reason = written.error;
            return false;
        }
        if (written.status != IoStatus::Progress) {
            break;
        }
        client.sent += written.bytes;
    }
    // Sent bytes are let go of in one move, not per send, so a queue costs O(bytes).
    if (client.sent == client.queued.size() || client.sent > maxQueuedBytes_ / 2) {
        client.queued.erase(0, client.sent);
        client.sent = 0;
    }
    return true;
}

std::vector<ServerEvent> BroadcastServer::pump(std::chrono::milliseconds wait) {
    std::vector<SocketWait> waits;
    waits.reserve(clients_.size() + 1);
    waits.push_back({listener_.socket.native(), true, false});
    for (const Client& client : clients_) {
        const bool pending = client.sent != std::string::npos && client.sent < client.queued.size();
        waits.push_back({client.socket.native(), true, pending});
    }
    bool anyMarked = false;
    for (const Client& client : clients_) {
        anyMarked = anyMarked || client.sent == std::string::npos;
    }
    waitForSockets(waits, anyMarked ? std::chrono::milliseconds(0) : wait);

    std::vector<ServerEvent> events;
    std::vector<Client> kept;
    kept.reserve(clients_.size());
    for (std::size_t i = 0; i < clients_.size(); ++i) {
        std::string reason;
        if (serviceClient(clients_[i], waits[i + 1], reason)) {
            kept.push_back(std::move(clients_[i]));
        } else {
            const bool slow = clients_[i].sent == std::string::npos;
            events.push_back({slow ? ServerEvent::Kind::Dropped : ServerEvent::Kind::Disconnected,
                              clients_[i].peer, reason});
        }
    }
    clients_ = std::move(kept);
    if (waits[0].readable) {
        acceptWaiting(events);
    }
    return events;
}

bool BroadcastServer::drained() const {
    for (const Client& client : clients_) {
        if (client.sent != std::string::npos && client.sent < client.queued.size()) {
            return false;
        }
    }
    return true;
}

void BroadcastServer::closeAll() {
    for (Client& client : clients_) {
        shutdownSending(client.socket);
    }
    clients_.clear();
}

} // namespace bvhscope::live
