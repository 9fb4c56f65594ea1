// Replacing a file all at once: the new content goes to a temporary file in the target's
// directory and is renamed over the target only when every byte is written, flushed to disk
// (fsync) and closed. A reader of the target therefore sees the old file or the new one, never a
// truncated mix, and a failure (disk full, permission, a missing directory, a crash) leaves the
// target as it was and no temporary file behind.
//
// POSIX only (open/write/fsync/rename), which is what bvhscope builds on. Never throws, never
// prints: failures are Error diagnostics at line 0, column 0 naming the path and the reason.
#pragma once

#include "diagnostic.h"

#include <filesystem>
#include <string_view>
#include <vector>

namespace bvh {

class AtomicFile {
public:
    // Creates the temporary file (".NAME.tmp-…" next to `target`, with the permissions a new
    // file would get, or the target's own when it exists). On failure good() is false and
    // diagnostics() says why; write() and commit() then do nothing and report failure.
    explicit AtomicFile(std::filesystem::path target);
    // Removes the temporary file unless commit() succeeded.
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Appends bytes; after the first failure it does nothing (good() turns false).
    void write(std::string_view bytes);
    // fsync, close, rename over the target, fsync the directory. Returns true when the target
    // now holds exactly what was written; on false the target is untouched and the temporary
    // file is removed. Call at most once.
    bool commit();

    bool good() const { return !hasErrors(diagnostics_); }
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
    const std::filesystem::path& target() const { return target_; }
    const std::filesystem::path& temporaryPath() const { return temporary_; }

private:
    void fail(const std::filesystem::path& path, std::string_view what, int error);
    void discard();

    std::filesystem::path target_;
    std::filesystem::path temporary_;
    int descriptor_ = -1;
    bool committed_ = false;
    std::vector<Diagnostic> diagnostics_;
};

} // namespace bvh
