#include "text_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
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

bool FileSource::readMore(std::size_t bytes) {
    if (atEnd_) {
        return true;
    }
    // Keep only the unconsumed tail, then append.
    if (begin_ > 0) {
        buffer_.erase(0, begin_);
        begin_ = 0;
    }
    const std::size_t kept = buffer_.size();
    buffer_.resize(kept + bytes);
    std::size_t filled = kept;
    while (filled < buffer_.size()) {
        const ssize_t got = ::read(descriptor_, buffer_.data() + filled, buffer_.size() - filled);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            error_ = std::string("read error: ") + std::strerror(errno);
            buffer_.resize(filled);
            return false;
        }
        if (got == 0) {
            atEnd_ = true;
            break;
        }
        filled += static_cast<std::size_t>(got);
        read_ += static_cast<std::uint64_t>(got);
    }
    buffer_.resize(filled);
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
