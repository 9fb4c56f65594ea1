// The motion features of many takes, kept on disk between runs so that a query over a library
// reads only the takes that changed ("takes that move like this one", motion_features.h).
//
// Each entry is keyed by the take's path (UTF-8, as given: callers pass absolute paths) and its
// size and modification time: a take whose size or time differs is read again. An entry also
// records a take that did not load (with its first error), so a broken file is not read on
// every query either.
//
// The file is binary, little-endian, and starts with a magic line and a version: a file of
// another version, of other features, truncated or damaged is ignored as a whole (the index is
// rebuilt), never trusted in part. It is written whole through AtomicFile, so a crash or a
// second process never leaves half an index. Never throws (but std::bad_alloc), never prints.
#pragma once

#include "core/analysis/motion_features.h"
#include "core/model/diagnostic.h"
#include "core/platform/file_input.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace bvh {

struct TakeFeatures {
    FileStamp stamp;
    bool loaded = false;
    std::string error; // why it did not load (the first error diagnostic, formatted), else ""
    MotionFeatures features;
};

// Reads a take (one parsing thread: callers read several takes at once) and measures its
// features. `stamp` is the file's size and time when it was opened (read before the parse, so
// a file changed during it is read again next time).
TakeFeatures readTakeFeatures(const std::filesystem::path& path);

// The index's file in a cache folder, shared by `bvhscope similar` and the Browser.
inline constexpr std::string_view kMotionIndexFileName = "motion-index.bin";

// The key a take is kept under: its path absolute and lexically normal, as UTF-8.
std::string motionIndexKey(const std::filesystem::path& path);

// The size and modification time of a regular file; nullopt when it cannot be opened.
std::optional<FileStamp> takeStamp(const std::filesystem::path& path);

// An index of at most kMaxIndexEntries takes (a library of 100 000 files is about 30 MB).
inline constexpr std::size_t kMaxIndexEntries = 200000;

class MotionIndex {
public:
    // The index kept at `file`; empty when there is none or it cannot be used (see above).
    static MotionIndex read(const std::filesystem::path& file);

    // Whether `path` has an entry, whatever its stamp (a take never seen needs no stamp to be
    // looked up: its read takes one).
    bool contains(const std::string& path) const { return entries_.contains(path); }
    // The entry for `path` when its stamp is `stamp` (marking it used); nullptr otherwise.
    const TakeFeatures* find(const std::string& path, const FileStamp& stamp);
    // Adds or replaces the entry for `path`. Beyond kMaxIndexEntries, entries not found or put
    // since read() are dropped first when written.
    void put(const std::string& path, TakeFeatures take);
    std::size_t size() const { return entries_.size(); }
    bool changed() const { return changed_; }

    // Writes the index to `file` (its folder is created); the diagnostics say why not.
    std::vector<Diagnostic> write(const std::filesystem::path& file) const;

    // The bytes write() stores (for tests), and the index they hold (empty when unusable).
    std::string serialize() const;
    static MotionIndex deserialize(std::string_view bytes);

private:
    struct Entry {
        TakeFeatures take;
        bool used = false; // found or put since read
    };
    std::unordered_map<std::string, Entry> entries_;
    bool changed_ = false;
};

// The features of each of `paths` (absolute), from `index` where a take's stamp matches, else
// read on up to `threads` threads (at least one) and put in `index`. In the order of `paths`;
// a file that cannot be opened is an entry that did not load. `readTake` reads one take (tests
// count the reads); it is called on the threads, never for a take the index answers.
using TakeReader = TakeFeatures (*)(const std::filesystem::path&);
std::vector<TakeFeatures> gatherTakeFeatures(MotionIndex& index,
                                             std::span<const std::filesystem::path> paths,
                                             unsigned threads,
                                             TakeReader readTake = readTakeFeatures);

} // namespace bvh
