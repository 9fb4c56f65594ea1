// Reading a file from its start to its end, for the reader's FileSource. The one place the core
// opens a file for reading; one implementation per platform (posix/, windows/).
//
// Contract:
// - open() never blocks, whatever the path names: a named pipe with no writer, a device, a
//   socket, a console. Only a regular file is accepted; anything else is refused with kind()
//   saying what it is, so the reader can say "is a directory" rather than hang or read forever.
// - A file another program has open (an editor, a capture tool still writing, a virus scanner)
//   still opens: on Windows the file is opened sharing read, write and delete.
// - Errors are text, lower case, the way GNU tools print errno ("no such file or directory",
//   "permission denied"), with the step that failed in front ("cannot open: ...", "cannot read:
//   ...", "read error: ..."): the reader puts error() in its diagnostic as it is. Windows maps
//   its error codes onto the same words where there is an equivalent, so one problem reads the
//   same on every platform.
// Never throws (except std::bad_alloc from the error text), never prints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace bvh {

// What a path names, as far as reading it goes.
enum class FileKind { Regular, Directory, NamedPipe, Socket, Device, Other };

// What verifyUnchanged-style checks compare: the size and the last modification time.
struct FileStamp {
    std::uint64_t size = 0;
    std::int64_t modifiedSeconds = 0;
    std::int64_t modifiedNanoseconds = 0;
    bool operator==(const FileStamp&) const = default;
};

// Which file an open file is, as the system tells files apart: the device and inode on POSIX,
// the volume serial number and the 64-bit file index on Windows (on ReFS, whose file IDs are
// 128 bits, the index is the low half, which NTFS-style tools also compare). Equal for two opens
// of one file, through any name or link; different for a file renamed over the name since.
struct FileIdentity {
    std::uint64_t device = 0;
    std::uint64_t file = 0;
    bool operator==(const FileIdentity&) const = default;
};

class FileInput {
public:
    FileInput() = default;
    ~FileInput() { close(); }
    FileInput(const FileInput&) = delete;
    FileInput& operator=(const FileInput&) = delete;

    // Opens a regular file for sequential reading. False when it cannot be opened (error() says
    // why, kind() is Regular) or is not a regular file (kind() says what it is, error() is
    // empty).
    bool open(const std::filesystem::path& path);
    // Reads up to `bytes` bytes into `into`: the count read, 0 at the end of the file, or -1 on
    // an error (error() says "read error: ..."). Retries interrupted reads itself.
    std::int64_t read(char* into, std::size_t bytes);
    // Reads `bytes` bytes from byte `offset` of the file, fewer only where the file ends: the
    // count read, or -1 on an error (error() says "read error: ..."). For a reader that looks
    // at a file at several places or again from its start (a file followed while it grows, a
    // thumbnail's sampled rows). Where read() continues afterwards is unspecified (POSIX pread
    // leaves it, Windows moves it): use one or the other on a file.
    std::int64_t readAt(std::uint64_t offset, char* into, std::size_t bytes);
    // The open file's size and modification time now; nullopt when they cannot be read.
    std::optional<FileStamp> stamp() const;
    // Which file is open (see FileIdentity); nullopt when the system cannot say.
    std::optional<FileIdentity> identity() const;
    void close();

    bool isOpen() const { return handle_ != kNoHandle; }
    FileKind kind() const { return kind_; }
    const std::string& error() const { return error_; }

private:
    // A file descriptor on POSIX, a HANDLE on Windows (whose INVALID_HANDLE_VALUE is also -1).
    static constexpr std::intptr_t kNoHandle = -1;
    std::intptr_t handle_ = kNoHandle;
    FileKind kind_ = FileKind::Regular;
    std::string error_;
};

} // namespace bvh
