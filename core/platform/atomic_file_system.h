// The operating system's half of AtomicFile (atomic_file.h): creating, writing, flushing and
// renaming the temporary file, and the clean-up on termination. One implementation per platform
// (posix/atomic_file.cpp, windows/atomic_file.cpp); the name choice, the bookkeeping of the files
// a termination handler may remove, and the diagnostics are shared, in atomic_file.cpp.
// Internal to core/platform.
//
// Every function that can fail returns the reason as text (empty on success), worded like
// errno's text ("no space left on device"), for AtomicFile's diagnostic.
#pragma once

#include "core/platform/atomic_file.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace bvh::atomic_file_system {

// A file descriptor on POSIX, a HANDLE on Windows (whose INVALID_HANDLE_VALUE is also -1).
using Handle = std::intptr_t;
inline constexpr Handle kNoHandle = -1;

struct TargetState {
    bool exists = false;
    bool directory = false;
    // What an existing target is when it is neither a regular file nor a directory ("a named
    // pipe (FIFO)", "a device", "a socket"): never replaced by a regular file.
    const char* special = nullptr;
    std::uint32_t permissions = 0; // POSIX mode bits, for the replacement to keep
};
TargetState inspectTarget(const std::filesystem::path& target);

// For temporary names no other process picks.
unsigned long processId();

struct Created {
    Handle handle = kNoHandle;
    bool nameTaken = false; // the name exists already: try another
    std::string error;      // why it failed otherwise
};
// Creates `temporary` for writing, failing when it exists, with the permissions a new file gets
// or, when `target` exists, the target's.
Created createTemporary(const std::filesystem::path& temporary, const TargetState& target);

std::string writeAll(Handle handle, std::string_view bytes);
std::string flushToDisk(Handle handle);
std::string closeFile(Handle handle);
// Renames `temporary` over `target` (which may or may not exist) in one step.
std::string replace(const std::filesystem::path& temporary, const std::filesystem::path& target);
// Renames `from` to `to` unless something is at `to`, in one step (see renameWithoutReplacing in
// atomic_file.h): Renamed, NameTaken ("file exists") or Failed with the reason.
RenameResult renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to);
// Removes a file, saying whether it was there (removeTemporaryFile in atomic_file.h): the
// system's "no such file" (ENOENT; ERROR_FILE_NOT_FOUND, ERROR_PATH_NOT_FOUND) is NotThere.
TemporaryRemovalResult removeFileIfThere(const std::filesystem::path& path);
// Makes a rename in `directory` durable, where the platform needs a separate step for it.
void syncDirectory(const std::filesystem::path& directory);

// Installs the platform's termination handler (signals on POSIX, a console control handler on
// Windows), which calls removeArmedTemporaryFiles; see removeTemporaryFilesOnTerminationSignals.
bool installTerminationCleanup();

// [SECTION] Shared with atomic_file.cpp

using NativeChar = std::filesystem::path::value_type;
// Removes every registered temporary file, calling `remove` (unlink, DeleteFileW) on each path.
// Safe in a signal handler and on a console control handler's thread: lock-free atomics only.
void removeArmedTemporaryFiles(void (*remove)(const NativeChar* path));

} // namespace bvh::atomic_file_system
