// bvhscope serve: broadcast a BVH file over TCP the way a capture system streams a take, for
// tests, demos and feeding other tools (app/live/broadcast_server.h, app/live/served_take.h).
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/live_command_options.h"
#include "app/cli/serve_datagrams.h"
#include "app/live/broadcast_server.h"
#include "app/live/datagram_address.h"
#include "app/live/served_take.h"
#include "app/live/stop_request.h"
#include "core/platform/utf8_path.h"

#include <charconv>
#include <chrono>
#include <cmath>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kServeUsage =
    R"(usage: bvhscope serve FILE [--port P] [--bind ADDR] [--format axis|lines|bvh] [--rate HZ] [--loop]
                      [--max-clients N]
       bvhscope serve FILE --format vmc|mocopi [--to HOST:PORT] [--rate HZ] [--loop]

Broadcasts FILE's frames over TCP as a capture system streams a take: to every client that
connects, at the file's frame rate (or --rate). The take starts when the first client connects,
so a recording gets it from its first frame; later clients join where it is. Prints the address
it listens on ("listening on 127.0.0.1:7001") to standard output, then what clients do to
standard error. Ends after the last frame (or runs until Ctrl+C with --loop).

Each frame is sent as the values the reader read: with the file's own digits where its line holds
exactly those values, else with the fewest digits that read back the same. A file without a
usable Frame Time is sent at the reader's 30 fps, and the header sent says so.

With --format vmc or mocopi, FILE is sent over UDP to one receiver as those devices send it:
VMC (VSeeFace, VirtualMotionCapture...): a bundle a frame of /VMC/Ext/Root/Pos, a
/VMC/Ext/Bone/Pos for each Unity humanoid bone a joint of FILE plays (found by the joints' roles,
whatever their names; the joints that play none are named, not sent), /VMC/Ext/T and
/VMC/Ext/OK, in Unity's space and metres; mocopi: its 27-joint skeleton (again every second),
then a frame datagram each frame. FILE needs hips, a spine, a head, arms and legs.

Frames that cannot go out in time (more than 1 s late, as formatting or even the fastest client
is slower than the rate) are skipped and counted. A client that falls 4 MiB (or 4 frames, if more)
behind the fastest, or takes nothing for 10 s, is disconnected; the others never wait for it.

)";

constexpr std::string_view kServeExitStatus = R"(  --help, --version
Exit status: 0 when the take was served (or stopped), 1 when FILE does not load, lacks a joint
vmc or mocopi needs, or the port cannot be opened, 2 for a bad command line (a --to host that
does not resolve too).
)";

// serve --help: the prose above, the options from the table (app/options/option_table.h).
std::string serveHelp() {
    return std::string(kServeUsage) +
           liveCommandHelpEntries(options::kServe,
                                  {"--port", "--bind", "--format", "--rate", "--loop", "--line-end",
                                   "--max-clients", "--to"}) +
           std::string(kServeExitStatus);
}

// The help and the options table state these in words.
static_assert(live::ServerLimits::kDefaultMaxClients == 64 &&
              live::ServerLimits::kMostClients == 1000 &&
              *options::kServeMaxClients.maximum == live::ServerLimits::kMostClients &&
              live::ServerLimits::kDefaultMaxQueuedBytes == std::size_t{4} << 20 &&
              live::ServerLimits::kDefaultStallTimeout == std::chrono::seconds(10));

// A batch of frames formatted at once is at most this many bytes (or one frame, if longer): the
// frames due beyond it go out in the next batch, so what the server holds does not grow with the
// rate.
constexpr std::size_t kMostBatchBytes = std::size_t{1} << 20;

struct ServeRequest {
    std::string input;
    std::string bind = "127.0.0.1";
    std::uint16_t port = 7001;
    bvh::live::StreamFormat format = bvh::live::StreamFormat::Bvh;
    std::optional<double> rate;
    bool loop = false;
    live::LineEnd lineEnd = live::LineEnd::Lf;
    std::size_t maxClients = live::ServerLimits::kDefaultMaxClients;
};

