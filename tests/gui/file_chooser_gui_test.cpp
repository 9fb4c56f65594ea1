// The desktop's file chooser (app/viewer/platform/file_chooser.h) in the real viewer, against a
// private session bus with tests/gui/fake_portal.cpp standing in for xdg-desktop-portal:
// File > Open file or folder... asks the portal for BVH files and opens what it answers;
// File > Open folder... asks for a folder.
#include "tests/gui/gui_test_support.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <signal.h>
#include <sstream>
#include <thread>

using namespace bvhscope::gui_test;

namespace {

// A session bus of our own (dbus-daemon --fork), its address in DBUS_SESSION_BUS_ADDRESS for
// this process and the viewer it starts; ended, and the variable unset, afterwards.
class PrivateSessionBus {
public:
    PrivateSessionBus() {
        const auto output =
            runCommand("dbus-daemon --session --fork --print-address=1 --print-pid=1");
        if (!output) {
            return;
        }
        std::istringstream lines(*output);
        std::getline(lines, address_);
        lines >> pid_;
        if (!address_.empty()) {
            setenv("DBUS_SESSION_BUS_ADDRESS", address_.c_str(), 1);
        }
    }
    ~PrivateSessionBus() {
        unsetenv("DBUS_SESSION_BUS_ADDRESS");
        if (pid_ > 0) {
            kill(pid_, SIGTERM);
        }
    }
    bool ok() const { return !address_.empty() && pid_ > 0; }

private:
    std::string address_;
    pid_t pid_ = -1;
};

class FileChooserGui : public testing::Test {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        if (!runCommand("command -v dbus-daemon >/dev/null")) {
            GTEST_SKIP() << "needs dbus-daemon (tools/install-deps.sh installs it)";
        }
        bus_.emplace();
        ASSERT_TRUE(bus_->ok()) << "could not start a private session bus";
    }

    // Starts the fake portal answering `answer`; waits until it owns the portal's name.
    void startPortal(const std::filesystem::path& answer) {
        log_ = dir_.path() / "portal.log";
        ASSERT_TRUE(runCommand("'" + std::string(FAKE_PORTAL_EXECUTABLE) + "' '" + answer.string() +
                               "' '" + log_.string() + "' >/dev/null 2>&1 &"));
        const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
        while (readAll(log_).find("ready") == std::string::npos &&
               std::chrono::steady_clock::now() < giveUp) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        ASSERT_NE(readAll(log_).find("ready"), std::string::npos)
            << "the fake portal did not start";
    }

    void clickMenu(const std::string& item) {
        ASSERT_TRUE(viewer_->waitForState(
            [](const ViewerStateFile& s) { return s.rects.contains("menu:File"); }));
        window_ = viewer_->windowId();
        ASSERT_TRUE(clickSettledRect(*viewer_, window_, "menu:File"));
        ASSERT_TRUE(clickSettledRect(*viewer_, window_, item));
    }

    TempDir dir_;
    std::optional<PrivateSessionBus> bus_;
    std::filesystem::path log_;
    std::optional<ViewerProcess> viewer_;
    std::string window_;
};

TEST_F(FileChooserGui, OpenAsksThePortalForBvhFilesAndOpensTheAnswer) {
    const auto chosen = dir_.path() / "chosen_take.bvh";
    std::filesystem::copy_file(kSample, chosen);
    startPortal(chosen);
    viewer_.emplace(dir_, std::vector<std::string>{"--size", "1280x720"});
    clickMenu("menu:File>Open file or folder");
    const auto opened = viewer_->waitForState(
        [](const ViewerStateFile& state) { return state.fileNames.size() == 2 && !state.loading; });
    ASSERT_TRUE(opened.has_value()) << "the portal's answer was not opened";
    EXPECT_EQ(opened->fileNames[1], "chosen_take.bvh");
    const std::string log = readAll(log_);
    EXPECT_NE(log.find("OpenFile Open BVH files parent=set multiple=1 directory=0"),
              std::string::npos)
        << log;
}

TEST_F(FileChooserGui, OpenFolderAsksForAFolderAndBrowsesIt) {
    const auto folder = dir_.path() / "takes";
    std::filesystem::create_directories(folder);
    std::filesystem::copy_file(kSample, folder / "walk1.bvh");
    std::filesystem::copy_file(kSample, folder / "walk2.bvh");
    startPortal(folder);
    viewer_.emplace(dir_, std::vector<std::string>{"--size", "1280x720"});
    clickMenu("menu:File>Open folder");
    const auto browsing = viewer_->waitForState([&](const ViewerStateFile& state) {
        return state.folder == folder.string() && state.folderFiles.size() == 2;
    });
    ASSERT_TRUE(browsing.has_value()) << "the chosen folder did not open in the browser";
    EXPECT_NE(readAll(log_).find("directory=1"), std::string::npos) << readAll(log_);
}

TEST_F(FileChooserGui, ExportBrowseTakesThePathFromTheSaveDialog) {
    const auto input = dir_.path() / "walk.bvh";
    std::filesystem::copy_file(kSample, input);
    const auto chosen = dir_.path() / "elsewhere" / "chosen_export.bvh";
    std::filesystem::create_directories(chosen.parent_path());
    startPortal(chosen);
    viewer_.emplace(dir_, std::vector<std::string>{input.string(), "--size", "1280x720"});
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return !state.loading && state.fileNames.size() == 1;
    }));
    clickMenu("menu:File>Export");
    ASSERT_TRUE(clickSettledRect(*viewer_, window_, "export:browse"));
    ASSERT_TRUE(viewer_->waitForState(
        [&](const ViewerStateFile& state) { return state.exportTarget == chosen.string(); },
        ViewerProcess::kStateTimeout, "the save dialog's answer in Export's field"));
    ASSERT_TRUE(clickSettledRect(*viewer_, window_, "export:Export"));
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return state.rects.contains("export:result:ok");
    })) << "no success message";
    EXPECT_TRUE(std::filesystem::exists(chosen)) << "not written where the dialog said";
    EXPECT_NE(readAll(log_).find("SaveFile Export BVH parent=set name=walk_export.bvh"),
              std::string::npos)
        << readAll(log_);
}

} // namespace
