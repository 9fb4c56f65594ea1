// bvhscope record: record a live stream (tcp://HOST:PORT, vmc:// or mocopi://) into BVH files
// while it arrives (app/live/tcp_client_source.h or datagram_source.h feeding
// app/live/take_recorder.h).
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/live_command_options.h"
#include "app/live/datagram_address.h"
#include "app/live/stop_request.h"
#include "app/live/take_recorder.h"
#include "app/live/tcp_client_source.h"
#include "core/model/output_limits.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"

#include <charconv>
#include <cmath>
#include <variant>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kRecordUsage =
    R"(usage: bvhscope record SOURCE -o OUT.bvh [--skeleton FILE] [--format auto|axis|lines|bvh]
                       [--rate HZ] [--duration SEC | --frames N] [--split]

Records a live stream into a BVH file while it arrives: every frame received, in order, with
the digits the sender wrote. SOURCE is tcp://HOST:PORT (Axis Neuron and Axis Studio broadcast
on port 7001; `bvhscope serve` too), or vmc://[BIND_ADDRESS][:PORT] to receive the VMC protocol
over UDP (VSeeFace, VirtualMotionCapture, XR Animator...; port 39539 by default): Unity's
humanoid skeleton and bone names, in metres, at the rate of the sender's time stamps; the
first sender is recorded, datagrams from others are counted and left out; or
mocopi://[BIND_ADDRESS][:PORT] for Sony mocopi's own UDP format (port 12351 by default): its
27 joints named as Sony names them, at the rate of its time stamps. Ends after --duration or
--frames, or on Ctrl+C (or SIGTERM), and leaves OUT.bvh with the right `Frames:` count. When the sender goes away it
reconnects with back-off and keeps recording in the same file (the gap is reported here);
--split starts OUT-2.bvh, OUT-3.bvh... for each new connection. A take holds one skeleton at
one frame time: a connection or a header with another skeleton, or another Frame Time, starts
the next file (said here). Frames go to OUT.partial.bvh until the take ends: a kill or a crash
leaves that file, which bvhscope opens, with every frame up to the last second. A file that
appears at OUT during the take is kept, and the take goes to the next free name (said here). A
write that fails (a full disk) ends the recording at once; the take keeps the frames written.
Status and problems go to standard error; bad lines are counted and skipped.

)";

constexpr std::string_view kRecordExitStatus = R"(  --help, --version
Exit status: 0 when frames were recorded, 1 when none arrived or a file could not be written,
2 for a bad command line.
)";

// record --help: the prose above, the options from the table (app/options/option_table.h).
std::string recordHelp() {
    return std::string(kRecordUsage) +
           liveCommandHelpEntries(options::kRecord,
                                  {"--output", "--skeleton", "--format", "--rate", "--duration",
                                   "--frames", "--split", "--overwrite"},
                                  {"--output", "-o"}) +
           std::string(kRecordExitStatus);
}

struct RecordRequest {
    live::HostAndPort source;
    std::optional<live::DatagramAddress> datagramSource; // set for vmc:// and mocopi://
    std::string sourceText;                              // as messages name it
    std::string output;
    std::optional<std::string> skeleton;
    bvh::live::StreamFormat format = bvh::live::StreamFormat::Auto;
    std::optional<double> rate;
    std::optional<double> duration;
    std::optional<std::uint64_t> frames;
    bool split = false;
    bool overwrite = false;
};

