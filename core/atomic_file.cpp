#include "atomic_file.h"

#include <atomic>
#include <cerrno>
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

} // namespace

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
    int lastError = 0;
    for (unsigned attempt = 0; attempt < 100; ++attempt) {
        temporary_ = temporaryNameFor(target_, attempt);
        // 0666 lets the umask decide, as for any new file (mkstemp would force 0600).
        descriptor_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (descriptor_ >= 0 || errno != EEXIST) {
            lastError = errno;
            break;
        }
    }
    if (descriptor_ < 0) {
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
        ::unlink(temporary_.c_str());
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
    temporary_.clear();
    committed_ = true;
    syncDirectory(target_.parent_path());
    return true;
}

} // namespace bvh
