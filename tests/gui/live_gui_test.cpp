// Live capture in the real viewer (issue 28): a stream from `bvhscope serve` shown as it
// arrives (frames counted, the frame advancing, the figure's pixels in a screenshot), and a BVH
// file followed while it is written (rows appended, a partial line waiting, a rewrite reloaded).
#include "app/live/socket.h"
#include "core/live/vmc_writer.h"
#include "tests/app/scene/live_walk_clip.h"
#include "tests/core/live/vmc_test_avatar.h"
#include "tests/gui/gui_test_support.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <limits>
#include <map>
#include <optional>
#include <spawn.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

using namespace bvhscope::gui_test;

namespace {

// `bvhscope serve` as a child process: started with `arguments`, its port read from the
// "listening on HOST:PORT" line it prints; stopped (SIGTERM) when this goes away.
class ServeProcess {
public:
    explicit ServeProcess(const std::vector<std::string>& arguments) {
        int out[2];
        if (pipe(out) != 0) {
            return;
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&actions, out[0]);
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
        std::vector<std::string> all{BVHSCOPE_EXECUTABLE, "serve"};
        all.insert(all.end(), arguments.begin(), arguments.end());
        std::vector<char*> argv;
        for (std::string& argument : all) {
            argv.push_back(argument.data());
        }
        argv.push_back(nullptr);
        if (posix_spawn(&pid_, BVHSCOPE_EXECUTABLE, &actions, nullptr, argv.data(), environ) != 0) {
            pid_ = -1;
        }
        posix_spawn_file_actions_destroy(&actions);
        close(out[1]);
        // The first line: "listening on 127.0.0.1:PORT".
        std::string line;
        char c = 0;
        while (line.size() < 200 && read(out[0], &c, 1) == 1 && c != '\n') {
            line += c;
        }
        close(out[0]);
        if (const auto colon = line.rfind(':'); colon != std::string::npos) {
            port_ = std::atoi(line.c_str() + colon + 1);
        }
    }
    ~ServeProcess() {
        if (pid_ > 0) {
            kill(pid_, SIGTERM);
            int status = 0;
            waitpid(pid_, &status, 0);
        }
    }
    int port() const { return port_; }

private:
    pid_t pid_ = -1;
    int port_ = 0;
};

// The `live 0 ...` line of a viewer's state file as key -> value ("received" -> "120").
std::map<std::string, std::string> liveLine(const std::filesystem::path& statePath) {
    std::ifstream in(statePath);
    std::string line;
    std::map<std::string, std::string> fields;
    while (std::getline(in, line)) {
        if (line.rfind("live 0 ", 0) == 0) {
            std::istringstream words(line.substr(7));
            std::string key;
            std::string value;
            while (words >> key >> value) {
                fields[key] = value;
            }
        }
    }
    return fields;
}

// Polls the live line until `accept` holds, up to `timeout`; the last line read.
std::map<std::string, std::string>
waitForLive(const std::filesystem::path& statePath,
            const std::function<bool(const std::map<std::string, std::string>&)>& accept,
            std::chrono::milliseconds timeout = bvh::test::kHangGuard) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::map<std::string, std::string> fields;
    while (std::chrono::steady_clock::now() < deadline) {
        fields = liveLine(statePath);
        if (!fields.empty() && accept(fields)) {
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return fields;
}

long number(const std::map<std::string, std::string>& fields, const std::string& key) {
    const auto found = fields.find(key);
    return found == fields.end() ? -1 : std::atol(found->second.c_str());
}

TEST(LiveGui, AStreamFromServeIsShownAsItArrives) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const ServeProcess serve(
        {kSample, "--port", "0", "--format", "axis", "--rate", "60", "--loop"});
    ASSERT_GT(serve.port(), 0) << "serve printed no port";
    const std::string address = "tcp://127.0.0.1:" + std::to_string(serve.port());
    const TempDir dir;
    {
        ViewerProcess viewer(
            dir, {address, "--format", "axis", "--skeleton", kSample, "--size", "1000x700"});
        const auto statePath = dir.path() / "state.txt";
        const auto arriving = waitForLive(statePath, [](const auto& fields) {
            return number(fields, "connected") == 1 && number(fields, "received") >= 10;
        });
        ASSERT_EQ(number(arriving, "connected"), 1);
        ASSERT_GE(number(arriving, "received"), 10);
        EXPECT_EQ(number(arriving, "mismatch"), 0);
        EXPECT_EQ(number(arriving, "following"), 1);
        // Frames keep coming, and the shown frame follows the newest.
        const auto first = viewer.waitForState([](const ViewerStateFile&) { return true; });
        ASSERT_TRUE(first.has_value());
        const auto later = viewer.waitForState(
            [&](const ViewerStateFile& state) { return state.frame >= first->frame + 10; });
        ASSERT_TRUE(later.has_value());
        EXPECT_GE(later->frame, first->frame + 10);
        EXPECT_EQ(later->frame, later->lastFrame); // at now
        EXPECT_GT(number(liveLine(statePath), "window"), number(arriving, "window"));
    }

    // A screenshot once frames arrived: the figure (orange, the first file's colour) is drawn
    // where the state says the figure projects, and not far from it.
    writeConfigFile(dir, "settings.ini", "show_file_labels = false\n");
    const auto png = dir.path() / "live.png";
    const auto shotState = dir.path() / "shot-state.txt";
    ASSERT_EQ(runViewerToCompletion(dir, {address, "--format", "axis", "--skeleton", kSample,
                                          "--screenshot", png.string(), "--size", "1000x700",
                                          "--state-out", shotState.string()}),
              0);
    const auto state = readStateFile(shotState);
    ASSERT_TRUE(state.has_value());
    ASSERT_EQ(state->figures.size(), 1u);
    EXPECT_GT(number(liveLine(shotState), "window"), 0);
    const auto pixels = loadPng(png);
    ASSERT_TRUE(pixels.has_value());
    const ViewerStateFile::Figure& figure = state->figures.front();
    auto orange = [&](int x, int y) {
        const std::uint8_t* rgb = pixels->at(x, y);
        return rgb[0] > 150 && rgb[0] > rgb[1] + 30 && rgb[1] > rgb[2] + 20;
    };
    int inside = 0;
    int outside = 0;
    const Rect view = viewRect(*state);
    for (int y = static_cast<int>(view.y); y < static_cast<int>(view.y + view.height); ++y) {
        for (int x = static_cast<int>(view.x); x < static_cast<int>(view.x + view.width); ++x) {
            if (!pixels->inside(x, y) || !orange(x, y)) {
                continue;
            }
            const bool near = x >= figure.left - 25 && x <= figure.right + 25 &&
                              y >= figure.top - 25 && y <= figure.bottom + 25;
            ++(near ? inside : outside);
        }
    }
    EXPECT_GT(inside, 500) << "no figure drawn where it projects";
    EXPECT_LT(outside, inside / 20) << "orange pixels away from the figure";
}

TEST(LiveGui, FileConnectToLiveStreamConnectsAndIsRemembered) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const ServeProcess serve({kSample, "--port", "0", "--format", "bvh", "--rate", "60", "--loop"});
    ASSERT_GT(serve.port(), 0) << "serve printed no port";
    const TempDir dir;
    // The dialog starts from what was kept: this port, the bvh format.
    const auto settingsFile =
        writeConfigFile(dir, "settings.ini",
                        "live_host = 127.0.0.1\nlive_port = " + std::to_string(serve.port()) +
                            "\nlive_format = bvh\n");
    ViewerProcess viewer(dir, {kSample, "--size", "1000x700"});
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    EXPECT_TRUE(clickSettledRect(viewer, window, "menu:File"));
    EXPECT_TRUE(clickSettledRect(viewer, window, "menu:File>Connect to live stream"));
    EXPECT_TRUE(clickSettledRect(viewer, window, "live:connect"));
    const auto statePath = dir.path() / "state.txt";
    const auto arriving = waitForLive(statePath, [](const auto& fields) {
        return number(fields, "connected") == 1 && number(fields, "received") >= 5;
    });
    EXPECT_GE(number(arriving, "received"), 5);
    EXPECT_EQ(arriving.count("name") ? arriving.at("name") : "",
              "tcp://127.0.0.1:" + std::to_string(serve.port()));
    // Beside the file: two characters.
    const auto both = viewer.waitForState(
        [](const ViewerStateFile& state) { return state.fileNames.size() == 2; });
    ASSERT_TRUE(both.has_value());
    EXPECT_EQ(viewer.terminate(), 0);
    const std::string kept = readAll(settingsFile);
    EXPECT_NE(kept.find("live_port = " + std::to_string(serve.port())), std::string::npos) << kept;
    EXPECT_NE(kept.find("live_format = bvh"), std::string::npos);
}

