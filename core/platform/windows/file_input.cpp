// FileInput with CreateFileW, GetFileType, GetFileInformationByHandle and ReadFile.
#include "core/platform/file_input.h"

#include "core/platform/windows/windows_error.h"

#include <windows.h>

namespace bvh {

namespace {

// The errno-like text as the rest of a message, first letter lower case: "permission denied", as
// GNU tools print it and as the POSIX build words it.
std::string systemErrorText(DWORD code) {
    std::string text = windows::errorText(code);
    if (text.size() >= 2 && text[0] >= 'A' && text[0] <= 'Z' &&
        !(text[1] >= 'A' && text[1] <= 'Z')) {
        text[0] = static_cast<char>(text[0] - 'A' + 'a');
    }
    return text;
}

HANDLE handleOf(std::intptr_t handle) {
    return reinterpret_cast<HANDLE>(handle);
}

// FILETIME counts 100 ns ticks since 1601; the stamp only has to compare equal to itself.
FileStamp stampOf(const BY_HANDLE_FILE_INFORMATION& information) {
    const std::uint64_t ticks = (std::uint64_t{information.ftLastWriteTime.dwHighDateTime} << 32) |
                                information.ftLastWriteTime.dwLowDateTime;
    const std::uint64_t size =
        (std::uint64_t{information.nFileSizeHigh} << 32) | information.nFileSizeLow;
    return FileStamp{size, static_cast<std::int64_t>(ticks / 10'000'000),
                     static_cast<std::int64_t>(ticks % 10'000'000) * 100};
}

} // namespace

bool FileInput::open(const std::filesystem::path& path) {
    close();
    kind_ = FileKind::Regular;
    error_.clear();
    // Sharing read, write and delete: a file an editor or a capture tool has open still reads
    // (the reader notices a change through stamp()), and renaming or deleting it meanwhile is
    // not blocked by bvhscope. OPEN_EXISTING never creates; opening "\\.\pipe\x" or "CON" does
    // not wait (a busy pipe fails at once), and GetFileType then refuses it.
    const HANDLE handle = ::CreateFileW(
        path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
        OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL | FILE_FLAG_SEQUENTIAL_SCAN, nullptr);
    if (handle == INVALID_HANDLE_VALUE) {
        const DWORD openError = ::GetLastError();
        // A directory cannot be opened without FILE_FLAG_BACKUP_SEMANTICS: access is denied.
        const DWORD attributes = ::GetFileAttributesW(path.c_str());
        if (openError == ERROR_ACCESS_DENIED && attributes != INVALID_FILE_ATTRIBUTES &&
            (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
            kind_ = FileKind::Directory;
        } else if (openError == ERROR_PIPE_BUSY) {
            kind_ = FileKind::NamedPipe;
        } else {
            error_ = "cannot open: " + systemErrorText(openError);
        }
        return false;
    }
    handle_ = reinterpret_cast<std::intptr_t>(handle);
    switch (::GetFileType(handle)) {
    case FILE_TYPE_DISK:
        break;
    case FILE_TYPE_PIPE:
        kind_ = FileKind::NamedPipe; // also an anonymous pipe or a socket
        break;
    case FILE_TYPE_CHAR:
        kind_ = FileKind::Device; // a console, NUL, COM1, a printer
        break;
    default:
        kind_ = FileKind::Other;
        break;
    }
    if (kind_ != FileKind::Regular) {
        close();
        return false;
    }
    BY_HANDLE_FILE_INFORMATION information{};
    if (!::GetFileInformationByHandle(handle, &information)) {
        error_ = "cannot read: " + systemErrorText(::GetLastError());
        close();
        return false;
    }
    if ((information.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
        kind_ = FileKind::Directory;
        close();
        return false;
    }
    return true;
}

std::int64_t FileInput::read(char* into, std::size_t bytes) {
    // ReadFile takes a 32-bit count: larger requests are read in parts by the caller's loop.
    const DWORD wanted = bytes > 0x4000'0000 ? 0x4000'0000 : static_cast<DWORD>(bytes);
    DWORD got = 0;
    if (!::ReadFile(handleOf(handle_), into, wanted, &got, nullptr)) {
        const DWORD readError = ::GetLastError();
        if (readError == ERROR_HANDLE_EOF || readError == ERROR_BROKEN_PIPE) {
            return 0;
        }
        error_ = "read error: " + systemErrorText(readError);
        return -1;
    }
    return static_cast<std::int64_t>(got);
}

std::int64_t FileInput::readAt(std::uint64_t offset, char* into, std::size_t bytes) {
    std::size_t filled = 0;
    while (filled < bytes) {
        // ReadFile at an offset: OVERLAPPED carries it even on a handle opened for synchronous
        // reading (which then waits for the read, and moves the file pointer past it); it
        // takes a 32-bit count, so larger requests are read in parts.
        const std::size_t left = bytes - filled;
        const DWORD wanted = left > 0x4000'0000 ? 0x4000'0000 : static_cast<DWORD>(left);
        const std::uint64_t at = offset + filled;
        OVERLAPPED where{};
        where.Offset = static_cast<DWORD>(at & 0xFFFF'FFFFu);
        where.OffsetHigh = static_cast<DWORD>(at >> 32);
        DWORD got = 0;
        if (!::ReadFile(handleOf(handle_), into + filled, wanted, &got, &where)) {
            const DWORD readError = ::GetLastError();
            if (readError == ERROR_HANDLE_EOF) {
                break; // at or past the end
            }
            error_ = "read error: " + systemErrorText(readError);
            return -1;
        }
        if (got == 0) {
            break;
        }
        filled += got;
    }
    return static_cast<std::int64_t>(filled);
}

std::optional<FileStamp> FileInput::stamp() const {
    BY_HANDLE_FILE_INFORMATION information{};
    if (!::GetFileInformationByHandle(handleOf(handle_), &information)) {
        return std::nullopt;
    }
    return stampOf(information);
}

std::optional<FileIdentity> FileInput::identity() const {
    BY_HANDLE_FILE_INFORMATION information{};
    if (!::GetFileInformationByHandle(handleOf(handle_), &information)) {
        return std::nullopt;
    }
    return FileIdentity{information.dwVolumeSerialNumber,
                        (std::uint64_t{information.nFileIndexHigh} << 32) |
                            information.nFileIndexLow};
}

void FileInput::close() {
    if (handle_ != kNoHandle) {
        ::CloseHandle(handleOf(handle_));
        handle_ = kNoHandle;
    }
}

} // namespace bvh
