#include "app/live/broadcast_server.h"

#include <algorithm>
#include <array>
#include <thread>

namespace bvhscope::live {

std::optional<BroadcastServer> BroadcastServer::open(std::string_view bindAddress,
                                                     std::uint16_t port, std::string& error,
                                                     ServerLimits limits) {
    std::optional<Listener> listener = listenTcp(bindAddress, port, error);
    if (!listener) {
        return std::nullopt;
    }
    return BroadcastServer(std::move(*listener), limits);
}

void BroadcastServer::setGreeting(std::string greeting) {
    greeting_ = std::make_shared<const std::string>(std::move(greeting));
}

std::size_t BroadcastServer::unsentBytes(const Client& client) const {
    return client.greeting->size() - client.greetingSent +
           static_cast<std::size_t>(logEnd_ - client.position);
}

// [SECTION] The log

void BroadcastServer::broadcast(std::string_view bytes) {
    bool anyKeeps = false;
    for (Client& client : clients_) {
        // The greeting is one string shared by every client: only the log counts here.
        const auto behind = static_cast<std::size_t>(logEnd_ - client.position);
        if (!client.tooSlow && behind + bytes.size() > limits_.maxQueuedBytes) {
            client.tooSlow = true; // dropped by the next pump(), which reports it
        }
        anyKeeps = anyKeeps || !client.tooSlow;
    }
    if (bytes.empty() || !anyKeeps) {
        return; // nobody to keep them for
    }
    if (log_.empty() || log_.back().bytes.size() + bytes.size() > kLogPieceBytes) {
        LogPiece& piece = log_.emplace_back();
        piece.start = logEnd_;
        piece.bytes.reserve(std::max(bytes.size(), kLogPieceBytes));
    }
    log_.back().bytes.append(bytes);
    logEnd_ += bytes.size();
    trimLog();
}

std::size_t BroadcastServer::leastBehindBytes() const {
    std::optional<std::uint64_t> furthest;
    for (const Client& client : clients_) {
        if (!client.tooSlow) {
            furthest = std::max(furthest.value_or(0), client.position);
        }
    }
    return furthest ? static_cast<std::size_t>(logEnd_ - *furthest) : 0;
}

void BroadcastServer::trimLog() {
    std::uint64_t needed = logEnd_;
    for (const Client& client : clients_) {
        if (!client.tooSlow) {
            needed = std::min(needed, client.position);
        }
    }
    while (!log_.empty() && log_.front().start + log_.front().bytes.size() <= needed) {
        log_.pop_front();
    }
    if (log_.empty()) {
        log_.shrink_to_fit();
    }
    logStart_ = log_.empty() ? logEnd_ : log_.front().start;
}

// [SECTION] Clients

void BroadcastServer::admit(Socket socket, std::string peer, std::vector<ServerEvent>& events) {
    if (clients_.size() >= limits_.maxClients) {
        ++counts_.refused;
        if (!refusing_) {
            refusing_ = true;
            events.push_back({ServerEvent::Kind::Refused, std::move(peer),
                              std::to_string(clients_.size()) + " clients connected, the most"});
        }
        return; // `socket` closes here
    }
    ++counts_.accepted;
    events.push_back({ServerEvent::Kind::Connected, peer, {}});
    clients_.push_back(
        {std::move(socket), std::move(peer), greeting_, 0, logEnd_, false, Clock::now()});
    counts_.mostClients = std::max(counts_.mostClients, clients_.size());
}

void BroadcastServer::acceptWaiting(std::vector<ServerEvent>& events) {
    for (;;) {
        std::string peer;
        std::string resourceFailure;
        Socket socket = acceptConnection(listener_.socket, peer, &resourceFailure);
        if (!resourceFailure.empty()) {
            ++counts_.acceptFailures;
            if (acceptPause_ == kFirstAcceptPause) {
                events.push_back({ServerEvent::Kind::AcceptPaused, {}, resourceFailure});
            }
            acceptPausedUntil_ = Clock::now() + acceptPause_;
            acceptPause_ = std::min(acceptPause_ * 2, kLongestAcceptPause);
            return;
        }
        if (!socket.valid()) {
            return;
        }
        acceptPause_ = kFirstAcceptPause;
        admit(std::move(socket), std::move(peer), events);
    }
}

bool BroadcastServer::readAndDiscard(Client& client, std::string& reason) {
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
            return true;
        }
    }
}

