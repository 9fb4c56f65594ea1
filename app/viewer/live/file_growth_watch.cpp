#include "app/viewer/live/file_growth_watch.h"

#include "core/platform/utf8_path.h"

#include <algorithm>
#include <utility>

namespace bvhscope::viewer {

FileGrowthWatch::FileGrowthWatch(std::chrono::milliseconds interval) : interval_(interval) {
    thread_ = std::thread([this] { run(); });
}

FileGrowthWatch::~FileGrowthWatch() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

FileGrowthWatch::Seen FileGrowthWatch::measure(const std::string& path) {
    Seen seen;
    bvh::FileInput file;
    if (!file.open(bvh::pathFromUtf8(path))) {
        return seen;
    }
    const std::optional<bvh::FileStamp> stamp = file.stamp();
    const std::optional<bvh::FileIdentity> identity = file.identity();
    if (stamp && identity) {
        seen = {*stamp, *identity, true};
    }
    return seen;
}

void FileGrowthWatch::watch(std::vector<std::string> paths) {
    std::vector<std::string> fresh;
    {
        std::lock_guard lock(mutex_);
        std::erase_if(watched_, [&](const auto& entry) {
            return std::ranges::find(paths, entry.first) == paths.end();
        });
        for (std::string& path : paths) {
            if (!watched_.contains(path) && std::ranges::find(reported_, path) == reported_.end()) {
                fresh.push_back(std::move(path));
            }
        }
    }
    // Measured outside the lock (a slow disk holds nobody), then recorded.
    std::vector<Seen> measured;
    for (const std::string& path : fresh) {
        measured.push_back(measure(path));
    }
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        watched_.emplace(fresh[i], measured[i]);
    }
}

std::vector<std::string> FileGrowthWatch::takeChanged() {
    std::lock_guard lock(mutex_);
    return std::exchange(changed_, {});
}

bool FileGrowthWatch::anyChanged() const {
    std::lock_guard lock(mutex_);
    return !changed_.empty();
}

std::uint64_t FileGrowthWatch::roundsCompleted() const {
    std::lock_guard lock(mutex_);
    return rounds_;
}

void FileGrowthWatch::run() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
        std::vector<std::pair<std::string, Seen>> snapshot(watched_.begin(), watched_.end());
        lock.unlock();
        std::vector<std::string> changed;
        for (const auto& [path, seen] : snapshot) {
            const Seen now = measure(path);
            if (seen.measured && now.measured &&
                (now.stamp != seen.stamp || now.identity != seen.identity)) {
                changed.push_back(path);
            }
        }
        lock.lock();
        for (std::string& path : changed) {
            if (watched_.erase(path) > 0) {
                reported_.push_back(path);
                changed_.push_back(std::move(path));
            }
        }
        ++rounds_;
    }
}

} // namespace bvhscope::viewer
