// Where `bvhscope similar` keeps its motion index on Linux: the XDG Base Directory rule.
#include "app/platform/cache_directory.h"
#include "tests/support/saved_environment_variable.h"

#include <gtest/gtest.h>

namespace bvhscope::viewer {
namespace {

using bvh::test::SavedVariable;

TEST(CacheDirectory, FollowsXdgCacheHomeThenHome) {
    const SavedVariable xdg("XDG_CACHE_HOME");
    const SavedVariable home("HOME");
    setenv("XDG_CACHE_HOME", "/tmp/xdg-cache", 1);
    setenv("HOME", "/home/someone", 1);
    EXPECT_EQ(platform::cacheDirectory(), std::filesystem::path("/tmp/xdg-cache/bvhscope"));
    // A relative XDG_CACHE_HOME is invalid by the specification and ignored.
    setenv("XDG_CACHE_HOME", "relative/cache", 1);
    EXPECT_EQ(platform::cacheDirectory(), std::filesystem::path("/home/someone/.cache/bvhscope"));
    unsetenv("XDG_CACHE_HOME");
    EXPECT_EQ(platform::cacheDirectory(), std::filesystem::path("/home/someone/.cache/bvhscope"));
    unsetenv("HOME");
    EXPECT_EQ(platform::cacheDirectory(), std::nullopt) << "nowhere to keep the index";
}

} // namespace
} // namespace bvhscope::viewer