std::optional<RecordRequest> recordRequest(const ParsedArguments& parsed, std::ostream& err) {
    RecordRequest request;
    const auto output = parsed.option("--output");
    if (parsed.positional.size() != 1 || !output) {
        err << "bvhscope record: give one SOURCE and -o OUT.bvh (see --help)\n";
        return std::nullopt;
    }
    constexpr std::string_view scheme = "tcp://";
    const std::string_view source = parsed.positional.front();
    if (live::isDatagramAddress(source)) {
        std::string error;
        request.datagramSource = live::parseDatagramAddress(source, error);
        if (!request.datagramSource) {
            err << "bvhscope record: " << source << ": " << error << '\n';
            return std::nullopt;
        }
        request.sourceText = request.datagramSource->text();
    } else {
        const auto hostAndPort = source.starts_with(scheme)
                                     ? live::parseHostAndPort(source.substr(scheme.size()))
                                     : std::nullopt;
        if (!hostAndPort) {
            err << "bvhscope record: " << source
                << " is not a source: give tcp://HOST:PORT, vmc://[BIND_ADDRESS][:PORT] or "
                   "mocopi://[BIND_ADDRESS][:PORT]\n";
            return std::nullopt;
        }
        request.source = *hostAndPort;
        request.sourceText = hostAndPort->host + ":" + std::to_string(hostAndPort->port);
    }
    request.output = std::string(*output);
    if (const auto skeleton = parsed.option("--skeleton")) {
        request.skeleton = std::string(*skeleton);
    }
    if (const auto format = parsed.option("--format")) {
        const auto known = bvh::live::parseStreamFormat(*format);
        if (!known) {
            err << "bvhscope record: --format " << *format << " is not "
                << choicesInWords(options::kRecordFormat) << '\n';
            return std::nullopt;
        }
        request.format = *known;
    }
    if (request.datagramSource) {
        // A VMC or mocopi sender names its bones and says its format (--rate is the rate
        // expected: a warning when the stamps say another).
        for (const std::string_view name : {"--skeleton", "--format"}) {
            if (parsed.option(name)) {
                err << "bvhscope record: " << name << " is not used for " << source
                    << " (the sender names its bones)\n";
                return std::nullopt;
            }
        }
    }
    if (request.format == bvh::live::StreamFormat::Lines && !request.skeleton) {
        err << "bvhscope record: a lines stream needs --skeleton FILE (its rows carry no "
               "skeleton)\n";
        return std::nullopt;
    }
    // The take's Frame Time is 1 / rate: outside the reader's range it would read back as an
    // assumed 30 fps (core/model/output_limits.h), so the table's range is the frame rates a BVH
    // file holds, refused before connecting.
    for (const options::Option* option :
         {&options::kRecordRate, &options::kRecordDuration, &options::kRecordFrames}) {
        double value = 0.0;
        if (const std::string refused = readLiveOptionNumber(parsed, *option, value);
            !refused.empty()) {
            err << "bvhscope record: " << refused << '\n';
            return std::nullopt;
        }
        if (!parsed.option(option->flag)) {
            continue;
        }
        if (option == &options::kRecordFrames) {
            request.frames = static_cast<std::uint64_t>(value);
        } else {
            (option == &options::kRecordRate ? request.rate : request.duration) = value;
        }
    }
    if (request.duration && request.frames) {
        err << "bvhscope record: give --duration or --frames, not both\n";
        return std::nullopt;
    }
    request.split = parsed.has("--split");
    request.overwrite = parsed.has("--overwrite");
    return request;
}

// Why the --skeleton file's skeleton cannot be recorded onto ("" when it can): a stream's values
// follow its channels (axis, lines, and auto when it chooses one of them), so with none no frame
// could ever be written; and a take must be writable (core/writer's validateForWriting).
std::string unusableSkeleton(const RecordRequest& request, const bvh::Skeleton& skeleton) {
    if (skeleton.totalChannels() == 0) {
        return *request.skeleton + " has no channels: a stream's values cannot follow it";
    }
    bvh::Motion empty;
    empty.frameTime = bvh::live::kDefaultLiveFrameTime;
    empty.frameTimeAssumed = false;
    empty.channelCount = static_cast<std::uint32_t>(skeleton.totalChannels());
    for (const bvh::Diagnostic& problem : bvh::validateForWriting(skeleton, empty)) {
        if (problem.severity == bvh::Severity::Error) {
            return *request.skeleton + " cannot be recorded onto: " + problem.message;
        }
    }
    return {};
}

