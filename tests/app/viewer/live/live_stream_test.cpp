// The viewer's live streams without sockets or a window: a scripted source (app/live's
// LiveSource with a fixed list of events) feeds LiveStream/LiveStreams, and the tests check the
// character, its timeline, the sampled pose, following now, the bounded pump and recording.
#include "app/scene/character.h"
#include "app/scene/scene.h"
#include "app/viewer/live/live_streams.h"
#include "core/live/vmc_writer.h"
#include "core/reader/document.h"
#include "tests/core/live/vmc_test_avatar.h"
#include "tests/support/hang_guard.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <thread>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;
using bvhscope::live::LiveClock;
using bvhscope::live::LiveEvent;

namespace {

// One root with a Y position channel: a frame's value is the root's height in file units.
constexpr const char* kRisingBvh = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 0 0
  CHANNELS 1 Yposition
  End Site
  {
    OFFSET 0 10 0
  }
}
MOTION
Frames: 1
Frame Time: 0.5
0
)";

std::shared_ptr<const bvh::Skeleton> risingSkeleton() {
    return std::make_shared<const bvh::Skeleton>(bvh::parseDocument(kRisingBvh).skeleton);
}

LiveEvent skeletonEvent(std::shared_ptr<const bvh::Skeleton> skeleton, double frameTime) {
    LiveEvent event;
    event.kind = LiveEvent::Kind::Skeleton;
    event.skeleton = std::move(skeleton);
    event.frameTime = frameTime;
    return event;
}

LiveEvent frameEvent(std::uint64_t number, std::vector<float> values) {
    LiveEvent event;
    event.kind = LiveEvent::Kind::Frame;
    event.frame.number = number;
    for (const float value : values) {
        event.frame.valueText += (event.frame.valueText.empty() ? "" : " ") + std::to_string(value);
    }
    event.frame.values = std::move(values);
    event.receivedAt = LiveClock::now();
    return event;
}

// Publishes its script at once, then idles until stopped.
class ScriptedSource final : public bvhscope::live::LiveSource {
public:
    explicit ScriptedSource(std::vector<LiveEvent> script) : script_(std::move(script)) {}
    ~ScriptedSource() override { stop(); }
    static bool waitUntilPublished(const std::atomic<bool>& published) {
        const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
        while (!published.load() && std::chrono::steady_clock::now() < giveUp) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return published.load();
    }
    std::shared_ptr<std::atomic<bool>> published = std::make_shared<std::atomic<bool>>(false);
    // What a decoder reports for a stream whose value count is not the skeleton's.
    void reportMismatch(std::uint32_t expected, std::uint32_t received) {
        updateStatus([&](bvhscope::live::LiveStatus& status) {
            status.mismatch = bvh::live::CountMismatch{expected, received};
        });
    }
    // More events later, from the test's thread (the queue is thread safe).
    void inject(LiveEvent event) {
        if (event.kind == LiveEvent::Kind::Frame) {
            std::vector<bvh::live::LiveFrame> frames{std::move(event.frame)};
            publishFrames(frames, event.receivedAt);
        } else {
            publish(std::move(event));
        }
    }

protected:
    void run() override {
        for (LiveEvent& event : script_) {
            inject(std::move(event));
        }
        published->store(true);
        while (sleepUnlessStopped(std::chrono::milliseconds(20))) {
        }
    }

private:
    std::vector<LiveEvent> script_;
};

// A stream of `script`, its events all queued before returning.
std::unique_ptr<LiveStream> scriptedStream(std::vector<LiveEvent> script,
                                           double windowSeconds = 60.0,
                                           ScriptedSource** sourceOut = nullptr) {
    auto source = std::make_unique<ScriptedSource>(std::move(script));
    if (sourceOut != nullptr) {
        *sourceOut = source.get();
    }
    const std::shared_ptr<std::atomic<bool>> published = source->published;
    auto stream = std::make_unique<LiveStream>("tcp://test:1", std::move(source), windowSeconds);
    EXPECT_TRUE(ScriptedSource::waitUntilPublished(*published));
    return stream;
}

