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

bool FileSource::open(const std::filesystem::path& path) {
    descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor_ < 0) {
        error_ = std::string("cannot open: ") + std::strerror(errno);
        return false;
    }
    struct stat status {};
    if (::fstat(descriptor_, &status) != 0) {
        error_ = std::string("cannot read: ") + std::strerror(errno);
        return false;
    }
    if (S_ISDIR(status.st_mode)) {
        error_ = "is a directory, not a BVH file";
        return false;
    }
    if (!S_ISREG(status.st_mode)) {
        error_ = "is not a regular file";
        return false;
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
            error_ = std::string("read error: ") + std::strerror(errno);
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
    const bool same = ::fstat(descriptor_, &status) == 0 &&
                      static_cast<std::uint64_t>(status.st_size) == size_ && read_ == size_ &&
                      status.st_mtim.tv_sec == modifiedSeconds_ &&
                      status.st_mtim.tv_nsec == modifiedNanoseconds_;
    if (!same) {
        error_ = "the file changed while it was being read (" + std::to_string(read_) + " of " +
                 std::to_string(size_) + " bytes read); nothing was loaded";
    }
    return same;
}

} // namespace bvh
