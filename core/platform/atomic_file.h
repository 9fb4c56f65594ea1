// Replacing a file all at once: the new content goes to a temporary file in the target's
// directory and is renamed over the target only when every byte is written, flushed to disk
// (fsync) and closed. A reader of the target therefore sees the old file or the new one, never a
// truncated mix, and a failure (disk full, permission, a missing directory, a crash) leaves the
// target as it was and no temporary file behind.
//
// The temporary file goes away on every way out that runs code: commit() renames it, a failure
// removes it, the destructor removes it (also while an exception such as std::bad_alloc unwinds
// the stack, provided something catches it: an uncaught exception may end the process without
// unwinding, which is why bvhscope's main() catches everything), and a termination signal or
// console event removes it once removeTemporaryFilesOnTerminationSignals() was called (see its
// limits). Then only SIGKILL (TerminateProcess, Task Manager's End task), a crash or a power cut
// can leave a ".NAME.tmp-..." file; the target is intact even then.
//
// Platforms: POSIX (open O_EXCL, write, fsync, rename, fsync of the directory) and Windows
// (CreateFileW CREATE_NEW, WriteFile, FlushFileBuffers, then the POSIX-semantics rename of
// Windows 10 1709+ on NTFS, else MoveFileExW with REPLACE_EXISTING and WRITE_THROUGH), in
// core/platform/{posix,windows}/atomic_file.cpp. On Windows a target that another program
// holds open without sharing delete (some editors and viewers; or any open target where only
// MoveFileExW is available) cannot be replaced: the rename is retried for about a second
// (virus scanners and indexers hold new files for milliseconds), then commit() fails with
// "cannot replace 'PATH': Another program has the file open (close it there and try again)",
// the target intact and the temporary file removed. Never throws (except std::bad_alloc), never
// prints: failures are Error diagnostics at line 0, column 0 naming the path (UTF-8) and the
// reason.
#pragma once

#include "core/model/diagnostic.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

// [SECTION] Outputs: regular files only
//
// What writing `target` writes, and whether it may: AtomicFile and every output written in place
// then renamed (`record`'s takes, core/live/take_writer.h) decide here, so that they refuse the
// same things with the same words. A symbolic link is followed (renaming over it would replace
// the link, not the file it names): `path` is where it points. `problem` is empty when a regular
// file may be written at `path` (nothing is there, or a regular file is), else the whole message:
// "cannot write 'PATH': it is a directory", "... it is a named pipe (FIFO), not a regular file
// (bvhscope writes regular files only)" (also a device, a socket, or a link to one), "...: not a
// file name". Such a node is never replaced by a regular file: renamed over, a FIFO or a device
// node (as root, /dev/null) would be gone.
struct OutputTarget {
    std::filesystem::path path; // `target`, or where the symbolic link `target` points
    bool exists = false;        // something is at `path`
    std::string problem;        // "" when a regular file may be written at `path`
};
OutputTarget inspectOutputTarget(const std::filesystem::path& target);

// [SECTION] Watching a commit from another thread
//
// For a watchdog that may end the process while commit() runs on another thread
// (app/headless/thumbnail_watchdog.h) and must then know whether the target already holds the new
// file. commit() reports each step to its observer, on commit()'s thread, before it goes on; the
// observer may block (a watchdog takes its lock, and never gives it back once it ends the
// process, so a commit it gave up on never reaches the rename).
enum class CommitStep {
    Renaming,     // written, flushed and closed: the rename's system call starts next
    Renamed,      // the target holds the new file; the directory's sync (POSIX) is still to come
    RenameFailed, // the rename failed: the temporary file is removed next, the target untouched
};
// What the rename's call does after the rename took effect, and before it returns, is part of
// the Renaming step: on Windows, FlushFileBuffers after the POSIX-semantics rename, and
// MOVEFILE_WRITE_THROUGH's flush inside MoveFileExW (one call, nothing to report in between).
// So between Renaming and Renamed the target may or may not hold the new file: the observer's
// thread decides that with removeTemporaryFile below. RenameFailed comes before commit()
// removes the temporary file, so that "not there" during Renaming always means renamed. Never
// called when no rename is tried (a failure to write, flush or close, a target that turned into
// a special file).
using CommitObserver = std::function<void(CommitStep)>;

// [SECTION] Removing the temporary file of a commit under way
//
// Removes `temporary` (AtomicFile::temporaryPath(), taken on another thread) and says whether it
// was there. The removal and commit()'s rename both take the same directory entry, and the file
// system does one before the other (on Linux both hold the directory's inode lock), so this
// decides a rename under way: Removed means the rename has not happened and
// now fails for want of a file (the target as it was); NotThere, during the Renaming step, means
// the rename happened. On Windows a removal that comes first leaves the file pending deletion
// (or gone, with POSIX semantics), which a rename also fails on.
enum class TemporaryRemoval {
    Removed,  // it was there and is gone
    NotThere, // nothing at that name (renamed, removed by its AtomicFile after a failure, never
              // created)
    Failed,   // it could not be removed: `error` says why; a rename under way may still happen
};
struct TemporaryRemovalResult {
    TemporaryRemoval outcome = TemporaryRemoval::Failed;
    std::string error; // for Failed, the system's reason ("permission denied")
};
TemporaryRemovalResult removeTemporaryFile(const std::filesystem::path& temporary);

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
    // Flush to disk, close, rename over the target, make the rename durable. Returns true when the
    // target now holds exactly what was written; on false the target is untouched and the temporary
    // file is removed (one that cannot be is named in a warning of diagnostics(), as after a
    // failed write()). Call at most once. `observe`, when given, hears each CommitStep.
    bool commit(const CommitObserver& observe = {});

    bool good() const { return !hasErrors(diagnostics_); }
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
    const std::filesystem::path& target() const { return target_; }
    const std::filesystem::path& temporaryPath() const { return temporary_; }

