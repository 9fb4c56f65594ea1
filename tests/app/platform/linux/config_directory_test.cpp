// Where the viewer keeps its settings on Linux: the XDG Base Directory rule.
#include "app/platform/config_directory.h"
#include "tests/support/saved_environment_variable.h"

#include <cstdlib>
#include <gtest/gtest.h>

namespace bvhscope::viewer {
namespace {

using bvh::test::SavedVariable;

TEST(ConfigDirectory, FollowsXdgConfigHomeThenHome) {
    const SavedVariable xdg("XDG_CONFIG_HOME");
    const SavedVariable home("HOME");
    setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
    setenv("HOME", "/home/someone", 1);
    EXPECT_EQ(platform::configDirectory(), std::filesystem::path("/tmp/xdg-test/bvhscope"));
    // A relative XDG_CONFIG_HOME is invalid by the specification and ignored.
    setenv("XDG_CONFIG_HOME", "relative/config", 1);
    EXPECT_EQ(platform::configDirectory(), std::filesystem::path("/home/someone/.config/bvhscope"));
    unsetenv("XDG_CONFIG_HOME");
    EXPECT_EQ(platform::configDirectory(), std::filesystem::path("/home/someone/.config/bvhscope"));
    setenv("HOME", "/home/zo\xc3\xab/\xe3\x83\xa2 x", 1); // bytes, kept as they are
    EXPECT_EQ(platform::configDirectory(),
              std::filesystem::path("/home/zo\xc3\xab/\xe3\x83\xa2 x/.config/bvhscope"));
    unsetenv("HOME");
    EXPECT_EQ(platform::configDirectory(), std::nullopt) << "nowhere to keep settings";
}

} // namespace
} // namespace bvhscope::viewer
