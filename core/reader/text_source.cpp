#include "core/reader/text_source.h"

#include "core/platform/huge_pages.h"
#include "core/platform/small_file.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace bvh {

namespace {

// What a path that is not a regular file is, for the message that refuses it (a directory is
// named as what it is not: a BVH file).
std::string refusal(FileKind kind) {
    return kind == FileKind::Directory ? "is a directory, not a BVH file"
                                       : notRegularFileText(kind);
}

} // namespace

bool FileSource::open(const std::filesystem::path& path) {
    if (!file_.open(path)) {
        error_ = file_.error().empty() ? refusal(file_.kind()) : file_.error();
        return false;
    }
    const std::optional<FileStamp> stamp = file_.stamp();
    if (!stamp) {
        error_ = "cannot read: the file's size is unknown";
        return false;
    }
    stamp_ = *stamp;
    size_ = stamp_.size;
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

char* TurnTakingBuffers::makeRoom(std::size_t bytes) {
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
    return current().data() + kept;
}

bool FileSource::readMore(std::size_t bytes) {
    if (atEnd_) {
        return true;
    }
    char* room = buffers_.makeRoom(bytes);
    std::size_t filled = 0;
    while (filled < bytes) {
        const std::int64_t got = file_.read(room + filled, bytes - filled);
        if (got < 0) {
            error_ = file_.error();
            buffers_.appended(filled);
            return false;
        }
        if (got == 0) {
            atEnd_ = true;
            break;
        }
        filled += static_cast<std::size_t>(got);
        read_ += static_cast<std::uint64_t>(got);
    }
    buffers_.appended(filled);
    return true;
}

void FileSource::consume(std::size_t bytes) {
    buffers_.consume(bytes);
    consumed_ += bytes;
}

bool FileSource::verifyUnchanged() {
    // A read that stopped before the end (text after the rows that is not rows) has read less
    // than the size; one that reached the end must have read exactly the size.
    const std::optional<FileStamp> now = file_.stamp();
    const bool same = now && *now == stamp_ && (atEnd_ ? read_ == size_ : read_ <= size_);
    if (!same) {
        error_ = "the file changed while it was being read (" + std::to_string(read_) + " of " +
                 std::to_string(size_) + " bytes read); nothing was loaded";
    }
    return same;
}

} // namespace bvh
