// Writing a file this process creates and keeps: appended to, its first bytes rewritten in place,
// left as written when the process ends (a recording's take, core/live/take_writer.h). Unlike
// AtomicFile (atomic_file.h) it is no temporary file: a kill leaves what was written. One
// implementation per platform (posix/file_output.cpp, windows/file_output.cpp).
//
// Contract:
// - create() makes a new file, never opens one that exists (O_EXCL, CREATE_NEW): two writers
//   never share a file, and nothing is ever truncated or written over. A name that exists, even a
//   dangling symbolic link, is Exists.
// - Every write says how many bytes reached the operating system, so that after a failure (a full
//   disk, a file size limit) the caller knows what the file holds, to the byte.
// - Writes go straight to the system (no buffer here): a kill after a write loses nothing of it.
// - Errors are the system's words ("No space left on device", "File too large"), as
//   std::generic_category (Windows' codes mapped onto the same words where they exist).
// Never throws (except std::bad_alloc from the error text), never prints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

namespace bvh {

class FileOutput {
public:
    FileOutput() = default;
    ~FileOutput() { close(); }
    FileOutput(const FileOutput&) = delete;
    FileOutput& operator=(const FileOutput&) = delete;
    FileOutput(FileOutput&& other) noexcept
        : handle_(std::exchange(other.handle_, kNoHandle)), size_(other.size_),
          error_(std::move(other.error_)) {}
    FileOutput& operator=(FileOutput&& other) noexcept {
        if (this != &other) {
            close();
            handle_ = std::exchange(other.handle_, kNoHandle);
            size_ = other.size_;
            error_ = std::move(other.error_);
        }
        return *this;
    }

    enum class Created { Created, Exists, Failed };
    // Creates `path` (permissions as for any new file) and opens it for writing; on Exists and
    // Failed nothing was created and error() says why.
    Created create(const std::filesystem::path& path);

    struct Written {
        std::size_t bytes = 0; // written, from the first: all of them unless `error` is set
        std::string error;
    };
    // Appends `bytes` at the end of the file (size() bytes from its start).
    Written append(std::string_view bytes);
    // Writes `bytes` at `offset` (within the bytes written: a rewrite in place), not moving the
    // end. Returns the error, "" on success.
    std::string writeAt(std::uint64_t offset, std::string_view bytes);
    // Cuts the file to `size` bytes (at most size()); appending goes on from there.
    std::string truncate(std::uint64_t size);
    // Hands what was written to the disk (fsync, FlushFileBuffers): a full disk that the system
    // noticed late (delayed allocation, a network file system) is said here at the latest.
    std::string flushToDisk();
    // Closes; "" when the file was closed without an error, or was not open.
    std::string close();

    bool isOpen() const { return handle_ != kNoHandle; }
    // Bytes in the file: what append() wrote, less what truncate() cut.
    std::uint64_t size() const { return size_; }
    const std::string& error() const { return error_; }

private:
    // A file descriptor on POSIX, a HANDLE on Windows (whose INVALID_HANDLE_VALUE is also -1).
    static constexpr std::intptr_t kNoHandle = -1;
    std::intptr_t handle_ = kNoHandle;
    std::uint64_t size_ = 0;
    std::string error_; // why create() failed
};

} // namespace bvh