bool BroadcastServer::sendPending(Client& client, std::string& reason) {
    for (;;) {
        std::string_view pending;
        if (client.greetingSent < client.greeting->size()) {
            pending = std::string_view(*client.greeting).substr(client.greetingSent);
        } else if (client.position < logEnd_) {
            // The piece that holds `position`: the last one starting at or before it.
            const auto piece = std::prev(std::upper_bound(
                log_.begin(), log_.end(), client.position,
                [](std::uint64_t position, const LogPiece& p) { return position < p.start; }));
            pending = std::string_view(piece->bytes)
                          .substr(static_cast<std::size_t>(client.position - piece->start));
        } else {
            return true;
        }
        const IoResult written = sendSome(client.socket, pending);
        if (written.status == IoStatus::Failed) {
            reason = written.error;
            return false;
        }
        if (written.status != IoStatus::Progress || written.bytes == 0) {
            return true;
        }
        if (client.greetingSent < client.greeting->size()) {
            client.greetingSent += written.bytes;
        } else {
            client.position += written.bytes;
        }
    }
}

bool BroadcastServer::serviceClient(Client& client, const SocketWait& wait, Clock::time_point now,
                                    std::string& reason) {
    if (client.tooSlow) {
        reason = "too slow: more than " + std::to_string(limits_.maxQueuedBytes) + " bytes queued";
        return false;
    }
    if ((wait.readable || wait.broken) && !readAndDiscard(client, reason)) {
        return false;
    }
    const std::size_t unsentBefore = unsentBytes(client);
    if (!sendPending(client, reason)) {
        return false;
    }
    const std::size_t unsent = unsentBytes(client);
    if (unsent == 0 || unsent < unsentBefore) {
        client.lastTook = now;
    } else if (now - client.lastTook > limits_.stallTimeout) {
        client.tooSlow = true;
        reason = "took nothing for " + std::to_string(limits_.stallTimeout.count()) + " ms";
        return false;
    }
    return true;
}

// [SECTION] Pump

std::vector<ServerEvent> BroadcastServer::pump(std::chrono::milliseconds wait) {
    const Clock::time_point now = Clock::now();
    if (acceptPausedUntil_ && now >= *acceptPausedUntil_) {
        acceptPausedUntil_.reset();
    }
    const bool listening = !acceptPausedUntil_;
    if (!listening) {
        // Back in time to accept again once the pause is over.
        wait =
            std::min(wait, std::chrono::ceil<std::chrono::milliseconds>(*acceptPausedUntil_ - now));
    }
    std::vector<SocketWait> waits;
    waits.reserve(clients_.size() + 1);
    bool anyTooSlow = false;
    for (const Client& client : clients_) {
        waits.push_back({client.socket.native(), true, !client.tooSlow && unsentBytes(client) > 0});
        anyTooSlow = anyTooSlow || client.tooSlow;
    }
    if (listening) {
        waits.push_back({listener_.socket.native(), true, false});
    }
    const std::chrono::milliseconds timeout = anyTooSlow ? std::chrono::milliseconds(0) : wait;
    if (waits.empty()) {
        std::this_thread::sleep_for(timeout); // WSAPoll refuses an empty set
    } else {
        waitForSockets(waits, timeout);
    }

    std::vector<ServerEvent> events;
    std::vector<Client> kept;
    kept.reserve(clients_.size());
    for (std::size_t i = 0; i < clients_.size(); ++i) {
        std::string reason;
        if (serviceClient(clients_[i], waits[i], now, reason)) {
            kept.push_back(std::move(clients_[i]));
            continue;
        }
        const bool slow = clients_[i].tooSlow;
        counts_.dropped += slow ? 1 : 0;
        events.push_back({slow ? ServerEvent::Kind::Dropped : ServerEvent::Kind::Disconnected,
                          std::move(clients_[i].peer), std::move(reason)});
        refusing_ = false; // room again: the next refusal is reported
    }
    clients_ = std::move(kept);
    trimLog();
    if (listening && waits.back().readable) {
        acceptWaiting(events);
    }
    return events;
}

bool BroadcastServer::drained() const {
    return std::all_of(clients_.begin(), clients_.end(), [this](const Client& client) {
        return client.tooSlow || unsentBytes(client) == 0;
    });
}

void BroadcastServer::closeAll() {
    for (Client& client : clients_) {
        shutdownSending(client.socket);
    }
    clients_.clear();
    trimLog();
}

} // namespace bvhscope::live