// The decoder's options from --skeleton and --rate, or the exit status after a message: the
// skeleton file does not load (kExitFileError), or its skeleton is unusable (kExitUsage).
std::variant<bvh::live::DecoderOptions, int> decoderOptions(const RecordRequest& request,
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
            return kExitFileError;
        }
        // A `bvh` stream sends its own header: the file is not used then.
        if (request.format != bvh::live::StreamFormat::Bvh) {
            if (const std::string problem = unusableSkeleton(request, document.skeleton);
                !problem.empty()) {
                err << "bvhscope record: --skeleton " << problem << '\n';
                return kExitUsage;
            }
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

// What was reported so far, so that each count is said when it changes.
struct Reported {
    std::uint64_t skipped = 0;
    std::uint64_t preambleLines = 0;
    std::uint64_t droppedDatagrams = 0;
    std::uint64_t otherSenderDatagrams = 0;
};

// "dropped 3 datagrams (...)" and "another sender ... is also sending" for a datagram source,
// when the counts changed since the last report.
void reportDatagrams(const live::LiveStatus& status, Reported& reported, std::ostream& err) {
    const bvh::live::DatagramCounters& counts = status.datagrams;
    if (counts.dropped() != reported.droppedDatagrams) {
        reported.droppedDatagrams = counts.dropped();
        err << "bvhscope record: dropped " << counts.dropped() << " datagrams so far ("
            << counts.truncated << " truncated, " << counts.oversized << " oversized, "
            << counts.unknownTags << " of unknown type tags, " << counts.nonFinite
            << " NaN or inf, " << counts.malformed << " malformed, " << counts.unknownBones
            << " of unknown bones)\n";
    }
    if (status.otherSenderDatagrams != reported.otherSenderDatagrams) {
        reported.otherSenderDatagrams = status.otherSenderDatagrams;
        err << "bvhscope record: another sender (" << status.otherSender
            << ") is also sending to this port: " << status.otherSenderDatagrams
            << " of its datagrams left out of the take\n";
    }
}

// "skipped 2 lines before the stream's first header or data line" when `auto` skipped a
// preamble (a banner) since the last report.
void reportPreamble(const live::LiveStatus& status, Reported& reported, std::ostream& err) {
    const std::uint64_t lines = status.counters.preambleLines;
    if (lines == reported.preambleLines) {
        return;
    }
    reported.preambleLines = lines;
    err << "bvhscope record: skipped " << lines << (lines == 1 ? " line" : " lines")
        << " before the stream's first header or data line (a banner) so far\n";
}

// "; skipped 3 malformed lines (...)" when the decoder skipped anything since the last report.
void reportSkipped(const live::LiveStatus& status, Reported& reported, std::ostream& err) {
    reportPreamble(status, reported, err);
    reportDatagrams(status, reported, err);
    std::uint64_t& skippedReported = reported.skipped;
    const bvh::live::DecodeCounters& counters = status.counters;
    const std::uint64_t skipped =
        counters.malformedLines + counters.overlongLines + counters.partialLinesDropped;
    if (skipped == skippedReported) {
        return;
    }
    skippedReported = skipped;
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

// How far the rate received may be from --rate before a warning: 5 %.
constexpr double kMostRateDeviation = 0.05;

// Says once, when frames arrive (or are stamped) more than kMostRateDeviation off --rate.
void warnAboutRate(const live::TakeRecorder& recorder, const RecordRequest& request, bool& warned,
                   std::ostream& err) {
    const double frameTime = recorder.receivedFrameTime();
    // Until arrivals have measured a rate, receivedFrameTime() is --rate's: no warning.
    if (warned || !request.rate || frameTime <= 0.0) {
        return;
    }
    const double received = 1.0 / frameTime;
    if (std::abs(received - *request.rate) <= kMostRateDeviation * *request.rate) {
        return;
    }
    warned = true;
    err << "bvhscope record: warning: frames come at " << received << " fps"
        << (recorder.rateMeasured() ? " (measured from their arrivals)" : " (the sender's rate)")
        << ", not the " << *request.rate
        << " fps of --rate; the take is written at the rate they come at\n";
}

// "recorded 120 frames in 2 files (ended by ...; ...)": the frames in the files (not those lost
// to a failed write), what was not written and why, and each take kept under another name.
void printClosingLine(const live::TakeRecorder& recorder, const RecordOutcome& outcome,
                      const live::LiveStatus& status, std::ostream& out) {
    const std::uint64_t frames = recorder.framesRecorded();
    const std::size_t files = recorder.filesWritten().size();
    const double frameTime = recorder.takeFrameTime();
    out << "recorded " << frames << (frames == 1 ? " frame" : " frames") << " in " << files
        << (files == 1 ? " file" : " files");
    if (frameTime > 0.0) {
        out << ", " << static_cast<double>(frames) * frameTime << " s at " << 1.0 / frameTime
            << " fps" << (recorder.rateMeasured() ? " (measured from the arrivals)" : "")
            << (files > 1 ? " in the last take" : "");
    }
    out << " (ended by " << outcome.endedBy << "; " << status.connections
        << (status.connections == 1 ? " connection" : " connections") << ", "
        << status.framesDropped << " frames dropped, " << status.counters.malformedLines
        << " malformed lines";
    if (status.datagrams.datagrams > 0) {
        out << ", " << status.datagrams.dropped() << " datagrams dropped";
    }
    if (status.skeletonChanges > 0) {
        out << ", " << status.skeletonChanges << " new skeleton"
            << (status.skeletonChanges == 1 ? " or frame time" : "s or frame times")
            << " (each a new take)";
    }
    if (const std::uint64_t refused = recorder.framesRefused(); refused > 0) {
        out << ", " << refused << (refused == 1 ? " frame" : " frames")
            << " not written (another value count than the take's skeleton)";
    }
    out << "; median " << status.latencyMilliseconds << " ms from socket to frame)";
    for (const live::RenamedTake& renamed : recorder.renamedTakes()) {
        out << "; " << bvh::utf8FromPath(renamed.wanted) << " was kept: the take is "
            << bvh::utf8FromPath(renamed.kept);
    }
    out << '\n';
}

RecordOutcome recordUntilDone(live::LiveSource& source, live::TakeRecorder& recorder,
                              const RecordRequest& request, bool& rateWarned, std::ostream& err) {
    using Clock = live::LiveClock;
    const Clock::time_point start = Clock::now();
    Clock::time_point lastFlush = start;
    std::vector<live::LiveEvent> events;
    std::vector<std::string> notes;
    Reported reported;
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
            if (request.frames && recorder.framesRecorded() >= *request.frames) {
                return {false, "the frame count"};
            }
        }
        events.clear();
        if (Clock::now() - lastFlush >= std::chrono::seconds(1)) {
            lastFlush = Clock::now();
            const bool flushed = recorder.flush(notes);
            printNotes(notes, err);
            if (!flushed) {
                return {true, "an error"};
            }
            reportSkipped(source.status(), reported, err);
            warnAboutRate(recorder, request, rateWarned, err);
        }
    }
}

} // namespace

