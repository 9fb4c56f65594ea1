// FileInput with open(2), fstat(2) and read(2): Linux, and macOS when it is built (there the
// modification time is st_mtimespec and posix_fadvise does not exist).
#include "core/platform/file_input.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bvh {

namespace {

// strerror's text as the rest of a message: "permission denied", as GNU tools print it.
std::string systemErrorText(int error) {
    std::string text = std::strerror(error);
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z' &&
        (text.size() < 2 || !(text[1] >= 'A' && text[1] <= 'Z'))) {
        text[0] = static_cast<char>(text[0] - 'A' + 'a');
    }
    return text;
}

FileKind kindOf(mode_t mode) {
    if (S_ISREG(mode)) {
        return FileKind::Regular;
    }
    if (S_ISDIR(mode)) {
        return FileKind::Directory;
    }
    if (S_ISFIFO(mode)) {
        return FileKind::NamedPipe;
    }
    if (S_ISSOCK(mode)) {
        return FileKind::Socket;
    }
    if (S_ISCHR(mode) || S_ISBLK(mode)) {
        return FileKind::Device;
    }
    return FileKind::Other;
}

} // namespace

bool FileInput::open(const std::filesystem::path& path) {
    close();
    kind_ = FileKind::Regular;
    error_.clear();
    // O_NONBLOCK: opening a FIFO for reading blocks until a writer comes, and some devices
    // block in open too; this open returns at once for every kind of file, and only regular
    // files are read (the flag is cleared for them: it means nothing for regular files, but
    // reads should never see EAGAIN).
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (descriptor < 0) {
        const int openError = errno;
        struct stat status {};
        if (openError == ENXIO && ::stat(path.c_str(), &status) == 0 &&
            kindOf(status.st_mode) != FileKind::Regular) {
            kind_ = kindOf(status.st_mode); // a socket cannot be opened at all
        } else {
            error_ = "cannot open: " + systemErrorText(openError);
        }
        return false;
    }
    handle_ = descriptor;
    struct stat status {};
    if (::fstat(descriptor, &status) != 0) {
        error_ = "cannot read: " + systemErrorText(errno);
        close();
        return false;
    }
    if (!S_ISREG(status.st_mode)) {
        kind_ = kindOf(status.st_mode);
        close();
        return false;
    }
    const int flags = ::fcntl(descriptor, F_GETFL);
    if (flags >= 0) {
        ::fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK);
    }
    ::posix_fadvise(descriptor, 0, 0, POSIX_FADV_SEQUENTIAL);
    return true;
}

std::int64_t FileInput::read(char* into, std::size_t bytes) {
    for (;;) {
        const ssize_t got = ::read(static_cast<int>(handle_), into, bytes);
        if (got >= 0) {
            return got;
        }
        if (errno != EINTR) {
            error_ = "read error: " + systemErrorText(errno);
            return -1;
        }
    }
}

std::int64_t FileInput::readAt(std::uint64_t offset, char* into, std::size_t bytes) {
    std::size_t filled = 0;
    while (filled < bytes) {
        const ssize_t got = ::pread(static_cast<int>(handle_), into + filled, bytes - filled,
                                    static_cast<off_t>(offset + filled));
        if (got == 0) {
            break; // the end of the file
        }
        if (got > 0) {
            filled += static_cast<std::size_t>(got);
        } else if (errno != EINTR) {
            error_ = "read error: " + systemErrorText(errno);
            return -1;
        }
    }
    return static_cast<std::int64_t>(filled);
}

std::optional<FileStamp> FileInput::stamp() const {
    struct stat status {};
    if (::fstat(static_cast<int>(handle_), &status) != 0) {
        return std::nullopt;
    }
    return FileStamp{static_cast<std::uint64_t>(status.st_size), status.st_mtim.tv_sec,
                     status.st_mtim.tv_nsec};
}

std::optional<FileIdentity> FileInput::identity() const {
    struct stat status {};
    if (::fstat(static_cast<int>(handle_), &status) != 0) {
        return std::nullopt;
    }
    return FileIdentity{static_cast<std::uint64_t>(status.st_dev),
                        static_cast<std::uint64_t>(status.st_ino)};
}

void FileInput::close() {
    if (handle_ != kNoHandle) {
        ::close(static_cast<int>(handle_));
        handle_ = kNoHandle;
    }
}

} // namespace bvh
