// File > Connect's answers, the live window and the takes folder are kept in settings.ini.
#include "app/viewer/io/settings_store.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

TEST(LiveSettings, AreWrittenAndReadBack) {
    ViewerSettings settings;
    settings.liveHost = "192.168.1.20";
    settings.livePort = 7002;
    settings.liveFormat = "axis";
    settings.liveSkeleton = "/captures/axis skeleton.bvh";
    settings.liveWindowSeconds = 300.0f;
    settings.liveRecordFolder = "/captures/takes";
    const ViewerSettings read = parseSettings(serializeSettings(settings));
    EXPECT_EQ(read.liveHost, "192.168.1.20");
    EXPECT_EQ(read.livePort, 7002);
    EXPECT_EQ(read.liveFormat, "axis");
    EXPECT_EQ(read.liveSkeleton, "/captures/axis skeleton.bvh");
    EXPECT_FLOAT_EQ(read.liveWindowSeconds, 300.0f);
    EXPECT_EQ(read.liveRecordFolder, "/captures/takes");
}

TEST(LiveSettings, BadValuesKeepTheDefaults) {
    const ViewerSettings read = parseSettings("live_port = 70000x\n"
                                              "live_format = osc\n"
                                              "live_window_seconds = 1e9\n");
    EXPECT_EQ(read.livePort, 7001);
    EXPECT_EQ(read.liveFormat, "auto");
    EXPECT_FLOAT_EQ(read.liveWindowSeconds, 1800.0f); // clamped to the most
    // A value with a line break cannot be kept: written empty rather than breaking the file.
    ViewerSettings settings;
    settings.liveRecordFolder = "/a\nlive_port = 1";
    const ViewerSettings back = parseSettings(serializeSettings(settings));
    EXPECT_EQ(back.liveRecordFolder, "");
    EXPECT_EQ(back.livePort, 7001);
}

} // namespace