// --rate into `rate` when given; false (said) when it is not a rate.
bool readServeRate(const ParsedArguments& parsed, std::optional<double>& rate, std::ostream& err) {
    double value = 0.0;
    if (const std::string refused = readLiveOptionNumber(parsed, options::kServeRate, value);
        !refused.empty()) {
        err << "bvhscope serve: " << refused << '\n';
        return false;
    }
    if (parsed.option("--rate")) {
        rate = value;
    }
    return true;
}

// The device formats (UDP, to one receiver) by name.
std::optional<DeviceFormat> deviceFormat(const ParsedArguments& parsed) {
    const auto format = parsed.option("--format");
    if (format == "vmc") {
        return DeviceFormat::Vmc;
    }
    if (format == "mocopi") {
        return DeviceFormat::Mocopi;
    }
    return std::nullopt;
}

// `serve FILE --format vmc|mocopi [--to HOST:PORT] [--rate HZ] [--loop]`: the TCP server's
// options do not apply.
std::optional<DatagramServeRequest> datagramServeRequest(const ParsedArguments& parsed,
                                                         DeviceFormat format, std::ostream& err) {
    DatagramServeRequest request;
    request.format = format;
    if (parsed.positional.size() != 1) {
        err << "bvhscope serve: give one FILE to serve (see --help)\n";
        return std::nullopt;
    }
    request.input = parsed.positional.front();
    for (const std::string_view tcpOnly : {"--port", "--bind", "--line-end", "--max-clients"}) {
        if (parsed.option(tcpOnly)) {
            err << "bvhscope serve: " << tcpOnly << " is for the TCP formats (axis, lines, bvh); "
                << deviceFormatName(format) << " is sent to one receiver: use --to HOST:PORT\n";
            return std::nullopt;
        }
    }
    request.host = "127.0.0.1";
    request.port = format == DeviceFormat::Vmc ? live::kVmcDefaultPort : live::kMocopiDefaultPort;
    if (const auto to = parsed.option("--to")) {
        const std::optional<live::HostAndPort> destination = live::parseHostAndPort(*to);
        if (!destination) {
            err << "bvhscope serve: --to " << *to
                << " is not HOST:PORT (a port from 1 to 65535 is needed)\n";
            return std::nullopt;
        }
        request.host = destination->host;
        request.port = destination->port;
    }
    if (!readServeRate(parsed, request.rate, err)) {
        return std::nullopt;
    }
    request.loop = parsed.has("--loop");
    return request;
}

