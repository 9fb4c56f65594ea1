// AtomicFile's system calls on Windows: CreateFileW(CREATE_NEW), WriteFile, FlushFileBuffers, a
// POSIX-semantics rename (falling back to MoveFileExW with MOVEFILE_REPLACE_EXISTING |
// MOVEFILE_WRITE_THROUGH), and a console control handler in place of the POSIX termination
// signals.
#include "core/platform/atomic_file_system.h"
#include "core/platform/windows/windows_error.h"

#include <cstddef>
#include <cstring>
#include <vector>
#include <windows.h>

namespace bvh::atomic_file_system {

namespace {

HANDLE handleOf(Handle handle) {
    return reinterpret_cast<HANDLE>(handle);
}

// A target another program holds open without FILE_SHARE_DELETE cannot be replaced: Windows
// answers ERROR_SHARING_VIOLATION or ERROR_ACCESS_DENIED. Virus scanners, search indexers and
// cloud sync clients open a newly changed file for a few milliseconds, so the rename is tried
// again for about a second before the user is told.
bool heldByAnotherProgram(DWORD error) {
    return error == ERROR_SHARING_VIOLATION || error == ERROR_ACCESS_DENIED ||
           error == ERROR_LOCK_VIOLATION;
}
constexpr int kReplaceAttempts = 20;
constexpr DWORD kReplaceRetryMilliseconds = 50;

// "\\?\C:\dir\name" (or "\\?\UNC\server\share\name"): the NT form FILE_RENAME_INFO needs,
// since SetFileInformationByHandle passes the name to the kernel as it is.
std::wstring verbatimPath(const std::filesystem::path& path) {
    std::error_code error;
    std::wstring absolute = std::filesystem::absolute(path, error).native();
    if (error || absolute.starts_with(LR"(\\?\)")) {
        return absolute;
    }
    if (absolute.starts_with(LR"(\\)")) {
        return LR"(\\?\UNC\)" + absolute.substr(2);
    }
    return LR"(\\?\)" + absolute;
}

// FILE_INFO_BY_HANDLE_CLASS's FileRenameInfoEx (Windows 10 1709), which MinGW-w64's headers
// declare only for an NTDDI-style _WIN32_WINNT; the value is fixed by the Windows ABI.
constexpr auto kFileRenameInfoEx = static_cast<FILE_INFO_BY_HANDLE_CLASS>(22);

// Renames `temporary` over `target`; ERROR_SUCCESS or the error.
//
// MoveFileExW cannot replace a target that another program has open, even one that shares
// delete (as bvhscope's own reader, and many viewers, do): it answers ERROR_ACCESS_DENIED.
// The POSIX rename of Windows 10 1709 and later (FileRenameInfoEx with
// FILE_RENAME_FLAG_POSIX_SEMANTICS, on NTFS) can: the open handles keep reading the old file.
// So that is tried first, and MoveFileExW (REPLACE_EXISTING | WRITE_THROUGH) where the system
// or the file system does not have it (older Windows, FAT32, exFAT, network shares, Wine).
DWORD renameReplacing(const std::filesystem::path& temporary, const std::filesystem::path& target) {
    const HANDLE source = ::CreateFileW(temporary.c_str(), DELETE | SYNCHRONIZE,
                                        FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                        nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (source != INVALID_HANDLE_VALUE) {
        const std::wstring name = verbatimPath(target);
        std::vector<std::byte> buffer(sizeof(FILE_RENAME_INFO) + name.size() * sizeof(wchar_t));
        auto* information = reinterpret_cast<FILE_RENAME_INFO*>(buffer.data());
        information->Flags = FILE_RENAME_FLAG_REPLACE_IF_EXISTS | FILE_RENAME_FLAG_POSIX_SEMANTICS;
        information->RootDirectory = nullptr;
        information->FileNameLength = static_cast<DWORD>(name.size() * sizeof(wchar_t));
        std::memcpy(information->FileName, name.c_str(), (name.size() + 1) * sizeof(wchar_t));
        const BOOL renamed = ::SetFileInformationByHandle(source, kFileRenameInfoEx, information,
                                                          static_cast<DWORD>(buffer.size()));
        const DWORD error = renamed ? ERROR_SUCCESS : ::GetLastError();
        if (renamed) {
            // The data was flushed before; this makes the new directory entry durable too, as
            // MOVEFILE_WRITE_THROUGH does.
            ::FlushFileBuffers(source);
        }
        ::CloseHandle(source);
        if (renamed || heldByAnotherProgram(error)) {
            return error;
        }
        // Not supported here (ERROR_INVALID_PARAMETER, ERROR_NOT_SUPPORTED,
        // ERROR_INVALID_FUNCTION...): the classic rename decides.
    }
    // WRITE_THROUGH: returns once the rename is on disk, as rename + fsync(directory) does on
    // POSIX.
    if (::MoveFileExW(temporary.c_str(), target.c_str(),
                      MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
        return ERROR_SUCCESS;
    }
    return ::GetLastError();
}

void deletePath(const wchar_t* path) {
    ::DeleteFileW(path);
}

// Runs on a thread the system starts for the event. Returning FALSE passes the event on to the
// handler installed before (the default one ends the process with STATUS_CONTROL_C_EXIT), so the
// process ends as it would have, minus the temporary files. Console closed, log-off and
// shut-down give a handler about five seconds, far more than a few DeleteFileW calls take.
BOOL WINAPI removeTemporaryFilesOnConsoleEvent(DWORD event) {
    switch (event) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT:
    case CTRL_CLOSE_EVENT:
    case CTRL_LOGOFF_EVENT:
    case CTRL_SHUTDOWN_EVENT:
        removeArmedTemporaryFiles(deletePath);
        break;
    default:
        break;
    }
    return FALSE;
}

} // namespace

TargetState inspectTarget(const std::filesystem::path& target) {
    TargetState state;
    const DWORD attributes = ::GetFileAttributesW(target.c_str());
    state.exists = attributes != INVALID_FILE_ATTRIBUTES;
    state.directory = state.exists && (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
    if (state.exists && (attributes & FILE_ATTRIBUTE_DEVICE) != 0) {
        state.special = "a device";
    }
    return state;
}

unsigned long processId() {
    return ::GetCurrentProcessId();
}

Created createTemporary(const std::filesystem::path& temporary, const TargetState&) {
    Created created;
    // FILE_SHARE_DELETE lets the console control handler delete the file while it is open (it
    // goes when the handle closes, at the latest as the process ends). The new file inherits the
    // directory's permissions (ACLs), as any new file there would; MoveFileExW keeps them.
    const HANDLE handle =
        ::CreateFileW(temporary.c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE,
                      nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (handle == INVALID_HANDLE_VALUE) {
        const DWORD error = ::GetLastError();
        created.nameTaken = error == ERROR_FILE_EXISTS || error == ERROR_ALREADY_EXISTS;
        created.error = windows::errorText(error);
        return created;
    }
    created.handle = reinterpret_cast<Handle>(handle);
    return created;
}

std::string writeAll(Handle handle, std::string_view bytes) {
    while (!bytes.empty()) {
        const DWORD wanted = bytes.size() > 0x4000'0000 ? 0x4000'0000 : DWORD(bytes.size());
        DWORD written = 0;
        if (!::WriteFile(handleOf(handle), bytes.data(), wanted, &written, nullptr)) {
            return windows::errorText(::GetLastError());
        }
        if (written == 0) {
            return windows::errorText(ERROR_DISK_FULL);
        }
        bytes.remove_prefix(written);
    }
    return {};
}

std::string flushToDisk(Handle handle) {
    return ::FlushFileBuffers(handleOf(handle)) ? std::string()
                                                : windows::errorText(::GetLastError());
}

std::string closeFile(Handle handle) {
    return ::CloseHandle(handleOf(handle)) ? std::string() : windows::errorText(::GetLastError());
}

std::string replace(const std::filesystem::path& temporary, const std::filesystem::path& target) {
    DWORD error = ERROR_SUCCESS;
    for (int attempt = 0; attempt < kReplaceAttempts; ++attempt) {
        if (attempt > 0) {
            ::Sleep(kReplaceRetryMilliseconds);
        }
        error = renameReplacing(temporary, target);
        if (error == ERROR_SUCCESS) {
            return {};
        }
        if (!heldByAnotherProgram(error)) {
            break;
        }
    }
    if (heldByAnotherProgram(error)) {
        const DWORD attributes = ::GetFileAttributesW(target.c_str());
        if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_READONLY) != 0) {
            return "The file is read-only";
        }
        return "Another program has the file open (close it there and try again)";
    }
    return windows::errorText(error);
}

RenameResult renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to) {
    // Without MOVEFILE_REPLACE_EXISTING, MoveFileExW fails on any existing name; the check and
    // the rename are one step in the file system. WRITE_THROUGH: durable on return.
    if (::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_WRITE_THROUGH)) {
        return {RenameOutcome::Renamed, {}};
    }
    const DWORD error = ::GetLastError();
    const bool taken = error == ERROR_ALREADY_EXISTS || error == ERROR_FILE_EXISTS;
    return {taken ? RenameOutcome::NameTaken : RenameOutcome::Failed, windows::errorText(error)};
}

TemporaryRemovalResult removeFileIfThere(const std::filesystem::path& path) {
    if (::DeleteFileW(path.c_str())) {
        return {TemporaryRemoval::Removed, {}};
    }
    const DWORD error = ::GetLastError();
    if (error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND) {
        return {TemporaryRemoval::NotThere, {}};
    }
    return {TemporaryRemoval::Failed, windows::errorText(error)};
}

// MOVEFILE_WRITE_THROUGH already made the rename durable.
void syncDirectory(const std::filesystem::path&) {}

bool installTerminationCleanup() {
    // Handlers run last-installed first; a process that ignores Ctrl+C (SetConsoleCtrlHandler
    // with no handler, as "start /b" arranges) never gets CTRL_C_EVENT, so it stays ignored.
    return ::SetConsoleCtrlHandler(removeTemporaryFilesOnConsoleEvent, TRUE) != 0;
}

} // namespace bvh::atomic_file_system