double rootHeightAt(const Character& character, double time) {
    CharacterPose pose;
    samplePose(character, time, bvh::Interpolation::Nearest, pose);
    return pose.world[0].translation.y;
}

TEST(LiveStreams, SkeletonThenFramesMakeACharacterWhoseTimelineGrows) {
    LiveStreams live;
    live.add(scriptedStream({skeletonEvent(risingSkeleton(), 0.5), frameEvent(0, {1.0f}),
                             frameEvent(1, {2.0f}), frameEvent(2, {3.0f})}));
    Scene scene;
    const LiveStreams::Events events = live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    EXPECT_TRUE(events.added);
    EXPECT_TRUE(events.framesArrived);
    ASSERT_EQ(scene.characters().size(), 1u);
    const Character& character = scene.characters()[0];
    EXPECT_TRUE(character.isLive());
    EXPECT_EQ(character.clip->displayName, "tcp://test:1");
    EXPECT_EQ(playableFrameCount(character), 3u);
    EXPECT_DOUBLE_EQ(playableDuration(character), 1.0); // frames 0..2 at 0.5 s
    // Frame f is at f * 0.5 s, its value the root's height.
    EXPECT_FLOAT_EQ(rootHeightAt(character, 0.0), 1.0f);
    EXPECT_FLOAT_EQ(rootHeightAt(character, 0.5), 2.0f);
    EXPECT_FLOAT_EQ(rootHeightAt(character, 1.0), 3.0f);
    // Following now: the newest frame's time.
    ASSERT_TRUE(live.nowTime(scene).has_value());
    EXPECT_DOUBLE_EQ(*live.nowTime(scene), 1.0);
}

TEST(LiveStreams, OlderFramesLeaveTheWindowAndSampleAsTheOldestHeld) {
    // A window of 5 s at 0.5 s a frame holds 10 frames; 25 arrive.
    std::vector<LiveEvent> script{skeletonEvent(risingSkeleton(), 0.5)};
    for (int i = 0; i < 25; ++i) {
        script.push_back(frameEvent(static_cast<std::uint64_t>(100 + i), {float(i)}));
    }
    LiveStreams live;
    live.add(scriptedStream(std::move(script), 5.0));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    ASSERT_EQ(scene.characters().size(), 1u);
    const Character& character = scene.characters()[0];
    // The timeline counts every frame since the first (number 100 is timeline frame 0).
    EXPECT_EQ(character.liveFeed.frameCount, 25u);
    EXPECT_EQ(character.liveFeed.firstHeldFrame, 15u);
    EXPECT_FLOAT_EQ(rootHeightAt(character, 24 * 0.5), 24.0f);
    EXPECT_FLOAT_EQ(rootHeightAt(character, 15 * 0.5), 15.0f);
    EXPECT_FLOAT_EQ(rootHeightAt(character, 2 * 0.5), 15.0f); // gone: the oldest held
    const LiveStreamStatus status = live.streams()[0]->status();
    EXPECT_EQ(status.framesReceived, 25u);
    EXPECT_EQ(status.windowFrames, 10u);
}

TEST(LiveStreams, ANumberGapShowsTheFrameBeforeIt) {
    LiveStreams live;
    live.add(scriptedStream(
        {skeletonEvent(risingSkeleton(), 1.0), frameEvent(0, {5.0f}), frameEvent(3, {8.0f})}));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    const Character& character = scene.characters()[0];
    EXPECT_EQ(character.liveFeed.frameCount, 4u);
    EXPECT_FLOAT_EQ(rootHeightAt(character, 2.0), 5.0f); // frames 1 and 2 never came
    EXPECT_FLOAT_EQ(rootHeightAt(character, 3.0), 8.0f);
}