std::optional<ServeRequest> serveRequest(const ParsedArguments& parsed, std::ostream& err) {
    ServeRequest request;
    if (parsed.positional.size() != 1) {
        err << "bvhscope serve: give one FILE to serve (see --help)\n";
        return std::nullopt;
    }
    if (parsed.option("--to")) {
        err << "bvhscope serve: --to is for --format vmc or mocopi; the TCP formats are served "
               "to the clients that connect (--port, --bind)\n";
        return std::nullopt;
    }
    request.input = parsed.positional.front();
    request.bind = std::string(parsed.option("--bind").value_or("127.0.0.1"));
    double port = request.port;
    if (const std::string refused = readLiveOptionNumber(parsed, options::kServePort, port);
        !refused.empty()) {
        err << "bvhscope serve: " << refused << '\n';
        return std::nullopt;
    }
    request.port = static_cast<std::uint16_t>(port);
    if (const auto format = parsed.option("--format")) {
        const auto known = bvh::live::parseStreamFormat(*format);
        if (!known || *known == bvh::live::StreamFormat::Auto) {
            err << "bvhscope serve: --format " << *format << " is not "
                << choicesInWords(options::kServeFormat) << '\n';
            return std::nullopt;
        }
        request.format = *known;
    }
    request.lineEnd =
        request.format == bvh::live::StreamFormat::Axis ? live::LineEnd::CrLf : live::LineEnd::Lf;
    if (const auto lineEnd = parsed.option("--line-end")) {
        if (isChoiceOf(options::kServeLineEnd, *lineEnd)) {
            request.lineEnd = *lineEnd == "lf"     ? live::LineEnd::Lf
                              : *lineEnd == "crlf" ? live::LineEnd::CrLf
                                                   : live::LineEnd::Cr;
        } else {
            err << "bvhscope serve: --line-end " << *lineEnd << " is not "
                << choicesInWords(options::kServeLineEnd) << '\n';
            return std::nullopt;
        }
    }
    if (!readServeRate(parsed, request.rate, err)) {
        return std::nullopt;
    }
    double clients = static_cast<double>(request.maxClients);
    if (const std::string refused =
            readLiveOptionNumber(parsed, options::kServeMaxClients, clients);
        !refused.empty()) {
        err << "bvhscope serve: " << refused << '\n';
        return std::nullopt;
    }
    request.maxClients = static_cast<std::size_t>(clients);
    request.loop = parsed.has("--loop");
    return request;
}

void reportEvents(const std::vector<live::ServerEvent>& events, std::ostream& err) {
    for (const live::ServerEvent& event : events) {
        err << "bvhscope serve: ";
        switch (event.kind) {
        case live::ServerEvent::Kind::Connected:
            err << "client " << event.peer << " connected\n";
            break;
        case live::ServerEvent::Kind::Disconnected:
            err << "client " << event.peer << " went away (" << event.reason << ")\n";
            break;
        case live::ServerEvent::Kind::Dropped:
            err << "client " << event.peer << " dropped (" << event.reason << ")\n";
            break;
        case live::ServerEvent::Kind::Refused:
            err << "client " << event.peer << " refused (" << event.reason
                << "; see --max-clients); refusals until one leaves are counted\n";
            break;
        case live::ServerEvent::Kind::AcceptPaused:
            err << "cannot accept a client (" << event.reason
                << "); waiting before trying again, failures are counted\n";
            break;
        }
    }
    err.flush();
}

struct ServeProgress {
    std::uint64_t position = 0;      // frames of the take gone by (past its end when looping)
    std::uint64_t framesSent = 0;    // formatted and broadcast
    std::uint64_t framesSkipped = 0; // more than kMostServeLatenessSeconds late: never formatted
    std::uint64_t framesUnheard = 0; // gone by while no client was connected: not formatted
};

// Skips the frames before `until` (said once, counted).
void noteSkipped(std::uint64_t until, ServeProgress& progress, double rate, std::ostream& err) {
    if (progress.position >= until) {
        return;
    }
    if (progress.framesSkipped == 0) {
        err << "bvhscope serve: frames cannot go out at " << rate
            << " Hz (formatting them, or sending them to even the fastest client, is slower); "
               "frames more than "
            << kMostServeLatenessSeconds << " s late are skipped and counted\n";
    }
    progress.framesSkipped += until - progress.position;
    progress.position = until;
}

// The most bytes one frame takes in any format (the row, and Axis's avatar, NUL bytes, "||" and
// line end at most).
std::size_t longestFrameBytes(const live::ServedTake& take) {
    std::size_t longest = 0;
    for (std::size_t frame = 0; frame < take.frameCount(); ++frame) {
        longest = std::max(longest, take.row(frame).size());
    }
    return longest + take.avatarName.size() + 16; // Axis's index, NUL bytes, "||", line end
}