// A VMC sender on its own thread: a frame every 1/60 s of the clock, as a device sends, until
// destroyed.
class VmcSenderThread {
public:
    explicit VmcSenderThread(std::uint16_t port) {
        std::string error;
        socket_ = bvhscope::live::connectUdp("127.0.0.1", port, error);
        thread_ = std::thread([this] {
            bvh::live::VmcPose pose = bvh::live::test::leftArmLowered();
            const auto start = std::chrono::steady_clock::now();
            for (int frame = 0; !stop_; ++frame) {
                while (!stop_ && std::chrono::steady_clock::now() <
                                     start + frame * std::chrono::microseconds(16667)) {
                    std::this_thread::yield();
                }
                pose.senderTime = frame / 60.0;
                const auto datagram =
                    bvh::live::writeVmcFrame(pose, bvh::live::VmcPacking::Bundle)[0];
                bvhscope::live::sendSome(
                    socket_, std::string_view(reinterpret_cast<const char*>(datagram.data()),
                                              datagram.size()));
            }
        });
    }
    ~VmcSenderThread() {
        stop_ = true;
        thread_.join();
    }
    VmcSenderThread(const VmcSenderThread&) = delete;
    VmcSenderThread& operator=(const VmcSenderThread&) = delete;

private:
    bvhscope::live::Socket socket_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

TEST(LiveGui, FileConnectListensForVmcOnTheHostAndPortGiven) {
    BVHSCOPE_REQUIRE_DISPLAY();
    std::uint16_t port = 0;
    {
        std::string error;
        const auto probe = bvhscope::live::bindUdp("127.0.0.1", 0, error);
        ASSERT_TRUE(probe) << error;
        port = probe->port;
    }
    const TempDir dir;
    const auto settingsFile = writeConfigFile(
        dir, "settings.ini",
        "live_host = 127.0.0.1\nlive_port = " + std::to_string(port) + "\nlive_format = vmc\n");
    ViewerProcess viewer(dir, {kSample, "--size", "1000x700"});
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    EXPECT_TRUE(clickSettledRect(viewer, window, "menu:File"));
    EXPECT_TRUE(clickSettledRect(viewer, window, "menu:File>Connect to live stream"));
    EXPECT_TRUE(clickSettledRect(viewer, window, "live:connect"));
    const VmcSenderThread sender(port);
    const auto statePath = dir.path() / "state.txt";
    const auto arriving = waitForLive(statePath, [](const auto& fields) {
        return number(fields, "connected") == 1 && number(fields, "received") >= 20;
    });
    EXPECT_GE(number(arriving, "received"), 20);
    EXPECT_EQ(arriving.count("name") ? arriving.at("name") : "",
              "vmc://127.0.0.1:" + std::to_string(port));
    EXPECT_EQ(viewer.terminate(), 0);
    EXPECT_NE(readAll(settingsFile).find("live_format = vmc"), std::string::npos);
}

// A connection that sends nothing lets the viewer sleep (issue 41): its frame counter stands
// still while the sender is connected and silent, and moves once data comes (the source wakes
// the viewer, which waits for events).
TEST(LiveGui, ASilentConnectionLetsTheViewerSleepUntilDataComes) {
    BVHSCOPE_REQUIRE_DISPLAY();
    std::string error;
    const auto listener = bvhscope::live::listenTcp("127.0.0.1", 0, error);
    ASSERT_TRUE(listener) << error;
    const TempDir dir;
    ViewerProcess viewer(dir, {"tcp://127.0.0.1:" + std::to_string(listener->port), "--format",
                               "bvh", "--size", "1000x700"});
    const auto statePath = dir.path() / "state.txt";
    // The viewer connects; the test accepts and sends nothing.
    bvhscope::live::SocketWait wait{listener->socket.native(), true};
    ASSERT_EQ(bvhscope::live::waitForSockets(std::span(&wait, 1), bvh::test::kHangGuard), 1);
    std::string peer;
    const bvhscope::live::Socket connection =
        bvhscope::live::acceptConnection(listener->socket, peer);
    ASSERT_TRUE(connection.valid());
    const auto asleep = viewer.waitForState(
        [&](const ViewerStateFile& state) {
            return state.idle && number(liveLine(statePath), "connected") == 1;
        },
        ViewerProcess::kStateTimeout, "asleep while connected");
    ASSERT_TRUE(asleep.has_value());
    // Silent for 1.5 s (five of the viewer's idle wake-ups): no frame drawn.
    EXPECT_FALSE(
        viewer.pollState([&](const ViewerStateFile& state) { return state.drawn > asleep->drawn; },
                         std::chrono::milliseconds(1500)));
    // Data comes: drawn at once, frames received.
    const std::string_view take = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\n"
                                  "CHANNELS 3 Xposition Yposition Zposition\nEnd Site\n{\n"
                                  "OFFSET 0 1 0\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.01\n"
                                  "0 0 0\n1 0 0\n2 0 0\n";
    EXPECT_EQ(bvhscope::live::sendSome(connection, take).bytes, take.size()); // a few bytes
    const auto woken = viewer.waitForState(
        [&](const ViewerStateFile& state) {
            return state.drawn > asleep->drawn && number(liveLine(statePath), "received") >= 3;
        },
        ViewerProcess::kStateTimeout, "drawn once data came");
    ASSERT_TRUE(woken.has_value());
    // The sender goes quiet again (still connected): asleep again.
    ASSERT_TRUE(viewer.waitForState(
        [&](const ViewerStateFile& state) { return state.idle && state.drawn > woken->drawn; },
        ViewerProcess::kStateTimeout, "asleep again once frames stopped"));
}

TEST(LiveGui, RecordAndStopSaveTakesIntoTheChosenFolder) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const ServeProcess serve({kSample, "--port", "0", "--format", "bvh", "--rate", "60", "--loop"});
    ASSERT_GT(serve.port(), 0) << "serve printed no port";
    const TempDir dir;
    const auto takes = dir.path() / "takes";
    writeConfigFile(dir, "settings.ini", "live_record_folder = " + takes.string() + "\n");
    ViewerProcess viewer(dir,
                         {"tcp://127.0.0.1:" + std::to_string(serve.port()), "--size", "1000x700"});
    const auto statePath = dir.path() / "state.txt";
    waitForLive(statePath, [](const auto& fields) { return number(fields, "received") >= 5; });
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    for (int take = 1; take <= 2; ++take) {
        EXPECT_TRUE(clickSettledRect(viewer, window, "timeline:record")); // Record
        const auto recording = waitForLive(statePath, [](const auto& fields) {
            return number(fields, "recording") == 1 && number(fields, "recorded") >= 10;
        });
        ASSERT_GE(number(recording, "recorded"), 10);
        EXPECT_TRUE(clickSettledRect(viewer, window, "timeline:record")); // Stop
        const auto saved = waitForLive(statePath, [&](const auto& fields) {
            return number(fields, "recording") == 0 && number(fields, "takes") == take;
        });
        ASSERT_EQ(number(saved, "takes"), take);
    }
    // Two takes named by date and time, each a BVH of the stream's skeleton that opens.
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(takes)) {
        files.push_back(entry.path());
    }
    ASSERT_EQ(files.size(), 2u);
    for (const auto& file : files) {
        EXPECT_EQ(file.filename().string().rfind("take-", 0), 0u) << file;
        EXPECT_EQ(file.extension(), ".bvh");
        std::ifstream in(file);
        std::string first;
        std::getline(in, first);
        EXPECT_EQ(first, "HIERARCHY");
        std::string line;
        std::size_t rows = 0;
        bool inRows = false;
        while (std::getline(in, line)) {
            rows += inRows && !line.empty() ? 1 : 0;
            inRows = inRows || line.rfind("Frame Time:", 0) == 0;
        }
        EXPECT_GE(rows, 10u) << file;
    }
}

