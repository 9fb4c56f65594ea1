// Paths that name something other than a regular file, on Windows: a named pipe (which a plain
// read would wait on), a character device (NUL, a console), and a file another program has
// open for writing, which must still read.
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "tests/support/bvh_texts.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <windows.h>

namespace bvh {
namespace {

TEST(SpecialFilesWindows, ANamedPipeIsRefusedWithoutWaitingForAWriter) {
    const std::wstring name =
        L"\\\\.\\pipe\\bvhscope_special_files_" + std::to_wstring(::GetCurrentProcessId());
    const HANDLE server = ::CreateNamedPipeW(name.c_str(), PIPE_ACCESS_OUTBOUND,
                                             PIPE_TYPE_BYTE | PIPE_WAIT, 1, 4096, 4096, 0, nullptr);
    ASSERT_NE(server, INVALID_HANDLE_VALUE);
    const Document document = loadDocument(std::filesystem::path(name));
    ::CloseHandle(server);
    ASSERT_FALSE(document.loaded());
    ASSERT_EQ(document.diagnostics.size(), 1u);
    EXPECT_EQ(document.diagnostics.front().line, 0u);
    EXPECT_EQ(document.diagnostics.front().message, "is a named pipe (FIFO), not a regular file");
}

TEST(SpecialFilesWindows, TheNulDeviceIsRefused) {
    const Document device = loadDocument(std::filesystem::path(L"NUL"));
    ASSERT_FALSE(device.loaded());
    ASSERT_EQ(device.diagnostics.size(), 1u);
    EXPECT_EQ(device.diagnostics.front().message, "is a device, not a regular file");
}

TEST(SpecialFilesWindows, AFileAnotherProgramHasOpenForWritingStillReads) {
    // A capture tool or an editor with the file open, sharing only reading and writing.
    const auto path =
        std::filesystem::temp_directory_path() /
        pathFromUtf8("bvhscope_held_Zoë_" + std::to_string(::GetCurrentProcessId()) + ".bvh");
    std::ofstream(path, std::ios::binary) << test::kTwoJointBvh;
    const HANDLE held = ::CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE,
                                      FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                      FILE_ATTRIBUTE_NORMAL, nullptr);
    ASSERT_NE(held, INVALID_HANDLE_VALUE);
    const Document document = loadDocument(path);
    ::CloseHandle(held);
    std::filesystem::remove(path);
    EXPECT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 2u);
}

TEST(SpecialFilesWindows, AFileOpenedWithoutSharingSaysAnotherProgramHasIt) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_locked_" + std::to_string(::GetCurrentProcessId()) + ".bvh");
    std::ofstream(path, std::ios::binary) << test::kTwoJointBvh;
    const HANDLE held = ::CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE, 0, nullptr,
                                      OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    ASSERT_NE(held, INVALID_HANDLE_VALUE);
    const Document document = loadDocument(path);
    ::CloseHandle(held);
    std::filesystem::remove(path);
    ASSERT_FALSE(document.loaded());
    ASSERT_EQ(document.diagnostics.size(), 1u);
    EXPECT_EQ(document.diagnostics.front().message,
              "cannot open: another program has the file open and does not share it");
}

} // namespace
} // namespace bvh
