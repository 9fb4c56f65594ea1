// A settings file that is a FIFO is never opened: open() would block the viewer's start until a
// writer came (POSIX; Windows has no FIFOs in the file system).
#include "app/viewer/io/settings_store.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace bvhscope::viewer {
namespace {

TEST(SettingsStore, ASettingsFileThatIsAFifoIsNeverOpened) {
    const auto directory = std::filesystem::temp_directory_path() /
                           ("bvhscope-settings-fifo-" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory);
    ASSERT_EQ(::mkfifo((directory / "settings.ini").c_str(), 0600), 0);
    EXPECT_EQ(loadSettings(directory / "settings.ini").msaaSamples,
              scene::ViewerSettings{}.msaaSamples);
    std::filesystem::remove_all(directory);
}

} // namespace
} // namespace bvhscope::viewer