// The sample's header and its rows, to write a file a few rows at a time.
struct SampleText {
    std::string header;
    std::vector<std::string> rows;
};

SampleText sampleText() {
    std::ifstream in(kSample);
    SampleText text;
    std::string line;
    bool inRows = false;
    while (std::getline(in, line)) {
        if (inRows) {
            if (!line.empty()) {
                text.rows.push_back(line);
            }
        } else {
            text.header += line + "\n";
            inRows = line.rfind("Frame Time:", 0) == 0;
        }
    }
    return text;
}

void writeRows(const std::filesystem::path& path, const SampleText& text, std::size_t first,
               std::size_t count, std::ios::openmode mode) {
    std::ofstream out(path, std::ios::binary | mode);
    if (mode == std::ios::trunc) {
        out << text.header;
    }
    for (std::size_t i = first; i < first + count; ++i) {
        out << text.rows[i] << "\n";
    }
}

TEST(LiveGui, AFileStillBeingWrittenIsFollowed) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const SampleText text = sampleText();
    ASSERT_GE(text.rows.size(), 40u);
    const TempDir dir;
    const auto file = dir.path() / "growing.bvh";
    writeRows(file, text, 0, 10, std::ios::trunc);
    // Paused: a viewer asleep with nothing moving still notices the file growing.
    writeConfigFile(dir, "settings.ini", "play_on_open = false\n");
    ViewerProcess viewer(dir, {file.string(), "--size", "1000x700"});
    auto framesAre = [](std::uint32_t count) {
        return [count](const ViewerStateFile& state) {
            return state.loads.size() == 1 && !state.loads[0].loading &&
                   state.loads[0].frames == count;
        };
    };
    ASSERT_TRUE(viewer.waitForState(framesAre(10)).has_value());
    // Rows land, and a partial last line waits for its end.
    writeRows(file, text, 10, 15, std::ios::app);
    const std::string partialRow = text.rows[25];
    const std::size_t cut = partialRow.size() / 2;
    {
        std::ofstream out(file, std::ios::binary | std::ios::app);
        out << partialRow.substr(0, cut);
    }
    const auto grown = viewer.waitForState(framesAre(25));
    ASSERT_TRUE(grown.has_value()) << "the appended rows never showed";
    EXPECT_EQ(number(liveLine(dir.path() / "state.txt"), "malformed"), 0);
    {
        std::ofstream out(file, std::ios::binary | std::ios::app);
        out << partialRow.substr(cut) << "\n";
    }
    ASSERT_TRUE(viewer.waitForState(framesAre(26)).has_value()) << "the completed row never showed";
    EXPECT_EQ(number(liveLine(dir.path() / "state.txt"), "malformed"), 0);
    // Rewritten from the start, shorter: reloaded.
    const auto replacement = dir.path() / "replacement.bvh";
    writeRows(replacement, text, 0, 5, std::ios::trunc);
    std::filesystem::rename(replacement, file);
    ASSERT_TRUE(viewer.waitForState(framesAre(5)).has_value()) << "the rewrite was not reloaded";
}

