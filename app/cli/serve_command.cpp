// bvhscope serve: broadcast a BVH file over TCP the way a capture system streams a take, for
// tests, demos and feeding other tools (app/live/broadcast_server.h, app/live/served_take.h).
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/live/broadcast_server.h"
#include "app/live/served_take.h"
#include "app/live/stop_request.h"
#include "core/platform/utf8_path.h"

#include <charconv>
#include <chrono>
#include <cmath>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kServeHelp =
    R"(usage: bvhscope serve FILE [--port P] [--bind ADDR] [--format axis|lines|bvh] [--rate HZ] [--loop]

Broadcasts FILE's frames over TCP as a capture system streams a take: to every client that
connects, at the file's frame rate (or --rate). The take starts when the first client connects,
so a recording gets it from its first frame; later clients join where it is. Prints the address
it listens on ("listening on 127.0.0.1:7001") to standard output, then what clients do to
standard error. Ends after the last frame (or runs until Ctrl+C with --loop). Each row is sent
with the file's own digits. A client that cannot keep up (4 MiB queued) is disconnected; the
others never wait for it.

  --port P               the TCP port, 7001 by default (Axis Neuron's); 0 for any free one
  --bind ADDR            the address to listen on: 127.0.0.1 by default (this machine only);
                         0.0.0.0 or :: for every network
  --format axis|lines|bvh
                         axis: Axis Neuron's broadcast, "0 NAME v1 ... vN ||" with NUL bytes
                         and CR LF as its senders write them; lines: one row per line; bvh
                         (default): the file's header (to every client when it connects),
                         then one row per line
  --rate HZ              frames a second, instead of the file's frame rate (up to 1000000)
  --loop                 start again at the first frame after the last, until stopped
  --line-end lf|crlf|cr  how lines end: CR LF for axis, LF otherwise by default
  --help, --version
Exit status: 0 when the take was served (or stopped), 1 when FILE does not load or the port
cannot be opened, 2 for a bad command line.
)";

struct ServeRequest {
    std::string input;
    std::string bind = "127.0.0.1";
    std::uint16_t port = 7001;
    bvh::live::StreamFormat format = bvh::live::StreamFormat::Bvh;
    std::optional<double> rate;
    bool loop = false;
    live::LineEnd lineEnd = live::LineEnd::Lf;
};

std::optional<ServeRequest> serveRequest(const ParsedArguments& parsed, std::ostream& err) {
    ServeRequest request;
    if (parsed.positional.size() != 1) {
        err << "bvhscope serve: give one FILE to serve (see --help)\n";
        return std::nullopt;
    }
    request.input = parsed.positional.front();
    request.bind = std::string(parsed.option("--bind").value_or("127.0.0.1"));
    if (const auto port = parsed.option("--port")) {
        const std::optional<std::uint16_t> parsedPort = live::parsePort(*port, true);
        if (!parsedPort) {
            err << "bvhscope serve: --port " << *port << " is not a port (0 to 65535)\n";
            return std::nullopt;
        }
        request.port = *parsedPort;
    }
    if (const auto format = parsed.option("--format")) {
        const auto known = bvh::live::parseStreamFormat(*format);
        if (!known || *known == bvh::live::StreamFormat::Auto) {
            err << "bvhscope serve: --format " << *format << " is not axis, lines or bvh\n";
            return std::nullopt;
        }
        request.format = *known;
    }
    request.lineEnd =
        request.format == bvh::live::StreamFormat::Axis ? live::LineEnd::CrLf : live::LineEnd::Lf;
    if (const auto lineEnd = parsed.option("--line-end")) {
        if (*lineEnd == "lf" || *lineEnd == "crlf" || *lineEnd == "cr") {
            request.lineEnd = *lineEnd == "lf"     ? live::LineEnd::Lf
                              : *lineEnd == "crlf" ? live::LineEnd::CrLf
                                                   : live::LineEnd::Cr;
        } else {
            err << "bvhscope serve: --line-end " << *lineEnd << " is not lf, crlf or cr\n";
            return std::nullopt;
        }
    }
    if (const auto rate = parsed.option("--rate")) {
        double value = 0;
        const auto [end, problem] =
            std::from_chars(rate->data(), rate->data() + rate->size(), value);
        if (problem != std::errc{} || end != rate->data() + rate->size() || !std::isfinite(value) ||
            value <= 0 || value > 1e6) {
            err << "bvhscope serve: --rate " << *rate
                << " is not a rate above 0 and up to 1000000\n";
            return std::nullopt;
        }
        request.rate = value;
    }
    request.loop = parsed.has("--loop");
    return request;
}