// Formats and broadcasts the frames due by `elapsed` seconds into the take (`due` of them in
// all): at most `batchBytes` at once, and no more than even the fastest client can take without
// being dropped. Frames due more than kMostServeLatenessSeconds ago are skipped; with no client
// connected nothing is formatted. Returns false when the fastest client had no room for the
// next frame (it went nowhere: the caller waits for the clients).
bool sendDueFrames(live::BroadcastServer& server, const live::ServedTake& take,
                   const ServeRequest& request, double rate, double elapsed, std::uint64_t due,
                   std::size_t batchBytes, ServeProgress& progress, std::string& batch,
                   std::ostream& err) {
    if (server.clientCount() == 0) {
        progress.framesUnheard += due - progress.position;
        progress.position = due;
        return true;
    }
    const double lateBefore = (elapsed - kMostServeLatenessSeconds) * rate;
    noteSkipped(std::min(due, lateBefore > 0 ? static_cast<std::uint64_t>(lateBefore) : 0),
                progress, rate, err);
    const std::size_t maxQueued = server.limits().maxQueuedBytes;
    const std::size_t room = maxQueued - std::min(server.leastBehindBytes(), maxQueued);
    const std::size_t budget = std::min(batchBytes, room);
    batch.clear();
    while (progress.position < due) {
        const std::size_t before = batch.size();
        live::appendServedFrame(request.format, take, progress.position % take.frameCount(),
                                request.lineEnd, batch);
        if (batch.size() > budget) {
            batch.resize(before);
            break;
        }
        ++progress.position;
        ++progress.framesSent;
    }
    server.broadcast(batch);
    return !batch.empty() || progress.position == due;
}

// Sends frames on the clock until the take ends (without --loop) or a stop is asked for.
ServeProgress serveFrames(live::BroadcastServer& server, const live::ServedTake& take,
                          const ServeRequest& request, double rate, std::ostream& err) {
    using Clock = std::chrono::steady_clock;
    const std::size_t batchBytes = std::max(kMostBatchBytes, longestFrameBytes(take));
    ServeProgress progress;
    std::optional<Clock::time_point> start;
    std::string batch;
    std::chrono::milliseconds wait(50);
    while (!live::stopRequested()) {
        reportEvents(server.pump(wait), err);
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
        std::uint64_t due = static_cast<std::uint64_t>(elapsed * rate) + 1;
        if (!request.loop) {
            due = std::min<std::uint64_t>(due, take.frameCount());
        }
        const bool clientsHadRoom = sendDueFrames(server, take, request, rate, elapsed, due,
                                                  batchBytes, progress, batch, err);
        if (!request.loop && progress.position == take.frameCount()) {
            break;
        }
        // Rounded up: a wait of 0 ms would spin until the next frame is due. A frame that is a
        // fraction of a millisecond late goes out with the next one. Frames left over from a
        // full batch go out at once; frames the clients had no room for, once a client has
        // taken some (pump returns when a socket can take more).
        const double untilNext = static_cast<double>(due) / rate - elapsed;
        wait = !clientsHadRoom           ? std::chrono::milliseconds(10)
               : progress.position < due ? std::chrono::milliseconds(0)
                                         : std::chrono::milliseconds(static_cast<long>(
                                               std::ceil(std::max(0.0, untilNext) * 1000.0)));
    }
    // What was broadcast reaches the clients before they are closed (5 s at most).
    const Clock::time_point giveUp = Clock::now() + std::chrono::seconds(5);
    while (!server.drained() && Clock::now() < giveUp && !live::stopRequested()) {
        reportEvents(server.pump(std::chrono::milliseconds(20)), err);
    }
    server.closeAll();
    return progress;
}