TEST(LiveStreams, AFloodPutsOnlyTheNewestFramesOfAPumpInTheWindow) {
    const std::size_t count = kMostFramesShownPerPump * 3;
    std::vector<LiveEvent> script{skeletonEvent(risingSkeleton(), 0.001)};
    for (std::size_t i = 0; i < count; ++i) {
        script.push_back(frameEvent(i, {float(i)}));
    }
    LiveStreams live;
    live.add(scriptedStream(std::move(script)));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    const LiveStreamStatus status = live.streams()[0]->status();
    EXPECT_EQ(status.framesReceived, count);
    EXPECT_EQ(status.windowFrames, kMostFramesShownPerPump);
    EXPECT_EQ(status.framesNotShown, count - kMostFramesShownPerPump);
    // The newest is shown; the timeline still counts every frame.
    const Character& character = scene.characters()[0];
    EXPECT_EQ(character.liveFeed.frameCount, count - 2 * kMostFramesShownPerPump);
    EXPECT_FLOAT_EQ(rootHeightAt(character, playableDuration(character)), float(count - 1));
}

TEST(LiveStreams, ScrubbingAwayStopsFollowingAndLiveFollowsAgain) {
    LiveStreams live;
    live.add(scriptedStream({skeletonEvent(risingSkeleton(), 0.5), frameEvent(0, {1.0f}),
                             frameEvent(1, {2.0f}), frameEvent(2, {3.0f})}));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    ASSERT_TRUE(live.nowTime(scene));
    live.timePut(1.0);
    live.noticeUserTime(1.0); // nobody moved it
    EXPECT_TRUE(live.followingNow());
    live.timePut(1.0);
    live.noticeUserTime(0.5); // the user scrubbed back
    EXPECT_FALSE(live.followingNow());
    EXPECT_FALSE(live.nowTime(scene).has_value());
    live.followNow();
    EXPECT_TRUE(live.nowTime(scene).has_value());
}

TEST(LiveStreams, LatencyIsMeasuredFromReadToPoseSampled) {
    LiveEvent frame = frameEvent(0, {1.0f});
    frame.receivedAt = LiveClock::now() - std::chrono::milliseconds(40);
    LiveStreams live;
    live.add(scriptedStream({skeletonEvent(risingSkeleton(), 0.5), frame}));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    const auto sampled = LiveClock::now();
    live.posesSampled(sampled);
    const LiveStreamStatus status = live.streams()[0]->status();
    EXPECT_EQ(status.latencySamples, 1u);
    // Exactly the time from read to sampled, however long this test took to get there.
    const double readToSampled =
        std::chrono::duration<double, std::milli>(sampled - frame.receivedAt).count();
    EXPECT_NEAR(status.latencyMilliseconds, readToSampled, 1e-3);
    EXPECT_GE(status.latencyMilliseconds, 40.0);
}

// A connection that sends nothing lets the viewer sleep (issue 41); the next event wakes it
// (once, as it comes into an empty queue) and keeps it drawing while frames come.
TEST(LiveStreams, AnOpenStreamThatSendsNothingLetsTheViewerSleepAndItsEventsWakeIt) {
    LiveStreams live;
    std::atomic<int> wakes{0};
    live.setWake([&] { ++wakes; });
    ScriptedSource* source = nullptr;
    live.add(scriptedStream({skeletonEvent(risingSkeleton(), 0.5)}, 60.0, &source));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    EXPECT_FALSE(live.active()); // connected, silent
    EXPECT_EQ(wakes.load(), 0);  // the skeleton came before the wake was given
    LiveEvent frame = frameEvent(0, {1.0f});
    frame.receivedAt = LiveClock::now();
    source->inject(frame);
    EXPECT_EQ(wakes.load(), 1);
    source->inject(frame); // the queue is not empty: no second wake
    EXPECT_EQ(wakes.load(), 1);
    EXPECT_TRUE(live.active()); // events to take
}

TEST(LiveStreams, RemovingTheCharacterClosesItsStream) {
    LiveStreams live;
    live.add(scriptedStream({skeletonEvent(risingSkeleton(), 0.5), frameEvent(0, {1.0f})}));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    ASSERT_FALSE(live.streams()[0]->closed());
    scene.remove(0);
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    EXPECT_FALSE(live.active());
    EXPECT_TRUE(live.streams()[0]->closed());
}