void reportEvents(const std::vector<live::ServerEvent>& events, std::ostream& err) {
    for (const live::ServerEvent& event : events) {
        err << "bvhscope serve: client " << event.peer;
        switch (event.kind) {
        case live::ServerEvent::Kind::Connected:
            err << " connected\n";
            break;
        case live::ServerEvent::Kind::Disconnected:
            err << " went away (" << event.reason << ")\n";
            break;
        case live::ServerEvent::Kind::Dropped:
            err << " dropped (" << event.reason << ")\n";
            break;
        }
    }
    err.flush();
}

struct ServeProgress {
    std::uint64_t framesSent = 0;
    std::size_t mostClients = 0;
};

// Sends frames on the clock until the take ends (without --loop) or a stop is asked for.
ServeProgress serveFrames(live::BroadcastServer& server, const live::ServedTake& take,
                          const ServeRequest& request, double rate, std::ostream& err) {
    using Clock = std::chrono::steady_clock;
    ServeProgress progress;
    std::optional<Clock::time_point> start;
    std::string batch;
    std::chrono::milliseconds wait(50);
    while (!live::stopRequested()) {
        reportEvents(server.pump(wait), err);
        progress.mostClients = std::max(progress.mostClients, server.clientCount());
        if (!start && server.clientCount() > 0) {
            start = Clock::now();
        }
        if (!start) {
            wait = std::chrono::milliseconds(50);
            continue;
        }
        // Frames due by now: a late wake-up sends the frames it missed at once, so the rate
        // holds over any second even when the scheduler is not punctual.
        const double elapsed = std::chrono::duration<double>(Clock::now() - *start).count();
        const auto due = static_cast<std::uint64_t>(elapsed * rate) + 1;
        batch.clear();
        for (; progress.framesSent < due; ++progress.framesSent) {
            if (!request.loop && progress.framesSent == take.frameCount()) {
                break;
            }
            live::appendServedFrame(request.format, take, progress.framesSent % take.frameCount(),
                                    request.lineEnd, batch);
        }
        server.broadcast(batch);
        if (!request.loop && progress.framesSent == take.frameCount()) {
            break;
        }
        // Rounded up: a wait of 0 ms would spin until the next frame is due. A frame that is a
        // fraction of a millisecond late goes out with the next one.
        const double untilNext = static_cast<double>(due) / rate - elapsed;
        wait = std::chrono::milliseconds(
            static_cast<long>(std::ceil(std::max(0.0, untilNext) * 1000.0)));
    }
    // What was broadcast reaches the clients before they are closed (5 s at most).
    const Clock::time_point giveUp = Clock::now() + std::chrono::seconds(5);
    while (!server.drained() && Clock::now() < giveUp && !live::stopRequested()) {
        reportEvents(server.pump(std::chrono::milliseconds(20)), err);
    }
    server.closeAll();
    return progress;
}

} // namespace

int runServe(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    auto parsed = parseArguments(
        arguments, {{"--port", "--bind", "--format", "--rate", "--line-end"}, {"--loop"}}, err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, kServeHelp, out)) {
        return *answered;
    }
    const std::optional<ServeRequest> request = serveRequest(*parsed, err);
    if (!request) {
        return kExitUsage;
    }
    std::vector<bvh::Diagnostic> diagnostics;
    const std::optional<live::ServedTake> take =
        live::loadServedTake(bvh::pathFromUtf8(request->input), diagnostics);
    for (const bvh::Diagnostic& diagnostic : diagnostics) {
        err << bvh::formatDiagnostic(request->input, diagnostic) << '\n';
    }
    if (!take) {
        return kExitFileError;
    }
    std::string error;
    std::optional<live::BroadcastServer> server =
        live::BroadcastServer::open(request->bind, request->port, error);
    if (!server) {
        err << "bvhscope serve: cannot listen on " << request->bind << ":" << request->port << ": "
            << error << '\n';
        return kExitFileError;
    }
    if (request->format == bvh::live::StreamFormat::Bvh) {
        server->setGreeting(take->header);
    }
    live::catchStopRequests();
    const double rate = request->rate.value_or(1.0 / take->frameTime);
    const bool numericIpv6 = request->bind.find(':') != std::string::npos;
    out << "listening on " << (numericIpv6 ? "[" : "") << request->bind << (numericIpv6 ? "]" : "")
        << ":" << server->port() << std::endl;
    err << "bvhscope serve: " << request->input << ": " << take->frameCount() << " frames of "
        << take->valueCount << " values at " << rate << " Hz as "
        << bvh::live::streamFormatName(request->format) << (request->loop ? ", looping" : "")
        << "; the take starts when the first client connects\n";
    const ServeProgress progress = serveFrames(*server, *take, *request, rate, err);
    err << "bvhscope serve: sent " << progress.framesSent
        << (progress.framesSent == 1 ? " frame" : " frames") << " (at most " << progress.mostClients
        << (progress.mostClients == 1 ? " client" : " clients") << " at once)\n";
    return kExitOk;
}

} // namespace bvhscope::cli
