// bvhscope record: record a live stream (tcp://HOST:PORT) into BVH files while it arrives
// (app/live/tcp_client_source.h feeding app/live/take_recorder.h).
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/live/stop_request.h"
#include "app/live/take_recorder.h"
#include "app/live/tcp_client_source.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

#include <charconv>
#include <cmath>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kRecordHelp =
    R"(usage: bvhscope record SOURCE -o OUT.bvh [--skeleton FILE] [--format auto|axis|lines|bvh]
                       [--duration SEC | --frames N] [--split]

Records a live stream into a BVH file while it arrives: every frame received, in order, with
the digits the sender wrote. SOURCE is tcp://HOST:PORT (Axis Neuron and Axis Studio broadcast
on port 7001; `bvhscope serve` too). Ends after --duration or --frames, or on Ctrl+C (or
SIGTERM), and leaves OUT.bvh with the right `Frames:` count. When the sender goes away it
reconnects with back-off and keeps recording in the same file (the gap is reported here);
--split starts OUT-2.bvh, OUT-3.bvh... for each new connection. Frames go to OUT.partial.bvh
until the take ends: a kill or a crash leaves that file, which bvhscope opens, with every frame
up to the last second. Status and problems go to standard error; bad lines are counted and
skipped.

  -o, --output OUT.bvh   the take; an existing file is kept unless --overwrite
  --skeleton FILE        a BVH file whose channels the stream's values follow (its frames are
                         not used): needed for lines, optional for axis (else the built-in
                         59-joint Axis Neuron skeleton, with or without displacement, chosen
                         by the value count), ignored for bvh (the stream sends its header)
  --format auto|axis|lines|bvh
                         the stream's format; auto (default) chooses from its first bytes
  --rate HZ              the frame rate written for axis and lines streams, which do not say
                         theirs: the --skeleton file's, else 120
  --duration SEC         stop after SEC seconds (from the start of the command)
  --frames N             stop after N frames
  --split                a new file for each connection after the first
  --overwrite            replace an existing OUT.bvh once the take ends
  --help, --version
Exit status: 0 when frames were recorded, 1 when none arrived or a file could not be written,
2 for a bad command line.
)";

struct RecordRequest {
    live::HostAndPort source;
    std::string output;
    std::optional<std::string> skeleton;
    bvh::live::StreamFormat format = bvh::live::StreamFormat::Auto;
    std::optional<double> rate;
    std::optional<double> duration;
    std::optional<std::uint64_t> frames;
    bool split = false;
    bool overwrite = false;
};

std::optional<double> positiveNumber(std::string_view text) {
    double value = 0;
    const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (problem != std::errc{} || end != text.data() + text.size() || !std::isfinite(value) ||
        value <= 0) {
        return std::nullopt;
    }
    return value;
}

