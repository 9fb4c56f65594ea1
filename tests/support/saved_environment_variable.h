// Restores an environment variable when the scope ends (POSIX setenv/unsetenv: tests under
// posix/ and linux/ folders only). Header-only.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>

namespace bvh::test {

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

} // namespace bvh::test
