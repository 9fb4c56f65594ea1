// The platform-neutral half of AtomicFile: temporary names, the slots a termination handler
// reads, and the diagnostics. The system calls are in posix/ and windows/atomic_file.cpp.
#include "core/platform/atomic_file.h"

#include "core/platform/atomic_file_system.h"
#include "core/platform/utf8_path.h"

#include <array>
#include <atomic>
#include <cstring>
#include <random>
#include <string>
#include <system_error>

namespace bvh {

namespace system = atomic_file_system;

namespace {

// A name no other writer (another bvhscope, another thread) is likely to pick; the exclusive
// create makes a clash "name taken", and the caller tries the next name.
std::filesystem::path temporaryNameFor(const std::filesystem::path& target, unsigned attempt) {
    static std::atomic<unsigned> counter{0};
    static const unsigned seed = std::random_device{}();
    const std::string suffix = std::to_string(system::processId()) + "-" + std::to_string(seed) +
                               "-" + std::to_string(counter.fetch_add(1)) + "-" +
                               std::to_string(attempt);
    std::filesystem::path name = target;
    name.replace_filename(pathFromUtf8("." + utf8FromPath(target.filename()) + ".tmp-" + suffix));
    return name;
}

// [SECTION] Temporary files a termination handler can remove
//
// See removeTemporaryFilesOnTerminationSignals in the header. A slot moves Free -> Filling (an
// AtomicFile claimed it and copies its path) -> Armed (the handler may use it) -> Free (the
// AtomicFile renamed or removed its file), or back to Filling when the name was taken and the
// next one goes in. The handler moves Armed -> Unlinking -> Unlinked, and the AtomicFile frees
// an Unlinked slot as it would an Armed one. Every transition is a compare-and-swap on a
// lock-free atomic, so the handler never reads a path being written and an AtomicFile never
// reuses a slot the handler is reading.

enum SlotState : int { kFree, kFilling, kArmed, kUnlinking, kUnlinked };

struct SignalSlot {
    std::atomic<int> state{kFree};
    // PATH_MAX on Linux, with its terminating NUL; UTF-16 units on Windows, whose long paths
    // ("\\?\") reach 32767 but which bvhscope's users do not reach in practice.
    system::NativeChar path[4096];
};
static_assert(std::atomic<int>::is_always_lock_free,
              "the termination handler may only touch lock-free atomics");

std::array<SignalSlot, kTemporaryFileSignalSlots> signalSlots;

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
bool armSignalSlot(int slot, const std::filesystem::path& path) {
    SignalSlot& entry = signalSlots[static_cast<std::size_t>(slot)];
    const std::filesystem::path::string_type& native = path.native();
    if (native.empty() || native.size() + 1 > std::size(entry.path)) {
        entry.state.store(kFree, std::memory_order_release);
        return false;
    }
    std::memcpy(entry.path, native.c_str(), (native.size() + 1) * sizeof(system::NativeChar));
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

} // namespace

void atomic_file_system::removeArmedTemporaryFiles(void (*remove)(const NativeChar* path)) {
    for (SignalSlot& slot : signalSlots) {
        int expected = kArmed;
        if (slot.state.compare_exchange_strong(expected, kUnlinking, std::memory_order_acquire)) {
            remove(slot.path);
            slot.state.store(kUnlinked, std::memory_order_release);
        }
    }
}

namespace {
std::atomic<bool> gTerminationCleanupInstalled{false};
} // namespace

bool removeTemporaryFilesOnTerminationSignals() {
    static const bool installed = system::installTerminationCleanup();
    if (installed) {
        gTerminationCleanupInstalled.store(true);
    }
    return installed;
}

bool temporaryFilesRemovedOnTerminationSignals() {
    return gTerminationCleanupInstalled.load();
}

// [SECTION] Outputs: regular files only

namespace {

struct ResolvedOutput {
    OutputTarget target;
    system::TargetState state; // of target.path
};

ResolvedOutput resolveOutput(const std::filesystem::path& target) {
    ResolvedOutput output;
    output.target.path = target;
    if (target.empty() || !target.has_filename()) {
        output.target.problem = "cannot write '" + utf8FromPath(target) + "': not a file name";
        return output;
    }
    std::error_code error;
    // Renaming over a symbolic link would replace the link; write where it points instead.
    if (std::filesystem::is_symlink(target, error)) {
        std::filesystem::path resolved = std::filesystem::weakly_canonical(target, error);
        if (!error) {
            output.target.path = std::move(resolved);
        }
    }
    output.state = system::inspectTarget(output.target.path);
    output.target.exists = output.state.exists;
    const std::string prefix = "cannot write '" + utf8FromPath(output.target.path) + "': ";
    if (output.state.directory) {
        output.target.problem = prefix + "it is a directory";
    } else if (output.state.special != nullptr) {
        // Renaming a regular file over a device or a FIFO would replace the node itself (run
        // as root, over /dev/null): such a target is refused, never replaced.
        output.target.problem = prefix + "it is " + output.state.special +
                                ", not a regular file (bvhscope writes regular files only)";
    }
    return output;
}

} // namespace

OutputTarget inspectOutputTarget(const std::filesystem::path& target) {
    return resolveOutput(target).target;
}

// [SECTION] Renaming a file written in place to its name

RenameResult renameWithoutReplacing(const std::filesystem::path& from,
                                    const std::filesystem::path& to) {
    RenameResult result = system::renameNoReplace(from, to);
    if (result.outcome == RenameOutcome::Renamed) {
        system::syncDirectory(to.parent_path());
    }
    return result;
}

RenameResult renameOverRegularFile(const std::filesystem::path& from,
                                   const std::filesystem::path& to) {
    // The same check as AtomicFile::commit: what is at `to` now, just before the rename.
    const system::TargetState now = system::inspectTarget(to);
    if (now.directory || now.special != nullptr) {
        return {RenameOutcome::NameTaken,
                now.directory ? std::string("it is a directory")
                              : std::string("it is ") + now.special + ", not a regular file"};
    }
    const std::string error = system::replace(from, to);
    if (!error.empty()) {
        return {RenameOutcome::Failed, error};
    }
    system::syncDirectory(to.parent_path());
    return {RenameOutcome::Renamed, {}};
}

// [SECTION] Removing the temporary file of a commit under way

TemporaryRemovalResult removeTemporaryFile(const std::filesystem::path& temporary) {
    if (temporary.empty()) {
        return {TemporaryRemoval::NotThere, {}};
    }
    return system::removeFileIfThere(temporary);
}

// [SECTION] AtomicFile

namespace {
void report(const CommitObserver& observe, CommitStep step) {
    if (observe) {
        observe(step);
    }
}
} // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
    const ResolvedOutput output = resolveOutput(target_);
    target_ = output.target.path;
    if (!output.target.problem.empty()) {
        diagnostics_.push_back({Severity::Error, 0, 0, output.target.problem});
        return;
    }
    const system::TargetState& existing = output.state;
    // The slot is armed with each name before the file is created: armed after, a signal in
    // between would leave the file. Removing a name not created yet does no harm, and a name
    // that exists already can only be a dead bvhscope's temporary file: it holds this process's
    // id.
    signalSlot_ = claimSignalSlot();
    std::string lastError;
    for (unsigned attempt = 0; attempt < 100; ++attempt) {
        temporary_ = temporaryNameFor(target_, attempt);
        if (signalSlot_ >= 0) {
            std::error_code absoluteError;
            const std::filesystem::path absolute =
                std::filesystem::absolute(temporary_, absoluteError);
            if (!armSignalSlot(signalSlot_, absoluteError ? std::filesystem::path() : absolute)) {
                signalSlot_ = -1;
            }
        }
        system::Created created = system::createTemporary(temporary_, existing);
        handle_ = created.handle;
        if (handle_ != system::kNoHandle || !created.nameTaken) {
            lastError = std::move(created.error);
            break;
        }
        lastError = "file exists";
        if (signalSlot_ >= 0 && !disarmSignalSlot(signalSlot_)) {
            signalSlot_ = -1; // a signal is being handled: the process is ending
        }
    }
    if (handle_ == system::kNoHandle) {
        unregisterForSignals();
        const std::filesystem::path directory = target_.parent_path();
        fail(directory.empty() ? std::filesystem::path(".") : directory,
             "cannot create a temporary file in", lastError);
        temporary_.clear();
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

void AtomicFile::fail(const std::filesystem::path& path, std::string_view what,
                      std::string_view reason) {
    diagnostics_.push_back(
        {Severity::Error, 0, 0,
         std::string(what) + " '" + utf8FromPath(path) + "': " + std::string(reason)});
}

void AtomicFile::discard() {
    if (handle_ != system::kNoHandle) {
        system::closeFile(handle_);
        handle_ = system::kNoHandle;
    }
    if (!temporary_.empty()) {
        // Remove first: a signal between the two finds the slot still armed and removes a path
        // that no longer exists, which is harmless; the other order could leave the file.
        const TemporaryRemovalResult removal = system::removeFileIfThere(temporary_);
        if (removal.outcome == TemporaryRemoval::Failed) {
            // Left beside the target: the user is told its name, to remove it by hand.
            diagnostics_.push_back({Severity::Warning, 0, 0,
                                    "the temporary file '" + utf8FromPath(temporary_) +
                                        "' could not be removed: " + removal.error});
        }
        unregisterForSignals();
        temporary_.clear();
    }
}

void AtomicFile::write(std::string_view bytes) {
    if (!good() || committed_) {
        return;
    }
    const std::string error = system::writeAll(handle_, bytes);
    if (!error.empty()) {
        fail(temporary_, "cannot write", error);
        discard();
    }
}

bool AtomicFile::commit(const CommitObserver& observe) {
    if (!good() || committed_) {
        return false;
    }
    // Delayed allocation means "no space" and I/O errors can first appear here or at close.
    std::string error = system::flushToDisk(handle_);
    if (!error.empty()) {
        fail(temporary_, "cannot flush", error);
        discard();
        return false;
    }
    const system::Handle handle = handle_;
    handle_ = system::kNoHandle;
    error = system::closeFile(handle);
    if (!error.empty()) {
        fail(temporary_, "cannot close", error);
        discard();
        return false;
    }
    // The target may have been replaced by a special file since the constructor looked.
    if (const system::TargetState now = system::inspectTarget(target_); now.special != nullptr) {
        fail(target_, "cannot replace",
             std::string("it is ") + now.special + ", not a regular file");
        discard();
        return false;
    }
    report(observe, CommitStep::Renaming);
    error = system::replace(temporary_, target_);
    if (!error.empty()) {
        report(observe, CommitStep::RenameFailed); // before discard(): see CommitObserver
        fail(target_, "cannot replace", error);
        discard();
        return false;
    }
    unregisterForSignals(); // after the rename, for the same reason as in discard()
    temporary_.clear();
    committed_ = true;
    report(observe, CommitStep::Renamed);
    system::syncDirectory(target_.parent_path());
    return true;
}

} // namespace bvh
