#include "core/reader/text_source.h"

#include "core/platform/huge_pages.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <sys/stat.h>
#include <unistd.h>

namespace bvh {

FileSource::~FileSource() {
    if (descriptor_ >= 0) {
        ::close(descriptor_);
    }
}

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

// What a path that is not a regular file is, for the message that refuses it.
const char* fileKind(mode_t mode) {
    if (S_ISDIR(mode)) {
        return "is a directory, not a BVH file";
    }
    if (S_ISFIFO(mode)) {
        return "is a named pipe (FIFO), not a regular file";
    }
    if (S_ISSOCK(mode)) {
        return "is a socket, not a regular file";
    }
    if (S_ISCHR(mode) || S_ISBLK(mode)) {
        return "is a device, not a regular file";
    }
    return "is not a regular file";
}

} // namespace

bool FileSource::open(const std::filesystem::path& path) {
    // O_NONBLOCK: opening a FIFO for reading blocks until a writer comes, and some devices
    // block in open too; this open returns at once for every kind of file, and only regular
    // files are read (the flag is cleared for them: it means nothing for regular files, but
    // reads should never see EAGAIN).
    descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (descriptor_ < 0) {
        const int openError = errno;
        struct stat status {};
        if (openError == ENXIO && ::stat(path.c_str(), &status) == 0) {
            error_ = fileKind(status.st_mode); // a socket cannot be opened at all
        } else {
            error_ = "cannot open: " + systemErrorText(openError);
        }
        return false;
    }
    struct stat status {};
    if (::fstat(descriptor_, &status) != 0) {
        error_ = "cannot read: " + systemErrorText(errno);
        return false;
    }
    if (!S_ISREG(status.st_mode)) {
        error_ = fileKind(status.st_mode);
        return false;
    }
    const int flags = ::fcntl(descriptor_, F_GETFL);
    if (flags >= 0) {
        ::fcntl(descriptor_, F_SETFL, flags & ~O_NONBLOCK);
    }
    size_ = static_cast<std::uint64_t>(status.st_size);
    modifiedSeconds_ = status.st_mtim.tv_sec;
    modifiedNanoseconds_ = status.st_mtim.tv_nsec;
    ::posix_fadvise(descriptor_, 0, 0, POSIX_FADV_SEQUENTIAL);
    return true;
}

void TextBuffer::reserve(std::size_t capacity, std::size_t keep) {
    if (capacity <= capacity_) {
        return;
    }
    // A line longer than a block grows the buffer by half at least: a few times rather than
    // once per read. Block-sized buffers are whole, aligned huge pages.
    capacity = std::max(capacity, capacity_ + capacity_ / 2);
    AlignedDelete release;
    if (capacity >= 2 * kHugePageBytes) {
        capacity = (capacity + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
        release.alignment = std::align_val_t{kHugePageBytes};
    }
    std::unique_ptr<char, AlignedDelete> bytes(
        static_cast<char*>(::operator new(capacity, release.alignment)), release);
    adviseHugePages(bytes.get(), capacity);
    if (keep > 0) {
        std::memcpy(bytes.get(), bytes_.get(), keep);
    }
    bytes_ = std::move(bytes);
    capacity_ = capacity;
}

bool FileSource::readMore(std::size_t bytes) {
    if (atEnd_) {
        return true;
    }
    const std::size_t kept = current().size() - begin_;
    if (begin_ > 0) {
        // Move the unconsumed tail to the other buffer; the consumed text stays readable.
        TextBuffer& from = current();
        TextBuffer& to = buffers_[1 - currentBuffer_];
        to.reserve(kept + bytes, 0);
        if (kept > 0) {
            std::memcpy(to.data(), from.data() + begin_, kept);
        }
        to.setSize(kept);
        currentBuffer_ = 1 - currentBuffer_;
        begin_ = 0;
    } else {
        current().reserve(kept + bytes, kept);
    }
    TextBuffer& buffer = current();
    std::size_t filled = kept;
    const std::size_t wanted = kept + bytes;
    while (filled < wanted) {
        const ssize_t got = ::read(descriptor_, buffer.data() + filled, wanted - filled);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            error_ = "read error: " + systemErrorText(errno);
            buffer.setSize(filled);
            return false;
        }
        if (got == 0) {
            atEnd_ = true;
            break;
        }
        filled += static_cast<std::size_t>(got);
        read_ += static_cast<std::uint64_t>(got);
    }
    buffer.setSize(filled);
    return true;
}

void FileSource::consume(std::size_t bytes) {
    begin_ += bytes;
    consumed_ += bytes;
}

bool FileSource::verifyUnchanged() {
    struct stat status {};
    // A read that stopped before the end (text after the rows that is not rows) has read less
    // than the size; one that reached the end must have read exactly the size.
    const bool same =
        ::fstat(descriptor_, &status) == 0 && static_cast<std::uint64_t>(status.st_size) == size_ &&
        (atEnd_ ? read_ == size_ : read_ <= size_) && status.st_mtim.tv_sec == modifiedSeconds_ &&
        status.st_mtim.tv_nsec == modifiedNanoseconds_;
    if (!same) {
        error_ = "the file changed while it was being read (" + std::to_string(read_) + " of " +
                 std::to_string(size_) + " bytes read); nothing was loaded";
    }
    return same;
}

} // namespace bvh
