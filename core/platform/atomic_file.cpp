#include "core/platform/atomic_file.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <string>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace bvh {

namespace {

std::string describeError(int error) {
    return std::generic_category().message(error);
}

// A name no other writer (another bvhscope, another thread) is likely to pick; O_EXCL makes a
// clash an EEXIST, and the caller tries the next name.
std::filesystem::path temporaryNameFor(const std::filesystem::path& target, unsigned attempt) {
    static std::atomic<unsigned> counter{0};
    static const unsigned seed = std::random_device{}();
    const std::string suffix = std::to_string(::getpid()) + "-" + std::to_string(seed) + "-" +
                               std::to_string(counter.fetch_add(1)) + "-" + std::to_string(attempt);
    std::filesystem::path name = target;
    name.replace_filename("." + target.filename().string() + ".tmp-" + suffix);
    return name;
}

// Makes the rename durable: without it a crash right after rename can bring back the old
// directory entry on some file systems. Best effort: the data itself is already synced.
void syncDirectory(const std::filesystem::path& directory) {
    const std::filesystem::path path = directory.empty() ? "." : directory;
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor >= 0) {
        ::fsync(descriptor);
        ::close(descriptor);
    }
}

// [SECTION] Temporary files a signal handler can remove
//
// See removeTemporaryFilesOnTerminationSignals in the header. A slot moves Free -> Filling (an
// AtomicFile claimed it and copies its path) -> Armed (the handler may use it) -> Free (the
// AtomicFile renamed or removed its file), or back to Filling when the name was taken (EEXIST)
// and the next one goes in. The handler moves Armed -> Unlinking -> Unlinked, and the AtomicFile
// frees an Unlinked slot as it would an Armed one. Every transition is a
// compare-and-swap on a lock-free atomic, so the handler never reads a path being written and
// an AtomicFile never reuses a slot the handler is reading.

enum SlotState : int { kFree, kFilling, kArmed, kUnlinking, kUnlinked };

struct SignalSlot {
    std::atomic<int> state{kFree};
    char path[4096]; // PATH_MAX on Linux, with its terminating NUL
};
static_assert(std::atomic<int>::is_always_lock_free,
              "the signal handler may only touch lock-free atomics");

std::array<SignalSlot, kTemporaryFileSignalSlots> signalSlots;

constexpr std::array<int, 3> kTerminationSignals = {SIGINT, SIGTERM, SIGHUP};
// What each signal did before removeTemporaryFilesOnTerminationSignals; written before the
// handler is installed, read only by the handler.
std::array<struct sigaction, kTerminationSignals.size()> previousActions;

// A slot in state Filling, or -1 when every slot is in use.
int claimSignalSlot() {
    for (std::size_t slot = 0; slot < signalSlots.size(); ++slot) {
        int expected = kFree;
        if (signalSlots[slot].state.compare_exchange_strong(expected, kFilling,
                                                            std::memory_order_acquire)) {
            return static_cast<int>(slot);
        }
    }
    return -1;
}

// Filling -> Armed with `path`; false, and the slot freed, when the path is empty (unknown) or
// does not fit.
bool armSignalSlot(int slot, const std::string& path) {
    SignalSlot& entry = signalSlots[static_cast<std::size_t>(slot)];
    if (path.empty() || path.size() + 1 > sizeof(SignalSlot::path)) {
        entry.state.store(kFree, std::memory_order_release);
        return false;
    }
    std::memcpy(entry.path, path.c_str(), path.size() + 1);
    entry.state.store(kArmed, std::memory_order_release);
    return true;
}

// Armed -> Filling, to put another path in; false when the handler has the slot.
bool disarmSignalSlot(int slot) {
    int expected = kArmed;
    return signalSlots[static_cast<std::size_t>(slot)].state.compare_exchange_strong(
        expected, kFilling, std::memory_order_acquire);
}

void releaseSignalSlot(int slot) {
    std::atomic<int>& state = signalSlots[static_cast<std::size_t>(slot)].state;
    int expected = kArmed;
    if (!state.compare_exchange_strong(expected, kFree, std::memory_order_acq_rel)) {
        // Unlinked: the handler removed the file and let the process go on (a previous handler
        // that does not end it). Unlinking: the handler is at it right now, in another thread,
        // and the slot stays its own.
        expected = kUnlinked;
        state.compare_exchange_strong(expected, kFree, std::memory_order_acq_rel);
    }
}