private:
    void unregisterForSignals();
    void fail(const std::filesystem::path& path, std::string_view what, std::string_view reason);
    void discard();

    std::filesystem::path target_;
    std::filesystem::path temporary_;
    std::intptr_t handle_ = -1; // a file descriptor on POSIX, a HANDLE on Windows
    bool committed_ = false;
    int signalSlot_ = -1; // the slot holding temporary_ for the signal handler, or -1
    std::vector<Diagnostic> diagnostics_;
};

// [SECTION] Renaming a file written in place to its name
//
// For a file written where it will stay (a recording's take, written under a partial name while
// it grows) and renamed when it is complete. The rename is one step in both functions: what is at
// `to` is decided by the system call, not by a check before it that another program could make
// stale.
enum class RenameOutcome {
    Renamed,   // `from` is now `to`
    NameTaken, // something is at `to` (renameWithoutReplacing), or it is not a regular file
               // (renameOverRegularFile): `from` is as it was, `to` untouched
    Failed,    // another error, in `error`: `from` is as it was
};
struct RenameResult {
    RenameOutcome outcome = RenameOutcome::Failed;
    std::string error; // why, for NameTaken and Failed ("file exists", "it is a directory")
};
// Renames `from` to `to` only if nothing is at `to`, never replacing anything, even a file that
// appears an instant before: renameat2(RENAME_NOREPLACE) on Linux; where the kernel or the file
// system lacks it, link() then unlink() (link fails on an existing name); MoveFileExW without
// MOVEFILE_REPLACE_EXISTING on Windows. A file system that has neither (no hard links and no
// no-replace rename: rare, some network shares) gives Failed with the system's reason.
RenameResult renameWithoutReplacing(const std::filesystem::path& from,
                                    const std::filesystem::path& to);
// Renames `from` over `to` when `to` is absent or a regular file (--overwrite); anything else at
// `to` (inspectOutputTarget's problem: a directory, a FIFO, a device, a socket) is NameTaken and
// left as it is. The rename is AtomicFile's (Windows' POSIX-semantics rename where it exists).
// `to` is not resolved here: pass inspectOutputTarget's `path`.
RenameResult renameOverRegularFile(const std::filesystem::path& from,
                                   const std::filesystem::path& to);

// [SECTION] Termination signals and console events
//
// Installs, once per process, a handler that removes the temporary file of every AtomicFile not
// yet committed or discarded, then lets the termination go on as it would have:
// - POSIX: for SIGINT, SIGTERM and SIGHUP; then the default action (the process ends, killed by
//   that signal, so a shell still sees 128 + N) or the handler that was installed before, which
//   is called. A signal that was ignored (nohup, a background job's SIGINT) stays ignored.
// - Windows: a console control handler (SetConsoleCtrlHandler) for Ctrl+C, Ctrl+Break, the
//   console window closed, log-off and shut-down; it returns FALSE, so the handlers installed
//   before it run and the default one ends the process (exit code STATUS_CONTROL_C_EXIT). A
//   process that ignores Ctrl+C keeps ignoring it.
// Commands that write files call it (bvhscope convert, render); the core never changes signal
// handling on its own.
//
// Async-signal safety: each AtomicFile copies its temporary file's absolute path into one of a
// fixed number of static slots just before the file is created and frees the slot when the file
// is renamed or removed. A slot is claimed, filled and released through a lock-free atomic state,
// and the handler claims a filled slot before removing its path, so it never reads a path being
// rewritten; on POSIX it calls only unlink, sigaction and raise (on Windows, DeleteFileW on the
// handler's own thread). Limits: a file created while all
// kTemporaryFileSignalSlots slots are in use, or whose path is longer than a slot, is not
// removed on a signal (it still is on every other way out); and a signal handled on another
// thread in the instant between the handler's unlink() and the process's end could miss a file
// this thread creates in that instant. Returns false when sigaction failed.
inline constexpr std::size_t kTemporaryFileSignalSlots = 16;
bool removeTemporaryFilesOnTerminationSignals();
// Whether removeTemporaryFilesOnTerminationSignals() succeeded in this process's copy of the
// core. Each of bvhscope's loadable modules (app/platform/loadable_module.h) links a copy of its
// own, with its own slots, and follows its host: the host asks, the module installs its own
// cleanup too (handlers chain, so every copy's files go).
bool temporaryFilesRemovedOnTerminationSignals();

} // namespace bvh
