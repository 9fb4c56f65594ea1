// Where the viewer keeps its settings on Linux: the XDG Base Directory rule.
#include "app/platform/config_directory.h"

#include <cstdlib>
#include <gtest/gtest.h>
#include <optional>
#include <string>

namespace bvhscope::viewer {
namespace {

// Restores an environment variable on destruction.
class SavedVariable {
public:
    explicit SavedVariable(const char* name) : name_(name) {
        if (const char* value = std::getenv(name)) {
            value_ = value;
        }
    }
    ~SavedVariable() {
        if (value_) {
            setenv(name_, value_->c_str(), 1);
        } else {
            unsetenv(name_);
        }
    }
    SavedVariable(const SavedVariable&) = delete;
    SavedVariable& operator=(const SavedVariable&) = delete;

private:
    const char* name_;
    std::optional<std::string> value_;
};

TEST(ConfigDirectory, FollowsXdgConfigHomeThenHome) {
    const SavedVariable xdg("XDG_CONFIG_HOME");
    const SavedVariable home("HOME");
    setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
    setenv("HOME", "/home/someone", 1);
    EXPECT_EQ(configDirectory(), std::filesystem::path("/tmp/xdg-test/bvhscope"));
    // A relative XDG_CONFIG_HOME is invalid by the specification and ignored.
    setenv("XDG_CONFIG_HOME", "relative/config", 1);
    EXPECT_EQ(configDirectory(), std::filesystem::path("/home/someone/.config/bvhscope"));
    unsetenv("XDG_CONFIG_HOME");
    EXPECT_EQ(configDirectory(), std::filesystem::path("/home/someone/.config/bvhscope"));
    setenv("HOME", "/home/zo\xc3\xab/\xe3\x83\xa2 x", 1); // bytes, kept as they are
    EXPECT_EQ(configDirectory(),
              std::filesystem::path("/home/zo\xc3\xab/\xe3\x83\xa2 x/.config/bvhscope"));
    unsetenv("HOME");
    EXPECT_EQ(configDirectory(), std::nullopt) << "nowhere to keep settings";
}

} // namespace
} // namespace bvhscope::viewer