void removeTemporaryFilesThenResignal(int signal, siginfo_t* info, void* context) {
    const int savedErrno = errno;
    for (SignalSlot& slot : signalSlots) {
        int expected = kArmed;
        if (slot.state.compare_exchange_strong(expected, kUnlinking, std::memory_order_acquire)) {
            ::unlink(slot.path);
            slot.state.store(kUnlinked, std::memory_order_release);
        }
    }
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

bool removeTemporaryFilesOnTerminationSignals() {
    static const bool installed = [] {
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
    }();
    return installed;
}

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
    if (target_.empty() || !target_.has_filename()) {
        diagnostics_.push_back(
            {Severity::Error, 0, 0, "cannot write '" + target_.string() + "': not a file name"});
        return;
    }
    std::error_code error;
    // Renaming over a symbolic link would replace the link; write where it points instead.
    if (std::filesystem::is_symlink(target_, error)) {
        std::filesystem::path resolved = std::filesystem::weakly_canonical(target_, error);
        if (!error) {
            target_ = resolved;
        }
    }
    struct stat existing {};
    const bool targetExists = ::stat(target_.c_str(), &existing) == 0;
    if (targetExists && S_ISDIR(existing.st_mode)) {
        diagnostics_.push_back(
            {Severity::Error, 0, 0, "cannot write '" + target_.string() + "': it is a directory"});
        return;
    }
    // The slot is armed with each name before open() creates the file: armed after, a signal
    // in between would leave the file. Unlinking a name not created yet does no harm, and a name
    // that exists already (EEXIST) can only be a dead bvhscope's temporary file: it holds this
    // process's id.
    signalSlot_ = claimSignalSlot();
    int lastError = 0;
    for (unsigned attempt = 0; attempt < 100; ++attempt) {
        temporary_ = temporaryNameFor(target_, attempt);
        if (signalSlot_ >= 0) {
            std::error_code absoluteError;
            const std::filesystem::path absolute =
                std::filesystem::absolute(temporary_, absoluteError);
            if (!armSignalSlot(signalSlot_, absoluteError ? std::string() : absolute.string())) {
                signalSlot_ = -1;
            }
        }
        // 0666 lets the umask decide, as for any new file (mkstemp would force 0600).
        descriptor_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (descriptor_ >= 0 || errno != EEXIST) {
            lastError = errno;
            break;
        }
        if (signalSlot_ >= 0 && !disarmSignalSlot(signalSlot_)) {
            signalSlot_ = -1; // a signal is being handled: the process is ending
        }
    }
    if (descriptor_ < 0) {
        unregisterForSignals();
        const std::filesystem::path directory = target_.parent_path();
        fail(directory.empty() ? std::filesystem::path(".") : directory,
             "cannot create a temporary file in", lastError);
        temporary_.clear();
        return;
    }
    if (targetExists) {
        // Replacing a file keeps its permissions (an executable script stays one, a private
        // file stays private).
        ::fchmod(descriptor_, existing.st_mode & 07777);
    }
}

AtomicFile::~AtomicFile() {
    if (!committed_) {
        discard();
    }
}

void AtomicFile::unregisterForSignals() {
    if (signalSlot_ >= 0) {
        releaseSignalSlot(signalSlot_);
        signalSlot_ = -1;
    }
}

void AtomicFile::fail(const std::filesystem::path& path, std::string_view what, int error) {
    diagnostics_.push_back(
        {Severity::Error, 0, 0,
         std::string(what) + " '" + path.string() + "': " + describeError(error)});
}

void AtomicFile::discard() {
    if (descriptor_ >= 0) {
        ::close(descriptor_);
        descriptor_ = -1;
    }
    if (!temporary_.empty()) {
        // Unlink first: a signal between the two finds the slot still armed and unlinks a path
        // that no longer exists, which is harmless; the other order could leave the file.
        ::unlink(temporary_.c_str());
        unregisterForSignals();
        temporary_.clear();
    }
}

void AtomicFile::write(std::string_view bytes) {
    if (!good() || committed_) {
        return;
    }
    while (!bytes.empty()) {
        const ssize_t written = ::write(descriptor_, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            fail(temporary_, "cannot write", errno);
            discard();
            return;
        }
        // A short write (disk nearly full, a signal) is not an error yet: the next call
        // reports ENOSPC if there really is no room.
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
}

bool AtomicFile::commit() {
    if (!good() || committed_) {
        return false;
    }
    // Delayed allocation means ENOSPC and I/O errors can first appear here or at close.
    if (::fsync(descriptor_) != 0) {
        fail(temporary_, "cannot flush", errno);
        discard();
        return false;
    }
    const int descriptor = descriptor_;
    descriptor_ = -1;
    if (::close(descriptor) != 0) {
        fail(temporary_, "cannot close", errno);
        discard();
        return false;
    }
    if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
        fail(target_, "cannot replace", errno);
        discard();
        return false;
    }
    unregisterForSignals(); // after the rename, for the same reason as in discard()
    temporary_.clear();
    committed_ = true;
    syncDirectory(target_.parent_path());
    return true;
}

} // namespace bvh
