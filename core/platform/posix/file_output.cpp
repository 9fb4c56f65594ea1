// FileOutput on POSIX: open(O_CREAT | O_EXCL), pwrite at the offsets the class keeps, ftruncate,
// fsync.
#include "core/platform/file_output.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/types.h>
#include <system_error>
#include <unistd.h>

namespace bvh {

namespace {

std::string describeError(int error) {
    return std::generic_category().message(error);
}

// Writes all of `bytes` at `offset`, retrying interrupted and short writes (a short write is
// not an error yet: the next call says ENOSPC or EFBIG when there really is no room).
FileOutput::Written writeAllAt(int descriptor, std::string_view bytes, std::uint64_t offset) {
    FileOutput::Written written;
    while (written.bytes < bytes.size()) {
        const ssize_t count =
            ::pwrite(descriptor, bytes.data() + written.bytes, bytes.size() - written.bytes,
                     static_cast<off_t>(offset + written.bytes));
        if (count < 0) {
            if (errno == EINTR) {
                continue;
            }
            written.error = describeError(errno);
            return written;
        }
        written.bytes += static_cast<std::size_t>(count);
    }
    return written;
}

} // namespace

FileOutput::Created FileOutput::create(const std::filesystem::path& path) {
    close();
    error_.clear();
    size_ = 0;
    // 0666 lets the umask decide, as for any new file.
    const int descriptor = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (descriptor < 0) {
        const int error = errno;
        error_ = describeError(error);
        return error == EEXIST ? Created::Exists : Created::Failed;
    }
    handle_ = descriptor;
    return Created::Created;
}

FileOutput::Written FileOutput::append(std::string_view bytes) {
    if (!isOpen()) {
        return {0, describeError(EBADF)};
    }
    Written written = writeAllAt(static_cast<int>(handle_), bytes, size_);
    size_ += written.bytes;
    return written;
}

std::string FileOutput::writeAt(std::uint64_t offset, std::string_view bytes) {
    if (!isOpen()) {
        return describeError(EBADF);
    }
    return writeAllAt(static_cast<int>(handle_), bytes, offset).error;
}

std::string FileOutput::truncate(std::uint64_t size) {
    if (!isOpen()) {
        return describeError(EBADF);
    }
    if (::ftruncate(static_cast<int>(handle_), static_cast<off_t>(size)) != 0) {
        return describeError(errno);
    }
    size_ = size;
    return {};
}

std::string FileOutput::flushToDisk() {
    if (!isOpen()) {
        return describeError(EBADF);
    }
    return ::fsync(static_cast<int>(handle_)) == 0 ? std::string() : describeError(errno);
}

std::string FileOutput::close() {
    if (!isOpen()) {
        return {};
    }
    const int descriptor = static_cast<int>(handle_);
    handle_ = kNoHandle;
    // Not retried on EINTR: on Linux the descriptor is closed whatever close() returns.
    return ::close(descriptor) == 0 ? std::string() : describeError(errno);
}

} // namespace bvh