// The status line the timeline shows for live stream `index` (its "shown:" rectangle).
std::optional<std::string> liveStatusShown(const ViewerStateFile& state, std::size_t index) {
    const std::string prefix = "shown:live:status:" + std::to_string(index) + "=";
    const auto found = state.rects.lower_bound(prefix);
    if (found == state.rects.end() || found->first.compare(0, prefix.size(), prefix) != 0) {
        return std::nullopt;
    }
    return found->first.substr(prefix.size());
}

// Opens the viewer with `arguments` on `file` (10 rows written), follows it as 5 more rows land,
// then renames a named pipe over it once the viewer is asleep: the status must say the file is
// not readable and why (not "connected"), and SIGTERM must end the viewer with status 0 and its
// settings saved. (Issue 45: the followed file's source blocked opening the pipe, the status
// still said connected, and the viewer ignored SIGTERM, its settings lost at SIGKILL.)
void expectPipeRefusedAndSigtermEnds(const TempDir& dir, const std::filesystem::path& file,
                                     const std::vector<std::string>& arguments) {
    const SampleText text = sampleText();
    ASSERT_GE(text.rows.size(), 20u);
    writeRows(file, text, 0, 10, std::ios::trunc);
    const auto settingsFile = writeConfigFile(dir, "settings.ini", "play_on_open = false\n");
    ViewerProcess viewer(dir, arguments);
    auto framesAre = [](std::uint32_t count) {
        return [count](const ViewerStateFile& state) {
            return state.loads.size() == 1 && !state.loads[0].loading &&
                   state.loads[0].frames == count;
        };
    };
    // Asleep once the file is read (so its growth watch has measured it), then rows land.
    ASSERT_TRUE(viewer.waitForState(
        [&](const ViewerStateFile& state) { return framesAre(10)(state) && state.idle; }));
    writeRows(file, text, 10, 5, std::ios::app);
    ASSERT_TRUE(viewer.waitForState(framesAre(15)).has_value()) << "the file was not followed";
    // Asleep again, once the file stopped growing: the refusal must still wake it to be shown.
    ASSERT_TRUE(viewer.waitForState([](const ViewerStateFile& state) { return state.idle; }));

    // A named pipe renamed over the file (a viewer stuck opening it still ends at SIGKILL).
    const auto pipe = dir.path() / "pipe";
    ASSERT_EQ(mkfifo(pipe.c_str(), 0600), 0);
    std::filesystem::rename(pipe, file);
    const auto refused = viewer.waitForState(
        [](const ViewerStateFile& state) {
            const std::optional<std::string> line = liveStatusShown(state, 0);
            return line && line->ends_with("not a regular file");
        },
        ViewerProcess::kStateTimeout, "the status to refuse the named pipe");
    if (refused) {
        const std::string line = liveStatusShown(*refused, 0).value_or("");
        EXPECT_TRUE(line.starts_with(file.filename().string() + " not readable")) << line;
        EXPECT_EQ(number(liveLine(dir.path() / "state.txt"), "connected"), 0);
    }
    // SIGTERM ends it as usual: status 0, the settings saved.
    EXPECT_EQ(viewer.terminate(), 0);
    const std::string kept = readAll(settingsFile);
    EXPECT_NE(kept.find("window_width"), std::string::npos) << kept;
}