TEST(LiveStreams, ANewSkeletonReplacesTheCharacterInPlace) {
    auto other = std::make_shared<bvh::Skeleton>(*risingSkeleton());
    other->names[0] = "Pelvis";
    LiveStreams live;
    live.add(scriptedStream({skeletonEvent(risingSkeleton(), 0.5), frameEvent(0, {1.0f}),
                             skeletonEvent(other, 0.5), frameEvent(1, {7.0f})}));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    ASSERT_EQ(scene.characters().size(), 1u);
    const Character& character = scene.characters()[0];
    EXPECT_EQ(character.clip->document.skeleton.names[0], "Pelvis");
    EXPECT_EQ(character.liveFeed.frameCount, 1u); // the new take starts at its first frame
    EXPECT_FLOAT_EQ(rootHeightAt(character, 0.0), 7.0f);
}

TEST(LiveStreams, RecordWritesEveryFrameWithTheDigitsSent) {
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() /
        ("bvhscope-live-record-" +
         std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    ScriptedSource* source = nullptr;
    LiveStreams live;
    live.add(scriptedStream({skeletonEvent(risingSkeleton(), 0.5), frameEvent(0, {9.0f})}, 60.0,
                            &source));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    std::string error;
    ASSERT_TRUE(live.startRecording(folder, error)) << error;
    EXPECT_TRUE(live.recording());
    // Frames from now on are recorded, with the sender's digits.
    LiveEvent first = frameEvent(1, {1.5f});
    first.frame.valueText = "1.500000";
    LiveEvent second = frameEvent(2, {-2.0f});
    second.frame.valueText = "-2";
    source->inject(std::move(first));
    source->inject(std::move(second));
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    live.stopRecording();
    EXPECT_FALSE(live.recording());
    const LiveStreamStatus status = live.streams()[0]->status();
    ASSERT_EQ(status.takesWritten.size(), 1u);
    EXPECT_EQ(status.takesWritten[0].parent_path(), folder);
    EXPECT_EQ(status.takesWritten[0].extension(), ".bvh");
    const bvh::Document document = bvh::loadDocument(status.takesWritten[0]);
    EXPECT_TRUE(document.loaded());
    EXPECT_EQ(document.skeleton.names[0], "Hips");
    ASSERT_EQ(document.motion.frameCount, 2u);
    EXPECT_FLOAT_EQ(document.motion.values[0], 1.5f);
    EXPECT_FLOAT_EQ(document.motion.values[1], -2.0f);
    {
        // Closed before the folder goes: Windows cannot remove an open file.
        std::ifstream file(status.takesWritten[0]);
        const std::string text((std::istreambuf_iterator<char>(file)),
                               std::istreambuf_iterator<char>());
        EXPECT_NE(text.find("\n1.500000\n-2\n"), std::string::npos) << text;
    }
    std::filesystem::remove_all(folder);
}

TEST(LiveStreams, AValueCountOtherThanTheSkeletonsSaysBothNumbersOnce) {
    ScriptedSource* source = nullptr;
    LiveStreams live;
    live.add(scriptedStream({skeletonEvent(risingSkeleton(), 0.5)}, 60.0, &source));
    Scene scene;
    live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    source->reportMismatch(1, 354);
    const LiveStreams::Events events = live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    ASSERT_EQ(events.notices.size(), 1u);
    EXPECT_NE(events.notices[0].find("sends 354 values"), std::string::npos) << events.notices[0];
    EXPECT_NE(events.notices[0].find("skeleton has 1 channels"), std::string::npos);
    EXPECT_NE(live.streams()[0]->status().mismatch.find("354"), std::string::npos);
    EXPECT_TRUE(live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto).notices.empty());
    // Nothing drawn from it: no frames came.
    EXPECT_EQ(scene.characters()[0].liveFeed.frameCount, 0u);
}