// The closing lines: frames sent, and what was skipped, refused or dropped on the way.
void reportServed(const ServeProgress& progress, const live::ServerCounts& counts,
                  const ServeRequest& request, std::ostream& err) {
    err << "bvhscope serve: sent " << countOf(progress.framesSent, "frame") << " (at most "
        << countOf(counts.mostClients, "client") << " at once)\n";
    if (progress.framesSkipped > 0) {
        err << "bvhscope serve: skipped " << countOf(progress.framesSkipped, "frame")
            << " that could not be formatted or sent in time\n";
    }
    if (progress.framesUnheard > 0) {
        err << "bvhscope serve: " << countOf(progress.framesUnheard, "frame")
            << " went by while no client was connected\n";
    }
    if (counts.refused > 0) {
        err << "bvhscope serve: refused " << countOf(counts.refused, "client")
            << " beyond --max-clients " << request.maxClients << '\n';
    }
    if (counts.dropped > 0) {
        err << "bvhscope serve: dropped " << countOf(counts.dropped, "client")
            << " that fell too far behind (4 MiB, or nothing taken for 10 s)\n";
    }
    if (counts.acceptFailures > 0) {
        err << "bvhscope serve: accepting a client failed "
            << countOf(counts.acceptFailures, "time")
            << " for want of descriptors or memory (each time it waited before trying again)\n";
    }
}

} // namespace

int runServe(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    auto parsed = parseArguments(arguments, liveCommandArguments(options::kServe), err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, serveHelp(), out)) {
        return *answered;
    }
    if (const std::optional<DeviceFormat> device = deviceFormat(*parsed)) {
        const std::optional<DatagramServeRequest> request =
            datagramServeRequest(*parsed, *device, err);
        return request ? serveDatagrams(*request, out, err) : kExitUsage;
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
    live::ServerLimits limits;
    limits.maxClients = request->maxClients;
    // Room for a few frames however long they are: a client is never dropped for one frame.
    limits.maxQueuedBytes = std::max(limits.maxQueuedBytes, 4 * longestFrameBytes(*take));
    std::optional<live::BroadcastServer> server =
        live::BroadcastServer::open(request->bind, request->port, error, limits);
    if (!server) {
        err << "bvhscope serve: cannot listen on " << request->bind << ":" << request->port << ": "
            << error << '\n';
        return kExitFileError;
    }
    if (request->format == bvh::live::StreamFormat::Bvh) {
        server->setGreeting(take->header);
    }
    live::catchStopRequests();
    // The reader's frame time: its assumption when the file has none usable, so the rate sent at
    // and the header's Frame Time are one.
    const double rate = request->rate.value_or(1.0 / take->frameTime);
    const bool numericIpv6 = request->bind.find(':') != std::string::npos;
    out << "listening on " << (numericIpv6 ? "[" : "") << request->bind << (numericIpv6 ? "]" : "")
        << ":" << server->port() << std::endl;
    err << "bvhscope serve: " << request->input << ": " << take->frameCount() << " frames of "
        << take->valueCount << " values at " << rate << " Hz"
        << (take->frameTimeAssumed && !request->rate
                ? " (the reader's assumption: the file has no usable Frame Time; the header sent "
                  "says it)"
                : "")
        << " as " << bvh::live::streamFormatName(request->format)
        << (request->loop ? ", looping" : "")
        << "; the take starts when the first client connects\n";
    if (request->format == bvh::live::StreamFormat::Axis && !take->axisLayoutDifference.empty()) {
        // An Axis broadcast carries no skeleton: receivers read the values on Axis Neuron's own.
        err << "bvhscope serve: warning: " << request->input
            << " is not laid out as Axis Neuron broadcasts (" << take->axisLayoutDifference
            << "): give receivers this file's skeleton (--skeleton " << request->input
            << "); given none, they read an Axis stream on Axis Neuron's own skeleton\n";
    }
    if (take->rowsFromValues > 0) {
        err << "bvhscope serve: " << countOf(take->rowsFromValues, "frame")
            << " sent as the values read, not as the file's lines (lines the reader mended or "
               "that do not hold one frame each)\n";
    }
    const ServeProgress progress = serveFrames(*server, *take, *request, rate, err);
    reportServed(progress, server->counts(), *request, err);
    return kExitOk;
}

} // namespace bvhscope::cli
