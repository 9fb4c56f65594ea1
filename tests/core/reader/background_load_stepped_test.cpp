// The web page's BackgroundLoad (core/reader/background_load_stepped.cpp), built natively with
// BVHSCOPE_STEPPED_BACKGROUND_LOAD: the viewer's interface, with the work done in advance().
#include "core/reader/background_load.h"
#include "tests/core/test_support.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

#ifndef BVHSCOPE_STEPPED_BACKGROUND_LOAD
#error "this test checks the stepped BackgroundLoad: build it with BVHSCOPE_STEPPED_BACKGROUND_LOAD"
#endif

namespace bvh {
namespace {

using namespace std::chrono_literals;

std::filesystem::path writeCapture(const std::string& name, int frames) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_stepped_background_" + std::to_string(::getpid()) + "_" + name);
    std::ofstream out(path, std::ios::binary);
    out << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
           "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: "
        << frames << "\nFrame Time: 0.01\n";
    for (int frame = 0; frame < frames; ++frame) {
        out << frame << " 0.5 -0.5\n";
    }
    return path;
}

TEST(SteppedBackgroundLoad, DoesNothingUntilAdvancedThenLoadsInSteps) {
    const auto path = writeCapture("ok.bvh", 300000);
    int headerCalls = 0;
    BackgroundLoad load(path, kEveryCore, [&] { ++headerCalls; });
    EXPECT_EQ(load.path(), path);
    EXPECT_FALSE(load.headerReady());
    EXPECT_FALSE(load.finished());
    EXPECT_EQ(load.fraction(), 0.0);

    load.advance(0ns);
    EXPECT_TRUE(load.headerReady());
    EXPECT_EQ(headerCalls, 1); // on this thread, in the advance that read the header
    EXPECT_EQ(load.document().skeleton.nodeCount(), 2u);

    std::uint32_t previous = 0;
    int steps = 0;
    while (!load.finished()) {
        load.advance(0ns);
        ++steps;
        auto lock = load.lockMotion();
        const std::uint32_t frames = load.framesLoaded();
        EXPECT_GE(frames, previous);
        if (frames > 0) {
            EXPECT_EQ(load.document().motion.values[(frames - 1) * std::size_t{3}],
                      static_cast<float>(frames - 1));
        }
        previous = frames;
    }
    EXPECT_GE(steps, 4);
    EXPECT_EQ(load.fraction(), 1.0);
    Document document = load.take();
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    EXPECT_EQ(document.motion.frameCount, 300000u);
    std::filesystem::remove(path);
}

TEST(SteppedBackgroundLoad, CancelEndsTheLoadAtTheNextAdvance) {
    const auto path = writeCapture("cancel.bvh", 300000);
    BackgroundLoad load(path);
    load.advance(0ns);
    load.cancel();
    load.advance(1h);
    ASSERT_TRUE(load.finished());
    Document document = load.take();
    EXPECT_NE(test::findDiagnostic(document, Severity::Error, "loading was cancelled"), nullptr)
        << test::describeDiagnostics(document);
    EXPECT_EQ(document.skeleton.nodeCount(), 0u);
    std::filesystem::remove(path);
}

TEST(SteppedBackgroundLoad, DestroyingAnUnfinishedLoadIsImmediate) {
    const auto path = writeCapture("destroyed.bvh", 300000);
    {
        BackgroundLoad load(path);
        load.advance(0ns);
        load.advance(0ns);
        EXPECT_GT(load.framesLoaded(), 0u);
    }
    std::filesystem::remove(path);
}

TEST(SteppedBackgroundLoad, MissingFileFinishesWithAnError) {
    BackgroundLoad load("/nonexistent/capture.bvh");
    load.advance(0ns);
    ASSERT_TRUE(load.finished());
    EXPECT_FALSE(load.headerReady());
    Document document = load.take();
    EXPECT_FALSE(document.loaded());
    EXPECT_NE(test::findDiagnostic(document, Severity::Error, "cannot open"), nullptr);
}

} // namespace
} // namespace bvh