TEST(LiveStreams, AHostNameLongerThanADnsNameIsRefusedBeforeConnecting) {
    // The Connect dialog's host is not read by parseLiveAddress: the same bound applies.
    LiveStreams live;
    LiveStreamRequest request;
    request.host = std::string(17'000, 'a');
    request.port = 1;
    std::string error;
    EXPECT_FALSE(live.open(request, error));
    EXPECT_NE(error.find("more than the 253"), std::string::npos) << error.substr(0, 300);
    EXPECT_LT(error.size(), 300u);
    EXPECT_TRUE(live.streams().empty());
}

TEST(LiveStreams, AVmcStreamIsAUnityHumanoidWithItsLeftArmLoweredOnItsLeft) {
    std::uint16_t port = 0;
    {
        std::string error;
        const auto probe = bvhscope::live::bindUdp("127.0.0.1", 0, error);
        ASSERT_TRUE(probe) << error;
        port = probe->port;
    }
    LiveStreams live;
    LiveStreamRequest request;
    std::string error;
    ASSERT_TRUE(parseLiveAddress("vmc://127.0.0.1:" + std::to_string(port), request, error));
    ASSERT_TRUE(live.open(request, error)) << error;
    const bvhscope::live::Socket sender = bvhscope::live::connectUdp("127.0.0.1", port, error);
    ASSERT_TRUE(sender.valid()) << error;
    Scene scene;
    bvh::live::VmcPose pose = bvh::live::test::leftArmLowered();
    // One frame sent per update until the character holds 20 (bounded by a deadline).
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    for (int frame = 0; std::chrono::steady_clock::now() < giveUp; ++frame) {
        pose.senderTime = frame / 30.0;
        const auto datagram = bvh::live::writeVmcFrame(pose, bvh::live::VmcPacking::Bundle)[0];
        bvhscope::live::sendSome(
            sender,
            std::string_view(reinterpret_cast<const char*>(datagram.data()), datagram.size()));
        live.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
        if (!scene.characters().empty() && playableFrameCount(scene.characters()[0]) >= 20) {
            break;
        }
    }
    ASSERT_EQ(scene.characters().size(), 1u);
    const Character& character = scene.characters()[0];
    ASSERT_GE(playableFrameCount(character), 20u);
    EXPECT_EQ(character.clip->displayName, "vmc://127.0.0.1:" + std::to_string(port));
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    CharacterPose sampled;
    samplePose(character, 0.0, bvh::Interpolation::Nearest, sampled);
    const auto at = [&](const char* name) {
        return sampled.world[static_cast<std::size_t>(skeleton.find(name))].translation;
    };
    // Whatever the view's units: the left hand hangs below its shoulder, on the figure's left
    // (up x forward, for a right-handed figure facing its toes).
    EXPECT_LT(at("LeftHand").y, at("LeftUpperArm").y - 0.5 * (at("Head").y - at("Hips").y));
    const glm::dvec3 up = glm::dvec3(at("Head") - at("Hips"));
    const glm::dvec3 forward = glm::dvec3(at("RightToes") - at("RightFoot"));
    EXPECT_GT(glm::dot(glm::dvec3(at("LeftHand") - at("RightHand")), glm::cross(up, forward)), 0.0);
    EXPECT_EQ(live.streams().at(0)->status().source.format, "vmc");
}

TEST(LiveStreams, AFollowedFileSaysSoInItsStatus) {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() /
        ("bvhscope-followed-" +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + ".bvh");
    std::ofstream(file) << kRisingBvh;
    {
        const std::unique_ptr<LiveStream> stream =
            openGrowingFile(file.string(), "followed.bvh", 60.0);
        EXPECT_TRUE(stream->status().followsFile);
        EXPECT_EQ(stream->status().name, "followed.bvh");
    }
    EXPECT_FALSE(scriptedStream({})->status().followsFile);
    std::filesystem::remove(file);
}

TEST(TakeFileName, IsNamedByDateAndTimeAndNeverReusesAName) {
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() /
        ("bvhscope-take-names-" +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(folder);
    std::tm when{};
    when.tm_year = 2026 - 1900;
    when.tm_mon = 10;
    when.tm_mday = 26;
    when.tm_hour = 18;
    when.tm_min = 57;
    when.tm_sec = 26;
    when.tm_isdst = -1;
    const std::time_t time = std::mktime(&when);
    const std::filesystem::path first = takeFileName(folder, time);
    EXPECT_EQ(first.filename(), "take-2026-11-26_18-57-26.bvh");
    std::ofstream(first) << "x";
    EXPECT_EQ(takeFileName(folder, time).filename(), "take-2026-11-26_18-57-26-2.bvh");
    std::filesystem::remove_all(folder);
}

} // namespace
