// What the page shows where the desktop app has a feature a browser tab cannot carry out
// (app/viewer/panels/desktop_only_items.h), decided with the flag as a parameter so the native
// build checks the page's labels too.
#include "app/viewer/panels/desktop_only_items.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;

namespace {

constexpr DesktopOnlyFeature kEveryFeature[] = {
    DesktopOnlyFeature::FolderBrowsing, DesktopOnlyFeature::LiveStreams,
    DesktopOnlyFeature::Sound,          DesktopOnlyFeature::VideoExport,
    DesktopOnlyFeature::Quit,           DesktopOnlyFeature::RenameMap,
};

TEST(DesktopOnlyItems, OnTheDesktopTheItemIsDrawnExactlyAsGiven) {
    const MenuItemText native{"Export video... (not in this build)", "Ctrl+Shift+E", false,
                              "no FFmpeg"};
    for (const DesktopOnlyFeature feature : kEveryFeature) {
        const MenuItemText placed = placedMenuItem(native, feature, false);
        EXPECT_EQ(placed.label, native.label);
        EXPECT_EQ(placed.shortcut, native.shortcut);
        EXPECT_EQ(placed.enabled, native.enabled);
        EXPECT_EQ(placed.tooltip, native.tooltip);
    }
    const MenuItemText enabled =
        placedMenuItem({"Open folder...", "", true, ""}, DesktopOnlyFeature::FolderBrowsing, false);
    EXPECT_TRUE(enabled.enabled);
    EXPECT_EQ(enabled.label, "Open folder...");
}

TEST(DesktopOnlyItems, InThePageTheItemIsDisabledAndSaysWhy) {
    const MenuItemText placed = placedMenuItem({"Connect to live stream...", "", true, ""},
                                               DesktopOnlyFeature::LiveStreams, true);
    EXPECT_FALSE(placed.enabled); // enabled on the desktop, never in the page
    EXPECT_EQ(placed.label,
              "Connect to live stream... (in the desktop app only)###Connect to live stream...");
    EXPECT_EQ(placed.tooltip,
              "In the desktop app only: it shows a live stream (Axis Neuron, a TCP sender) as it "
              "arrives; a page cannot open network connections to it.");
}

TEST(DesktopOnlyItems, InThePageTheShortcutGoesAndAnIdGivenInTheLabelStays) {
    const MenuItemText quit =
        placedMenuItem({"Quit", "Ctrl+Q", true, ""}, DesktopOnlyFeature::Quit, true);
    EXPECT_EQ(quit.label, "Quit (in the desktop app only)###Quit");
    EXPECT_TRUE(quit.shortcut.empty()); // a shortcut that does nothing is not advertised
    const MenuItemText withId = placedMenuItem({"Open folder...###folder", "", false, ""},
                                               DesktopOnlyFeature::FolderBrowsing, true);
    EXPECT_EQ(withId.label, "Open folder... (in the desktop app only)###folder");
}

TEST(DesktopOnlyItems, TheVideoItemsOwnReasonGivesWayToTheDesktopOne) {
    const MenuItemText placed = placedMenuItem(
        {"Export video...", "Ctrl+Shift+E", false, "this build of bvhscope has no video output"},
        DesktopOnlyFeature::VideoExport, true);
    EXPECT_EQ(placed.tooltip.rfind("In the desktop app only: it writes MP4, WebM or GIF", 0), 0u)
        << placed.tooltip;
    EXPECT_NE(placed.tooltip.find("Save picture (PNG)"), std::string::npos);
}

TEST(DesktopOnlyItems, EveryFeatureHasOneSentenceOfExplanation) {
    for (const DesktopOnlyFeature feature : kEveryFeature) {
        const std::string_view text = desktopOnlyExplanation(feature);
        ASSERT_FALSE(text.empty()) << static_cast<int>(feature);
        EXPECT_EQ(text.back(), '.') << text;
        EXPECT_NE(text.front(), ' ') << text;
    }
}

} // namespace
