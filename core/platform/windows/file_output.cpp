// FileOutput on Windows: CreateFileW(CREATE_NEW), WriteFile at the offsets the class keeps (an
// OVERLAPPED offset on a synchronous handle), SetFileInformationByHandle(FileEndOfFileInfo),
// FlushFileBuffers.
#include "core/platform/file_output.h"

#include "core/platform/windows/windows_error.h"

#include <windows.h>

namespace bvh {

namespace {

HANDLE outputHandleOf(std::intptr_t handle) {
    return reinterpret_cast<HANDLE>(handle);
}

// Writes all of `bytes` at `offset`, in pieces of at most 1 GiB (WriteFile takes a DWORD).
FileOutput::Written writeAllAt(HANDLE handle, std::string_view bytes, std::uint64_t offset) {
    FileOutput::Written written;
    while (written.bytes < bytes.size()) {
        const std::size_t left = bytes.size() - written.bytes;
        const DWORD wanted = left > 0x4000'0000 ? 0x4000'0000 : static_cast<DWORD>(left);
        const std::uint64_t at = offset + written.bytes;
        OVERLAPPED position{};
        position.Offset = static_cast<DWORD>(at & 0xFFFF'FFFFu);
        position.OffsetHigh = static_cast<DWORD>(at >> 32);
        DWORD count = 0;
        if (!::WriteFile(handle, bytes.data() + written.bytes, wanted, &count, &position)) {
            written.error = windows::errorText(::GetLastError());
            return written;
        }
        if (count == 0) {
            written.error = windows::errorText(ERROR_DISK_FULL);
            return written;
        }
        written.bytes += count;
    }
    return written;
}

} // namespace

FileOutput::Created FileOutput::create(const std::filesystem::path& path) {
    close();
    error_.clear();
    size_ = 0;
    // Shared for reading (the viewer opens a take while it grows) and deleting; CREATE_NEW fails
    // on any existing name. The new file inherits the directory's permissions (ACLs).
    const HANDLE handle =
        ::CreateFileW(path.c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr,
                      CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (handle == INVALID_HANDLE_VALUE) {
        const DWORD error = ::GetLastError();
        error_ = windows::errorText(error);
        return error == ERROR_FILE_EXISTS || error == ERROR_ALREADY_EXISTS ? Created::Exists
                                                                           : Created::Failed;
    }
    handle_ = reinterpret_cast<std::intptr_t>(handle);
    return Created::Created;
}

FileOutput::Written FileOutput::append(std::string_view bytes) {
    if (!isOpen()) {
        return {0, windows::errorText(ERROR_INVALID_HANDLE)};
    }
    Written written = writeAllAt(outputHandleOf(handle_), bytes, size_);
    size_ += written.bytes;
    return written;
}

std::string FileOutput::writeAt(std::uint64_t offset, std::string_view bytes) {
    if (!isOpen()) {
        return windows::errorText(ERROR_INVALID_HANDLE);
    }
    return writeAllAt(outputHandleOf(handle_), bytes, offset).error;
}

std::string FileOutput::truncate(std::uint64_t size) {
    if (!isOpen()) {
        return windows::errorText(ERROR_INVALID_HANDLE);
    }
    FILE_END_OF_FILE_INFO end{};
    end.EndOfFile.QuadPart = static_cast<LONGLONG>(size);
    if (!::SetFileInformationByHandle(outputHandleOf(handle_), FileEndOfFileInfo, &end,
                                      sizeof end)) {
        return windows::errorText(::GetLastError());
    }
    size_ = size;
    return {};
}

std::string FileOutput::flushToDisk() {
    if (!isOpen()) {
        return windows::errorText(ERROR_INVALID_HANDLE);
    }
    return ::FlushFileBuffers(outputHandleOf(handle_)) ? std::string()
                                                       : windows::errorText(::GetLastError());
}

std::string FileOutput::close() {
    if (!isOpen()) {
        return {};
    }
    const HANDLE handle = outputHandleOf(handle_);
    handle_ = kNoHandle;
    return ::CloseHandle(handle) ? std::string() : windows::errorText(::GetLastError());
}

} // namespace bvh
