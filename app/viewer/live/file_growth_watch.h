// Noticing that a file open in the viewer is still being written (a capture tool recording to
// disk, `bvhscope record`'s partial file): a thread looks at each watched file's size,
// modification time and identity (device and inode: another file renamed over the name, even
// one of the same size and time, is a change) once a second, off the UI thread, and reports the
// files that changed since they were first seen. The viewer then follows such a file
// (live_streams.h) instead of showing the rows it had when it was read. Files are opened
// without blocking (bvh::FileInput): a named pipe put at a name is never waited on, and counts
// as nothing to measure.
#pragma once

#include "core/platform/file_input.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::viewer {

class FileGrowthWatch {
public:
    explicit FileGrowthWatch(std::chrono::milliseconds interval = std::chrono::seconds(1));
    ~FileGrowthWatch();
    FileGrowthWatch(const FileGrowthWatch&) = delete;
    FileGrowthWatch& operator=(const FileGrowthWatch&) = delete;

    // The files to watch (UTF-8 paths), replacing the last list. A file new to the list is
    // measured now: changes after this call count.
    void watch(std::vector<std::string> paths);
    // Files whose size or modification time changed since they were first measured, each
    // reported once (then no longer watched).
    std::vector<std::string> takeChanged();
    // Some file changed and was not taken yet (the viewer wakes to follow it).
    bool anyChanged() const;
    // How many times the thread has looked at every watched file since it started: a change made
    // before one round begins is reported when that round ends (tests wait on this, not on time).
    std::uint64_t roundsCompleted() const;

private:
    struct Seen {
        bvh::FileStamp stamp;       // size and modification time
        bvh::FileIdentity identity; // which file
        bool measured = false;
    };
    static Seen measure(const std::string& path);
    void run();

    std::chrono::milliseconds interval_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::map<std::string, Seen> watched_;
    std::vector<std::string> changed_;
    std::vector<std::string> reported_; // never watched again
    std::uint64_t rounds_ = 0;
    std::thread thread_;
};

} // namespace bvhscope::viewer