TEST(LiveGui, AFollowedFileReplacedByANamedPipeIsRefusedAndSigtermStillEndsTheViewer) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto file = dir.path() / "growing.bvh";
    expectPipeRefusedAndSigtermEnds(dir, file, {file.string(), "--size", "1000x700"});
}

TEST(LiveGui, AFileBrowsedInTheFolderBrowserReplacedByANamedPipeIsRefusedLikewise) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto folder = dir.path() / "captures";
    std::filesystem::create_directories(folder);
    expectPipeRefusedAndSigtermEnds(dir, folder / "take.bvh",
                                    {folder.string(), "--size", "1200x800"});
}

TEST(LiveGui, AHostNameOfThousandsOfCharactersIsRefusedAndNeverAbortsTheViewer) {
    // Issue 45: `bvhscope tcp://` + a 17 000-character host name + `:1` aborted in Dear ImGui
    // (`_VtxCurrentIdx < (1<<16)`), drawing the notice that named the address.
    BVHSCOPE_REQUIRE_DISPLAY();
    const std::string host(17'000, 'a');
    {
        const TempDir dir;
        EXPECT_EQ(runViewerToCompletion(dir, {"tcp://" + host + ":1"}), 2); // refused, as usage
    }
    // The Connect dialog's host (kept in the settings): refused with an error shown, bounded,
    // and the viewer goes on.
    const TempDir dir;
    writeConfigFile(dir, "settings.ini", "live_host = " + host + "\nlive_port = 1\n");
    ViewerProcess viewer(dir, {kSample, "--size", "1000x700"});
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    EXPECT_TRUE(clickSettledRect(viewer, window, "menu:File"));
    EXPECT_TRUE(clickSettledRect(viewer, window, "menu:File>Connect to live stream"));
    EXPECT_TRUE(clickSettledRect(viewer, window, "live:connect"));
    const auto refused =
        viewer.waitForState([](const ViewerStateFile& state) { return !state.errors.empty(); },
                            ViewerProcess::kStateTimeout, "the long host name to be refused");
    if (refused) {
        EXPECT_NE(refused->errors.front().find("more than the 253 a host name may have"),
                  std::string::npos);
    }
    // Drawn several times since (the popup fits itself over its first frames), and alive.
    ASSERT_TRUE(refused.has_value());
    const int drawn = refused->drawn;
    EXPECT_TRUE(viewer.waitForState(
        [&](const ViewerStateFile& state) { return state.drawn >= drawn + 3 || state.idle; }));
    EXPECT_EQ(viewer.terminate(), 0);
}

} // namespace