int runRecord(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    std::vector<std::string_view> normalized(arguments.begin(), arguments.end());
    for (std::string_view& argument : normalized) {
        argument = argument == "-o" ? "--output" : argument;
    }
    auto parsed = parseArguments(normalized, liveCommandArguments(options::kRecord), err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, recordHelp(), out)) {
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
    std::variant<bvh::live::DecoderOptions, int> decoder = decoderOptions(*request, err);
    if (const int* status = std::get_if<int>(&decoder)) {
        return *status;
    }
    live::catchStopRequests();
    std::unique_ptr<live::LiveSource> source;
    if (request->datagramSource) {
        std::string error;
        source = live::openDatagramSource(*request->datagramSource, error);
        if (!source) {
            err << "bvhscope record: " << error << '\n';
            return kExitFileError;
        }
    } else {
        source = std::make_unique<live::TcpClientSource>(
            live::TcpSourceOptions{request->source.host, request->source.port, request->format,
                                   std::move(std::get<bvh::live::DecoderOptions>(decoder))});
    }
    live::TakeRecorder recorder(files);
    source->start();
    bool rateWarned = false;
    const RecordOutcome outcome = recordUntilDone(*source, recorder, *request, rateWarned, err);
    source->stop();
    std::vector<std::string> notes;
    if (!outcome.failed && !request->frames) {
        // Frames already received when the take ended are part of it.
        std::vector<live::LiveEvent> events;
        source->take(events, std::chrono::milliseconds(0));
        for (const live::LiveEvent& event : events) {
            if (!recorder.handle(event, notes)) {
                break;
            }
        }
    }
    warnAboutRate(recorder, *request, rateWarned, err);
    const bool finished = recorder.finish(notes);
    printNotes(notes, err);
    const live::LiveStatus status = source->status();
    Reported reported;
    reportSkipped(status, reported, err);
    printClosingLine(recorder, outcome, status, out);
    if (recorder.framesRecorded() == 0 && !outcome.failed) {
        err << "bvhscope record: no frames arrived from " << request->sourceText
            << (status.lastError.empty() ? "" : " (" + status.lastError + ")")
            << "; nothing written\n";
        return kExitFileError;
    }
    return outcome.failed || !finished ? kExitFileError : kExitOk;
}

} // namespace bvhscope::cli
