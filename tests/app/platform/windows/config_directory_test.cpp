// Where the viewer keeps its settings on Windows: bvhscope in the roaming application data
// folder, asked of the shell (under Wine: the prefix's AppData\Roaming).
#include "app/platform/config_directory.h"

#include <gtest/gtest.h>
#include <shlobj.h>
#include <windows.h>

namespace bvhscope::viewer {
namespace {

TEST(ConfigDirectory, IsBvhscopeInTheRoamingAppDataFolder) {
    PWSTR roaming = nullptr;
    ASSERT_TRUE(SUCCEEDED(SHGetKnownFolderPath(FOLDERID_RoamingAppData, 0, nullptr, &roaming)));
    const std::filesystem::path expected = std::filesystem::path(roaming) / L"bvhscope";
    CoTaskMemFree(roaming);
    const auto directory = platform::configDirectory();
    ASSERT_TRUE(directory.has_value());
    EXPECT_EQ(*directory, expected);
    EXPECT_TRUE(directory->is_absolute());
    EXPECT_EQ(directory->filename(), L"bvhscope");
}

} // namespace
} // namespace bvhscope::viewer