namespace {

// A capture system already running when the viewer connects: a BVH stream (the file's header,
// then its rows) whose first `burst` rows go out at once when start() is called (what a viewer
// busy for a tenth of a second finds queued), then one row each 1/120 s. The first UI frames
// then see a few frames of a walk at once: too few to tell up from the motion. allowFrames(n)
// holds the rows from the n-th back until it is raised; the rows whose time passed meanwhile
// then go out at once (a stream that stalls and then delivers what it held).
class BvhBurstSender {
public:
    BvhBurstSender(std::string text, int burst) : text_(std::move(text)), burst_(burst) {
        std::string error;
        if (auto listener = bvhscope::live::listenTcp("127.0.0.1", 0, error)) {
            port_ = listener->port;
            thread_ = std::thread([this, l = std::move(*listener)] { serve(l.socket); });
        }
    }
    ~BvhBurstSender() {
        stop_ = true;
        go_ = true;
        if (thread_.joinable()) {
            thread_.join();
        }
    }
    BvhBurstSender(const BvhBurstSender&) = delete;
    BvhBurstSender& operator=(const BvhBurstSender&) = delete;
    int port() const { return port_; }
    void start() { go_ = true; }
    void allowFrames(int frames) { allowed_ = frames; }

private:
    // Sends all of `bytes` (waiting while the socket's buffer is full); false once it failed.
    bool sendAll(const bvhscope::live::Socket& socket, std::string_view bytes) {
        while (!bytes.empty() && !stop_) {
            const bvhscope::live::IoResult result = bvhscope::live::sendSome(socket, bytes);
            if (result.status == bvhscope::live::IoStatus::Progress) {
                bytes.remove_prefix(result.bytes);
            } else if (result.status == bvhscope::live::IoStatus::WouldBlock) {
                bvhscope::live::SocketWait wait{socket.native(), false, true};
                bvhscope::live::waitForSockets(std::span(&wait, 1), std::chrono::milliseconds(50));
            } else {
                return false;
            }
        }
        return true;
    }
    void serve(const bvhscope::live::Socket& listener) {
        bvhscope::live::Socket client;
        std::string peer;
        while (!stop_ && !client.valid()) {
            bvhscope::live::SocketWait wait{listener.native(), true};
            if (bvhscope::live::waitForSockets(std::span(&wait, 1), std::chrono::milliseconds(50)) >
                0) {
                client = bvhscope::live::acceptConnection(listener, peer);
            }
        }
        const std::size_t motion = text_.find("Frame Time:");
        std::size_t row = text_.find('\n', motion) + 1;
        if (!sendAll(client, std::string_view(text_).substr(0, row))) {
            return;
        }
        while (!go_) { // the sender's own pace, not a test's wait
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        const auto begun = std::chrono::steady_clock::now();
        for (int frame = 0; !stop_ && row < text_.size(); ++frame) {
            if (frame >= burst_) {
                std::this_thread::sleep_until(begun +
                                              (frame - burst_) * std::chrono::microseconds(8333));
            }
            while (!stop_ && frame >= allowed_) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            const std::size_t next = text_.find('\n', row) + 1;
            if (!sendAll(client, std::string_view(text_).substr(row, next - row))) {
                return;
            }
            row = next;
        }
    }

    std::string text_;
    int burst_ = 0;
    int port_ = 0;
    std::atomic<bool> go_{false};
    std::atomic<bool> stop_{false};
    std::atomic<int> allowed_{std::numeric_limits<int>::max()};
    std::thread thread_;
};

// How far the camera's target moved between two states, apart from the figure's walk: the
// target minus the figure's root on the ground.
float cameraStepAgainstFigure(const ViewerStateFile& state, const ViewerStateFile& previous) {
    const float dx =
        (state.camera.target.x - state.rootX) - (previous.camera.target.x - previous.rootX);
    const float dy = state.camera.target.y - previous.camera.target.y;
    const float dz =
        (state.camera.target.z - state.rootZ) - (previous.camera.target.z - previous.rootZ);
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

// farWalkingFigure's root in metres at `frame`, as the file places it (walking along +Z).
float walkingRootY(std::int64_t frame) {
    return 0.01f * (56.0f + 3.0f * std::cos(4.0f * 3.14159265f * frame / 120.0f));
}
float walkingRootZ(std::int64_t frame) {
    return 0.01f * 800.0f * frame / 720.0f;
}

} // namespace

// Issue 41: "Streaming a CMU walk at 120 Hz, the head left the top of the view 3 times in 20
// samples". While a live figure walks 8 m and raises its arms, every state written from the first
// frame shown shows all its joints inside the 3D view; the figure is never placed anew (its root
// where the file puts it, plus one fixed placement); and the camera glides: between two samples,
// its target (apart from the walk) and distance move at most 6 % of the distance per frame drawn
// (or per 1/30 s of the stream, on a machine too loaded to draw that often), and its direction
// does not turn. Issue 41's closing note: in the first second the stance, from a
// few frames, stood the walk on its side, and at 1 s it was placed anew with a cut of the camera
// (5.96 -> 1.90 m at once). The sender starts once the viewer draws, so the first second is seen,
// with a tenth of a second of frames at once, as from a capture already running. It is paced by
// the frames drawn (at most 4 stream frames past the burst per frame drawn, raised as each state
// is read): a viewer slowed by a loaded machine gets the stream slower rather than seeing too
// little of it, and so sees it stall and then come in bursts, which the camera must glide over
// as over a steady stream (Framing.AStreamThatStallsThenBurstsIsFollowedAsASteadyOne).
TEST(LiveGui, TheLiveViewKeepsAWalkingPerformerWholeAndGlides) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    constexpr int kBurst = 12;
    constexpr int kFramesPerFrameDrawn = 4;
    BvhBurstSender sender(bvhscope::live_test::farWalkingFigure(), kBurst);
    ASSERT_GT(sender.port(), 0);
    ViewerProcess viewer(dir, {"tcp://127.0.0.1:" + std::to_string(sender.port()), "--format",
                               "bvh", "--size", "1000x700"});
    const auto drawing = viewer.waitForState([](const ViewerStateFile& s) { return s.drawn >= 1; });
    ASSERT_TRUE(drawing.has_value());
    sender.allowFrames(kBurst);
    sender.start();
    const auto statePath = dir.path() / "state.txt";
    std::optional<ViewerStateFile> previous;
    std::optional<glm::vec3> placement; // the root minus where the file puts it
    int samples = 0;
    int samplesInFirstSecond = 0;
    while (samples < 600 && number(liveLine(statePath), "received") < 700) {
        const auto state = viewer.waitForState(
            [&](const ViewerStateFile& s) {
                return !s.figures.empty() && (!previous || s.drawn > previous->drawn);
            },
            ViewerProcess::kStateTimeout, "a new frame drawn while the figure walks");
        ASSERT_TRUE(state.has_value());
        sender.allowFrames(kBurst + kFramesPerFrameDrawn * (state->drawn - drawing->drawn));
        ++samples;
        samplesInFirstSecond += state->frame < 120 ? 1 : 0;
        const Rect view = viewRect(*state);
        const ViewerStateFile::Figure& figure = state->figures.front();
        EXPECT_FALSE(figure.behindEye);
        EXPECT_GE(figure.left, view.x) << "sample " << samples << " frame " << state->frame;
        EXPECT_GE(figure.top, view.y)
            << "sample " << samples << " frame " << state->frame << " following "
            << state->following << state->followFramingKept << " distance "
            << state->camera.distance << " pitch " << state->camera.pitchRadians;
        EXPECT_LE(figure.right, view.x + view.width) << "sample " << samples;
        EXPECT_LE(figure.bottom, view.y + view.height) << "sample " << samples;
        EXPECT_TRUE(state->following && state->followFramingKept);
        const glm::vec3 placed(state->rootX, state->rootY - walkingRootY(state->frame),
                               state->rootZ - walkingRootZ(state->frame));
        // Once frames are shown (the skeleton's rest pose stands in before them). 2 cm: a frame's
        // stride (1.1 cm) for a pose sampled between frames.
        if (!state->loads.empty() && state->loads.front().frames > 0) {
            placement = placement.value_or(placed);
            EXPECT_LE(glm::distance(placed, *placement), 0.02f)
                << "the figure was placed anew at sample " << samples << " frame " << state->frame;
        }
        if (previous) {
            // Per frame drawn, or per 1/30 s of the stream shown when a loaded machine drew
            // fewer (4 of its frames at 120 Hz): a glide, not a cut, over a slow frame.
            const float frames =
                std::max(static_cast<float>(state->drawn - previous->drawn),
                         static_cast<float>(state->frame - previous->frame) / 4.0f);
            const float bound = 0.06f * frames * state->camera.distance;
            const std::string jumped = "the camera jumped at sample " + std::to_string(samples) +
                                       " from " + std::to_string(previous->camera.distance) +
                                       " to " + std::to_string(state->camera.distance) + " frame " +
                                       std::to_string(state->frame);
            EXPECT_LE(cameraStepAgainstFigure(*state, *previous), bound) << jumped;
            EXPECT_LE(std::abs(state->camera.distance - previous->camera.distance), bound)
                << jumped;
            EXPECT_NEAR(state->camera.yawRadians, previous->camera.yawRadians, 1e-4f) << jumped;
        }
        previous = state;
    }
    EXPECT_GE(samples, 20) << "too few samples while the figure walked";
    EXPECT_GE(samplesInFirstSecond, 5) << "too few samples in the stream's first second";
    // It did walk: the camera went with it (8 m; at least half of it seen here).
    EXPECT_GT(number(liveLine(statePath), "received"), 600);
}