std::optional<RecordRequest> recordRequest(const ParsedArguments& parsed, std::ostream& err) {
    RecordRequest request;
    const auto output = parsed.option("--output");
    if (parsed.positional.size() != 1 || !output) {
        err << "bvhscope record: give one SOURCE and -o OUT.bvh (see --help)\n";
        return std::nullopt;
    }
    constexpr std::string_view scheme = "tcp://";
    const std::string_view source = parsed.positional.front();
    const auto hostAndPort = source.starts_with(scheme)
                                 ? live::parseHostAndPort(source.substr(scheme.size()))
                                 : std::nullopt;
    if (!hostAndPort) {
        err << "bvhscope record: " << source << " is not a source: give tcp://HOST:PORT\n";
        return std::nullopt;
    }
    request.source = *hostAndPort;
    request.output = std::string(*output);
    if (const auto skeleton = parsed.option("--skeleton")) {
        request.skeleton = std::string(*skeleton);
    }
    if (const auto format = parsed.option("--format")) {
        const auto known = bvh::live::parseStreamFormat(*format);
        if (!known) {
            err << "bvhscope record: --format " << *format << " is not auto, axis, lines or bvh\n";
            return std::nullopt;
        }
        request.format = *known;
    }
    if (request.format == bvh::live::StreamFormat::Lines && !request.skeleton) {
        err << "bvhscope record: a lines stream needs --skeleton FILE (its rows carry no "
               "skeleton)\n";
        return std::nullopt;
    }
    for (const std::string_view name : {"--rate", "--duration"}) {
        if (const auto text = parsed.option(name)) {
            const std::optional<double> value = positiveNumber(*text);
            if (!value) {
                err << "bvhscope record: " << name << " " << *text << " is not a number above 0\n";
                return std::nullopt;
            }
            (name == "--rate" ? request.rate : request.duration) = value;
        }
    }
    if (const auto frames = parsed.option("--frames")) {
        std::uint64_t value = 0;
        const auto [end, problem] =
            std::from_chars(frames->data(), frames->data() + frames->size(), value);
        if (problem != std::errc{} || end != frames->data() + frames->size() || value == 0) {
            err << "bvhscope record: --frames " << *frames << " is not a count above 0\n";
            return std::nullopt;
        }
        request.frames = value;
    }
    if (request.duration && request.frames) {
        err << "bvhscope record: give --duration or --frames, not both\n";
        return std::nullopt;
    }
    request.split = parsed.has("--split");
    request.overwrite = parsed.has("--overwrite");
    return request;
}

// The decoder's options from --skeleton and --rate; nullopt after a message when the skeleton
// file does not load.
std::optional<bvh::live::DecoderOptions> decoderOptions(const RecordRequest& request,
                                                        std::ostream& err) {
    bvh::live::DecoderOptions options;
    if (request.skeleton) {
        bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(*request.skeleton));
        for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
            if (diagnostic.severity == bvh::Severity::Error) {
                err << bvh::formatDiagnostic(*request.skeleton, diagnostic) << '\n';
            }
        }
        if (!document.loaded()) {
            return std::nullopt;
        }
        options.skeleton = std::move(document.skeleton);
        if (!document.motion.frameTimeAssumed) {
            options.frameTime = document.motion.frameTime;
        }
    }
    if (request.rate) {
        options.frameTime = 1.0 / *request.rate;
    }
    return options;
}

void printNotes(std::vector<std::string>& notes, std::ostream& err) {
    for (const std::string& note : notes) {
        err << "bvhscope record: " << note << '\n';
    }
    notes.clear();
    err.flush();
}

// "; skipped 3 malformed lines (...)" when the decoder skipped anything since `reported`.
void reportSkipped(const live::LiveStatus& status, std::uint64_t& reported, std::ostream& err) {
    const bvh::live::DecodeCounters& counters = status.counters;
    const std::uint64_t skipped =
        counters.malformedLines + counters.overlongLines + counters.partialLinesDropped;
    if (skipped == reported) {
        return;
    }
    reported = skipped;
    err << "bvhscope record: skipped " << counters.malformedLines << " malformed ("
        << counters.nonFiniteLines << " NaN or inf, " << counters.countChangedLines
        << " with another value count, " << counters.unparsableLines << " not numbers), "
        << counters.overlongLines << " overlong and " << counters.partialLinesDropped
        << " cut lines so far" << (status.lastError.empty() ? "" : "; last: ") << status.lastError
        << '\n';
}

struct RecordOutcome {
    bool failed = false;
    std::string endedBy;
};

