// A result worked out the first time it is asked for, then kept (app/scene/clip.h's analyses
// that only some panels show).
#pragma once

#include <mutex>
#include <optional>
#include <utility>

namespace bvhscope::scene {

// A result worked out the first time it is asked for, then kept (and copied with its owner):
// for an analysis only some panels show, so that a file shows loaded, and its first frame is
// drawn, without waiting for it. Safe to ask from any thread.
template <typename Result>
class OnFirstUse {
public:
    OnFirstUse() = default;
    OnFirstUse(const OnFirstUse& other) : result_(other.taken()) {}
    OnFirstUse& operator=(const OnFirstUse& other) {
        if (this != &other) {
            std::optional<Result> copied = other.taken();
            const std::lock_guard lock(mutex_);
            result_ = std::move(copied);
        }
        return *this;
    }

    // The result, from `work()` on the first call.
    template <typename Work>
    const Result& get(Work&& work) const {
        const std::lock_guard lock(mutex_);
        if (!result_) {
            result_.emplace(work());
        }
        return *result_;
    }
    bool done() const {
        const std::lock_guard lock(mutex_);
        return result_.has_value();
    }

private:
    std::optional<Result> taken() const {
        const std::lock_guard lock(mutex_);
        return result_;
    }

    mutable std::mutex mutex_;
    mutable std::optional<Result> result_;
};

} // namespace bvhscope::scene
