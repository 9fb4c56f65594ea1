// AtomicFile's system calls on POSIX: open(O_EXCL), write, fsync, rename, and sigaction for
// the termination signals; the no-replace rename (renameat2 on Linux, else link and unlink).
#include "core/platform/atomic_file_system.h"

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace bvh::atomic_file_system {

namespace {

std::string describeError(int error) {
    return std::generic_category().message(error);
}

constexpr std::array<int, 3> kTerminationSignals = {SIGINT, SIGTERM, SIGHUP};
// What each signal did before installTerminationCleanup; written before the handler is
// installed, read only by the handler.
std::array<struct sigaction, kTerminationSignals.size()> previousActions;

void unlinkPath(const char* path) {
    ::unlink(path);
}

// Async-signal-safe: unlink, sigaction and raise only.
void removeTemporaryFilesThenResignal(int signal, siginfo_t* info, void* context) {
    const int savedErrno = errno;
    removeArmedTemporaryFiles(unlinkPath);
    std::size_t which = 0;
    while (which + 1 < kTerminationSignals.size() && kTerminationSignals[which] != signal) {
        ++which;
    }
    const struct sigaction& previous = previousActions[which];
    if ((previous.sa_flags & SA_SIGINFO) != 0) {
        previous.sa_sigaction(signal, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(signal);
    } else {
        // The default action, from the signal itself, so the parent sees the process killed by
        // it: restore it and raise again; the signal is blocked while this handler runs, so it
        // arrives as the handler returns.
        struct sigaction defaultAction {};
        defaultAction.sa_handler = SIG_DFL;
        sigemptyset(&defaultAction.sa_mask);
        ::sigaction(signal, &defaultAction, nullptr);
        ::raise(signal);
    }
    errno = savedErrno;
}

} // namespace

TargetState inspectTarget(const std::filesystem::path& target) {
    struct stat existing {};
    TargetState state;
    state.exists = ::stat(target.c_str(), &existing) == 0;
    state.directory = state.exists && S_ISDIR(existing.st_mode);
    if (state.exists && !state.directory && !S_ISREG(existing.st_mode)) {
        state.special = S_ISFIFO(existing.st_mode)   ? "a named pipe (FIFO)"
                        : S_ISSOCK(existing.st_mode) ? "a socket"
                        : S_ISCHR(existing.st_mode) || S_ISBLK(existing.st_mode)
                            ? "a device"
                            : "not a regular file";
    }
    state.permissions = state.exists ? static_cast<std::uint32_t>(existing.st_mode & 07777) : 0;
    return state;
}

unsigned long processId() {
    return static_cast<unsigned long>(::getpid());
}

Created createTemporary(const std::filesystem::path& temporary, const TargetState& target) {
    Created created;
    // 0666 lets the umask decide, as for any new file (mkstemp would force 0600).
    const int descriptor = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (descriptor < 0) {
        created.nameTaken = errno == EEXIST;
        created.error = describeError(errno);
        return created;
    }
    if (target.exists) {
        // Replacing a file keeps its permissions (an executable script stays one, a private
        // file stays private).
        ::fchmod(descriptor, static_cast<mode_t>(target.permissions));
    }
    created.handle = descriptor;
    return created;
}

std::string writeAll(Handle handle, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(static_cast<int>(handle), bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            return describeError(errno);
        }
        // A short write (disk nearly full, a signal) is not an error yet: the next call
        // reports ENOSPC if there really is no room.
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return {};
}

std::string flushToDisk(Handle handle) {
    return ::fsync(static_cast<int>(handle)) == 0 ? std::string() : describeError(errno);
}

std::string closeFile(Handle handle) {
    return ::close(static_cast<int>(handle)) == 0 ? std::string() : describeError(errno);
}

std::string replace(const std::filesystem::path& temporary, const std::filesystem::path& target) {
    return ::rename(temporary.c_str(), target.c_str()) == 0 ? std::string() : describeError(errno);
}

namespace {

#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(RENAME_NOREPLACE)
#define BVHSCOPE_HAS_RENAMEAT2 1
// Where the no-replace rename cannot be done this way, so that the next way is tried: no
// renameat2 in the kernel (before 3.15, or a seccomp filter), or a file system that does not
// implement it (EINVAL).
bool noReplaceRenameUnsupported(int error) {
    return error == EINVAL || error == ENOSYS || error == ENOTSUP || error == EOPNOTSUPP;
}
#endif

// link() then unlink(): link() fails with EEXIST on any existing name, so nothing is replaced.
// Between the two calls the file has both names; a crash there leaves both (nothing lost).
RenameResult linkThenUnlink(const std::filesystem::path& from, const std::filesystem::path& to) {
    if (::link(from.c_str(), to.c_str()) != 0) {
        const int error = errno;
        return {error == EEXIST ? RenameOutcome::NameTaken : RenameOutcome::Failed,
                describeError(error)};
    }
    ::unlink(from.c_str());
    return {RenameOutcome::Renamed, {}};
}

} // namespace

RenameResult renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to) {
#ifdef BVHSCOPE_HAS_RENAMEAT2
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) {
        return {RenameOutcome::Renamed, {}};
    }
    const int error = errno;
    if (!noReplaceRenameUnsupported(error)) {
        return {error == EEXIST ? RenameOutcome::NameTaken : RenameOutcome::Failed,
                describeError(error)};
    }
#endif
    return linkThenUnlink(from, to);
}

TemporaryRemovalResult removeFileIfThere(const std::filesystem::path& path) {
    if (::unlink(path.c_str()) == 0) {
        return {TemporaryRemoval::Removed, {}};
    }
    const int error = errno;
    if (error == ENOENT) {
        return {TemporaryRemoval::NotThere, {}};
    }
    return {TemporaryRemoval::Failed, describeError(error)};
}

// Without it a crash right after rename can bring back the old directory entry on some file
// systems. Best effort: the data itself is already synced.
void syncDirectory(const std::filesystem::path& directory) {
    const std::filesystem::path path = directory.empty() ? "." : directory;
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor >= 0) {
        ::fsync(descriptor);
        ::close(descriptor);
    }
}

bool installTerminationCleanup() {
    bool ok = true;
    struct sigaction handler {};
    handler.sa_sigaction = removeTemporaryFilesThenResignal;
    handler.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&handler.sa_mask);
    for (const int signal : kTerminationSignals) {
        sigaddset(&handler.sa_mask, signal); // one handler at a time
    }
    for (std::size_t i = 0; i < kTerminationSignals.size(); ++i) {
        if (::sigaction(kTerminationSignals[i], nullptr, &previousActions[i]) != 0) {
            ok = false;
            continue;
        }
        if ((previousActions[i].sa_flags & SA_SIGINFO) == 0 &&
            previousActions[i].sa_handler == SIG_IGN) {
            continue; // ignored on purpose (nohup, background jobs): leave it so
        }
        ok = ::sigaction(kTerminationSignals[i], &handler, nullptr) == 0 && ok;
    }
    return ok;
}

} // namespace bvh::atomic_file_system