RecordOutcome recordUntilDone(live::LiveSource& source, live::TakeRecorder& recorder,
                              const RecordRequest& request, std::ostream& err) {
    using Clock = live::LiveClock;
    const Clock::time_point start = Clock::now();
    Clock::time_point lastFlush = start;
    std::vector<live::LiveEvent> events;
    std::vector<std::string> notes;
    std::uint64_t skippedReported = 0;
    for (;;) {
        if (live::stopRequested()) {
            return {false, "stopped"};
        }
        const Clock::time_point now = Clock::now();
        if (request.duration &&
            std::chrono::duration<double>(now - start).count() >= *request.duration) {
            return {false, "the duration"};
        }
        source.take(events, std::chrono::milliseconds(100));
        for (const live::LiveEvent& event : events) {
            const bool ok = recorder.handle(event, notes);
            printNotes(notes, err);
            if (!ok) {
                return {true, "an error"};
            }
            if (request.frames && recorder.framesRecorded() == *request.frames) {
                return {false, "the frame count"};
            }
        }
        events.clear();
        if (Clock::now() - lastFlush >= std::chrono::seconds(1)) {
            lastFlush = Clock::now();
            recorder.flush();
            reportSkipped(source.status(), skippedReported, err);
        }
    }
}

} // namespace

int runRecord(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    std::vector<std::string_view> normalized(arguments.begin(), arguments.end());
    for (std::string_view& argument : normalized) {
        argument = argument == "-o" ? "--output" : argument;
    }
    auto parsed =
        parseArguments(normalized,
                       {{"--output", "--skeleton", "--format", "--rate", "--duration", "--frames"},
                        {"--split", "--overwrite"}},
                       err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, kRecordHelp, out)) {
        return *answered;
    }
    const std::optional<RecordRequest> request = recordRequest(*parsed, err);
    if (!request) {
        return kExitUsage;
    }
    live::TakeRecorderOptions files{bvh::pathFromUtf8(request->output), request->split,
                                    request->overwrite, std::nullopt};
    if (request->skeleton) {
        files.protectedInput = bvh::pathFromUtf8(*request->skeleton);
    }
    if (const std::string problem = live::TakeRecorder::outputProblem(files); !problem.empty()) {
        err << "bvhscope record: " << problem << '\n';
        return kExitUsage;
    }
    std::optional<bvh::live::DecoderOptions> decoder = decoderOptions(*request, err);
    if (!decoder) {
        return kExitFileError;
    }
    live::catchStopRequests();
    live::TcpClientSource source(
        {request->source.host, request->source.port, request->format, std::move(*decoder)});
    live::TakeRecorder recorder(files);
    source.start();
    const RecordOutcome outcome = recordUntilDone(source, recorder, *request, err);
    source.stop();
    std::vector<std::string> notes;
    if (!outcome.failed && !request->frames) {
        // Frames already received when the take ended are part of it.
        std::vector<live::LiveEvent> events;
        source.take(events, std::chrono::milliseconds(0));
        for (const live::LiveEvent& event : events) {
            if (!recorder.handle(event, notes)) {
                break;
            }
        }
    }
    const bool finished = recorder.finish(notes);
    printNotes(notes, err);
    const live::LiveStatus status = source.status();
    std::uint64_t reported = 0;
    reportSkipped(status, reported, err);
    out << "recorded " << recorder.framesRecorded()
        << (recorder.framesRecorded() == 1 ? " frame" : " frames") << " in "
        << recorder.filesWritten().size()
        << (recorder.filesWritten().size() == 1 ? " file" : " files") << " (ended by "
        << outcome.endedBy << "; " << status.connections
        << (status.connections == 1 ? " connection" : " connections") << ", "
        << status.framesDropped << " frames dropped, " << status.counters.malformedLines
        << " malformed lines; median " << status.latencyMilliseconds
        << " ms from socket to frame)\n";
    if (recorder.framesRecorded() == 0 && !outcome.failed) {
        err << "bvhscope record: no frames arrived from " << request->source.host << ":"
            << request->source.port
            << (status.lastError.empty() ? "" : " (" + status.lastError + ")")
            << "; nothing written\n";
        return kExitFileError;
    }
    return outcome.failed || !finished ? kExitFileError : kExitOk;
}

} // namespace bvhscope::cli
